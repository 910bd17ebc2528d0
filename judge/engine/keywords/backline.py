"""后排 Backline (826; the tree has its numbers, not its text): in combat damage assignment (465)
it gets damage only after its controller's other units have lethal damage."""

from __future__ import annotations

from judge.engine.keywords.base import LAST, Keyword


class Backline(Keyword):
    id, zh, aliases, rule = "backline", ("后排",), ("backline",), "826"

    def assignment_group(self, o, n):
        return LAST
