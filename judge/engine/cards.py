"""The card model: what a card is and what its abilities do, as plain data the engine runs.

The scenario language (judge.dsl) builds these objects; the engine reads them. `Pos` is the source
position of a definition, kept so that run-time errors can point at file:line:column.
"""

from __future__ import annotations

from judge.recordtype import field, record


@record(frozen=True)
class Pos:
    """A place in a source file (file, line, column)."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@record
class Aura:
    """A continuous Might modifier: `光环 其他 友方 此处 战力 +1`."""

    scope: tuple[str, ...]  # words among other / friendly / enemy / here
    amount: int


@record
class Filter:
    """Which objects a target, a count or a static ability speaks of: registered filter words
    (judge.engine.filters: friendly, enemy, other, here, at_battlefield, exhausted, ...) with their
    arguments, and the card-type noun that ends the phrase (`此处 其他 友方 单位`)."""

    words: tuple = ()  # (filter id, argument or None) pairs
    noun: str = "unit"  # unit | gear | spell | card | champion

    def has(self, word: str) -> bool:
        return any(w == word for w, _ in self.words)


@record
class TargetSpec:
    """`[数量] <筛选…> <名词> [总战力不超过 N]`: how many objects an effect chooses and which (355).
    `count` is a registered count word (judge.engine.filters.COUNTS): one, n, up_to, any_number,
    per_location, all (each matching object, not targeted), self (the source), it (the previous
    instruction's objects)."""

    count: str = "one"
    n: int = 1
    filter: Filter = field(default_factory=Filter)
    group_limit: int = 0  # total Might of the chosen targets at most this (355.11)

    @property
    def targeted(self) -> bool:
        return self.count not in ("all", "self", "it", "chosen")


@record
class Value:
    """A number an effect reads when it resolves (judge.engine.values.VALUES): a constant, X, the
    source's or the target's Might, a count of objects matching a filter (`每 此处 友方 单位`)."""

    kind: str = "n"
    n: int = 0  # the constant; for a count, how much each match is worth (0: one)
    filter: Filter | None = None


@record
class Condition:
    """`若 <条件>` (judge.engine.conditions.CONDITIONS), with its number and filter if it takes them."""

    kind: str
    n: int = 0
    filter: Filter | None = None
    negated: bool = False  # `若 非 <条件>`: holds when the condition does not
    also: "Condition | None" = None  # `若 <条件> 且 <条件>`: both must hold ("if A and B")


@record
class Effect:
    """An instruction an ability performs (`deal`, and the other kinds of the effect registry).

    The generic parameters (`value`, `target`, `dest`, `duration`, `optional`, `condition`) are
    what the card-ability language writes; the older fields below them stay for the older forms
    (a new-style target also fills `scope`/`targets`/`up_to`/`group_limit`)."""

    kind: str
    amount: int = 0
    scope: tuple[str, ...] = ()
    targets: int = 0  # number of targets chosen when played (0: no target)
    up_to: bool = False  # "up to N" / "any number": zero targets allowed (355.12)
    group_limit: int = 0  # targets at one battlefield with total Might <= this, checked as a group (Fox-Fire)
    delayed: object = None  # kind "delayed": the Delayed ability this instruction creates (389)
    ignore_cost: bool = False  # an instruction that plays a card: "ignoring its cost" (else it is paid, 419.3.b)
    dest: str | None = None  # a destination: a registered word id (judge.engine.filters.DESTINATIONS), a battlefield id or a unit
    args: dict = field(default_factory=dict)  # the effect kind's own parameters (EffectKind.read_args)
    value: Value | None = None  # the amount, read on resolution (overrides `amount`)
    target: TargetSpec | None = None  # the objects it acts on (filters checked when chosen and on resolution)
    duration: str | None = None  # judge.engine.filters.DURATIONS: this_turn | while_source
    optional: bool = False  # "you may": the controller may decline it when it resolves
    condition: Condition | None = None  # done only if the condition holds on resolution
    performer: str | None = None  # who does it (judge.engine.performers: each_player, chosen_player…); None: the controller
    more: list = field(default_factory=list)  # a deathknell's further instructions (并且): the same ability
    # "… instead" (370.1.b): the instruction done in place of this one when its condition holds as this one
    # would be performed (370.1.c), read against this one's objects (`改为 <效果> 若 <条件>`)
    instead: "Effect | None" = None
    pos: Pos | None = None


@record
class Trigger:
    """A triggered ability (382): `触发 进攻时 [费用 …] 效果 …`."""

    event: str  # a registered trigger event id (judge.engine.abilities.events)
    effect: Effect
    energy: int = 0
    power: int = 0
    more: list = field(default_factory=list)  # further instructions after "并且", in order
    # filters by registered id (judge.engine.abilities.filters); None: the event's default
    subject: str | None = None  # whose event: self | you | opponent | friendly_unit | enemy_unit | ...
    place: str | None = None  # where: here | battlefield | base | to_battlefield | from_battlefield | ...
    frequency: str | None = None  # once_per_turn | first_each_turn (judge.engine.abilities.frequencies)
    condition: Condition | None = None  # checked when the event happens (383.2.a.1)
    # a cost within its instructions ("you may exhaust me to …": 403.1.b.1), besides energy and power:
    # (cost-part id, N) of judge.engine.cost_parts; its controller may decline to pay it (404.2)
    costs: list = field(default_factory=list)
    keyword: str | None = None  # the triggered keyword this ability stands for (823 Hunt), else None
    power_syms: list = field(default_factory=list)  # one symbol per power point ("R", "A", "C"): domains matter (163.2)


@record
class Reflexive:
    """A reflexive ("embedded") trigger inside a spell (382; FAQ C-L422, C-L435, C-L451):
    `然后执行此操作 …` (then), `若此伤害消灭则执行此操作 …` (if_killed: only when the spell's damage
    killed its target), `执行以下一项 A 并且 B` (one_of: the controller picks one mode when it is
    put on the chain)."""

    condition: str  # then | if_killed | one_of | times ("进行 N 次：": put on the chain N times)
    effects: list
    times: int = 1


@record
class Delayed:
    """A delayed trigger created when the card's instructions resolve (389): `延迟 本回合结束时 效果 …`."""

    when: str  # end_of_turn | next_turn_start | next (the next time `event` happens to `subject`)
    effects: list
    event: str | None = None  # "next": a registered trigger event id (judge.engine.abilities.events)
    subject: str | None = None  # "next": you (the controller's event) | it (about the object it refers to)
    this_turn: bool = False  # "next … this turn": gone at the end of the turn if it has not happened
    repeat: bool = False  # "whenever … this turn" (390.2): triggers each time in its window, not only once


@record
class Activated:
    """An activated ability (376): `主动 [费用 N [符能 M]] [休眠] [反应|迅捷] 效果 … [并且 …]`."""

    effects: list
    energy: int = 0
    power: int = 0
    exhaust: bool = False
    timing: str | None = None  # 迅捷 | 反应 | None (normal timing)
    costs: list = field(default_factory=list)  # (cost-part id, N) of judge.engine.cost_parts, besides [E]
    condition: Condition | None = None  # "use this ability only while …": must hold to activate it (377.2.b)
    power_syms: list = field(default_factory=list)  # one symbol per power point ("R", "A", "C"): domains matter (163.2)
    discount: Value | None = None  # "this ability costs [1] less for each …": energy off its cost (403.3)
    keyword: str | None = None  # the keyword whose ability this is (e.g. "equip", 818.1.c), None when printed

    @property
    def adds_resources(self) -> bool:
        return all(e.kind == "add_energy" for e in self.effects)


@record
class OptionalCost:
    """An optional additional cost (356.2.b.1), chosen in step 2 (355.1.a) and paid with the rest:
    `额外费用 可以 <费用项…> [以此 费用减少 N [符能 M] | 以此 无视费用 | 以此 回响]`. What paying it does is a
    discount (356.4), an ignored base cost (356.1.b), a repeat of the instructions (820.1.d), or abilities that
    ask `若 支付了额外费用`."""

    energy: int = 0
    power_syms: list = field(default_factory=list)  # power symbols ("R", "A", "C", ...)
    parts: list = field(default_factory=list)  # (cost-part id, N) of judge.engine.cost_parts
    reduce_energy: int = 0
    reduce_power: int = 0
    ignore_cost: bool = False
    any_number: bool = False  # `可以 任意数量 <费用项>`: paid once for each object the player names
    per_pick: bool = False  # `以此 每个 费用减少 …`: the discount once for each object paid
    condition: "Condition | None" = None  # `… 若 <条件>`: it may be paid only while the condition holds
    repeat: bool = False  # `以此 回响`: it is the card's Repeat cost ("Repeat — discard 1", 820.1.c.3, 820.1.d)
    reduce_by_paid: bool = False  # `以此 费用减少 其费用`: less by the Energy and Power costs of what paid it (356.4)


@record
class CardDef:
    """A card's definition: type, Might, tags, keywords, costs and abilities."""

    name: str
    type: str = "unit"  # unit | gear | spell | rune | legend | battlefield
    might: int = 0
    tags: list[str] = field(default_factory=list)
    keywords: dict[str, int] = field(default_factory=dict)
    champion: bool = False
    champion_tag: str = ""  # the Champion tag linking a legend, its champion units and Signature cards (133.8.b)
    token: bool = False
    cannot_be_damaged: bool = False
    might_bonus: int = 0  # equipment: added to the Might of the unit it is attached to (716)
    auras: list[Aura] = field(default_factory=list)
    deathknells: list[Effect] = field(default_factory=list)
    level_might: list = field(default_factory=list)  # (N, X): [等级 N] +X Might while its controller has >= N XP
    pos: Pos | None = None
    # base cost (energy, power), spell effects, triggered abilities, death replacement
    cost_energy: int = 0
    cost_power: int = 0
    effects: list[Effect] = field(default_factory=list)
    triggers: list[Trigger] = field(default_factory=list)
    replaces_death: bool = False
    extra_costs: list = field(default_factory=list)  # (cost-part id, N): mandatory additional costs (356.2.a.1)
    optional_costs: list = field(default_factory=list)  # OptionalCost: optional additional costs (356.2.b.1)
    extra_kill: bool = False  # additional cost: kill a friendly unit (Cruel Patron)
    prevents_enemy_ready: bool = False  # passive: opponents' units can't become ready by effects
    activated: list = field(default_factory=list)  # Activated abilities
    reflexive: list = field(default_factory=list)  # Reflexive triggers, after the spell's instructions
    delayed: list = field(default_factory=list)  # Delayed abilities the card creates on resolution
    may_save_buffed: bool = False  # The Boss: may pay [C], exhaust, spend the buff to replace a buffed unit's death
    # domains (特性, 134): letters among R G B O P Y; empty = undeclared (its [C] acts as [A], 135.2.e.6.b; a rune
    # without a domain produces power that pays any domain)
    domains: list[str] = field(default_factory=list)
    # the power part of the cost as symbols ("R", "A", "C", ...); empty with cost_power > 0 means all [A]
    cost_power_syms: list[str] = field(default_factory=list)
    cost_mods: list = field(default_factory=list)  # CostMod passives this card gives while on the board
    # the Equip ability's cost as (energy, power symbols), e.g. (1, ["A"]) for [1][A]; None: the
    # value after 装配 in energy (818)
    equip_cost: tuple | None = None
    equip_parts: list = field(default_factory=list)  # the Equip cost's other parts: (cost-part id, N), e.g. spend XP
    repeat_cost: tuple | None = None  # [回响] with power: (energy, power symbols); else the keyword's value is its energy
    statics: list = field(default_factory=list)  # (static-ability id, params) of registered kinds (judge.engine.statics)


@record
class CostMod:
    """A passive cost increase or reduction (356.3 / 356.4): `费用修正 敌方 法术 +1 [符能 +1]`."""

    whose: str  # friendly (your cards) | enemy (opponents' cards)
    card_type: str | None  # unit | gear | spell | None (any card)
    energy: int = 0
    power: int = 0
