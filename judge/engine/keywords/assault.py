"""强攻 Assault X (807): +X Might (default 1) while the unit is an attacker; instances sum."""

from __future__ import annotations

from judge.engine.state import GameObject


def might_bonus(o: GameObject) -> int:
    return o.has("强攻") if o.designation == "attacker" else 0
