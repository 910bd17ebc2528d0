"""Output into an encoding that lacks some symbols (GBK on Chinese Windows, ASCII under a C locale)
degrades those symbols instead of crashing halfway with an empty or truncated file."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.cli import output

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "scenarios" / "combat" / "garen_recruit_healed_before_recheck.场景"


def judge(encoding: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    return subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", *args],
                          capture_output=True, env=env, timeout=300)


def test_fallbacks_prefer_chinese_then_ascii():
    assert output.fallback_for("✓", "gbk") == "[通过]"
    assert output.fallback_for("✗", "gbk") == "[未通过]"
    assert output.fallback_for("✓", "ascii") == "[OK]"
    assert output.fallback_for("›", "gbk") == ">"
    assert output.fallback_for("é", "ascii") == "e"
    assert output.fallback_for("战", "ascii") == "?"


def test_faq_show_to_gbk_file_is_complete():
    res = judge("gbk", "faq", "show", "C-L33")
    assert res.returncode == 0, res.stderr.decode("gbk", "replace")
    text = res.stdout.decode("gbk")
    assert "C-L33  核心规则FAQ > 常见问题 > 得分" in text
    assert "[通过] 有效" in text
    assert "问：我如何得分？" in text


def test_scenario_trace_to_gbk():
    res = judge("gbk", "run", str(SCENARIO))
    assert res.returncode == 0, res.stderr.decode("gbk", "replace")
    text = res.stdout.decode("gbk")
    assert "[通过] 通过" in text and "步骤3c" in text


def test_search_to_gbk():
    res = judge("gbk", "search", "结算链", "-n", "20")
    assert res.returncode == 0, res.stderr.decode("gbk", "replace")
    assert "结算链" in res.stdout.decode("gbk")


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("args", [["--help"], ["rule", "349"], ["faq", "show", "C-L33"], ["run", "--help"],
                                  ["nosuchcommand"]])
def test_ascii_and_latin1_never_crash(encoding, args):
    res = judge(encoding, *args)
    assert b"Traceback" not in res.stderr and b"UnicodeEncodeError" not in res.stderr
    assert res.returncode in (0, 2)
    assert res.stdout or res.stderr
