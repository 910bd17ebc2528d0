"""Every rule number the engine can cite, in one place, with the Chinese concept its text must contain.

tests/test_engine_citations.py checks each number exists in the rule tree and that its title or
text contains the concept. FAQ rulings are cited by reference (document + line) and rendered with
the FAQ table's id when that table is available.
"""

from __future__ import annotations

# number -> concept that the rule's title/text (or its subtree) must contain.
RULES: dict[str, str] = {
    "119": "游戏物体",
    "134": "特性",
    "135.2.e.6": "[C]",
    "142": "伤害",
    "142.4": "致命伤害",
    "165": "符文池",
    "163.2": "特性",
    "188": "控制",
    "197": "位置",
    "307": "回合状态",
    "315": "回合开始",
    "317": "回合结束阶段",
    "317.2": "回合结束阶段",
    "318": "清理",
    "341": "法术对决",
    "415": "激活",
    "417": "造成",
    "418": "移除伤害",
    "428": "摧毁",
    "430": "召出",
    "431": "燃尽",
    "445": "移动",
    "447.2": "移动",
    "454": "召回",
    "459": "战斗",
    "463": "战斗步骤",
    "465": "战斗伤害步骤",
    "466": "结算步骤",
    "466.1": "战斗清理",
    "467": "得分",
    "469.1": "征服",
    "481": "游戏模式",
    "701": "增益",
    "716": "贴附",
    "800": "关键词",
    "807": "强攻",
    "808": "绝念",
    "810": "游走",
    "811": "待命",
    "816": "瞬息",
    # chain, priority, playing cards, abilities, keywords. Only numbers the text itself
    # confirms (inferred sub-numbers move while the tree's numbering is refined).
    "327": "结算链",
    "337": "确认",
    "349": "打出卡牌",
    "355.6": "目标",
    "355.11": "一组目标",
    "355.11.b": "初始目标",
    "356.3": "增费",
    "356.4": "减费",
    "356.6": "减至0以下",
    "367": "替换效果",
    "376": "主动技能",
    "382": "触发式技能",
    "398": "打出或激活技能",
    # reflexive ("embedded") triggers are triggered abilities (382); delayed (389) and linked (393)
    "389": "延迟技能",
    "393": "关联技能",
    "410.1": "自决行动",
    "805": "急速",
    "806": "迅捷",
    "809": "法盾",
    "813": "反应",
    "818": "装配",
    "819": "灵便",
    "821": "百炼",
    # exact rules cited by trace steps: cleanup tasks (323), the chain's FEPR steps (329-340), showdowns
    # (343-348), control of battlefields (190), can't beats can, tokens, Might
    "054.1": "禁止",
    "143.2": "战力",
    "186.1": "指示物",
    "190.3.a": "争夺状态",
    "190.3.b": "争夺状态",
    "190.3.b.1": "争夺状态",
    "190.4": "控制权",
    "190.4.c": "失去该战场的控制权",
    "196": "对局结束",
    "323": "清理",
    "323.1": "胜利得分",
    "323.2": "身份",
    "323.4": "绝念",
    "323.5": "致命伤害",
    "323.6": "失去",
    "323.7": "召回",
    "323.8": "法术对决",
    "323.9": "战斗",
    "323.11": "争夺状态",
    "323.12": "法术对决",
    "323.13": "战斗",
    "323.14": "战斗法术对决",
    "324.1": "特殊清理",
    "329": "待处理项目",
    "331.1.a": "闭环状态",
    "331.1.b": "闭环状态",
    "336.1": "待处理结算链项目",
    "337.1": "待处理",
    "337.2": "立即结算",
    "337.4": "优先行动权",
    "338.1": "优先行动权",
    "339.1": "让过优先行动权",
    "339.2": "让过优先行动权",
    "340.1": "结算",
    "340.2.a": "焦点",
    "343.1.a": "法术对决状态",
    "343.1.b": "法术对决状态",
    "344": "法术对决",
    "345": "焦点",
    "346": "焦点",
    "346.1": "焦点",
    "347": "焦点",
    "347.2": "让过",
    "348": "关闭法术对决",
    "348.2.a": "确立",
    # game actions (412-444) named by registered effects (judge.engine.instructions)
    "413": "抽",
    "414": "休眠",
    "420": "移动",
    "423": "眩晕",
    "426": "增益",
    "427": "放逐",
    "429": "获得",
    "434": "贴附",
    "416": "回收",
    "419": "打出",
    "419.3.b": "打出步骤",
    "419.4.a": "触发式技能",
    "419.4.a.1": "无效化",
    "425": "无效化",
}

# FAQ rulings the engine rests on: symbolic key -> (FAQ entry id in the faq table, short label).
# Ids follow judge.rules.faq: "C-L<line>" (core rules FAQ), "R-L<line>" (referee FAQ).
FAQ: dict[str, tuple[str, str]] = {
    "C-SCORING": ("C-L33", "征服与据守"),
    "C-FINAL-POINT": ("C-L39", "最后一分如何运作"),
    "C-STD-MOVE": ("C-L63", "什么是标准移动"),
    "C-EFFECT-MOVE": ("C-L67", "用法术或能力移动单位不需要横置"),
    "C-GROUP-MOVE": ("C-L71", "多个单位一起移动"),
    "C-GANKING": ("C-L75", "游走是使用标准移动的一种额外方式"),
    "C-EQUAL-MIGHT": ("C-L85", "战斗双方总战力相同"),
    "C-BOTH-SURVIVE": ("C-L89", "战斗双方都有单位存活"),
    "C-HEAL-COMBAT": ("C-L93", "单位会从战斗伤害中恢复吗"),
    "C-BURN-OUT": ("C-L195", "主牌堆没有牌时"),
    "C-GAREN": ("C-L598", "盖伦与新兵：先移除伤害再检查致命伤害"),
    "C-KOGMAW": ("C-L604", "克格莫的绝念在移除伤害之后"),
    "R-CONTROL-LOCK": ("R-L41", "争夺期间的控制权"),
    "R-CLEANUP": ("R-L53", "清理的时间点与步骤"),
    "R-SETT-BUFF": ("R-L55", "瑟提消耗增益后被摧毁"),
    "R-SETT-LEADER": ("R-L57", "提供战力的单位离场后的清理"),
    "R-COMBAT-CLEANUP": ("R-L61", "战斗清理"),
    "R-KOGMAW": ("R-L63", "克格莫与贪玩的小鬼"),
    "R-ASSIGN-NOT-DEAL": ("R-L69", "分配伤害不是造成伤害"),
    "R-NO-OVERKILL": ("R-L71", "不得超过致命伤害所需的最小值"),
    "R-NO-OVERKILL-EX": ("R-L73", "侦察飞鹰与警觉的哨兵"),
    "R-TANK-ORDER": ("R-L75", "相同优先级的单位可任意顺序分配"),
    "R-TANK-EX": ("R-L77", "两名壁垒单位"),
    "R-TANK-BACKLINE": ("R-L79", "同时受两种分配要求时选择其一"),
    "R-NO-DAMAGE": ("R-L83", "无法被造成伤害的单位不受分配规则约束"),
    "R-NO-DAMAGE-EX": ("R-L85", "凯隐与格挡"),
    "R-BURN-OUT": ("R-L99", "燃尽只在卡牌必须离开主牌堆时发生"),
    # chain, triggers and playing cards
    "R-TRIGGER-ORDER": ("R-L19", "沃利贝尔与旅行商人：同时触发按回合顺序"),
    "R-COMBAT-CHAIN": ("R-L21", "初始结算链：焦点玩家、其他玩家、防守方最后"),
    "R-DECLINE": ("R-L29", "拒绝支付触发式技能的费用则将其移除"),
    "R-AHRI-DEFLECT": ("R-L31", "阿狸的技能只能选择法盾单位"),
    "R-FOCUS": ("R-L37", "初始结算链结算后焦点不转移"),
    "C-SAVE": ("C-L553", "替代单位死亡的卡牌"),
    "C-SAVE-BASE": ("C-L584", "拯救已在基地或已休眠的单位"),
    "C-DRAGONS-RAGE": ("C-L422", "猛龙摆尾：执行此操作是单独放入结算链的反射触发"),
    "C-DISINTEGRATE": ("C-L435", "瓦解：若此伤害消灭了它，则执行此操作"),
    "C-TWISTED-FATE": ("C-L451", "崔斯特-赌徒：执行以下一项也是反射触发"),
}

# FAQ rulings superseded by the current rules (faq-status): the engine follows the rule.
SUPERSEDED: dict[str, str] = {
    "C-BURN-OUT": "431",
    "C-HEAL-COMBAT": "466.1",
    "C-BOTH-SURVIVE": "466",
    "C-FINAL-POINT": "467",
}


def faq_id(key: str) -> str:
    """The FAQ entry id for a symbolic key (ids pass through unchanged)."""
    return FAQ[key][0] if key in FAQ else key


def faq_label(key: str) -> str:
    for k, (fid, label) in FAQ.items():
        if key in (k, fid):
            return f"{fid}（{label}）"
    return key
