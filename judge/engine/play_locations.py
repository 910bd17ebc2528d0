"""Where a unit may be played besides the default locations (355.2.a: its controller's base or a
battlefield that player controls): permissions a passive ability grants (355.2.b), "you may play me to
an open battlefield". Each battlefield state a card names is a registered word (170.11: occupied,
uncontrolled, open; an enemy-controlled one; one with enemy units; the one you are attacking), and the
static ability `静态 可打出到 <战场状态> [受影响对象]` grants the permission: on the card itself from
wherever it is played, or, with an affected-object phrase, from a permanent on the board to the
matching cards its controller plays (`友方 单位`)."""

from __future__ import annotations

from judge.engine.keywords.base import PlayOrigin
from judge.engine.registry import Entry, Registry
from judge.engine.statics import StaticAbility


class PlaceState(Entry):
    rule = "170.11"

    def __init__(self, id_, zh, aliases, rule, test):
        self.id, self.zh, self.aliases, self.rule, self._test = id_, zh, aliases, rule, test

    def holds(self, game, player: str, bid: str) -> bool:
        return bid in game.battlefields and bool(self._test(game, player, game.battlefields[bid]))


PLACE_STATES: Registry[PlaceState] = Registry("战场状态")


def _enemy(game, player, other) -> bool:
    return other is not None and game.teams[other] != game.teams[player]


STANDARD = (
    PlaceState("open", ("开放的战场", "开放战场"), ("open-battlefield",), "170.11.c",
               lambda g, p, bf: bf.controller is None and not g.units_at(bf.bid)),
    PlaceState("enemy_controlled", ("敌方控制的战场",), ("enemy-controlled-battlefield",), "355.2.b",
               lambda g, p, bf: _enemy(g, p, bf.controller)),
    PlaceState("with_enemy_units", ("有敌方单位的战场",), ("battlefield-with-enemy-units",), "355.2.b",
               lambda g, p, bf: any(_enemy(g, p, u.controller) for u in g.units_at(bf.bid))),
    PlaceState("with_alone_enemy", ("有落单敌方单位的战场",), ("battlefield-with-a-lone-enemy",), "740.2.a",
               lambda g, p, bf: any(_enemy(g, p, u.controller) and not any(
                   v is not u and g.teams[v.controller] == g.teams[u.controller] for v in g.units_at(bf.bid))
                   for u in g.units_at(bf.bid))),
    PlaceState("with_your_units", ("有你的单位的战场",), ("battlefield-with-your-units",), "355.9.b",
               lambda g, p, bf: any(u.controller == p for u in g.units_at(bf.bid))),
    PlaceState("yours", ("你控制的战场",), ("battlefield-you-control",), "190.2.b",
               lambda g, p, bf: bf.controller == p),
    PlaceState("conquered_this_turn", ("你本回合征服的战场",), ("battlefield-you-conquered-this-turn",), "469.1",
               lambda g, p, bf: p in bf.conquered_this_turn),
    PlaceState("attacking", ("你正在进攻的战场",), ("battlefield-you-attack",), "355.2.b",
               lambda g, p, bf: g.combat is not None and g.combat.battlefield == bf.bid and g.combat.attacker == p),
)


def register_standard() -> None:
    for part in STANDARD:
        if part.id not in PLACE_STATES:
            PLACE_STATES.register(part)


class PlayTo(StaticAbility):
    """`静态 可打出到 <战场状态> [受影响对象]` (355.2.b): a location made valid for playing a unit."""

    id, zh, aliases, rule, arg = "play_to", ("可打出到", "可以打出到"), ("may-be-played-to",), "355.2.b", "place"

    def play_location(self, game, src, params, player, card, bid) -> str | None:
        if not _covers(game, src, params, player, card):
            return None
        state = PLACE_STATES.get(params.get("place"))
        return state.rule if state is not None and state.holds(game, player, bid) else None


def _covers(game, src, params, player, card) -> bool:
    """The card itself, or (from a permanent on the board) a card its controller plays that the
    affected-object phrase names: its noun and friendly / enemy words (a card in hand is no board object)."""
    spec = params.get("target")
    if spec is None or spec.count == "self":
        return src is card
    if src.zone != "board" or src is card:
        return False
    flt = spec.filter
    if flt.noun not in ("card", card.card.type):
        return False
    same = game.teams[player] == game.teams[src.controller]
    return not ((flt.has("friendly") and not same) or (flt.has("enemy") and same))


def permission(game, player: str, card, bid: str) -> str | None:
    """The rule of the first passive ability that makes `bid` a valid location for `card` (355.2.b):
    the card's own, then those of the permanents on the board; None when none does."""
    from judge.engine import statics

    for kind in statics.STATICS:
        for params in kind.instances(card.card):
            if (rule := kind.play_location(game, card, params, player, card, bid)) and statics.active(game, card, params):
                return rule
    for src, kind, params in statics.on_board(game):
        if src is not card and (rule := kind.play_location(game, src, params, player, card, bid)) \
                and statics.active(game, src, params):
            return rule
    return None


class TargetBattlefieldMustBe(StaticAbility):
    """`静态 目标战场须为 <战场状态>`: the battlefield the spell targets (355.10.b), or the one its move
    instructions move to (355.4), must be in that state when it is chosen ("choose a battlefield where you
    have units", 355.9.b; "move a unit to a battlefield you control", 355.4.a)."""

    id, zh, aliases, rule, arg = "target_battlefield_must_be", ("目标战场须为",), ("target-battlefield-must-be",), \
        "355.9.b", "place"

    def target_battlefield_problem(self, game, card, params, player, bid) -> str | None:
        state = PLACE_STATES.get(params.get("place"))
        if state is None or state.holds(game, player, bid):
            return None
        return f"{card.label()} 的目标战场须为{state.display}，{bid} 不是。"


class PlayOnlyTo(StaticAbility):
    """`静态 只能打出到 <战场状态>`: the card itself may be played only to a battlefield in that state (not
    its base): a restriction on the locations 355.2.a allows, which it never adds to (054.1)."""

    id, zh, aliases, rule, arg = "play_only_to", ("只能打出到",), ("may-be-played-only-to",), "355.2", "place"

    def own_play_problem(self, game, card, params, player, dest) -> str | None:
        state = PLACE_STATES.get(params.get("place"))
        if state is None or (dest != "base" and state.holds(game, player, dest)):
            return None
        where = "基地" if dest == "base" else dest
        return f"{card.label()} 只能打出到{state.display}，{where} 不是。"


def own_restriction(game, player: str, card, dest: str) -> str | None:
    """Why the card's own "you may play me only to …" forbids `dest` (None: it does not)."""
    from judge.engine import statics

    for kind in statics.STATICS:
        hook = getattr(kind, "own_play_problem", None)
        for params in kind.instances(card.card) if hook is not None else ():
            if (problem := hook(game, card, params, player, dest)) is not None:
                return problem
    return None


class MoveToItsOthers(StaticAbility):
    """`静态 移动目的地须有其控制者的其他单位`: the location the spell moves a unit to, chosen as it is played
    (355.4), must be one where that unit's controller has other units: a battlefield, or their base
    (355.4.a: otherwise the choice is invalid and the play illegal)."""

    id, zh, aliases, rule = "move_to_its_others", ("移动目的地须有其控制者的其他单位",), \
        ("move-to-where-its-controller-has-other-units",), "355.4.a"

    def move_destination_problem(self, game, card, params, player, unit, dest) -> str | None:
        if any(u is not unit for u in game.units_at(dest, unit.controller)):
            return None
        where = f"{unit.controller}的基地" if dest == "base" else dest
        return f"{card.label()} 只能把 {unit.label()} 移动到其控制者有其他单位的位置，{where} 没有。"


class PlayFromTrash(StaticAbility):
    """`静态 可从废牌堆打出 以费用 N [符能 [R]…] [若 条件]` ("[Legion] — you may pay [3][R] to play me from your
    trash"): the card may be played from its owner's trash by that player, for that cost in place of its
    base costs (419.1.a: a zone other than the hand only when an ability allows it; 356.1.a)."""

    id, zh, aliases, rule, arg = "play_from_trash", ("可从废牌堆打出",), ("may-be-played-from-trash",), "419.1.a", "cost"

    def play_origin(self, game, src, params, player):
        if src.zone != "trash" or src.owner != player:
            return None
        return FromTrash(params.get("cost") or (0, ()))


class FromTrash(PlayOrigin):
    """A card played from its owner's trash for the cost its ability states (356.1.a)."""

    zone = "trash"
    rule = "356.1.a"

    def __init__(self, cost: tuple):
        from judge.engine.costs import fmt

        self.stated_cost = cost
        energy, syms = cost
        self.base_cost_note = f"以 {fmt(energy, len(syms), list(syms))} 取代基础费用（从废牌堆打出）"

    def leave(self, game, card):
        game.players[card.owner].zones["trash"].remove(card.oid)


def static_origin(game, player: str, card):
    """The zone a static ability of the card itself lets `player` play it from now (419.1.a), or None."""
    from judge.engine import statics

    for kind in statics.STATICS:
        for params in kind.instances(card.card):
            origin = kind.play_origin(game, card, params, player)
            if origin is not None and statics.active(game, card, params):
                return origin
    return None
