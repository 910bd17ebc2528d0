"""Evaluating a scenario's expectations (and checkpoints) against the game state and its trace."""

from __future__ import annotations

from judge.recordtype import record

from judge.dsl.model import Expectation
from judge.dsl.validate import ZONE_WORDS
from judge.engine import priority, vocab
from judge.engine.costs import pool_units
from judge.engine.keywords import KEYWORDS
from judge.engine.layers import might
from judge.engine.state import PHASE_NAMES, Game, ZONE_NAMES
from judge.rules.number import within

GAME_WORDS = ("游戏", "game")
NONE_WORDS = ("无", "none")


@record
class CheckResult:
    """The outcome of one expectation: its text, whether it held, what was found."""

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
    return any(within(r, number) for r in game.trace.rules_applied())


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


RESULT_WORDS = vocab.spellings(vocab.COMBAT_RESULTS)


def _holder_check(game: Game, s: str, pred: str, val) -> tuple[bool, str]:
    """Focus (313: only during a showdown) or priority (312.2: the one player who may act now)."""
    if pred == "focus":
        holder, what = (game.showdown.focus if game.showdown is not None else None), "焦点"
        why = "" if holder or game.showdown is not None else "（普通状态下没有玩家拥有焦点，规则 313.5）"
    else:
        holder, what, why = (None if game.over else priority.actor(game)), "优先行动权", ""
    actual = f"{what}：{holder or '无'}{why}"
    if s in GAME_WORDS:
        return holder == (None if val in NONE_WORDS else val), actual
    if val is not None:
        return False, f"“{s} {what} {val}”的写法不对：写“{s} {what}”或“游戏 {what} {val}”"
    return holder == s, actual


def _combat_check(game: Game, s: str, val: str) -> tuple[bool, str]:
    """The latest combat result (466.3) of a battlefield, of a player, or of a unit (its controller's, 466.3.c)."""
    want = RESULT_WORDS.get(val, val)
    if s in game.battlefields:
        found = [r for r in game.combat_results if r.battlefield == s]
        side = None
    elif s in game.players:
        found = [r for r in game.combat_results if s in (r.attacker, r.defender)]
        side = s
    else:
        from judge.engine.refs import resolve_ref

        o = resolve_ref(game, s)
        found = [r for r in game.combat_results if o.oid in r.units]
        side = o.controller
    if not found:
        return False, f"{s} 没有战斗结果（没有进行过战斗）"
    r = found[-1]
    label = game.battlefields[r.battlefield].label()
    if r.winner is None:
        actual, got = f"{label} 的战斗：无胜负（进攻方 {r.attacker}，防守方 {r.defender}）", {"none"}
    else:
        won = "attacker" if r.winner == r.attacker else "defender"
        actual, got = f"{label} 的战斗：{vocab.name(vocab.COMBAT_RESULTS, won)}（{r.winner} 获胜）", {won, r.winner}
    if side is not None and r.winner is not None:
        got.add("won" if game.teams[side] == game.teams[r.winner] else "lost")
    return want in got, actual


def _deck_position(game: Game, o) -> tuple[int, int] | None:
    """(1-based position from the top, size) of a card in its owner's deck or rune deck."""
    if o.zone not in ("deck", "rune_deck"):
        return None
    deck = game.players[o.owner].zones[o.zone]
    return deck.index(o.oid) + 1, len(deck)


def _subject(game: Game, e: Expectation) -> tuple[bool, str]:
    s, pred, val = e.subject, e.predicate, e.value
    if pred in ("focus", "priority"):
        return _holder_check(game, s, pred, val)
    if pred == "combat":
        return _combat_check(game, s, val)
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
        if pred == "pool":
            energy, power, syms = val
            pl = game.players[s]
            units = pool_units(pl)
            ok = pl.energy == energy and pl.power == power and (not syms or sorted(units) == syms)
            doms = "".join(f"[{d}]" for d in sorted(units) if d != "*")
            return ok, f"{s} 的符文池：法力 {pl.energy}，符能 {pl.power}" + (f"（{doms}）" if doms else "")
        if pred == "xp":
            return game.players[s].xp == val, f"{s} 经验 {game.players[s].xp}"
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
    if pred == "deck_pos":
        at = _deck_position(game, o)
        if at is None:
            return False, f"{o.label()} 不在牌堆中（位于{where}）"
        n, size = at
        want = val if val > 0 else size + 1 + val
        return n == want, f"{o.label()} 位于{ZONE_NAMES[o.zone]}第 {n} 张（共 {size} 张，第 1 张为顶）"
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
    if pred == "keyword":
        kw, want = val
        n = o.has(kw, game)
        zh = KEYWORDS.get(kw).zh[0]
        return (n > 0 if want is None else n == want), f"{o.label()} " + (f"具有[{zh}]" + (f" {n}" if n > 1 else "") if n else f"不具有[{zh}]")
    return False, f"“{s}”没有这项属性（{pred}）"
