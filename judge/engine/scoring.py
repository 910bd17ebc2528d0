"""Scoring (467): conquer (469.1) and hold, once per battlefield per player per turn, the final
point rule (draw instead unless every battlefield was scored this turn), point gains outside
scoring (burn out, effects), and the victory check of cleanup step 1 (318)."""

from __future__ import annotations

from judge.engine.state import Game
from judge.engine.statics import victory_score
from judge.trace.events import Change


def gain_points(game: Game, player: str, amount: int, why: str, rules=("471.1",), faq=()) -> bool:
    """Whether the points were gained (a "can't gain points" static stops them, 054.1)."""
    from judge.engine.statics import forbidder

    barred = forbidder(game, "allows_gain_points", player) if amount > 0 else None
    if barred is not None:
        game.trace.add("note", f"{barred[0].label()} 的静态技能（{barred[1].display}）：{player} 不能获得分数，"
                       f"不获得这 {amount} 分（{why}）。", rules=("054.1",))
        return False
    team = game.teams[player]
    before = game.points[team]
    game.points[team] = max(0, before + amount)  # points never drop below 0
    who = player if len([p for p in game.order if game.teams[p] == team]) == 1 else f"{player}（队伍）"
    game.trace.add("change", f"{who} 获得 {amount} 分（{why}）。", rules=rules, faq=faq,
                   changes=[Change(player, "分数", before, game.points[team])])
    return True


def conquer(game: Game, player: str, bid: str, was_open: bool = False) -> None:
    """`was_open`: the battlefield was unoccupied and uncontrolled when the units moved in (170.11.c)."""
    _score(game, player, bid, "conquer", was_open)


def hold(game: Game, player: str, bid: str) -> None:
    _score(game, player, bid, "hold")


def _score(game: Game, player: str, bid: str, how: str, was_open: bool = False) -> None:
    from judge.engine import zones

    bf = game.battlefields[bid]
    word = "征服" if how == "conquer" else "据守"
    rules = ("469.1", "471.1") if how == "conquer" else ("469.2", "471.1")
    if player in bf.scored_this_turn:
        game.trace.add("note", f"{player} 本回合已在 {bf.label()} 得过分：每处战场每回合只能得分一次，此次不算{word}。",
                       rules=("470",), faq=("C-SCORING",))
        return
    if game.teams[player] in bf.held_by_ally:
        game.trace.add("note", f"{bf.label()} 在本回合开始阶段的得分步骤由队友控制：本队本回合不能在此得分。",
                       rules=("469.1.a", "315.2.b.3"))
        return
    from judge.engine.statics import forbidder

    barred = forbidder(game, "allows_score", player, bid)
    if barred is not None:
        game.trace.add("note", f"{barred[0].label()} 的静态技能（{barred[1].display}）：{player} 不能在 {bf.label()} 得分，"
                       f"此次不算{word}（“不能”优先于“可以”）。", rules=("054.1", "469"))
        return
    bf.scored_this_turn.add(player)
    if how == "conquer":
        bf.conquered_this_turn.add(player)
    from judge.engine.abilities import triggered

    triggered.scored(game, player, bid, how, "open" if was_open else None)  # conquer/hold triggers, even if the point becomes a draw
    if how == "conquer" and game.points_of(player) >= victory_score(game) - 1:
        others = [b for b in game.battlefields.values()
                  if b.bid != bid and player not in b.scored_this_turn and game.teams[player] not in b.held_by_ally]
        if others:
            game.trace.add("step", f"{player} 征服 {bf.label()}，但这是最后一分：本回合尚未在 "
                           f"{'、'.join(b.label() for b in others)} 得分，因此改为抽一张牌。",
                           rules=("471.1.b.1",), faq=("C-FINAL-POINT",))
            zones.draw(game, player, 1, why="征服最后一分改为抽牌")
            return
    game.trace.add("step", f"{player} {word} {bf.label()}。", rules=rules, faq=("C-SCORING",))
    if gain_points(game, player, 1, word, rules=rules) and how == "hold":
        pl = game.players[player]
        turn, n = pl.hold_points
        pl.hold_points = (game.turn, (n if turn == game.turn else 0) + 1)  # "for each point you gained by holding this turn"


def check_victory(game: Game, rules=("323.1",), immediate: bool = False) -> bool:
    """A player (2v2: team) with at least the victory score and strictly more than every other wins."""
    if game.over:
        return True
    ranked = sorted(game.points.items(), key=lambda kv: -kv[1])
    top_team, top = ranked[0]
    needed = victory_score(game)  # 194.3.a: with every static change to it
    if top >= needed and (len(ranked) == 1 or ranked[1][1] < top):
        members = [p for p in game.order if game.teams[p] == top_team]
        game.winner = "、".join(members)
        how = "（连续燃尽，立即获胜）" if immediate else ""
        game.trace.add("result", f"{game.winner} 以 {top} 分（胜利得分 {needed}）领先所有对手，获胜{how}。",
                       rules=rules)
        return True
    return False
