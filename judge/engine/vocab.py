"""The game's vocabulary: English ids used in code, Chinese names shown to users, the English
aliases a scenario may write, and the rule that defines each term. Keywords, effects, trigger
events and static abilities are registries of their own (judge.engine.keywords, .instructions,
.abilities.events, .statics); this module holds the fixed sets."""

from __future__ import annotations

# id: (Chinese display name, other Chinese spellings, English aliases)
ZONES = {
    "hand": ("手牌", (), ("hand",)), "deck": ("主牌堆", (), ("deck",)),
    "rune_deck": ("符文牌堆", (), ("rune-deck",)), "trash": ("废牌堆", (), ("trash",)),
    "banishment": ("放逐区域", ("放逐",), ("banishment",)), "champion": ("英雄区域", ("英雄区",), ("champion-zone",)),
    "legend": ("传奇区域", ("传奇区",), ("legend-zone",)), "facedown": ("待命区域", (), ("facedown",)),
    "chain": ("结算链", (), ("chain",)), "board": ("场地", (), ("board",)), "base": ("基地", (), ("base",)),
    "gone": ("移出对局", (), ()),
}
PHASES = {
    "beginning": ("开始阶段", (), ("beginning",)), "main": ("主阶段", (), ("main",)),
    "ending": ("回合结束阶段", ("结束阶段",), ("ending",)),
}
CARD_TYPES = {
    "unit": ("单位", (), ("unit",)), "gear": ("装备", (), ("gear",)), "spell": ("法术", (), ("spell",)),
    "rune": ("符文", (), ("rune",)), "legend": ("传奇", (), ("legend",)),
    "battlefield": ("战场牌", (), ("battlefield-card",)),
}
# the six domains (134) by their power symbol letter
DOMAINS = {
    "R": ("炽烈", (), ("red",)), "G": ("翠意", (), ("green",)), "B": ("灵光", (), ("blue",)),
    "O": ("摧破", (), ("orange",)), "P": ("混沌", (), ("purple",)), "Y": ("序理", (), ("yellow",)),
}
# timing permissions (806, 813) and the default
TIMINGS = {"normal": ("普通时机", (), ("normal",)), "action": ("迅捷", (), ("action",)),
           "reaction": ("反应", (), ("reaction",))}
MODES = {"1v1": ("对决", (), ("duel", "1v1")), "2v2": ("组队", (), ("2v2",)),
         "ffa3": ("自由混战3", ("三人混战",), ("ffa3",)), "ffa4": ("自由混战4", ("四人混战",), ("ffa4",))}
DESIGNATIONS = {"attacker": ("进攻方", (), ("attacker",)), "defender": ("防守方", (), ("defender",))}


def name(table: dict, term_id: str) -> str:
    """Chinese display name of a term id (the id itself when unknown)."""
    entry = table.get(term_id)
    return entry[0] if entry else term_id


def names(table: dict) -> dict[str, str]:
    return {k: v[0] for k, v in table.items()}


def spellings(table: dict) -> dict[str, str]:
    """Every accepted spelling -> id (Chinese names, other spellings, English aliases, the id)."""
    out = {}
    for k, (zh, more, en) in table.items():
        for w in (zh, *more, *en, k):
            out[w] = k
    return out
# the end of a step of an action, by the rule that describes the step: where a checkpoint can stop
# (`检查 步骤后 357 …`); playing a card 354-359, combat 464-466 with the resolution step's tasks
STEPS = {
    "354": ("打出步骤1（放入结算链）", (), ("play-step-1",)),
    "355": ("打出步骤2（做出选择）", (), ("play-step-2",)),
    "356": ("打出步骤3（确定总费用）", (), ("play-step-3",)),
    "357": ("打出步骤4（支付费用）", (), ("play-step-4",)),
    "358": ("打出步骤5（检查合法性）", (), ("play-step-5",)),
    "359": ("打出步骤6（确认）", (), ("play-step-6",)),
    "464": ("战斗步骤1（战斗法术对决）", (), ("combat-step-1",)),
    "465": ("战斗步骤2（战斗伤害）", (), ("combat-step-2",)),
    "466.1": ("结算步骤任务1（战斗清理）", (), ("combat-cleanup",)),
    "466.3": ("结算步骤任务2（确定战斗结果）", (), ("combat-result",)),
    "466.5": ("结算步骤任务3（确立控制）", (), ("combat-control",)),
    "466": ("战斗步骤3（结算步骤，战斗结束）", (), ("combat-step-3",)),
}
# a combat's result (466.3): of a battlefield's combat (attacker/defender/none), of a player or unit
COMBAT_RESULTS = {
    "attacker": ("进攻方胜", ("进攻方获胜",), ("attacker-won",)),
    "defender": ("防守方胜", ("防守方获胜",), ("defender-won",)),
    "won": ("胜", ("获胜",), ("won",)),
    "lost": ("负", ("落败",), ("lost",)),
    "none": ("无胜负", ("无结果", "无"), ("no-result", "none")),
}
