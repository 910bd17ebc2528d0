"""The search index (`build`, the last stage of judge.store.build): built into the store after the tree.

It reads the tables of the rule tree (rules, examples, terms, term_aliases, faq, errata) and writes:

  search_docs   one row per searchable document (rule paragraph, FAQ entry, erratum, glossary term),
                with everything the result list shows precomputed (breadcrumb, display number).
  search_fts    FTS5 (contentless, bm25) over five columns: `title` and `chars` (one token per
                Chinese character: exact phrases and two-character terms always match), `words`
                (jieba segmentation with the rules' own user dictionary: whole-word matches score
                higher), `extra` (examples, aliases, English names: low weight), `context` (the
                section a paragraph is in: its ancestors' titles and opening words).
  search_asked  FTS5 over the questions in players' words a rule paragraph answers (one token per
                character; rowid = the paragraph's id), drafted by the tool's authors from the rule
                alone (data/asked/*.tsv): searched, never shown as rule text. A table of its own,
                so that they leave the rules' own term statistics as they are.
  search_pairs  per pair of adjacent tokens of the columns a question's character-pair rankings read, each
                document's bm25 term for that phrase (judge.search.pairs: the rankings without FTS5).
  search_phrases per word of the query vocabulary (lexicon, aliases) and Latin token in the text columns and per
                lexicon word of `words`, each document's bm25 term under the concept query's weights
                (judge.search.phrases: the concept query without FTS5).
  search_lex    the segmentation vocabulary with corpus frequencies: the query path segments a
                query by dynamic programming over it, so jieba is never loaded to answer a query.
  search_alias  other ways to write a term -> the term: english, synonym, traditional, pinyin.
  search_t2s    traditional -> simplified characters (only those whose simplified form matters).
  search_py     every toneless pinyin reading of each Chinese character (homophone typos).
  search_ngram  character n-grams (n = 1..3) of the indexed texts with their counts, and search_sound the
                characters they use by first reading: same-pinyin typos repaired by context (judge.search.ngrams).
  search_steps  the steps of the rules' ordered procedures (judge.rules.procedures), in order, each with
                the searchable text of its subtree: order and when questions are answered by step
                (judge.search.steps).
  search_pointers a rule paragraph that names its subject or its moment only by pointing at an ancestor ("此行动…",
                "则在此时做出选择"), by each ancestor it points at (through a chain of such paragraphs): a candidate of a
                question whenever that ancestor is (judge.search.rank.candidates).
  search_info   N (document count) and the version indexed.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter

from judge.rules import drafted, procedures, translation_notes
from judge.search import fusion, lexicon, ngrams, pairs, phrases, rank, sublabels
from judge.search.snippet import ABSENT_TEXT
from judge.search.data_files import ABSENT_KEY, HEADING_TERMS, PLAYER_WORDS, read_asked, read_data
from judge.search.analyze import CARD_KEYS, CARD_KEYWORD
from judge.search.text import CJK, fold, norm_text

# text.is_word_char's characters (Latin letters with accents, digits), as a regex class.
WORD_CHARS = "0-9a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"

KIND_LABEL = {"rule": "规则", "faq": "FAQ", "errata": "勘误", "term": "术语"}

SCHEMA = """
DROP TABLE IF EXISTS search_docs;
DROP TABLE IF EXISTS search_fts;
DROP TABLE IF EXISTS search_asked;
DROP TABLE IF EXISTS search_lex;
DROP TABLE IF EXISTS search_alias;
DROP TABLE IF EXISTS search_t2s;
DROP TABLE IF EXISTS search_py;
DROP TABLE IF EXISTS search_info;
DROP TABLE IF EXISTS search_steps;
DROP TABLE IF EXISTS search_pointers;
CREATE TABLE search_docs (
  id INTEGER PRIMARY KEY, kind TEXT, ref TEXT, number TEXT, display_number TEXT,
  number_source TEXT, confidence REAL, path TEXT, title TEXT, text TEXT, examples TEXT,
  norm TEXT, norm_extra TEXT, norm_context TEXT, norm_questions TEXT, parent_ref TEXT, is_heading INTEGER, defines TEXT, status TEXT,
  superseded_by TEXT, status_note TEXT, source TEXT, translation_note TEXT
);
CREATE INDEX search_docs_number ON search_docs(number);
CREATE INDEX search_docs_ref ON search_docs(ref);
-- The top-level headings search.engine._flat_section reads once per process (the same WHERE, so
-- the planner uses it): a few hundred index entries instead of a scan of every document.
CREATE INDEX search_docs_top_headings ON search_docs(id, number, title)
  WHERE kind = 'rule' AND is_heading = 1 AND COALESCE(parent_ref, '') = '';
CREATE VIRTUAL TABLE search_fts USING fts5(
  title, words, chars, extra, context, content='', tokenize='unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE search_asked USING fts5(chars, content='', tokenize='unicode61 remove_diacritics 2');
CREATE TABLE search_lex (word TEXT PRIMARY KEY, freq INTEGER, df INTEGER, is_term INTEGER) WITHOUT ROWID;
CREATE TABLE search_alias (alias TEXT, target TEXT, kind TEXT, source TEXT);
CREATE INDEX search_alias_alias ON search_alias(alias);
CREATE TABLE search_t2s (ch TEXT PRIMARY KEY, s TEXT) WITHOUT ROWID;
CREATE TABLE search_py (ch TEXT PRIMARY KEY, py TEXT) WITHOUT ROWID;
CREATE TABLE search_info (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE search_steps (procedure TEXT, name TEXT, position INTEGER, sub TEXT, number TEXT, label TEXT, doc_id INTEGER,
  titles TEXT, norm TEXT);
CREATE TABLE search_pointers (parent INTEGER, child INTEGER, PRIMARY KEY (parent, child)) WITHOUT ROWID;
"""

# A defining sentence: "致命伤害是指…", "眩晕指的是…", "控制指玩家…", "单位为：". Classifying
# sentences ("燃尽是一种限定行动") are not definitions: every action has one.
_DEFINES = re.compile(r"^(.{2,10}?)(?:是指|指的是|指|为：|：这类)")


def _table_exists(conn, name: str) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone() is not None


def _rows(conn, sql: str, params=()) -> list[dict]:
    cur = conn.execute(sql, params)
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def current_version(conn, docs=None) -> str | None:
    """The newest version of kind `rules` (the full rules document) present in the tree."""
    versions = []
    if docs:
        versions = [d.version for d in docs if d.kind == "rules"]
    if not versions and _table_exists(conn, "versions"):
        versions = [r[0] for r in conn.execute("SELECT version FROM versions WHERE kind = 'rules'")]
    if not versions and _table_exists(conn, "rules"):
        versions = [r[0] for r in conn.execute("SELECT DISTINCT version FROM rules")]
    return max(versions) if versions else None


def _label(rule: dict) -> str:
    num = rule.get("display_number") or rule.get("number") or ""
    title = rule.get("title") or ""
    return f"{num} {title}".strip()


def _flatten_bullets(raw) -> str:
    """FAQ bullets (JSON: [{"text", "children": [...]}] or plain strings) as indented lines."""
    if not raw:
        return ""
    try:
        items = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError:
        return str(raw)
    lines: list[str] = []

    def walk(nodes, depth: int) -> None:
        for node in nodes if isinstance(nodes, list) else [nodes]:
            if isinstance(node, dict):
                if node.get("text"):
                    lines.append("  " * depth + "• " + str(node["text"]))
                walk(node.get("children") or [], depth + 1)
            elif node:
                lines.append("  " * depth + "• " + str(node))

    walk(items, 0)
    return "\n".join(lines)


def _rule_label(by_id: dict, rule_id: str | None) -> str | None:
    """A superseding rule as the judge reads it ("318.2 清理"), whatever form the FAQ stage stored."""
    if not rule_id:
        return None
    r = by_id.get(rule_id) or next((x for k, x in by_id.items() if k.endswith(":" + rule_id)), None)
    return _label(r) if r else rule_id


def _short(text: str, n: int = 12) -> str:
    text = re.sub(r"\s+", " ", text).strip()  # as written: no NFKC, full-width punctuation stays
    return text if len(text) <= n else text[:n] + "…"


def _following(rules: list[dict], heading: dict) -> list[dict]:
    out = []
    for r in rules[rules.index(heading) + 1 :]:
        if r.get("is_heading") or r.get("title") or len(out) >= 2:
            break
        out.append(r)
    return out


EMPTY_TEXT = translation_notes.EMPTY_TEXT
_MERGED = re.compile(r"与规则 (\S+?) 合成了一段")


def _empty_paragraph_text(rule: dict) -> str:
    """The placeholder of an official paragraph with no Chinese text: merged into a neighbour, or missing."""
    # The translation note was checked by hand against both texts: it wins over the alignment's guess.
    if translation_notes.note_of(rule.get("number")):
        return f"{EMPTY_TEXT}；所涉内容见译文提示，非官方条文。）"
    m = _MERGED.search(rule.get("evidence") or "")
    if m:
        return f"{EMPTY_TEXT}：语料把它与规则 {m.group(1)} 合成了一段，正文见规则 {m.group(1)}。）"
    return f"{EMPTY_TEXT}。）"


def _preview(rules: list[dict], children: dict, rule: dict) -> str:
    """The start of a node's section: its children's text, else the paragraphs that follow it up to the next
    heading."""
    follow = children.get(rule["id"]) or _following(rules, rule)
    preview = "".join((c.get("text") or c.get("title") or "") for c in follow[:2])
    return preview[:160] + ("…" if len(preview) > 160 else "")


ANAPHORA = ("这类", "此类", "这些", "该类", "这种", "此种")
# Words by which a paragraph says its subject or its moment only by pointing at its section: "此行动不可在法术对决
# …期间进行" (the action is its parent's, 标准移动), "则在此时做出选择" (the moment is the step it stands in, 355
# 做出相关的选择). Not 该行动 / 此类 (they point at a thing the paragraph itself or its elder sibling names).
POINTERS = re.compile(r"此行动|此时|此刻|此步骤|这一步骤|此阶段|在此期间")
POINTER_DEPTH = 3  # ancestors a pointer reaches through a chain of pointing paragraphs (144.1.c -> 144.1 -> 144)


MAX_QUESTIONS = 40  # drafted questions indexed per paragraph (a long list would outweigh its own text)


def _reader(r: dict, by_id: dict[str, dict]) -> dict:
    """The node a judge can read for `r`: itself, or for a skeleton node with neither title nor text its nearest
    ancestor that has one (parents resolved to ids, as collect_docs leaves them)."""
    seen: set[str] = set()
    while not (r.get("title") or r.get("text")) and r.get("parent") in by_id and r["id"] not in seen:
        seen.add(r["id"])
        r = by_id[r["parent"]]
    return r


def _drafted_questions(rules: list[dict], by_id: dict[str, dict], asked_rows: list | None = None) -> dict[str, list[str]]:
    """Rule id -> the drafted questions (data/asked/*.tsv, or `asked_rows`: its rows already read) it answers. A question
    on a skeleton node with neither title nor text belongs to the node a judge can read for it (_reader).
    Numbers not in the tree are skipped here (tests/test_search_asked.py names them)."""
    by_number = {r.get("number"): r for r in rules if r.get("number")}
    out: dict[str, list[str]] = {}
    for row in read_asked() if asked_rows is None else asked_rows:
        r = by_number.get(row.number)
        r = _reader(r, by_id) if r else None
        if r and row.question and row.question not in out.get(r["id"], []):
            out.setdefault(r["id"], []).append(row.question)
    return out


def _version_rules(conn, version: str | None) -> list[dict]:
    """The rules of `version` in document order, as rows of `rules`; a node titled for display only
    (judge/rules/drafted.py, labels) is indexed as untitled: its label is shown, never searched."""
    rows = _rows(conn, "SELECT * FROM rules WHERE version = ? ORDER BY ord", (version,)) if version else []
    for r in rows:
        if drafted.is_label(r.get("number")):
            r["title"] = None
    return rows


def collect_docs(conn, version: str | None, rules: list[dict] | None = None, asked_rows: list | None = None) -> list[dict]:
    """Every searchable document, as rows of search_docs (without id/norm); `rules`: the version's rules
    (_version_rules), which are changed here, else read; `asked_rows`: the drafted questions' rows, else read."""
    docs: list[dict] = []
    rules = _version_rules(conn, version) if rules is None else rules
    by_id = {r["id"]: r for r in rules}
    for r in rules:
        # `parent` may hold the parent's id or its bare number: always resolve to an id.
        p = r.get("parent")
        if p and p not in by_id and f"{version}:{p}" in by_id:
            r["parent"] = f"{version}:{p}"
    children: dict[str, list[dict]] = {}
    for r in rules:
        if r.get("parent"):
            children.setdefault(r["parent"], []).append(r)
    examples: dict[str, list[str]] = {}
    if _table_exists(conn, "examples"):
        for e in conn.execute("SELECT rule_id, text FROM examples ORDER BY rule_id, ord"):
            examples.setdefault(e[0], []).append(e[1])
    terms = _rows(conn, "SELECT * FROM terms") if _table_exists(conn, "terms") else []
    # A referee-FAQ question and the rule its answer cites: the question's words point to that rule.
    asked: dict[str, list[str]] = {}
    if _table_exists(conn, "faq_refs") and _table_exists(conn, "faq"):
        for rule_id, question in conn.execute(
            "SELECT r.rule_id, f.question FROM faq_refs r JOIN faq f ON f.id = r.faq_id "
            "WHERE r.rule_id IS NOT NULL AND r.confidence >= 0.5 AND f.question IS NOT NULL"
        ):
            asked.setdefault(rule_id, []).append(question)
    drafted_questions = _drafted_questions(rules, by_id, asked_rows)
    defined_by: dict[str, set[str]] = {}
    for t in terms:
        if t.get("rule_id"):
            defined_by.setdefault(t["rule_id"], set()).add(t["term"])

    for r in rules:
        # The section a paragraph sits in: its ancestors' titles and opening words ("此行动可在…" is
        # about 标准移动 because its parent says so). Searched, at a lower weight, with the paragraph.
        context, seen, p = [], set(), r.get("parent")
        while p and p in by_id and p not in seen and len(seen) < 3:
            seen.add(p)
            anc = by_id[p]
            context.append(drafted.strip_mark(anc.get("title")) or (anc.get("text") or "")[:40])
            if drafted.is_drafted(anc.get("title")):
                context.extend(drafted.keywords(anc.get("number")))  # what the skeleton section is about
            p = anc.get("parent")
        r["_context"] = " ".join(context)
    heading, section = "", {}
    for r in rules:
        # A section is a run of level-0 rules after a titled one (353 打出过程, then the steps 354-359;
        # 706 强力, then 707-711 about it): the run's rules and their sub-rules are about the heading's
        # subject ("4.支付卡牌费用" is a step of playing a card).
        title = r.get("title") or ""
        if not r.get("parent") and title and not drafted.is_drafted(title):
            heading = title
        elif not r.get("parent") and heading and (r.get("number_source") == "absent" or r.get("text")):
            section[r["id"]] = heading
        elif not r.get("parent"):
            heading = ""
    for r in rules:
        root, seen = r, set()
        while root.get("parent") in by_id and root["id"] not in seen:
            seen.add(root["id"])
            root = by_id[root["parent"]]
        if section.get(root["id"]) and section[root["id"]] not in r["_context"]:
            r["_context"] = (r["_context"] + " " + section[root["id"]]).strip()
    for kids in children.values():
        # "这类触发式技能会在…后放入结算链": a paragraph opening with "这类/此类/这些" speaks of what the
        # paragraph before it (its elder sibling) named ("当你打出我时……").
        for before, r in zip(kids, kids[1:]):
            if (r.get("text") or "").startswith(ANAPHORA):
                r["_context"] += " " + (before.get("text") or "")[:60]
    for r in rules:
        # A list introduction ("进行清理时，以下任务会按下述顺序变为未决：") is answered by its list.
        if (r.get("text") or "").rstrip().endswith(("：", ":")) and children.get(r["id"]):
            r["_context"] += " " + " ".join((c.get("text") or "")[:30] for c in children[r["id"]][:12])
    for r in rules:
        path, seen, p = [], set(), r.get("parent")
        while p and p in by_id and p not in seen:
            seen.add(p)
            anc = by_id[p]
            # An ancestor without a title is named by the start of its text.
            name = anc.get("title") or _short(anc.get("text") or "")
            path.append([anc.get("display_number") or anc.get("number") or "", name])
            p = by_id[p].get("parent")
        path.reverse()
        text = (r.get("text") or "").strip()
        title = (r.get("title") or "").strip()
        index_text = None  # the words a paragraph is searched by, when they are not its shown text
        drafted_title = drafted.is_drafted(title)
        if drafted_title:
            # A title of the tool's own (judge/rules/drafted.py): found by its words and keywords,
            # always shown with its mark, never as rule text.
            r["_context"] = " ".join([r.get("_context") or "", *drafted.keywords(r.get("number"))]).strip()
        if r.get("number_source") == "absent" and not text and drafted_title:
            text = ABSENT_TEXT + "；标题为本工具所拟，仅概括该条所涉内容，不是官方条文。）"
        elif r.get("number_source") == "absent" and not text:
            text = ABSENT_TEXT + "，仅知其编号与标题。）"
        elif not text and (title or r.get("is_heading")):
            # A heading shows the start of its section: that is what a judge looks for.
            text = _preview(rules, children, r)
        elif not text:
            # An official paragraph the Chinese text lacks shows a note of why, never a neighbour's text under its
            # number. It is still indexed by the words that follow it, as the shipped meaning model was trained
            # (tools/train_meaning.py reads the index): indexing it by its translation note instead needs a
            # retraining of that model.
            index_text = _preview(rules, children, r)
            text = _empty_paragraph_text(r)
        # "!" marks the strongest claims: the rule's own title, the glossary's defining rule.
        defines = {"!" + t for t in defined_by.get(r["id"], ())}
        if title:
            defines.add("!" + drafted.strip_mark(title))
        for sentence in re.split(r"[。；]", norm_text(r.get("text") or "")):
            m = _DEFINES.match(sentence)
            if m:
                defines.add(m.group(1))
        docs.append({
            "kind": "rule", "ref": r["id"], "number": r.get("number"),
            "display_number": r.get("display_number") or r.get("number"),
            "number_source": r.get("number_source"), "confidence": r.get("confidence"),
            "path": json.dumps(path, ensure_ascii=False), "title": title, "text": text,
            "examples": json.dumps(examples.get(r["id"], []), ensure_ascii=False),
            "is_heading": int(bool(r.get("is_heading"))), "defines": "|".join(sorted(("!" if d.startswith("!") else "") + norm_text(d.lstrip("!")) for d in defines if d.lstrip("!"))),
            "status": None, "superseded_by": None, "status_note": None,
            "source": f"{r.get('source_file') or ''}:{r.get('source_line') or ''}",
            "translation_note": translation_notes.line_of(r.get("number")) or None,
            "index_text": index_text,
            "asked": " ".join(asked.get(r["id"], [])), "questions": drafted_questions.get(r["id"], []),
            "context": r.get("_context") or "", "parent_ref": r.get("parent"),
        })

    if _table_exists(conn, "faq"):
        for f in _rows(conn, "SELECT * FROM faq"):
            q, a = (f.get("question") or "").strip(), (f.get("answer") or "").strip()
            bullets = _flatten_bullets(f.get("bullets"))
            parts = ([f"问：{q}"] if q else []) + ([f"答：{a}"] if a else []) + ([bullets] if bullets else [])
            doc_label = "裁判FAQ" if "referee" in (f.get("doc") or "") else "核心规则FAQ"
            path = [[doc_label, ""]] + [[x, ""] for x in (f.get("part"), f.get("topic"), f.get("card")) if x]
            docs.append({
                "kind": "faq", "ref": f["id"], "number": None, "display_number": f["id"],
                "number_source": None, "confidence": None, "path": json.dumps(path, ensure_ascii=False),
                "title": " ".join(dict.fromkeys(x for x in (f.get("topic"), f.get("card")) if x)),
                "text": "\n".join(parts), "examples": "[]", "is_heading": 0,
                # "…你得1分。这称为据守。": the entry defines 据守 (for a term query, like a rule's definition).
                "defines": "|".join(sorted({m.group(1) for m in _CALLED_FAQ.finditer(norm_text("\n".join(parts)))})),
                "status": f.get("status"), "superseded_by": _rule_label(by_id, f.get("superseded_by")),
                "status_note": f.get("status_note"),
                "source": f"{f.get('source_file') or ''}:{f.get('source_line') or ''}",
            })

    if _table_exists(conn, "errata"):
        for e in _rows(conn, "SELECT * FROM errata"):
            title = e.get("card_zh") or ""
            if e.get("card_en"):
                title = f"{title} ({e['card_en']})"
            docs.append({
                "kind": "errata", "ref": e["id"], "number": None, "display_number": e["id"],
                "number_source": None, "confidence": None,
                "path": json.dumps([["核心规则FAQ", ""], ["修订文本", ""]], ensure_ascii=False),
                "title": title, "text": (e.get("text") or "").strip(), "examples": "[]", "is_heading": 0,
                "defines": norm_text(e.get("card_zh") or ""), "status": None, "superseded_by": None,
                "status_note": None, "source": f":{e.get('source_line') or ''}",
            })

    shown = {d["ref"]: d["text"] for d in docs if d["kind"] == "rule"}
    aliases: dict[str, list[str]] = {}
    if _table_exists(conn, "term_aliases"):
        for a in conn.execute("SELECT alias, term FROM term_aliases"):
            aliases.setdefault(a[1], []).append(a[0])
    merged: dict[str, dict] = {}
    sources = {t["term"]: t.get("source") for t in terms if t.get("source")}
    for t in terms:
        m = merged.setdefault(t["term"], {"english": [], "rule_id": None})
        if t.get("english") and t["english"] not in m["english"]:
            m["english"].append(t["english"])
        m["rule_id"] = m["rule_id"] or t.get("rule_id")
    for term, m in merged.items():
        rule = by_id.get(m["rule_id"]) if m["rule_id"] else None
        title = term + (f" ({' / '.join(m['english'])})" if m["english"] else "")
        definition = shown.get(rule["id"], "") if rule else ""
        if definition.startswith((ABSENT_TEXT, EMPTY_TEXT)):
            definition = ""  # a skeleton rule's placeholder is no definition: the term shows its aliases and source
        path = [[rule.get("display_number") or rule.get("number") or "", rule.get("title") or ""]] if rule else []
        alias_list = sorted(set(aliases.get(term, [])))
        docs.append({
            "kind": "term", "ref": term, "number": rule.get("number") if rule else None,
            "display_number": (rule.get("display_number") or rule.get("number")) if rule else None,
            "number_source": rule.get("number_source") if rule else None,
            "confidence": rule.get("confidence") if rule else None,
            "path": json.dumps(path, ensure_ascii=False), "title": title,
            "text": definition or "；".join(x for x in (
                "别名：" + "、".join(alias_list) if alias_list else "",
                f"出处：{sources[term]}" if sources.get(term) else "") if x),
            "examples": json.dumps(alias_list, ensure_ascii=False), "is_heading": 0,
            "defines": norm_text(term), "status": None, "superseded_by": None, "status_note": None,
            "source": "",
        })
    return docs


def user_dictionary(conn, docs: list[dict]) -> set[str]:
    """Words jieba must keep whole: glossary terms and aliases, rule titles, keywords, card names."""
    words: set[str] = set()
    if _table_exists(conn, "terms"):
        words.update(r[0] for r in conn.execute("SELECT term FROM terms"))
    if _table_exists(conn, "term_aliases"):
        words.update(r[0] for r in conn.execute("SELECT alias FROM term_aliases"))
    if _table_exists(conn, "errata"):
        words.update(r[0] for r in conn.execute("SELECT card_zh FROM errata") if r[0])
    if _table_exists(conn, "faq"):  # an entry may be about several cards: "格挡、凯特琳-守望者"
        words.update(w for r in conn.execute("SELECT card FROM faq") if r[0] for w in re.split(r"[、，,；;]", r[0]))
    for d in docs:
        if d["kind"] == "rule" and d["title"] and len(d["title"]) <= 10:
            words.add(d["title"])
        elif d["kind"] == "rule" and drafted.is_drafted(d["title"]) and len(drafted.strip_mark(d["title"])) <= 4:
            words.add(drafted.strip_mark(d["title"]))  # a keyword name (伏击, 后排), not a drafted phrase
        blob = f"{d['title']} {d['text']} {d['examples']}"
        words.update(lexicon.bracket_keywords(blob))
        words.update(lexicon.card_names(blob))
    cleaned = {lexicon.clean_term(w) for w in words if w}
    return {w for w in cleaned if w}


def char_tokenizer():
    """text.char_tokens as one regex (a Latin word or number whole, else one Chinese character; anything
    else separates): the build tokenises every column of every document, where text.char_tokens' loop
    over characters costs ~0.3 s. Compiled per build: the pattern over the Chinese range is slow to compile."""
    token = re.compile(f"[{WORD_CHARS}]+|[{CJK}]")

    def tokens(text: str) -> str:
        return " ".join(token.findall(fold(text)))

    return tokens


def _pointers(doc_rows: list[dict]) -> list[tuple[int, int]]:
    """(ancestor id, paragraph id) for each rule paragraph whose text points at its section (POINTERS): its parent,
    and, while the ancestor pointed at points in turn ("此行动仅可在特定时间进行"), the one above it."""
    rules = {d["ref"]: d for d in doc_rows if d["kind"] == "rule"}
    out = []
    for d in rules.values():
        if not POINTERS.search(d.get("text") or ""):
            continue
        anc = rules.get(d.get("parent_ref") or "")
        for _ in range(POINTER_DEPTH):
            if not anc:
                break
            out.append((anc["id"], d["id"]))
            if not POINTERS.search(anc.get("text") or ""):
                break
            anc = rules.get(anc.get("parent_ref") or "")
    return out


def build(conn, docs_manifest=None) -> dict:
    """(Re)build every search table from the tree tables in `conn`; returns figures for logging."""
    version = current_version(conn, docs_manifest)
    rules = _version_rules(conn, version)
    resolved = [dict(r) for r in rules]  # collect_docs resolves their parents to ids
    drafted_rows = read_asked()  # read once: the documents' drafted questions and the labelled sub-rules' below
    docs = collect_docs(conn, version, resolved, drafted_rows)
    user_words = user_dictionary(conn, docs)
    tok = lexicon.make_tokenizer(user_words, _corpus_hash(docs_manifest))

    conn.executescript(SCHEMA)
    freq: Counter = Counter()
    df: Counter = Counter()
    corpus_chars: set[str] = set()
    char_count: Counter = Counter()  # how often the rules' text uses each character
    doc_rows, fts_rows, asked_rows = [], [], []
    cache: dict[str, list[str]] = {}
    segment = lexicon.segmenter(tok)

    def segmented(text: str) -> list[str]:
        # Glossary entries repeat their defining rule's text: segment each distinct text once.
        if text not in cache:
            cache[text] = segment(text)
        return cache[text]

    for d in docs:
        # "洞察一张卡牌指的是…" defines 洞察: the first word of a defined subject is defined too.
        subjects = [x for x in (d["defines"] or "").split("|") if x]
        firsts = {tok.lcut(x, HMM=False)[0] for x in subjects if not x.startswith("!")}
        d["defines"] = "|".join(sorted(set(subjects) | {w for w in firsts if len(w) >= 2}))
    char_tokens = char_tokenizer()
    normed: dict[str, str] = {}

    def norm(text: str) -> str:
        # Drafted questions, glossary definitions and sections' contexts repeat: each text normalised once.
        out = normed.get(text)
        if out is None:
            out = normed[text] = norm_text(text)
        return out

    for i, d in enumerate(docs, start=1):
        examples = json.loads(d["examples"])
        # A skeleton node's placeholder ("本条正文不在当前语料中…") is shown, never searched; nor is a drafted title's mark.
        skeleton = d["kind"] == "rule" and d.get("number_source") == "absent" and d["text"].startswith(ABSENT_TEXT)
        searched = d["index_text"] if d.get("index_text") is not None else d["text"]
        body = "" if skeleton else norm(searched.replace(drafted.MARK, ""))  # a heading's preview may show one
        title = norm(drafted.strip_mark(d["title"]))
        extra = norm(" ".join(examples + [d.get("asked") or ""]))
        words = segmented(body) + segmented(title)
        freq.update(words)
        df.update(set(words))
        corpus_chars.update(body, title, extra)
        char_count.update(body)
        context = norm(d.get("context") or "")
        questions = "\n".join(norm(q) for q in (d.get("questions") or [])[:MAX_QUESTIONS])
        d = dict(d, id=i, norm=f"{title}\n{body}", norm_extra=extra, norm_context=context, norm_questions=questions,
                 parent_ref=d.get("parent_ref"))
        doc_rows.append(d)
        if d["kind"] == "rule" and d.get("number_source") == "absent" and not title:
            # A skeleton node with neither text nor title says nothing: reachable by its number only.
            fts_rows.append((i, "", "", "", "", ""))
        else:
            fts_rows.append((i, char_tokens(title), " ".join(words), char_tokens(body), char_tokens(extra), char_tokens(context)))
        if questions:
            asked_rows.append((i, char_tokens(questions)))

    cols = ["id", "kind", "ref", "number", "display_number", "number_source", "confidence", "path", "title",
            "text", "examples", "norm", "norm_extra", "norm_context", "norm_questions", "parent_ref", "is_heading", "defines", "status", "superseded_by",
            "status_note", "source", "translation_note"]
    conn.executemany(
        f"INSERT INTO search_docs ({','.join(cols)}) VALUES ({','.join('?' * len(cols))})",
        [tuple(d.get(c) for c in cols) for d in doc_rows],
    )
    conn.executemany("INSERT INTO search_fts (rowid, title, words, chars, extra, context) VALUES (?,?,?,?,?,?)", fts_rows)
    conn.executemany("INSERT INTO search_asked (rowid, chars) VALUES (?,?)", asked_rows)
    pairs.build(conn, {"search_fts": fts_rows, "search_asked": asked_rows},
                {"search_fts": fusion.PAIR_COLUMNS, "search_asked": fusion.ASKED_COLUMNS})

    for w in user_words:
        freq.setdefault(w, 0)
    # The official heading terms and the English table's rule words are words of a query too: "计数标从…"
    # is 计数标, not 计数 / 标从. Only the query's segmentation knows them; the index keeps jieba's.
    known = dict(freq)
    for w in table_terms(corpus_chars) - user_words:
        known[w] = max(known.get(w, 0), SEGMENT_FLOOR)
    lex = [(w, n, df.get(w, 0), int(w in user_words)) for w, n in known.items() if len(w) <= 16]
    conn.executemany("INSERT INTO search_lex (word, freq, df, is_term) VALUES (?,?,?,?)", lex)

    aliases = _aliases(conn, user_words, freq, tok)
    trad = lexicon.Traditional()
    # Character-level traditional -> simplified covers Taiwan and Hong Kong spellings ("燃盡",
    # "結算鏈", and the question words around them: "會怎樣"); the query path applies it first.
    t2s = trad.char_map(used=char_count)
    py = lexicon.Pinyin()
    for w, n in freq.items():
        # Pinyin keys for the vocabulary: typed pinyin and homophone typos resolve to these words.
        if len(w) >= 2 and re.fullmatch(f"[{CJK}]+", w) and (n >= 2 or w in user_words):
            key = py.key(w)
            if key:
                aliases.add((key, w, "pinyin", "pypinyin"))
    conn.executemany("INSERT INTO search_alias (alias, target, kind, source) VALUES (?,?,?,?)", sorted(aliases))
    # The concept query's weights as SQLite reads them from its text (the postings must hold its floats).
    weights = conn.execute(f"SELECT {', '.join(map(str, rank.BM25_WEIGHTS))}").fetchone()
    lex_words = {r[0] for r in lex}
    phrases.build(conn, fts_rows, weights, lex_words, lex_words | {w for a in aliases for w in a[:2]})
    conn.executemany("INSERT INTO search_t2s (ch, s) VALUES (?,?)", sorted(t2s.items()))
    conn.executemany("INSERT INTO search_py (ch, py) VALUES (?,?)", sorted(py.char_readings.items()))
    model = ngrams.build(conn, (t for d in doc_rows for t in (d["norm"], d["norm_extra"], d["norm_questions"])),
                         py.char_readings)
    steps = _steps(rules, doc_rows)
    conn.executemany("INSERT INTO search_steps (procedure, name, position, sub, number, label, doc_id, titles, norm) "
                     "VALUES (?,?,?,?,?,?,?,?,?)",
                     steps)
    conn.executemany("INSERT OR IGNORE INTO search_pointers (parent, child) VALUES (?,?)", _pointers(doc_rows))
    questions: dict[str, list[str]] = {}
    for row in drafted_rows:
        if row.question:
            questions.setdefault(row.number, []).append(row.question)
    by_id = {r["id"]: r for r in resolved}
    doc_ids = {d["ref"]: d["id"] for d in doc_rows if d["kind"] == "rule"}
    owners = {r["number"]: (doc_ids[owner["id"]], doc_ids[r["id"]]) for r in resolved if drafted.is_label(r.get("number"))
              for owner in [_reader(r, by_id)] if owner is not r and owner["id"] in doc_ids and r["id"] in doc_ids}
    conn.executescript(sublabels.SCHEMA)
    conn.executemany("INSERT INTO search_sublabels (owner, doc, number, label, pairs) VALUES (?,?,?,?,?)",
                     sublabels.rows(owners, questions))
    info = {"N": str(len(doc_rows)), "lex_total": str(sum(freq.values()) or 1), "version": version or "", "avg_idf_floor": str(math.log(len(doc_rows) + 1))} | model
    # The Chinese characters the FTS tables' tokenizer drops: a pair ranking with a character held nowhere is then
    # known to match nothing, without asking FTS5 (judge.search.pairs).
    info[pairs.DROPPED_KEY] = pairs.dropped_chars(conn)
    # Every card name as typed, one per line: a question's spans are tested against the set, and only the names
    # found are read from search_alias (judge.search.analyze._Vocab.card_rows).
    info[CARD_KEYS] = "\n".join(sorted({a for a, _t, kind, _s in aliases if kind == "card"}))
    info[ABSENT_KEY] = "\n".join(f"{phrase.lower()}\t{targets}" for phrase, targets, mode, _s in read_data(PLAYER_WORDS, 4)
                                 if mode == "absent")
    conn.executemany("INSERT INTO search_info (key, value) VALUES (?,?)", info.items())
    conn.commit()
    return {"docs": len(doc_rows), "lexicon": len(freq), "aliases": len(aliases), "t2s": len(t2s), "steps": len(steps)}


def _steps(rules: list[dict], doc_rows: list[dict]) -> list[tuple]:
    """Each step of each ordered procedure of the rules (the version's, as stored), with its subtree's titles
    (and the keywords of the drafted ones) and searchable text (the step and its sub-rules)."""
    by_number: dict[str, list[tuple[int, str, str]]] = {}
    for d in doc_rows:
        n = d["kind"] == "rule" and d.get("number")
        if n:
            title = " ".join([norm_text(drafted.strip_mark(d["title"])), *drafted.keywords(n)]).strip()
            by_number.setdefault(n, []).append((d["id"], title, d["norm"]))
    found = procedures.detect(rules)
    # Each step's subtree in one pass: a document belongs to every step its number or an ancestor's names.
    subtree: dict[str, list[tuple[int, str, str]]] = {step.number: [] for proc in found for step in proc.steps}
    for n, docs in by_number.items():
        parts = n.split(".")
        for depth in range(1, len(parts) + 1):
            inside = subtree.get(".".join(parts[:depth]))
            if inside is not None:
                inside.extend(docs)
    out = []
    for proc in found:
        for step in proc.steps:
            inside = subtree[step.number]
            doc_id = by_number[step.number][0][0] if step.number in by_number else None
            out.append((proc.number, proc.name, step.position, step.sub, step.number, step.label, doc_id,
                        "\n".join(t for _i, t, _n in inside if t), "\n".join(n for _i, _t, n in inside)))
    return out


def _aliases(conn, user_words: set[str], freq: Counter, tok=None) -> set[tuple[str, str, str, str]]:
    out: set[tuple[str, str, str, str]] = set()

    def add_english(name: str, term: str, source: str) -> None:
        key = re.sub(r"\s+", " ", fold(name)).strip(" .")
        if key and re.search("[a-z]", key):
            out.add((key, term, "english", source))
            compact = key.replace(" ", "").replace("-", "")
            if compact != key:
                out.add((compact, term, "english", source))

    if _table_exists(conn, "terms"):
        for term, english, source in conn.execute("SELECT term, english, source FROM terms"):
            t = lexicon.clean_term(term)
            if t and english:
                for name in re.split(r"\s*[/;,，、]\s*", english):
                    add_english(name, t, source or "terms")
    # The FAQ writes "主牌库 (Main Deck)" where the rules say 主牌堆 (glossary: Main Deck): a Chinese
    # word given the English name of a glossary term is a synonym of that term.
    by_english = {key: t for key, t, kind, _s in out if kind == "english"}
    glossary = {lexicon.clean_term(r[0]) for r in conn.execute("SELECT term FROM terms")} if _table_exists(conn, "terms") else set()
    if _table_exists(conn, "faq"):
        pair = re.compile(r"([" + CJK + r"]{2,6})\s*[（(]\s*([A-Za-z][A-Za-z' \-]{1,30}?)\s*[)）]")
        for (blob,) in conn.execute("SELECT coalesce(question, '') || ' ' || coalesce(answer, '') || ' ' || coalesce(bullets, '') FROM faq"):
            for zh, en in pair.findall(blob or ""):
                term = by_english.get(re.sub(r"\s+", " ", fold(en)).strip())
                if not term or zh == term or term in zh:
                    continue
                # The last word before the parenthesis names the thing: "当我的主牌库" -> "主牌库".
                words = tok.lcut(zh, HMM=False) if tok else [zh]
                cand = words[-1]
                if len(cand) < 2 and len(words) > 1:
                    cand = words[-2] + cand
                # Not a fragment of the name ("亚索" of "疾风剑豪-亚索"), nor another glossary term
                # (the FAQ's "法盾 (Shield)" clashes with the rules' 法盾 = Deflect).
                if len(cand) >= 2 and cand not in term and cand not in glossary:
                    out.add((cand, term, "synonym", "faq-english"))
    # Every document's words: a catalog name they write is read as they read it (_catalog_only_names).
    # So are the player-word table's phrases (牺牲 is a player's word before it is a card's name).
    written = "\n".join([fold(r[0] or "") for r in conn.execute("SELECT title || ' ' || text FROM search_docs")]
                        + [fold(p) for p, _t, _m, _s in read_data(PLAYER_WORDS, 4)])
    out |= _card_aliases(tok, written)
    out |= _memberships(conn, user_words)
    for english, chinese, number, source in read_data(HEADING_TERMS, 4):
        # An official heading term names its Chinese rule: "Ready" -> 激活 (rule 415); headings are
        # often plural or carry an article ("Recalls", "The Chain"): the bare term is meant too.
        bare = re.sub(r"^the ", "", english, flags=re.I)
        names = {english, bare, re.sub(r"(?<=[a-z])s$", "", bare) if not bare.endswith("ss") else bare}
        # "Removal of a Player" is also said as the compound "player removal" (turn states, combat steps).
        inverted = re.fullmatch(r"([A-Za-z-]+) of (?:the |an? )?([A-Za-z-]+)", bare)
        if inverted:
            names.add(f"{inverted.group(2)} {inverted.group(1)}")
        for name in names:
            add_english(name, norm_text(chinese), f"heading {number} ({source})")
    out |= _state_conditions(conn)
    for phrase, targets, mode, source in read_data(PLAYER_WORDS, 4):
        for target in targets.split("|"):
            target = norm_text(target)
            if mode == "english" or (mode == "absent" and phrase.isascii()):
                add_english(phrase, target, f"player word: {source}")
            elif mode in ("rewrite", "related", "class", "absent"):
                # Another game's Chinese word (践踏, trample) points at the rules that answer it, like a related word.
                out.add((norm_text(phrase), target, "related" if mode == "absent" else mode, source))
    if _table_exists(conn, "term_aliases"):
        for alias, term, kind, source in conn.execute("SELECT alias, term, kind, source FROM term_aliases"):
            t = lexicon.clean_term(term)
            if not t or not alias:
                continue
            if kind == "english" or not re.search(f"[{CJK}]", alias):
                add_english(alias, t, source or "term_aliases")
            else:
                a = lexicon.clean_term(alias)
                if a and a != t:
                    out.add((a, t, kind or "synonym", source or "term_aliases"))
    return out


_STATE_RULE = re.compile(r"^如果(?:回合中)?(?:有)?(?:正在进行的)?([^，,不没]+?)(?:存在)?[，,](?:则视为)?(?:该)?回合(?:便)?处于(.+?)状态。?$")
# How a player says that the thing of a state's condition is there ("结算链上有东西", "战斗中").
_PRESENT = ("{}存在", "{}上有", "{}中有", "{}里有", "有{}", "{}中", "{}里", "{}期间", "正在进行的{}")


def _state_conditions(conn) -> set[tuple[str, str, str, str]]:
    """The rules define the turn's states by a condition ("如果结算链存在，则视为回合处于闭环状态"): a
    question that says the condition holds ("结算链上有东西的时候") is about that state. Related words,
    derived from the rules' own definitions (positive conditions only)."""
    out: set[tuple[str, str, str, str]] = set()
    if not _table_exists(conn, "rules"):
        return out
    for rule_id, text in conn.execute("SELECT id, text FROM rules WHERE text LIKE '如果%处于%状态%'"):
        m = _STATE_RULE.match((text or "").strip())
        if not m:
            continue
        state = norm_text(m.group(2))
        for thing in re.split(r"或|和|、", m.group(1)):
            thing = norm_text(thing)
            if len(thing) >= 2 and thing != state:
                for form in _PRESENT:
                    out.add((form.format(thing), state, "state", f"{rule_id}: state condition"))
    return out


SEGMENT_FLOOR = 20  # the frequency a query's segmentation gives a term (judge.search.analyze._segment)


def table_terms(corpus_chars: set[str]) -> set[str]:
    """Chinese terms of three or more characters named by the heading-term table and the English rows
    of the player-word table (two-character words are left to the corpus frequencies: "卡在手里" is not
    about 手牌; nor the Chinese rows' rule words, which split answer better: 打出 / 卡牌)."""
    words = {norm_text(zh) for _en, zh, _n, _s in read_data(HEADING_TERMS, 4)}
    words |= {norm_text(t) for _p, targets, m, _s in read_data(PLAYER_WORDS, 4) if m == "english" for t in targets.split("|")}
    return {w for w in words if 3 <= len(w) <= 8 and re.fullmatch(f"[{CJK}]+", w) and set(w) <= corpus_chars}


_CALLED_FAQ = re.compile(r"(?:这|即|被)称为“?([\u4e00-\u9fff]{2,6}?)”?[。，,.]")
_CALLED = re.compile(r"这类([\u4e00-\u9fff]{2,8})可以被称为([\u4e00-\u9fff]{2,8})")
_INCLUDES = re.compile(r"([\u4e00-\u9fff]{2,12})包括[：:]([^。]+)")


def _memberships(conn, user_words: set[str]) -> set[tuple[str, str, str, str]]:
    """"与玩家对应的非场地区域包括：主牌堆、…、废牌堆…": each listed thing is one of the class, so a
    question about 废牌堆 may be answered by a rule about 非场地区域 (related words, from the rules)."""
    out: set[tuple[str, str, str, str]] = set()
    if not _table_exists(conn, "rules"):
        return out
    # "这类触发式技能可以被称为进攻触发": an 进攻触发 is a 触发式技能.
    for (text,) in conn.execute("SELECT text FROM rules WHERE text LIKE '%被称为%'"):
        for m in _CALLED.finditer(norm_text(text or "")):
            if m.group(1) != m.group(2):
                out.add((m.group(2), m.group(1), "class", f"rules: 这类{m.group(1)}可以被称为{m.group(2)}"))
    for (text,) in conn.execute("SELECT text FROM rules WHERE text LIKE '%包括%'"):
        for m in _INCLUDES.finditer(norm_text(text or "").replace(":", "：")):
            head = m.group(1)
            cls = head.split("的")[-1]  # "与玩家对应的非场地区域" -> 非场地区域
            for item in re.split(r"[、，,]|和|及", m.group(2)):
                item = item.strip()
                if 2 <= len(item) <= 8 and item != cls:
                    out.add((item, cls, "class", f"rules: {cls}包括…{item}"))
    return out


def _name_key(name: str) -> str:
    """A card's name as a query's span may type it: no separators, no marks ("扑咚!" is typed 扑咚, "随从(祖安)"
    随从祖安)."""
    return re.sub(r"[\s\-－—·,，'’!?()]+", "", fold(name))


def _card_aliases(tok=None, words: str = "") -> set[tuple[str, str, str, str]]:
    """Card names as judges type them -> the name the FAQs use (their entries are titled with it):
    the catalog's Chinese name (with or without its subtitle), its champion's name, its English name and
    pinyin, and the FAQ's own English name (judge.cards: the catalog facts and the FAQs' names for cards)."""
    try:
        from judge.cards.catalog import catalog
    except ImportError:  # the card facts are not installed: the FAQ names alone still work
        return set()
    cat = catalog()
    out: set[tuple[str, str, str, str]] = set()
    # A champion's name in pinyin, from the card named after the champion ("yasuo").
    champion_pinyin = {c.champion: (c.pinyin or "").split("|")[0] for c in cat.cards.values() if c.champion and c.name == c.champion}
    for fn in cat.faq_names:
        target = norm_text(fn.name)
        if not target:
            continue
        names = {fn.name, fn.english}
        source = f"card {fn.card_id or fn.name}"
        if fn.card_id:
            card = cat.card(fn.card_id)
            py = (card.pinyin or "").replace(" ", "").split("|")
            # The champion's name too: "亚索" is the champion of a legend (疾风剑豪), a unit (亚索-迷途怅惘) and a
            # spell (狂风绝息斩): a bare name of several cards stands for each of them.
            names |= {card.name, card.english, "".join(py), py[0], card.champion, champion_pinyin.get(card.champion)}
            if card.subtitle:
                names |= {f"{card.name}-{card.subtitle}", f"{card.name}{card.subtitle}", f"{card.subtitle}{card.name}"}
        for n in names:
            key = _name_key(n or "")
            if len(key) >= 2 and key != target:
                out.add((key, target, "card", source))
        out.add((target, target, "card", source))  # the FAQ's own name, so its rows share the card's source
    out |= _catalog_only_names(cat, {fn.card_id for fn in cat.faq_names if fn.card_id}, words)
    return out


def _catalog_only_names(cat, ruled: set[str], words: str) -> set[tuple[str, str, str, str]]:
    """The catalog's cards no FAQ rules on, by name: a question naming one ("迅捷蟹", "强制征召") reads the
    whole name as the card, not the keyword or the words it contains (迅捷, 强制). Left out: a bare name the
    rules, the FAQs or the player-word table write themselves (`words`: 亚索, 精灵, 狩猎, 牺牲 are read as
    they read them); its name with its subtitle stays the card's."""
    out: set[tuple[str, str, str, str]] = set()
    for card in cat.cards.values():
        if card.id in ruled:
            continue
        key = _name_key(card.name)
        source = f"card {card.id}"
        target = f"{card.name}-{card.subtitle}" if card.subtitle else card.name
        names = set()
        if card.subtitle:
            names |= {target, f"{card.name}{card.subtitle}", f"{card.subtitle}{card.name}"}
        bare = len(key) >= 2 and key not in words
        if bare:
            names.add(card.name)
            py = (card.pinyin or "").replace(" ", "").split("|")[0]
            if len(key) >= 3 and len(py) >= 6:
                names.add(py)
        if card.english and " " in card.english.strip():  # one English word may be a rules word (Rally)
            names.add(card.english)
        if not names:
            continue
        for n in names:
            k = _name_key(n)
            if len(k) >= 2:
                out.add((k, norm_text(target), "card", source))
        out.add((norm_text(target), norm_text(target), "card", source))
        # What the rules say of the card: the keywords it carries (风之障壁: 反应), read when it is named.
        # (Its value aside: 强攻 4 is 强攻.)
        out.update((norm_text(target), k.split()[0], CARD_KEYWORD, source) for k in card.keywords if k.split())
    return out




def _corpus_hash(docs_manifest) -> str | None:
    if not docs_manifest:
        return None
    from judge.corpus import manifest

    return manifest.corpus_hash(docs_manifest)
