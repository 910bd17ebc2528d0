"""The shipped scenarios, and `judge run` / `judge check` end to end."""

import json
from collections import Counter
from pathlib import Path

import pytest

from judge.scenario.runner import run_file, scenario_files

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = scenario_files(ROOT / "scenarios")


def test_enough_scenarios_grouped_by_topic():
    assert len(SCENARIOS) >= 40
    topics = Counter(f.parent.name for f in SCENARIOS)
    assert {"scoring", "movement", "combat", "damage_assignment", "cleanup", "turn", "modes"} <= set(topics)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_shipped_scenario_passes_and_cites_its_source(path):
    result = run_file(path)
    assert result.scenario.sources, "每个场景都要写明来源（FAQ 条目或规则编号）"
    assert result.checks, "场景至少要有一条期望"
    assert result.passed, [(c.text, c.actual) for c in result.failures] or result.stop


class _Run:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


@pytest.fixture
def judge(capsys, monkeypatch):
    """Run the CLI in-process (same entry point as the `judge` script)."""
    from judge.cli import main

    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "200")

    def run(*args):
        capsys.readouterr()
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code or 0
        out = capsys.readouterr()
        return _Run(code, out.out, out.err)

    return run


def test_cli_run_directory_summary_and_exit_code(judge):
    r = judge("run", "scenarios/combat", "--quiet")
    assert r.returncode == 0, r.stderr
    assert "个通过" in r.stdout


def test_cli_run_json_and_markdown(judge):
    f = "scenarios/combat/garen_recruit_healed_before_recheck.场景"
    r = judge("run", f, "--json")
    data = json.loads(r.stdout)
    assert data["passed"] and any("466.1" in e["rules"] for e in data["events"])
    assert all("rules_display" in e for e in data["events"])
    md = judge("run", f, "--format", "md").stdout
    assert "## 推演过程" in md and "466.1" in md and "✓" in md


def test_cli_failed_expectation_exits_nonzero(judge, tmp_path):
    bad = tmp_path / "bad.场景"
    bad.write_text("模式 1v1\n卡牌 战士 单位 战力 3\n玩家 甲\n基地: a=战士\n玩家 乙\n期望:\n  a 在 废牌堆\n", "utf-8")
    r = judge("run", str(bad))
    assert r.returncode == 1 and "✗" in r.stdout


def test_cli_syntax_error_is_chinese_without_traceback(judge, tmp_path):
    bad = tmp_path / "bad.场景"
    bad.write_text("模式 1v1\n玩家 甲\n基地: a=战士 战利 3\n玩家 乙\n", "utf-8")
    for cmd in ("run", "check"):
        r = judge(cmd, str(bad))
        assert r.returncode != 0
        assert "Traceback" not in r.stderr
        assert f"{bad}:3:" in r.stderr and "你是不是要写" in r.stderr


def test_cli_check_valid_file(judge):
    r = judge("check", "scenarios/scoring/final_point_1v1_7_hold.场景")
    assert r.returncode == 0 and "✓" in r.stdout


def test_cli_missing_choice_stops_in_strict_and_auto_decides(judge, tmp_path):
    f = tmp_path / "c.场景"
    f.write_text("模式 1v1\n卡牌 巨人 单位 战力 6\n卡牌 战士 单位 战力 3\n卡牌 步兵 单位 战力 2\n玩家 甲\n基地: a=巨人\n"
                 "玩家 乙\n战场 bf1: s1=战士, s2=步兵\n战场 bf1 = 门 控制者 乙\n行动:\n  甲 标准移动 a -> bf1\n  全部让过\n"
                 "期望:\n  s1 在 废牌堆\n", "utf-8")
    strict = judge("run", str(f))
    assert strict.returncode == 1 and "分配伤害" in strict.stdout
    auto = judge("run", str(f), "--auto")
    assert auto.returncode == 0 and "自动选择" in auto.stdout


def test_guide_example_runs(tmp_path):
    """The complete example of scenarios/README.md is a working scenario."""
    import re

    guide = (ROOT / "scenarios" / "README.md").read_text("utf-8")
    example = re.search(r"## 一个完整的例子\n\n```text\n(.*?)```", guide, re.S).group(1)
    f = ROOT / "scenarios" / "combat" / "_guide_example.tmp.场景"
    f.write_text(example, "utf-8")
    try:
        result = run_file(f)
    finally:
        f.unlink()
    assert result.passed, [(c.text, c.actual) for c in result.failures] or result.stop


def test_guide_expectation_forms_parse():
    from judge.dsl import parse_text

    sc = parse_text("""模式 1v1
卡牌 战士 单位 战力 3
玩家 甲
基地: a1=战士
玩家 乙
战场 bf1 = 门
行动:
  甲 休眠 a1
  甲 活跃 a1
  检查 游戏 状态 普通开环
期望:
  a1 不 眩晕
  甲 基地单位数 1
  游戏 阶段 主阶段
  甲 回合玩家
  bf1 不 争夺
  胜者 无
  追踪 不包含 465
""", "g.场景")
    from judge.scenario.runner import run_scenario

    r = run_scenario(sc)
    assert r.passed, [(c.text, c.actual) for c in r.failures]
