"""游走 Ganking (810): the standard move may go battlefield to battlefield; no extra move, same
cost (FAQ C-L75)."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Ganking(Keyword):
    id, zh, aliases, rule = "ganking", ("游走",), ("ganking",), "810"

    def moves_between_battlefields(self, o, n):
        return True
