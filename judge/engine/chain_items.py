"""Chain items: played cards and triggered abilities, with their state (pending until
finalized, 327/337), chosen targets (snapshots of objects) and the play's choices."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.state import PendingItem


@dataclass
class ChainItem(PendingItem):
    kind: str = "card"  # card | trigger
    oid: str | None = None  # the card played, or the trigger's source object
    targets: list = field(default_factory=list)  # [(oid, incarnation)] in choice order
    pending: bool = True
    dest: str | None = None
    accelerate: bool = False
    hidden_at: str | None = None
    trigger: object = None  # judge.dsl.model.Trigger for triggered abilities
    repeats: int = 0  # 回响 paid: the spell's instructions run once more per payment
    play_number: int = 0  # a played card: how many cards its controller had finalized this turn, it included


def is_pending(item) -> bool:
    return getattr(item, "pending", True)
