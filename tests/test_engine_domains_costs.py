"""Domains of power (134, 163.2, 135.2.e.5-135.2.e.6.c) and passive cost increases/reductions (356.3-356.6)."""

from judge.dsl.parser import parse_text
from judge.dsl.validate import validate
from judge.engine import costs
from judge.scenario.runner import run_scenario

CARDS = ("卡牌 炽烈符文 符文 特性 炽烈\n卡牌 翠意符文 符文 特性 翠意\n卡牌 符文 符文\n卡牌 战士 单位 战力 3\n"
         "卡牌 炽烈飞弹 法术 特性 炽烈 费用 1 符能 [R] [C] 效果 造成 2 伤害 -> 目标\n"
         "卡牌 双色舞 法术 特性 翠意 混沌 费用 0 符能 [C] 效果 造成 1 伤害 -> 目标\n"
         "卡牌 无色弹 法术 费用 0 符能 [C] 效果 造成 1 伤害 -> 目标\n")


def _run(body: str):
    sc = parse_text(CARDS + "模式 1v1\n回合玩家 甲\n" + body, "<测试>")
    validate(sc)
    return run_scenario(sc)


def test_dsl_reads_domains_symbols_and_pool():
    sc = parse_text(CARDS + "模式 1v1\n玩家 甲\n符文池 法力 1 符能 [G] [A]\n玩家 乙\n", "<测试>")
    card = next(c for c in sc.cards.values() if c.name == "炽烈飞弹") if isinstance(sc.cards, dict) else \
        next(c for c in sc.cards if c.name == "炽烈飞弹")
    assert card.domains == ["R"] and card.cost_power == 2 and card.cost_power_syms == ["R", "C"]
    p = sc.players[0]
    assert (p.energy, p.power, p.power_domains) == (1, 2, ["G", "A"])


def test_wrong_domain_is_illegal_and_undone():
    r = _run("玩家 甲\n手牌: m=炽烈飞弹\n符文池 法力 1 符能 [G] [G]\n玩家 乙\n基地: w=战士\n"
             "行动:\n  期望非法 甲 打出 m 目标 w 规则 163.2\n")
    g = r.game
    assert r.passed
    assert g.objects["m"].zone == "hand"
    assert (g.players["甲"].energy, g.players["甲"].power, g.players["甲"].power_domains) == (1, 2, ["G", "G"])


def test_pool_domain_and_undeclared_power_pay():
    # [R] from the pool, the [C] (炽烈) from an undeclared rune: undeclared pays anything
    r = _run("玩家 甲\n手牌: m=炽烈飞弹\n符文池 法力 1 符能 [R] [G]\n基地: r=符文 休眠\n玩家 乙\n基地: w=战士\n"
             "行动:\n  甲 打出 m 目标 w\n  全部让过\n")
    g = r.game
    assert g.objects["w"].damage == 2 and g.objects["r"].zone == "rune_deck"
    assert (g.players["甲"].power, g.players["甲"].power_domains) == (1, ["G"])


def test_c_of_a_multi_domain_card_takes_either_domain():
    r = _run("玩家 甲\n手牌: d=双色舞\n基地: r=翠意符文\n玩家 乙\n基地: w=战士\n行动:\n  甲 打出 d 目标 w\n  全部让过\n")
    assert r.game.objects["w"].damage == 1 and r.game.objects["r"].zone == "rune_deck"


def test_c_of_a_card_without_domain_is_any():
    r = _run("玩家 甲\n手牌: d=无色弹\n基地: r=炽烈符文\n玩家 乙\n基地: w=战士\n行动:\n  甲 打出 d 目标 w\n  全部让过\n")
    assert r.game.objects["w"].damage == 1


def test_matching_prefers_specific_points_first():
    # [A] must not eat the only 炽烈 rune needed by [R]
    cost = costs.Cost()
    cost.add(0, 2, "基础费用", ["A", "R"])
    assert costs._match([None, frozenset("R")], [frozenset("R"), frozenset("G")]) == [1, 0]
    needs = sorted([costs._allowed(s, None) for s in cost.syms], key=lambda n: 99 if n is None else len(n))
    assert costs._match(needs, [frozenset("R"), frozenset("G")]) is not None


def test_floor_trims_symbols():
    cost = costs.Cost()
    cost.add(1, 2, "基础费用", ["R", "A"])
    cost.add(-3, -1, "减费")
    cost.floor()
    assert (cost.energy, cost.power, cost.syms) == (0, 1, ["R"])


MODS = ("卡牌 火球 法术 费用 2 效果 造成 3 伤害 -> 目标\n卡牌 减费法师 单位 战力 1 费用修正 友方 法术 -1\n"
        "卡牌 增费图腾 装备 费用修正 敌方 法术 +1\n卡牌 单位减费 装备 费用修正 友方 单位 -1 符能 -1\n")


def test_dsl_reads_cost_modifiers():
    sc = parse_text(CARDS + MODS + "模式 1v1\n玩家 甲\n玩家 乙\n", "<测试>")
    cards = sc.cards.values() if isinstance(sc.cards, dict) else sc.cards
    mod = next(c for c in cards if c.name == "单位减费").cost_mods[0]
    assert (mod.whose, mod.card_type, mod.energy, mod.power) == ("friendly", "unit", -1, -1)


def test_increases_apply_before_reductions_and_floor_at_zero():
    r = _run(MODS.replace("费用 2 效果", "费用 0 效果") + "玩家 甲\n手牌: f=火球\n基地: m=减费法师\n玩家 乙\n"
             "基地: t=增费图腾, w=战士\n行动:\n  甲 打出 f 目标 w\n")
    step3 = next(e.text for e in r.game.trace.events if "步骤3" in e.text)
    assert step3.index("增费") < step3.index("减费") and step3.endswith("总费用 法力 0。")


def test_modifiers_respect_whose_and_card_type():
    # the opponent's 减费法师 does not reduce 甲's spells; 单位减费 does not touch spells
    r = _run(MODS + "玩家 甲\n手牌: f=火球\n符文池 法力 1\n基地: u=单位减费\n玩家 乙\n基地: m=减费法师, w=战士\n"
             "行动:\n  期望非法 甲 打出 f 目标 w 规则 358.2\n")
    assert r.passed and r.game.objects["f"].zone == "hand"


def test_illegal_play_with_modifier_changes_nothing():
    r = _run(MODS + "玩家 甲\n手牌: f=火球\n符文池 法力 2\n玩家 乙\n基地: t=增费图腾, w=战士\n"
             "行动:\n  期望非法 甲 打出 f 目标 w\n")
    assert r.passed and r.game.players["甲"].energy == 2 and r.game.objects["f"].zone == "hand"
