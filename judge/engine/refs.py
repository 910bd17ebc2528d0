"""Finding the object a script or a choice names: by id, or by card name when exactly one object
has that name. Used by every procedure that takes a reference, so it depends on nothing but the
state."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.state import Game, GameObject


def resolve_ref(game: Game, ref: str) -> GameObject:
    """An object by id, or by card name when exactly one object has that name."""
    o = game.objects.get(ref)
    if o is not None:
        return o
    hits = [o for o in game.objects.values() if o.card.name == ref and o.zone != "gone"]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise IllegalAction(f"没有名为“{ref}”的游戏物体。")
    raise IllegalAction(f"有多个名为“{ref}”的游戏物体（{'、'.join(h.oid for h in hits)}），请用标识指明。")
