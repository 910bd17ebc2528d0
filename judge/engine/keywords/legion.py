"""鼓舞 Legion (812; the tree has its numbers, not its text): active while its controller has
finalized this turn a card other than the one carrying it (812.1.c). Its ability is read as the
trigger event 鼓舞 (`EVENT`, registered in judge.engine.standard). Tokens, abilities and hiding do not count (FAQ C-L129, C-L139).
FAQ C-L718 (Sun Disc's own play counts) conflicts with the rule: flagged disputed, the engine
follows the rule's 'other card' wording."""

from __future__ import annotations

from judge.engine.abilities.events import TriggerEvent
from judge.engine.keywords.base import Keyword
from judge.engine.state import Game, GameObject


class Legion(Keyword):
    """The keyword marks the ability after it; the trigger event 鼓舞 (below) asks `active`."""

    id, zh, aliases, rule = "legion", ("鼓舞",), ("legion",), "812"


def active(game: Game, player: str, card: GameObject) -> bool:
    return any(t == game.turn and oid != card.oid for t, oid in game.finalized_cards.get(player, []))



EVENT = TriggerEvent("legion", ("鼓舞",), (), rule="812.1.c", condition=active, subject="self", of="play_card")
