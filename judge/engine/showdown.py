"""Showdowns (341): opening one, focus rotating through all players in
turn order, passing, and closing when every player has passed in sequence on an empty chain.
A non-combat showdown ends with the contester establishing control, which is a conquer (469.1).
Playing cards and abilities inside a showdown (priority, reactions) go through judge.engine.resolution."""

from __future__ import annotations

from judge.engine import scoring
from judge.engine.errors import IllegalAction
from judge.engine.state import Game, Showdown
from judge.trace.events import Change


def open_showdown(game: Game, bid: str) -> None:
    bf = game.battlefields[bid]
    bf.showdown_staged = False
    focus = bf.contested_by or game.turn_player
    game.showdown = Showdown(bid, combat=False, focus=focus,
                             began_at_chain_close=game.chain_opened_by is not None and not game.chain)
    game.trace.add("step", f"在 {bf.label()} 开启非战斗法术对决；{focus} 获得焦点。", rules=("344", "345"))
    began(game, bid, focus)


def began(game: Game, bid: str, focus: str) -> None:
    """"When a showdown begins here": the event of a showdown opening at a battlefield (344, 464.2.c.1.a)."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("showdown_start", player=focus, battlefield=bid))


def pass_focus(game: Game, player: str) -> None:
    sd = game.showdown
    if sd is None:
        raise IllegalAction("现在没有进行中的法术对决，无法让过。", "347")
    if player != sd.focus:
        raise IllegalAction(f"现在由 {sd.focus} 拥有焦点，{player} 不能让过。", "347")
    sd.passes += 1
    game.trace.add("action", f"{player} 让过（焦点）。", rules=("347.2",))
    if sd.passes >= len(game.order):
        close(game)
    else:
        sd.focus = game.next_player(player)


def reset_passes(game: Game) -> None:
    """A player acted in the showdown: the sequence of passes starts again."""
    if game.showdown is not None:
        game.showdown.passes = 0


def close(game: Game) -> None:
    from judge.engine import cleanup, combat

    sd = game.showdown
    game.trace.add("step", f"所有玩家依次让过且结算链为空：{game.battlefields[sd.battlefield].label()} 的法术对决结束。",
                   rules=("348",))
    if sd.combat:
        combat.after_showdown(game)
        return
    bf = game.battlefields[sd.battlefield]
    game.showdown = None
    contester = bf.contested_by
    present = game.players_at(bf.bid)
    if contester and present == [contester] and bf.controller != contester:
        before = bf.controller
        bf.controller = contester
        game.trace.add("change", f"{contester} 确立对 {bf.label()} 的控制。", rules=("348.2.a", "469.1"),
                       changes=[Change(bf.label(), "控制者", before, contester)])
        scoring.conquer(game, contester, bf.bid, was_open=before is None)  # no combat: no enemy was there
    if bf.contested_by:
        game.trace.add("change", f"{bf.label()} 的争夺状态被移除。", rules=("190.3.b",),
                       changes=[Change(bf.label(), "争夺", "是", "否")])
        bf.contested_by = None
    cleanup.run(game)
