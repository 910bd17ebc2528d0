"""Everything the site shows, read once from the store (plain sqlite3, read only).

Robust to a table that is missing or empty: the site then shows that the part is not built yet,
instead of failing. Only the current rules version is rendered as rule pages; other versions
feed the diff page.
"""

from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field

from judge.records import Erratum, FaqEntry, FaqRef, Ref, Rule, Term, Version, decode_bullets

__all__ = ["DocsData", "Erratum", "FaqEntry", "FaqRef", "Ref", "Rule", "Term", "Version", "load",
           "pick_current_version"]


@dataclass
class DocsData:
    current_version: str | None
    versions: list[Version]
    rules: list[Rule]                      # current version, document order
    other_rules: dict[str, list[Rule]]     # version -> rules, document order
    rules_by_id: dict[str, Rule]           # every version
    refs: list[Ref]
    faq: list[FaqEntry]
    faq_refs: list[FaqRef]
    errata: list[Erratum]
    terms: list[Term]
    meta: dict[str, str]
    missing_tables: list[str]
    diffs: dict = field(default_factory=dict)  # other version -> judge.rules.versions.compare pairs

    def refs_out(self, rule_id: str) -> list[Ref]:
        return self._refs_out.get(rule_id, [])

    def refs_in(self, rule_id: str) -> list[Ref]:
        return self._refs_in.get(rule_id, [])

    def faq_refs_of(self, faq_id: str) -> list[FaqRef]:
        return self._faq_refs_by_faq.get(faq_id, [])

    def faq_refs_to(self, rule_id: str) -> list[FaqRef]:
        return self._faq_refs_by_rule.get(rule_id, [])

    def index(self) -> None:
        self._refs_out: dict[str, list[Ref]] = defaultdict(list)
        self._refs_in: dict[str, list[Ref]] = defaultdict(list)
        for ref in self.refs:
            self._refs_out[ref.from_rule].append(ref)
            if ref.to_rule:
                self._refs_in[ref.to_rule].append(ref)
        self._faq_refs_by_faq: dict[str, list[FaqRef]] = defaultdict(list)
        self._faq_refs_by_rule: dict[str, list[FaqRef]] = defaultdict(list)
        for fr in self.faq_refs:
            self._faq_refs_by_faq[fr.faq_id].append(fr)
            if fr.rule_id:
                self._faq_refs_by_rule[fr.rule_id].append(fr)
        self.faq_by_id = {f.id: f for f in self.faq}
        self.rule_by_number = {r.number: r for r in self.rules if r.number}


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute("select name from sqlite_master where type in ('table','view')")}


def _rows(conn: sqlite3.Connection, table: str, present: set[str], order: str = "") -> list[dict]:
    if table not in present:
        return []
    cur = conn.execute(f"select * from [{table}] {order}")
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def _s(value) -> str:
    return "" if value is None else str(value)


def _bullets(value) -> list[tuple[int, str]]:
    return decode_bullets(value)


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def pick_current_version(versions: list[Version], rule_versions: set[str]) -> str | None:
    """The full rules document with the latest date is the current version."""
    full = [v.version for v in versions if v.kind == "rules"]
    dated = sorted((v for v in full if _DATE.match(v)), reverse=True)
    if dated:
        return dated[0]
    if full:
        return full[0]
    dated_rules = sorted((v for v in rule_versions if _DATE.match(v)), reverse=True)
    return dated_rules[0] if dated_rules else (sorted(rule_versions)[0] if rule_versions else None)


def load(conn: sqlite3.Connection) -> DocsData:
    present = _tables(conn)
    wanted = ["rules", "examples", "refs", "terms", "term_aliases", "faq", "errata", "faq_refs", "versions", "meta"]
    missing = [t for t in wanted if t not in present]

    versions = [Version.from_row(r) for r in _rows(conn, "versions", present)]
    examples: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for r in _rows(conn, "examples", present):
        examples[_s(r.get("rule_id"))].append((r.get("ord") or 0, _s(r.get("text"))))

    all_rules: list[Rule] = []
    for r in _rows(conn, "rules", present, "order by version, ord"):
        rule = Rule.from_row(r)
        rule.examples = [t for _, t in sorted(examples.get(rule.id, []), key=lambda e: e[0])]
        all_rules.append(rule)

    meta = {_s(r.get("key")): _s(r.get("value")) for r in _rows(conn, "meta", present)}
    current = meta.get("current_version") or pick_current_version(versions, {r.version for r in all_rules})
    rules = [r for r in all_rules if r.version == current]
    others: dict[str, list[Rule]] = defaultdict(list)
    for r in all_rules:
        if r.version != current:
            others[r.version].append(r)

    refs = [Ref.from_row(r) for r in _rows(conn, "refs", present)]
    faq = [FaqEntry.from_row(r) for r in _rows(conn, "faq", present)]
    faq_refs = [FaqRef.from_row(r) for r in _rows(conn, "faq_refs", present)]
    errata = [Erratum.from_row(r) for r in _rows(conn, "errata", present)]
    terms: dict[str, Term] = {}
    for r in _rows(conn, "terms", present):
        name = _s(r.get("term"))
        if name and name not in terms:
            terms[name] = Term(name, _s(r.get("english")), _s(r.get("rule_id")), _s(r.get("kind")), _s(r.get("source")))
    for r in _rows(conn, "term_aliases", present):
        term = terms.get(_s(r.get("term")))
        alias = _s(r.get("alias"))
        if term and alias and alias != term.term and (alias, _s(r.get("kind"))) not in term.aliases:
            term.aliases.append((alias, _s(r.get("kind"))))
    data = DocsData(
        current_version=current, versions=versions, rules=rules, other_rules=dict(others),
        rules_by_id={r.id: r for r in all_rules}, refs=refs, faq=faq, faq_refs=faq_refs, errata=errata,
        terms=list(terms.values()), meta=meta, missing_tables=missing,
    )
    data.index()
    return data
