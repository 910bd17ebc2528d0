"""法盾 Deflect X (809): a mandatory additional cost of X power for each time an OPPONENT's spell or
ability chooses this object; own and teammates' items pay nothing (FAQ R-L31: Ahri's trigger)."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Deflect(Keyword):
    id, zh, aliases, rule, numbered = "deflect", ("法盾",), ("deflect",), "809", True

    def targeted_power(self, n):
        return n

