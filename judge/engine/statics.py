"""Static abilities: passive abilities (363, 364) of objects on the board, each kind a registered part
(id, Chinese spellings, English aliases, rule) with the hooks of the procedures it changes — Might and
keywords (the layers, 473-477), whether a unit enters ready, "can't" rules (054.1: can't beats can),
what a card costs (356.3/356.4). A kind reads its instances from the card model (`instances`);
procedures ask `on_board(game)`, `forbidder(...)`, `granted_keywords(...)`, `enters_ready(...)`.

A passive ability is active while its source is on the board (365.1) and, when it is conditional
(`若 <条件>`, 364.3.a), while its condition holds; it affects the objects its target phrase names
(`受影响对象`; default: its source). Keyword grants are the ability-altering layer (477.2.a), Might
changes the arithmetic layer (477.3.a); both are evaluated whenever asked (476), so an aura ends the
moment its source leaves and reaches a unit that enters later.

Adding one is a StaticAbility and a line in judge.engine.standard; a card lists generic instances in
`CardDef.statics` as (id, params), params {"amount": Value, "value": int|None, "target": TargetSpec,
"condition": Condition, "keyword": id} as the card-ability language reads them."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry


class StaticAbility(Entry):
    rule = "349"
    next_card = False  # whether `下一张 <this word> …` may make it a delayed passive ability for the next card (391)

    def imposed_text(self, names: str) -> str:
        """The trace's words when an effect sets this up for a turn for `names` (players or objects)."""
        return f"{names or '所有对象'}{self.display}（“不能”优先于“可以”）"

    def instances(self, card) -> list:
        """This kind's instances on a card (parameters of each); by default the generic list."""
        return [params for kind, params in getattr(card, "statics", ()) if kind == self.id]

    # --- damage: does `src`'s instance prevent the damage a spell or an ability would deal to `unit` (437.1)?
    def prevents_effect_damage(self, game, src, params, unit) -> bool:
        return False

    # --- playing a card from a zone other than the hand (419.1.a): the PlayOrigin it allows, or None
    def play_origin(self, game, src, params, player):
        return None

    def allows_look_facedown(self, game, src, params, viewer, card) -> bool:
        return False

    def copies_played_token(self, game, src, params, player, card) -> bool:
        """Would `player` playing the token unit `card` be replaced by playing it and a copy?"""
        return False

    # --- replacement effects on death (367): "if … would die, … instead"
    def saves_from_death(self, game, src, params, unit) -> bool:
        return False

    # --- layers: Might `src`'s instance gives `target`
    def might_bonus(self, game, src, params, target) -> int:
        return 0

    # --- replacing a reveal: what `src`'s instance does first when `player` would reveal cards of a deck
    def before_deck_reveal(self, game, src, params, player, who, choose) -> None:
        """`choose(src)`: the objects its controller's scripted choice names for `src` (None: none written)."""
        return None

    # --- "can't" beats "can" (054.1): each hook returns False to forbid; a forbidding instance wins
    # over any permission (keywords, effects) the procedure would otherwise give
    def allows_ready(self, game, src, params, unit) -> bool:
        """May an effect ready `unit`?"""
        return True

    def allows_awaken(self, game, src, params, unit) -> bool:
        """May `unit` be readied in its controller's awaken step (415.3.a: what is able to be readied)?"""
        return True

    def allows_score(self, game, src, params, player, bid) -> bool:
        """May `player` score (conquer or hold) the battlefield `bid`?"""
        return True

    def allows_gain_points(self, game, src, params, player) -> bool:
        """May `player` gain points (from scoring or any other source)?"""
        return True

    def allows_target(self, game, src, params, chooser, target) -> bool:
        """May a spell or ability controlled by `chooser` choose `target`?"""
        return True

    def allows_move(self, game, src, params, unit, dest) -> bool:
        """May `unit` move to `dest` (a standard move or a move by an effect)?"""
        return True

    def allows_keyword_trigger(self, game, src, params, obj, keyword: str) -> bool:
        """May the triggered keyword `keyword` (816 Temporary) of `obj` trigger?"""
        return True

    # --- damage: Bonus Damage `src`'s instance grants a Deal action of `item` to `target` (417.5, 714)
    def bonus_damage(self, game, src, params, item, target) -> int:
        return 0

    # --- permissions (054.1: any "can't" above still wins over them)
    def permits_move_between(self, game, src, params, unit, dest) -> bool:
        """May `unit` use its standard move to go to the battlefield `dest` from another battlefield, as
        Ganking allows (144.4.c.1, 810.1.c)?"""
        return False

    def allows_play_facedown(self, game, src, params, player, bid) -> bool:
        """May `player` play a facedown card from the battlefield `bid` (811.1.b)?"""
        return True

    def facedown_room(self, game, src, params, bid) -> int:
        """How many more cards the facedown zone of battlefield `bid` may hold (107.3.b.1)."""
        return 0

    # --- triggers: how many additional times the trigger `trig` of `owner` triggers for this event
    # ("… trigger an additional time"); `what` is the event id, or "deathknell" for a unit's Deathknell
    def extra_triggers(self, game, src, params, owner, what, facts) -> int:
        return 0

    def allows_play(self, game, src, params, player, card) -> bool:
        """May `player` play `card` (from any zone)?"""
        return True

    def allows_combat_damage(self, game, src, params, unit) -> bool:
        """Does `unit` deal combat damage (counts its Might in its side's total, 465.2.a/465.2.b)?"""
        return True

    def allows_damage(self, game, src, params, unit) -> bool:
        """May damage be dealt to `unit` ("can't be damaged")?"""
        return True

    # --- buffs (701): may `unit` have more than one buff?
    def allows_many_buffs(self, game, src, params, unit) -> bool:
        return False

    # --- layer 2 (477.2.a): keywords `src`'s instance gives `target`, as {keyword id: value}
    def keywords_for(self, game, src, params, target) -> dict:
        return {}

    # --- entering the board: does `unit` enter ready (instead of exhausted, 359.2.c)?
    def readies_entering(self, game, src, params, unit) -> bool:
        return False

    def allows_play_to(self, game, src, params, player, card, dest) -> bool:
        """May `player` play the unit `card` to the battlefield `dest` (355.2)?"""
        return True

    # --- entering the board: does the gear `obj` enter exhausted (instead of ready, 359.2.d)?
    def exhausts_entering(self, game, src, params, obj) -> bool:
        return False

    # --- an activated ability of `src` being activated: [(why, energy change)] to its cost, given its targets
    def ability_cost_changes(self, game, src, params, ab, chosen) -> list:
        return []

    # --- "as you play this, name …": a choice made while the card is played (355.1), noted on the card
    def as_played(self, game, card, params, player) -> None:
        return None

    # --- combat cleanup step 3d: does a tie of `attacker`'s combat recall every unit there instead (740.3.a)?
    def recalls_all_on_tie(self, game, src, params, attacker) -> bool:
        return False

    # --- the card being played discounts itself (356.4.a): [(part, -n)] while it is played by `player`
    # (`targets`: the objects chosen for it in step 2, 355.5)
    def own_cost_changes(self, game, card, params, player, targets=()) -> list:
        return []

    # --- the card being played targets a battlefield (355.10.b): why `bid` is not a valid choice, else None
    def target_battlefield_problem(self, game, card, params, player, bid) -> str | None:
        return None

    # --- the Victory Score (194.3.a): how much `src`'s instance adds to the points needed to win
    def victory_score_change(self, game, src, params) -> int:
        return 0

    # --- playing a unit: the rule that makes the battlefield `bid` a valid location for `card`
    # played by `player` (355.2.b), or None (judge.engine.play_locations)
    def play_location(self, game, src, params, player, card, bid) -> str | None:
        return None

    # --- costs: (part, amount) changes to the cost of `player` playing `card` (increase > 0)
    def cost_changes(self, game, src, params, player, card) -> list[tuple[str, int]]:
        return []

    def cost_floor(self, params) -> int | None:
        """The minimum a discount of this instance stops at ("to a minimum of [1]"), if any (356.4.e)."""
        return None

    def paid_keyword_cost_changes(self, game, src, params, player, card, paid) -> list[tuple[str, int]]:
        """Changes to that cost that depend on the keyword costs the player chose to pay (`paid`: ids,
        e.g. "repeat" when the Repeat cost is paid, 820)."""
        return []


STATICS: Registry[StaticAbility] = Registry("静态技能")


def on_board(game):
    """(source, kind, params) for every static-ability instance of an object on the board (365.1) or in a
    legend zone (a legend's passive abilities work there, 174.6)."""
    held = _STEADY.get(id(game))
    if held is not None and held[0] is game:  # a query under way: the board is as when first asked
        if held[1] is None:
            held[1] = list(_on_board(game))
        return iter(held[1])
    return _on_board(game)


class steady:
    """`with steady(game):` around a query that changes nothing (a snapshot of the board, a unit's
    Might): the static-ability instances on the board are listed once for the whole query instead of
    once per question it asks. Nested queries share the outermost one's list."""

    __slots__ = ("game", "outer")

    def __init__(self, game):
        self.game = game

    def __enter__(self):
        self.outer = id(self.game) not in _STEADY
        if self.outer:
            _STEADY[id(self.game)] = [self.game, None]
        return self

    def __exit__(self, *exc):
        if self.outer:
            del _STEADY[id(self.game)]
        return False


_STEADY: dict[int, list] = {}  # id(game) -> [game, its instances on the board or None] during a query


def _on_board(game):
    own, rank, table = STATICS.derived("plan", _plan)
    for o in game.in_play():
        statics = getattr(o.card, "statics", None)
        if not statics:
            for kind in own:
                for params in kind.instances(o.card):
                    yield o, kind, params
            continue
        # The generic list read once, grouped by kind; the kinds that have instances here taken in
        # registration order (as asking every registered kind in turn would find them).
        by_kind: dict = {}
        for kid, params in statics:
            if kid in rank:
                by_kind.setdefault(kid, []).append(params)
        if not by_kind:
            for kind in own:
                for params in kind.instances(o.card):
                    yield o, kind, params
            continue
        order = sorted([*(rank[k] for k in by_kind), *(rank[k.id] for k in own)])
        for i in dict.fromkeys(order):
            kind, custom = table[i]
            for params in (kind.instances(o.card) if custom else by_kind.get(kind.id, ())):
                yield o, kind, params


def _plan(statics) -> tuple[list, dict[str, int], list[tuple]]:
    """(the kinds with their own `instances`, id -> registration index, [(kind, own instances?)] in that order)."""
    kinds = list(statics)
    custom = [type(k).instances is not StaticAbility.instances for k in kinds]
    return [k for k, c in zip(kinds, custom) if c], {k.id: i for i, k in enumerate(kinds)}, list(zip(kinds, custom))


# Instances being evaluated right now: an instance whose own condition or amount reads what it changes
# ("while I'm Mighty, I have Shield") is left out of that reading, so each applies once (476.1).
_BUSY: set = set()


def active(game, src, params) -> bool:
    """Whether a generic instance applies now: its condition (364.3.a), if any, holds seen from its source."""
    cond = params.get("condition") if isinstance(params, dict) else None
    if cond is None:
        return True
    key = (id(src), id(params))
    if key in _BUSY:
        return False
    _BUSY.add(key)
    try:
        from judge.engine import conditions

        return conditions.holds(game, _seen(src), cond)
    finally:
        _BUSY.discard(key)


def affects(game, src, params, o) -> bool:
    """Whether `o` is an object the instance's target phrase names (its source when it names none)."""
    if isinstance(params, dict) and params.get("objs") is not None:  # fixed objects (an imposed "can't")
        return o.oid in params["objs"]
    spec = params.get("target") if isinstance(params, dict) else None
    if spec is None or spec.count == "self":
        return o is src
    from judge.engine import filters

    return filters.matches(game, _seen(src), spec.filter, o)


def victory_score(game) -> int:
    """The Victory Score now: the game's (as set up or changed by effects) plus every static change (194.3.a)."""
    return game.victory_score + sum(kind.victory_score_change(game, o, params) for o, kind, params in on_board(game))


def forbidder(game, hook: str, *args):
    """The first static-ability instance on the board, or "can't" rule an effect imposed this turn, whose
    hook forbids this, as (source, kind), or None. Can't beats can (054.1): the procedure refuses
    whatever else would allow it."""
    for o, kind, params in on_board(game):
        if not getattr(kind, hook)(game, o, params, *args) and active(game, o, params):
            return o, kind
    for o, kind, params in imposed(game):
        if not getattr(kind, hook)(game, o, params, *args):
            return o, kind
    return None


class Imposer:
    """Where a "can't" imposed by an effect comes from (the effect's controller and its source's name):
    what a static-ability hook reads as its source."""

    oid, location, zone = None, None, "effect"

    def __init__(self, controller: str, label: str):
        self.controller, self._label = controller, label

    def label(self) -> str:
        return f"{self._label} 的效果"


def imposed(game):
    """(source, kind, params) of each "can't" an effect imposed that lasts this turn."""
    for kind_id, params, controller, turn, label in getattr(game, "imposed", ()):
        kind = STATICS.get(kind_id)
        if kind is not None and turn == game.turn:
            yield Imposer(controller, label), kind, params


def next_card_applies(game, src, params, player, card) -> bool:
    """Whether an instance reaches `card`: always, unless it is a delayed passive ability for "the next <card>
    you play this turn" (391, `下一张`): then, before that card is known, to a card of that kind its
    controller is playing; once bound, to that card only (on the chain, then as it enters the board)."""
    nxt = params.get("next") if isinstance(params, dict) else None
    if nxt is None:
        return True
    if nxt.get("bound") is not None:
        oid, inc = nxt["bound"]
        return card is not None and card.oid == oid and card.incarnation in (inc, inc + 1)
    return card is not None and player == src.controller and _card_fits(game, src, params.get("target"), card)


def _card_fits(game, src, spec, card) -> bool:
    """Whether a card being played fits a "<你的 法术>"-style phrase: its type (the noun) and every word."""
    if spec is None:
        return True
    if spec.filter.noun in ("unit", "gear", "spell") and card.card.type != spec.filter.noun:
        return False
    from judge.engine.filters import FILTERS

    seen = _seen(src)
    return all((part := FILTERS.get(word)) is not None and part.test(game, seen, card, arg)
               for word, arg in spec.filter.words)


def bind_next_card(game, player: str, card) -> None:
    """`card` is being played by `player`: each waiting "the next <card> you play this turn" ability that it
    fits now applies to it alone (391); the card is the next one even if the ability changes nothing for it."""
    for src, kind, params in list(imposed(game)):
        nxt = params.get("next") if isinstance(params, dict) else None
        if nxt is None or nxt.get("bound") is not None or not next_card_applies(game, src, params, player, card):
            continue
        nxt["bound"] = (card.oid, card.incarnation)
        game.trace.add("step", f"{src.label()}（延迟被动技能“下一张{kind.display}”）作用于 {player} 打出的 {card.label()}。",
                       rules=("391",))


def extra_triggers(game, owner, what: str, facts=None) -> list:
    """(source, kind, params) once per additional time an ability of `owner` triggers for this event: each
    static ability instance on the board that says so (its source's own abilities included)."""
    out = []
    for src, kind, params in on_board(game):
        n = kind.extra_triggers(game, src, params, owner, what, facts)
        if n and active(game, src, params):
            out += [(src, kind, params)] * n
    return out
def permitter(game, hook: str, *args, with_imposed: bool = False):
    """The first static-ability instance on the board whose hook says yes to this, as (source, kind), or
    None; with `with_imposed`, also one an effect set up for this turn (it applies for the turn, unconditioned)."""
    for o, kind, params in on_board(game):
        if getattr(kind, hook)(game, o, params, *args) and active(game, o, params):
            return o, kind
    if with_imposed:
        for o, kind, params in imposed(game):
            if getattr(kind, hook)(game, o, params, *args):
                return o, kind
    return None


def assigned_last(game, unit) -> bool:
    """Whether a static ability says `unit` is assigned combat damage last (465.2.c)."""
    return any(kind.assigns_last(game, o, params, unit) and active(game, o, params) for o, kind, params in on_board(game)
               if hasattr(kind, "assigns_last"))


class AssignedLast(StaticAbility):
    """`静态 最后承担伤害 [受影响对象]`: in combat damage assignment the unit gets damage only once its
    controller's other units there have lethal damage, as a unit with [后排] does (465.2.c, 826.3)."""

    id, zh, aliases, rule = "assigned_last", ("最后承担伤害", "在战斗中最后承担伤害"), ("assigned-damage-last",), "465.2.c"

    def assigns_last(self, game, src, params, unit) -> bool:
        return unit.is_unit and affects(game, src, params, unit)


class BuffBonus(StaticAbility):
    """`静态 每个增益额外战力 N <友方 单位…>`: each buff on a unit it names gives N more Might (703: a buff gives
    +1); set up for a turn by the effect of the same name ("this turn, buffs give friendly units +1 more")."""

    id, zh, aliases, rule = "buff_bonus", ("每个增益额外战力",), ("each-buff-gives-more-might",), "703"

    def might_bonus(self, game, src, params, target) -> int:
        if not target.is_unit or target.buff <= 0 or not isinstance(params, dict) or not active(game, src, params):
            return 0
        if not _card_fits(game, src, params.get("target"), target):
            return 0
        return (params.get("value") or 0) * target.buff


class TieRecallsAll(StaticAbility):
    """`静态 平局时召回所有单位`: when a combat you attack in ends in a tie that would recall your units
    (units of different players still there in step 3d of the combat cleanup, 740.3.a), every unit at that
    battlefield is recalled instead (a replacement, 370; 466.1.a.2, 454)."""

    id, zh, aliases, rule = "tie_recalls_all", ("平局时召回所有单位",), ("a-tie-recalls-all-units",), "740.3.a"

    def recalls_all_on_tie(self, game, src, params, attacker) -> bool:
        return _ours(game, src, attacker)


def split_bonus(game, item) -> int:
    """The Bonus Damage added to the damage a Deal action of `item` splits (715.3): instances summed (714),
    those an effect set up for this turn included (a delayed passive ability for the next spell, 391)."""
    return sum(kind.split_bonus(game, o, params, item) for o, kind, params in [*on_board(game), *imposed(game)]
               if hasattr(kind, "split_bonus"))


def bonus_damage(game, item, target) -> int:
    """The Bonus Damage a Deal action of `item` gets against `target`: all instances summed (714)."""
    return sum(kind.bonus_damage(game, o, params, item, target) for o, kind, params in [*on_board(game), *imposed(game)]
               if active(game, o, params))


def granted_keywords(game, o) -> dict:
    """Keywords static abilities on the board give `o` now (477.2.a), {keyword id: value}."""
    out: dict = {}
    if o.zone != "board":
        return out
    for src, kind, params in on_board(game):
        key = (id(src), id(params), id(o))
        if key in _BUSY:
            continue
        _BUSY.add(key)
        try:
            for kw, n in kind.keywords_for(game, src, params, o).items():
                out[kw] = out.get(kw, 0) + n
        finally:
            _BUSY.discard(key)
    return out


def enters_ready(game, unit):
    """The (source, kind) of a static ability, or of one an effect set up for this turn, that makes `unit`
    enter ready, or None (359.2.c: it enters exhausted unless something says otherwise)."""
    return permitter(game, "readies_entering", unit, with_imposed=True)


def enters_exhausted(game, obj):
    """The (source, kind) of a static ability that makes the gear `obj` enter exhausted, or None (359.2.d:
    it enters ready unless something says otherwise)."""
    return permitter(game, "exhausts_entering", obj)


def _seen(src):
    from judge.engine.filters import Seen

    return Seen(src.controller, src.oid, src.location)


class _Reading:
    """What a value reads a static ability's amount from: its source (values.evaluate's `item`)."""

    def __init__(self, src):
        self.oid, self.controller = src.oid, src.controller
        self.memory = {"oid": src.oid, "location": src.location}


def amount(game, src, params, target, default: int = 1) -> int:
    value = params.get("amount") if isinstance(params, dict) else None
    if value is None:
        return default
    key = (id(src), id(params), "amount")
    if key in _BUSY:
        return 0
    _BUSY.add(key)
    try:
        from judge.engine import values

        return values.evaluate(game, _Reading(src), value, [target])
    finally:
        _BUSY.discard(key)


def _here(src) -> str | None:
    """The location a static ability's "here" names: where its source is on the board."""
    return src.location if src.zone == "board" else None


def _ours(game, src, player) -> bool:
    """Whether `player` is on the team of `src`'s controller (an uncontrolled battlefield has none, 190.6.d)."""
    return src.controller is not None and game.teams[src.controller] == game.teams[player]


def aura_applies(game, src, target, scope) -> bool:
    """Whether an aura of `src` with this scope (other / friendly / enemy / here) reaches `target`."""
    if "other" in scope and src is target:
        return False
    if "friendly" in scope and not _ours(game, src, target.controller):
        return False
    if "enemy" in scope and (src.controller is None or _ours(game, src, target.controller)):
        return False
    if "here" in scope and src.location != target.location:
        return False
    return target.is_unit


class Aura(StaticAbility):
    """`光环 其他 友方 此处 战力 +1`: a continuous Might modifier for the units its scope names."""

    id, zh, aliases, rule = "aura", ("光环",), ("aura",), "349"

    def instances(self, card):
        return list(card.auras)

    def might_bonus(self, game, src, aura, target):
        return aura.amount if aura_applies(game, src, target, aura.scope) else 0


class NoEnemyReady(StaticAbility):
    """Opponents' units can't become ready by effects; the "can't" wins (FAQ R-L95, R-L97)."""

    id, zh, aliases, rule = "no_enemy_ready", ("敌方单位不能因效果活跃",), ("enemies-cannot-ready",), "349"

    def instances(self, card):
        return [True] if card.prevents_enemy_ready else []

    def allows_ready(self, game, src, params, unit):
        return _ours(game, src, unit.controller)


class CostModifier(StaticAbility):
    """`费用修正 友方|敌方 [类型] ±N [符能 ±M]`: raises or lowers what cards cost (356.3, 356.4)."""

    id, zh, aliases, rule = "cost_mod", ("费用修正",), ("cost-mod",), "356.3"

    def instances(self, card):
        return list(getattr(card, "cost_mods", ()))

    def cost_changes(self, game, src, mod, player, card):
        if mod.card_type is not None and mod.card_type != card.card.type:
            return []
        if src.controller is None:  # an uncontrolled battlefield's "you" is no one (190.6.d)
            return []
        ours = _ours(game, src, player)
        if (mod.whose == "friendly") != ours:
            return []
        return [(part, n) for part, n in (("energy", mod.energy), ("power", mod.power)) if n]


class CannotScoreHere(StaticAbility):
    """`静态 不能在此处得分 [若 条件]`: no player can score the battlefield where its source is (a
    battlefield's "can't score here"), or only while the condition holds for the player who would score
    ("before their third turn"); the battlefield can still be conquered or held for control."""

    id, zh, aliases, rule = "no_score_here", ("不能在此处得分", "无法从此处获得分数"), ("cannot-score-here",), "054.1"

    def allows_score(self, game, src, params, player, bid):
        if bid != _here(src):
            return True
        cond = params.get("condition") if isinstance(params, dict) else None
        if cond is None:
            return False
        # "each player can't score here before their third turn": read for the player who would score
        from judge.engine import conditions
        from judge.engine.filters import Seen

        return not conditions.holds(game, Seen(player, src.oid, bid), cond)


class OpponentsCannotScore(StaticAbility):
    """`静态 对手不能得分`: its controller's opponents can't score (conquer or hold for a point)."""

    id, zh, aliases, rule = "opponents_cannot_score", ("对手不能得分", "对手无法得分"), ("opponents-cannot-score",), "054.1"

    def allows_score(self, game, src, params, player, bid):
        return _ours(game, src, player)


class OpponentsCannotGainPoints(StaticAbility):
    """`静态 对手不能获得分数`: its controller's opponents can't gain points from any source."""

    id, zh, aliases, rule = ("opponents_cannot_gain_points", ("对手不能获得分数", "对手无法获得分数"),
                             ("opponents-cannot-gain-points",), "054.1")

    def allows_gain_points(self, game, src, params, player):
        return _ours(game, src, player)


class EnemiesCannotTarget(StaticAbility):
    """`静态 不能被敌方选作目标 [受影响对象]`: enemy spells and abilities can't choose the objects it names
    (default its source); their own player's and teammates' can."""

    id, zh, aliases, rule = ("untargetable_by_enemies", ("不能被敌方选作目标", "无法被敌方法术和技能选作目标"),
                             ("untargetable-by-enemies",), "054.1")

    def allows_target(self, game, src, params, chooser, target):
        return not affects(game, src, params, target) or _ours(game, target, chooser)


class CannotMove(StaticAbility):
    """`静态 不能移动 [受影响对象]`: the units it names can't move (standard move or effect; a recall is
    not a move, 454)."""

    id, zh, aliases, rule = "cannot_move", ("不能移动", "无法移动"), ("cannot-move",), "054.1"

    def allows_move(self, game, src, params, unit, dest):
        return not affects(game, src, params, unit)


class CannotMoveToBase(StaticAbility):
    """`静态 不能移动到基地 [受影响对象]`: the units it names can't move to a base (they can still be
    recalled, 454); `所有 单位` for every unit."""

    id, zh, aliases, rule = "cannot_move_to_base", ("不能移动到基地", "无法移动到基地"), ("cannot-move-to-base",), "054.1"

    def allows_move(self, game, src, params, unit, dest):
        return dest != "base" or not affects(game, src, params, unit)


class MoveHereFromAnywhere(StaticAbility):
    """`静态 可从任意位置移动到此处`: a unit may use its standard move to come to the battlefield where its
    source is from another battlefield too, as if it had Ganking for that move (144.4, 810.1.c)."""

    id, zh, aliases, rule = "move_here_from_anywhere", ("可从任意位置移动到此处", "可从任意位置移到此处"), \
        ("units-may-move-here-from-anywhere",), "144.4"

    def permits_move_between(self, game, src, params, unit, dest):
        return dest == _here(src) and unit.is_unit


class BonusDamageHere(StaticAbility):
    """`静态 目标伤害加成 N`: a spell or ability that targets a unit where the source is deals N more
    damage to each such unit it targets (Bonus Damage, 417.5, 714.1); combat damage is not a spell's."""

    id, zh, aliases, rule = "bonus_damage_here", ("目标伤害加成", "此处目标伤害加成"), ("bonus-damage-here",), "417.5"

    def bonus_damage(self, game, src, params, item, target):
        if getattr(item, "kind", None) not in ("card", "ability", "trigger") or target.location != _here(src):
            return 0
        if (target.oid, target.incarnation) not in [tuple(t) for t in getattr(item, "targets", ())]:
            return 0
        return max(0, params.get("value") or 0)


class YourBonusDamage(StaticAbility):
    """`静态 你的伤害加成 N`: each Deal action of a spell or an ability its controller controls deals N
    Bonus Damage (417.5, 714): to each target separately (715.2), or added to damage it splits (715.3);
    combat damage is not dealt by a spell or an ability."""

    id, zh, aliases, rule = "your_bonus_damage", ("你的伤害加成",), ("your-bonus-damage",), "417.5"
    next_card = True  # may be the delayed passive ability of "the next <card> you play this turn" (391)

    def bonus_damage(self, game, src, params, item, target):
        return self.split_bonus(game, src, params, item)

    def split_bonus(self, game, src, params, item) -> int:
        if getattr(item, "kind", None) not in ("card", "ability", "trigger") or item.controller != src.controller:
            return 0
        if params.get("next") is not None and (item.kind != "card" or not next_card_applies(
                game, src, params, item.controller, game.objects.get(item.oid))):
            return 0  # a delayed passive ability for the next spell: that spell only (391)
        return max(0, params.get("value") or 0)


class EquipCostLessByMight(StaticAbility):
    """`静态 装配费用减少所选单位战力`: its Equip ability costs as much less energy as the chosen unit has Might
    ("this ability's energy cost is reduced by the chosen unit's Might", 818.1.c.4), never below zero (356.6)."""

    id, zh, aliases, rule = "equip_less_by_might", ("装配费用减少所选单位战力",), ("equip-costs-less-by-its-might",), \
        "818.1.c.4"

    def ability_cost_changes(self, game, src, params, ab, chosen) -> list:
        from judge.engine.layers import might

        if ab.keyword != "equip" or not chosen:
            return []
        cut = min(max(0, might(game, chosen[0])), ab.energy)
        return [(f"减费（装配费用减少 {chosen[0].label()} 的战力）", -cut)] if cut else []


class RepeatCostLess(StaticAbility):
    """`静态 回响费用减少 N`: when its controller (or a teammate) plays a card paying its [Repeat] cost,
    that cost is N energy less — never more than the Repeat cost's own energy (356.4, 820)."""

    id, zh, aliases, rule = "repeat_cost_less", ("回响费用减少",), ("repeat-costs-less",), "356.4"

    def paid_keyword_cost_changes(self, game, src, params, player, card, paid):
        if "repeat" not in paid or not _ours(game, src, player):
            return []
        cut = min(params.get("value") or 0, int(card.has("repeat", game) or 0))
        return [("energy", -cut)] if cut > 0 else []


class CannotReady(StaticAbility):
    """`静态 不能变为活跃 [受影响对象]`: the units it names can't become ready, by effects or in the awaken
    step (415.3.a readies only what is able to be readied)."""

    id, zh, aliases, rule = "cannot_ready", ("不能变为活跃", "无法变为活跃状态"), ("cannot-ready",), "054.1"

    def allows_ready(self, game, src, params, unit):
        return not affects(game, src, params, unit)

    def allows_awaken(self, game, src, params, unit):
        return not affects(game, src, params, unit)


class OpponentsCannotPlayFacedownHere(StaticAbility):
    """`静态 对手不能在此处翻开打出`: its controller's opponents can't play their facedown (待命) cards at the
    battlefield where its source is (811.1.b is the play this forbids)."""

    id, zh, aliases, rule = ("opponents_cannot_play_facedown_here", ("对手不能在此处翻开打出", "对手的待命牌不能在此处打出"),
                             ("opponents-cannot-play-facedown-here",), "054.1")

    def allows_play_facedown(self, game, src, params, player, bid):
        return _ours(game, src, player) or bid != _here(src)


class ExtraFacedownHere(StaticAbility):
    """`静态 此处可额外待命`: the facedown zone of the battlefield where its source is holds one more card
    (its maximum occupancy increases, 107.3.b.1): its controller may hide an additional card there."""

    id, zh, aliases, rule = "extra_facedown_here", ("此处可额外待命", "此处可额外布置待命卡牌"), ("extra-facedown-here",), \
        "107.3.b.1"

    def facedown_room(self, game, src, params, bid):
        return 1 if bid == _here(src) and active(game, src, params) else 0


class NoCombatDamage(StaticAbility):
    """`静态 不能造成战斗伤害 [受影响对象]`: the units it names count 0 in their side's combat damage
    total (465.2.a/465.2.b); they still take part in the combat."""

    id, zh, aliases, rule = ("no_combat_damage", ("不能造成战斗伤害", "无法造成战斗伤害"), ("cannot-deal-combat-damage",),
                             "054.1")

    def allows_combat_damage(self, game, src, params, unit):
        return not affects(game, src, params, unit)


class MightStatic(StaticAbility):
    """`静态 战力 +N [受影响对象] [若 条件]`: the objects it names have +N (or -N) Might, applied in the
    arithmetic layer (477.3.a: increases before decreases makes no difference to a sum) while the
    source is on the board and its condition holds. N may be a count (`每 友方 装备`)."""

    id, zh, aliases, rule = "might_static", ("战力",), ("might",), "477.3.a"

    def might_bonus(self, game, src, params, target):
        if not target.is_unit or not affects(game, src, params, target) or not active(game, src, params):
            return 0
        return amount(game, src, params, target, 0)


class GrantKeyword(StaticAbility):
    """`静态 获得关键词 <关键词> [N] [受影响对象] [若 条件]`: the objects it names have the keyword (with
    value N, default 1) while the source is on the board and its condition holds (477.2.a)."""

    id, zh, aliases, rule, arg = "grant_keyword", ("获得关键词",), ("has-keyword",), "477.2.a", "keyword"

    def keywords_for(self, game, src, params, target):
        if not affects(game, src, params, target) or not active(game, src, params):
            return {}
        n = amount(game, src, params, target, 1)  # a counted value may be 0: no keyword then
        return {params["keyword"]: n} if n > 0 else {}


class SaveFromDeath(StaticAbility):
    """`静态 死亡时改为拯救 <受影响对象>`: if a unit it names would die, instead its damage is removed, it is
    exhausted and recalled (a replacement effect, 370.1.b; the same result as 拯救), while the source is on
    the board and the unit fits the phrase as the death would happen ("another unit you control here
    with less Might than me")."""

    id, zh, aliases, rule = "save_from_death", ("死亡时改为拯救",), ("saves-instead-of-dying",), "370.1.b"

    def saves_from_death(self, game, src, params, unit) -> bool:
        return unit.is_unit and affects(game, src, params, unit) and active(game, src, params)


def death_savers(game, unit) -> list:
    """(source, kind, params) of the static abilities that may replace `unit`'s death now (370.1.b)."""
    return [(src, kind, params) for src, kind, params in on_board(game) if kind.saves_from_death(game, src, params, unit)]


class ExtraProduce(StaticAbility):
    """`静态 获得资源额外产生 N <受影响对象> [若 条件]`: an Add ability (429) whose source is one the phrase names
    ("your Gold tokens") also adds N energy as it resolves, while this source is on the board and its
    condition holds (the Gold token is gone by then: it is matched as it last was)."""

    id, zh, aliases, rule = "extra_produce", ("获得资源额外产生",), ("adds-more",), "429.1"

    def extra_energy(self, game, src, params, source_obj) -> int:
        spec = params.get("target") if isinstance(params, dict) else None
        if source_obj is None or spec is None or not active(game, src, params):
            return 0
        from judge.engine.filters import FILTERS

        flt, seen = spec.filter, _seen(src)  # the source as it last was: its type, name and controller
        if flt.noun not in ("card", "object", source_obj.card.type) or not all(
                (part := FILTERS.get(w)) is not None and part.test(game, seen, source_obj, a) for w, a in flt.words):
            return 0
        return params.get("value") or 0


def extra_energy(game, source_obj) -> list:
    """(source, N) for each static ability making the Add ability of `source_obj` add N more energy."""
    out = []
    for src, kind, params in on_board(game):
        n = kind.extra_energy(game, src, params, source_obj) if hasattr(kind, "extra_energy") else 0
        if n:
            out.append((src, n))
    return out


class EnterReady(StaticAbility):
    """`静态 活跃进场 [受影响对象] [若 条件]`: the units (or tokens) it names enter the board ready (359.2.c says
    exhausted otherwise); a unit's own "I enter ready" applies as it enters (its condition checked then)."""

    id, zh, aliases, rule = "enter_ready", ("活跃进场", "以活跃状态进场"), ("enters-ready",), "364.3.a"
    next_card = True  # may be the delayed passive ability of "the next <card> you play this turn" (391)

    def imposed_text(self, names: str) -> str:
        return f"{names} 打出的单位以活跃状态进场"

    def readies_entering(self, game, src, params, unit):
        players = params.get("players") if isinstance(params, dict) else None
        if players is not None:  # set up by an effect for a turn: "units you play this turn enter ready"
            return unit.is_unit and unit.controller in players and next_card_applies(game, src, params, unit.controller, unit)
        return (unit.is_unit or unit.token) and affects(game, src, params, unit)  # a gear token too (364.3.a)


class DoubleEquipmentBonus(StaticAbility):
    """`静态 武装加成翻倍`: each Equipment (gear with the 武装 tag, 150.1) attached to the source gives its
    Might bonus twice: the source has that bonus once more (the bonus applies while attached, 716)."""

    id, zh, aliases, rule = "double_equipment_bonus", ("武装加成翻倍",), ("double-equipment-bonus",), "716"

    def might_bonus(self, game, src, params, target):
        if target is not src or not active(game, src, params):
            return 0
        return sum(g.card.might_bonus for g in game.attachments(src.oid) if "武装" in g.card.tags)


class Discount(StaticAbility):
    """`静态 法力费用减少 N <你的 …卡牌> [最低 M] [若 条件]`: the cards it names cost N less Energy when
    the source's controller plays them, while the source is on the board and its condition holds
    (356.4); with `最低 M` this discount stops at M, whatever the others do (356.4.e)."""

    id, zh, aliases, rule = "discount", ("法力费用减少",), ("energy-costs-less",), "356.4"
    next_card = True  # may be the delayed passive ability of "the next <card> you play this turn" (391)

    sign = -1

    def cost_changes(self, game, src, params, player, card):
        spec = params.get("target") if isinstance(params, dict) else None
        if spec is None or not active(game, src, params) or not self._plays(game, src, spec, player):
            return []
        if not next_card_applies(game, src, params, player, card):
            return []
        if spec.filter.noun in ("unit", "gear", "spell") and card.card.type != spec.filter.noun:
            return []
        from judge.engine.filters import FILTERS

        seen = _seen(src)
        if not all((part := FILTERS.get(word)) is not None and part.test(game, seen, card, arg)
                   for word, arg in spec.filter.words):
            return []
        n, p = amount(game, src, params, card, 0), params.get("power") or 0
        return [(part, self.sign * k) for part, k in (("energy", n), ("power", p)) if k > 0]

    def _plays(self, game, src, spec, player) -> bool:
        """Whose plays it changes: "friendly" cards are its controller's team's (740.1.a), else its controller's."""
        words = {w for w, _arg in spec.filter.words}
        return _ours(game, src, player) if "friendly" in words else src.controller == player

    def cost_floor(self, params):
        return params.get("floor") if isinstance(params, dict) else None


class Surcharge(Discount):
    """`静态 费用增加 N [符能 M] <…卡牌> [若 条件]`: the cards it names ("enemy spells") cost N more Energy
    (and M more Power) whoever plays them, while the source is on the board and its condition holds (356.3)."""

    id, zh, aliases, rule = "surcharge", ("费用增加",), ("costs-more",), "356.3"
    sign = 1

    def _plays(self, game, src, spec, player) -> bool:
        return True  # the target phrase says whose cards (敌方: the source's opponents')

    def cost_floor(self, params):
        return None


class SelfDiscount(StaticAbility):
    """`静态 此牌费用减少 <数值> [若 条件]`: the card being played costs that much less Energy (356.4.a: a
    card may discount itself), read as it is played; with a condition, only while the condition holds
    for the player playing it."""

    id, zh, aliases, rule = "self_discount", ("此牌费用减少", "自身费用减少"), ("costs-less",), "356.4.a"

    def cost_floor(self, params):  # `最低 M`: "to a minimum of M" (356.4.e)
        return params.get("floor") if isinstance(params, dict) else None

    def own_cost_changes(self, game, card, params, player, targets=()):
        from types import SimpleNamespace

        from judge.engine import conditions, values
        from judge.engine.filters import Seen

        cond = params.get("condition")
        if cond is not None and not conditions.holds(game, Seen(player, card.oid, None, objs=tuple(targets)), cond):
            return []
        amount = params.get("amount")
        n = values.evaluate(game, SimpleNamespace(controller=player, memory={}, oid=card.oid), amount, []) \
            if amount is not None else 0
        return [(self.part, -n)] if n > 0 else []

    part = "energy"


class SelfPowerDiscount(SelfDiscount):
    """`静态 此牌符能费用减少 <数值> [若 条件]`: the same for the Power part of its own cost (356.4.a), one
    point of its own domain per point ("reduce my cost by [G]", a Level's discount)."""

    id, zh, aliases, rule = "self_power_discount", ("此牌符能费用减少", "自身符能费用减少"), ("power-costs-less",), "356.4.a"
    part = "power"


class EnterExhausted(StaticAbility):
    """`静态 休眠进场`: the gear enters the board exhausted (359.2.d says ready otherwise); "this enters
    exhausted" applies as it enters (its passive abilities are active by then)."""

    id, zh, aliases, rule = "enter_exhausted", ("休眠进场", "以休眠状态进场"), ("enters-exhausted",), "359.2.d"

    def exhausts_entering(self, game, src, params, obj):
        return not obj.is_unit and affects(game, src, params, obj)


class VictoryScoreChange(StaticAbility):
    """`静态 胜利得分 +N`: while its source is on the board, the points needed to win change by N (194.3.a)."""

    id, zh, aliases, rule = "victory_score_change", ("胜利得分", "赢得游戏所需的分数"), ("victory-score-change",), "194.3.a"

    def victory_score_change(self, game, src, params):
        return params.get("value") or 0


class CannotPlayHere(StaticAbility):
    """`静态 单位不能被打出到此处`: no unit can be played to the battlefield where its source is, whatever
    would allow it (054.1; valid locations, 355.2)."""

    id, zh, aliases, rule = "no_play_here", ("单位不能被打出到此处", "单位无法被打出到此处"), ("units-cannot-be-played-here",), "054.1"

    def allows_play_to(self, game, src, params, player, card, dest):
        return dest != _here(src) or card.card.type != "unit"


class OpponentsPlayUnitsOnlyToBase(StaticAbility):
    """`静态 对手只能把单位打出到基地 [若 …]`: its controller's opponents can't play units to any
    battlefield, whatever would allow it (054.1; valid locations, 355.2)."""

    id, zh, aliases, rule = ("opponents_units_to_base", ("对手只能把单位打出到基地", "对手只能将单位打出到其基地"),
                             ("opponents-play-units-only-to-base",), "054.1")

    def allows_play_to(self, game, src, params, player, card, dest):
        return _ours(game, src, player) or card.card.type != "unit" or dest in (None, "base")


class CannotBeReadiedByEffects(StaticAbility):
    """`静态 不能因效果变为活跃 <受影响对象> [若 …]`: what it names can't become ready through a spell's or
    an ability's effect (054.1: can't beats can); the awaken step still readies it (315.1.b)."""

    id, zh, aliases, rule = ("cannot_ready_by_effects", ("不能因效果变为活跃", "无法因法术或技能效果变为活跃"),
                             ("cannot-be-readied-by-effects",), "054.1")

    def allows_ready(self, game, src, params, unit):
        return not (affects(game, src, params, unit) and active(game, src, params))


class CannotBeDamaged(StaticAbility):
    """`静态 不会受到伤害 [受影响对象] [若 …]`: damage that would be dealt or assigned to what it names
    is not dealt (as an effect's "can't be damaged"; FAQ R-L83) while its condition holds."""

    id, zh, aliases, rule = "cannot_be_damaged", ("不会受到伤害", "免疫伤害"), ("cannot-be-damaged",), "054.1"

    def allows_damage(self, game, src, params, unit):
        return not affects(game, src, params, unit)


class AnyDamageLethal(StaticAbility):
    """`静态 任意伤害均致命 [受影响对象]` (its controller's damage kills enemy units whatever the amount): for
    the units it names that are enemies of its controller, damage that controller marked on them is
    lethal in any amount, and in combat any amount that player assigns to them is lethal (142.4.c)."""

    id, zh, aliases, rule = "any_damage_lethal", ("任意伤害均致命", "你的任意数量伤害均足以摧毁"), \
        ("any-damage-is-lethal",), "142.4.c"

    def lethal_from(self, game, src, params, player, unit) -> bool:
        return (src.controller is not None and game.teams[src.controller] == game.teams[player]
                and unit.controller is not None and game.teams[unit.controller] != game.teams[player]
                and (params.get("target") is None or affects(game, src, params, unit)))


def any_damage_lethal(game, player, unit) -> bool:
    """Whether any amount of damage `player` deals to `unit` is lethal (142.4.c): a static ability says so."""
    return any(kind.lethal_from(game, o, params, player, unit) and active(game, o, params)
               for o, kind, params in on_board(game) if hasattr(kind, "lethal_from"))


class SaveInCombat(StaticAbility):
    """`静态 战斗中将死亡时可支付改为拯救 [N] [符能 M] <受影响对象>` ("if a unit here would die in combat,
    its controller may pay [A][A][A] to instead heal it, exhaust it and recall it"): a replacement effect
    (370.1.b) on the death of a unit it names while that unit is in combat (740.2.c); the unit's
    controller decides and pays (judge.engine.abilities.replacement)."""

    id, zh, aliases, rule = "save_in_combat", ("战斗中将死亡时可支付改为拯救",), ("may-pay-to-save-in-combat",), \
        "370.1.b"
    paid_save = True  # its controller may pay for it (judge.engine.abilities.replacement)

    def saves_from_death(self, game, src, params, unit) -> bool:
        cb = game.combat
        return (unit.is_unit and unit.designation is not None and cb is not None and cb.battlefield == unit.location
                and affects(game, src, params, unit) and active(game, src, params))


class MayLookAtFacedown(StaticAbility):
    """`静态 可查看待命牌` ("you may look at your opponents' facedown cards"), or set up by an effect for a turn
    (`可查看待命牌 本回合`, "this turn you may look at that opponent's facedown cards"): a player allowed to look
    at the face of facedown cards other players control, which are otherwise private to their controller (128.4)."""

    id, zh, aliases, rule = "may_look_facedown", ("可查看待命牌",), ("may-look-at-facedown-cards",), "128.4"

    def imposed_text(self, names: str) -> str:
        return f"{names} 可以查看对方正面朝下的卡牌"

    def allows_look_facedown(self, game, src, params, viewer, card) -> bool:
        if card.controller is None or game.teams[card.controller] == game.teams[viewer]:
            return False
        players = params.get("players") if isinstance(params, dict) else None
        if players is not None:  # set up by an effect: who may look, at whose cards
            return viewer in players and card.controller in params.get("of", ())
        return _ours(game, src, viewer)


def may_look_at_facedown(game, viewer: str, card):
    """The (source, kind) that lets `viewer` look at the facedown `card` another player controls (128.4), or None."""
    return permitter(game, "allows_look_facedown", viewer, card, with_imposed=True)


class TokenAndCopy(StaticAbility):
    """`静态 打出指示物单位时可改为连同复制体一起打出 [若 条件]` (a token unit its controller plays may
    come with a copy of it, once per turn): a replacement effect its controller may apply once each
    turn (371.1, 371.2), read as tokens are played (439.2; card text plays tokens)."""

    id, zh, aliases, rule = ("token_and_copy", ("打出指示物单位时可改为连同复制体一起打出",),
                             ("may-play-a-token-unit-and-a-copy",), "371.1")

    def copies_played_token(self, game, src, params, player, card) -> bool:
        return (card.type == "unit" and src.controller == player and (src.oid, self.id, game.turn) not in game.abilities_used
                and active(game, src, params))


def token_copy_source(game, player: str, card):
    """The static ability source that may replace `player` playing the token unit `card` with playing it and a
    copy (371.1), or None."""
    return next((o for o, kind, params in on_board(game) if kind.copies_played_token(game, o, params, player, card)),
                None)


class ManyBuffs(StaticAbility):
    """`静态 可以拥有任意数量的增益 [受影响对象]`: what it names may have any number of buffs instead of
    at most one (702.2.a places a buff; each is spent one at a time, 702.2.b)."""

    id, zh, aliases, rule = "many_buffs", ("可以拥有任意数量的增益", "增益数量不限"), ("any-number-of-buffs",), "702.2.a"

    def allows_many_buffs(self, game, src, params, unit):
        return affects(game, src, params, unit) and active(game, src, params)


def cannot_be_damaged(game, unit) -> bool:
    """Whether a static ability on the board says `unit` can't be damaged now (can't beats can, 054.1)."""
    return forbidder(game, "allows_damage", unit) is not None


def effect_damage_prevented(game, unit):
    """The (source, kind) of a static ability on the board, or one an effect set up for this turn, that
    prevents the damage spells and abilities would deal to `unit` (437.1), or None."""
    return permitter(game, "prevents_effect_damage", unit, with_imposed=True)


class PreventEffectDamage(StaticAbility):
    """`抵挡法术和技能伤害`: all damage that spells and abilities would deal (to the objects it names, else
    to every unit) is prevented (437.1); set up for a turn with `施加限制 抵挡法术和技能伤害 本回合`.
    Combat damage is not dealt by a spell or an ability and still happens."""

    id, zh, aliases, rule = "prevent_effect_damage", ("抵挡法术和技能伤害",), ("prevent-spell-and-ability-damage",), "437.1"

    def imposed_text(self, names: str) -> str:
        return f"法术和技能对{names or '所有单位'}造成的伤害全部被抵挡（战斗伤害不受影响）"

    def prevents_effect_damage(self, game, src, params, unit):
        objs = params.get("objs") if isinstance(params, dict) else None
        return objs is None or unit.oid in objs


def may_have_many_buffs(game, unit) -> bool:
    return any(kind.allows_many_buffs(game, o, params, unit) for o, kind, params in on_board(game))


def _players(game, src, params) -> set:
    """The players a "can't play" names: those an imposing effect fixed, else its source controller's
    opponents (a card's own "opponents can't …")."""
    fixed = params.get("players") if isinstance(params, dict) else None
    if fixed is not None:
        return set(fixed)
    return {p for p in game.players if src.controller is not None and not _ours(game, src, p)}


class CannotPlayCards(StaticAbility):
    """`不能打出卡牌`: the players it names can't play cards (default: its controller's opponents);
    imposed by an effect for this turn with `施加限制 不能打出卡牌 对手 本回合`."""

    id, zh, aliases, rule = "cannot_play_cards", ("不能打出卡牌", "无法打出卡牌"), ("cannot-play-cards",), "054.1"

    def allows_play(self, game, src, params, player, card):
        return player not in _players(game, src, params)


class CannotPlaySpells(StaticAbility):
    """`不能打出法术`: the players it names can't play spells (default: its controller's opponents)."""

    id, zh, aliases, rule = "cannot_play_spells", ("不能打出法术", "无法打出法术"), ("cannot-play-spells",), "054.1"

    def allows_play(self, game, src, params, player, card):
        return card.card.type != "spell" or player not in _players(game, src, params)


class ExtraDeathknell(StaticAbility):
    """`静态 绝念额外触发`: each Deathknell (808) of its controller's units triggers one additional time;
    written `可以`, the additional one is optional (its controller may decline it as it resolves)."""

    id, zh, aliases, rule = "extra_deathknell", ("绝念额外触发", "绝念效果额外触发一次"), ("deathknell-triggers-again",), "808"

    def extra_triggers(self, game, src, params, owner, what, facts):
        return 1 if what == "deathknell" and _ours(game, src, owner.controller) else 0


class ExtraScoreHere(StaticAbility):
    """`静态 此处征服额外触发` / `此处据守额外触发`: when its controller conquers (383.4.c) or holds (383.4.d) the
    battlefield where its source is, each of their conquer / hold abilities triggers one additional time."""

    rule = "383.4.c"
    event = "conquer"

    def extra_triggers(self, game, src, params, owner, what, facts):
        if facts is None or what != self.event or src.zone != "board":
            return 0
        mine = src.controller is not None and facts.player is not None and _ours(game, src, facts.player)
        return 1 if mine and facts.battlefield == _here(src) and _ours(game, src, owner.controller) else 0


class ExtraConquerHere(ExtraScoreHere):
    id, zh, aliases, rule, event = ("extra_conquer_here", ("此处征服额外触发",),
                                    ("conquer-here-triggers-again",), "383.4.c", "conquer")


class NoTemporaryHere(StaticAbility):
    """`静态 此处瞬息不触发`: the [Temporary] abilities (816.1.b) of permanents its controller controls at the
    source's battlefield don't trigger while the source is there (054.1: a "can't" on a trigger)."""

    id, zh, aliases, rule = ("no_temporary_here", ("此处瞬息不触发", "你在此处的瞬息效果不会触发"),
                             ("your-temporary-here-does-not-trigger",), "816.1.b")

    def allows_keyword_trigger(self, game, src, params, obj, keyword):
        return not (keyword == "temporary" and src.location in game.battlefields and obj.location == src.location
                    and obj.controller == src.controller)


class ExtraHoldHere(ExtraScoreHere):
    id, zh, aliases, rule, event = ("extra_hold_here", ("此处据守额外触发",),
                                    ("hold-here-triggers-again",), "383.4.d", "hold")


class LookBeforeReveal(StaticAbility):
    """`静态 展示牌堆前先查看顶牌`: when its controller would reveal cards of their main deck, they first look at
    the top card and may recycle it (scripted `甲 选择目标 <此牌> -> <那张牌>`; kept by default), then the reveal
    goes on with the cards then on top — a replacement effect applied before the reveal (369.1, 370.1.c)."""

    id, zh, aliases, rule = ("look_before_reveal", ("展示牌堆前先查看顶牌", "展示牌堆前查看顶牌并可回收"),
                             ("look-at-the-top-card-before-revealing",), "370.1.c")

    def before_deck_reveal(self, game, src, params, player, who, choose):
        deck = game.players[player].zones["deck"]
        if src.controller != player or not deck:
            return
        top = game.objects[deck[0]]
        game.trace.add("step", f"{src.label()} 的静态技能：{player} 展示主牌堆的牌之前，先查看顶部的 {top.label()}"
                       f"（只有 {player} 知道）。", rules=("370.1.c", "431.1.c"))
        picked = choose(src) or []
        if top.oid in picked:  # recycled: to the bottom of the main deck (416.1)
            deck.remove(top.oid)
            deck.append(top.oid)
            game.trace.add("change", f"{src.label()} 的静态技能：{player} 回收 {top.label()}（置于主牌堆底）。",
                           rules=("416.1",))
        else:
            game.trace.add("step", f"{src.label()} 的静态技能：{player} 不回收 {top.label()}，继续展示。", rules=("370.1.c",))


def before_deck_reveal(game, player: str, who: str, choose) -> None:
    """Replacement effects that act first when `player` would reveal cards of their main deck (370.1.c);
    `choose(src)` reads the player's scripted choice for the source `src`."""
    for src, kind, params in list(on_board(game)):
        if active(game, src, params):
            kind.before_deck_reveal(game, src, params, player, who, choose)
