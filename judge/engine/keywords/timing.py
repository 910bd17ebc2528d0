"""Timing permissions: 迅捷 (806) allows showdown open states, 反应 (813) also closed states.
A card hidden with 待命 has 反应 from its controller's next turn (811)."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.state import Game, GameObject


def has_reaction(game: Game, card: GameObject, from_facedown: bool) -> bool:
    from judge.engine.keywords import reaction

    return reaction.has(game, card, from_facedown)


def check(game: Game, player: str, card: GameObject, from_facedown: bool) -> str:
    """Raise if the card may not be played in the current turn state; return the permission used."""
    reaction = has_reaction(game, card, from_facedown)
    if game.chain:
        if not reaction:
            raise IllegalAction(f"{card.label()} 没有[反应]：默认情况下卡牌不能在闭环状态下打出。", "327")
        return "反应"
    if game.showdown is not None:
        from judge.engine.keywords import action

        if not (reaction or action.has(card)):
            raise IllegalAction(f"{card.label()} 没有[迅捷]或[反应]：默认情况下卡牌不能在法术对决状态下打出。", "341")
        return "反应" if reaction else "迅捷"
    if player != game.turn_player or game.phase != "main":
        if reaction:
            return "反应"
        raise IllegalAction("只有回合玩家可以在主阶段的普通开环状态下打出卡牌（自决行动）。", "410.1")
    return "普通时机"
