"""壁垒 Tank (800; its own section is absent from the tree): in combat damage assignment (465) it
gets lethal damage before its controller's other units (FAQ R-L77: two Tanks, the assigner picks
the order). Assignment groups per controller: 0 Tank, 1 plain, 2 Backline; a unit with both
keywords may count in either group, the assigner's pick."""

from __future__ import annotations

from judge.engine.keywords import backline
from judge.engine.state import GameObject

TANK, PLAIN, BACKLINE = 0, 1, 2


def has(u: GameObject) -> bool:
    return bool(u.has("壁垒"))


def assignment_groups(u: GameObject) -> tuple[int, ...]:
    tank, back = has(u), backline.has(u)
    if tank and back:
        return (TANK, BACKLINE)
    return (TANK,) if tank else (BACKLINE,) if back else (PLAIN,)
