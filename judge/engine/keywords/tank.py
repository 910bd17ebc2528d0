"""壁垒 Tank (815; its text is absent from the Chinese corpus): in combat damage assignment (465) it
gets lethal damage before its controller's other units (FAQ R-L77: two Tanks, the assigner picks
the order). A unit with both Tank and Backline may count in either group, the assigner's pick."""

from __future__ import annotations

from judge.engine.keywords.base import FIRST, Keyword


class Tank(Keyword):
    id, zh, aliases, rule = "tank", ("壁垒",), ("tank",), "815"

    def assignment_group(self, o, n):
        return FIRST
