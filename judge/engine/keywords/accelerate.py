"""急速 Accelerate (805): optional additional cost when playing the unit — [1] energy and one power;
paid, the unit enters ready instead of exhausted (a replacement, not 'exhausted then readied')."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.state import GameObject

ENERGY, POWER = 1, 1


def additional_cost(card: GameObject, chosen: bool) -> tuple[int, int]:
    if not chosen:
        return 0, 0
    if not card.has("急速"):
        raise IllegalAction(f"{card.label()} 没有[急速]，不能支付急速费用。", "805")
    return ENERGY, POWER
