"""Targets checked as a group (355.11; Fox-Fire, FAQ C-L392..C-L418): units at one battlefield whose
total Might is at most a limit. On resolution, if the original targets no longer fit, the controller
chooses any subset of the original targets that fits (355.11.b: not only one to which nothing more
can be added), all at one battlefield; never new targets. The largest subsets are listed as
suggestions; auto mode takes the first of them."""

from __future__ import annotations

from itertools import combinations

from judge.engine.errors import IllegalAction
from judge.engine.layers import might
from judge.engine.state import Game, GameObject

ANY_MIGHT = 10**9  # `同一战场`: a group at one battlefield whatever its total Might ("any number of units at a battlefield")
# `同一位置`: a group at one location, a base included ("up to three units at the same location"): one
# player's base is one location (107.1.b), so units there must share a controller
ANY_LOCATION = ANY_MIGHT + 1
# `不同位置`: each target at a different location ("a unit and another unit at a different location")
DIFFERENT_LOCATIONS = ANY_MIGHT + 2


def one_place(units: list[GameObject], limit: int) -> bool:
    """Whether the units stand at one location the group allows: one battlefield, or also one base."""
    places = {o.location for o in units}
    if len(places) != 1:
        return False
    if "base" in places:
        return limit == ANY_LOCATION and len({o.controller for o in units}) == 1
    return True


def check_play(game: Game, eff, chosen: list[GameObject], what: str) -> None:
    if not eff.group_limit or not chosen:
        return
    if eff.group_limit == DIFFERENT_LOCATIONS:
        if len({(o.location, o.controller if o.location == "base" else None) for o in chosen}) != len(chosen):
            raise IllegalAction(f"{what} 的目标必须位于不同的位置。", "355.9.b")
        return
    if not one_place(chosen, eff.group_limit):
        where = "同一位置（同一处战场或同一名玩家的基地）" if eff.group_limit == ANY_LOCATION else "同一处战场上"
        raise IllegalAction(f"{what} 的目标必须是{where}的单位。", "355.11.a", faq=("C-L392",))
    total = sum(might(game, o) for o in chosen)
    if total > eff.group_limit:
        raise IllegalAction(f"{what} 的目标总战力为 {total}，超过 {eff.group_limit}。", "355.11.a", faq=("C-L392",))


def fitting_subsets(game: Game, units: list[GameObject], limit: int) -> list[list[GameObject]]:
    """Maximal subsets at one battlefield with total Might <= limit (largest first)."""
    out = []
    for n in range(len(units), 0, -1):
        for combo in combinations(units, n):
            if not one_place(list(combo), limit) or sum(might(game, o) for o in combo) > limit:
                continue
            rest = [o for o in units if o not in combo]
            if any(one_place([*combo, o], limit) and sum(might(game, x) for x in combo) + might(game, o) <= limit
                   for o in rest):
                continue  # not maximal: another original target still fits
            out.append(list(combo))
    return out


def fits(game: Game, units: list[GameObject], limit: int) -> bool:
    return bool(units) and one_place(units, limit) and sum(might(game, o) for o in units) <= limit


def settle(game: Game, item, eff, legal: list[GameObject]) -> list[GameObject]:
    """The targets the group effect acts on at resolution."""
    from judge.engine.abilities.triggered import _take_targets

    t = game.trace
    if eff.group_limit == DIFFERENT_LOCATIONS:  # a requirement on the choice only; the effect does what it can
        return legal
    total = sum(might(game, o) for o in legal)
    if not legal or (total <= eff.group_limit and one_place(legal, eff.group_limit)):
        return legal
    options = fitting_subsets(game, legal, eff.group_limit)
    if eff.group_limit >= ANY_MIGHT:
        t.add("step", "结算时再次检查群体目标：原目标已不在同一位置，须从原目标中选出仍在同一位置的子集。",
              rules=("355.11.b",))
    else:
        t.add("step", f"结算时再次检查群体目标：原目标总战力 {total} 超过 {eff.group_limit}，须从原目标中选出仍符合限制的子集。",
              rules=("355.11.b",), faq=("C-L392",))
    if not options:
        t.add("step", "没有任何原目标子集符合限制：此指示什么也不做。", rules=("355.11.b", "359.3.e.6"), faq=("C-L392",))
        return []
    names = ["、".join(o.oid for o in opt) for opt in options]
    scripted = _take_targets(game, item.controller, item)
    if scripted is not None:
        by_id = {o.oid: o for o in legal}
        picked = [by_id[r] for r in scripted if r in by_id]
        if len(picked) == len(scripted) and len(set(scripted)) == len(scripted) and fits(game, picked, eff.group_limit):
            t.add("step", f"{item.controller} 选择原目标的子集 {'、'.join(o.oid for o in picked)}（总战力 "
                  f"{sum(might(game, o) for o in picked)}，不超过 {eff.group_limit}）。", rules=("355.11.b",))
            return picked
        raise IllegalAction(f"选择的子集（{'、'.join(scripted)}）不是原目标中符合限制的子集（同一处战场、总战力不超过 "
                            f"{eff.group_limit}）。例如：{'；'.join(names)}。", "355.11.b", faq=("C-L392",))
    if game.choices.auto:
        t.add("auto", f"（自动选择）子集：{names[0]}。")
        return options[0]
    game.choices.need("target", item.controller, f"{item.controller} 需要为 {item.description} 选择符合限制的原目标子集。",
                      [", ".join(o.oid for o in opt) for opt in options],
                      f"{item.controller} 选择目标 {item.oid} -> {', '.join(o.oid for o in options[0])}")
