"""The build stages of the store: each computes part of the content with the pure builders of
judge.rules (or judge.search) and writes it. The store owns the schema; judge.rules knows nothing
of it. A stage is `stage(db: sqlite_utils.Database, ctx: BuildContext) -> None`; stages run in the
order of judge.store.build.STAGES and hand results to later stages in ctx.data.
"""

from __future__ import annotations

from judge.store import rows
from judge.store.schema import TABLES


def tree(db, ctx) -> None:
    """Rules, examples, cross-references and versions of every rules document (the current version
    numbered by the shipped official map, then by the judge's own reference if one is stored)."""
    import json

    from judge.rules.align.apply import apply_latest
    from judge.rules.tree import build_trees, current_version

    trees = build_trees(ctx.docs)
    current = current_version(ctx.docs)
    # The judge's stored reference (judge corpus align) renumbers the current tree in memory, so the
    # rows below are written once, already aligned, and every later stage sees the aligned numbers.
    # Finished alignments are reused from ctx.data["alignment_results"] (judge.store.alignments).
    report, error, ref_name = apply_latest(trees.get(current), ctx.docs, ctx.data.get("alignment_results"),
                                           ctx.data.get("align_progress"))
    if error:
        _meta(db, "align_error", error)
    if report is not None:
        _meta(db, "align_report", json.dumps(report, ensure_ascii=False))
        _meta(db, "align_reference", ref_name)
    all_rules, examples, refs = [], [], []
    for t in trees.values():
        all_rules.extend(rows.rule_rows(t))
        examples.extend(rows.example_rows(t))
        refs.extend(rows.ref_row(ref) for ref in t.refs)
    _insert(db, "rules", all_rules)
    _insert(db, "examples", examples)
    _insert(db, "refs", refs)
    _insert(db, "versions", [rows.version_row(t) for t in trees.values()])
    db["meta"].insert_all([{"key": "current_version", "value": current}], pk="key", replace=True)
    for table, cols in (("rules", ["version", "number"]), ("rules", ["version", "parent"]), ("refs", ["from_rule"]),
                        ("refs", ["to_rule"]), ("refs", ["to_number"]), ("examples", ["rule_id"])):
        db[table].create_index(cols, if_not_exists=True)
    ctx.data["trees"] = trees
    ctx.data["current_version"] = current
    ctx.data["rules"] = [row for row in all_rules if row["version"] == current]


def _insert(db, table: str, records: list[dict]) -> None:
    """Rows into a table of the schema (created by the build), in order, by one executemany: sqlite-utils'
    insert_all prepares a statement per chunk and converts every value in Python first."""
    columns = list(TABLES[table])
    unknown = {k for r in records for k in r} - set(columns)
    if unknown:
        raise ValueError(f"{table}: columns not in the schema: {sorted(unknown)}")
    db.conn.executemany(f"INSERT INTO [{table}] ({', '.join(f'[{c}]' for c in columns)}) VALUES ({', '.join('?' * len(columns))})",
                        [tuple(map(r.get, columns)) for r in records])


def _meta(db, key: str, value: str) -> None:
    db["meta"].insert_all([{"key": key, "value": value}], pk="key", replace=True)


def faq(db, ctx) -> None:
    """FAQ entries, errata and the links of entries to rules; the parsed FAQs go on in ctx.data."""
    from judge.rules.faq import build_faq

    content = build_faq(ctx.docs, ctx.data.get("rules", []))
    _insert(db, "faq", [rows.faq_row(e) for e in content.entries])
    _insert(db, "errata", [rows.erratum_row(x) for x in content.errata])
    _insert(db, "faq_refs", content.links)
    for table, cols in (("faq_refs", ["faq_id"]), ("faq_refs", ["rule_id"]), ("faq", ["doc", "topic"])):
        db[table].create_index(cols, if_not_exists=True)
    ctx.data["faq"] = {"core": content.core, "referee": content.referee, "status_problems": content.status_problems}


def glossary(db, ctx) -> None:
    """The bilingual glossary: terms and their aliases."""
    from judge.rules.glossary import build_from_documents

    parsed = ctx.data.get("faq") or {}
    terms = build_from_documents(ctx.docs, ctx.data.get("rules", []), parsed.get("core"), parsed.get("referee"))
    _insert(db, "terms", [rows.term_row(t) for t in terms])
    _insert(db, "term_aliases", rows.alias_rows(terms))
    for table, cols in (("terms", ["term"]), ("term_aliases", ["alias"]), ("term_aliases", ["term"])):
        db[table].create_index(cols, if_not_exists=True)
    ctx.data["glossary"] = terms


def search(db, ctx) -> None:
    """The search index over everything written before (judge.search.index)."""
    from judge.search.index import build

    ctx.data["search"] = build(db.conn, ctx.docs)
