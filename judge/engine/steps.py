"""The ends of the steps of one action (vocab.STEPS: playing a card 354-359, combat 464-466):
reported to the game's observer, if any, so a caller can look at the game between two steps
(scenario checkpoints) without the engine knowing who looks."""

from __future__ import annotations

from judge.engine.state import Game


def done(game: Game, rule: str) -> None:
    """The step described by `rule` has just been completed."""
    if game.step_observer is not None:
        game.step_observer(game, rule)
