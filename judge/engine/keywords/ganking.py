"""游走 Ganking (810): the standard move may go battlefield to battlefield; no extra move, same
cost (FAQ C-L75)."""

from __future__ import annotations

from judge.engine.state import GameObject


def may_move_between_battlefields(u: GameObject) -> bool:
    return bool(u.has("游走"))
