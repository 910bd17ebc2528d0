"""The build stage: rewrite the current version's rows from the aligned tree, store the report.

Runs right after the tree stage so every later stage (FAQ links, search, docs) sees the aligned
numbers. With no stored reference it does nothing. A reference that cannot be applied never breaks
the build: the error is kept in meta (align_error) and the shipped numbering stays.
"""

from __future__ import annotations

import json

from judge.rules.align import storage


def run(db, ctx) -> None:
    ref = storage.latest()
    if ref is None:
        return
    trees = ctx.data.get("trees") or {}
    current = ctx.data.get("current_version")
    tree = trees.get(current)
    if tree is None:
        _meta(db, "align_error", "规则树中没有当前版本，无法应用参考文本。")
        return
    from judge.rules.align.apply import apply
    from judge.rules.align.glossary import from_store

    try:
        rules, report = apply(list(tree.rules), ref, current, from_store(db.conn, ctx.docs))
    except Exception as exc:  # noqa: BLE001 - a user reference must never break the store
        _meta(db, "align_error", f"应用参考文本「{ref.name}」时出错：{type(exc).__name__}: {exc}")
        return
    if report["applied"]:
        tree.rules = rules
        _rewrite(db, tree, current)
        ctx.data["rules"] = [row for row in db["rules"].rows_where("version = ?", [current], order_by="ord")]
    _meta(db, "align_report", json.dumps(report, ensure_ascii=False))
    _meta(db, "align_reference", ref.name)


def _rewrite(db, tree, version: str) -> None:
    from judge.rules import tree as tree_mod
    from judge.store import rows
    from judge.store.schema import TABLES

    ids = [r[0] for r in db.conn.execute("SELECT id FROM rules WHERE version = ?", (version,))]
    db.conn.execute("DELETE FROM rules WHERE version = ?", (version,))
    db.conn.executemany("DELETE FROM examples WHERE rule_id = ?", [(i,) for i in ids])
    db.conn.executemany("DELETE FROM refs WHERE from_rule = ?", [(i,) for i in ids])
    tree.refs = []
    tree_mod._build_refs(tree)
    db["rules"].insert_all(rows.rule_rows(tree), pk="id", columns=TABLES["rules"])
    db["examples"].insert_all(rows.example_rows(tree), columns=TABLES["examples"])
    db["refs"].insert_all((rows.ref_row(ref) for ref in tree.refs), columns=TABLES["refs"])


def _meta(db, key: str, value: str) -> None:
    db["meta"].insert_all([{"key": key, "value": value}], pk="key", replace=True)
