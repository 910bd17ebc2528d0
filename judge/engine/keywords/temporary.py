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
        from judge.engine.statics import forbidder

        for o in list(temps):  # a static ability may keep it from triggering ("your Temporary here doesn't")
            stopped = forbidder(game, "allows_keyword_trigger", o, self.id)
            if stopped is not None:
                temps.remove(o)
                game.trace.add("step", f"{o.label()} 的[瞬息]不会触发：{stopped[0].label()} 的静态技能（{stopped[1].display}）。",
                               rules=(stopped[1].rule, "054.1"))
        if temps:
            game.trace.add("step", "开始阶段开始时：拥有[瞬息]的永久牌被摧毁。", rules=("816", "816.1.b"))
            effects.kill(game, temps, rules=("816", "428"))
