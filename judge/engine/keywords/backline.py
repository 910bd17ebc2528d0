"""后排 Backline (800; its own section is absent from the tree): in combat damage assignment (465)
its controller's other units get lethal damage before it does."""

from __future__ import annotations

from judge.engine.state import GameObject


def has(u: GameObject) -> bool:
    return bool(u.has("后排"))
