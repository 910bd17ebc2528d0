"""The build stages of the store: each computes part of the content with the pure builders of
judge.rules (or judge.search) and writes it. The store owns the schema; judge.rules knows nothing
of it. A stage is `stage(db: sqlite_utils.Database, ctx: BuildContext) -> None`; stages run in the
order of judge.store.build.STAGES and hand results to later stages in ctx.data.
"""

from __future__ import annotations

from judge.store import rows
from judge.store.schema import TABLES


def tree(db, ctx) -> None:
    """Rules, examples, cross-references and versions of every rules document."""
    from judge.rules.tree import build_trees, current_version

    trees = build_trees(ctx.docs)
    current = current_version(ctx.docs)
    all_rules, examples, refs = [], [], []
    for t in trees.values():
        all_rules.extend(rows.rule_rows(t))
        examples.extend(rows.example_rows(t))
        refs.extend(rows.ref_row(ref) for ref in t.refs)
    db["rules"].insert_all(all_rules, pk="id", columns=TABLES["rules"])
    db["examples"].insert_all(examples, columns=TABLES["examples"])
    db["refs"].insert_all(refs, columns=TABLES["refs"])
    db["versions"].insert_all([rows.version_row(t) for t in trees.values()], pk="version", columns=TABLES["versions"])
    db["meta"].insert_all([{"key": "current_version", "value": current}], pk="key", replace=True)
    for table, cols in (("rules", ["version", "number"]), ("rules", ["version", "parent"]), ("refs", ["from_rule"]),
                        ("refs", ["to_rule"]), ("refs", ["to_number"]), ("examples", ["rule_id"])):
        db[table].create_index(cols, if_not_exists=True)
    ctx.data["trees"] = trees
    ctx.data["current_version"] = current
    ctx.data["rules"] = [row for row in all_rules if row["version"] == current]


def align(db, ctx) -> None:
    """The latest stored user reference (judge corpus align), applied to the current version's tree.

    Runs right after the tree stage so every later stage (FAQ links, search, docs) sees the aligned
    numbers; with no stored reference it does nothing. A reference that cannot be applied never breaks
    the build: the error is kept in meta (align_error) and the shipped numbering stays. Finished
    alignments are reused from ctx.data["alignment_results"] (judge.store.alignments), not redone.
    """
    import json

    from judge.rules.align import storage

    ref = storage.latest()
    if ref is None:
        return
    current = ctx.data.get("current_version")
    tree = (ctx.data.get("trees") or {}).get(current)
    if tree is None:
        _meta(db, "align_error", "规则树中没有当前版本，无法应用参考文本。")
        return
    from judge.rules.align import dp
    from judge.rules.align.apply import apply
    from judge.rules.align.glossary import from_store

    # An earlier alignment of this reference to this corpus and code is a result, not redone.
    results = ctx.data.get("alignment_results")
    cached = results.load(ref, current) if results is not None else None
    if cached is not None:
        rules, report = cached
    else:
        dp.progress_hook = ctx.data.get("align_progress")
        try:
            rules, report = apply(list(tree.rules), ref, current, from_store(db.conn, ctx.docs))
        except Exception as exc:  # noqa: BLE001 - a user reference must never break the store
            _meta(db, "align_error", f"应用参考文本「{ref.name}」时出错：{type(exc).__name__}: {exc}")
            return
        finally:
            dp.progress_hook = None
        if results is not None:
            results.save(ref, current, rules, report)
    if report["applied"]:
        tree.rules = rules
        _rewrite_version(db, tree, current)
        ctx.data["rules"] = [row for row in db["rules"].rows_where("version = ?", [current], order_by="ord")]
    _meta(db, "align_report", json.dumps(report, ensure_ascii=False))
    _meta(db, "align_reference", ref.name)


def _rewrite_version(db, tree, version: str) -> None:
    """Replace one version's rules, examples and citations with those of `tree` (renumbered)."""
    from judge.rules.tree import build_refs

    ids = [r[0] for r in db.conn.execute("SELECT id FROM rules WHERE version = ?", (version,))]
    db.conn.execute("DELETE FROM rules WHERE version = ?", (version,))
    db.conn.executemany("DELETE FROM examples WHERE rule_id = ?", [(i,) for i in ids])
    db.conn.executemany("DELETE FROM refs WHERE from_rule = ?", [(i,) for i in ids])
    tree.refs = []
    build_refs(tree)
    db["rules"].insert_all(rows.rule_rows(tree), pk="id", columns=TABLES["rules"])
    db["examples"].insert_all(rows.example_rows(tree), columns=TABLES["examples"])
    db["refs"].insert_all((rows.ref_row(ref) for ref in tree.refs), columns=TABLES["refs"])


def _meta(db, key: str, value: str) -> None:
    db["meta"].insert_all([{"key": key, "value": value}], pk="key", replace=True)


def faq(db, ctx) -> None:
    """FAQ entries, errata and the links of entries to rules; the parsed FAQs go on in ctx.data."""
    from judge.rules.faq import build_faq

    content = build_faq(ctx.docs, ctx.data.get("rules", []))
    db["faq"].insert_all([rows.faq_row(e) for e in content.entries], pk="id", columns=TABLES["faq"])
    db["errata"].insert_all([rows.erratum_row(x) for x in content.errata], pk="id", columns=TABLES["errata"])
    db["faq_refs"].insert_all(content.links, columns=TABLES["faq_refs"])
    for table, cols in (("faq_refs", ["faq_id"]), ("faq_refs", ["rule_id"]), ("faq", ["doc", "topic"])):
        db[table].create_index(cols, if_not_exists=True)
    ctx.data["faq"] = {"core": content.core, "referee": content.referee, "status_problems": content.status_problems}


def glossary(db, ctx) -> None:
    """The bilingual glossary: terms and their aliases."""
    from judge.rules.glossary import build_from_documents

    parsed = ctx.data.get("faq") or {}
    terms = build_from_documents(ctx.docs, ctx.data.get("rules", []), parsed.get("core"), parsed.get("referee"))
    db["terms"].insert_all([rows.term_row(t) for t in terms], columns=TABLES["terms"])
    db["term_aliases"].insert_all(rows.alias_rows(terms), columns=TABLES["term_aliases"])
    for table, cols in (("terms", ["term"]), ("term_aliases", ["alias"]), ("term_aliases", ["term"])):
        db[table].create_index(cols, if_not_exists=True)
    ctx.data["glossary"] = terms


def search(db, ctx) -> None:
    """The search index over everything written before (judge.search.index)."""
    from judge.search.index import build

    ctx.data["search"] = build(db.conn, ctx.docs)
