"""A trace reads the rule numbers and FAQ entries it cites from the store at once
(judge.trace.rules_display.prefetch): what it shows equals the one-at-a-time lookups it replaces."""

import pytest

from judge.api import load_scenario, run_scenario
from judge.paths import scenarios_dir
from judge.rules.lookup import current_version, get_rule
from judge.store import open_store
from judge.trace import render, rules_display


@pytest.fixture
def fresh_lookups(monkeypatch):
    """Empty per-process caches, so each test looks everything up again."""
    monkeypatch.setattr(rules_display, "_cache", {})
    monkeypatch.setattr(rules_display, "_faq_cache", {})
    monkeypatch.setattr(rules_display, "_failed", False)


def one_at_a_time(conn, number: str) -> str:
    row = get_rule(conn, number, current_version(conn))
    return row["display_number"] if row and row.get("display_number") else number


def test_prefetched_numbers_show_as_single_lookups_would(fresh_lookups):
    conn = open_store()
    version = current_version(conn)
    numbers = [r[0] for r in conn.execute(
        "SELECT number FROM rules WHERE version = ? AND number IS NOT NULL ORDER BY ord LIMIT 60", (version,))]
    inferred = [r[0] for r in conn.execute(
        "SELECT number FROM rules WHERE version = ? AND display_number != number LIMIT 5", (version,))]
    cited = numbers + inferred + ["规则 349", "999.9.z"]  # typed the way a judge would; not in the tree
    rules_display.prefetch(cited)
    assert set(numbers) <= set(rules_display._cache)  # read at once
    assert "规则 349" not in rules_display._cache  # left to display(), which normalizes it
    assert [rules_display.display(n) for n in cited] == [one_at_a_time(conn, n) for n in cited]


def test_prefetched_faq_entries_match_single_lookups(fresh_lookups):
    conn = open_store()
    ids = [r[0] for r in conn.execute("SELECT id FROM faq WHERE status = 'valid' ORDER BY id LIMIT 40")]
    ids += [r[0] for r in conn.execute("SELECT id FROM faq WHERE status != 'valid' ORDER BY id LIMIT 40")]
    rules_display.prefetch([], ids + ["X-NOT-AN-ENTRY"])
    assert set(ids) <= set(rules_display._faq_cache)
    for fid in ids:
        status, by = conn.execute("SELECT status, superseded_by FROM faq WHERE id = ?", (fid,)).fetchone()
        assert rules_display.faq_status(fid) == (status or "valid", by)
    assert rules_display.faq_status("X-NOT-AN-ENTRY") == ("valid", None)


def test_trace_text_is_the_same_without_prefetch(fresh_lookups, monkeypatch):
    result = run_scenario(load_scenario(scenarios_dir() / "combat" / "garen_recruit_healed_before_recheck.场景"))
    prefetched: list[str] = []
    render.to_text(result, write=prefetched.append)
    assert rules_display._cache  # the trace cites rules

    monkeypatch.setattr(rules_display, "_cache", {})
    monkeypatch.setattr(rules_display, "_faq_cache", {})
    monkeypatch.setattr(render, "prefetch", lambda *args: None)
    single: list[str] = []
    render.to_text(result, write=single.append)
    assert "".join(prefetched) == "".join(single)


def test_partly_superseded_ruling_is_shown_beside_the_rule_the_step_follows(fresh_lookups):
    """Core FAQ 89 (both sides survive): its result holds, so a trace still names it, but beside the rule the
    engine applies (466: recall in the combat cleanup, "No Result", control), marked with its status."""
    assert rules_display.faq_display("C-L89") == "C-L89（部分被取代，结论仍成立，现行规则 466）"
    assert rules_display.faq_display("C-L718") == "C-L718（已被取代，现行规则 812.1.c）"
    assert rules_display.faq_display("C-L598") == "C-L598"
    result = run_scenario(load_scenario(scenarios_dir() / "combat" / "both_survive_stun.场景"))
    citing = [ev for ev in result.events if "C-L89" in ev.faq]
    assert citing and all(ev.rules for ev in citing)
    lines: list[str] = []
    render.to_text(result, write=lines.append)
    assert "C-L89（部分被取代，结论仍成立，现行规则 466）" in "".join(lines)
