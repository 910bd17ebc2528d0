"""The order a judge reads results in, after scoring (judge.search.rank).

What it arranges:
  - A section heading is a pointer, not an answer: when a heading is among the first hits, its best
    paragraphs follow it directly (the ones the query matched best, else the section's first ones).
  - The rules are the authority: when an FAQ entry and a rule paragraph both answer a question
    about as well, the rule is shown first and the FAQ entry right after it.
  - A query naming a card is asking for its rulings: the card's FAQ entries and errata come first, the
    card's glossary entry (its name pair and where the FAQ names it) right after them.
  - A query naming a keyword or a rules term (Legion, 待命, "what does Tank do") is asking for its rule and
    how it was ruled: the term's rule first, the FAQ entries that rule on the term right after it.
  - For a question, a first paragraph that announces its sub-paragraphs ("此行动仅可在特定时间进行。")
    is followed by those of them the question matched best: they say what it announces.
  - A superseded FAQ ruling on the first screen (its result no longer holds) comes right after the rule that
    replaced it; a partly superseded one stays where it is, its tag naming the rule.
  - A how-many or when question opens with a place that says what is asked for: a count in the unit asked
    ("几分": "获得1分"), a moment ("什么时候": a step, a phase, a "…时" clause), when the second place says it and
    the first does not (answer_leads).
"""

from __future__ import annotations

import re

from typing import Callable

from judge.rules.number import APPROX
from judge.rules.ruling_status import SUPERSEDED, SUPERSEDED_STATUSES
from judge.search.rank import SCORE_COLUMNS, Hit, fetch_docs

SECTION_PARAGRAPHS = 2
CARD_WINDOW = 5  # a card entry this high up ...
CARD_RATIO = 0.6  # ... and this close to the first hit's score: the query names the card
CHILD_RATIO = 0.9
RULE_FIRST_RATIO = 0.6  # a rule this close to the FAQ entry above it (in score) goes first
RULE_FIRST_NOTE = "规则优先：与其后的FAQ条目回答同一问题"


def is_section(doc: dict) -> bool:
    return doc.get("kind") == "rule" and bool(doc.get("is_heading") or (doc.get("norm") or "").split("\n", 1)[0].strip())


def rule_first(hits: list[Hit], window: int = 10) -> list[Hit]:
    """The best rule paragraph that answers as fully as the first FAQ entry above it (same coverage of
    the question, RULE_FIRST_RATIO of its score) moves to just before that entry. One move: the rest
    of the order is the score's."""
    out = list(hits)
    top = out[:window]
    faq_at = next((i for i, h in enumerate(top) if h.doc.get("kind") == "faq" and not h.direct), None)
    if faq_at is None:
        return out
    faq = top[faq_at]
    for j in range(faq_at + 1, len(top)):
        r = top[j]
        if r.doc.get("kind") == "rule" and r.score >= RULE_FIRST_RATIO * faq.score and r.coverage >= faq.coverage:
            moved = out.pop(j)
            moved.note = moved.note or RULE_FIRST_NOTE
            out.insert(faq_at, moved)
            break
    return out


REPLACING_RULE_NOTE = "现行规则：其后的FAQ裁定已被本条取代"


def replacing_rule_first(conn, hits: list[Hit], window: int = 5) -> list[Hit]:
    """A superseded ruling on the first screen, whose result no longer holds, comes right after the rule that
    replaced it: a judge reads the current rule before the older answer. The rule moves up from further down, or
    joins the hits when the query did not find it; a rule already above the ruling stays. A partly superseded
    ruling (its result still holds) is left where it is: its tag names the rule that replaced a part of it."""
    out = list(hits)
    i = 0
    while i < min(window, len(out)):
        doc = out[i].doc
        rule_id = _replacing_rule_id(conn, doc["id"]) if doc.get("kind") == "faq" and doc.get("status") == SUPERSEDED else None
        if rule_id is not None and all(h.doc["id"] != rule_id for h in out[:i]):
            j = next((k for k in range(i + 1, len(out)) if out[k].doc["id"] == rule_id), None)
            moved = out.pop(j) if j is not None else Hit(
                fetch_docs(conn, [rule_id], SCORE_COLUMNS)[rule_id], out[i].score, out[i].coverage)
            moved.note = moved.note or REPLACING_RULE_NOTE
            moved.score = out[i].score  # shown beside its ruling: the scores still never rise down the list
            out.insert(i, moved)
            i += 1
        i += 1
    return out


def _replacing_rule_id(conn, faq_id: int) -> int | None:
    """The search document of the rule a superseded ruling names as its replacement: its label ("466.1 战斗清理",
    judge.search.index) starts with the rule's display number, which an inferred rule marks with ≈."""
    row = conn.execute("SELECT superseded_by FROM search_docs WHERE id = ?", (faq_id,)).fetchone()
    number = (row[0] or "").split(" ", 1)[0].removeprefix(APPROX) if row else ""
    if not number:
        return None
    found = conn.execute("SELECT id FROM search_docs WHERE kind = 'rule' AND number = ? ORDER BY id LIMIT 1",
                         (number,)).fetchone()
    return found[0] if found else None


def settle_rule_first_notes(hits: list[Hit]) -> list[Hit]:
    """A rule keeps the note that it goes before an FAQ entry answering the same question only while no FAQ
    entry comes before it: the second look (judge.search.rerank) reorders what rule_first arranged."""
    faq_above = False
    for h in hits:
        if h.note == RULE_FIRST_NOTE and faq_above:
            h.note = ""
        faq_above = faq_above or h.doc.get("kind") == "faq"
    return hits


def drop_glossary_echoes(hits: list[Hit]) -> list[Hit]:
    """In an answer to a question, a glossary entry repeating a rule paragraph shown above it (same
    number, same text) takes a place on the first screen without saying anything new."""
    shown: set[str] = set()
    out = []
    for h in hits:
        number = h.doc.get("number") or ""
        if h.doc.get("kind") == "term" and number and number in shown:
            continue
        if h.doc.get("kind") == "rule" and number:
            shown.add(number)
        out.append(h)
    return out


SECTION_WINDOW = 3  # a heading this high up is what the query named
SECTION_TIE = 0.9  # paragraphs scored this close to the best one count as equally good
SECTION_SPAN = 40  # at most this many rules are read as the paragraphs of a flat heading


def section_members(conn, doc: dict) -> list[int]:
    """The paragraphs of a heading: its sub-rules; for a top-level heading without any (the rules number
    "454 召回" and its paragraphs 455–458 alike), the top-level rules after it up to the next heading.
    A skeleton node of a chapter the corpus lacks, with no title either, says nothing: not a paragraph."""
    silent = "number_source = 'absent' AND COALESCE(title, '') = ''"
    kids = [r[0] for r in conn.execute(
        f"SELECT id FROM search_docs WHERE parent_ref = ? AND NOT ({silent}) ORDER BY id", (doc["ref"],))]
    if kids or not doc.get("is_heading") or doc.get("parent_ref"):
        return kids
    rows = conn.execute(
        f"SELECT id, is_heading, {silent} FROM search_docs WHERE kind = 'rule' AND id > ? "
        "AND COALESCE(parent_ref, '') = '' ORDER BY id LIMIT ?", (doc["id"], SECTION_SPAN)).fetchall()
    out = []
    for i, heading, empty in rows:
        if heading:
            break
        if not empty:
            out.append(i)
    return out


def expand_sections(conn, hits: list[Hit], ranked: list[Hit], limit: int, forms: list[str] = ()) -> list[Hit]:
    """After the first section heading among the first SECTION_WINDOW hits, its best paragraphs (those
    the query matched, best first; else the section's first paragraphs). Below the first place, only a
    heading titled with what the query says (one of `forms`): a heading that merely mentions it is
    not the section asked for."""
    by_id = {h.doc["id"]: h for h in ranked}
    out: list[Hit] = []
    placed: set[int] = set()
    expanded = False
    for n, h in enumerate(hits):
        if h.doc["id"] in placed:
            continue
        out.append(h)
        placed.add(h.doc["id"])
        if expanded or n >= SECTION_WINDOW or len(out) >= limit or not is_section(h.doc) or not h.doc.get("ref"):
            continue
        heading = (h.doc.get("norm") or "").split("\n", 1)[0].strip()
        if n > 0 and not any(f and f in heading for f in forms):
            continue
        kids = section_members(conn, h.doc)
        if not kids:
            continue
        expanded = True
        matched = sorted((by_id[k] for k in kids if k in by_id and k not in placed), key=lambda x: -x.score)
        # Paragraphs the query matched about equally well are read in the section's order.
        near = sorted((m for m in matched if m.score >= SECTION_TIE * matched[0].score), key=lambda x: x.doc["id"])
        chosen = (near + [m for m in matched if m not in near])[:SECTION_PARAGRAPHS]
        if len(chosen) < SECTION_PARAGRAPHS:
            extra = [k for k in kids if k not in placed and k not in {c.doc["id"] for c in chosen}]
            docs = fetch_docs(conn, extra[: SECTION_PARAGRAPHS - len(chosen)], SCORE_COLUMNS)
            chosen += [Hit(docs[k], 0.0, 0.0, []) for k in extra[: SECTION_PARAGRAPHS - len(chosen)] if k in docs]
        title = (h.doc.get("norm") or "").split("\n", 1)[0].strip() or (h.doc.get("title") or "")
        for c in chosen:
            c.note = c.note or (f"「{title}」一节" if title else f"规则 {h.doc.get('number')} 一节")
            out.append(c)
            placed.add(c.doc["id"])
    return out


def follow_children(hits: list[Hit], ranked: list[Hit]) -> list[Hit]:
    """After the first hit (a rule paragraph), its sub-paragraphs among the ranked hits, best first
    (SECTION_PARAGRAPHS of them)."""
    if not hits or hits[0].direct or hits[0].doc.get("kind") != "rule" or not hits[0].doc.get("ref"):
        return hits
    ref = hits[0].doc["ref"]
    floor = CHILD_RATIO * hits[0].score  # only sub-paragraphs about as good an answer as the first
    kids = sorted((h for h in ranked if h.doc.get("parent_ref") == ref and h.score >= floor),
                  key=lambda h: (-h.score, h.doc["id"]))
    kids = kids[:SECTION_PARAGRAPHS]
    if not kids:
        return hits
    ids = {h.doc["id"] for h in kids}
    for k in kids:
        k.note = k.note or "上一条的细则"
    return hits[:1] + kids + [h for h in hits[1:] if h.doc["id"] not in ids]


def _fold_name(name: str) -> str:
    return re.sub(r"[\s\-－—·・，,]", "", name or "").lower()


def card_rulings_first(conn, hits: list[Hit], labels: list[str]) -> list[Hit]:
    """When the first hits include a card's glossary entry (the query names the card), that card's
    FAQ rulings and errata (those the glossary entry cites, and those whose heading names the card)
    move to the front, best first; the card entries follow. The card the query names exactly (Chinese,
    English or pinyin, read as one of `labels`) goes before cards whose names merely contain it."""
    if not hits or hits[0].direct:
        return hits
    top = hits[0].score
    terms = [h for h in hits[:CARD_WINDOW] if h.doc.get("kind") == "term" and h.score >= CARD_RATIO * top]
    if not terms:
        return hits
    names = [h.doc.get("ref") or "" for h in terms]
    rows = conn.execute(
        f"SELECT term, english, source FROM terms WHERE kind = 'card' AND term IN ({','.join('?' * len(names))})",
        names).fetchall()
    cards = {term: (english or "", source or "") for term, english, source in rows}
    terms = [h for h in terms if h.doc.get("ref") in cards]
    if not terms:
        return hits
    said = {_fold_name(x) for x in labels}
    # The query names the card: its entry comes first, or its name (Chinese or English) is what was typed.
    terms = [h for h in terms if h is hits[0] or said & {_fold_name(h.doc["ref"]), _fold_name(cards[h.doc["ref"]][0])}]
    if not terms:
        return hits
    terms.sort(key=lambda h: 0 if said & {_fold_name(h.doc["ref"]), _fold_name(cards[h.doc["ref"]][0])} else 1)
    rulings: list[Hit] = []
    taken: set[int] = set()
    for t in terms:
        name = t.doc["ref"]
        cited = set(re.findall(r"[A-Z]-L\d+", cards[name][1]))
        folded = _fold_name(name)
        mine = [h for h in hits if h.doc.get("kind") in ("faq", "errata") and h.doc["id"] not in taken
                and (h.doc.get("ref") in cited or folded in _fold_name(h.doc.get("title") or ""))]
        missing = cited - {h.doc.get("ref") for h in hits}
        if missing:  # a cited ruling the query's words did not reach: still the card's ruling
            marks = ",".join("?" * len(missing))
            ids = [r[0] for r in conn.execute(
                f"SELECT id FROM search_docs WHERE kind IN ('faq', 'errata') AND ref IN ({marks}) ORDER BY id",
                sorted(missing))]
            docs = fetch_docs(conn, ids, SCORE_COLUMNS)
            mine += [Hit(docs[i], t.score * 0.5, t.coverage, list(t.matched)) for i in ids if i in docs]
        for h in mine:
            h.note = h.note or f"卡牌「{name}」的裁定"
            h.score = max(h.score, t.score)  # shown for the card the query matched, above its entry
            taken.add(h.doc["id"])
        rulings += mine
    if not rulings:
        return hits
    front = rulings + terms
    for i in range(len(front) - 2, -1, -1):  # several cards (亚索, or two names of one): shown scores in shown order
        front[i].score = max(front[i].score, front[i + 1].score)
    placed = {h.doc["id"] for h in front}
    return front + [h for h in hits if h.doc["id"] not in placed]


TERM_WINDOW = 2  # a glossary entry this high up is the term the query names
TERM_RULINGS = 3  # at most this many FAQ rulings on the term follow its rule
TERM_RULING_NOTE = "关于「{}」的FAQ裁定"
_QUESTION = re.compile(r"问：(.*?)(?:\n答：|$)", re.S)


def _question(doc: dict) -> str:
    m = _QUESTION.search(doc.get("text") or doc.get("norm") or "")
    return m.group(1) if m else ""


def _ruling_tier(doc: dict, term: str, aliases: list[str], keyword: bool) -> int | None:
    """How plainly an FAQ entry rules on a term: its heading names it (0); its question names the term or
    one of the FAQ's names for it marked as a term, quoted or followed by the English (1); for a keyword, its
    question names the term (2) or a Chinese alias (3) (a question naming a unit's 战力 in passing is no
    ruling on Might); else None (the entry only mentions it in the answer)."""
    if term in (doc.get("title") or ""):
        return 0
    q = _question(doc)
    names = [term] + aliases
    if any(re.search(rf"[“\[【]{re.escape(n)}[”\]】]|{re.escape(n)}\s*[（(][A-Za-z]", q) for n in names):
        return 1
    if not keyword:
        return None
    if term in q:
        return 2
    if any(a in q for a in aliases):
        return 3
    return None


def term_rulings(conn, hits: list[Hit], said: list[str]) -> list[Hit]:
    """When the first hits hold a term's glossary entry (the query names a keyword or rules term), the term's
    rule follows the entry and the FAQ entries that rule on the term (not superseded, wholly or in part; best tier
    first, then in document order, at most TERM_RULINGS) follow the rule: a judge sees the rule and how it was ruled on the
    first screen. Only when what the query says (`said`: its concepts) is that one term, by one of its names; not
    for a card's entry (card_rulings_first puts a card's rulings first)."""
    if not hits or hits[0].direct:
        return hits
    at = next((k for k, h in enumerate(hits[:TERM_WINDOW]) if h.doc.get("kind") == "term"), None)
    if at is None:
        return hits
    entry = hits[at]
    term = entry.doc.get("ref") or ""
    row = conn.execute("SELECT kind, english FROM terms WHERE term = ?", (term,)).fetchone()
    if len(term) < 2 or not row or row[0] == "card":
        return hits
    keyword = row[0] == "keyword"
    names = [a for (a,) in conn.execute("SELECT alias FROM term_aliases WHERE term = ? ORDER BY alias", (term,)) if a]
    if len(said) != 1 or said[0].lower() not in {n.lower() for n in [term, row[1] or "", *names]}:
        return hits
    aliases = [a for a in names if a != term and re.fullmatch(r"[\u4e00-\u9fff]{2,}", a)]
    replaced = sorted(SUPERSEDED_STATUSES)  # a partly superseded ruling is left out as a superseded one is
    rows = conn.execute(
        "SELECT id, title, text FROM search_docs WHERE kind = 'faq' AND COALESCE(status, '') NOT IN "
        f"({','.join('?' * len(replaced))}) "
        "AND (title LIKE ? OR text LIKE ?" + " OR text LIKE ?" * len(aliases) + ") ORDER BY id",
        replaced + [f"%{term}%", f"%{term}%"] + [f"%{a}%" for a in aliases]).fetchall()
    tiers = sorted((tier, i) for i, title, text in rows
                   if (tier := _ruling_tier({"title": title, "text": text}, term, aliases, keyword)) is not None)
    ids = [i for _t, i in tiers[:TERM_RULINGS]]
    if not ids:
        return hits
    number = entry.doc.get("number") or ""
    # The rule right after the entry, titled with the term, is the term's rule as ranked (159.2.a 迅捷 for
    # Action, whose keyword rule 806 has no text here); else the rule of the entry's number.
    after = hits[at + 1] if at + 1 < len(hits) else None
    if after is not None and not (after.doc.get("kind") == "rule" and term in (after.doc.get("title") or "")):
        after = None
    rule = after or next((h for h in hits if h.doc.get("kind") == "rule" and number and h.doc.get("number") == number), None)
    if rule is None and number:
        found = conn.execute("SELECT id FROM search_docs WHERE kind = 'rule' AND number = ? ORDER BY id LIMIT 1",
                             (number,)).fetchone()
        if found:
            rule = Hit(fetch_docs(conn, [found[0]], SCORE_COLUMNS)[found[0]], entry.score, entry.coverage,
                       list(entry.matched))
    by_id = {h.doc["id"]: h for h in hits}
    docs = fetch_docs(conn, [i for i in ids if i not in by_id], SCORE_COLUMNS)
    rulings = []
    for i in ids:
        h = by_id.get(i) or Hit(docs[i], entry.score, entry.coverage, list(entry.matched))
        h.note = h.note or TERM_RULING_NOTE.format(term)
        rulings.append(h)
    front = hits[:at + 1] + ([rule] if rule is not None and rule not in hits[:at] else [])
    # A heading is never shown bare (expand_sections): its first paragraph stays with it, the rulings follow.
    first = next((h for h in hits if h not in front), None)
    if (rule is not None and first is not None and first.doc.get("kind") == "rule"
            and str(first.doc.get("number") or "").startswith(str(rule.doc.get("number") or "-") + ".")
            and first.doc["id"] not in ids):
        front.append(first)
    front += rulings
    for k in range(1, len(front)):  # shown scores in shown order
        front[k].score = min(front[k].score, front[k - 1].score)
    placed = {h.doc["id"] for h in front}
    return front + [h for h in hits if h.doc["id"] not in placed]


RULE_LEAD_WINDOW = 5
RULE_LEAD_COVER = 0.6  # a rule that covers this share of what the FAQ entry above it covers answers too


def _said(h: Hit, concepts: list[list[str]]) -> int:
    """How many of the question's concepts (each a list of its forms) the hit contains."""
    found = set(h.matched)
    return sum(1 for forms in concepts if found & set(forms))


def rule_leads(hits: list[Hit], named: list[str] = (), concepts: list[list[str]] = (),
               cover: float = RULE_LEAD_COVER, says: tuple[str, ...] = ()) -> list[Hit]:
    """The answer to a question opens with a rule: when the first hit is an FAQ entry and a rule paragraph
    with text (not a skeleton node) among the first RULE_LEAD_WINDOW covers about as much of the question
    (RULE_LEAD_COVER of the entry's coverage, and all but one of the concepts the entry contains, at
    least two), that rule goes first and the FAQ entry right after it. Not when the FAQ entry's heading (its topic and
    cards) names what the question names (`named`: a card, a keyword): that entry is the ruling asked
    for. Only places above the rule move down one: a hit in the first RULE_LEAD_WINDOW stays there.
    `says`: words of which the rule's text must hold one (a can-I question is answered by a permission or a
    prohibition, not by a rule that only says a thing exists)."""
    if not hits or hits[0].direct or hits[0].doc.get("kind") != "faq":
        return hits
    faq = hits[0]
    heading = faq.doc.get("title") or ""
    if any(len(w) >= 2 and w in heading for w in named):
        return hits
    for j in range(1, min(RULE_LEAD_WINDOW, len(hits))):
        r = hits[j]
        if (r.doc.get("kind") == "rule" and not r.direct and r.doc.get("number_source") != "absent"
                and r.coverage >= cover * faq.coverage
                and _said(r, concepts) >= max(2, _said(faq, concepts) - 1)
                and (not says or any(w in (r.doc.get("norm") or "") for w in says))):
            r.note = r.note or RULE_FIRST_NOTE
            r.score = max(r.score, faq.score)  # shown scores stay in the order shown
            return [r] + hits[:j] + hits[j + 1:]
    return hits


# What the answer to a how-many or a when question says (issue 17): "几分" is answered by a paragraph that states a
# number of points ("使其获得1分"), not by one about the same thing that states none; "什么时候" by one that names a
# moment (a phase, a step, a time, a condition: "在主阶段的任何时间", "单位离场时"), not by one that only says what happens.
ANSWER_LEAD_WINDOW = 2  # the second place may go first ...
ANSWER_LEAD_COVER = 1.0  # ... when it covers as much of the question as the first ...
ANSWER_LEAD_ODDS = 0.3  # ... and its shown score (the fitted model's odds against the first place) is at least this
_NUMERAL = "0-9一二两三四五六七八九十"
# The measure word asked for ("几张", "多少分") and the ones an answer may state it with (runes are 张 and 枚). 个 is
# no measure of its own (一个 is in most paragraphs), nor is a bare 多少.
_ASKED_UNIT = re.compile(r"(?:几|多少)([张枚名分点次])")
_UNITS = {"张": "张枚", "枚": "枚张", "名": "名个位", "分": "分", "点": "点", "次": "次"}
_NO_LIMIT = ("任意数量", "任意多", "没有上限", "无上限", "无限")
# A rule cited in the text ("请查阅规则431.燃尽") and a step's own number ("1.回合玩家…") are no count.
_CITED = re.compile(r"规则\s*\d{3}(?:\.[0-9a-z]+)*\.?|^\d{1,2}[a-z]?\.", re.M)
# A moment: a procedure's step, a phase, a time, before or after a thing, a "…时" clause, or a condition (as
# intent.has_hint reads one for a when question: "如果…，则引发战斗" says when).
_MOMENT = re.compile(r"^\d{1,2}[a-z]?\.|阶段|步骤|期间|直到|之前|之后|以后|后[,，]|立即|立刻|清理|时机|时间|"
                     r"(?<![同临暂及])时|如果[^。]*则", re.M)


def answer_says(kind: str | None, question: str) -> Callable[[str], bool] | None:
    """A test of a place's text for what a how-many or when question's answer says; None for other questions (and
    for a how-many question that names no measure word)."""
    if kind == "howmany":
        m = _ASKED_UNIT.search(question)
        if not m:
            return None
        count = re.compile(f"[{_NUMERAL}]\\s*[{_UNITS[m.group(1)]}]")
        return lambda text: any(w in text for w in _NO_LIMIT) or bool(count.search(_CITED.sub(" ", text)))
    if kind == "when":
        return lambda text: bool(_MOMENT.search(text))
    return None


def answer_leads(hits: list[Hit], says: Callable[[str], bool] | None) -> list[Hit]:
    """The first place of a how-many or when question says the kind of thing asked for: when it does not, and the
    second does, covers as much of the question and scores at least ANSWER_LEAD_ODDS of the first, the two swap.
    One move, within the first two places: the first five stay the same places."""
    if not says or len(hits) < ANSWER_LEAD_WINDOW or hits[0].direct or says(hits[0].doc.get("norm") or ""):
        return hits
    first = hits[0]
    for j in range(1, ANSWER_LEAD_WINDOW):
        h = hits[j]
        if (not h.direct and h.coverage >= ANSWER_LEAD_COVER * first.coverage
                and h.score >= ANSWER_LEAD_ODDS * first.score and says(h.doc.get("norm") or "")):
            h.score = max(h.score, first.score)  # shown scores stay in the order shown
            return [h] + hits[:j] + hits[j + 1:]
    return hits
