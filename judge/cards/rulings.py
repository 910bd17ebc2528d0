"""What the rules and FAQs say about a card, read from the store: its keywords' rules, the FAQ entries
and errata that name it (through the names the FAQs use, judge/cards/data/faq_names.tsv).

Every rule number returned is a row of the current tree (a keyword without a rule of its own links to
the rule that defines the glossary term, or to none). Plain sqlite3, like every store reader.
"""

from __future__ import annotations

import json

from judge.cards.catalog import Catalog, catalog
from judge.cards.model import Card
from judge.rules.drafted import strip_mark
from judge.rules.ruling_status import STATUS_ORDER

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:  # the store hands out the connection; sqlite3 (and datetime under it) stays unimported
    import sqlite3

# The catalog spells one keyword differently from the rules: Vision is 预视 in the rules, 预知 on cards.
RULES_SPELLING = {"预知": "预视"}


def keyword_rules(conn: sqlite3.Connection, card: Card) -> list[dict]:
    """[{"keyword", "value", "kind", "rules_name", "english", "rule": {number, display_number, number_source, title}
    | None, "via": keyword | glossary | None, "own_rule": bool}] for the card's keywords, then its other marked-up terms (kind "term"). A keyword's rule is the
    keyword's rule of the current tree (805 急速, 811 待命), else the rule the glossary links the term to."""
    items = [("keyword", k) for k in card.keywords] + [("term", t) for t in card.terms]
    if not items:
        return []
    names = list(dict.fromkeys(RULES_SPELLING.get(i.split(" ")[0], i.split(" ")[0]) for _, i in items))
    marks = ",".join("?" * len(names))
    keyword_rule: dict[str, dict] = {}  # the keyword's own rule in the 800s (805 急速, 811 待命)
    for row in conn.execute(
            f"SELECT number, display_number, number_source, title FROM rules WHERE title IN ({marks}) "
            "AND number LIKE '8__' AND version = (SELECT value FROM meta WHERE key = 'current_version')", names):
        keyword_rule[row["title"]] = dict(row)
    glossary: dict[str, sqlite3.Row] = {}
    for row in conn.execute(
            f"SELECT t.term, t.english, r.number, r.display_number, r.number_source, r.title FROM terms t "
            f"LEFT JOIN rules r ON r.id = t.rule_id WHERE t.term IN ({marks}) "
            "ORDER BY t.kind = 'keyword', t.rule_id IS NOT NULL", names):
        glossary[row["term"]] = row  # a keyword with a rule (last after the sort) wins
    out = []
    for kind, item in items:
        name, _, value = item.partition(" ")
        rules_name = RULES_SPELLING.get(name, name)
        term = glossary.get(rules_name)
        rule = keyword_rule.get(rules_name) if kind == "keyword" else None
        via = "keyword" if rule else None
        if rule is None and term is not None and term["number"]:
            rule = {"number": term["number"], "display_number": term["display_number"],
                    "number_source": term["number_source"], "title": term["title"]}
            via = "glossary"
        out.append({"keyword": name, "value": value or None, "kind": kind,
                    "rules_name": rules_name if rules_name != name else None,
                    "english": term["english"] if term is not None else None, "rule": rule, "via": via,
                    # the glossary's rule is about the keyword itself, or only the chapter it belongs to
                    "own_rule": bool(rule) and strip_mark(rule.get("title")) == rules_name})
    return out


def _entry_text(row: sqlite3.Row) -> str:
    parts = [row["question"] or "", row["answer"] or ""]

    def walk(items):
        for b in items:
            parts.append(b.get("text", ""))
            walk(b.get("children", []))

    walk(json.loads(row["bullets"] or "[]"))
    return "\n".join(parts)


def entry_cards(card_field: str | None, text: str, cat: Catalog | None = None) -> list[str]:
    """Card ids a FAQ entry is about: the card names the FAQ parser attached to it (its `card` field),
    and the short or other names the FAQ text quotes without an English pair (curated in faq_names.tsv)."""
    cat = cat or catalog()
    by_name = cat.faq_name_index()
    out: list[str] = []
    for name in (card_field or "").split("、"):
        fn = by_name.get(name)
        if fn is not None and fn.card_id and fn.card_id not in out:
            out.append(fn.card_id)
    for fn in cat.quoted_faq_names():
        if fn.card_id not in out and (f"“{fn.name}" in text or f"【{fn.name}" in text):
            out.append(fn.card_id)
    return out


def faq_entries(conn: sqlite3.Connection, card: Card, cat: Catalog | None = None) -> list[dict]:
    """The FAQ entries about the card, current rulings first (referee FAQ, then core FAQ: the order of
    authority), then those a current rule replaced: partly superseded ones (their result still holds), superseded
    ones last (ruling_status.STATUS_ORDER); each a judge.rules.faq_lookup.get_entry dict plus "matched_name"."""
    cat = cat or catalog()
    names = {fn.name for fn in cat.names_in_faq(card)}
    if not names:
        return []
    quoted = [fn.name for fn in cat.quoted_faq_names() if fn.card_id == card.id]
    hits: dict[str, str] = {}
    for row in conn.execute("SELECT id, card, question, answer, bullets FROM faq"):
        listed = [n for n in (row["card"] or "").split("、") if n in names]
        if listed:
            hits[row["id"]] = listed[0]
        elif quoted:
            text = _entry_text(row)
            found = [n for n in quoted if f"“{n}" in text or f"【{n}" in text]
            if found:
                hits[row["id"]] = found[0]
    entries = []
    if hits:
        from judge.rules import faq_lookup
    for entry_id, name in hits.items():
        e = faq_lookup.get_entry(conn, entry_id)
        e["matched_name"] = name
        entries.append(e)
    entries.sort(key=lambda e: (STATUS_ORDER.get(e["status"] or "valid", 0), e["doc"] != "referee",
                                e["source_line"]))
    return entries


def errata(conn: sqlite3.Connection, card: Card, cat: Catalog | None = None) -> list[dict]:
    """Revised card texts the FAQs print for this card."""
    cat = cat or catalog()
    names = {fn.name for fn in cat.names_in_faq(card)}
    if not names:
        return []
    rows = conn.execute("SELECT * FROM errata ORDER BY id LIKE 'E-R%', source_line").fetchall()
    return [dict(r) for r in rows if r["card_zh"] in names]
