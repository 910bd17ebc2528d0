"""Reflexive (embedded) triggers, delayed and linked abilities, replacement ordering: outcomes from
the FAQ (C-L422, C-L435, C-L451) and rules 382/389/393/367, checked on small boards."""

import pytest

from judge.dsl import parse_text
from judge.dsl.errors import ScenarioError
from judge.scenario.runner import run_scenario

CARDS = '包含 "../cards/reflexive_delayed.卡牌"\n'


def _run(body: str, auto: bool = False):
    from pathlib import Path

    text = CARDS + body
    base = Path(__file__).resolve().parent.parent / "scenarios" / "reflexive"
    sc = parse_text(text, file="<测试>", base_dir=base)
    return run_scenario(sc, auto=auto)


DRAGON = """模式 1v1
回合玩家 甲
玩家 甲
手牌: dr=猛龙摆尾
符文池 法力 1
玩家 乙
基地: w=卫兵
战场 bf1: g=巨人, g2=新兵
战场 bf1 控制者 乙
行动:
  甲 打出 dr 目标 w -> bf1
  全部让过
期望:
  w 在 bf1
"""


def test_dragons_rage_trigger_target_is_chosen_on_the_chain_not_on_play():
    r = _run(DRAGON)
    # Two other enemy units at the destination and no scripted choice: strict mode stops at the
    # trigger's finalize (after the spell resolved and moved the unit), listing both.
    assert r.stop is not None
    assert r.stop.kind == "choice" and "内嵌式触发" in r.stop.message
    assert sorted(r.stop.options) == ["g", "g2"]
    assert r.game.objects["w"].location == "bf1"
    assert r.game.objects["dr"].zone == "trash"


def test_dragons_rage_scripted_target_fights():
    r = _run(DRAGON.replace("  全部让过", "  甲 选择目标 dr -> g2\n  全部让过"))
    assert r.stop is None
    assert r.game.objects["g2"].zone == "trash"  # 2 damage from the 2-Might unit
    assert r.game.objects["w"].damage == 1
    assert r.game.objects["g"].damage == 0


def test_dragons_rage_needs_a_destination_when_played():
    r = _run(DRAGON.replace("目标 w -> bf1", "目标 w"))
    assert not r.passed
    assert r.game.objects["dr"].zone == "hand"  # illegal play rolled back


TF = """模式 1v1
回合玩家 甲
玩家 甲
手牌: tf=崔斯特-赌徒
主牌堆: c1=新兵
符文池 法力 1
玩家 乙
战场 bf1: w=卫兵
战场 bf1 控制者 乙
行动:
  甲 打出 tf
  全部让过
期望:
  tf 在 废牌堆
"""


def test_twisted_fate_mode_missing_stops_with_options():
    r = _run(TF)
    assert r.stop is not None and r.stop.kind == "choice" and "执行以下一项" in r.stop.message
    assert r.stop.options == ["甲 选择模式 tf 1", "甲 选择模式 tf 2"]


def test_twisted_fate_mode_one_draws_and_auto_takes_first():
    r = _run(TF.replace("  甲 打出 tf\n", "  甲 打出 tf\n  甲 选择模式 tf 1\n"))
    assert r.passed and r.game.objects["c1"].zone == "hand"
    r = _run(TF, auto=True)
    assert r.game.objects["c1"].zone == "hand" and r.game.objects["w"].damage == 0


def test_twisted_fate_mode_out_of_range_is_an_error():
    r = _run(TF.replace("  甲 打出 tf\n", "  甲 打出 tf\n  甲 选择模式 tf 3\n"))
    assert not r.passed


def test_unknown_delayed_window_is_a_clear_error():
    with pytest.raises(ScenarioError) as e:
        parse_text("卡牌 x 法术 效果 抽牌 1 延迟 明天 效果 抽牌 1\n玩家 甲\n")
    assert "延迟技能时机" in str(e.value)


def _run_with_ability_cards(body: str, auto: bool = False):
    from pathlib import Path

    base = Path(__file__).resolve().parent.parent / "scenarios" / "replacement"
    sc = parse_text('包含 "../cards/chain_and_abilities.卡牌"\n' + body, file="<测试>", base_dir=base)
    return run_scenario(sc, auto=auto)


TWO_REPLACEMENTS = """模式 1v1
回合玩家 乙
玩家 甲
玩家 乙
手牌: h=高原血统
符文池 法力 4
基地: z=中娅沙漏
战场 bf1: w=卫兵
战场 bf1 控制者 乙
行动:
  乙 打出 h 目标 w
  全部让过
  甲 摧毁 w
期望:
  w 在 基地
"""


def test_two_replacements_without_a_choice_stop_with_both_sources():
    r = _run_with_ability_cards(TWO_REPLACEMENTS)
    assert r.stop is not None and r.stop.kind == "choice"
    assert sorted(r.stop.options) == ["乙 选择替换效果 w -> h", "乙 选择替换效果 w -> z"]
    assert "乙" in r.stop.message  # the affected unit's controller chooses (367)


def test_two_replacements_auto_uses_the_save_first():
    r = _run_with_ability_cards(TWO_REPLACEMENTS, auto=True)
    assert r.stop is None and r.passed
    assert r.game.objects["z"].zone == "board"


def test_choosing_a_replacement_that_cannot_apply_is_an_error():
    body = TWO_REPLACEMENTS.replace("  甲 摧毁 w", "  乙 选择替换效果 w -> 高原血统\n  乙 选择替换效果 w -> 战鼓\n  甲 摧毁 w")
    r = _run_with_ability_cards(body.replace("手牌: h=高原血统", "手牌: h=高原血统, d=战鼓"))
    # The first scripted choice (the save) is taken; the second is never needed and is reported unused.
    assert r.game.objects["z"].zone == "board"
    body = TWO_REPLACEMENTS.replace("  甲 摧毁 w", "  乙 选择替换效果 w -> d\n  甲 摧毁 w")
    r = _run_with_ability_cards(body.replace("手牌: h=高原血统", "手牌: h=高原血统, d=战鼓"))
    assert not r.passed and r.stop.kind == "illegal" and r.stop.rule == "370.1"  # it does not qualify
    assert "h、z" in r.stop.message


def test_interactive_answer_becomes_the_listed_line():
    from judge.scenario.interactive import choice_line

    r = _run_with_ability_cards(TWO_REPLACEMENTS)
    assert choice_line(r.stop.example, r.stop.options, "2") == r.stop.options[1]
    r = _run(TF)
    assert choice_line(r.stop.example, r.stop.options, "2") == "甲 选择模式 tf 2"


def test_end_of_turn_delayed_ability_is_not_created_once_the_window_began():
    """389: a delayed ability whose window already passed is not created (its instructions are ignored)."""
    from judge.engine.abilities import delayed
    from judge.engine.chain_items import ChainItem
    from judge.scenario.setup import build_game

    from pathlib import Path

    base = Path(__file__).resolve().parent.parent / "scenarios" / "delayed"
    sc = parse_text(CARDS + "模式 1v1\n回合玩家 甲\n玩家 甲\n手牌: s=黄昏号令\n玩家 乙\n", file="<测试>", base_dir=base)
    game = build_game(sc)
    card = game.objects["s"]
    item = ChainItem("甲", card.label(), "x", None, {"oid": "s"}, kind="card", oid="s")
    game.phase = "ending"
    delayed.create_from(game, item, card, [])
    assert delayed.pending(game) == []
    game.phase = "main"
    delayed.create_from(game, item, card, [])
    assert [d["when"] for d in delayed.pending(game)] == ["end_of_turn"]


def test_next_turn_delayed_waits_for_its_controllers_turn():
    from pathlib import Path

    base = Path(__file__).resolve().parent.parent / "scenarios" / "delayed"
    body = (Path(base) / "next_turn_start_draw.场景").read_text("utf-8")
    sc = parse_text(body.replace("  乙 结束回合\n", ""), file="<测试>", base_dir=base)
    r = run_scenario(sc)
    # Still the opponent's turn: the ability has not triggered and is still waiting.
    from judge.engine.abilities import delayed

    assert r.game.turn_player == "乙"
    assert len(r.game.players["甲"].zones["hand"]) == 0
    assert [d["when"] for d in delayed.pending(r.game)] == ["next_turn_start"]
