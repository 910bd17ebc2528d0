"""待命 Hidden (811) when the card is played from facedown: not the turn it was hidden; base cost
ignored (additional costs remain); permanents go to that battlefield; targets must be there
(FAQ C-L143..C-L159, C-L494)."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.keywords.base import Keyword
from judge.engine.state import Game, GameObject


class Hidden(Keyword):
    id, zh, aliases, rule = "hidden", ("待命",), ("hidden",), "811"

    def timing(self, game, card, n, from_facedown):
        return None  # the facedown card's 反应 does not depend on the keyword (below)


def facedown_timing(game: Game, card: GameObject, from_facedown: bool) -> str | None:
    """A card hidden on an earlier turn has 反应 when played from facedown (811); a card set up
    facedown in the scenario was hidden on an earlier turn."""
    if from_facedown and (card.hidden_turn is None or card.hidden_turn < game.turn):
        return "reaction"
    return None


def check_play(game: Game, player: str, card: GameObject) -> str:
    """The battlefield the facedown card is played from."""
    if card.controller != player:
        raise IllegalAction(f"{card.label()} 不是 {player} 的待命牌。", "811")
    if card.hidden_turn is not None and card.hidden_turn >= game.turn:
        raise IllegalAction(f"{card.label()} 在本回合刚被隐藏，要到之后的回合才能从待命状态打出。", "811")
    return card.location


def check_destination(card: GameObject, bid: str, dest: str | None) -> str:
    if dest not in (None, bid):
        raise IllegalAction(f"从待命状态打出的常驻牌必须打出到其所在的战场 {bid}。", "811")
    return bid


def check_targets(game: Game, bid: str, targets: list[GameObject]) -> None:
    for t in targets:
        if t.zone != "board" or t.location != bid:
            raise IllegalAction(f"从待命状态打出时，目标必须位于该战场（{t.label()} 位于{game.location_label(t)}）。", "811")
