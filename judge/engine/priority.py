"""Priority and focus (322.6, 328, 331, 341): who may act now, passing priority on a closed chain,
and which turn state (307: 普通/法术对决 × 开环/闭环) allows which cards."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.state import Game


def grant(game: Game, player: str, why: str = "", rules=("337.4",)) -> None:
    """Priority to `player` with a fresh sequence of passes."""
    game.priority, game.priority_passes = player, 0
    game.trace.add("step", f"{player} 获得优先行动权{why}。", rules=rules)


def actor(game: Game) -> str | None:
    """The player who may act now: priority holder on a chain, focus holder in a showdown, else the
    turn player in a neutral open main phase (322.6)."""
    if game.chain:
        return game.priority
    if game.showdown is not None:
        return game.showdown.focus
    if game.phase == "main":
        return game.turn_player
    return None


def check_may_act(game: Game, player: str) -> None:
    who = actor(game)
    if who != player:
        if game.chain:
            raise IllegalAction(f"结算链存在时只有拥有优先行动权的玩家（{who}）可以行动。", "338.1")
        if game.showdown is not None:
            raise IllegalAction(f"法术对决中只有拥有焦点的玩家（{who}）可以行动。", "347")
        raise IllegalAction(f"普通开环状态下只有回合玩家（{game.turn_player}）在主阶段可以打出卡牌。", "410.1")


def pass_priority(game: Game, player: str) -> None:
    """328.7/328.8: pass priority in turn order; when everyone passed in sequence, resolve the newest item."""
    from judge.engine import resolution

    if not game.chain:
        raise IllegalAction("结算链不存在，没有优先行动权可以让过。", "338.1")
    if player != game.priority:
        raise IllegalAction(f"现在由 {game.priority} 拥有优先行动权，{player} 不能让过。", "338.1")
    game.priority_passes += 1
    if game.priority_passes >= len(game.order):
        game.trace.add("action", f"{player} 让过优先行动权；所有玩家依次让过。", rules=("339.1",))
        resolution.resolve_newest(game)
        resolution.after_resolution(game)
        return
    nxt = game.next_player(player)
    game.trace.add("action", f"{player} 让过优先行动权，按回合顺序传给 {nxt}。", rules=("339.2",))
    game.priority = nxt
