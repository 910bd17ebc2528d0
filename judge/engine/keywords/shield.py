"""坚守 Shield X (814; its text is absent from the Chinese corpus): +X Might (default 1) while the unit
is a defender; instances sum."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Shield(Keyword):
    id, zh, aliases, rule, numbered = "shield", ("坚守",), ("shield",), "814", True

    def might_bonus(self, game, o, n):
        return n if o.designation == "defender" else 0
