"""The docs' inputs from the rest of the project: the store, the scenario engine, the search.

Each adapter degrades to "not available yet" with a note instead of failing, so the site can be
built from whatever parts of the pipeline exist.
"""

from __future__ import annotations

import sqlite3

from judge.docs.data import DocsData, FaqRef
from judge.docs.rulings_model import Ruling
from judge.errors import JudgeError


def open_store_readonly() -> sqlite3.Connection:
    try:
        from judge.store import open_store
    except ImportError:
        raise JudgeError("规则库尚未就绪：judge.store.open_store 不存在。", hint="请先完成规则树的构建（judge build）。") from None
    return open_store()


def load_rulings() -> tuple[list[Ruling], list[str]]:
    """Run every shipped scenario through the engine and collect what the ruling pages show."""
    try:
        from judge.docs.scenario_runs import run_all_scenarios
    except ImportError as exc:
        return [], [f"场景引擎尚未就绪，未生成裁定页：{exc}"]
    return run_all_scenarios()


def add_suggested_refs(data: DocsData, conn: sqlite3.Connection | None) -> list[str]:
    """FAQ entries get the project's search's top rule hits, marked suggested (unless the store has them)."""
    if not data.faq or conn is None or any(fr.method == "suggested" for fr in data.faq_refs):
        return []
    try:
        from judge.docs.suggest import suggestions
        import judge.search.engine  # noqa: F401
    except ImportError as exc:
        return [f"搜索尚未就绪，FAQ 条目没有“搜索建议”规则：{exc}"]
    added = 0
    for faq_id, rule_ids in suggestions(conn, data).items():
        have = {fr.rule_id for fr in data.faq_refs_of(faq_id)}
        for rule_id in rule_ids:
            if rule_id not in have and rule_id in data.rules_by_id:
                data.faq_refs.append(FaqRef(faq_id, "", "", rule_id, "suggested", None))
                have.add(rule_id)
                added += 1
    data.index()
    return [] if added else ["搜索没有为任何 FAQ 条目找到相关规则。"]


def add_version_diffs(data: DocsData, conn: sqlite3.Connection) -> list[str]:
    """Each other rules version compared with the current one, as `judge diff` does."""
    if not data.current_version or not data.other_rules:
        return []
    try:
        from judge.rules.versions import compare
    except ImportError as exc:
        return [f"版本比较尚未就绪：{exc}"]
    previous = conn.row_factory
    conn.row_factory = sqlite3.Row  # compare() reads rows as mappings
    try:
        for version in data.other_rules:
            data.diffs[version] = compare(conn, version, data.current_version)
    finally:
        conn.row_factory = previous
    return []
