"""Random playouts of real decks, with a game log that replays to the same end state.

A game: two seeded legal decks (judge.cards.decks), the setup of 110-118 (legend and Chosen Champion
set aside, decks shuffled, turn order drawn, four cards drawn, a mulligan of up to two cards recycled),
each player's battlefield picked at random from their three (the duel's setup) and put on the board with
its abilities (judge.engine.battlefields), then random decisions
until a player wins or the decision limit is reached. Each card plays with its shipped encoding when one
exists, else with its facts (type, cost, Might, and the keywords that need no further text); the log
lists the facts-only cards.

The log (JSON lines) holds every random outcome as a decision — deck orders, turn order, battlefield
picks, mulligans, each action tried and whether the rules accepted it — so a replay needs no random
numbers: it rebuilds the game from the log, repeats the decisions, and compares the end state.
"""

from __future__ import annotations

import hashlib
import json
import random
import time

from judge.engine import actions, invariants, zones
from judge.engine.commands import Action
from judge.engine.errors import IllegalAction, NeedChoice
from judge.engine.state import NON_BOARD_ZONES, Battlefield, Game, GameObject, Player

PLAYERS = ("甲", "乙")
HAND = 4  # 116
MULLIGAN = 2  # 117.1
LOG_FORMAT = 1
MAX_DECISIONS = 600
# Keywords a card's facts can carry without further card text (values from the markup, e.g. "强攻 2").
FACT_KEYWORDS = ("tank", "backline", "assault", "shield", "ganking", "temporary", "accelerate", "deflect",
                 "hidden", "action", "reaction")


class LogError(Exception):
    """A game log that cannot be read as one (Chinese message)."""


class ReplayMismatch(LogError):
    """A replayed game diverged from its log (Chinese message)."""


# ------------------------------------------------------------------------------------ card definitions
_DEFS: dict[str, tuple] = {}


def card_def(cid: str):
    """(CardDef, encoded?) of a catalog card: its shipped encoding with the catalog's facts, or the facts
    alone with the keywords the engine registry knows. Definitions are shared across games (read-only)."""
    if cid not in _DEFS:
        from judge.cards import encoded
        from judge.cards.catalog import catalog
        from judge.engine.cards import CardDef
        from judge.engine.keywords import KEYWORDS

        card = catalog().card(cid)
        block = encoded.index().get(cid)
        if block is not None:
            d = encoded.parse_block(block)
        else:
            d = CardDef(cid)
            for text in card.keywords:
                word, _, value = text.partition(" ")
                kw = KEYWORDS.lookup(word)
                if kw is not None and kw.id in FACT_KEYWORDS:
                    d.keywords[kw.id] = int(value) if value.strip().isdigit() else 1
        encoded.apply_facts(d, card)
        d.name = cid
        _DEFS[cid] = (d, block is not None)
    return _DEFS[cid]


# ------------------------------------------------------------------------------------ setup
def deal(rng: random.Random, decks: dict) -> dict:
    """The random part of setup as decisions: deck orders (114), first player (115), battlefield picks,
    and mulligans (117: which of the first four cards are set aside)."""
    setup = {"order": list(PLAYERS), "main": {}, "runes": {}, "battlefield": {}, "mulligan": {}}
    rng.shuffle(setup["order"])
    for p in PLAYERS:
        d = decks[p]
        setup["main"][p] = rng.sample(range(len(d.main)), len(d.main))
        setup["runes"][p] = rng.sample(range(len(d.runes)), len(d.runes))
        setup["battlefield"][p] = rng.randrange(len(d.battlefields))
        setup["mulligan"][p] = sorted(rng.sample(range(HAND), rng.randint(0, MULLIGAN)))
    return setup


def new_game(decks: dict, setup: dict) -> Game:
    """The game after setup (110-118), at the start of the first player's first turn."""
    from judge.dsl.validate import DEFAULT_VICTORY
    from judge.engine.choices import Choices
    from judge.engine.turn import start_turn

    objects: dict[str, GameObject] = {}
    players = {p: Player(p, p) for p in PLAYERS}

    def put(p: str, cid: str, zone: str, n: int) -> str:
        oid = f"{cid}#{p}{n}"
        objects[oid] = GameObject(oid, card_def(cid)[0], owner=p, controller=p, zone=zone)
        players[p].zones[zone].append(oid)
        return oid

    bfs = {}
    for i, p in enumerate(PLAYERS):
        d = decks[p]
        put(p, d.legend, "legend", 0)  # 111
        put(p, d.champion, "champion", 0)  # 112
        players[p].chosen_champion = card_def(d.champion)[0].name  # 103.2.a.3
        for k, j in enumerate(setup["main"][p]):  # 114.1
            put(p, d.main[j], "deck", k + 1)
        for k, j in enumerate(setup["runes"][p]):  # 114.2
            put(p, d.runes[j], "rune_deck", k + 1)
        bid = f"bf{i + 1}"
        bfs[bid] = Battlefield(bid, d.battlefields[setup["battlefield"][p]])
    order = list(setup["order"])
    game = Game(players=players, order=order, teams={p: p for p in PLAYERS}, points={p: 0 for p in PLAYERS},
                victory_score=DEFAULT_VICTORY["1v1"], mode="1v1", objects=objects, battlefields=bfs,
                turn_player=order[0], turn=0, phase="beginning")
    from judge.engine import battlefields

    for i, p in enumerate(PLAYERS):  # each battlefield card with its abilities on the board (170.8-170.10)
        bid = f"bf{i + 1}"
        battlefields.place(game, bid, card_def(bfs[bid].name)[0], p)
    game.cards = {o.card.name: o.card for o in objects.values()}
    from judge.dsl.validate import add_real_tokens

    add_real_tokens(game.cards, [card_def(bf.name)[0] for bf in bfs.values()])  # the tokens their abilities create
    game.choices = Choices(auto=True)
    game.trace.enabled = False
    for p in order:
        zones.draw(game, p, HAND, why="起手")  # 116
    for p in order:  # 117: set aside, draw as many, recycle the set-aside cards to the bottom
        hand = game.players[p].zones["hand"]
        aside = [hand[i] for i in setup["mulligan"][p]]
        for oid in aside:
            hand.remove(oid)
        zones.draw(game, p, len(aside), why="调度")
        for oid in aside:
            game.objects[oid].zone = "deck"
            game.players[p].zones["deck"].append(oid)
    start_turn(game, order[0])  # 118
    return game


# ------------------------------------------------------------------------------------ decisions
def candidates(game: Game, rng: random.Random) -> tuple[list[Action], int]:
    """Decisions to try now: the engine's legal actions (first), then playing any card in hand and
    activating any ability of the player who may act (the rules accept or reject these). Returns the
    decisions and how many of them come from the engine's list of legal actions. Cards are played from the
hand and the champion zone (419.1.a); abilities are activated on the board and in the legend zone (174.8)."""
    out = list(actions.legal_actions(game))
    legal = len(out)
    if not out:
        return out, legal
    actor = out[0].player
    units = sorted(u.oid for u in game.units())
    dests = ["base", *game.battlefields]
    for oid in [*game.players[actor].zones["hand"], *game.players[actor].zones["champion"]]:  # 419.1.a
        card = game.objects[oid].card
        args: dict = {"card": oid}
        n = sum(e.targets for e in card.effects)
        if n and units:
            args["targets"] = rng.sample(units, min(n, len(units)))
        if any(e.kind == "move" for e in card.effects) or card.type == "unit":
            args["dest"] = rng.choice(dests) if card.type != "unit" else rng.choice(["base", "base", *game.battlefields])
        out.append(Action("play", actions._NOPOS, actor, args))
    for o in game.in_play():  # activated abilities (board and legend zone), the card's own and its keywords' (装配)
        if o.controller != actor or not (o.card.activated or _keyword_abilities(o)):
            continue
        abilities = [*o.card.activated, *_keyword_abilities(o)]
        for i, ab in enumerate(abilities, 1):
            args = {"source": o.oid} if len(abilities) == 1 else {"source": o.oid, "ability": i}
            if any(e.targets for e in ab.effects) and units:
                args["targets"] = [rng.choice(units)]
            out.append(Action("activate", actions._NOPOS, actor, args))
    return out, legal


def _keyword_abilities(o: GameObject) -> list:
    from judge.engine.keywords import on

    return [a for kw, n in on(o) if (a := kw.activated(o, n)) is not None]


def encode_action(a: Action) -> dict:
    return {"verb": a.verb, "player": a.player, "args": a.args}


def decode_action(d: dict) -> Action:
    return Action(d["verb"], actions._NOPOS, d["player"], dict(d["args"]))


def try_action(game: Game, act: Action) -> str:
    """Apply one decision: "ok", "illegal" (rejected by the rules, nothing changed) or "choice"."""
    try:
        actions.apply(game, act)
    except IllegalAction:
        return "illegal"
    except NeedChoice:
        return "choice"
    return "ok"


def end_state(game: Game) -> dict:
    """The state a replay must reach: the public snapshot plus every zone's contents in order."""
    snap = game.snapshot()
    snap["zones"] = {p: {z: list(game.players[p].zones[z]) for z in NON_BOARD_ZONES} for p in game.order}
    snap["turn_count"] = game.turn
    return snap


def digest(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:16]


# ------------------------------------------------------------------------------------ one game
def play_game(seed: int, max_decisions: int = MAX_DECISIONS, log: list | None = None) -> dict:
    """One random game of two random legal decks; returns its figures (and appends its log lines)."""
    from judge.cards.decks import build_deck, validate_deck

    rng = random.Random(seed)
    decks = {p: build_deck(rng) for p in PLAYERS}
    problems = {p: [str(x) for x in validate_deck(decks[p])] for p in PLAYERS}
    setup = deal(rng, decks)
    ids = sorted({c for d in decks.values() for c in [d.legend, d.champion, *d.main, *d.runes, *d.battlefields]})
    facts_only = [c for c in ids if not card_def(c)[1]]
    if log is not None:
        log.append({"kind": "game", "format": LOG_FORMAT, "seed": seed, "mode": "1v1",
                    "decks": {p: decks[p].to_dict() for p in PLAYERS}, "setup": setup,
                    "facts_only": facts_only})
    stats = {"seed": seed, "decisions": 0, "accepted": 0, "plays": 0, "turns": 0, "winner": None,
             "violations": [f"{p} 的卡组不合法：{x}" for p in PLAYERS for x in problems[p]]}
    game = new_game(decks, setup)
    stats["violations"] += invariants.violations(game)
    while not game.over and stats["decisions"] < max_decisions and not stats["violations"]:
        options, legal = candidates(game, rng)
        if not options:
            break
        pick = rng.randrange(len(options))
        act = options[pick]
        outcome = try_action(game, act)
        if pick < legal and outcome != "ok":
            stats["violations"].append(f"列为合法的行动被拒绝：{act.verb} {act.player} {act.args}（{outcome}）")
        stats["decisions"] += 1
        stats["accepted"] += outcome == "ok"
        stats["plays"] += outcome == "ok" and act.verb == "play"
        if log is not None:
            log.append({"kind": "decision", **encode_action(act), "outcome": outcome})
        bad = invariants.violations(game)
        if bad:
            stats["violations"] += [f"{act.verb} {act.args}：{b}" for b in bad]
    stats["turns"], stats["winner"] = game.turn, game.winner
    if log is not None:
        state = end_state(game)
        log.append({"kind": "end", "digest": digest(state), "state": state})
    return stats


def run(games: int, seed: int = 0, log_dir: str | None = None, max_decisions: int = MAX_DECISIONS) -> dict:
    """`games` random games (seeds seed, seed+1, …); with `log_dir`, one log file per game."""
    import os

    totals = {"games": 0, "decisions": 0, "accepted": 0, "plays": 0, "turns": 0, "wins": 0, "violations": [],
              "seconds": 0.0}
    start = time.perf_counter()
    if log_dir:
        os.makedirs(log_dir, exist_ok=True)
    for s in range(seed, seed + games):
        lines: list | None = [] if log_dir else None
        st = play_game(s, max_decisions, lines)
        totals["games"] += 1
        for k in ("decisions", "accepted", "plays", "turns"):
            totals[k] += st[k]
        totals["wins"] += st["winner"] is not None
        totals["violations"] += [f"种子 {s}：{v}" for v in st["violations"]]
        if log_dir:
            write_log(os.path.join(log_dir, f"game-{s}.jsonl"), lines)
    totals["seconds"] = time.perf_counter() - start
    return totals


def write_log(path: str, lines: list) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for line in lines:
            fh.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")


# ------------------------------------------------------------------------------------ replay
def read_log(path: str) -> list[dict]:
    """The lines of a game log; a Chinese error (file:line) for anything that is not one."""
    lines = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, raw in enumerate(fh, 1):
                if not raw.strip():
                    continue
                try:
                    item = json.loads(raw)
                except json.JSONDecodeError as err:
                    raise LogError(f"{path}:{n}:{err.colno}：不是合法的 JSON（{err.msg}）。") from None
                if not isinstance(item, dict) or "kind" not in item:
                    raise LogError(f"{path}:{n}:1：每行应是带“kind”字段的 JSON 对象。")
                lines.append(item)
    except UnicodeDecodeError:
        raise LogError(f"{path}：不是 UTF-8 文本，不是对局记录。") from None
    except OSError as err:
        from judge.errors import os_reason

        raise LogError(f"无法读取对局记录 {path}：{os_reason(err)}。") from None
    if not lines or lines[0]["kind"] != "game" or lines[-1]["kind"] != "end":
        raise LogError(f"{path}：对局记录应以“game”行开头、以“end”行结尾（用 judge playout --log 生成）。")
    if lines[0].get("format") != LOG_FORMAT:
        raise LogError(f"{path}:1:1：不支持的记录格式 {lines[0].get('format')}（应为 {LOG_FORMAT}）。")
    need = {"game": ("decks", "setup"), "decision": ("verb", "player", "args", "outcome"), "end": ("digest", "state")}
    for n, item in enumerate(lines, 1):
        missing = [k for k in need.get(item["kind"], ()) if k not in item]
        if missing:
            raise LogError(f"{path}:{n}:1：“{item['kind']}”行缺少字段 {'、'.join(missing)}。")
    _check_decks(path, lines[0])
    return lines


def _check_decks(path: str, head: dict) -> None:
    """The logged decks are legal decks of known cards, and the setup fits them (else a LogError)."""
    from judge.cards.decks import Deck, validate_deck

    try:
        decks = {p: Deck.from_dict(head["decks"][p]) for p in PLAYERS}
        problems = [f"{p}：{x}" for p in PLAYERS for x in validate_deck(decks[p])]
        setup = head["setup"]
        fits = sorted(setup["order"]) == sorted(PLAYERS) and all(
            sorted(setup["main"][p]) == list(range(len(decks[p].main)))
            and sorted(setup["runes"][p]) == list(range(len(decks[p].runes)))
            and 0 <= setup["battlefield"][p] < len(decks[p].battlefields)
            and all(0 <= i < HAND for i in setup["mulligan"][p]) for p in PLAYERS)
    except (KeyError, TypeError, AttributeError):
        raise LogError(f"{path}:1:1：“game”行的卡组或开局记录不完整。") from None
    if problems:
        raise LogError(f"{path}:1:1：记录中的卡组不合法：{'；'.join(problems)}")
    if not fits:
        raise LogError(f"{path}:1:1：开局记录（洗牌顺序、先后手、战场、调度）与卡组不符。")


def replay(lines: list[dict]) -> dict:
    """Rebuild the game from its log, repeat every decision, and check each outcome, the invariants and
    the end state against the log. Returns figures; raises ReplayMismatch at the first divergence."""
    from judge.cards.decks import Deck

    head = lines[0]
    decks = {p: Deck.from_dict(d) for p, d in head["decks"].items()}
    game = new_game(decks, head["setup"])
    n = 0
    for i, line in enumerate(lines[1:-1], 2):
        if line["kind"] != "decision":
            continue
        outcome = try_action(game, decode_action(line))
        n += 1
        if outcome != line["outcome"]:
            raise ReplayMismatch(f"第 {i} 行：决定“{line['verb']}”重放结果为“{outcome}”，记录为“{line['outcome']}”。")
        bad = invariants.violations(game)
        if bad:
            raise ReplayMismatch(f"第 {i} 行：重放后违反不变量：{'；'.join(bad)}")
    state = json.loads(json.dumps(end_state(game), ensure_ascii=False))
    want = lines[-1]
    if digest(state) != want["digest"] or state != json.loads(json.dumps(want["state"], ensure_ascii=False)):
        diff = sorted(k for k in set(state) | set(want["state"]) if state.get(k) != want["state"].get(k))
        raise ReplayMismatch(f"重放 {n} 个决定后的终局状态与记录不同（不同的部分：{'、'.join(diff)}）。")
    return {"decisions": n, "digest": want["digest"], "turn": game.turn, "winner": game.winner}
