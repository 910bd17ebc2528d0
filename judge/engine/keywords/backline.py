"""后排 Backline (800; its own section is absent from the tree): in combat damage assignment (465)
it gets damage only after its controller's other units have lethal damage."""

from __future__ import annotations

from judge.engine.keywords.base import LAST, Keyword


class Backline(Keyword):
    id, zh, aliases, rule = "backline", ("后排",), ("backline",), "800"

    def assignment_group(self, o, n):
        return LAST
