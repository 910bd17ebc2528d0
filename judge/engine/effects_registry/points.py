"""Points and the Victory Score (194): gaining points from an effect (194.1.c; not scoring, 468.1),
losing points (never below 0, 194.4, 194.4.a), changing the Victory Score (194.3.a)."""

from __future__ import annotations

from judge.engine import scoring
from judge.engine.instructions import EffectKind
from judge.trace.events import Change

OPPONENTS = {"对手", "每名对手", "opponents"}


def _players(game, item, args) -> list[str]:
    """The controller, or each opponent with one player per team (a team shares its points, 489.8.d)."""
    if not args.get("opponents"):
        return [item.controller]
    out, teams = [], set()
    for p in game.opponents(item.controller):
        if game.teams[p] not in teams:
            teams.add(game.teams[p])
            out.append(p)
    return out


class _PlayerPoints(EffectKind):
    params = "对手（每名对手，而不是控制者）"

    def read_args(self, words):
        if any(w not in OPPONENTS for w in words):
            raise ValueError(f"效果“{self.display}”只接受“对手”。")
        return {"opponents": bool(words)}


class GainPoints(_PlayerPoints):
    id, zh, aliases, rule, amount, targeted = "gain_points", ("获得分数",), ("gain-points",), "194.1.c", True, False

    def apply(self, game, item, eff, legal, previous, who):
        for p in _players(game, item, eff.args):
            game.trace.add("step", f"{who}：{p} 获得 {eff.amount} 分（效果给分，不是得分）。", rules=("194.1.c",))
            scoring.gain_points(game, p, eff.amount, who, rules=("194.1.c",))
        return previous


class LosePoints(_PlayerPoints):
    """The player's team (or each opponent's) loses N points, never going below 0 (194.4); at 0
    nothing happens (194.4.a)."""

    id, zh, aliases, rule, amount, targeted = "lose_points", ("失去分数",), ("lose-points",), "194.4", True, False

    def apply(self, game, item, eff, legal, previous, who):
        for p in _players(game, item, eff.args):
            team = game.teams[p]
            before = game.points[team]
            if before == 0:
                game.trace.add("step", f"{who}：{p} 的分数为 0，失去分数不会发生任何变化。", rules=("194.4.a",))
                continue
            game.points[team] = max(0, before - eff.amount)
            game.trace.add("change", f"{who}：{p} 失去 {before - game.points[team]} 分（分数不能低于 0）。", rules=("194.4",),
                           changes=[Change(p, "分数", before, game.points[team])])
        return previous


class ChangeVictoryScore(EffectKind):
    """'The Victory Score is increased by N' (194.3.a); checked in the next cleanup (194.2)."""

    id, zh, aliases, rule, amount, targeted = "victory_score", ("修改胜利得分",), ("victory-score",), "194.3.a", True, False

    def apply(self, game, item, eff, legal, previous, who):
        before = game.victory_score
        game.victory_score = max(1, before + eff.amount)
        game.trace.add("change", f"{who}：胜利得分 {before} → {game.victory_score}。", rules=("194.3.a",),
                       changes=[Change("游戏", "胜利得分", before, game.victory_score)])
        return previous


class WinGame(EffectKind):
    """'You win the game': an effect that instructs its controller to win ends the game (195, 196)."""

    id, zh, aliases, rule, targeted = "win_game", ("赢得游戏",), ("win-the-game",), "195", False

    def apply(self, game, item, eff, legal, previous, who):
        if game.winner is None:
            game.winner = item.controller
            game.trace.add("result", f"{who}：{item.controller} 赢得游戏（效果指示其获胜）。", rules=("195", "196"))
        return previous
