"""tools/search_eval.py answers a wrong set name in Chinese, with the sets it knows (exit 2), before it
opens the store."""

from __future__ import annotations

import pytest

from tool_module import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("search_eval")


def test_an_unknown_set_is_a_short_chinese_error_with_the_valid_names(tool, capsys):
    assert tool.main(["--sets", "dev,nosuchset"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("错误：") and "「nosuchset」" in err and len(err.splitlines()) == 1
    assert all(name in err for name in ("dev", "fresh5", "frozen"))
    assert "usage" not in err and "error:" not in err


def test_a_frozen_sets_misses_are_refused_in_chinese(tool, capsys):
    assert tool.main(["--sets", "frozen", "--misses"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("错误：") and "usage" not in err


def test_a_sets_line_gives_recall_at_5_and_1_and_mrr_from_its_report(tool):
    report = {"overall": {"n": 4, "r1": 0.25, "r5": 0.75, "mrr": 0.5},
              "by_kind": {"can": {"n": 2, "r1": 0.5, "r5": 1.0, "mrr": 0.75}, "when": {"n": 2, "r1": 0.0, "r5": 0.5,
                                                                                     "mrr": 0.25}}}
    line = tool._line("fresh", report)
    assert line.split() == ["fresh", "r5", "0.750", "(3/4)", "r1", "0.250", "mrr", "0.500", "can", "1.00/2",
                            "when", "0.50/2"]
