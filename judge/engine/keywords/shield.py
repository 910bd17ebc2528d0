"""坚守 Shield X (800; its own section is absent from the tree): +X Might (default 1) while the unit
is a defender; instances sum."""

from __future__ import annotations

from judge.engine.state import GameObject


def might_bonus(o: GameObject) -> int:
    return o.has("坚守") if o.designation == "defender" else 0
