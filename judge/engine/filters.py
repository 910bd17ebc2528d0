"""Target phrases of the card-ability language (355): filter words, counts, nouns, destinations and
durations, each a registered part. A filter word tests one object seen from the ability's source
(`Seen`: its controller, the source object and where it was); a target phrase is a count, filter
words and a noun (judge.engine.cards.TargetSpec / Filter). The same filters serve targets (checked
when chosen, 355.9, and again on resolution, 355.6), counts ("for each friendly unit here") and the
objects a static ability affects.

Adding a word is one entry here (or in a module that registers into these registries)."""

from __future__ import annotations

from judge.recordtype import record, replace

from judge.engine.registry import Entry, Registry


@record
class Seen:
    """Where a phrase is read from: the ability's controller, its source and the source's location
    (remembered when it triggered or was played, so "here" survives the source leaving)."""

    controller: str
    oid: str | None = None
    location: str | None = None
    facts: object = None  # the event a trigger's condition is read against (EventFacts), if any
    might: int | None = None  # the source's last known Might, noted when it left the board (808.1.d.3)
    did: bool | None = None  # whether the previous instruction of the resolving ability was done ("if you do")
    objs: tuple = ()  # the objects the instruction being replaced acts on ("if it is attacking", 370.1.b)
    battlefield: str | None = None  # the battlefield the spell targets, chosen as it was played (355.10.b)
    chosen: tuple = ()  # oids chosen as targets by the spell's earlier instructions ("another unit", 355.9.b)
    alone: bool | None = None  # whether the source was alone as it left the board (808.1.d.3), if noted
    moved_from: str | None = None  # where the ability's last move instruction took its unit from ("that battlefield")
    paid: bool | None = None  # whether the card's optional additional cost is being paid, while it is played (355.1.a)
    cost_objs: tuple = ()  # oids of the objects that paid the card's additional cost ("the unit killed this way")
    you: str | None = None  # the spell's or ability's controller while another player performs an instruction
    picked: tuple = ()  # oids `选择` has chosen for this spell or ability so far

    @classmethod
    def of(cls, controller: str, memory: dict | None) -> "Seen":
        memory = memory or {}
        return cls(controller, memory.get("oid"), memory.get("location"), memory.get("facts"), memory.get("might"),
                   memory.get("did"), battlefield=memory.get("battlefield"), chosen=tuple(memory.get("earlier_targets", ())),
                   alone=memory.get("alone"), moved_from=memory.get("moved_from"), paid=memory.get("paid_optional"),
                   cost_objs=tuple(memory.get("cost_objects", ())), you=memory.get("ability_controller"),
                   picked=tuple(oid for oid, _inc in memory.get("chosen", ())))


class FilterWord(Entry):
    rule = "355"
    arg: str | None = None  # None | "int" | "keyword" | "tag": the word takes the next word as argument

    def test(self, game, seen: Seen, o, arg) -> bool:
        raise NotImplementedError


FILTERS: Registry[FilterWord] = Registry("筛选词")


def _same_team(game, a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and game.teams[a] == game.teams[b]


def _might(game, o) -> int:
    from judge.engine.layers import might

    return might(game, o)


def _alone(game, o) -> bool:
    """No other friendly unit at its location (740.2.a)."""
    return o.zone == "board" and o.is_unit and not any(
        u is not o and u.location == o.location and _same_team(game, u.controller, o.controller) for u in game.units())


def _word(id_, zh, aliases, rule, test, arg=None):
    cls = type(f"Filter_{id_}", (FilterWord,), {"id": id_, "zh": zh, "aliases": aliases, "rule": rule, "arg": arg,
                                                 "test": lambda self, game, seen, o, a: test(game, seen, o, a)})
    return cls()


def _keyword_id(word: str) -> str:
    from judge.engine.keywords import KEYWORDS

    kw = KEYWORDS.lookup(word)
    return kw.id if kw else word


def _keyword_display(word: str) -> str:
    """A keyword argument as a trace shows it: its Chinese name, not its id."""
    from judge.engine.keywords import KEYWORDS

    kw = KEYWORDS.lookup(word)
    return kw.display if kw else word


STANDARD_FILTERS = (
    _word("friendly", ("友方",), ("friendly",), "355", lambda g, s, o, a: _same_team(g, o.controller, s.controller)),
    _word("yours", ("你的", "你控制的"), ("yours",), "355", lambda g, s, o, a: o.controller == s.controller),
    # "a unit you don't control" in an instruction other players perform: "you" is the spell's controller
    _word("not_yours", ("非你控制的", "不受你控制的"), ("not-yours",), "355.10.e",
          lambda g, s, o, a: o.controller is not None and o.controller != (s.you or s.controller)),
    # "a unit not yet chosen by this spell" (each player chooses one in turn)
    _word("not_picked", ("未被选过的", "未被此法术选中过的"), ("not-chosen-yet",), "355.10.e",
          lambda g, s, o, a: o.oid not in s.picked),
    _word("enemy", ("敌方",), ("enemy",), "355", lambda g, s, o, a: s.controller is not None and o.controller is not None
          and not _same_team(g, o.controller, s.controller)),
    _word("other", ("其他", "另一"), ("other", "another"), "355", lambda g, s, o, a: o.oid != s.oid),
    _word("not_it", ("除它以外", "除该单位以外"), ("other-than-it",), "355",
          lambda g, s, o, a: getattr(getattr(s.facts, "obj", None), "oid", None) != o.oid),
    # "deal 2 to a unit, then 2 to another unit": not a target of the spell's earlier instructions; checked when
    # the targets are chosen (355.9.b), where each instruction's targets are known
    _word("other_target", ("另一目标",), ("another-target",), "355.9.b", lambda g, s, o, a: o.oid not in s.chosen),
    # "a friendly unit and an enemy unit at the same battlefield": at a battlefield where a target of the
    # spell's earlier instructions is; checked when the targets are chosen (355.9.b), as 另一目标 is
    _word("with_earlier_target", ("与目标同处",), ("at-an-earlier-targets-battlefield",), "355.9.b",
          lambda g, s, o, a: not s.chosen or any(
              (t := g.objects.get(x)) is not None and t.zone == "board" and t.location in g.battlefields
              and o.location == t.location for x in s.chosen)),
    # "… and an Equipment of its controller": controlled by the controller of a target of the spell's earlier
    # instructions; checked when the targets are chosen (355.9.b), as 与目标同处 is
    _word("earlier_targets_controller", ("目标控制者的",), ("controlled-by-that-targets-controller",), "355.9.b",
          lambda g, s, o, a: not s.chosen or any(
              (t := g.objects.get(x)) is not None and t.controller is not None and o.controller == t.controller
              for x in s.chosen)),
    # "for each enemy unit at that unit's battlefield": where the instruction's (first) target is
    _word("at_target_location", ("目标所在处",), ("at-its-location",), "355",
          lambda g, s, o, a: bool(s.objs) and s.objs[0].zone == "board" and o.location == s.objs[0].location),
    _word("here", ("此处",), ("here",), "355",
          lambda g, s, o, a: s.location is not None and o.location == s.location),
    _word("elsewhere", ("别处", "其他位置"), ("elsewhere",), "355",
          lambda g, s, o, a: s.location is not None and o.location != s.location),
    # "there" after "move a unit from a battlefield …": where this ability's move took the unit from (420.1)
    _word("moved_from", ("移动起点处",), ("where-it-moved-from",), "420.1",
          lambda g, s, o, a: s.moved_from is not None and o.zone == "board" and o.location == s.moved_from),
    _word("at_battlefield", ("战场上",), ("at-battlefield",), "355",
          lambda g, s, o, a: o.zone == "board" and o.location not in (None, "base")),
    _word("in_base", ("基地中",), ("in-base",), "355", lambda g, s, o, a: o.zone == "board" and o.location == "base"),
    # "all units at a battlefield": the battlefield is the spell's target, chosen as it is played (355.10.b)
    _word("chosen_battlefield", ("所选战场",), ("at-the-chosen-battlefield",), "355.10.b",
          lambda g, s, o, a: o.zone == "board" and s.battlefield is not None and o.location == s.battlefield),
    # at the battlefield of the triggering event ("there": the battlefield you conquered), for sources that
    # are not at a location themselves (a legend, 174)
    _word("at_event_battlefield", ("该战场上", "该处"), ("at-that-battlefield",), "383.2.a.1",
          lambda g, s, o, a: o.zone == "board" and o.location is not None
          and o.location == getattr(s.facts, "where", None) and o.location in g.battlefields),
    _word("exhausted", ("休眠的",), ("exhausted",), "355", lambda g, s, o, a: o.exhausted),
    _word("ready", ("活跃的",), ("ready",), "355", lambda g, s, o, a: not o.exhausted),
    _word("buffed", ("有增益的", "增益"), ("buffed",), "426", lambda g, s, o, a: o.buff > 0),
    _word("damaged", ("受伤的",), ("damaged",), "355", lambda g, s, o, a: o.damage > 0),
    _word("stunned", ("眩晕的",), ("stunned",), "423", lambda g, s, o, a: o.stunned),
    _word("defending", ("防守方", "防守中的"), ("defending",), "464.2.c.3", lambda g, s, o, a: o.designation == "defender"),
    _word("in_combat", ("战斗中的", "战斗中"), ("in-combat",), "740.2.c",
          lambda g, s, o, a: o.zone == "board" and o.location in g.battlefields and o.designation is not None),
    _word("attacking", ("进攻方", "进攻中的"), ("attacking",), "464.2.c.3", lambda g, s, o, a: o.designation == "attacker"),
    _word("alone", ("落单",), ("alone",), "740.2.a", lambda g, s, o, a: _alone(g, o)),
    _word("champion", ("英雄",), ("champion",), "355.9.b", lambda g, s, o, a: o.card.champion),
    # "your Chosen Champion": any champion unit named as the card chosen for that slot, wherever it is (103.2.a.3)
    _word("chosen_champion", ("选定英雄",), ("chosen-champion",), "103.2.a.3",
          lambda g, s, o, a: o.card.champion and o.card.name == g.players[o.owner].chosen_champion),
    # an equipped unit: one with an Equipment (gear tagged 武装, 150.1) attached to it (434)
    _word("equipped", ("已装配的", "配装的"), ("equipped",), "434",
          lambda g, s, o, a: o.is_unit and any("武装" in x.card.tags for x in g.attachments(o.oid))),
    # an attached / unattached gear: linked to a top-most card or not (718)
    _word("attached", ("已贴附的",), ("attached",), "718", lambda g, s, o, a: o.attached_to is not None),
    _word("unattached", ("未贴附的",), ("unattached",), "718",
          lambda g, s, o, a: o.card.type == "gear" and o.attached_to is None),
    # "each Equipment attached to it": attached to the object the value or instruction is about (its target)
    _word("attached_to_it", ("贴附于它的",), ("attached-to-it",), "718",
          lambda g, s, o, a: bool(s.objs) and o.attached_to is not None and o.attached_to == s.objs[0].oid),
    _word("token", ("指示物",), ("token",), "355", lambda g, s, o, a: o.token or o.card.token),
    _word("nontoken", ("非指示物",), ("nontoken",), "355", lambda g, s, o, a: not (o.token or o.card.token)),
    # a card of a type wherever it is ("if it is a spell": the card just revealed or discarded, 133.3)
    _word("spell_card", ("法术卡牌",), ("spell-card",), "133.3", lambda g, s, o, a: o.card.type == "spell"),
    _word("unit_card", ("单位卡牌",), ("unit-card",), "133.3", lambda g, s, o, a: o.card.type == "unit"),
    _word("gear_card", ("装备卡牌",), ("gear-card",), "133.3", lambda g, s, o, a: o.card.type == "gear"),
    _word("with_keyword", ("拥有",), ("with",), "355", lambda g, s, o, a: bool(o.has(_keyword_id(a), g)), arg="keyword"),
    _word("without_keyword", ("没有", "未拥有"), ("without",), "355",
          lambda g, s, o, a: not o.has(_keyword_id(a), g), arg="keyword"),
    # `标签为 鸟类/猫科` names a unit with any of the tags listed (133.8.a: effects refer to tags); a Champion
    # tag is a tag too ("Ivern units", 133.8.b)
    _word("with_tag", ("标签为", "标签"), ("tagged",), "133.8.a",
          lambda g, s, o, a: any(t in o.tags or t == o.card.champion_tag for t in a.split("/")), arg="tag"),
    _word("might_at_most", ("战力不超过",), ("might-at-most",), "355", lambda g, s, o, a: _might(g, o) <= a, arg="int"),
    _word("might_at_least", ("战力至少",), ("might-at-least",), "355", lambda g, s, o, a: _might(g, o) >= a, arg="int"),
    _word("might_below_mine", ("战力低于我的", "战力低于我"), ("might-below-mine",), "355",
          lambda g, s, o, a: (src := g.objects.get(s.oid) if s.oid else None) is not None and src.zone == "board"
          and _might(g, o) < _might(g, src)),
    # a card's name without a printing's qualifier: 随从（祖安） is named 随从
    _word("named", ("名为",), ("named",), "355", lambda g, s, o, a: o.card.name.split("（")[0] == a, arg="name"),
    _word("energy_at_most", ("法力费用不超过",), ("energy-cost-at-most",), "355",
          lambda g, s, o, a: o.card.cost_energy <= a, arg="int"),
    # "with Energy cost less than your points": your points as it is checked (194)
    _word("energy_below_points", ("法力费用低于你的分数",), ("energy-cost-below-your-points",), "355.9.b",
          lambda g, s, o, a: o.card.cost_energy < g.points_of(s.controller)),
    _word("power_at_most", ("符能费用不超过",), ("power-cost-at-most",), "355",
          lambda g, s, o, a: o.card.cost_power <= a, arg="int"),
    _word("might_below", ("战力低于",), ("might-below",), "355", lambda g, s, o, a: _might(g, o) < a, arg="int"),
    # "a unit whose energy and power costs are each no more than the killed unit's": the object that paid the
    # card's additional cost (356.2.a.1), named as it is played, so the restriction is known as targets are checked
    _word("cost_within_cost_object", ("费用不超过费用对象",), ("costs-no-more-than-the-cost-object",), "355.9.b",
          lambda g, s, o, a: any((c := g.objects.get(x)) is not None and o.card.cost_energy <= c.card.cost_energy
                                 and o.card.cost_power <= c.card.cost_power for x in s.cost_objs)),
    # "choose an enemy unit with 3 Might or less; if you paid the additional cost, choose any enemy unit instead":
    # the optional cost is chosen before the targets (355.1.a), so the restriction is known as they are chosen
    _word("might_at_most_unless_paid", ("未付额外费用时战力不超过",), ("might-at-most-unless-paid",), "356.2.b.1",
          lambda g, s, o, a: _paid_optional(g, s) or _might(g, o) <= a, arg="int"),
    # "each other enemy unit there": not the previous instruction's object (the unit just dealt damage)
    _word("not_previous", ("除该目标外",), ("other-than-that-target",), "355",
          lambda g, s, o, a: all(o.oid != p.oid for p in s.objs)),
    # "… with less Might than the chosen unit": the previous instruction's object, as this one resolves
    _word("might_below_it", ("战力低于它", "战力低于该单位"), ("might-below-its",), "355",
          lambda g, s, o, a: bool(s.objs) and s.objs[0].zone == "board" and _might(g, o) < _might(g, s.objs[0])),
    # "a spell or ability that targets a friendly unit or friendly gear": one of its chosen targets (355.7)
    # is a unit or gear on the board of the reader's team
    _word("targets_friendly_unit_or_gear", ("以友方单位或装备为目标的",), ("targeting-a-friendly-unit-or-gear",), "355.7",
          lambda g, s, o, a: any(_same_team(g, t.controller, s.controller) and t.card.type in ("unit", "gear")
                                 for t in chain_targets(g, o))),
    # "a spell or ability that targets that unit and no other friendly unit": among its targets (355.7) the only
    # friendly unit is the earlier target of this spell; checked when chosen (355.9.b), as 另一目标 is
    _word("targets_only_that_friendly_unit", ("只以该友方单位为目标的",), ("targeting-only-that-friendly-unit",), "355.7",
          lambda g, s, o, a: _only_friendly_target(g, s, o)),
    # "a unit banished this way": banished by an ability of this same permanent (linked abilities, 397)
    _word("banished_by_this", ("被此牌放逐的", "以此方式放逐的"), ("banished-by-this",), "397",
          lambda g, s, o, a: _banished_by(g, s.oid, o)),
)


def _only_friendly_target(game, seen: Seen, o) -> bool:
    friendly = {t.oid for t in chain_targets(game, o) if t.is_unit and _same_team(game, t.controller, seen.controller)}
    if not seen.chosen:  # on resolution the earlier target is not re-read: at most one friendly unit targeted
        return len(friendly) <= 1
    return bool(friendly) and friendly <= set(seen.chosen)


def _paid_optional(game, seen: Seen) -> bool:
    """Whether the source card's optional additional cost is paid: as it is being played, the choice made in
    step 2 (355.1.a); afterwards, what was paid when it was played (356.2.b.1)."""
    if seen.paid is not None:
        return seen.paid
    src = game.objects.get(seen.oid or "")
    return bool(src is not None and src.paid_optional)


def _banished_by(game, oid, o) -> bool:
    """Whether `o` (still the same object) was banished by an ability of the permanent `oid` (397): the
    record judge.engine.abilities.linked keeps of what a permanent's abilities banished."""
    src = game.objects.get(oid or "")
    return src is not None and (o.oid, o.incarnation) in game.banished_by.get((src.oid, src.incarnation), ())


def chain_items_of(game, o) -> list:
    """The chain items `o` names: the spell card itself on the chain, or the triggered and activated abilities
    of a source on the board or in a legend zone (an ability is named by its source, 425.1.a)."""
    kinds = ("card",) if o.zone == "chain" else ("trigger", "ability")
    return [i for i in game.chain if getattr(i, "kind", None) in kinds and getattr(i, "oid", None) == o.oid]


def chain_targets(game, o) -> list:
    """The objects, still the same and on the board, chosen as targets (355.7) by the chain items `o` names."""
    out = []
    for item in chain_items_of(game, o):
        for snap in getattr(item, "targets", ()) or ():
            oid, inc = (snap.oid, snap.incarnation) if hasattr(snap, "oid") else snap
            t = game.objects.get(oid)
            if t is not None and t.incarnation == inc and t.zone == "board":
                out.append(t)
    return out


class Noun(Entry):
    """The card-type word that ends a target phrase (`单位`, `装备`, `法术`, `卡牌`)."""

    rule = "355"

    def __init__(self, id_, zh, aliases, zone):
        self.id, self.zh, self.aliases, self.zone = id_, zh, aliases, zone

    def fits(self, o) -> bool:
        if self.zone == "chain":
            return o.zone == "chain" and o.card.type == "spell"
        if self.zone == "chain_any":  # a spell on the chain, or a source whose ability is on it (pool() checks)
            return (o.zone == "chain" and o.card.type == "spell") or o.zone in ("board", "legend")
        if self.zone == "legend":  # a legend in its legend zone ("ready your legend", 355.9.a.4)
            return o.zone == "legend" and o.card.type == "legend"
        if self.zone == "any" and o.zone == "legend":  # "an object (legends too)"
            return o.card.type == "legend"
        if self.zone == "trash":  # "a unit card in your trash": a card there, not a permanent
            return o.zone == "trash" and (self.id == "trash_card" or o.card.type == self.id.removeprefix("trash_"))
        if self.zone == "banishment":  # "a unit banished …": a card in a banishment zone
            return o.zone == "banishment" and o.card.type == "unit"
        if self.zone == "hand":  # "a card from your hand", "a unit from your hand"
            return o.zone == "hand" and (self.id == "hand_card" or o.card.type == self.id.removeprefix("hand_"))
        if o.zone != "board":
            return False
        # a battlefield's own object is not a permanent (171): "a card" on the board never names it
        return (self.id in ("card", "object") and o.card.type != "battlefield") or o.card.type == self.id


NOUNS: Registry[Noun] = Registry("名词")
STANDARD_NOUNS = (Noun("unit", ("单位",), ("unit", "units"), "board"), Noun("gear", ("装备",), ("gear",), "board"),
                  Noun("spell", ("法术",), ("spell",), "chain"),
                  # "a spell or ability": a spell on the chain or a triggered/activated ability there, named by
                  # its source (`目标 <法术或来源>`, 355.9.a.2, 425.1.a)
                  Noun("spell_or_ability", ("法术或技能",), ("spell-or-ability",), "chain_any"), Noun("card", ("卡牌", "游戏物体"), ("card",), "board"),
                  Noun("rune", ("符文",), ("rune",), "board"), Noun("legend", ("传奇",), ("legend",), "legend"),
                  # any game object a player may ready or exhaust: permanents on the board and legends
                  Noun("object", ("物体", "任意物体"), ("object",), "any"),
                  # cards in a trash (what "play a unit from your trash" chooses among)
                  Noun("trash_unit", ("废牌堆中的单位",), ("unit-in-trash",), "trash"),
                  Noun("trash_card", ("废牌堆中的卡牌",), ("card-in-trash",), "trash"),
                  Noun("trash_spell", ("废牌堆中的法术",), ("spell-in-trash",), "trash"),
                  Noun("banished_unit", ("放逐区域中的单位",), ("unit-in-banishment",), "banishment"),
                  Noun("hand_card", ("手牌中的卡牌",), ("card-in-hand",), "hand"),
                  Noun("hand_unit", ("手牌中的单位",), ("unit-in-hand",), "hand"))


class Count(Entry):
    """How many objects a target phrase names (355.8, 355.13): `一名`, `N 名` (arg), `最多 N 名`,
    `任意数量`, `每处一名`, and the untargeted `所有` (each), `自身` (the source), `它` (the previous
    instruction's objects)."""

    rule = "355.8"

    def __init__(self, id_, zh, aliases, rule="355.8", takes_n=False):
        self.id, self.zh, self.aliases, self.rule, self.takes_n = id_, zh, aliases, rule, takes_n


COUNTS: Registry[Count] = Registry("数量")
STANDARD_COUNTS = (
    Count("one", ("一名", "一个", "一张", "一件"), ("a", "an", "one")),
    Count("n", ("名",), ("exactly",), takes_n=True),
    Count("up_to", ("最多",), ("up-to",), rule="355.13", takes_n=True),
    Count("any_number", ("任意数量",), ("any-number",), rule="355.13"),
    Count("per_location", ("每处一名",), ("one-per-location",), rule="355.8"),
    Count("all", ("所有", "每名"), ("all", "each"), rule="349"),
    Count("self", ("自身",), ("self",), rule="349"),
    Count("it", ("它", "它们"), ("it", "them"), rule="349"),
    # the object an earlier `选择` of the same spell or ability chose ("then detach an Equipment from *it*" after
    # another instruction in between), while it is the same object (355.7, 359.3.d.4)
    Count("chosen", ("所选对象", "所选单位"), ("the-chosen",), rule="355.7"),
)


class Destination(Entry):
    """`-> <去向>` of a moving effect (445, 420): a fixed place or one chosen when played."""

    rule = "445"
    chosen = False  # a battlefield chosen with the targets, like `战场` (355.4), with a requirement of its own

    def __init__(self, id_, zh, aliases, rule="445"):
        self.id, self.zh, self.aliases, self.rule = id_, zh, aliases, rule

    def problem(self, game, player: str, dest: str) -> str | None:
        """Why a chosen destination does not meet this word's requirement (None: it does)."""
        return None


class OpenBattlefieldDestination(Destination):
    """`-> 开放的战场` ("move … to an open battlefield"): chosen with the targets like `战场` (355.4); it must be
    open when chosen (170.11.c: no controller and no units), else the choice is not valid (355.4.a)."""

    chosen = True

    def problem(self, game, player, dest):
        bf = game.battlefields.get(dest)
        if bf is None:
            return f"{dest} 不是一处战场（须为开放的战场）。"
        if bf.controller is not None or game.units_at(dest):
            return f"{dest} 不是开放的战场（有控制者或有单位）。"
        return None


def chosen_destination(eff) -> bool:
    """A move whose destination is chosen with the targets (355.4): `-> 战场` or a chosen word's."""
    if eff.kind != "move":
        return False
    word = DESTINATIONS.get(eff.dest) if eff.dest else None
    return eff.dest is None or (word is not None and word.chosen)


def destination_problem(game, player: str, effects, dest: str) -> str | None:
    """Why `dest`, chosen for these instructions' moves, breaks a destination word's requirement (355.4.a)."""
    for eff in effects:
        word = DESTINATIONS.get(eff.dest) if eff.kind == "move" and eff.dest else None
        if word is not None and word.chosen and (why := word.problem(game, player, dest)) is not None:
            return why
    return None


DESTINATIONS: Registry[Destination] = Registry("去向")
STANDARD_DESTINATIONS = (
    Destination("base", ("基地",), ("base",)),
    Destination("here", ("此处",), ("here",)),
    Destination("battlefield", ("战场",), ("battlefield",)),  # chosen when played ("-> bf1" in the play action)
    Destination("hand", ("手牌",), ("hand",), rule="349"),
    # where the previous instruction's object is ("move a friendly unit to that enemy unit's battlefield")
    Destination("its_location", ("它所在处", "其所在处"), ("its-location",), rule="420"),
    # the battlefield of the event that triggered the ability ("when you defend a battlefield, move me to it")
    Destination("this_battlefield", ("此战场", "该战场"), ("this-battlefield",), rule="383.2.a.1"),
    # where the object of the triggering event went ("follow it"), remembered when it triggered
    Destination("event_dest", ("其去向", "它的去向"), ("where-it-went",), rule="420.1"),
    # where the unit whose move triggered the ability came from ("create a Sprite where I moved from")
    Destination("origin", ("起点", "移动的起点"), ("origin",), rule="420.1"),
    # where the object that paid the activated ability's cost is ("move a unit to the unit you exhausted")
    Destination("cost_object", ("费用对象所在处",), ("cost-object-location",), rule="404.1"),
    # "its owner plays it to any battlefield": the player who plays the unit chooses one as it is played,
    # on resolution, with the effect's permission (355.2.b)
    Destination("any_battlefield", ("任意战场", "任意一处战场"), ("any-battlefield",), rule="355.2.b"),
    # "play a unit to a battlefield you control": its player chooses one of those as it is played (355.2.a)
    Destination("your_battlefield", ("你控制的战场", "你控制的一处战场"), ("a-battlefield-you-control",), rule="355.2.a"),
    OpenBattlefieldDestination("open_battlefield", ("开放的战场", "一处开放的战场"), ("an-open-battlefield",),
                               rule="170.11.c"),
    # "play a token" naming no location: each wherever its player could play it, chosen (439.2.b.1, 355.2.a)
    Destination("playable", ("可打出处",), ("where-it-can-be-played",), rule="439.2.b.1"),
)


def event_battlefield(game, memory: dict | None) -> str | None:
    """The battlefield the triggering event concerns (combat, conquer, hold, a move's destination)."""
    facts = (memory or {}).get("facts")
    where = getattr(facts, "where", None) if facts is not None else None
    return where if where in game.battlefields else None


class Duration(Entry):
    rule = "349"

    def __init__(self, id_, zh, aliases, rule="349", one_shot=False):
        self.id, self.zh, self.aliases, self.rule = id_, zh, aliases, rule
        self.one_shot = one_shot  # "the next time …": ends once it has applied; read by the effect itself




DURATIONS: Registry[Duration] = Registry("持续时间")
STANDARD_DURATIONS = (
    Duration("this_turn", ("本回合",), ("this-turn",), rule="317.2"),
    Duration("while_source", ("持续",), ("while",), rule="349"),
    Duration("next", ("下次",), ("next-time",), rule="437.1.b.2", one_shot=True),
    Duration("this_combat", ("本次战斗", "本次战斗期间"), ("this-combat",), rule="466.7.c"),
)


def register_standard() -> None:
    for registry, entries in ((FILTERS, STANDARD_FILTERS), (NOUNS, STANDARD_NOUNS), (COUNTS, STANDARD_COUNTS),
                              (DESTINATIONS, STANDARD_DESTINATIONS), (DURATIONS, STANDARD_DURATIONS)):
        for e in entries:
            if e.id not in registry:
                registry.register(e)


def matches(game, seen: Seen, flt, o) -> bool:
    """Whether object `o` fits a filter (noun and every word) seen from `seen`."""
    noun = NOUNS.get(flt.noun)
    if noun is not None and not noun.fits(o):
        return False
    if flt.noun == "champion" and not o.card.champion:
        return False
    for word, arg in flt.words:
        part = FILTERS.get(word)
        if part is None or not part.test(game, seen, o, arg):
            return False
    return True


def pool(game, flt) -> list:
    """Every object a filter's noun may name (board objects, or spells on the chain)."""
    noun = NOUNS.get(flt.noun)
    if noun is not None and noun.zone == "chain":
        return [game.objects[i.oid] for i in game.chain if getattr(i, "kind", None) == "card"]
    if noun is not None and noun.zone == "chain_any":
        oids = dict.fromkeys(i.oid for i in game.chain
                             if getattr(i, "kind", None) in ("card", "trigger", "ability") and getattr(i, "oid", None))
        return [game.objects[oid] for oid in oids if oid in game.objects]
    if noun is not None and noun.zone == "legend":
        return [o for o in game.objects.values() if o.zone == "legend"]
    if noun is not None and noun.zone == "any":
        return [o for o in game.objects.values() if o.zone in ("board", "legend")]
    if noun is not None and noun.zone in ("trash", "hand", "banishment"):
        return [game.objects[oid] for p in game.order for oid in game.players[p].zones[noun.zone]]
    return [o for o in game.objects.values() if o.zone == "board"]


def select(game, seen: Seen, flt) -> list:
    return [o for o in pool(game, flt) if matches(game, seen, flt, o)]


def tag_kinds(game, seen: Seen, flt) -> int:
    """How many of the tags a filter lists (`标签为 鸟类/猫科/…`) at least one object matching the rest of
    the filter has ("for each of these tags among your units", 133.8.a)."""
    listed = [t for w, a in flt.words if w == "with_tag" for t in a.split("/")]
    rest = replace(flt, words=tuple((w, a) for w, a in flt.words if w != "with_tag"))
    objs = select(game, seen, rest)
    return sum(1 for t in dict.fromkeys(listed) if any(t in o.tags for o in objs))


def describe(flt) -> str:
    """Chinese text of a filter, for traces and errors."""
    parts = []
    for word, arg in flt.words:
        part = FILTERS.get(word)
        if arg is not None and part is not None and part.arg == "keyword":
            parts.append(f"{part.display}[{_keyword_display(arg)}]")
            continue
        parts.append((part.display if part else word) + (f" {arg}" if arg is not None else ""))
    noun = NOUNS.get(flt.noun)
    parts.append(noun.display if noun else flt.noun)
    return "".join(parts)


def names_chosen_battlefield(effects) -> bool:
    """Whether an instruction's target or count names `所选战场`: the card then targets a battlefield."""
    for e in effects:
        for flt in (getattr(getattr(e, "target", None), "filter", None), getattr(getattr(e, "value", None), "filter", None)):
            if flt is not None and any(word == "chosen_battlefield" for word, _arg in flt.words):
                return True
    return False
