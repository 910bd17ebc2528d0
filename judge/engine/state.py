"""The game state: objects, players, battlefields, turn, showdown/combat and the pending chain.

Plain data with small queries. Procedures live in the chapter modules (zones, movement, cleanup,
combat, scoring, turn); they mutate this state and append trace events.
"""

from __future__ import annotations

from judge.recordtype import field, record

from judge.engine import vocab
from judge.engine.cards import CardDef
from judge.trace.events import Trace

BOARD = "board"
NON_BOARD_ZONES = ("hand", "deck", "rune_deck", "trash", "banishment", "champion", "legend")
# Zones whose objects' passive, triggered and activated abilities work: the board (365.1, 380, 384.1)
# and the legend zone, whose legend is a game object with all three kinds of ability (174, 174.6-174.8).
ABILITY_ZONES = ("board", "legend")
# Zones a player plays cards from by default: the hand and the champion zone (419.1.a, 108.3.d).
PLAY_ZONES = ("hand", "champion")
# Chinese display names of zones and phases (the vocabulary module holds every term)
ZONE_NAMES = vocab.names(vocab.ZONES)
PHASE_NAMES = vocab.names(vocab.PHASES)


@record
class Modifier:
    """A change an effect makes to a unit on the board, lasting until end of turn unless
    `until_end_of_turn` is False (then while the unit stays on the board): a Might change
    (`修改战力`), a keyword granted or removed (801.3), "can't be damaged", a Prevent Value (437)."""

    amount: int = 0
    until_end_of_turn: bool = True
    keyword: str | None = None
    keyword_n: int = 0  # > 0: the keyword is granted with this value; 0: it is removed
    no_damage: bool = False
    prevent: int = 0  # remaining Prevent Value; -1 = all damage (437.1.b.1.b)
    prevent_next: bool = False  # "the next time it would be dealt damage, prevent it": one damage event, then gone
    source: object = None  # "while <source> is on the board": the GameObject it lasts for, if any
    source_inc: int = 0
    this_combat: bool = False  # "this combat": ends when the combat it was made in ends (466.7.c)
    tag: str | None = None  # a tag the object gains (trait-altering, 477.1.a)

    def lapsed(self) -> bool:
        """A 'while' effect ends the moment its source leaves the board (a new object, 119)."""
        src = self.source
        return src is not None and (src.zone != "board" or src.incarnation != self.source_inc)


@record
class GameObject:
    """A card or token in a zone, with its controller, location and status."""

    oid: str
    card: CardDef
    owner: str
    controller: str
    zone: str  # board | hand | deck | rune_deck | trash | banishment | champion | legend | facedown
    location: str | None = None  # on board: "base" or a battlefield id; facedown: battlefield id
    damage: int = 0
    exhausted: bool = False
    buff: int = 0
    stunned: bool = False
    token: bool = False
    cannot_be_damaged: bool = False
    keywords: dict[str, int] = field(default_factory=dict)
    modifiers: list[Modifier] = field(default_factory=list)
    base_might: int | None = None
    designation: str | None = None  # attacker | defender
    incarnation: int = 0  # a zone change makes a new object (119); bumped each time
    hidden_turn: int | None = None
    attached_to: str | None = None  # gear: the unit it is attached to (716)
    paid_optional: bool = False  # its optional additional cost was paid when it was last played (356.2.b.1)
    played_from: str | None = None  # the zone it was last played from: hand, champion, facedown (419.1.a)
    then_recycle: bool = False  # played by "play it, then recycle it": recycled as it leaves the chain (390.3.a)
    paid_energy: int = 0  # the energy paid for it when it was last played (356: its total cost's energy)
    declared_tag: str | None = None  # the tag named as it was last played ("as you play this, name a tag", 355.1)
    # noted as it last left the board, for instructions that refer to it afterwards ("equal to the killed
    # unit's Might", "if it was a friendly unit"; 808.1.d.3): its Might and its controller then
    last_might: int | None = None
    last_controller: str | None = None
    damaged_by: set = field(default_factory=set)  # players whose damage is marked on it (142.4.c)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def is_unit(self) -> bool:
        return self.card.type == "unit"

    def has(self, keyword: str, game=None, granted: dict | None = None) -> int:
        """The keyword's value on the object (0: it lacks it): printed, set, given by static abilities
        (with `game`, or their `granted` keywords already read; 477.2.a) and by effects (801.3)."""
        if granted is None and game is not None and self.zone == "board":
            from judge.engine.statics import granted_keywords

            granted = granted_keywords(game, self)
        n = self.keywords.get(keyword, 0) + self.card.keywords.get(keyword, 0) + (granted or {}).get(keyword, 0)
        for mod in self.modifiers:
            if mod.keyword == keyword and not mod.lapsed():
                n = n + mod.keyword_n if mod.keyword_n > 0 else 0  # the latest grant or removal wins
        return n

    @property
    def tags(self) -> list[str]:
        """Its printed tags and those effects gave it (477.1.a), while they last."""
        gained = [m.tag for m in self.modifiers if m.tag and not m.lapsed() and m.tag not in self.card.tags]
        return list(self.card.tags) + list(dict.fromkeys(gained))

    def immune_to_damage(self) -> bool:
        """"Can't be damaged": printed, set in the scenario, or given by an effect."""
        return self.cannot_be_damaged or self.card.cannot_be_damaged or any(m.no_damage and not m.lapsed() for m in self.modifiers)

    def label(self) -> str:
        return self.oid if self.oid.split("#")[0] == self.card.name else f"{self.oid}（{self.card.name}）"


@record
class Battlefield:
    """A battlefield: controller, contest and staged showdown or combat."""

    bid: str
    name: str
    controller: str | None = None
    contested_by: str | None = None
    showdown_staged: bool = False
    combat_staged: bool = False
    facedown: str | None = None  # oid of the facedown card
    scored_this_turn: set = field(default_factory=set)
    conquered_this_turn: set = field(default_factory=set)  # players who conquered it this turn (469.1)
    held_by_ally: set = field(default_factory=set)  # 2v2: teams barred from scoring this turn (SC7)
    replaced: tuple | None = None  # (name, owner) of the card the token here replaced, kept for a swap back (438.7)

    def label(self) -> str:
        return self.bid if self.name == self.bid else f"{self.bid}（{self.name}）"


@record
class Player:
    """A player: team, rune pool (energy and power), zones and experience."""

    name: str
    team: str
    energy: int = 0
    power: int = 0
    power_domains: list[str] = field(default_factory=list)  # domains of the first pool power points (costs.pool_units)
    # pool resources usable only to play one card type ("add [2], use only to play spells"): type -> [energy, power]
    reserved: dict[str, list[int]] = field(default_factory=dict)
    zones: dict[str, list[str]] = field(default_factory=lambda: {z: [] for z in NON_BOARD_ZONES})
    xp: int = 0  # 经验 (XP): per player, read by [等级] (keywords.level)
    xp_gained_turn: int | None = None  # the turn this player last gained XP ("if you gained XP this turn")
    hold_points: tuple[int, int] = (0, 0)  # (turn, points gained by holding that turn, 469.2)
    power_spent: tuple[int, int] = (0, 0)  # (turn, power paid in costs that turn): "if you've spent [A][A] this turn"
    # the name of the card chosen for the Chosen Champion slot: every champion unit of that name is the
    # player's Chosen Champion (103.2.a.3); known from the card put in the champion zone at setup (112)
    chosen_champion: str | None = None


@record
class Showdown:
    """An open showdown at a battlefield: who has focus, how many passed."""

    battlefield: str
    combat: bool
    focus: str
    passes: int = 0
    # started by the cleanup after a chain's last item resolved, before that chain closed: its focus
    # is the one the showdown rules name and the chain's closing does not pass it on
    began_at_chain_close: bool = False


@record
class Combat:
    """A combat at a battlefield: attacker, defender and its step."""

    battlefield: str
    attacker: str
    defender: str
    step: str = "showdown"  # showdown | damage | resolution
    triggered: set = field(default_factory=set)  # (oid, designation) already seen this combat
    excess: dict = field(default_factory=dict)  # player -> damage assigned beyond lethal to enemy units (465.2.c.4)


@record
class CombatResult:
    """A determined combat result (466.3): the winner is None for "no result"; units present then
    share their controller's result (466.3.c)."""

    battlefield: str
    attacker: str
    defender: str
    winner: str | None
    units: tuple = ()  # oids of the units at the battlefield when the result was determined
    excess: dict = field(default_factory=dict)  # player -> excess damage they assigned (465.2.c.4)


@record
class PendingItem:
    """A triggered ability waiting on the chain (such as Deathknell)."""

    kind = "trigger"  # a class constant, not a field: read like ChainItem.kind by effects that ask what performs them
    controller: str
    source: str
    description: str
    effect: object
    memory: dict = field(default_factory=dict)  # last known information recorded at trigger time
    rules: tuple = ()
    targets: list = field(default_factory=list)  # [(oid, incarnation)] chosen when it is finalized (406.2)


@record(slots=True)  # slots: no state can live outside the declared fields
class Game:
    """The whole game state; every piece of state is a declared field."""

    players: dict[str, Player]
    order: list[str]
    teams: dict[str, str]  # player -> team id (a player is its own team outside 2v2)
    points: dict[str, int]  # team id -> points
    victory_score: int
    mode: str
    objects: dict[str, GameObject]
    battlefields: dict[str, Battlefield]
    turn_player: str
    turn: int = 1
    phase: str = "main"
    showdown: Showdown | None = None
    combat: Combat | None = None
    chain: list[PendingItem] = field(default_factory=list)
    winner: str | None = None
    burnouts_in_sequence: int = 0
    trace: Trace = field(default_factory=Trace)
    cards: dict[str, CardDef] = field(default_factory=dict)
    choices: object = None  # judge.engine.choices.Choices
    # priority and the chain (judge.engine.priority / playing / resolution)
    priority: str | None = None  # player holding priority while a chain exists (331)
    priority_passes: int = 0  # consecutive passes of priority on the current chain item (328.8)
    explicit_priority: bool = False  # a scenario that plays cards scripts every pass
    finalized_cards: dict = field(default_factory=dict)  # player -> card oids finalized this turn (鼓舞)
    chain_opened_by: str | None = None  # card | trigger: decides whether focus passes (329.1)
    priority_granted_for: object = None  # the chain item whose controller was last given priority (331)
    # triggers: fired (source, ability) pairs not yet turned into chain items, and built items waiting
    # to go on the chain together (one batch of simultaneous triggers, 382)
    fired_triggers: list = field(default_factory=list)
    pending_triggers: list = field(default_factory=list)
    first_death_turn: int | None = None  # turn of the first unit death ("the first time ... each turn")
    unit_deaths: list = field(default_factory=list)  # (turn, controller, phase) of each unit death ("if an enemy unit died")
    moves: dict = field(default_factory=dict)  # (oid, incarnation, turn) -> moves made that turn ("if I moved twice")
    discards: dict = field(default_factory=dict)  # (player, turn) -> cards discarded that turn ("if you discarded")
    draws: dict = field(default_factory=dict)  # (player, turn) -> cards drawn that turn ("your second card drawn")
    mighty_seen: dict | None = None  # (oid, incarnation) -> Mighty when last looked, while something listens (709)
    abilities_used: set = field(default_factory=set)  # (oid, ability id, turn): "once per turn" / "first time each turn"
    dying_buffed: set = field(default_factory=set)  # oids of buffed units in the death batch being processed
    # watches set by a resolving spell and read after the cleanup that follows it
    spell_kill_watch: tuple | None = None  # (controller, killed, damaged) of the last resolved spell
    reflexive_watches: list = field(default_factory=list)  # (item, label, reflexive, damaged)
    death_saves: list = field(default_factory=list)  # (oid, incarnation, turn, source, source oid[, "banish"]) (367, 390.3)
    # "can't" rules an effect imposed for this turn (054.1): (static id, params, controller, turn, source label)
    imposed: list = field(default_factory=list)
    delayed_abilities: list = field(default_factory=list)  # delayed triggered abilities waiting (389)
    # the turn queue's Additional Turns (734): their owners, the next first; and the player whose turn the
    # queue resumes after once they are taken (737)
    extra_turns: list = field(default_factory=list)
    resume_after: str | None = None
    extra_turns_taken: int = 0  # Additional Turns taken so far: the turn numbers of the order's turns skip them
    modes_chosen: dict = field(default_factory=dict)  # ((source oid, incarnation), turn) -> option indexes chosen (355.3)
    # linked abilities of a permanent (394, 397): (source oid, incarnation) -> (oid, incarnation) of what its
    # abilities banished, so another of its abilities may refer to "the units banished this way"
    banished_by: dict = field(default_factory=dict)
    recalled_attackers: bool = False  # combat cleanup step 3d recalled the attackers this combat (466.1)
    # verdicts on probed choices (Choices.push_probe): (tag, rejected, explanation)
    probe_verdicts: list = field(default_factory=list)
    combat_results: list = field(default_factory=list)  # CombatResult of each combat, in order (466.3)
    # called as observer(game, rule) at the end of each step of playing a card or of combat
    # (judge.engine.steps; vocab.STEPS), so a caller can look at the game between steps
    step_observer: object = None

    def copy(self) -> Game:
        """An independent copy to try actions on (a dry run): card definitions are shared, the
        step observer is not carried over."""
        import copy

        memo: dict = {id(self.step_observer): None}
        for card in [*self.cards.values(), *(o.card for o in self.objects.values())]:
            _share(card, memo)
        return copy.deepcopy(self, memo)

    # ------------------------------------------------------------------ queries
    def snapshot(self) -> dict:
        """A plain-dict view of the public board (JSON-ready, stable keys): for pictures and diffs."""
        from judge.engine.layers import might
        from judge.engine.statics import steady, victory_score

        with steady(self):
            return self._snapshot(might, victory_score)

    def _snapshot(self, might, victory_score) -> dict:
        def obj(o: GameObject) -> dict:
            d = {"id": o.oid, "name": o.card.name, "type": o.card.type, "owner": o.owner,
                 "controller": o.controller, "zone": o.zone, "location": o.location,
                 "exhausted": o.exhausted}
            if o.is_unit:
                d.update(might=might(self, o), damage=o.damage, buff=o.buff, stunned=o.stunned,
                         designation=o.designation)
            if o.attached_to:
                d["attached_to"] = o.attached_to
            if o.token:
                d["token"] = True
            from judge.engine.statics import granted_keywords

            statics = granted_keywords(self, o) if o.zone == "board" else {}
            granted = {m.keyword for m in o.modifiers if m.keyword}
            kws = {k: n for k in {*o.card.keywords, *o.keywords, *granted, *statics} if (n := o.has(k, granted=statics))}
            if kws:
                d["keywords"] = dict(sorted(kws.items()))
            return d

        return {
            "turn": self.turn, "turn_player": self.turn_player, "phase": self.phase, "state": self.state_name(),
            "players": [{"name": p, "team": self.teams[p], "points": self.points_of(p),
                         "energy": self.players[p].energy, "power": self.players[p].power, "xp": self.players[p].xp,
                         "zones": {z: len(self.players[p].zones[z]) for z in NON_BOARD_ZONES}}
                        for p in self.order],
            "battlefields": [{"id": b.bid, "name": b.name, "controller": b.controller,
                              "contested_by": b.contested_by, "facedown": b.facedown is not None}
                             for b in self.battlefields.values()],
            "board": [obj(o) for o in self.objects.values() if o.zone == "board" and o.card.type != "battlefield"],
            "victory_score": victory_score(self),
            # bottom first; the last item resolves first
            "chain": [{"controller": i.controller, "text": i.description, "pending": getattr(i, "pending", False)}
                      for i in self.chain],
            "showdown": None if self.showdown is None else
            {"battlefield": self.showdown.battlefield, "combat": self.showdown.combat, "focus": self.showdown.focus},
            "winner": self.winner,
        }

    @property
    def over(self) -> bool:
        return self.winner is not None

    def state_name(self) -> str:
        """Turn state (307): 普通/法术对决 × 开环/闭环."""
        kind = "法术对决" if self.showdown else "普通"
        closed = "闭环" if self.chain else "开环"
        return kind + closed

    def neutral_open(self) -> bool:
        return self.showdown is None and self.combat is None and not self.chain

    def team(self, player: str) -> str:
        return self.teams[player]

    def points_of(self, player: str) -> int:
        return self.points[self.teams[player]]

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.order if self.teams[p] != self.teams[player]]

    def teammates(self, player: str) -> list[str]:
        return [p for p in self.order if p != player and self.teams[p] == self.teams[player]]

    def next_player(self, player: str) -> str:
        i = self.order.index(player)
        return self.order[(i + 1) % len(self.order)]

    def order_from(self, player: str) -> list[str]:
        i = self.order.index(player)
        return self.order[i:] + self.order[:i]

    def board(self):
        return (o for o in self.objects.values() if o.zone == "board")

    def in_play(self):
        """Objects whose abilities work: on the board or in a legend zone (ABILITY_ZONES)."""
        return (o for o in self.objects.values() if o.zone in ABILITY_ZONES)

    def units(self):
        return (o for o in self.objects.values() if o.zone == "board" and o.is_unit)

    def attachments(self, unit_oid: str) -> list[GameObject]:
        return [o for o in self.objects.values() if o.attached_to == unit_oid and o.zone == "board"]

    def units_at(self, location: str, controller: str | None = None) -> list[GameObject]:
        return [o for o in self.objects.values() if o.zone == "board" and o.is_unit and o.location == location
                and (controller is None or o.controller == controller)]

    def players_at(self, bid: str) -> list[str]:
        seen = []
        for o in self.units_at(bid):
            if o.controller not in seen:
                seen.append(o.controller)
        return seen

    def obj(self, oid: str) -> GameObject:
        return self.objects[oid]

    def location_label(self, o: GameObject) -> str:
        if o.zone == "board":
            if o.location == "base":
                return f"{o.controller}的基地"
            return self.battlefields[o.location].label()
        if o.zone == "facedown":
            return f"{self.battlefields[o.location].label()}的待命区域"
        return f"{o.owner}的{ZONE_NAMES.get(o.zone, o.zone)}"


def _share(x, memo: dict) -> None:
    """Mark a card definition and every part of it as shared by a deep copy (never copied)."""
    if id(x) in memo or isinstance(x, (str, int, float, bool, type(None))):
        return
    memo[id(x)] = x
    if isinstance(x, dict):
        parts = [*x.keys(), *x.values()]
    elif isinstance(x, (list, tuple, set, frozenset)):
        parts = list(x)
    else:
        parts = list(getattr(x, "__dict__", {}).values())
    for part in parts:
        _share(part, memo)
