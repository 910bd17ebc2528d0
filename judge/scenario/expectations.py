"""Evaluating a scenario's expectations (and checkpoints) against the game state and its trace."""

from __future__ import annotations

from dataclasses import dataclass

from judge.dsl.model import Expectation
from judge.dsl.validate import ZONE_WORDS
from judge.engine.layers import might
from judge.engine.state import PHASE_NAMES, Game

GAME_WORDS = ("游戏", "game")
NONE_WORDS = ("无", "none")


@dataclass
class CheckResult:
    text: str
    ok: bool
    actual: str
    pos: object = None
    kind: str = "final"  # final | checkpoint | illegal

    @property
    def line(self) -> int:
        """The line of the scenario file the expectation or checkpoint is written on."""
        return getattr(self.pos, "line", 0) or 0

    def to_dict(self) -> dict:
        return {"text": self.text, "ok": self.ok, "actual": self.actual, "kind": self.kind,
                "line": getattr(self.pos, "line", 0)}


def _rule_applied(game: Game, number: str) -> bool:
    return any(r == number or r.startswith(number + ".") for r in game.trace.rules_applied())


def evaluate(game: Game, e: Expectation) -> tuple[bool, str]:
    """(holds?, what the state actually is)."""
    if e.kind == "winner":
        want = None if e.value in NONE_WORDS else e.value
        got = game.winner
        ok = (got is None and want is None) or (got is not None and want is not None and want in got.split("、"))
        return ok, f"胜者：{got or '无'}"
    if e.kind == "trace":
        if e.predicate == "rule":
            hit = _rule_applied(game, e.value)
        else:
            hit = any(e.value in ev.text for ev in game.trace.events)
        return hit != e.negated, ("追踪中包含" if hit else "追踪中不包含") + f" {e.value}"
    ok, actual = _subject(game, e)
    return ok != e.negated, actual


def _subject(game: Game, e: Expectation) -> tuple[bool, str]:
    s, pred, val = e.subject, e.predicate, e.value
    if s in GAME_WORDS:
        if pred == "phase":
            cur = PHASE_NAMES[game.phase]
            return val in (cur, game.phase), f"阶段：{cur}"
        if pred == "turn":
            return game.turn == val, f"回合：{game.turn}"
        if pred == "state":
            return val == game.state_name(), f"状态：{game.state_name()}"
    if s in game.players:
        if pred == "points":
            return game.points_of(s) == val, f"{s} 分数 {game.points_of(s)}"
        if pred == "turn_player":
            return game.turn_player == s, f"回合玩家：{game.turn_player}"
        if pred == "count":
            zone_kw, n = val
            if zone_kw == "base":
                got = len([o for o in game.board() if o.controller == s and o.location == "base" and o.is_unit])
            else:
                got = len(game.players[s].zones[zone_kw])
            return got == n, f"{s} 的{zone_kw}数量 {got}"
    if s in game.battlefields:
        bf = game.battlefields[s]
        if pred == "controller":
            want = None if val in NONE_WORDS else val
            return bf.controller == want, f"{s} 控制者：{bf.controller or '无'}"
        if pred == "contested":
            return bf.contested_by is not None, f"{s} 争夺：{'是（' + bf.contested_by + '）' if bf.contested_by else '否'}"
    from judge.engine.refs import resolve_ref
    from judge.engine.errors import IllegalAction

    try:
        o = resolve_ref(game, s)
    except IllegalAction as err:
        return False, err.message
    where = game.location_label(o)
    if pred == "in":
        zone = ZONE_WORDS.get(val)
        if val in game.battlefields:
            ok = o.zone == "board" and o.location == val
        elif zone == "base":
            ok = o.zone == "board" and o.location == "base"
        elif zone == "facedown":
            ok = o.zone == "facedown"
        elif zone is not None:
            ok = o.zone == zone
        else:
            ok = False
        return ok, f"{o.label()} 位于{where}"
    if pred == "might":
        return might(game, o) == val, f"{o.label()} 战力 {might(game, o)}"
    if pred == "damage":
        return o.damage == val, f"{o.label()} 伤害 {o.damage}"
    if pred == "exhausted":
        return o.exhausted, f"{o.label()} {'休眠' if o.exhausted else '活跃'}"
    if pred == "ready":
        return not o.exhausted, f"{o.label()} {'休眠' if o.exhausted else '活跃'}"
    if pred == "stunned":
        return o.stunned, f"{o.label()} {'眩晕' if o.stunned else '未眩晕'}"
    if pred == "buff":
        return o.buff == val, f"{o.label()} 增益 {o.buff}"
    if pred == "controller":
        return o.controller == val, f"{o.label()} 控制者 {o.controller}"
    return False, f"“{s}”没有这项属性（{pred}）"
