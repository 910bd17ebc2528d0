"""瞬息 Temporary (816): when its controller's beginning phase starts (ahead of the scoring step)
the unit is killed; one kill however many instances."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Temporary(Keyword):
    id, zh, aliases, rule = "temporary", ("瞬息",), ("temporary",), "816"

    def at_beginning_phase(self, game, player):
        from judge.engine import effects

        temps = [u for u in game.units() if u.controller == player and u.has(self.id)]
        if temps:
            game.trace.add("step", "开始阶段开始时：[瞬息]单位被摧毁。", rules=("816",))
            effects.kill(game, temps, rules=("816", "428"))
