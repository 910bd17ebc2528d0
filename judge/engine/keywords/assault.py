"""强攻 Assault X (807): +X Might (default 1) while the unit is an attacker; instances sum."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Assault(Keyword):
    id, zh, aliases, rule, numbered = "assault", ("强攻",), ("assault",), "807", True

    def might_bonus(self, game, o, n):
        return n if o.designation == "attacker" else 0
