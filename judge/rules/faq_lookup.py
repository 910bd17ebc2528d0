"""Read FAQ entries, errata and the glossary from the store (plain sqlite3, as every reader does).

The CLI, the docs and the search call these; unknown ids, cards and terms raise NotFoundError with
the nearest existing names (rapidfuzz) as a suggestion.
"""

from __future__ import annotations

import json
import re
import sqlite3

from judge.errors import JudgeError, NotFoundError
from judge.records import FAQ_REF_METHODS
from judge.rules.zh_clean import name_key

# An entry's rules, most certain link first (FAQ_REF_METHODS is ordered so).
_BY_METHOD = "CASE f.method " + " ".join(f"WHEN '{m}' THEN {i}" for i, m in enumerate(FAQ_REF_METHODS)) + \
    f" ELSE {len(FAQ_REF_METHODS)} END"

DOCS = {"core": "核心规则FAQ", "referee": "裁判FAQ"}


def _rows(conn: sqlite3.Connection, sql: str, args=()) -> list[dict]:
    return [dict(r) for r in conn.execute(sql, args).fetchall()]


def _suggest(query: str, choices: list[str], limit: int = 5) -> list[str]:
    from rapidfuzz import fuzz, process

    seen, out = set(), []
    from rapidfuzz import utils

    for choice, score, _ in process.extract(query, choices, scorer=fuzz.WRatio, processor=utils.default_process,
                                            limit=limit * 3):
        if score >= 50 and choice not in seen:
            seen.add(choice)
            out.append(choice)
    return out[:limit]


# ------------------------------------------------------------ entries

def list_entries(conn, doc: str | None = None, topic: str | None = None, status: str | None = None) -> list[dict]:
    if doc and doc not in DOCS:
        raise JudgeError(f"未知的 FAQ 文档“{doc}”。可选：core（核心规则FAQ）、referee（裁判FAQ）")
    sql, args = "SELECT * FROM faq WHERE 1=1", []
    if doc:
        sql += " AND doc = ?"
        args.append(doc)
    rows = _rows(conn, sql, args)
    if topic:
        key = name_key(topic)
        matched = [r for r in rows if key in name_key(r["topic"] or "") or key in name_key(r["card"] or "")]
        if not matched:
            topics = sorted({r["topic"] for r in rows if r["topic"]})
            raise NotFoundError(f"没有主题为“{topic}”的 FAQ 条目。",
                                hint="可用主题：" + "、".join(_suggest(topic, topics) or topics[:12]))
        rows = matched
    if status:
        rows = [r for r in rows if r["status"] == status]
    rows.sort(key=lambda r: (r["doc"] != "core", r["source_line"]))
    return rows


_ID = re.compile(r"^\s*([CRcr])\s*-?\s*[Ll]?\s*-?\s*(\d+)\s*$")


def normalize_id(text: str) -> str | None:
    """"C-L33", "c33", "C-33", "r-l41" -> canonical id; None if it has no id shape."""
    m = _ID.match(text)
    return f"{m.group(1).upper()}-L{int(m.group(2))}" if m else None


def get_entry(conn, entry_id: str) -> dict:
    """An entry with its bullets decoded, linked rules and errata."""
    canonical = normalize_id(entry_id)
    if canonical is None:
        raise JudgeError(f"“{entry_id}”不是 FAQ 条目编号。",
                         hint="编号形如 C-L33（核心规则FAQ 第 33 行）或 R-L41（裁判FAQ 第 41 行）；用 judge faq list 查看全部。")
    rows = _rows(conn, "SELECT * FROM faq WHERE id = ?", (canonical,))
    if not rows:
        ids = [r[0] for r in conn.execute("SELECT id FROM faq")]
        near = sorted(ids, key=lambda i: (i[0] != canonical[0], abs(int(i.split("L")[1]) - int(canonical.split("L")[1]))))[:5]
        raise NotFoundError(f"没有编号为 {canonical} 的 FAQ 条目。", hint="最接近的条目：" + "、".join(near))
    entry = rows[0]
    entry["bullets"] = json.loads(entry["bullets"] or "[]")
    entry["refs"] = _rows(conn, """
        SELECT f.raw, f.old_number, f.method, f.confidence, r.id AS rule_id, r.number, r.display_number,
               r.number_source, r.title, r.text
        FROM faq_refs f LEFT JOIN rules r ON r.id = f.rule_id
        WHERE f.faq_id = ? ORDER BY """ + _BY_METHOD + ", f.confidence DESC", (canonical,))
    entry["errata"] = _rows(conn, "SELECT * FROM errata WHERE faq_id = ? ORDER BY source_line", (canonical,))
    entry["superseded_rule"] = None
    if entry["superseded_by"]:
        found = _rows(conn, "SELECT id, number, display_number, number_source, title FROM rules "
                            "WHERE number = ? AND version = (SELECT value FROM meta WHERE key = 'current_version')",
                      (entry["superseded_by"],))
        entry["superseded_rule"] = found[0] if found else None
    return entry


def entries_for_rule(conn, rule_id: str) -> list[dict]:
    """FAQ entries linked to a rule (for `judge rule` and the docs)."""
    return _rows(conn, """SELECT DISTINCT q.id, q.doc, q.question, q.answer, q.status, f.method, f.confidence
                          FROM faq_refs f JOIN faq q ON q.id = f.faq_id WHERE f.rule_id = ?
                          ORDER BY f.confidence DESC""", (rule_id,))


# ------------------------------------------------------------ errata

def _card_names(conn) -> dict[str, set[str]]:
    """Card key -> every name it is known by (Chinese, English, the FAQ's other Chinese names)."""
    names: dict[str, set[str]] = {}
    rows = _rows(conn, "SELECT card_zh, card_en FROM errata")
    cards = _rows(conn, "SELECT term, english FROM terms WHERE kind = 'card'")
    by_en: dict[str, set[str]] = {}
    for r in rows + [{"card_zh": c["term"], "card_en": c["english"]} for c in cards]:
        if r["card_en"]:
            by_en.setdefault(name_key(r["card_en"]), set()).add(r["card_zh"])
    for r in rows:
        group = {r["card_zh"]} | ({r["card_en"]} if r["card_en"] else set())
        if r["card_en"]:
            group |= by_en.get(name_key(r["card_en"]), set())
        names.setdefault(r["card_zh"], set()).update(group)
    return names


def errata(conn, card: str | None = None) -> list[dict]:
    """Every revised card text, or those of one card (Chinese, English or alternative name; fuzzy)."""
    rows = _rows(conn, "SELECT * FROM errata ORDER BY id LIKE 'E-R%', source_line")
    if not card:
        return rows
    names = _card_names(conn)
    key = name_key(card)
    exact = {zh for zh, group in names.items() if any(name_key(n) == key for n in group)}
    if not exact:
        exact = {zh for zh, group in names.items() if any(key and key in name_key(n) for n in group)}
    if not exact:
        from rapidfuzz import fuzz

        scored = [(max(fuzz.WRatio(card.lower(), n.lower()) for n in group), zh) for zh, group in names.items()]
        best = max(scored, default=(0, None))
        if best[0] >= 85:
            exact = {best[1]}
        else:
            all_names = sorted({n for g in names.values() for n in g})
            raise NotFoundError(f"没有“{card}”的勘误（修订文本）。",
                                hint="你是不是要找：" + "、".join(_suggest(card, all_names)) +
                                "；用 judge faq errata 列出全部勘误。")
    return [r for r in rows if r["card_zh"] in exact]


# ------------------------------------------------------------ glossary

def glossary(conn, term: str | None = None, include_cards: bool = False) -> list[dict]:
    """Glossary terms (with aliases and defining rule); one term by Chinese, English or alias (fuzzy)."""
    sql = """SELECT t.term, t.english, t.kind, t.source, t.rule_id, r.number, r.display_number, r.number_source,
                    r.title, r.text
             FROM terms t LEFT JOIN rules r ON r.id = t.rule_id"""
    rows = _rows(conn, sql)
    if not include_cards and not term:
        rows = [r for r in rows if r["kind"] != "card"]
    aliases = _rows(conn, "SELECT alias, term, kind, source FROM term_aliases")
    by_term: dict[str, list[dict]] = {}
    for a in aliases:
        by_term.setdefault(a["term"], []).append(a)
    for r in rows:
        r["aliases"] = [a for a in by_term.get(r["term"], []) if a["alias"] != r["english"] or a["kind"] != "english"]
    if not term:
        return sorted(rows, key=lambda r: (r["kind"] != "keyword", r["kind"] == "card", r["term"]))
    key = name_key(term)
    hits = [r for r in rows if name_key(r["term"]) == key or name_key(r["english"] or "") == key
            or any(name_key(a["alias"]) == key for a in r["aliases"])]
    if not hits:
        names = sorted({r["term"] for r in rows} | {r["english"] for r in rows if r["english"]} |
                       {a["alias"] for a in aliases})
        from rapidfuzz import fuzz

        best = [n for n in _suggest(term, names) if fuzz.WRatio(term.lower(), n.lower()) >= 90]
        if best:
            b = name_key(best[0])
            hits = [r for r in rows if b in (name_key(r["term"]), name_key(r["english"] or ""))
                    or any(name_key(a["alias"]) == b for a in r["aliases"])]
        if not hits:
            raise NotFoundError(f"术语表中没有“{term}”。",
                                hint="你是不是要找：" + ("、".join(_suggest(term, names)) or "（无相近术语）") +
                                "；用 judge glossary 列出全部术语，或用 judge search 全文搜索。")
    hits.sort(key=lambda r: (r["kind"] == "card", r["kind"] != "keyword"))
    return hits
