"""回响 Repeat [cost] (820): an optional additional cost when the card is
played; paid, the card's instructions run once more when it resolves. Still one play. The value
written after the keyword is the energy cost of one repeat; a cost with power is written
`回响费用 N 符能 …`. (The engine reuses the targets chosen for the first run; the rules let each
run's choices differ.)"""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.keywords.base import Keyword


class Repeat(Keyword):
    id, zh, aliases, rule, numbered = "repeat", ("回响",), ("repeat",), "820", True
    paid_rule = "820.1.d.1"

    def paid_extra_runs(self, n):
        return 1

    def play_cost(self, card, n, args):
        if not args.get("repeat"):
            return None
        if not n:
            raise IllegalAction(f"{card.label()} 没有[回响]，不能支付回响费用。", "820")
        cost = getattr(card.card, "repeat_cost", None)
        if cost is not None:  # `回响费用 N 符能 …`: a Repeat cost with power
            energy, syms = cost
            return energy, len(syms), "可选额外费用[回响]", list(syms)
        return n, 0, "可选额外费用[回响]", None
