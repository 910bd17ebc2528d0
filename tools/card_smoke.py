"""Development time: a smoke scenario for each encoded real card, in which its ability happens.

    python tools/card_smoke.py [CATALOG.json]

For every card with a shipped encoding (hand-written in judge/cards/encodings/<SET>.*.卡牌 or made by the
translator of tools/card_coverage.py), one scenario is written from the card's parsed encoding (the engine's
card model: keywords, triggered abilities with their event, subject, place and condition, activated
abilities with their costs, deathknells, statics, spell instructions with kind, value, target, destination
and duration): the card is put where its ability happens (played from hand with its real cost, moved into
combat, destroyed, activated with its cost paid, …) and the expectations are what the ability does as
encoded, which transcribes the card text (N damage, N cards drawn, +N Might…). The card's facts and
abilities come from the shipped catalog and encoding (the scenario names it without defining it); only
the other units on the board are hypothetical. A scenario that does not pass is not written: the card is
listed in the output instead (a gap in the engine or the template), and the cards without a template are
counted by reason. A card with a hand-written smoke scenario (no generator mark) gets none.

Reruns tools/card_coverage.py first (the translator's encodings), writes
scenarios/cards/<SET>/<number>-<card id>.场景 (removing earlier generated ones first), then reruns it again
so that its report counts them.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
for p in (REPO, REPO / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import card_coverage as cc  # noqa: E402

OUT = REPO / "scenarios" / "cards"
MARK = "说明 冒烟测试：由 tools/card_smoke.py"
_LETTERS = {"red": "R", "green": "G", "blue": "B", "orange": "O", "purple": "P", "yellow": "Y"}
HARMFUL = ("deal", "kill", "stun", "exhaust")
UNITS = ("unit", "hero_unit", "exclusive_unit", "indicator_unit")  # category codes of cards that are units


def _pool(card, extra_energy: int = 0, extra_power: int = 0) -> str:
    letter = next((_LETTERS[d] for d in card.domains if d in _LETTERS), "A")
    power = (card.power or 0) + extra_power
    return f"符文池 法力 {(card.energy or 0) + extra_energy}" + (" 符能 " + " ".join([f"[{letter}]"] * power) if power else "")


def _rule(ab: dict) -> str:
    from judge.engine.instructions import EFFECTS
    from judge.engine.keywords import KEYWORDS

    if ab["kind"] == "keyword":
        return KEYWORDS.get(ab["keyword"]).rule
    return EFFECTS.get({"move_base": "move"}.get(ab["kind"], ab["kind"])).rule


class Board:
    """The scenario being written: the card `c`, a friendly unit `f`, an enemy unit `e`, deck cards."""

    def __init__(self, card) -> None:
        self.card = card
        self.hand = ["c"]
        self.base_a: list[str] = []
        self.base_b: list[str] = []
        self.bf_a: list[str] = []
        self.bf_b: list[str] = []
        self.deck = 0
        self.rune_deck = 0
        self.legend = False
        self.turn_player = "甲"
        self.bf_controller = "甲"
        self.pool = _pool(card)
        self.pool_b = ""
        self.hand_b: list[str] = []
        self.defs: list[str] = []
        self.steps: list[str] = []
        self.expect: list[str] = []
        # used by the composer only (empty: the older templates' scenarios stay as they were)
        self.head: list[str] = []  # 回合 / 阶段 lines
        self.player_a: list[str] = []  # lines under 玩家 甲 (分数, 经验, 废牌堆)
        self.player_b: list[str] = []
        self.bf2_a: list[str] = []
        self.bf2_b: list[str] = []
        self.bf2_controller: str | None = None
        self.bf1_card = False  # the card is battlefield bf1
        self.c_attrs = ""  # the card's own state on the board (" 休眠", " 伤害 1")

    def text(self, title: str, rules: list[str]) -> str:
        c = self.card
        lines = [f"场景 卡牌 {c.id}（{c.number.split('/')[0]}）：{title}",
                 f"来源 卡牌 {c.id} {c.number.split('/')[0]}（卡牌文本）；规则 " + "、".join(dict.fromkeys(rules)),
                 MARK + " 按卡牌文本的模板生成；卡牌的事实与能力来自卡牌目录与编码，其他单位为假设的测试单位。",
                 *self.defs, "模式 1v1", f"回合玩家 {self.turn_player}", *self.head, "玩家 甲", *self.player_a]

        def zone(label, items):
            if items:
                lines.append(f"{label}: " + ", ".join(items))

        me = f'c="{c.id}"'
        zone("手牌", [me if x == "c" else x for x in self.hand])
        me += self.c_attrs
        if self.legend:
            lines.append(f'传奇区: c="{c.id}"')
        lines.append(self.pool)
        zone("主牌堆", [f"d{i}=测试牌" for i in range(1, self.deck + 1)])
        zone("符文牌堆", [f"r{i}=测试符文" for i in range(1, self.rune_deck + 1)])
        zone("基地", [me if x == "c" else x for x in self.base_a])
        zone("战场 bf1", [me if x == "c" else x for x in self.bf_a])
        zone("战场 bf2", self.bf2_a)
        lines.append("玩家 乙")
        lines += self.player_b
        zone("手牌", self.hand_b)
        if self.pool_b:
            lines.append(self.pool_b)
        zone("基地", self.base_b)
        zone("战场 bf1", self.bf_b)
        zone("战场 bf2", self.bf2_b)
        bf1 = f'战场 bf1 = "{c.id}"' if self.bf1_card else "战场 bf1"
        lines.append(f"{bf1} 控制者 {self.bf_controller}" if self.bf_controller else bf1)
        lines.append(f"战场 bf2 控制者 {self.bf2_controller}" if self.bf2_controller else "战场 bf2")
        lines += ["行动:"] + [f"  {s}" for s in self.steps] + ["期望:"] + [f"  {e}" for e in self.expect]
        return "\n".join(lines) + "\n"


FRIEND = "f=测试友军 战力 4"
ENEMY = "e=测试敌军 战力 {m}"


def _place_target(b: Board, ab: dict, where_a: list[str], where_b: list[str], might_e: int) -> str | None:
    """Put the unit the effect targets on the board and return its id (c for the card itself)."""
    scope = ab.get("scope", ())
    if "self" in scope:
        return "c"
    if "gear" in scope:
        return None
    if "battlefield" in scope:  # 战场上: the target stands at bf1, which its side controls
        where_a, where_b = b.bf_a, b.bf_b
    elif "base" in scope:
        where_a, where_b = b.base_a, b.base_b
    if ab["kind"] == "move_base" and "friendly" not in scope:
        return None
    friendly = "friendly" in scope or ("enemy" not in scope and ab["kind"] not in HARMFUL
                                       and not (ab["kind"] == "might" and ab["n"] < 0))
    if friendly:
        state = " 休眠" if ab["kind"] == "ready" else ""
        (b.bf_a if ab["kind"] == "recall" else where_a).append(FRIEND + state)
        if "battlefield" in scope or ab["kind"] == "recall":
            b.bf_controller = "甲"
        return "f"
    if ab["kind"] == "recall":
        return None
    where_b.append(ENEMY.format(m=might_e))
    if where_b is b.bf_b:
        b.bf_controller = "乙"
    return "e"


# the expectation each kind of effect leaves on its target `t`
_EXPECTATIONS = {
    "deal": "{t} 伤害 {n}",
    "kill": "{t} 在 废牌堆",
    "stun": "{t} 眩晕",
    "buff": "{t} 增益 1",
    "recall": "{t} 在 基地",
    "ready": "{t} 活跃",
    "exhaust": "{t} 休眠",
    "move_base": "{t} 在 基地",
    "return_to_hand": "{t} 在 手牌",
}


def _expect(b: Board, ab: dict, t: str | None, might_of: dict) -> bool:
    k = ab["kind"]
    if k in ("draw", "discard", "channel"):
        return True  # counted once for all of them
    if t is None:
        return False
    if k in _EXPECTATIONS:
        b.expect.append(_EXPECTATIONS[k].format(t=t, n=ab.get("n")))
    elif k == "might":
        b.expect.append(f"{t} 战力 {might_of[t] + ab['n']}")
    elif k == "counter":
        b.expect += ["h 在 废牌堆", "f 伤害 0"]
    else:
        return False
    return True



def _counts_from_board(b: Board, draws: int, channels: int, discards: int) -> bool:
    """Expect the hand and rune-deck counts an ability of a card already on the board leaves; False when
    it discards (these boards start with an empty hand, so there is nothing to discard)."""
    if draws:
        b.expect.append(f"甲 手牌数 {draws}")
    if channels:
        b.expect.append("甲 符文牌堆数 1")
    return not discards

def _effects_scenario(card, abilities: list[dict]) -> tuple[Board, str, list[str]] | None:
    """A card whose abilities are effects on play / on resolution / on attack / on conquer."""
    effects = [dict(a, n=card.might or 0) if a.get("n") == "might" else a for a in abilities if a["kind"] != "keyword"]
    whens = {a["when"] for a in effects}
    counted = ("draw", "discard", "channel")
    if len(whens) != 1 or sum(1 for a in effects if a["kind"] not in counted) > 1:
        return None
    when = whens.pop()
    b = Board(card)
    targeted = next((a for a in effects if a["kind"] not in counted + ("add_energy",)), None)
    draws = sum(a["n"] for a in effects if a["kind"] == "draw")
    discards = sum(a["n"] for a in effects if a["kind"] == "discard")
    channels = sum(a["n"] for a in effects if a["kind"] == "channel")
    if discards and draws:
        return None  # which cards are discarded would depend on the order
    if draws:
        b.deck = draws + 1
    if discards:
        b.hand += [f"x{i}=测试牌" for i in range(1, discards + 1)]
    if channels:
        b.rune_deck = channels + 1
    might_c = card.might or 0
    m_e = max(9, (targeted or {}).get("n", 0) + 5) if targeted else 9
    if targeted and targeted["kind"] == "might" and targeted["n"] < 0:
        m_e = -targeted["n"] + 6
    might_of = {"f": 4, "e": m_e, "c": might_c}
    rules = []
    if targeted and targeted["kind"] == "counter":
        if when != "resolve" or "reaction" not in {a.get("keyword") for a in abilities}:
            return None
        # the opponent's spell on the chain, countered in response
        b.defs.append("卡牌 测试火球 法术 费用 1 效果 造成 1 伤害 -> 目标")
        b.turn_player, b.pool_b = "乙", "符文池 法力 1"
        b.base_a.append(FRIEND)
        b.hand_b = ["h=测试火球"]
        b.steps = ["乙 打出 h 目标 f", "乙 让过", "甲 打出 c 目标 h", "全部让过"]
        _expect(b, targeted, "h", might_of)
        return b, "结算时无效化", ["425", "425.1"]
    if when == "legion":
        # Legion: another card played first this turn (a free hypothetical unit)
        b.defs.append("卡牌 测试新兵 单位 费用 0 战力 1")
        b.hand.append("z=测试新兵")
        t = _place_target(b, targeted, b.base_a, b.base_b, m_e) if targeted else None
        if targeted and "here" in targeted.get("scope", ()):
            return None
        chosen = t if t and t != "c" and "all" not in targeted.get("scope", ()) else None
        b.steps = ["甲 打出 z"] + ([f"甲 选择目标 c -> {chosen}"] if chosen else []) + ["甲 打出 c", "全部让过"]
        rules.append("812")
        if draws:
            b.expect.append(f"甲 手牌数 {draws}")
        if discards or channels:
            return None
    elif when in ("play", "resolve"):
        t = _place_target(b, targeted, b.base_a, b.base_b, m_e) if targeted else None
        if targeted and "here" in targeted.get("scope", ()):
            return None  # "here" for a unit played to base: a template for another day
        chosen = t if t and t != "c" and "all" not in targeted.get("scope", ()) else None
        if when == "resolve":
            b.steps.append(f"甲 打出 c{' 目标 ' + chosen if chosen else ''}")
        else:
            if chosen:
                b.steps.append(f"甲 选择目标 c -> {t}")
            b.steps.append("甲 打出 c")
        b.steps.append("全部让过")
        rules.append("383.4.a.2" if when == "play" else "337")
        if draws:
            b.expect.append(f"甲 手牌数 {draws}")
        if discards:
            b.expect += ["甲 手牌数 0", f"甲 废牌堆数 {discards + (1 if when == 'resolve' else 0)}"]
        if channels:
            b.expect.append("甲 符文牌堆数 1")
    elif when in ("move", "move_to_battlefield", "i_conquer", "die"):
        if card.category_code not in UNITS or targeted:
            return None
        b.hand, b.base_a, b.bf_controller = [], ["c"], None
        # a move trigger resolves in the showdown the move opens; a conquer trigger after it, in a new chain
        b.steps = ["甲 摧毁 c", "全部让过"] if when == "die" else ["甲 标准移动 c -> bf1", "全部让过"] + (
            ["全部让过"] if when == "i_conquer" else [])
        rules.append({"die": "383.4", "i_conquer": "468"}.get(when, "445"))
        if not _counts_from_board(b, draws, channels, discards):
            return None
    elif when in ("activated", "deathknell"):
        unit = card.category_code in UNITS
        if when == "deathknell" and not unit:
            return None
        b.hand = []
        if card.category_code == "legendary":
            b.legend = True
        elif unit or card.category_code.endswith("equipment"):
            b.base_a.append("c")
        else:
            return None
        t = _place_target(b, targeted, b.base_a, b.base_b, m_e) if targeted else None
        if targeted and "here" in targeted.get("scope", ()):
            return None
        chosen = t if t and t != "c" and "all" not in targeted.get("scope", ()) else None
        if when == "activated":
            cost = effects[0]["cost"]
            b.pool = f"符文池 法力 {cost['energy']}" + (" 符能 " + " ".join(f"[{p}]" for p in cost["power"])
                                                       if cost["power"] else "")
            b.steps.append(f"甲 激活 c{' 目标 ' + chosen if chosen else ''}")
            if any(a["kind"] == "add_energy" for a in effects):
                b.expect.append(f"甲 符文池 法力 {sum(a['n'] for a in effects)}")
                effects_rule = ["376", "429"]
                return b, "主动技能：获得法力", effects_rule
            b.steps.append("全部让过")
            if cost["exhaust"]:
                b.expect.append("c 休眠")
            rules.append("376")
        else:
            if chosen:
                b.steps.append(f"甲 选择目标 c -> {chosen}")
            b.steps += ["甲 摧毁 c", "全部让过"]
            rules.append("808")
        if not _counts_from_board(b, draws, channels, discards):
            return None
    elif when in ("attack", "conquer"):
        if card.category_code not in UNITS:
            return None
        b.hand = []
        b.base_a.append("c")
        if when == "attack":
            b.bf_controller = "乙"
            t = _place_target(b, targeted, b.bf_a, b.bf_b, m_e) if targeted else None
            if t != "e":
                return None
            if targeted["kind"] != "deal":
                return None
            # lethal only with the trigger's damage added to the combat damage
            b.bf_b[-1] = ENEMY.format(m=might_c + targeted["n"])
            b.steps = ([f"甲 选择目标 c -> {t}"] if "all" not in targeted.get("scope", ()) else []) + \
                ["甲 标准移动 c -> bf1", "全部让过"]
            targeted = dict(targeted, kind="kill")
            rules.append("459")
        else:
            b.bf_controller = None
            if targeted:
                return None
            b.steps = ["甲 标准移动 c -> bf1", "全部让过", "全部让过"]
            rules.append("468")
        if draws:
            b.expect.append(f"甲 手牌数 {draws}")
    else:
        return None
    if targeted and not _expect(b, targeted, t, might_of):
        return None
    rules += [_rule(a) for a in effects]
    summary = "、".join(dict.fromkeys({"draw": "抽牌", "deal": "造成伤害", "kill": "摧毁", "stun": "眩晕", "buff": "增益",
                                        "might": "修改战力", "recall": "召回", "ready": "活跃", "exhaust": "休眠", "discard": "弃牌",
                                        "channel": "召出符文", "counter": "无效化", "return_to_hand": "回到手牌",
                                        "add_energy": "获得法力", "move_base": "移动到基地"}[a["kind"]]
                                       for a in effects))
    when_zh = {"play": "打出时", "resolve": "结算时", "attack": "进攻时", "conquer": "征服时", "activated": "主动技能：",
               "deathknell": "绝念：", "move": "移动时", "move_to_battlefield": "移动到战场时", "i_conquer": "征服时",
               "die": "被摧毁时", "legion": "鼓舞："}[when]
    return b, f"{when_zh}{summary}", rules


def _keyword_scenario(card, kw: dict) -> tuple[Board, str, list[str]] | None:
    b = Board(card)
    k, n, m = kw["keyword"], kw.get("n", 1), card.might or 0
    is_unit = card.category_code in UNITS
    if not is_unit and k != "equip":
        return None
    if k == "accelerate":
        b.pool = _pool(card, 1, 1)
        b.steps = ["甲 打出 c 支付急速"]
        b.expect = ["c 在 基地", "c 活跃"]
        return b, "支付急速打出，以活跃状态进场", ["805"]
    if k == "assault":
        b.hand, b.base_a, b.bf_controller = [], ["c"], "乙"
        b.bf_b.append(ENEMY.format(m=m + n))  # lethal only with the keyword's +N
        b.steps = ["甲 标准移动 c -> bf1", f"检查 c 战力 {m + n}", "全部让过"]
        b.expect = ["e 在 废牌堆"]
        return b, f"进攻时战力 +{n}", ["807", "465"]
    if k == "shield":
        b.hand, b.bf_a, b.turn_player = [], ["c"], "乙"
        b.base_b.append(ENEMY.format(m=m + n))  # lethal only with the keyword's +N
        b.steps = ["乙 标准移动 e -> bf1", f"检查 c 战力 {m + n}", "全部让过"]
        b.expect = ["e 在 废牌堆"]
        return b, f"防守时战力 +{n}", ["814", "465"]
    if k == "equip" and card.might:
        b.hand, b.base_a = [], ["c", FRIEND]
        letter = {"A": "A"}
        b.pool = f"符文池 法力 {kw['energy']}" + (" 符能 " + " ".join(f"[{letter.get(p, p)}]" for p in kw["power"])
                                                 if kw["power"] else "")
        b.steps = ["甲 激活 c 目标 f", "全部让过"]
        b.expect = [f"f 战力 {4 + card.might}"]
        return b, f"装配：贴附于一名友方单位，战力 +{card.might}", ["818", "716"]
    if k == "ganking":
        b.hand, b.bf_a = [], ["c"]
        b.steps = ["甲 标准移动 c -> bf2"]
        b.expect = ["c 在 bf2"]
        return b, "从一处战场移动到另一处战场", ["810"]
    if k == "deflect":
        b.hand, b.base_a = ["h=测试火球"], []
        b.defs.append("卡牌 测试火球 法术 费用 1 效果 造成 1 伤害 -> 目标")
        b.pool = "符文池 法力 1"
        b.base_b.append(f'c="{card.id}"')
        b.steps = ["期望非法 甲 打出 h 目标 c 规则 358.2"]
        b.expect = ["c 伤害 0", "h 在 手牌"]
        return b, "对手的法术选择它为目标须额外支付符能", ["809", "358.2"]
    if k == "hidden":
        b.pool = "符文池 法力 0 符能 [A]"
        b.bf_a.append(FRIEND)
        b.steps = ["甲 待命 c -> bf1"]
        b.expect = ["c 在 待命"]
        return b, "正面朝下放置于己方控制的战场", ["811"]
    return None


_OLD_KINDS = {"keyword", "draw", "deal", "kill", "stun", "buff", "might", "recall", "ready", "exhaust", "discard",
              "channel", "counter", "return_to_hand", "add_energy", "move_base"}


def _keyword_scenario_more(card, kw: dict) -> tuple[Board, str, list[str]] | None:
    """Keywords tried after the ones above (a card keeps the scenario of its first keyword they cover)."""
    b = Board(card)
    k, m = kw["keyword"], card.might or 0
    if card.category_code not in UNITS:
        return None
    if k == "weaponmaster":
        # a gear with an Equip cost of [1][A] in base: the Weaponmaster pays it less [A] and attaches it (821.1.c)
        b.defs.append("卡牌 测试长剑 装备 费用 0 战力加成 +2 装配费用 1 符能 1")
        b.base_a.append("sw=测试长剑")
        b.pool = _pool(card, 1)
        b.steps = ["甲 选择目标 c -> sw", "甲 打出 c", "全部让过"]
        b.expect = [f"c 战力 {m + 2}", "甲 符文池 法力 0"]
        return b, "百炼：打出时贴附一件装备，装配费用减少[A]", ["821.1.c", "716"]
    if k == "vision":
        # on entering: look at the deck's top card and recycle it (817), so the second card is drawn next
        b.deck = 2
        b.steps = ["甲 选择目标 c -> d1", "甲 打出 c", "甲 抽牌 1"]
        b.expect = ["d2 在 手牌", "d1 在 主牌堆", "d1 牌堆位置 -1"]
        return b, "预视：进场时查看主牌堆顶的牌并回收它", ["817", "436"]
    if k == "temporary":
        # destroyed at the start of its controller's beginning phase (816.1.b); a token then ceases to exist
        b.hand, b.base_a, b.turn_player = [], ["c"], "乙"
        b.deck = 1
        b.steps = ["乙 结束回合"]
        b.expect = ["c 不在 基地", "甲 回合玩家"]
        return b, "瞬息：在其控制者的开始阶段开始时被摧毁", ["816.1.b", "315.2.a.1"]
    return None


_PLAIN_WORDS = {"friendly", "enemy", "other", "here", "at_battlefield", "in_base"}


def _plain(a: dict) -> bool:
    """Whether the older templates read all of an ability: its target has only the words they place by."""
    t = target_spec(a["effect"]) if "effect" in a else None
    return t is None or (t.count in ("one", "all", "self", "up_to") and
                         all(w in _PLAIN_WORDS for w, _arg in t.filter.words))


def _templates(card, abilities: list[dict]):
    """The older templates (the translator's shapes), or None."""
    if any(a["kind"] not in _OLD_KINDS or not _plain(a) for a in abilities):
        return None
    if any(a["kind"] != "keyword" and not isinstance(a.get("n"), (int, str)) for a in abilities):
        return None  # a value these templates cannot compute (a count)
    if any(a["kind"] != "keyword" for a in abilities):
        return _effects_scenario(card, abilities)
    kws = [a for a in abilities if a["kind"] == "keyword"]
    made = next((r for r in (_keyword_scenario(card, k) for k in kws) if r), None) or \
        next((r for r in (_keyword_scenario_more(card, k) for k in kws) if r), None)
    if made is None and not kws and card.category_code in ("unit", "indicator_unit", "hero_unit"):
        b = Board(card)
        b.steps, b.expect = ["甲 打出 c"], ["c 在 基地", "c 休眠", f"c 战力 {card.might or 0}"]
        made = (b, "以其真实费用打出", ["349", "337"])
    return made


def _rune_scenario(card) -> tuple[Board, str, list[str]] | None:
    """A basic rune pays a card: exhausted for [1] (164.2.a) and recycled for power of its domain (164.2.b.1)."""
    letter = next((_LETTERS[d] for d in card.domains if d in _LETTERS), None)
    if letter is None:
        return None
    b = Board(card)
    b.hand, b.base_a, b.pool = ["z=测试咒语"], ["c"], "符文池 法力 0"
    b.defs.append(f"卡牌 测试咒语 法术 费用 1 符能 [{letter}]")
    b.steps = ["甲 打出 z", "全部让过"]
    b.expect = ["z 在 废牌堆", "c 在 符文牌堆", "甲 符文池 法力 0"]
    return b, f"休眠获得法力、回收获得[{letter}]，支付一张法术", ["164.2.a", "164.2.b", "164.2.b.1"]


def smoke(card, abilities: list[dict], d=None) -> tuple[str, str] | str:
    """(title, scenario text) for an encoded card, or the reason no template fits."""
    made = _rune_scenario(card) if card.category_code == "rune" else _templates(card, abilities)
    if made is None and d is not None:
        try:
            made = compose(card, d)
        except Gap as gap:
            return str(gap) if str(gap) != NOTHING else why_none(card, abilities)
    if made is None:
        return why_none(card, abilities)
    b, title, rules = made
    return title, b.text(title, rules)


# ------------------------------------------------------------------ the composer: any ability, from the model
# The older templates above cover the translator's shapes; the composer builds the scenario of any other
# ability from the parsed encoding: a situation in which the ability happens (by trigger event, or played,
# activated, destroyed, observed), the objects its effects act on (placed by their target filters) and the
# expectation each effect kind leaves.

SPELL = "卡牌 测试法术 法术 费用 0"
RECRUIT = "卡牌 测试新兵 单位 费用 0 战力 1"
GEAR = "卡牌 测试装备 装备 费用 0"


NOTHING = "no ability the composer reads"


class Gap(Exception):
    """No situation or expectation for this ability yet (the message is the reason, counted by main)."""


class Spot:
    """A situation: where the card is, where "here" is, the steps that make the ability happen, and the
    changes the steps themselves make (cards drawn by the turn's draw phase, points scored)."""

    def __init__(self, rule: str, title: str) -> None:
        self.rule, self.title = rule, title
        self.here = "base"  # the location of the ability's source when it happens
        self.before: list[str] = []  # steps before target choices (e.g. another card played first)
        self.act: list[str] = []  # the step that makes it happen (targets are added to it or chosen before it)
        self.after: list[str] = []  # passes after it
        self.choose = "trigger"  # how targets are given: trigger (选择目标 before) | play (目标 on the step) | none
        self.combat = False  # expectations are checked once the combat showdown ends (464)
        self.draws = 0  # cards the player draws in the situation itself
        self.points = 0  # points the player scores in the situation itself
        self.turn_pass = False  # the situation passes into the player's next turn


def _side_zone(b: Board, side: str, where: str) -> list[str]:
    return {("a", "base"): b.base_a, ("b", "base"): b.base_b, ("a", "bf1"): b.bf_a, ("b", "bf1"): b.bf_b,
            ("a", "bf2"): b.bf2_a, ("b", "bf2"): b.bf2_b}[(side, where)]


def _situation(b: Board, card, d, when: str, trig) -> Spot:
    """Put the card where the ability `when` happens."""
    unit, gear = card.category_code in UNITS, card.category_code.endswith("equipment")
    legend, battlefield = card.category_code == "legendary", card.category_code.endswith("battlefield")
    subject = getattr(trig, "subject", None) or "self"

    def on_board(where="base"):
        b.hand = []
        if legend:
            b.legend = True
        elif battlefield:
            b.bf1_card = True
        elif unit or gear:
            _side_zone(b, "a", where).append("c")
        else:
            raise Gap(f"{when}: {card.category_code} on the board")

    sp = Spot({"resolve": "337", "activated": "376", "deathknell": "808"}.get(when, "383.4"), when)
    if when == "resolve":
        if card.category_code not in ("spell", "exclusive_spell"):
            raise Gap("resolve: not a spell")
        sp.act, sp.after, sp.choose = ["甲 打出 c"], ["全部让过"], "play"
        return sp
    if when in ("play", "legion", "enter") and subject == "self":
        if not (unit or gear):
            raise Gap(f"{when}: {card.category_code}")
        if when == "legion":
            b.defs.append(RECRUIT)
            b.hand.append("z=测试新兵")
            sp.before = ["甲 打出 z"]
        sp.act, sp.after = ["甲 打出 c"], ["全部让过"]
        return sp
    if when == "activated":
        on_board()
        sp.act, sp.after, sp.choose = ["甲 激活 c"], ["全部让过"], "play"
        return sp
    if when in ("deathknell", "die") and subject == "self":
        if not unit:
            raise Gap(f"{when}: {card.category_code}")
        on_board()
        sp.act, sp.after = ["甲 摧毁 c"], ["全部让过"]
        return sp
    if when == "you_win_combat" and not (unit and card.might):
        on_board()  # a friendly unit wins the combat for its controller
        b.base_a.append("m=测试友军 战力 4")
        b.bf_controller, sp.here = "乙", "bf1"
        b.bf_b.append("e=测试敌军 战力 1")
        sp.act, sp.after, sp.rule = ["甲 标准移动 m -> bf1"], ["全部让过", "全部让过"], "466.3"
        return sp
    if when in ("attack", "win_combat", "you_win_combat") and subject in ("self", "you"):
        if not unit or not card.might:
            raise Gap(f"{when}: no unit with Might")
        on_board()
        b.bf_controller, sp.here = "乙", "bf1"
        # a defender the card beats (a won combat), or one that survives the ability and the combat
        b.bf_b.append("e=测试敌军 战力 1" if when != "attack" else f"e=测试敌军 战力 {card.might + 12}")
        sp.act, sp.after, sp.combat = ["甲 标准移动 c -> bf1"], ["全部让过", "全部让过"], when == "attack"
        sp.rule = {"attack": "460", "win_combat": "466.3", "you_win_combat": "466.3"}[when]
        return sp
    if when == "defend" and subject == "self":
        if not unit:
            raise Gap("defend: not a unit")
        on_board("bf1")
        b.turn_player, b.bf_controller, sp.here = "乙", "甲", "bf1"
        b.base_b.append(f"e=测试敌军 战力 {(card.might or 0) + 12}")
        sp.act, sp.after, sp.combat, sp.rule = ["乙 标准移动 e -> bf1"], ["全部让过"], True, "460"
        return sp
    if when in ("conquer", "i_conquer", "move", "move_to_battlefield", "score") and subject in ("self", "you"):
        if not unit:
            if when not in ("conquer", "score") or subject != "you":
                raise Gap(f"{when}: {card.category_code}")
            on_board()
            b.base_a.append("m=测试友军 战力 4")
            mover = "m"
        else:
            on_board()
            mover = "c"
        b.bf_controller, sp.here = None, "bf1"
        sp.act, sp.after, sp.points = [f"甲 标准移动 {mover} -> bf1"], ["全部让过", "全部让过"], 1
        sp.rule = {"move": "445", "move_to_battlefield": "445", "score": "468"}.get(when, "466.5")
        return sp
    if when == "move_from_battlefield" and subject == "self":
        if not unit:
            raise Gap("move_from_battlefield: not a unit")
        on_board("bf1")
        sp.here = "bf1"
        sp.act, sp.after, sp.rule = ["甲 标准移动 c -> 基地"], ["全部让过"], "445"
        return sp
    if when in ("hold", "i_hold", "beginning_phase") and subject in ("self", "you", "any_player"):
        # the player's turn begins: awaken, then the beginning phase (holding a battlefield scores it)
        if battlefield:
            on_board()
            b.bf_a.append("m=测试友军 战力 4")
        elif unit:
            on_board("bf1")
        elif when == "beginning_phase":
            on_board()
        else:
            raise Gap(f"{when}: {card.category_code}")
        if when != "beginning_phase" or battlefield or unit:
            b.bf_controller, sp.here = "甲", "bf1"
            sp.points = 1
        b.turn_player, b.deck = "乙", 1
        sp.act, sp.after, sp.draws, sp.turn_pass, sp.rule = ["乙 结束回合"], ["全部让过"], 1, True, "315"
        return sp
    if when == "end_of_turn" and subject in ("self", "you", "any_player"):
        on_board()
        sp.act, sp.after, sp.rule = ["甲 结束回合"], ["全部让过"], "317"
        sp.turn_pass = True
        return sp
    if when in ("spell_played", "any_spell_played", "play_unit", "play_card", "play_gear", "friendly_enters") \
            and subject in ("self", "you", "any_player", "friendly_unit"):
        on_board()
        kind = {"play_unit": "unit", "friendly_enters": "unit", "play_gear": "gear"}.get(when, "spell")
        b.defs.append({"unit": RECRUIT, "gear": GEAR, "spell": SPELL}[kind])
        b.hand.append({"unit": "z=测试新兵", "gear": "z=测试装备", "spell": "z=测试法术"}[kind])
        sp.act, sp.after = ["甲 打出 z"], ["全部让过"]
        return sp
    if when in ("friendly_dies", "enemy_dies", "kill") and subject in ("self", "you", "friendly_unit", "enemy_unit") \
            or when == "die" and subject in ("friendly_unit", "other_friendly_unit", "enemy_unit"):
        on_board()
        friend = when == "friendly_dies" or subject in ("friendly_unit", "other_friendly_unit")
        victim = "v=测试友军 战力 1" if friend else "v=测试敌军 战力 1"
        _side_zone(b, "a" if friend else "b", "base").append(victim)
        sp.act, sp.after = ["甲 摧毁 v"], ["全部让过"]
        return sp
    if when == "opponent_scores":
        on_board()
        b.turn_player, b.bf_controller = "乙", None
        b.base_b.append("m=测试敌军 战力 4")
        sp.act, sp.after = ["乙 标准移动 m -> bf1"], ["全部让过", "全部让过"]
        return sp
    raise Gap(f"trigger: {when}" + (f" ({subject})" if subject != "self" else ""))


# filter word -> how an object placed for it is written
_STATE = {"exhausted": " 休眠", "ready": "", "buffed": " 增益", "damaged": " 伤害 1", "stunned": " 眩晕"}


def target_spec(eff):
    """The effect's target as a TargetSpec, also for the older header forms (scope words and a count)."""
    from judge.engine.cards import Filter, TargetSpec

    if eff.target is not None:
        return eff.target
    scope = eff.scope
    if "self" in scope:
        return TargetSpec("self", 0)
    if not eff.targets and not scope:
        return None
    words = tuple((_LEGACY_WORDS.get(w, w), None) for w in scope if w not in ("all", "spell"))
    noun = "spell" if "spell" in scope else "unit"
    count = "all" if "all" in scope or not eff.targets else "up_to" if eff.up_to else "one"
    return TargetSpec(count, eff.targets or 0, Filter(words, noun))


_LEGACY_WORDS = {"battlefield": "at_battlefield", "base": "in_base"}


def _place(b: Board, sp: Spot, eff, card, n: int) -> tuple[str, int, str]:
    """Place one object the effect acts on; (its id, its Might, its location)."""
    t = target_spec(eff)
    if t is None:
        raise Gap(f"{eff.kind}: no target")
    if t.count == "self":
        if card.category_code not in UNITS or "c" not in b.base_a + b.bf_a + b.bf2_a:
            raise Gap(f"{eff.kind}: acts on the card itself off the board")
        if eff.kind == "ready" and not any(step.startswith("甲 标准移动 c ") for step in sp.act):
            b.c_attrs = " 休眠"  # (a standard move exhausts it anyway, 448)
        return "c", card.might or 0, sp.here
    if t.count == "it":
        raise Gap("target: it")
    words = dict(t.filter.words)
    noun = t.filter.noun
    harmful = eff.kind in ("deal", "kill", "stun", "exhaust", "banish", "return_to_hand") or \
        (eff.kind == "might" and n < 0)
    side = "a" if "friendly" in words else "b" if "enemy" in words else ("b" if harmful else "a")
    if "here" in words:
        where = sp.here
        if where == "base" and side == "b":
            raise Gap("target: an enemy here, in a base")
    elif "in_base" in words:
        where = "base"
    elif "at_battlefield" in words or eff.kind in ("recall", "move") and eff.dest in ("base", None):
        where = "bf1" if (side == "a" and b.bf_controller in ("甲", None) and sp.here != "bf1"
                          and not b.bf_b) or sp.here == "bf1" else "bf2"
        if where == "bf2" and (b.bf2_a if side == "b" else b.bf2_b):
            raise Gap("target: both sides at a battlefield")
    elif "elsewhere" in words:
        where = "bf2" if sp.here != "bf2" else "base"
    else:
        where = "base"  # anywhere: a base is always open to either side
    if where == "bf1" and sp.here != "bf1":
        if side == "a" and b.bf_b or side == "b" and b.bf_a:
            raise Gap("target: both sides at a battlefield")
        b.bf_controller = "甲" if side == "a" else "乙"
    if where == "bf2":
        b.bf2_controller = "甲" if side == "a" else "乙"
    might, unit_card = 4, "测试友军" if side == "a" else "测试敌军"
    if eff.kind == "deal":
        might = max(might, n + 5)
    if eff.kind == "might" and n < 0:
        might = -n + 6
    for w, arg in t.filter.words:
        if w == "might_at_most":
            might = arg
        elif w == "might_at_least":
            might = arg
        elif w == "might_below":
            might = arg - 1
        elif w == "with_tag":  # a test unit with (the first of) the tags
            tag = (arg if isinstance(arg, str) else arg[0]).split("/")[0]
            unit_card = f"测试{tag}"
            if f"卡牌 {unit_card} 单位 战力 4 标签 {tag}" not in b.defs:
                b.defs.append(f"卡牌 {unit_card} 单位 战力 4 标签 {tag}")
        elif w not in ("friendly", "enemy", "other", "here", "elsewhere", "at_battlefield", "in_base") + tuple(_STATE):
            raise Gap(f"target filter: {w}")
    if might <= 0 or eff.kind == "deal" and might <= n and not sp.combat:
        raise Gap("target: no Might that fits")
    state = "".join(_STATE.get(w, "") for w in words)
    if eff.kind == "ready" and "休眠" not in state:
        state += " 休眠"
    if eff.kind == "heal" and "伤害" not in state:
        state += " 伤害 1"
    oid = f"t{len(b.defs) + len(b.base_a) + len(b.base_b) + len(b.bf_a) + len(b.bf_b) + len(b.bf2_a) + len(b.bf2_b)}"
    if noun == "gear":
        if GEAR not in b.defs:
            b.defs.append(GEAR)
        if where != "base":
            raise Gap("target: gear at a battlefield")
        _side_zone(b, side, "base").append(f"{oid}=测试装备{state}")
        return oid, 0, where
    if noun not in ("unit", "card"):
        raise Gap(f"target noun: {noun}")
    if where == "bf1" and sp.here == "bf1" and side == "b" and b.bf_b and sp.combat and eff.kind != "kill":
        # the defender already there is the target
        oid = b.bf_b[0].split("=")[0]
        return oid, int(b.bf_b[0].split("战力 ")[1].split()[0]), where
    _side_zone(b, side, where).append(f"{oid}={unit_card} 战力 {might}{state}")
    return oid, might, where


def _amount(eff, card, might_t: int) -> int:
    v = eff.value
    if v is None:
        return eff.amount
    if v.kind == "n":
        return v.n
    if v.kind == "self_might" and card.might:
        return card.might
    if v.kind == "target_might":
        return might_t
    raise Gap(f"value: {v.kind}")


def _condition(b: Board, sp: Spot, cond, card) -> None:
    """Make a trigger's or an effect's condition hold."""
    if cond is None:
        return
    k = cond.kind
    if k == "points_at_least":
        b.player_a.append(f"分数: {cond.n}")
        sp.points_base = cond.n
    elif k == "xp_at_least":
        b.player_a.append(f"经验 {cond.n}")
        sp.xp_base = cond.n
    elif k == "unit_died_this_turn":
        b.base_b.append("k=测试敌军 战力 1")
        sp.before.insert(0, "甲 摧毁 k")
    elif k == "mighty" and (card.might or 0) >= 5:
        pass
    elif k == "turn_at_least":
        b.head.append(f"回合 {2 * cond.n}")
    else:
        raise Gap(f"condition: {k}")


def _compose_group(card, d, when: str, effects: list, trig=None, act=None) -> tuple[Board, str, list[str]]:
    b = Board(card)
    sp = _situation(b, card, d, when, trig)
    sp.points_base = sp.xp_base = 0
    _condition(b, sp, getattr(trig, "condition", None), card)
    rules = [sp.rule]
    if act is not None:
        if act.costs and any(part not in ("exhaust",) for part, _n in act.costs):
            raise Gap("activated cost: " + ",".join(p for p, _n in act.costs))
        power = act.power if isinstance(act.power, int) else len(act.power)
        b.pool = f"符文池 法力 {act.energy}" + (" 符能 " + " ".join(["[A]"] * power) if power else "")
        if act.exhaust:
            b.expect.append("c 休眠")
    chosen: list[str] = []
    checks: list[str] = []
    hand_after = len(b.hand) - 1 - len(sp.before) if "c" in b.hand else len(b.hand) - (1 if sp.act and "打出 z" in sp.act[0] else 0) - len(sp.before)
    draws, discards, channels, points, tokens, xp, energy, power = 0, 0, 0, 0, 0, 0, 0, 0
    tokens_made: dict[str, int] = {}
    last: list[tuple[str, int, str]] = []  # the objects the previous instruction acted on ("它"): id, Might, where
    for eff in effects:
        if eff.condition is not None:
            _condition(b, sp, eff.condition, card)
        if eff.kind in _RESOURCE_KINDS and target_spec(eff) is None:
            n = _amount(eff, card, 0)
            last = []
            if eff.kind == "draw":
                draws += n
            elif eff.kind == "discard":
                if draws:
                    raise Gap("discard after draw: which cards depends on a choice")
                discards += n
            elif eff.kind == "channel":
                channels += n
            elif eff.kind == "gain_points":
                points += n
            elif eff.kind == "gain_xp":
                xp += n
            elif eff.kind in ("add_energy", "add_power"):
                if eff.args.get("only") or sp.turn_pass:
                    raise Gap(f"{eff.kind}: a pool emptied or kept apart")
                if eff.kind == "add_energy":
                    energy += n
                else:
                    power += n
            else:
                name = eff.args.get("card", "")
                if eff.dest not in (None, "base", "here", "playable"):
                    raise Gap(f"create_token: to {eff.dest}")
                where = sp.here if eff.dest == "here" else "基地"
                if eff.dest == "playable":  # the player chooses a battlefield they control if any (439.2.b.1)
                    where = "bf1" if b.bf_controller == "甲" else "bf2" if b.bf2_controller == "甲" else "基地"
                    if where != "基地":
                        if "甲 选择目标 c -> " + where in sp.before:
                            raise Gap("create_token: two choices of locations")
                        sp.before.append("甲 选择目标 c -> " + where)
                where = "基地" if where == "base" else where
                real = _token_card(name)
                if name and real is None:
                    raise Gap("create_token: unknown token card")
                # the created objects are named <token name>1, 2, … without a printing's qualifier (439.2)
                base_name = name.split("（")[0]
                made_n = tokens_made.get(base_name, 0)
                ids = [f'"{base_name}{k}"' for k in range(made_n + 1, made_n + max(1, n) + 1)]
                tokens_made[base_name] = made_n + max(1, n)
                last = [(i, real.might or 0, where if where != "基地" else "base") for i in ids]
                if where == "基地" and real.category_code in UNITS:
                    tokens += max(1, n)  # unit tokens in base: counted with the base's units
                else:
                    b.expect += [f"{i} 在 {where}" for i in ids]
                if eff.args.get("exhausted") is not None:  # the card states the state they enter in (184.1)
                    b.expect += [f"{i} {'休眠' if eff.args['exhausted'] else '活跃'}" for i in ids]
            rules.append(_rule({"kind": eff.kind}))
            continue
        if eff.kind not in _EXPECT_KINDS:
            raise Gap(f"effect: {eff.kind}")
        if eff.kind == "move" and eff.dest not in ("base",):
            raise Gap(f"move: to {eff.dest}")
        n0 = eff.value.n if eff.value is not None and eff.value.kind == "n" else eff.amount
        spec = target_spec(eff)
        if spec is not None and spec.count == "it":
            if not last or eff.kind not in _ON_IT:
                raise Gap("target: it")
            acted = last
        else:
            acted = []
            for _ in range(spec.n if spec is not None and spec.count == "n" else 1):
                acted.append(_place(b, sp, eff, card, n0))
                if spec.targeted:
                    chosen.append(acted[-1][0])
        for oid, might_t, where in acted:
            n = _amount(eff, card, might_t)
            exp = _EXPECT_KINDS[eff.kind](oid, n, might_t) if eff.kind != "grant_keyword" else _granted(oid, eff)
            (checks if sp.combat else b.expect).extend(exp)
        last = acted
        rules.append(_rule({"kind": eff.kind}))
    if draws:
        draws += sp.draws  # and the card the turn's draw phase draws (if the situation passes into a turn)
        b.deck = max(b.deck, draws + 1)
        b.expect.append(f"甲 手牌数 {hand_after + draws - discards}")
    if discards:
        b.hand += [f"x{i}=测试牌" for i in range(1, discards + 1)]
        b.expect += [f"x{i} 在 废牌堆" for i in range(1, discards + 1)]
        hand_after += discards
        if draws:
            b.expect[-discards - 1] = f"甲 手牌数 {hand_after + draws - discards}"
        else:
            b.expect.append(f"甲 手牌数 {hand_after - discards + sp.draws}")
    if channels:
        if sp.turn_pass:
            raise Gap("channel across a turn start")
        b.rune_deck = channels + 1
        b.expect.append("甲 符文牌堆数 1")
    if points:
        b.expect.append(f"甲 分数 {points + sp.points_base + sp.points}")
    if xp:
        b.expect.append(f"甲 经验 {xp + sp.xp_base}")
    if energy or power:
        if "c" not in b.hand and act is None:
            b.pool = "符文池 法力 0"  # the card's cost was not paid: only what the ability adds is in the pool
        b.expect.append(f"甲 符文池 法力 {energy}" + (f" 符能 {power}" if power else ""))
    if tokens:
        base_units = sum(1 for x in b.base_a if x == "c" and card.category_code in UNITS or x != "c" and "测试装备" not in x)
        if "c" in b.base_a and "甲 摧毁 c" in sp.act:  # a Deathknell: the card itself has left the base (808)
            base_units -= 1
        if "c" in b.hand and card.category_code in UNITS:
            base_units += 1
        b.expect.append(f"甲 基地单位数 {base_units + tokens}")
    if not b.expect and not checks:
        raise Gap("no expectation")
    if sp.choose == "play" and chosen:
        sp.act = [sp.act[0] + " 目标 " + ", ".join(chosen)]
    elif chosen:
        sp.before.append("甲 选择目标 c -> " + ", ".join(chosen))
    b.steps = sp.before + sp.act + [f"检查 步骤后 464 {e}" for e in checks] + sp.after
    return b, sp.title, rules


def _token_card(name: str):
    from judge.cards.encoded import find_real

    return find_real(name)


_EXPECT_KINDS = {
    "deal": lambda t, n, m: [f"{t} 伤害 {n}"],
    "kill": lambda t, n, m: [f"{t} 在 废牌堆"],
    "stun": lambda t, n, m: [f"{t} 眩晕"],
    "buff": lambda t, n, m: [f"{t} 增益 1"],
    "might": lambda t, n, m: [f"{t} 战力 {m + n}"],
    "recall": lambda t, n, m: [f"{t} 在 基地"],
    "ready": lambda t, n, m: [f"{t} 活跃"],
    "exhaust": lambda t, n, m: [f"{t} 休眠"],
    "move": lambda t, n, m: [f"{t} 在 基地"],
    "return_to_hand": lambda t, n, m: [f"{t} 在 手牌"],
    "banish": lambda t, n, m: [f"{t} 在 放逐"],
    "heal": lambda t, n, m: [f"{t} 伤害 0"],
    "double_might": lambda t, n, m: [f"{t} 战力 {2 * m}"],
    "grant_keyword": None,  # the keyword's name: _granted
}
_RESOURCE_KINDS = ("draw", "discard", "channel", "gain_points", "create_token", "gain_xp", "add_energy", "add_power")
# kinds whose expectation does not depend on the Might of "它" (the previous instruction's object)
_ON_IT = ("grant_keyword", "ready", "exhaust", "stun", "buff", "recall", "kill", "banish", "return_to_hand")


def _granted(oid: str, eff) -> list[str]:
    from judge.engine.keywords import KEYWORDS

    n = eff.amount or 1
    return [f"{oid} 关键词 {KEYWORDS[eff.args['keyword']].zh[0]}" + (f" {n}" if n > 1 else "")]


_WHEN_ZH = {"resolve": "结算时", "activated": "主动技能", "deathknell": "绝念"}


def _static_scenario(card, d, sid: str, params) -> tuple[Board, str, list[str]]:
    """A static ability observed on an object it affects."""
    from judge.engine.statics import STATICS

    b = Board(card)
    b.hand = []
    unit = card.category_code in UNITS
    if card.category_code.endswith("battlefield"):
        b.bf1_card = True
    elif unit or card.category_code.endswith("equipment"):
        b.base_a.append("c")
    else:
        raise Gap(f"static {sid}: {card.category_code}")
    rule = STATICS.get(sid).rule
    if sid == "aura":
        scope, amount = params.scope, params.amount
        here = "bf1" if b.bf1_card else "base"
        side = "b" if "enemy" in scope else "a"
        if side == "b" and here == "base":
            raise Gap("static aura: enemies in a base")
        _side_zone(b, side, here).append("t=" + ("测试敌军" if side == "b" else "测试友军") + f" 战力 {4 if amount > -4 else 9}")
        b.bf_controller = ("乙" if side == "b" else "甲") if here == "bf1" else b.bf_controller
        b.expect = [f"t 战力 {(4 if amount > -4 else 9) + amount}"]
        return b, "静态：光环", [rule]
    if sid == "cannot_move" and unit:
        b.steps = ["期望非法 甲 标准移动 c -> bf1"]
        b.expect = ["c 在 基地"]
        return b, "静态：不能移动", [rule]
    if sid == "cannot_ready" and unit:
        b.base_a[-1] = "c 休眠"
        b.base_a[-1] = "c"
        b.steps = ["甲 执行 活跃 目标 c"]
        b.base_a = [f'c="{card.id}" 休眠' if x == "c" else x for x in b.base_a]
        b.expect = ["c 休眠"]
        return b, "静态：不能变为活跃", [rule]
    raise Gap(f"static: {sid}")


def compose(card, d) -> tuple[Board, str, list[str]]:
    """The scenario of the card's first ability the composer can set up (raises Gap with the first reason)."""
    groups: list = []
    for t in d.triggers:
        groups.append((t.event, [t.effect, *t.more], t, None))
    for a in d.activated:
        groups.append(("activated", a.effects, None, a))
    if d.effects:
        groups.append(("resolve", d.effects, None, None))
    if d.deathknells:
        groups.append(("deathknell", [x for e in d.deathknells for x in (e, *e.more)], None, None))
    first: Gap | None = None
    for when, effects, trig, act in groups:
        try:
            b, _title, rules = _compose_group(card, d, when, effects, trig, act)
        except Gap as gap:
            first = first or gap
            continue
        return b, _title_of(when, effects, trig), rules
    for sid, params in list(d.statics) + [("aura", a) for a in d.auras]:
        try:
            return _static_scenario(card, d, sid, params)
        except Gap as gap:
            first = first or gap
    raise first or Gap(NOTHING)


def _title_of(when: str, effects: list, trig) -> str:
    from judge.engine.abilities.events import EVENTS
    from judge.engine.instructions import EFFECTS

    head = _WHEN_ZH.get(when) or (EVENTS.get(when).zh[0] if EVENTS.get(when) else when)
    return head + "：" + "、".join(dict.fromkeys(EFFECTS.get(e.kind).zh[0] for e in effects))


# ------------------------------------------------------------------ the encoding, as the templates read it
_SCOPE = {"at_battlefield": "battlefield", "in_base": "base"}


def _effect_data(e, when: str, card) -> dict:
    """One instruction of the parsed encoding as the templates read it: its kind, its number (`n`; "might"
    for the source's Might), the scope words of its target (friendly, enemy, other, here, battlefield, base,
    all, up_to, self, gear, spell) and the moment it happens (`when`)."""
    t = e.target
    scope = [_SCOPE.get(w, w) for w in e.scope]
    if t is not None:
        scope += {"all": ["all"], "up_to": ["up_to"], "self": ["self"]}.get(t.count, [])
        if t.filter.noun in ("gear", "spell"):
            scope.append(t.filter.noun)
    elif e.up_to:
        scope.append("up_to")
    n = e.amount
    if e.value is not None:
        n = "might" if e.value.kind == "self_might" else e.value.n if e.value.kind == "n" else None
    kind = "move_base" if e.kind == "move" and e.dest == "base" else e.kind
    out = {"kind": kind, "n": n, "scope": tuple(dict.fromkeys(scope)), "when": when, "effect": e}
    if e.kind == "channel":
        out["exhausted"] = bool(e.args.get("exhausted"))
    return out


def abilities_of(d, card) -> list[dict]:
    """The abilities of a parsed encoding (judge.engine.cards.CardDef, the catalog's facts applied) as data:
    keywords (with the Equip cost), spell instructions, triggered abilities (by trigger-event id, with
    subject, place, frequency and condition), activated abilities (with their cost), deathknells, statics."""
    out: list[dict] = []
    for k, n in d.keywords.items():
        if k == "equip":
            energy, power = d.equip_cost or (n, [])
            out.append({"kind": "keyword", "keyword": "equip", "energy": energy, "power": list(power)})
        elif k != "deathknell" or not d.deathknells:  # the Deathknell keyword is its ability, below
            out.append({"kind": "keyword", "keyword": k, "n": n})
    out += [_effect_data(e, "resolve", card) for e in d.effects]
    for t in d.triggers:
        for e in [t.effect, *t.more]:
            out.append(dict(_effect_data(e, t.event, card), trigger=t))
    for a in d.activated:
        cost = {"energy": a.energy, "power": ["A"] * a.power if isinstance(a.power, int) else list(a.power),
                "exhaust": a.exhaust, "timing": a.timing, "parts": list(a.costs)}
        out += [dict(_effect_data(e, "activated", card), cost=cost, activated=a) for e in a.effects]
    out += [_effect_data(x, "deathknell", card) for e in d.deathknells for x in (e, *e.more)]
    out += [{"kind": "static", "static": sid, "params": params} for sid, params in d.statics]
    out += [{"kind": "static", "static": "aura", "params": {"scope": a.scope, "amount": a.amount}} for a in d.auras]
    for extra, what in ((d.reflexive, "reflexive"), (d.delayed, "delayed"), (d.cost_mods, "cost_mod"),
                        (d.level_might, "level"), (d.extra_costs, "extra_cost")):
        if extra:
            out.append({"kind": "unsupported", "what": what})
    for flag in ("replaces_death", "extra_kill", "prevents_enemy_ready", "may_save_buffed", "cannot_be_damaged"):
        if getattr(d, flag):
            out.append({"kind": "unsupported", "what": flag})
    return out


def encoded_cards() -> dict:
    """Card id -> (catalog card, parsed encoding with its facts applied) for every shipped encoding."""
    from judge.cards import encoded
    from judge.cards.catalog import catalog

    encoded.reset()
    cat = catalog()
    out = {}
    for cid, d in encoded.load_all().items():
        card = cat.card(cid)
        encoded.apply_facts(d, card)
        out[cid] = (card, d)
    return out


def main(argv: list[str]) -> int:
    from judge.scenario.runner import run_file

    cc.main(argv)  # the translator's encodings first: every encoding is read from the shipped files
    for old in OUT.glob("*/*.场景"):
        if MARK in old.read_text("utf-8"):
            old.unlink()
    hand = cc.smoke_tested()  # hand-written smoke scenarios (without the generator's mark)
    written, failed, none = 0, [], Counter()
    for cid, (card, d) in sorted(encoded_cards().items(), key=lambda kv: kv[1][0].number):
        if cid in hand:
            continue
        abilities = abilities_of(d, card)
        sm = smoke(card, abilities, d)
        if isinstance(sm, str):
            none[sm] += 1
            continue
        folder = OUT / card.set
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{card.number.split('/')[0].replace('·', '-')}-{cid}.场景"
        ok = False
        for text in _pass_variants(sm[1]):
            path.write_text(text, "utf-8")
            try:
                ok = run_file(path).passed
            except Exception as exc:  # noqa: BLE001 - report any failure of a generated scenario, keep going
                ok, sm = False, (f"{sm[0]}: {exc}", sm[1])
            if ok:
                break
        if ok:
            written += 1
        else:
            failed.append(f"{cid}: {sm[0]}")
            path.unlink()
    print(f"encoded cards: {len(encoded_cards())}; hand-written smoke scenarios: {len(hand)}; generated: {written}; "
          f"no template: {sum(none.values())}; failing (not written): {len(failed)}")
    for reason, n in none.most_common():
        print(f"  no template ({n}): {reason}")
    for f in failed:
        print("  failing:", f)
    return cc.main(argv)  # the coverage report counts the smoke scenarios just written


def _pass_variants(text: str) -> list[str]:
    """The scenario as written, then with fewer trailing `全部让过` lines: whether a chain item waits for the
    players' passes (or resolves at once because no player can respond) is the harness's procedure, not
    part of what the card does, so the expectations stay the same in every variant."""
    out = [text]
    head, tail = text.split("期望:\n", 1)
    while head.endswith("  全部让过\n"):
        head = head[: -len("  全部让过\n")]
        out.append(head + "期望:\n" + tail)
    return out


def why_none(card, abilities: list[dict]) -> str:
    """Why no template fits: the first ability kind (with its moment) the templates do not handle."""
    if card.category_code == "rune":
        return "rune"
    for a in abilities:
        if a["kind"] == "unsupported":
            return a["what"]
        if a["kind"] == "static":
            return "static:" + a["static"]
    kinds = [a for a in abilities if a["kind"] != "keyword"]
    if not kinds:
        return "keyword:" + ",".join(a["keyword"] for a in abilities) + f" ({card.category_code})"
    whens = sorted({a["when"] for a in kinds})
    return "when:" + ",".join(whens) + " effects:" + ",".join(dict.fromkeys(a["kind"] for a in kinds))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
