"""反应 Reaction (813): everything 迅捷 allows, plus playing or activating in closed states (a chain
exists) on any turn. A card hidden with 待命 has it from its controller's next turn (811), and
灵便 gear has it (819)."""

from __future__ import annotations

from judge.engine.state import Game, GameObject


def has(game: Game, card: GameObject, from_facedown: bool = False) -> bool:
    if card.has("反应") or (card.card.type == "gear" and card.has("灵便")):
        return True
    # A card set up facedown in the scenario was hidden on an earlier turn.
    return from_facedown and (card.hidden_turn is None or card.hidden_turn < game.turn)
