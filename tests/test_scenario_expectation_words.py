"""The judge's expectation words: rune pool, focus and priority, deck position, negative Might,
trying an action without performing it, checkpoints between the steps of one action, and the
combat result. The rules behind each are in the shipped scenarios that use them; these tests check
that the checks can fail, that a dry run changes nothing, and that misuse gets a located Chinese error."""

from pathlib import Path

import pytest

from judge.dsl.errors import ScenarioError
from judge.dsl.parser import parse_text
from judge.dsl.validate import validate
from judge.engine import actions
from judge.engine.commands import Action
from judge.scenario.runner import run_scenario
from judge.scenario.setup import build_game

CARDS = Path(__file__).resolve().parent.parent / "scenarios" / "cards" / "chain_and_abilities.卡牌"
BOARD = ("玩家 甲\n手牌: f=火球\n主牌堆: d1=卫兵, d2=战士\n符文池 法力 3\n基地: a=战士\n"
         "玩家 乙\n基地: w=战士\n战场 bf1\n")


def _scenario(body: str):
    text = f'包含 "{CARDS}"\n模式 1v1\n回合玩家 甲\n' + BOARD + body
    sc = parse_text(text, "<测试>", base_dir=CARDS.parent)
    validate(sc)
    return sc


def _checks(body: str):
    r = run_scenario(_scenario(body))
    return r, {c.text: (c.ok, c.actual) for c in r.checks}


def test_each_new_expectation_can_fail():
    r, checks = _checks("行动:\n  检查 甲 符文池 法力 2\n  检查 甲 焦点\n  检查 乙 优先行动权\n  检查 d1 牌堆位置 2\n"
                        "  修改战力 a -4\n  检查 a 战力 1\n  检查 非法 甲 标准移动 a -> bf1\n"
                        "  检查 合法 乙 标准移动 w -> bf1\n  检查 bf1 战斗结果 无胜负\n")
    assert [c.ok for c in r.checks] == [False] * 8
    assert "法力 3" in checks["甲 符文池 法力 2"][1]
    assert "313.5" in checks["甲 焦点"][1]
    assert checks["乙 优先行动权"][1] == "优先行动权：甲"
    assert "第 1 张" in checks["d1 牌堆位置 2"][1]
    assert checks["a 战力 1"][1].endswith("战力 -1")
    assert "没有战斗结果" in checks["bf1 战斗结果 无胜负"][1]


def test_a_dry_run_changes_nothing():
    sc = _scenario("")
    game = build_game(sc)
    before = game.snapshot()
    move = Action("standard_move", None, "甲", {"units": ["a"], "dest": "bf1"})
    assert actions.dry_run(game, move) is None
    assert game.snapshot() == before and game.objects["a"].location == "base"
    err = actions.dry_run(game, Action("standard_move", None, "乙", {"units": ["w"], "dest": "bf1"}))
    assert err is not None and err.rule
    assert game.snapshot() == before
    actions.apply(game, move)
    assert game.objects["a"].location == "bf1"


def test_a_step_checkpoint_the_action_never_reaches_fails():
    r, checks = _checks("行动:\n  检查 步骤后 357 甲 符文池 法力 1\n  甲 打出 f 目标 w\n  全部让过\n"
                        "  检查 步骤后 465 a 伤害 0\n  甲 标准移动 a -> bf1\n")
    assert checks["战斗步骤2（战斗伤害）之后：a 伤害 0"] == (False, "下一个行动没有完成战斗步骤2（战斗伤害）")
    assert checks["打出步骤4（支付费用）之后：甲 符文池 法力 1"][0] is True


def test_a_step_checkpoint_waits_past_choices_for_the_next_action():
    r, checks = _checks("行动:\n  检查 步骤后 354 f 在 结算链\n  甲 分配伤害 w 3\n  甲 打出 f 目标 w\n  全部让过\n")
    assert checks["打出步骤1（放入结算链）之后：f 在 结算链"][0] is True


def test_xp_and_keyword_expectations_read_the_state_and_can_fail():
    r, checks = _checks("行动:\n  检查 甲 经验 1\n  检查 a 关键词 壁垒\n  甲 执行 获得关键词 2 强攻 本回合 目标 a\n"
                        "  检查 a 关键词 强攻\n  检查 a 关键词 强攻 2\n  检查 a 关键词 强攻 3\n  检查 a 不 关键词 强攻\n"
                        "  甲 执行 获得经验 2\n  检查 甲 经验 2\n  检查 乙 经验 2\n")
    assert [c.ok for c in r.checks] == [False, False, True, True, False, False, True, False]
    assert checks["甲 经验 1"][1] == "甲 经验 0"
    assert checks["a 关键词 壁垒"][1].endswith("不具有[壁垒]")
    assert checks["a 关键词 强攻 3"][1].endswith("具有[强攻] 2")


@pytest.mark.parametrize("line, words", [
    ("检查 步骤后 356.1 甲 分数 0", ["步骤后", "356"]),
    ("检查 合法 甲 分配伤害 w 3", ["期望非法"]),
    ("检查 bf1 战斗结果 进功方胜", ["进攻方胜"]),
    ("检查 a 焦点", ["只有玩家"]),
    ("检查 游戏 优先行动权", ["游戏 优先行动权"]),
    ("检查 bf1 符文池 法力 1", ["符文池属于玩家"]),
])
def test_misuse_is_a_located_chinese_error(line, words):
    with pytest.raises(ScenarioError) as err:
        _scenario("行动:\n  " + line + "\n")
    e = err.value
    assert e.line == 13 and e.column > 0
    text = str(e) + " ".join(e.suggestions)
    assert all(w in text for w in words), text


def test_every_checkpoint_verdict_has_its_board_and_trace_line():
    """The docs pair checkpoint verdicts, checkpoint boards and '检查' trace lines by order."""
    r, _ = _checks("行动:\n  检查 合法 甲 标准移动 a -> bf1\n  检查 步骤后 357 甲 符文池 法力 1\n  甲 打出 f 目标 w\n"
                   "  全部让过\n  检查 步骤后 465 a 伤害 0\n  甲 标准移动 a -> bf1\n  检查 a 在 bf1\n")
    verdicts = [c for c in r.checks if c.kind == "checkpoint"]
    boards = [b for b in r.boards if b["at"] == "checkpoint"]
    lines = [e for e in r.events if e.kind == "check"]
    assert len(verdicts) == len(boards) == len(lines) == 4
    assert [c.line for c in verdicts] == [b["line"] for b in boards]


@pytest.mark.parametrize("players", [2, 3])
def test_a_copy_plays_exactly_like_the_game_and_a_dry_run_leaves_it_alone(players):
    """Along a random playout: a dry run of the next legal action changes nothing, and the same
    action applied to a copy and to the game gives the same board (the copy shares no state)."""
    import random

    from judge.scenario.playout import new_game

    rng = random.Random(11 + players)
    game = new_game(rng, players)
    played = 0
    for _ in range(120):
        legal = actions.legal_actions(game)
        if not legal:
            game = new_game(rng, players)
            continue
        act = rng.choice(legal)
        before = game.snapshot()
        assert actions.dry_run(game, act) is None
        assert game.snapshot() == before
        twin = game.copy()
        actions.apply(twin, act)
        actions.apply(game, act)
        assert twin.snapshot() == game.snapshot()
        played += 1
    assert played > 60
