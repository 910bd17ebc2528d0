"""迅捷 Action (806): permission only — play or activate in showdown open states on any turn, besides
normal timing; not while a chain exists (that needs 反应, 813). Instructions are unchanged."""

from __future__ import annotations

from judge.engine.state import GameObject


def has(card: GameObject) -> bool:
    return bool(card.has("迅捷"))
