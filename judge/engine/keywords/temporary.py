"""瞬息 Temporary (816): when its controller's beginning phase starts (ahead of the scoring step)
the unit is killed; one kill however many instances."""

from __future__ import annotations

from judge.engine.state import Game


def beginning_phase_kill(game: Game, player: str) -> None:
    from judge.engine import effects

    temps = [u for u in game.units() if u.controller == player and u.has("瞬息")]
    if temps:
        game.trace.add("step", "开始阶段开始时：[瞬息]单位被摧毁。", rules=("816",))
        effects.kill(game, temps, rules=("816", "428"))
