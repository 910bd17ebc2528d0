"""Keywords are registered parts (强攻 807, 坚守, 壁垒/后排 465, 游走 810, 瞬息 816, 绝念 808): each
answers its hook's question on real objects built from the DSL, and procedures ask the registry."""

from judge.dsl import parse_text
from judge.engine import effects
from judge.engine.abilities import triggered
from judge.engine.damage_assignment import groups_of
from judge.engine.keywords import FIRST, KEYWORDS, LAST, PLAIN, deathknell
from judge.scenario.setup import build_game

CARDS = """卡牌 战士 单位 战力 3
卡牌 突击兵 单位 战力 2 关键词 强攻 2
卡牌 护卫 单位 战力 2 关键词 坚守
卡牌 壁垒兵 单位 战力 4 关键词 壁垒
卡牌 后排兵 单位 战力 3 关键词 后排
卡牌 双关兵 单位 战力 3 关键词 壁垒 关键词 后排
卡牌 游侠 单位 战力 2 关键词 游走
卡牌 幻影 单位 战力 2 关键词 瞬息
卡牌 克格莫 单位 战力 1 绝念 造成 2 伤害 -> 此处
"""


def game_of(body):
    return build_game(parse_text(CARDS + "模式 1v1\n" + body, "t.场景"))


def test_assault_and_shield_count_only_for_their_designation():
    g = game_of("玩家 甲\n战场 bf1: a=突击兵, s=护卫\n玩家 乙\n战场 bf1 控制者 甲\n")
    a, s = g.obj("a"), g.obj("s")
    assault, shield = KEYWORDS["assault"], KEYWORDS["shield"]
    assert assault.might_bonus(g, a, a.has("assault")) == 0 and shield.might_bonus(g, s, s.has("shield")) == 0
    a.designation, s.designation = "attacker", "attacker"
    assert assault.might_bonus(g, a, a.has("assault")) == 2 and shield.might_bonus(g, s, s.has("shield")) == 0  # 807
    a.designation, s.designation = "defender", "defender"
    assert assault.might_bonus(g, a, a.has("assault")) == 0 and shield.might_bonus(g, s, s.has("shield")) == 1


def test_tank_backline_assignment_groups():
    g = game_of("玩家 甲\n基地: t=壁垒兵, b=后排兵, p=战士, x=双关兵\n玩家 乙\n")
    assert groups_of(g.obj("t")) == (FIRST,)
    assert groups_of(g.obj("b")) == (LAST,)
    assert groups_of(g.obj("p")) == (PLAIN,)
    assert groups_of(g.obj("x")) == (FIRST, LAST)  # assigner's pick
    assert g.obj("b").has("backline") and not g.obj("t").has("backline")


def test_ganking_permission():
    g = game_of("玩家 甲\n基地: r=游侠, w=战士\n玩家 乙\n")
    ganking = KEYWORDS["ganking"]
    assert ganking.moves_between_battlefields(g.obj("r"), 1) and g.obj("r").has("ganking")
    assert not g.obj("w").has("ganking")


def test_temporary_kills_only_the_players_temporary_units():
    g = game_of("玩家 甲\n基地: t=幻影, w=战士\n玩家 乙\n基地: u=幻影\n")
    KEYWORDS["temporary"].at_beginning_phase(g, "甲")
    assert g.obj("t").zone == "trash" and g.obj("w").zone == "board" and g.obj("u").zone == "board"


def test_deathknell_records_location_and_might_before_the_move():
    g = game_of("玩家 甲\n战场 bf1: k=克格莫\n玩家 乙\n战场 bf1 控制者 甲\n")
    k = g.obj("k")
    items = deathknell.pending_items(g, k)
    assert len(items) == 1 and items[0].memory["location"] == "bf1" and items[0].memory["might"] == 1
    assert deathknell.has(k) and not deathknell.has(game_of("玩家 甲\n基地: w=战士\n玩家 乙\n").obj("w"))
    effects.kill(g, [k])
    triggered.flush_recorded(g)  # the recorded batch goes on the chain
    assert k.zone == "trash" and any(getattr(i, "memory", {}).get("oid") == k.oid for i in g.chain)


LEVEL = "卡牌 升级兵 单位 战力 2 等级 3 战力 +2\n卡牌 旧兵 单位 战力 2 关键词 等级 3\n"


def test_level_ability_follows_the_current_controllers_xp():
    # 824.1.c: active exactly while the controller has N XP; a change of control re-checks (824.1.c.1).
    from judge.engine.keywords import level
    from judge.engine.layers import might

    g = game_of(LEVEL + "玩家 甲\n经验 3\n基地: u=升级兵\n玩家 乙\n经验 2\n基地: v=升级兵, o=旧兵\n")
    u, v = g.obj("u"), g.obj("v")
    assert g.players["甲"].xp == 3 and g.players["乙"].xp == 2
    assert might(g, u) == 4 and might(g, v) == 2  # XP is per player
    assert g.obj("o").has("level") == 3 and might(g, g.obj("o")) == 2  # a bare keyword carries no ability
    v.controller = "甲"  # a change of control re-checks the condition at once
    assert might(g, v) == 4
    effects.gain_xp(g, "乙", 1, "测试")
    assert g.players["乙"].xp == 3 and might(g, g.obj("o")) == 2
    g.players["甲"].xp = 2
    assert might(g, u) == 2 and level.might_bonus(g, u) == 0


def test_level_and_xp_lines_reject_missing_numbers():
    import pytest

    from judge.dsl.errors import ScenarioError

    with pytest.raises(ScenarioError):
        parse_text("卡牌 升级兵 单位 战力 2 等级 战力 +2\n模式 1v1\n玩家 甲\n玩家 乙\n", "t.场景")
    with pytest.raises(ScenarioError):
        parse_text("模式 1v1\n玩家 甲\n经验\n玩家 乙\n", "t.场景")
