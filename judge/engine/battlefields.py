"""Battlefield cards as game objects (170, 199.1): besides being a location, each battlefield is an
object standing at that location, holding its passive, triggered and activated abilities (170.8-170.10).

A battlefield whose card has abilities gets a `BattlefieldObject` on the board at its own location, so
the registries that find abilities on board objects (triggered.fire, statics.on_board, activated
abilities) find its abilities too and read "here" as the battlefield itself (053.3). Its controller is
always the battlefield's controller (190.6): it is read from the battlefield record, never stored.
Battlefields are not permanents (171): effects that name units, gear or cards never choose them."""

from __future__ import annotations

from judge.engine.cards import CardDef
from judge.engine.state import Battlefield, Game, GameObject

TYPE = "battlefield"


class BattlefieldObject(GameObject):
    """The game object of a battlefield card; its controller is its battlefield's (190.6)."""

    def __init__(self, record: Battlefield, card: CardDef, owner: str):
        self.record = record
        super().__init__(object_id(record.bid), card, owner, None, "board", record.bid)

    @property
    def controller(self):  # noqa: D102 - see the class
        return self.record.controller

    @controller.setter
    def controller(self, value) -> None:
        """Control of a battlefield changes only with control of the battlefield (190.4, 190.6)."""

    def label(self) -> str:
        return self.record.label()


def object_id(bid: str) -> str:
    return f"{bid}#战场"


def has_abilities(card: CardDef) -> bool:
    return bool(card.triggers or card.activated or card.auras or card.statics or card.cost_mods)


def place(game: Game, bid: str, card: CardDef | None, owner: str) -> BattlefieldObject | None:
    """Put the game object of battlefield `bid` on the board, if its card is a battlefield card."""
    if card is None or card.type != TYPE:
        return None
    o = BattlefieldObject(game.battlefields[bid], card, owner)
    game.objects[o.oid] = o
    return o


def is_battlefield(o) -> bool:
    return isinstance(o, BattlefieldObject)


def trigger_controller(game: Game, src: GameObject, trig, facts) -> str:
    """Who controls a triggered ability of `src` (191.4.a); for a battlefield see `control`."""
    return control(game, src, trig, facts)[0]


def control(game: Game, src: GameObject, trig, facts) -> tuple[str, tuple]:
    """(controller, rules) of a triggered ability of `src`. For a battlefield (190.6): an ability that
    says a player does something ("when a player plays a spell, they may …") is that player's
    (190.6.c: it asks that player a choice: a "may", a target or a cost), as is one whose instructions
    are that player's ("each player …, that player gains 1 point": 190.6.a); otherwise the battlefield's controller's (190.6.a), or, while it is uncontrolled, the
    turn player takes responsibility for it (190.6.b)."""
    if not is_battlefield(src):
        return src.controller, ()
    from judge.engine.abilities.events import EVENTS

    entry = EVENTS.get(trig.event)
    subject = getattr(trig, "subject", None) or (entry.subject if entry is not None else None)
    if facts is not None and facts.player is not None:
        if subject == "each_player":  # "each player …, that player …": the ability indicates that player
            return facts.player, ("190.6.a",)
        if subject == "any_player" and _asks(trig):
            return facts.player, ("190.6.c",)
    if src.controller is not None:
        return src.controller, ("190.6.a",)
    return game.turn_player, ("190.6.b",)


def _asks(trig) -> bool:
    """Whether a triggered ability asks its controller to choose: "may", a target, or a cost to pay."""
    effects = [trig.effect, *getattr(trig, "more", ())]
    return bool(trig.energy or trig.power) or any(e.optional or e.targets for e in effects)
