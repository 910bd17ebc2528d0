"""瞬息 Temporary (816): when its controller's beginning phase starts (ahead of the scoring step)
the permanent — a unit or a gear (816.1.a) — is killed; one kill however many instances."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Temporary(Keyword):
    id, zh, aliases, rule = "temporary", ("瞬息",), ("temporary",), "816"

    def at_beginning_phase(self, game, player):
        from judge.engine import effects

        # any permanent of the player's with Temporary: units and gear alike (816.1.a, 816.1.b)
        temps = [o for o in game.board() if o.controller == player and o.card.type in ("unit", "gear")
                 and o.has(self.id)]
        if temps:
            game.trace.add("step", "开始阶段开始时：拥有[瞬息]的永久牌被摧毁。", rules=("816", "816.1.b"))
            effects.kill(game, temps, rules=("816", "428"))
