"""The scenario model the Transformer builds: plain data, no engine logic (the card model it
holds is judge.engine.cards).

Every element keeps its source position (`Pos`) so that later validation and run-time errors can
point at file:line:column.
"""

from __future__ import annotations

from judge.recordtype import field, record

# The card model and actions belong to the engine; the scenario model refers to them.
from judge.engine.cards import (Activated, Aura, CardDef, CostMod, Delayed, Effect, OptionalCost,  # noqa: F401
                                Pos, Reflexive, Trigger)
from judge.engine.commands import Action  # noqa: F401


@record
class ObjSpec:
    """One object declared in a zone line: `u1=新兵 伤害 1 休眠`."""

    id: str | None
    card: str
    pos: Pos
    might: int | None = None
    damage: int = 0
    exhausted: bool = False
    buff: bool = False
    stunned: bool = False
    token: bool = False
    cannot_be_damaged: bool = False
    controller: str | None = None
    keywords: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None


@record
class ZoneSpec:
    """A zone line of the setup: a player's objects in one zone."""

    player: str
    zone: str  # hand | deck | rune_deck | trash | banishment | champion | legend | base | battlefield
    objects: list[ObjSpec]
    pos: Pos
    battlefield: str | None = None


@record
class PlayerSpec:
    """A player of the setup with their points, rune pool and zones."""

    name: str
    pos: Pos
    points: int = 0
    energy: int = 0
    power: int = 0
    power_domains: list[str] = field(default_factory=list)  # domains of pool power (`符能 [R] [A]`)
    xp: int = 0  # 经验: per player, public, not shared with teammates
    zones: list[ZoneSpec] = field(default_factory=list)


@record
class BattlefieldSpec:
    """A battlefield of the setup: name, controller, contest."""

    id: str
    pos: Pos
    name: str | None = None
    controller: str | None = None
    contested_by: str | None = None
    scored_by: list[str] = field(default_factory=list)
    facedown: ObjSpec | None = None


@record
class Expectation:
    """An expected outcome: a subject's state, the winner, or a rule in the trace."""

    kind: str  # subject | winner | trace
    pos: Pos
    subject: str | None = None
    predicate: str | None = None
    value: object = None
    negated: bool = False
    text: str = ""


@record
class Step:
    """An entry of the action list: an action, a checkpoint or an expected-illegal action."""

    kind: str  # action | check | step_check | probe | illegal
    pos: Pos
    action: Action | None = None
    expectation: Expectation | None = None
    rule: str | None = None  # illegal/probe: the rule that must reject it; step_check: the step's rule number
    legal: bool | None = None  # probe: whether the action is expected to be legal


@record
class Scenario:
    """A parsed scenario: setup, cards, steps and expectations."""

    file: str
    title: str = ""
    sources: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    mode: str = "1v1"
    victory_score: int | None = None
    turn: int = 1
    turn_player: str | None = None
    phase: str = "main"
    teams: list[list[str]] = field(default_factory=list)
    cards: dict[str, CardDef] = field(default_factory=dict)
    players: list[PlayerSpec] = field(default_factory=list)
    battlefields: list[BattlefieldSpec] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    expectations: list[Expectation] = field(default_factory=list)
    includes: list[str] = field(default_factory=list)
