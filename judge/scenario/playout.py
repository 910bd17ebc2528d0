"""Random legal playouts: a generated board, random legal actions, invariants checked after each.

Used by the benchmark (1000 steps) and by property tests. Choices are taken in auto mode.
"""

from __future__ import annotations

import random

from judge.dsl.parser import parse_text
from judge.dsl.validate import validate
from judge.engine import actions, invariants
from judge.engine.errors import IllegalAction
from judge.scenario.setup import build_game

BOARD = """
模式 {mode}
卡牌 战士 单位 战力 3
卡牌 步兵 单位 战力 2
卡牌 巨人 单位 战力 6 关键词 壁垒
卡牌 游侠 单位 战力 2 关键词 游走
卡牌 克格莫 单位 战力 1 绝念 造成 2 伤害 -> 此处
卡牌 盖伦 单位 战力 4 光环 其他 友方 此处 战力 +1
{players}
战场 bf1 = 战场一
战场 bf2 = 战场二
{bf3}
"""
UNITS = ["战士", "步兵", "巨人", "游侠", "克格莫", "盖伦"]


def random_board(rng: random.Random, players: int = 2) -> str:
    names = ["甲", "乙", "丙", "丁"][:players]
    lines = []
    for n in names:
        units = ", ".join(f"{n}{i}={rng.choice(UNITS)}" for i in range(rng.randint(2, 5)))
        deck = ", ".join(f"牌{n}{i}" for i in range(rng.randint(0, 6)))
        lines += [f"玩家 {n}", f"基地: {units}"] + ([f"主牌堆: {deck}"] if deck else [])
    mode = {2: "1v1", 3: "自由混战3", 4: "自由混战4"}[players]
    return BOARD.format(mode=mode, players="\n".join(lines), bf3="战场 bf3 = 战场三" if players > 2 else "")


_CARDS = None


def new_game(rng: random.Random, players: int = 2):
    """A random board built straight into the scenario model (the card table is parsed once)."""
    global _CARDS
    from judge.dsl import model as m

    if _CARDS is None:
        _CARDS = parse_text(random_board(random.Random(0), 2), "<随机局面>").cards
    names = ["甲", "乙", "丙", "丁"][:players]
    pos = m.Pos("<随机局面>", 0, 0)
    sc = m.Scenario("<随机局面>", mode={2: "1v1", 3: "ffa3", 4: "ffa4"}[players])
    sc.cards = {k: v for k, v in _CARDS.items()}
    for n in names:
        p = m.PlayerSpec(n, pos)
        units = [m.ObjSpec(f"{n}{i}", rng.choice(UNITS), pos) for i in range(rng.randint(2, 5))]
        deck = [m.ObjSpec(f"牌{n}{i}", "牌", pos) for i in range(rng.randint(0, 12))]
        p.zones = [m.ZoneSpec(n, "base", units, pos), m.ZoneSpec(n, "deck", deck, pos)]
        sc.players.append(p)
    sc.battlefields = [m.BattlefieldSpec(f"bf{i}", pos) for i in range(1, 3 if players == 2 else 4)]
    validate(sc)
    return build_game(sc, auto=True)


def random_playout(steps: int = 1000, seed: int = 0, players: int = 2, trace: bool = False) -> dict:
    """Play `steps` random legal actions (new games as needed); return counts and any violations."""
    rng = random.Random(seed)
    game = new_game(rng, players)
    game.trace.enabled = trace
    stats = {"steps": 0, "games": 1, "combats": 0, "violations": []}
    for _ in range(steps):
        legal = actions.legal_actions(game)
        if not legal:
            game = new_game(rng, players)
            game.trace.enabled = trace
            stats["games"] += 1
            continue
        act = rng.choice(legal)
        if act.verb == "standard_move" and rng.random() < 0.3:
            # Occasionally a scripted effect instead, to exercise damage and kills.
            units = [u for u in game.units()]
            if units:
                target = rng.choice(units)
                act = actions.Action("deal", actions._NOPOS, game.turn_player,
                                     {"amount": rng.randint(1, 4), "targets": [target.oid], "source": None})
        try:
            actions.apply(game, act)
        except IllegalAction as err:
            stats["violations"].append(f"列为合法的行动被拒绝：{act.verb} {act.args}：{err.message}")
            break
        if game.combat is not None:
            stats["combats"] += 1
        stats["steps"] += 1
        bad = invariants.violations(game)
        if bad:
            stats["violations"].extend(bad)
            break
    return stats
