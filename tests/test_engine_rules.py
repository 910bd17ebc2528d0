"""Engine procedures, one rule at a time (outcomes from the rules and FAQ text, cited per test)."""

import pytest

from judge.dsl import parse_text
from judge.engine import actions, damage_assignment as da, invariants
from judge.engine.errors import IllegalAction, NeedChoice
from judge.engine.layers import lethal_needed, might
from judge.scenario.runner import run_scenario
from judge.scenario.setup import build_game

CARDS = """卡牌 战士 单位 战力 3
卡牌 步兵 单位 战力 2
卡牌 巨人 单位 战力 6
卡牌 壁垒兵 单位 战力 4 关键词 壁垒
卡牌 后排兵 单位 战力 3 关键词 后排
卡牌 盖伦 单位 战力 5 光环 其他 友方 此处 战力 +1
卡牌 游侠 单位 战力 2 关键词 游走
"""


def game_of(body, auto=False):
    sc = parse_text(CARDS + body, "t.场景")
    return sc, build_game(sc, auto=auto)


def act(game, line):
    from judge.dsl.parser import parse_text as parse_raw  # no reference validation: objects live in `game`

    sc = parse_raw("模式 1v1\n玩家 甲\n玩家 乙\n行动:\n  " + line + "\n", "a.场景")
    return sc.steps[0].action


def test_lethal_needed_counts_marked_damage_and_zero_might():
    # 142.4: lethal = non-zero damage >= Might; 0 Might needs 1.
    _, g = game_of("模式 1v1\n卡牌 稻草人 单位 战力 0\n玩家 甲\n基地: a=战士 伤害 1, z=稻草人\n玩家 乙\n")
    assert lethal_needed(g, g.obj("a")) == 2
    assert lethal_needed(g, g.obj("z")) == 1


def test_aura_buff_and_designation_keywords():
    _, g = game_of("模式 1v1\n卡牌 突击兵 单位 战力 2 关键词 强攻 2\n玩家 甲\n基地: g=盖伦, s=步兵 增益, t=突击兵\n玩家 乙\n")
    assert might(g, g.obj("s")) == 2 + 1 + 1  # printed + buff (701) + Garen's aura
    assert might(g, g.obj("g")) == 5  # "other" excludes itself
    t = g.obj("t")
    assert might(g, t) == 3
    t.designation = "attacker"
    assert might(g, t) == 5  # 强攻 2 while attacking (807)


class TestAssignment:
    """465 and the referee FAQ R-L69..R-L85."""

    def setup_method(self):
        _, self.g = game_of("模式 1v1\n卡牌 凯隐 单位 战力 4\n玩家 甲\n玩家 乙\n"
                            "基地: t=壁垒兵, s=步兵, b=后排兵, k=凯隐 无法被造成伤害\n")

    def units(self, *ids):
        return [self.g.obj(i) for i in ids]

    def test_must_assign_exactly_the_total(self):
        assert da.problem(self.g, 5, self.units("s"), {"s": 4}) is not None

    def test_no_overkill_while_another_can_take_damage(self):
        assert da.problem(self.g, 4, self.units("s", "b"), {"s": 4}) is not None
        assert da.problem(self.g, 6, self.units("s", "b"), {"s": 3, "b": 3}) is None

    def test_lethal_first(self):
        assert da.problem(self.g, 3, self.units("s", "b"), {"s": 1, "b": 2}) is not None
        assert da.problem(self.g, 3, self.units("s", "b"), {"s": 2, "b": 1}) is None

    def test_tank_first_backline_last(self):
        assert da.problem(self.g, 4, self.units("t", "s"), {"s": 2, "t": 2}) is not None
        assert da.problem(self.g, 6, self.units("t", "s"), {"t": 4, "s": 2}) is None
        assert da.problem(self.g, 3, self.units("s", "b"), {"b": 3}) is not None

    def test_cannot_be_damaged_unit_is_exempt(self):
        # R-L83/R-L85: nothing is lethal for it; its Tank does nothing.
        self.g.obj("k").keywords["tank"] = 1
        assert da.problem(self.g, 2, self.units("k", "s"), {"s": 2}) is None

    def test_options_are_all_legal_and_cover_orders(self):
        opts = da.options(self.g, 6, self.units("t", "s", "b"))
        assert opts and all(da.problem(self.g, 6, self.units("t", "s", "b"), o) is None for o in opts)
        assert all(o.get("t", 0) >= 4 for o in opts)  # the Tank always gets lethal first


def test_standard_move_legality_rules():
    _, g = game_of("模式 1v1\n玩家 甲\n基地: a=战士, e=战士 休眠\n战场 bf1: r=游侠, w=战士\n玩家 乙\n"
                   "战场 bf1 = 门 控制者 甲\n战场 bf2 = 庙\n")
    with pytest.raises(IllegalAction) as exc:
        actions.apply(g, act(g, "甲 标准移动 e -> bf2"))
    assert exc.value.rule == "144.2"  # exhausting is the cost of the standard move
    with pytest.raises(IllegalAction) as exc:
        actions.apply(g, act(g, "甲 标准移动 w -> bf2"))
    assert exc.value.rule == "144.4.c.1"  # only 游走 lets a standard move go battlefield to battlefield
    with pytest.raises(IllegalAction):
        actions.apply(g, act(g, "乙 标准移动 a -> bf2"))
    before = [(o.oid, o.location, o.exhausted) for o in g.units()]
    assert [(o.oid, o.location, o.exhausted) for o in g.units()] == before  # illegal = untouched
    actions.apply(g, act(g, "甲 标准移动 r -> bf2"))
    assert g.obj("r").location == "bf2" and g.obj("r").exhausted
    assert g.battlefields["bf2"].contested_by == "甲"


def test_strict_mode_stops_with_legal_choices_and_auto_decides():
    text = CARDS + """模式 1v1
玩家 甲
基地: a=巨人
玩家 乙
战场 bf1: s1=战士, s2=步兵
战场 bf1 = 门 控制者 乙
行动:
  甲 标准移动 a -> bf1
  全部让过
期望:
  s1 在 废牌堆
"""
    sc = parse_text(text, "t.场景")
    strict = run_scenario(sc)
    assert strict.stop is not None and strict.stop.kind == "choice"
    assert sorted(strict.stop.options) == ["s1 3, s2 3", "s2 2, s1 4"]
    assert not strict.passed
    auto = run_scenario(parse_text(text, "t.场景"), auto=True)
    assert auto.stop is None and auto.passed
    assert any(e.kind == "auto" for e in auto.events)


def test_illegal_scripted_assignment_stops_with_rule():
    text = CARDS + """模式 1v1
玩家 甲
基地: a=巨人
玩家 乙
战场 bf1: s1=战士, s2=战士
战场 bf1 = 门 控制者 乙
行动:
  甲 标准移动 a -> bf1
  甲 分配伤害 s1 6
  全部让过
"""
    r = run_scenario(parse_text(text, "t.场景"))
    assert r.stop is not None and r.stop.rule == "465.2.c"


def test_combat_cleanup_heals_before_recheck_garen():
    # C-L598: the recruit survives because damage is removed (466.1 step 3c) before the re-check.
    text = CARDS + """模式 1v1
卡牌 新兵 单位 战力 1
玩家 甲
基地: a=巨人
玩家 乙
战场 bf1: g=盖伦, r=新兵
战场 bf1 = 门 控制者 乙
行动:
  甲 标准移动 a -> bf1
  甲 分配伤害 g 5, r 1
  全部让过
"""
    r = run_scenario(parse_text(text, "t.场景"))
    g = r.game
    assert g.obj("g").zone == "trash" and g.obj("r").zone == "board" and g.obj("r").damage == 0
    heal_idx = next(i for i, e in enumerate(r.events) if "步骤3c" in e.text)
    kill_idx = next(i for i, e in enumerate(r.events) if "步骤3b" in e.text)
    assert kill_idx < heal_idx


def test_burn_out_gives_opponent_point_and_continues_draw():
    _, g = game_of("模式 1v1\n玩家 甲\n废牌堆: x, y\n玩家 乙\n")
    actions.apply(g, act(g, "甲 抽牌 1"))
    assert g.points_of("乙") == 1
    assert len(g.players["甲"].zones["hand"]) == 1 and len(g.players["甲"].zones["deck"]) == 1


def test_legal_actions_are_legal_and_invariants_hold():
    from judge.scenario.playout import random_playout

    for players in (2, 3, 4):
        stats = random_playout(300, seed=7 + players, players=players)
        assert stats["violations"] == []
        assert stats["steps"] > 250


def test_invariants_detect_a_corrupt_state():
    _, g = game_of("模式 1v1\n玩家 甲\n基地: a=战士\n玩家 乙\n")
    g.obj("a").damage = 5  # lethal damage left on the board without a cleanup
    assert invariants.violations(g)


def test_need_choice_for_several_staged_combats():
    _, g = game_of("模式 1v1\n玩家 甲\n战场 bf1: a=战士\n战场 bf2: b=战士\n玩家 乙\n战场 bf1: c=战士\n"
                   "战场 bf2: d=战士\n战场 bf1 = 门 控制者 乙\n战场 bf2 = 庙 控制者 乙\n")
    with pytest.raises(NeedChoice) as exc:
        actions.apply(g, act(g, "清理"))
    assert exc.value.options == ["bf1", "bf2"]
