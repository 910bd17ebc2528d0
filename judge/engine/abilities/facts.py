"""What a witnessed event was (382; 383.2.c: a trigger's condition is evaluated after the event):
one record handed from the procedure that witnesses it to `triggered.fire`, so that a trigger's
subject and place filters (judge.engine.abilities.filters) can be checked against it."""

from __future__ import annotations

from judge.recordtype import record
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing

if TYPE_CHECKING:
    from judge.engine.state import GameObject


@record(frozen=True)
class EventFacts:
    """The facts of one happening that triggered abilities test (who, what, where)."""

    event: str  # a registered TriggerEvent id (the happening witnessed), e.g. "move"
    player: str | None = None  # who did it, or to whom it happened (played, moved, scored, drew, gained XP)
    obj: GameObject | None = None  # the object concerned (card played, unit moved / died / buffed)
    controller: str | None = None  # obj's controller at the event (last known when it left the board)
    origin: str | None = None  # where obj was: "base", a battlefield id, or a zone name
    dest: str | None = None  # where it went
    battlefield: str | None = None  # the battlefield concerned (combat, conquer, hold, score)
    objs: tuple = ()  # the units taking part (a conquer's or hold's units there, the units of a combat side)
    amount: int = 0  # how many (cards drawn or discarded, XP gained, points; energy spent on a card played)
    targets: tuple = ()  # (oid, incarnation) of the targets chosen for the card played (355.7)
    via: str | None = None  # how: spell | ability | combat | standard_move | effect | cost | play
    seen: GameObject | None = None  # obj as it was in the event, when the event took it off the board
    state: str | None = None  # the battlefield's state before the event ("open": unoccupied and uncontrolled, 170.11.c)

    @property
    def owner_of_obj(self) -> str | None:
        """Who controlled the object when the event happened."""
        if self.controller is not None:
            return self.controller
        return self.obj.controller if self.obj is not None else None

    @property
    def where(self) -> str | None:
        """The location the event happened at: the battlefield concerned, else the destination, else the origin."""
        return self.battlefield or self.dest or self.origin
