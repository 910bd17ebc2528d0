"""`search(conn, query)`: analysis -> direct hits for citations -> ranked hits (for a question, fused with
a character-pair ranking: judge.search.fusion, and its first places looked at again: judge.search.rerank)
-> suggestions."""

from __future__ import annotations

import bisect
import copy
import json
import re

from judge.errors import JudgeError
from judge.rules.ruling_status import STATUS_LABELS, SUPERSEDED_STATUSES
from judge.rules.number import within
from judge.search import arrange, fusion, intent, rank, rerank, snippet, steps, sublabels
from judge.search.analyze import MAX_QUERY_CHARS, Analysis, analyze
from judge.search.citations import Citation
from judge.search.data_files import ABSENT_KEY, HEADING_TERMS, read_data
from judge.search.store import connection_memo

KINDS = {"rule": "规则", "faq": "FAQ", "errata": "勘误", "term": "术语"}
KIND_ALIASES = {
    "rule": "rule", "rules": "rule", "规则": "rule", "規則": "rule",
    "faq": "faq", "问答": "faq", "問答": "faq",
    "errata": "errata", "erratum": "errata", "勘误": "errata", "勘誤": "errata", "修订": "errata",
    "term": "term", "terms": "term", "glossary": "term", "术语": "term", "術語": "term",
}
WEAK_COVERAGE = 0.5  # below this for the best hit, the query "did not match well"
# What a rule says that answers a can-I question before an FAQ entry (rule_leads): a permission, a prohibition.
CAN_SAYS = rerank.PERMIT + ("不会",)
SCHEMA_VERSION = 1


class EmptyQuery(JudgeError):
    def __init__(self) -> None:
        super().__init__("搜索内容为空。", hint="请输入要查找的词语、问题或规则编号，例如：judge search 燃尽")


class NothingToSearch(EmptyQuery):
    """Only punctuation or symbols: nothing a search could match."""

    def __init__(self) -> None:
        JudgeError.__init__(
            self, "搜索内容只有标点或符号，没有可查找的文字。",
            hint="请输入要查找的词语、问题或规则编号，例如：judge search 燃尽、judge search 规则 318")


class QueryTooLong(JudgeError):
    def __init__(self, length: int) -> None:
        super().__init__(
            f"搜索内容过长（{length} 个字符，最多 {MAX_QUERY_CHARS} 个）。",
            hint="请只输入要问的问题或其中的关键词；卡牌全文不必输入，写卡名即可。",
        )


def check_query(query: str | None) -> str:
    """The query as searched (stripped), or the Chinese error that says why it cannot be searched."""
    if query is None or not query.strip():
        raise EmptyQuery()
    query = query.strip()
    if not re.search(r"\w", query):
        raise NothingToSearch()
    if len(query) > MAX_QUERY_CHARS:
        raise QueryTooLong(len(query))
    return query


class UnknownKind(JudgeError):
    def __init__(self, kind: str) -> None:
        super().__init__(
            f"未知的结果类型「{kind}」。",
            hint="--kind 可取：规则(rule)、FAQ(faq)、勘误(errata)、术语(term)，可用逗号分隔多个。",
        )


class SearchResult:
    def __init__(self, query: str, analysis: Analysis, notes: list[str]) -> None:
        self.query = query
        self.analysis = analysis
        self.hits: list[rank.Hit] = []
        self.suggestions: list[str] = []
        self.notes = notes
        self.citations: list[dict] = []
        self.message = ""  # said when nothing matched (Chinese), with the closest terms
        self.step_note = ""  # the order of the procedure steps an order or when question names (Chinese)

    def to_dict(self) -> dict:
        return to_dict(self)


def parse_kinds(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    out = []
    for v in values:
        for part in re.split(r"[,，、\s]+", v.strip()):
            if not part:
                continue
            kind = KIND_ALIASES.get(part.lower())
            if not kind:
                raise UnknownKind(part)
            out.append(kind)
    return list(dict.fromkeys(out)) or None


TYPO_CUTOFF = 80.0  # as close as judge.search.fuzzy asks of a misspelt English word
_LATIN = re.compile(r"[A-Za-z][A-Za-z' .,\-]{3,}")


def search(conn, query: str, *, limit: int = 10, kinds: list[str] | None = None) -> SearchResult:
    check_query(query)
    result = _search(conn, query, limit, kinds)
    retry = _whole_name_typo(conn, result)
    if retry:
        again = _search(conn, retry, limit, kinds)
        if again.hits:
            again.query = query
            again.notes.insert(0, f"「{query.strip()}」未找到，已按「{retry}」搜索。")
            return again
    return result


def _whole_name_typo(conn, result: SearchResult) -> str | None:
    """An English name of several words with a typo in one ("The Syern", "Kiknou Monk"): the words are
    corrected one by one by the analysis, which misses a misspelt word beside a stop word or a word
    that is right; the whole name is compared with the known names when a word of it found nothing."""
    a = result.analysis
    if not result.citations and not a.question_like and re.fullmatch(_CARD_LIKE, a.normalized.strip()):
        # Only when a word was not found as typed: a name spelt right costs no fuzzy matching.
        unknown = a.corrections or any(c.df == 0 for c in a.concepts)
        return _card_name_typo(conn, a) if unknown else None
    if result.citations or not _LATIN.fullmatch(a.normalized) or " " not in a.normalized.strip():
        return None
    if a.corrections or not any(c.via == "literal" and c.df == 0 for c in a.concepts):
        return None
    from rapidfuzz import fuzz, process

    from judge.search import fuzzy

    # The English name itself, spelt right (not the term it stands for): one name may stand for a card
    # and, in a player's words, a keyword too; searched again, the analysis reads it as it reads any name.
    typed = a.normalized.strip().lower()
    _words, latin = fuzzy._candidates(conn)
    best = process.extractOne(typed, list(latin), scorer=fuzz.ratio, score_cutoff=TYPO_CUTOFF)
    return best[0] if best and best[0] != typed else None


# Compiled on first use (by the re module's cache): its CJK range costs a question's cold process 1.5 ms,
# and a question never uses it.
_CARD_LIKE = r"[\u4e00-\u9fff][\u4e00-\u9fff\s\-－—·・，,]{4,}"
CARD_TYPO_CUTOFF = 85.0  # one character wrong in a name of seven or more
_CARDS: dict = {}


def _card_name_typo(conn, a: Analysis) -> str | None:
    """A long Chinese card name with one character written wrong ("德莱厄斯-崔法丽"): the analysis corrects
    word by word and may read the wrong word into another term (法丽 -> 法力); the whole name is compared
    with the names of the cards the FAQs rule on."""
    cards = connection_memo(_CARDS, conn)
    if "names" not in cards:
        cards["names"] = [r[0] for r in conn.execute("SELECT term FROM terms WHERE kind = 'card'")] if conn.execute(
            "SELECT 1 FROM sqlite_master WHERE name = 'terms'").fetchone() else []
    names = cards["names"]
    typed = a.normalized.strip()
    if typed in names:
        return None
    from rapidfuzz import fuzz, process

    squash = re.compile(r"[\s\-－—·・，,]")
    folded = {squash.sub("", n): n for n in names}
    best = process.extractOne(squash.sub("", typed), list(folded), scorer=fuzz.ratio, score_cutoff=CARD_TYPO_CUTOFF)
    return folded[best[0]] if best and best[0] != squash.sub("", typed) else None


def _search(conn, query: str, limit: int, kinds: list[str] | None) -> SearchResult:
    limit = max(1, min(int(limit), 200))
    a = analyze(conn, query)
    result = SearchResult(query=query, analysis=a, notes=list(a.notes))
    for wrong, right in a.corrections:
        result.notes.append(f"「{wrong}」未找到，已按「{right}」搜索。")
    result.notes += absent_notes(conn, a)

    direct = []
    for cit in a.citations:
        hit, info = _resolve(conn, cit)
        result.citations.append(info)
        if info.get("note"):
            result.notes.append(info["note"])
        if hit and (not kinds or "rule" in kinds):
            direct.append(hit)

    ranked: list[rank.Hit] = []
    asked: list[int] = []
    question_pairs: list[str] = []  # read by the drafted questions' ranking, fusion and the second look
    if a.concepts:
        if a.question_like:
            # The drafted questions' pair ranking: candidates of a long question and a list of fusion, one query.
            question_pairs = fusion.char_pairs(a)
            asked = fusion.asked_ranking(conn, a, kinds, question_pairs)
        cands = rank.candidates(conn, a, kinds, asked)
        docs = rank.fetch_docs(conn, [i for i, _s in cands], rank.SCORE_COLUMNS)
        ranked = rank.score(a, docs, cands)
    seen = {h.doc["id"] for h in direct}
    hits = direct + [h for h in ranked if h.doc["id"] not in seen]
    if a.question_like:
        hits = arrange.drop_glossary_echoes(arrange.follow_children(arrange.rule_first(hits), ranked))
        if ranked:
            ranks: dict[int, tuple[int | None, int | None, int | None]] = {}
            hits = fusion.fuse(conn, a, hits, kinds, ranks, asked, question_pairs)
            direct_hits = [h for h in hits if h.direct]
            plain: list[rank.Hit] = []
            hits = direct_hits + rerank.rerank(a, [h for h in hits if not h.direct], ranks, question_pairs, plain)
            said = [c for c in a.concepts if not c.optional]
            named, forms = [f for c in said for f in (c.label, *c.forms)], [c.forms for c in said]
            # A can-I question's leading rule permits or forbids (or says a thing never happens), as the FAQ entry does.
            says = CAN_SAYS if a.intent == intent.CAN else ()
            hits = arrange.settle_rule_first_notes(arrange.rule_leads(hits, named, forms, says=says))
            hits = arrange.answer_leads(hits, arrange.answer_says(a.intent, a.normalized))
            # The procedure an order question is about is read from the places as the linear score alone
            # orders them: the meaning term weighs what a question means, not which procedure it names. (Copies:
            # rule_leads marks the hit it moves; made only for a question that names two alternatives.)
            def before() -> list[rank.Hit]:
                return direct_hits + arrange.rule_leads([copy.copy(h) for h in plain], named, forms, says=says)
            hits, result.step_note = steps.by_steps(conn, a, hits, before)
    elif hits and not hits[0].direct:
        if not kinds or {"faq", "errata"} <= set(kinds):  # a card's rulings are both kinds
            hits = arrange.card_rulings_first(conn, hits, [c.label for c in a.concepts] + [a.normalized] + a.cards)
        forms = [f for c in a.concepts if not c.optional for f in c.forms]
        hits = arrange.expand_sections(conn, hits[: limit + 5], ranked, limit, forms) + hits[limit + 5 :]
        if not kinds or {"rule", "faq"} <= set(kinds):
            hits = arrange.term_rulings(conn, hits, [c.label for c in a.concepts if not c.optional])
        if not kinds or "rule" in kinds:  # after the rulings: the rule an official heading names stays on screen
            hits = _heading_rule(conn, a, hits)
    if not kinds or "rule" in kinds:
        hits = arrange.replacing_rule_first(conn, hits)
    # The labelled sub-rule a question is about follows the first-screen hit it belongs to as a hit, the next are
    # named under their hits; a question's pairs are already known (fusion.char_pairs, once per search).
    hits = sublabels.bring(conn, hits, question_pairs if a.question_like and a.concepts else fusion.char_pairs(a),
                           promote=a.question_like)
    result.hits = hits[:limit]
    full = rank.fetch_docs(conn, [h.doc["id"] for h in result.hits if not h.direct])
    for h in result.hits:
        if not h.direct:  # the sub-rules named under a hit stay with it
            h.doc = full[h.doc["id"]] | {k: v for k, v in h.doc.items() if k == "sub_rules"}
        if h.doc.get("kind") == "rule":
            h.doc = dict(h.doc, section=_flat_section(conn, h.doc))

    best_cov = max((h.coverage for h in ranked), default=0.0)
    if not direct and not a.citations and (not ranked or best_cov < WEAK_COVERAGE):
        from judge.search import fuzzy

        text = " ".join(c.label for c in a.concepts) or a.normalized
        result.suggestions = [s for s in fuzzy.suggestions(conn, text) if s not in text][:5]
        if not result.hits and not result.suggestions:
            result.suggestions = [s for s in fuzzy.suggestions(conn, text, loose=True) if s not in text][:5]
    if not result.hits:
        closest = "、".join(result.suggestions)
        result.message = f"没有找到与「{query.strip()}」相关的内容。" + (
            f"最接近的术语：{closest}。" if closest else "请换一种说法，或输入规则编号、术语（中文、英文或拼音）。")
    return result


def _resolve(conn, cit: Citation) -> tuple[rank.Hit | None, dict]:
    info = {"raw": cit.raw, "number": cit.number, "numbering": "old" if cit.old else "current", "rule": None, "note": ""}
    if cit.old:
        row = None
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'faq_refs'").fetchone():
            row = conn.execute(
                "SELECT rule_id, confidence FROM faq_refs WHERE rtrim(old_number, '.') = ? AND rule_id IS NOT NULL "
                "ORDER BY confidence DESC LIMIT 1",
                (cit.number,),
            ).fetchone()
        doc = _doc_by_ref(conn, row[0]) if row else None
        if not doc:
            info["note"] = f"「{cit.raw}」是裁判FAQ使用的旧版规则编号，未能对应到现行规则；以下为按文字搜索的结果。"
            return None, info
        conf = row[1] if row[1] is not None else 0.0
        maps = "对应" if conf >= 0.5 else "可能对应（把握不大，请核对）"
        info["rule"] = doc["display_number"]
        info["confidence"] = conf
        info["note"] = f"「{cit.raw}」是裁判FAQ使用的旧版编号，{maps}现行规则 {doc['display_number']}（置信度 {conf:.2f}）。"
        return rank.Hit(doc, 100.0, 1.0, [], direct=True, note=f"旧编号 {cit.number} 的对应规则"), info

    doc = _doc_by_number(conn, cit.number)
    wanted, note = cit.number, ""
    parts = cit.number.split(".")
    while not doc and len(parts) > 1:
        parts = parts[:-1]
        doc = _doc_by_number(conn, ".".join(parts))
    if doc and ".".join(parts) != wanted:
        note = f"没有规则 {wanted}，显示最接近的上级规则 {doc['display_number']}。"
    if cit.title and (not doc or cit.title not in (doc["title"] or "") + (doc["text"] or "")):
        titled = conn.execute(
            f"SELECT {rank.DOC_COLUMNS} FROM search_docs WHERE kind = 'rule' AND title = ? ORDER BY id LIMIT 1", (cit.title,)
        ).fetchone()
        if titled:
            cols = [c.strip() for c in rank.DOC_COLUMNS.split(",")]
            tdoc = dict(zip(cols, titled))
            if not doc or tdoc["id"] != doc["id"]:
                note = (f"规则 {wanted} 的标题不是「{cit.title}」；「{cit.title}」是规则 {tdoc['display_number']}"
                        "（所引编号可能是旧版编号）。")
                doc = tdoc
    if not doc:
        info["note"] = f"现行规则中没有编号 {wanted}。"
        return None, info
    info["rule"] = doc["display_number"]
    info["note"] = note
    return rank.Hit(doc, 100.0, 1.0, [], direct=True, note=note or "规则编号直达"), info


_HEADINGS: dict = {}


_ABSENT: dict = {}


def absent_notes(conn, a: Analysis) -> list[str]:
    """Another game's word Riftbound has no term for ("trample", 践踏: player_words.tsv, mode absent): the search says
    so and names the rule words it searched instead, so that a hit is not read as the game's own trample."""
    memo = connection_memo(_ABSENT, conn)
    if "words" not in memo:
        row = conn.execute("SELECT value FROM search_info WHERE key = ?", (ABSENT_KEY,)).fetchone()
        memo["words"] = dict(line.split("\t") for line in (row[0] if row else "").splitlines() if "\t" in line)
    words = memo["words"]
    return [f"符文战场没有「{c.label}」这一术语（其他卡牌游戏的说法）；以下是回答它的规则：{'、'.join(words[c.label.lower()].split('|'))}。"
            for c in a.concepts if c.via in ("english", "related") and c.label.lower() in words]


def _flat_section(conn, doc: dict) -> str:
    """The titled top-level heading a rule stands under when the numbering does not show it ("454 召回"
    over 455–458, which are not its sub-rules): the first part of the rule's breadcrumb."""
    headings = connection_memo(_HEADINGS, conn)
    if "top" not in headings:  # the store's partial index search_docs_top_headings answers this exact WHERE
        rows = conn.execute(
            "SELECT id, number, COALESCE(title, '') FROM search_docs WHERE kind = 'rule' AND is_heading = 1 "
            "AND COALESCE(parent_ref, '') = '' ORDER BY id").fetchall()
        terms = heading_terms()
        headings["top"] = ([r[0] for r in rows], [f"{r[1]} {r[2] or terms.get(r[1], '')}".strip() for r in rows])
    ids, labels = headings["top"]
    at = bisect.bisect_right(ids, doc["id"]) - 1  # the last top-level heading at or before the rule
    if at < 0 or not labels[at]:
        return ""
    label = labels[at]
    top = str(doc.get("number") or "").split(".")[0]
    return "" if label.split(" ", 1)[0] == top or " " not in label else label


HEADING_WINDOW = 5  # the rule an official heading term names is shown within the first places


def _heading_rule(conn, a: Analysis, hits: list[rank.Hit]) -> list[rank.Hit]:
    """A query that is an official heading term (Awaken Phase, 唤醒阶段, Execute) gets the rule the heading
    names, although the Chinese text of that rule may not say the term (the corpus lost many headings:
    315.1 is only a task list). Placed first unless the first hit is titled with the term itself."""
    # What was typed, or the Chinese an English term was read as (its forms); not the related words a
    # Chinese word brings along (标准移动 -> 自决行动).
    keys = [a.normalized.strip()] + [f for c in a.concepts if not c.optional
                                     for f in ([c.label, *c.forms] if c.via == "english" else [c.label])]
    by_term = heading_numbers()
    key = next((k for k in keys if k in by_term), None)
    if not key or (key != keys[0] and len([c for c in a.concepts if not c.optional]) > 1):
        return hits
    numbers = by_term[key]
    def inside(h: rank.Hit) -> bool:
        n = str(h.doc.get("number") or "")
        return h.doc.get("kind") == "rule" and any(within(n, m) for m in numbers)
    if any(inside(h) for h in hits[:HEADING_WINDOW]):
        return hits
    doc = _doc_by_number(conn, numbers[0])
    if not doc:
        return hits
    rest = [h for h in hits if h.doc["id"] != doc["id"]]
    first = rest[0].doc if rest else {}
    claims = {x.lstrip("!") for x in (first.get("defines") or "").split("|")}
    # The first hit defining the term (战场: 170 "战场是…") stays first; the heading's rule is shown too.
    named = key in claims or (first.get("title") or "").split(" (")[0] == key
    at = min(len(rest), HEADING_WINDOW - 1) if named else 0
    score = rest[at - 1].score if at else (rest[0].score if rest else 1.0)  # shown in order
    hit = rank.Hit(doc, score, 1.0, [key], note=f"官方标题「{key}」所指的规则")
    return rest[:at] + [hit] + rest[at:]


_NUMBERS: dict[str, list[str]] | None = None


def heading_numbers() -> dict[str, list[str]]:
    """Chinese term of an official English heading -> the numbers of the rules it heads, in rule order."""
    global _NUMBERS
    if _NUMBERS is None:
        _NUMBERS = {}
        for _english, term, number in read_data(HEADING_TERMS, 3):
            if term:
                _NUMBERS.setdefault(term, []).append(number)
    return _NUMBERS


_TERMS: dict[str, str] | None = None


def heading_terms() -> dict[str, str]:
    """Rule number -> the Chinese term of its official English heading (judge/search/data/heading_terms.tsv):
    the name of a heading whose Chinese text has no title, for breadcrumbs."""
    global _TERMS
    if _TERMS is None:
        _TERMS = {}
        for _english, term, number in read_data(HEADING_TERMS, 3):
            _TERMS.setdefault(number, term)
    return _TERMS


def _doc_by_number(conn, number: str) -> dict | None:
    row = conn.execute(
        f"SELECT {rank.DOC_COLUMNS} FROM search_docs WHERE kind = 'rule' AND number = ? ORDER BY id LIMIT 1", (number,)
    ).fetchone()
    return dict(zip([c.strip() for c in rank.DOC_COLUMNS.split(",")], row)) if row else None


def _doc_by_ref(conn, ref: str) -> dict | None:
    row = conn.execute(
        f"SELECT {rank.DOC_COLUMNS} FROM search_docs WHERE kind = 'rule' AND ref = ? LIMIT 1", (ref,)
    ).fetchone()
    return dict(zip([c.strip() for c in rank.DOC_COLUMNS.split(",")], row)) if row else None


def is_inferred(doc: dict) -> bool:
    return doc.get("number_source") == "inferred" or str(doc.get("display_number") or "").startswith("≈")


ANSWER_WIDTH = 320  # the first hit of a question is shown whole (up to this many characters)


def _label(number: str | None) -> str:
    """A node's display label, marked (judge/rules/drafted.py: shown, never indexed); "" if it has none. Only a
    skeleton node (440-829) can have one: other numbers never read the tables."""
    if not number or not "440" <= number[:3] <= "829":
        return ""
    from judge.rules import drafted  # the cold path of a search that shows no skeleton node never reads the tables

    return drafted.label_of(number)


def hit_dict(h: rank.Hit, rank_no: int, forms: list[str], width: int = snippet.WIDTH) -> dict:
    d = h.doc
    text = d["text"] or ""
    # One pattern per search (all of the query's forms): compiled once, not once per hit.
    snip, spans = snippet.make(text, forms or h.matched, width)
    terms = heading_terms() if d["kind"] == "rule" else {}
    path = [d.get("section") or ""] + [
        " ".join(x for x in (p[0], p[1] if len(p) > 1 and p[1] else terms.get(p[0]) or _label(p[0])) if x).strip()
        for p in json.loads(d["path"] or "[]")]
    title = d["title"] or (_label(d["number"]) if d["kind"] == "rule" and d["number_source"] == "absent" else "")
    return {
        "rank": rank_no,
        "kind": d["kind"],
        "kind_label": KINDS.get(d["kind"], d["kind"]),
        "id": d["ref"],
        "number": d["number"],
        "display_number": d["display_number"],
        "number_source": d["number_source"],
        "inferred": is_inferred(d),
        "breadcrumb": [p for p in path if p],
        "title": title,  # a display label (drafted.labels) is shown, though the index never reads it
        "sub_rules": d.get("sub_rules") or [],  # labelled sub-rules the question is about (judge.search.sublabels)
        "snippet": snip,
        "highlights": [list(s) for s in spans],
        "text": text,
        "examples": json.loads(d["examples"] or "[]") if d["kind"] == "rule" else [],
        "score": h.score,
        "coverage": h.coverage,
        "matched": h.matched,
        "direct": h.direct,
        "note": h.note,
        "status": d["status"],
        "status_label": STATUS_LABELS.get(d["status"]) if d["status"] else None,
        # Replaced by a current rule, wholly or in part (status tells which): ranked alike.
        "superseded": d["status"] in SUPERSEDED_STATUSES,
        "superseded_by": d["superseded_by"],
        "status_note": d["status_note"],
        "translation_note": d.get("translation_note"),
        "source": d["source"],
    }


def to_dict(r: SearchResult) -> dict:
    forms = [f for c in r.analysis.concepts for f in c.forms]
    return {
        "schema_version": SCHEMA_VERSION,
        "query": r.query,
        "normalized": r.analysis.normalized,
        "question_like": r.analysis.question_like,
        "concepts": [{"label": c.label, "forms": c.forms, "via": c.via, "weight": round(c.weight, 3)} for c in r.analysis.concepts],
        "citations": r.citations,
        "corrections": [{"from": a, "to": b} for a, b in r.analysis.corrections],
        "notes": r.notes,
        "suggestions": r.suggestions,
        "message": r.message,
        "step_note": r.step_note,
        # A question's answer is read on the first screen: its first paragraph whole, the rest as excerpts.
        "hits": [hit_dict(h, i, forms, ANSWER_WIDTH if r.analysis.question_like and i == 1 else snippet.WIDTH)
                 for i, h in enumerate(r.hits, start=1)],
    }
