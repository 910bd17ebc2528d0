"""Chain items: played cards and triggered abilities, with their state (pending until
finalized, 327/337), chosen targets (snapshots of objects) and the play's choices."""

from __future__ import annotations

from judge.recordtype import field, record

from judge.engine.abilities.events import EVENTS
from judge.engine.keywords import KEYWORDS
from judge.engine.state import Game, GameObject, PendingItem


@record
class ChainItem(PendingItem):
    """A card or triggered ability on the chain, with its targets and choices."""

    kind: str = "card"  # card | trigger
    oid: str | None = None  # the card played, or the trigger's source object
    targets: list = field(default_factory=list)  # [(oid, incarnation)] in choice order
    pending: bool = True
    dest: str | None = None
    paid: tuple = ()  # ids of the keywords whose optional additional cost was paid (急速 805, 回响 820)
    hidden_at: str | None = None
    trigger: object = None  # judge.dsl.model.Trigger for triggered abilities
    play_number: int = 0  # a played card: how many cards its controller had finalized this turn, it included


def is_pending(item) -> bool:
    return getattr(item, "pending", True)


class _EventNames(dict):
    """Display names of trigger events, read from the event registry."""

    def __missing__(self, key):
        ev = EVENTS.get(key)
        return ev.label if ev is not None else key


EVENT_NAMES = _EventNames()


def make_item(game: Game, src: GameObject | None, trig, controller: str | None = None, *, label: str | None = None,
              oid: str | None = None, memory: dict | None = None, description: str | None = None,
              rules: tuple = ("383.3",)) -> ChainItem:
    """The one way a triggered ability becomes a chain item (383.3): controlled by its source's
    controller, remembering where the source was when it triggered. Reflexive and delayed abilities
    (whose source may be gone) pass the label, object id and remembered information themselves."""
    player = controller or src.controller or game.turn_player  # an uncontrolled battlefield's: 190.6.b
    label = label or src.label()
    oid = oid if src is None else src.oid
    memory = memory if memory is not None else {"oid": src.oid, "location": src.location}
    kw = getattr(trig, "keyword", None)
    what = f"[{KEYWORDS[kw].display}]（{EVENT_NAMES[trig.event]}）" if kw else EVENT_NAMES[trig.event]
    return ChainItem(player, label, description or f"{label} 的{what}触发式技能", trig.effect,
                     memory, rules=rules, kind="trigger", oid=oid, trigger=trig)
