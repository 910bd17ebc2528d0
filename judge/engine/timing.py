"""Timing permissions (306-310 timing; 806, 813): by default a card is played only by the turn
player in the main phase's neutral open state; a permission from a keyword (迅捷 "action": showdown
open states too; 反应 "reaction": closed states too) or from playing a hidden card (811) widens it.
The permissions come from the keyword registry's `timing` hook."""

from __future__ import annotations

from judge.engine import vocab
from judge.engine.errors import IllegalAction
from judge.engine.keywords import on
from judge.engine.state import Game, GameObject

DISPLAY = vocab.names(vocab.TIMINGS)  # normal / action / reaction -> 普通时机 / 迅捷 / 反应


def permission(game: Game, card: GameObject, origin=None, player: str | None = None, dest: str | None = None) -> str:
    """The widest permission the card has: reaction > action > normal. `origin` is the keyword's
    PlayOrigin when the card is played from outside the hand (811.6: a facedown card has 反应);
    `dest` the location it is being played to (822.1.b: 伏击 has 反应 when played there)."""
    granted = {kw.timing(game, card, n, origin is not None) for kw, n in on(card)}
    if player is not None:
        granted |= {kw.timing_to(game, player, card, dest, n) for kw, n in on(card)}
    granted.add(origin.timing if origin is not None else None)
    return "reaction" if "reaction" in granted else "action" if "action" in granted else "normal"


def check(game: Game, player: str, card: GameObject, origin=None, dest: str | None = None) -> str:
    """Raise if the card may not be played in the current turn state; return the permission used (shown)."""
    perm = permission(game, card, origin, player, dest)
    reaction = perm == "reaction"
    if game.chain:
        if not reaction:
            raise IllegalAction(f"{card.label()} 没有[反应]：默认情况下卡牌不能在闭环状态下打出。", "331.1.a")
        return DISPLAY["reaction"]
    if game.showdown is not None:
        if perm == "normal":
            raise IllegalAction(f"{card.label()} 没有[迅捷]或[反应]：默认情况下卡牌不能在法术对决状态下打出。", "343.1.a")
        return DISPLAY[perm]
    if player != game.turn_player or game.phase != "main":
        if reaction:
            return DISPLAY["reaction"]
        raise IllegalAction("只有回合玩家可以在主阶段的普通开环状态下打出卡牌（自决行动）。", "410.1")
    return DISPLAY["normal"]
