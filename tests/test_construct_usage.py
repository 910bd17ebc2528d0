"""Every registered construct of the card-ability language is used by at least one shipped scenario
(issue 13: each construct has a scenario that uses it), and the guide lists them all."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import construct_usage  # noqa: E402

# Constructs no scenario uses yet. Only shrinks: a construct added to a registry comes with a scenario,
# and a construct that gets one is taken off this list.
NOT_YET_USED: set = set()


def test_every_registered_construct_is_used_by_a_scenario():
    use = construct_usage.usage()
    unused = {c for c, files in use.items() if not files}
    assert unused <= NOT_YET_USED, f"registered constructs without a scenario using them: {sorted(unused - NOT_YET_USED)}"
    assert NOT_YET_USED <= unused, f"now used, take them off NOT_YET_USED: {sorted(NOT_YET_USED - unused)}"


def test_the_list_of_unused_constructs_names_registered_constructs():
    assert NOT_YET_USED <= set(construct_usage.constructs())


def test_a_scenario_uses_what_its_cards_are_built_from(tmp_path):
    scenario = tmp_path / "uses.场景"
    scenario.write_text("场景 用例\n卡牌 测试卫士 单位 战力 2 关键词 壁垒\n  当 我 打出时：增益 一名 其他 友方 单位\n"
                        "模式 1v1\n玩家 甲\n基地: a=测试卫士\n玩家 乙\n行动:\n  甲 抽牌 1\n", "utf-8")
    found = construct_usage.scenario_uses(scenario)
    assert {("关键词", "tank"), ("触发时机", "play"), ("效果", "buff"), ("数量", "one"), ("筛选词", "other"),
            ("筛选词", "friendly"), ("名词", "unit"), ("效果", "draw")} <= found
    assert ("效果", "deal") not in found


def test_the_guide_lists_every_registered_construct_with_its_scenarios():
    guide = (ROOT / "scenarios" / "README.md").read_text("utf-8")
    block = guide.split("<!-- 场景用例：开始", 1)[1].split("<!-- 场景用例：结束 -->", 1)[0]
    for what, cid in construct_usage.constructs():
        assert f"| {what} | `{cid}` |" in block, (what, cid)
