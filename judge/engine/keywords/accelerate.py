"""急速 Accelerate (805): optional additional cost when playing the unit — [1] energy and one power
of the unit's own domain ([C], FAQ C-L117; 135.2.e.6.c); paid, the unit enters ready instead of
exhausted (a replacement, not 'exhausted then readied')."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.keywords.base import Keyword

ENERGY, POWER = 1, 1


class Accelerate(Keyword):
    id, zh, aliases, rule = "accelerate", ("急速",), ("accelerate",), "805"
    paid_enters_ready, paid_rule = True, "805.6"

    def play_cost(self, card, n, args):
        if not args.get("accelerate"):
            return None
        if not n:
            raise IllegalAction(f"{card.label()} 没有[急速]，不能支付急速费用。", "805")
        return ENERGY, POWER, "额外费用[急速]", ["C"] * POWER
