"""The CLI is a thin layer over the Python API: `judge rule`, `judge search` and `judge run` answer
through judge.api (Rulebook.rule/subtree/refs_in/…, Rulebook.search, load_scenario, run_scenario), on
the fast path and through typer alike."""

import pytest

import judge.api
from judge.cli import main

SCENARIO = "scenarios/combat/garen_recruit_healed_before_recheck.场景"
RULEBOOK = ("rule", "rules", "subtree", "section", "breadcrumb", "refs_in", "refs_out", "faq_for", "nearest", "search")


@pytest.fixture
def calls(monkeypatch):
    """Wrap the API entry points so each call is recorded (the real function still answers)."""
    seen: list[tuple[str, tuple]] = []

    def spy(owner, name):
        real = getattr(owner, name)

        def wrapper(*args, **kwargs):
            seen.append((name, args[1:] if owner is judge.api.Rulebook else args))
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, wrapper)

    for name in RULEBOOK:
        spy(judge.api.Rulebook, name)
    for name in ("load_scenario", "run_scenario"):
        spy(judge.api, name)
    return seen


def test_judge_rule_reads_through_the_rulebook(calls, capsys):
    assert _main(["rule", "349"]) == 0
    names = {c[0] for c in calls}
    assert {"rule", "subtree", "section", "breadcrumb", "refs_in", "refs_out", "faq_for"} <= names
    assert ("subtree", ("349", None)) in calls
    assert capsys.readouterr().out.startswith("规则 349")


def test_judge_rule_ranges_json_and_misses_go_through_the_rulebook(calls, capsys):
    assert _main(["rule", "318-320", "--json"]) == 0
    assert [c for c in calls if c[0] == "rules"] == [("rules", ("318", "320"))]
    calls.clear()
    assert _main(["rule", "999"]) == 1
    assert ("nearest", ("999",)) in calls
    assert "找不到规则 999" in capsys.readouterr().err


def _main(args: list[str]) -> int:
    with pytest.raises(SystemExit) as exc:
        main(args)
    return exc.value.code


@pytest.mark.parametrize("args", [["search", "燃尽", "--limit", "3"], ["search", "燃尽", "--limit", "3", "--color", "never"]])
def test_judge_search_calls_rulebook_search(calls, capsys, args):
    assert _main(args) == 0
    assert [c for c in calls if c[0] == "search"] == [("search", ("燃尽",))]
    assert "燃尽" in capsys.readouterr().out


def test_typer_commands_call_the_api_too(calls, capsys):
    from judge.cli import _run_app

    assert _run_app(["search", "燃尽", "-k", "规则", "--limit", "2"]) == 0
    assert _run_app(["run", "--quiet", SCENARIO]) == 0
    assert [c[0] for c in calls] == ["search", "load_scenario", "run_scenario"]
    assert _run_app(["rule", "349", "--depth", "0"]) == 0
    assert ("subtree", ("349", 0)) in calls


def test_judge_run_loads_and_runs_through_the_api(calls, capsys):
    assert _main(["run", "--quiet", SCENARIO]) == 0
    names = [c[0] for c in calls]
    assert names == ["load_scenario", "run_scenario"]
    loaded = calls[0][1][0]
    assert str(loaded).endswith("garen_recruit_healed_before_recheck.场景")
    assert "1 个通过" in capsys.readouterr().out
