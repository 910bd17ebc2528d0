"""The engine under random legal action sequences from random boards: invariants after every step.

Boards are generated as scenario text (so they pass the DSL's own validation), then played out with
random choices among judge.engine.actions.legal_actions() mixed with random effect actions (deal,
kill, stun, buff, heal, recall, moves by effect, draws ...). After every step:
  - judge.engine.invariants.violations() is empty (zones, damage >= 0, battlefield occupancy ...);
  - no card is created or lost: the set of objects is fixed, and only tokens may cease to exist;
  - points never decrease (no action used here has a rule that removes points);
  - at most one player has focus (the showdown's focus is one of the players, or nobody);
  - the chain is empty whenever the turn has ended;
  - an illegal action leaves the state untouched.
Each playout runs under an alarm (no hangs). JUDGE_FUZZ_EXAMPLES raises the number of boards.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.dsl import parse_text
from judge.dsl.errors import ScenarioError
from judge.dsl.model import Action, Pos
from judge.engine import actions
from judge.engine.errors import IllegalAction, NeedChoice
from judge.engine.invariants import violations
from judge.scenario.setup import build_game
from judge.paths import scenarios_dir
from timeouts import time_limit

EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "40"))
STEPS = 80
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
BASE_DIR = scenarios_dir() / "combat"  # so that the include below resolves as in the shipped scenarios
INCLUDE = '包含 "../cards/origins.卡牌"'

def _unit_cards() -> dict[str, int]:
    """Unit cards of the shipped card file with their printed Might (names quoted when they need it)."""
    sc = parse_text(f"{INCLUDE}\n模式 1v1\n玩家 甲\n玩家 乙\n", str(BASE_DIR / "cards.场景"), base_dir=BASE_DIR)
    return {(f'"{c.name}"' if "-" in c.name else c.name): c.might or 0
            for c in sc.cards.values() if c.type == "unit"}


UNIT_CARDS = _unit_cards()
PLAYER_NAMES = ["甲", "乙", "丙", "丁"]
MODES = {"1v1": 2, "ffa3": 3, "ffa4": 4, "2v2": 4}
NOPOS = Pos("<fuzz>", 0, 0)


# ---------------------------------------------------------------- random boards as scenario text
@st.composite
def boards(draw) -> str:
    mode = draw(st.sampled_from(sorted(MODES)))
    players = PLAYER_NAMES[: MODES[mode]]
    victory = draw(st.sampled_from([None, 3, 8, 11]))
    n_bf = draw(st.integers(1, 3))
    bfs = [f"bf{i + 1}" for i in range(n_bf)]
    team = {p: p for p in players}
    lines = ["场景 随机局面", INCLUDE, f"模式 {mode}"]
    if mode == "2v2":
        lines += ["队伍 甲 丙", "队伍 乙 丁"]
        team = {"甲": "A", "丙": "A", "乙": "B", "丁": "B"}
    if victory:
        lines.append(f"胜利得分 {victory}")
    limit = (victory or (11 if mode == "2v2" else 8)) - 1
    lines.append(f"回合玩家 {draw(st.sampled_from(players))}")
    # Each battlefield holds units of at most one team to start with (so the setup is possible).
    occupant = {b: draw(st.sampled_from([None, *players])) for b in bfs}
    counter = 0
    team_points = {}
    for p in players:
        lines.append(f"玩家 {p}")
        pts = team_points.setdefault(team[p], draw(st.integers(0, max(limit, 0))))
        lines.append(f"分数 {pts}")

        def unit():
            nonlocal counter
            counter += 1
            card = draw(st.sampled_from(sorted(UNIT_CARDS)))
            attrs = []
            might = UNIT_CARDS[card]
            if draw(st.booleans()):
                attrs.append(f"伤害 {draw(st.integers(0, max(might - 1, 0)))}")
            for flag in ("休眠", "增益", "眩晕"):
                if draw(st.integers(0, 3)) == 0:
                    attrs.append(flag)
            return " ".join([f"u{counter}={card}", *attrs])

        base = [unit() for _ in range(draw(st.integers(0, 3)))]
        base += [f"r{p}{i}=符文" for i in range(draw(st.integers(0, 2)))]
        if base:
            lines.append("基地: " + ", ".join(base))
        for b in bfs:
            if occupant[b] == p:
                lines.append(f"战场 {b}: " + ", ".join(unit() for _ in range(draw(st.integers(1, 2)))))
        hand = [f"h{p}{i}={draw(st.sampled_from(sorted(UNIT_CARDS)))}" for i in range(draw(st.integers(0, 2)))]
        if hand:
            lines.append("手牌: " + ", ".join(hand))
        deck = [f"d{p}{i}=卡{i}" for i in range(draw(st.integers(0, 3)))]
        if deck:
            lines.append("主牌堆: " + ", ".join(deck))
        trash = [f"t{p}{i}=弃{i}" for i in range(draw(st.integers(0, 2)))]
        if trash:
            lines.append("废牌堆: " + ", ".join(trash))
    for b in bfs:
        attrs = ""
        if occupant[b] is not None and draw(st.booleans()):
            attrs = f" 控制者 {occupant[b]}"
        lines.append(f"战场 {b} = 战场{b[-1]}{attrs}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- what must hold after every step
def fingerprint(game) -> tuple:
    objs = tuple(sorted((o.oid, o.zone, o.location, o.controller, o.damage, o.exhausted, o.buff, o.stunned,
                         o.designation) for o in game.objects.values()))
    zones = tuple((p.name, z, tuple(ids)) for p in game.players.values() for z, ids in sorted(p.zones.items()))
    bfs = tuple((b.bid, b.controller, b.contested_by, tuple(sorted(b.scored_this_turn)))
                for b in game.battlefields.values())
    return (objs, zones, bfs, tuple(sorted(game.points.items())), game.turn, game.turn_player, game.phase,
            game.winner, len(game.chain), game.showdown is None, game.combat is None)


def check_step(game, before_ids, before_points, what: str) -> None:
    problems = violations(game, settled=what != "setup")  # a setup may hold lethal damage until cleanup
    assert not problems, f"after {what}: {problems}"
    assert set(game.objects) == before_ids, f"after {what}: objects created or lost"
    for o in game.objects.values():
        assert o.zone != "gone" or o.token, f"after {what}: non-token {o.oid} ceased to exist"
    for t, pts in game.points.items():
        assert pts >= before_points.get(t, 0), f"after {what}: {t} lost points {before_points[t]} -> {pts}"
    if game.showdown is not None:
        assert game.showdown.focus in game.players, f"after {what}: focus on {game.showdown.focus!r}"
    # Priority and focus are each one attribute naming one player (or nobody): check what they name.
    assert getattr(game, "priority", None) in (None, *game.players), f"after {what}: priority {game.priority!r}"
    if getattr(game, "priority", None) is not None:
        assert game.chain, f"after {what}: a player holds priority with an empty chain"


def random_effect(game, rnd: random.Random) -> Action:
    board = [o.oid for o in game.objects.values() if o.zone == "board"]
    anything = list(game.objects) or ["nothing"]
    target = rnd.choice(board or anything) if rnd.random() < 0.9 else rnd.choice(anything)
    player = rnd.choice([None, *game.players])
    dests = ["base", *game.battlefields]
    verb = rnd.choice(["deal", "kill", "stun", "buff", "heal", "recall", "move", "exhaust", "ready", "might_mod",
                       "draw", "spend_buff", "pass_all", "cleanup", "standard_move", "play", "play", "pass"])
    if verb == "play":
        hand = [oid for pl in game.players.values() for oid in pl.zones["hand"]]
        owner = game.objects[rnd.choice(hand)].owner if hand else rnd.choice(list(game.players))
        card = rnd.choice([oid for oid in game.players[owner].zones["hand"]] or anything)
        play = {"card": card, "targets": [target] if rnd.random() < 0.3 else [], "accelerate": rnd.random() < 0.2}
        if rnd.random() < 0.5:
            play["dest"] = rnd.choice(dests)
        return Action("play", NOPOS, owner if rnd.random() < 0.8 else player or owner, play, text="fuzz play")
    if verb == "pass":
        return Action("pass", NOPOS, getattr(game, "priority", None) or player or game.turn_player, {}, text="fuzz pass")
    args = {
        "deal": {"amount": rnd.choice([0, 1, 2, 5, 99]), "targets": [target]},
        "move": {"units": [target], "dest": rnd.choice(dests)},
        "standard_move": {"units": [target], "dest": rnd.choice(dests)},
        "might_mod": {"target": target, "amount": rnd.choice([-9, -2, -1, 1, 3])},
        "draw": {"count": rnd.choice([1, 2])},
        "spend_buff": {"target": target},
    }.get(verb, {"targets": [target]})
    if verb in ("draw", "standard_move"):
        player = player or game.turn_player
    return Action(verb, NOPOS, player, args, text=f"fuzz {verb}")


def playout(text: str, seed: int) -> int:
    try:
        sc = parse_text(text, str(BASE_DIR / "fuzz.场景"), base_dir=BASE_DIR)
        game = build_game(sc, auto=True)
    except ScenarioError:
        return 0  # an impossible board is the DSL's business (tested in test_robust_dsl)
    rnd = random.Random(seed)
    ids = set(game.objects)
    points = dict(game.points)
    check_step(game, ids, points, "setup")
    steps = 0
    for _ in range(STEPS):
        if game.over:
            break
        legal = actions.legal_actions(game)
        action = rnd.choice(legal) if legal and rnd.random() < 0.7 else random_effect(game, rnd)
        turn_before = game.turn
        snap = fingerprint(game)
        try:
            actions.apply(game, action)
        except IllegalAction:
            assert fingerprint(game) == snap, f"illegal {action.verb} {action.args} changed the state"
            continue
        except NeedChoice as need:  # auto mode should never need to ask
            raise AssertionError(f"auto mode asked for a choice: {need.prompt}") from None
        steps += 1
        what = f"{action.verb} {action.player} {action.args}"
        check_step(game, ids, points, what)
        if game.turn != turn_before or action.verb == "end_turn":
            assert not game.chain, f"after {what}: chain not empty when the turn ended"
        points = dict(game.points)
    return steps


@FUZZ
@given(boards(), st.integers(0, 2**32 - 1))
def test_random_playouts_keep_the_invariants(text, seed):
    with time_limit(60, "playout"):  # a hang, not slowness under a loaded machine
        playout(text, seed)


def test_legal_actions_are_all_legal_on_a_shipped_board():
    """Every action legal_actions() offers applies without IllegalAction (on fresh copies of one board)."""
    text = (
        f"{INCLUDE}\n模式 1v1\n玩家 甲\n基地: a1=战士, a2=游侠\n主牌堆: x=卡\n玩家 乙\n战场 bf1: b1=步兵\n"
        "主牌堆: y=卡\n战场 bf1 = 一\n战场 bf2 = 二\n")
    sc = parse_text(text, str(BASE_DIR / "fuzz.场景"), base_dir=BASE_DIR)
    offered = actions.legal_actions(build_game(sc, auto=True))
    assert {a.verb for a in offered} >= {"standard_move", "end_turn"}
    for a in offered:
        game = build_game(parse_text(text, str(BASE_DIR / "fuzz.场景"), base_dir=BASE_DIR), auto=True)
        actions.apply(game, a)
        assert not violations(game)


def test_a_long_random_playout_stays_sound():
    """One long game (many turns) from a fixed board: the invariants hold for hundreds of steps."""
    text = (f"{INCLUDE}\n模式 1v1\n胜利得分 30\n玩家 甲\n基地: a1=战士, a2=游侠, a3=巨人\n"
            + "主牌堆: " + ", ".join(f"x{i}=卡" for i in range(40)) + "\n玩家 乙\n基地: b1=步兵, b2=守卫, b3=突击兵\n"
            + "主牌堆: " + ", ".join(f"y{i}=卡" for i in range(40)) + "\n战场 bf1 = 一\n战场 bf2 = 二\n")
    with time_limit(60, "playout"):
        global STEPS
        old, STEPS = STEPS, 600
        try:
            assert playout(text, 7) > 100
        finally:
            STEPS = old
