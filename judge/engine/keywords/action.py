"""迅捷 Action (806): permission only — play or activate in showdown open states on any turn, besides
normal timing; not while a chain exists (that needs 反应, 813). Instructions are unchanged."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Action(Keyword):
    id, zh, aliases, rule = "action", ("迅捷",), ("action",), "806"

    def timing(self, game, card, n, from_facedown):
        return "action"
