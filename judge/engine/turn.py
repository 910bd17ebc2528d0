"""Turn structure: ending the turn (317: ending phase, its special cleanup 317.2) and starting the
next player's turn (315: awaken, beginning phase with its scoring step, channel two runes (430),
draw one with burn out (431)), then the main phase with rune pools emptied (165)."""

from __future__ import annotations

from judge.engine import cleanup, effects, resolution, scoring, zones
from judge.engine.errors import IllegalAction
from judge.engine.keywords import KEYWORDS
from judge.engine.state import Game
from judge.trace.events import Change

PHASES = ("beginning", "main", "ending")


# Each mode's First Turn Process (483.7): the second player of a duel channels an extra rune; in
# the multiplayer modes the first player skips the first draw and the last channels an extra rune.
FIRST_TURN = {"1v1": "485.7", "ffa3": "487.7", "ffa4": "488.7", "2v2": "489.7"}

def end_turn(game: Game, player: str | None) -> None:
    player = player or game.turn_player
    if game.over:
        raise IllegalAction("游戏已经结束。", "196")
    if player != game.turn_player:
        raise IllegalAction(f"只有回合玩家（{game.turn_player}）可以结束回合。", "317")
    if game.phase != "main" or not game.neutral_open():
        raise IllegalAction(f"只能在主阶段的普通开环状态结束回合（当前：{game.state_name()}）。", "317")
    game.trace.add("action", f"{player} 没有更多的自决行动，结束主阶段，进入回合结束阶段。", rules=("316.9",))
    game.phase = "ending"
    from judge.engine.abilities import delayed

    fired = delayed.fire(game, "end_of_turn")  # "at end of turn" delayed abilities (389)
    if _phase_event(game, "end_of_turn", player) or fired:  # the ending step (317.1.a)
        _play_out_unscripted(game)
    cleanup.run(game, special="end_of_turn")
    resolution.play_out(game)
    if game.over:
        return
    start_turn(game, _next_turn(game, player))


def _next_turn(game: Game, player: str) -> str:
    """Who takes the next turn: a queued Additional Turn first (735, 737); once none is left, the queue
    proceeds with the turns queued before them, after the regular turn they followed (737)."""
    if game.extra_turns:
        if game.resume_after is None:
            game.resume_after = player
        owner = game.extra_turns.pop(0)
        game.extra_turns_taken += 1
        game.trace.add("step", f"回合队列：{owner} 进行一个额外回合（之后回合队列照常继续）。", rules=("735", "737"))
        return owner
    base, game.resume_after = game.resume_after or player, None
    return game.next_player(base)


def _phase_event(game: Game, event: str, player: str) -> bool:
    """The start of a phase (or the ending step) of `player`'s turn is an event; True if anything triggered."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts(event, player=player, via="turn"))
    return bool(game.fired_triggers or game.pending_triggers)


def _play_out_unscripted(game: Game) -> None:
    """Turn transitions are not scripted step by step: the chain is played out with every player passing,
    so that each step of the start of turn is complete before the next begins."""
    cleanup.run(game)
    if not game.chain or game.over:
        return
    game.trace.add("note", "回合转换中的触发式技能：脚本未安排行动，视为所有玩家让过。", rules=("339.1",))
    resolution.run(game, wait=False)


def start_turn(game: Game, player: str) -> None:
    game.turn += 1
    game.turn_player = player
    game.phase = "beginning"
    for bf in game.battlefields.values():
        bf.scored_this_turn.clear()
        bf.conquered_this_turn.clear()
        bf.held_by_ally.clear()
    t = game.trace
    t.add("step", f"第 {game.turn} 回合：{player} 成为回合玩家，回合开始。", rules=("317.3",))
    t.depth += 1
    try:
        # Awaken: the turn player readies everything they control.
        from judge.engine.statics import forbidder

        mine = [o for o in list(game.in_play()) if o.controller == player]  # the legend too (315.1.b, 174)
        held = [o for o in mine if o.exhausted and forbidder(game, "allows_awaken", o) is not None]
        woken = [o for o in mine if o not in held and o.exhausted]
        changes = [c for c in (effects.set_exhausted(game, o, False) for o in woken) if c]
        if held:
            t.add("note", f"{'、'.join(o.label() for o in held)} 不能变为活跃状态，唤醒时保持休眠（“不能”优先于“可以”）。",
                  rules=("054.1", "415.3.a"))
        t.add("change", f"唤醒：{player} 将其控制的所有游戏物体变为活跃状态。", rules=("315.1.b", "415"), changes=changes)
        effects.readied(game, [o for o in woken if not o.exhausted], player)
        # Start of beginning phase: Temporary (瞬息) units die before the scoring step.
        for kw in KEYWORDS:
            kw.at_beginning_phase(game, player)
        from judge.engine.abilities import delayed

        delayed.fire(game, "next_turn_start", player)  # "at the start of your next turn" (389)
        _phase_event(game, "beginning_phase", player)  # the beginning step (315.2.a.1)
        _play_out_unscripted(game)
        if game.over:
            return
        # Scoring step: hold every battlefield the turn player controls.
        if game.mode == "2v2":
            for bf in game.battlefields.values():
                if bf.controller and bf.controller != player and game.teams[bf.controller] == game.teams[player]:
                    bf.held_by_ally.add(game.teams[player])
        held = [bf for bf in game.battlefields.values() if bf.controller == player]
        t.add("step", f"得分步骤：{player} 据守其控制的所有战场（{'、'.join(b.label() for b in held) or '无'}）。",
              rules=("315.2.b.2", "469.2"))
        for bf in held:
            scoring.hold(game, player, bf.bid)
        _play_out_unscripted(game)  # hold triggers resolve within the scoring step
        if game.over:
            return
        # Channel two runes, then draw one; the mode's first-turn process (483.7) applies on each
        # player's first turn (turn numbers count from the first player's first turn).
        # an Additional Turn is no turn of the turn order (737): it is never a first turn, and the regular
        # turns after it keep their place in the order
        regular = game.turn - game.extra_turns_taken
        first_turn = regular <= len(game.order) and game.resume_after is None
        extra = 0
        if first_turn and ((game.mode == "1v1" and regular == 2) or
                           (game.mode != "1v1" and regular == len(game.order))):
            extra = 1
            t.add("note", f"{player} 的第一个回合：按游戏模式多召出一张符文。", rules=(FIRST_TURN.get(game.mode, "483.7"),))
        zones.channel(game, player, 2 + extra)
        if _phase_event(game, "draw_phase", player):  # the draw phase begins (315.4)
            _play_out_unscripted(game)
            if game.over:
                return
        if first_turn and game.mode != "1v1" and regular == 1:
            t.add("note", f"{player} 是起始玩家：按游戏模式跳过第一个回合的抽牌。", rules=(FIRST_TURN.get(game.mode, "483.7"),))
        else:
            zones.draw(game, player, 1, why="抽牌阶段")
        _play_out_unscripted(game)
        if game.over:
            return
        # Main phase: rune pools empty.
        game.phase = "main"
        pools = []
        for p in game.players.values():
            if p.energy or p.power:
                pools.append(Change(p.name, "符文池", f"法力{p.energy} 符能{p.power}", "空"))
                p.energy = p.power = 0
            p.power_domains = []  # the pool's power is gone, and with it the domains it had
        p.reserved = {}  # resources usable only for some cards are part of the pool (167)
        t.add("step", f"{player} 的主阶段开始：所有玩家的符文池清空。", rules=("316.3", "165"), changes=pools)
        if _phase_event(game, "main_phase", player):  # then "at the start of the main phase" effects (316.4)
            _play_out_unscripted(game)
    finally:
        t.depth -= 1
