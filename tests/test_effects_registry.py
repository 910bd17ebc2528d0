"""The effect families of judge.engine.effects_registry: each registered effect is written the same way
in a card ability and as a scenario action, reads its own parameters with Chinese errors, and is used by
at least one shipped scenario."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.dsl import parse_text
from judge.dsl.errors import ScenarioError
from judge.engine.instructions import EFFECTS
from judge.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]

BOARD = """卡牌 换换乐 法术 费用 2 效果 互换战力 目标 2
模式 1v1
回合玩家 甲
玩家 甲
手牌: s=换换乐
符文池 法力 2
战场 bf1: a=小兵 战力 2, b=巨人 战力 5
玩家 乙
战场 bf1 控制者 甲
行动:
{action}
"""


def _run(action: str):
    result = run_scenario(parse_text(BOARD.format(action=action), "effects.场景"))
    assert result.stop is None, result.stop
    return result.game


def test_a_spell_and_a_scenario_action_perform_the_same_registered_effect():
    by_spell = _run("  甲 打出 s 目标 a, b\n  全部让过")
    by_action = _run("  甲 执行 互换战力 目标 a, b")
    from judge.engine.layers import might

    for g in (by_spell, by_action):
        assert (might(g, g.objects["a"]), might(g, g.objects["b"])) == (5, 2)


def test_the_effect_words_come_from_the_registry_in_both_languages():
    g = _run("  甲 执行 grant-keyword 2 assault this-turn 目标 a")
    assert g.objects["a"].has("assault") == 2
    g = _run("  甲 执行 获得关键词 2 强攻 目标 a")
    assert g.objects["a"].has("assault") == 2 and not g.objects["a"].modifiers[0].until_end_of_turn


@pytest.mark.parametrize("action, expected", [
    ("  甲 执行 获得关键词 飞行 目标 a", "需要一个关键词"),
    ("  甲 执行 获得符能 1 紫色", "需要一个特性"),
    ("  甲 执行 抵挡伤害 2 很多 目标 a", "只接受"),
    ("  甲 执行 召出符文", "需要一个数值"),
    ("  甲 执行 未知效果 目标 a", "未知的效果"),
])
def test_bad_effect_parameters_are_chinese_errors_at_their_position(action, expected):
    with pytest.raises(ScenarioError) as err:
        parse_text(BOARD.format(action=action), "effects.场景")
    assert expected in str(err.value)
    assert err.value.line == 11


def test_an_effect_cannot_be_performed_on_an_object_it_does_not_act_on():
    """Discard acts on cards in hand: a unit on the board is refused before anything changes."""
    result = run_scenario(parse_text(BOARD.format(action="  期望非法 甲 执行 弃牌 1 目标 a 规则 422.1"), "e.场景"))
    assert result.passed, [(c.text, c.actual) for c in result.failures]
    assert result.game.objects["a"].zone == "board"


def test_prevent_values_shrink_and_all_stays():
    g = _run("  甲 执行 抵挡伤害 全部 目标 b\n  乙 造成 9 伤害 -> b\n  乙 造成 9 伤害 -> b")
    assert g.objects["b"].damage == 0 and g.objects["b"].modifiers[0].prevent == -1


def _smoked_encodings(scenario_texts: str) -> str:
    """The shipped card encodings whose card a shipped scenario puts on its board (a smoke scenario plays it)."""
    blocks = []
    for path in sorted((ROOT / "judge" / "cards" / "encodings").glob("*.卡牌")):
        for block in re.split(r"\n(?=卡牌 )", path.read_text("utf-8")):
            name = re.match(r"卡牌 (\S+)", block)
            if name and re.search(rf"[=\s]{re.escape(name.group(1))}(?:[\s,，]|$)", scenario_texts, re.M):
                blocks.append(block)
    return "\n".join(blocks)


def test_every_effect_of_the_families_is_used_by_a_shipped_scenario():
    texts = "\n".join(p.read_text("utf-8") for p in (ROOT / "scenarios").rglob("*.场景"))
    texts += "\n".join(p.read_text("utf-8") for p in (ROOT / "scenarios").rglob("*.卡牌"))
    texts += "\n" + _smoked_encodings(texts)  # a shipped card's instruction, played by the scenario naming it
    unused = [e.id for e in EFFECTS if type(e).__module__.startswith("judge.engine.effects_registry")
              and not any(re.search(rf"(?:执行|效果|并且|然后|：)\s*{re.escape(w)}(?:\s|$)", texts, re.M)
                          for w in e.words())]  # also an instruction after another
    assert not unused, unused
