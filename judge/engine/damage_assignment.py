"""Combat damage assignment (465): lethal-first, no overkill while another unit can still take
damage, Tank (壁垒) units before others and Backline (后排) last per controller, units that can't
be dealt damage exempt. Assigning is not dealing (R-ASSIGN-NOT-DEAL)."""

from __future__ import annotations

from itertools import permutations, product

from judge.engine.keywords import PLAIN, on as keywords_on


def groups_of(u, game=None) -> tuple[int, ...]:
    """The assignment groups a unit may count in (465.2.c): from the keyword registry's
    `assignment_group` hook (壁垒 first, 后排 last); a unit with both may count in either."""
    groups = {g for kw, n in keywords_on(u, game) if (g := kw.assignment_group(u, n)) is not None}
    if game is not None:
        from judge.engine.keywords.base import LAST
        from judge.engine.statics import assigned_last

        if assigned_last(game, u):  # a static "I'm assigned combat damage last" (465.2.c)
            groups.add(LAST)
    return tuple(sorted(groups)) or (PLAIN,)
from judge.engine.layers import lethal_needed
from judge.engine.state import Game, GameObject

MAX_OPTIONS = 24


def exempt(u: GameObject, game: Game | None = None) -> bool:
    from judge.engine.statics import cannot_be_damaged

    return u.immune_to_damage() or (game is not None and cannot_be_damaged(game, u))


NEVER_LETHAL = 10 ** 6  # a Prevent Value of "all": no amount is lethal (437.5.b)


def lethal_to_assign(game: Game, u: GameObject) -> int:
    """Lethal damage to assign in combat, counting the unit's Prevent Values (437.5.a): a 2-Might unit
    that prevents the next 3 damage needs 5 assigned."""
    prevents = [m.prevent for m in u.modifiers if m.prevent and not m.lapsed()]
    if any(p < 0 for p in prevents):
        return NEVER_LETHAL
    return (1 if _any_amount_kills(game, u) else lethal_needed(game, u)) + sum(prevents)


def _any_amount_kills(game: Game, u: GameObject) -> bool:
    """Any amount the other side of this combat assigns to `u` is lethal (142.4.c: an effect that makes
    any damage of a player lethal to enemy units changes their Lethal Damage)."""
    from judge.engine.statics import any_damage_lethal

    cb = game.combat
    if cb is None or u.controller is None:
        return False
    by = cb.attacker if game.teams[u.controller] == game.teams[cb.defender] else cb.defender
    return any_damage_lethal(game, by, u)


def problem(game: Game, total: int, recipients: list[GameObject], assignment: dict[str, int]) -> tuple[str, tuple] | None:
    """Why the assignment is illegal (message, faq keys), or None if legal."""
    ids = {u.oid for u in recipients}
    for oid, amount in assignment.items():
        if oid not in ids:
            return f"{oid} 不是可分配伤害的敌方单位", ()
        if amount < 0:
            return "分配的伤害不能为负数", ()
    if sum(assignment.values()) != total:
        return f"必须恰好分配全部 {total} 点伤害（现为 {sum(assignment.values())} 点）", ()
    plain = [u for u in recipients if not exempt(u, game)]
    need = {u.oid: lethal_to_assign(game, u) for u in plain}
    got = {u.oid: assignment.get(u.oid, 0) for u in plain}
    partial = [o for o in got if 0 < got[o] < need[o]]
    if len(partial) > 1:
        return (f"致命伤害优先：{partial[0]} 与 {partial[1]} 都只得到了部分伤害；一个单位必须先得到致命伤害，"
                "其他单位才能分配伤害", ("R-NO-OVERKILL",))
    over = [o for o in got if got[o] > need[o]]
    short = [o for o in got if got[o] < need[o]]
    if over and short:
        return (f"不得溢出：{over[0]} 得到了超过致命伤害所需最小值（{need[over[0]]}）的伤害，而 {short[0]} 仍可承受伤害",
                ("R-NO-OVERKILL",))
    # Group order, per controller: a unit of a later group gets damage only once every unit of an
    # earlier group has lethal. Tank + Backline units may count in either group (assigner's pick).
    by_ctrl: dict[str, list[GameObject]] = {}
    for u in plain:
        by_ctrl.setdefault(u.controller, []).append(u)
    for units in by_ctrl.values():
        flexible = [u for u in units if len(groups_of(u, game)) > 1]
        ok_any = False
        for picks in product(*[groups_of(u, game) for u in flexible]) if flexible else [()]:
            g = {u.oid: groups_of(u, game)[0] for u in units}
            g.update({u.oid: p for u, p in zip(flexible, picks)})
            if _groups_ok(units, g, got, need) and _sequence_ok(units, g, assignment, need) is None:
                ok_any = True
                break
        if not ok_any:
            seq = _sequence_ok(units, {u.oid: groups_of(u, game)[0] for u in units}, assignment, need)
            if seq is not None and _groups_ok(units, {u.oid: groups_of(u, game)[0] for u in units}, got, need):
                return seq, ()
            return ("壁垒单位必须先被分配致命伤害（后排单位最后）：在更优先的单位得到致命伤害之前，不能给其他单位分配伤害",
                    ("R-TANK-ORDER",))
    return None


def _sequence_ok(units, g, assignment: dict[str, int], need) -> str | None:
    """The assignment is made in the order written (465.2.c): each unit gets lethal damage in full
    before the next one gets any (465.2.c.3), and no unit comes before a unit of an earlier group
    (壁垒 first, 后排 last; 465.2.c.6). Equal final amounts reached in a wrong order are still wrong."""
    mine = {u.oid for u in units}
    seq = [oid for oid, amount in assignment.items() if oid in mine and amount > 0]
    for i, oid in enumerate(seq[:-1]):
        if assignment[oid] < need[oid]:
            return (f"按顺序分配：{oid} 在得到致命伤害（{need[oid]}）之前，就开始给下一个单位 {seq[i + 1]} 分配伤害"
                    "（规则 465：一个单位先得到完整的致命伤害，才能给另一个单位分配）")
    for i, oid in enumerate(seq):
        for earlier in seq[i + 1:]:
            if g[earlier] < g[oid]:
                return (f"按顺序分配：{earlier}（{'壁垒' if g[earlier] == 0 else '普通'}）必须排在 {oid} 之前"
                        "（规则 465：壁垒单位最先、后排单位最后分配伤害）")
    return None


def _groups_ok(units, g, got, need) -> bool:
    for u in units:
        if got[u.oid] > 0:
            for v in units:
                if g[v.oid] < g[u.oid] and got[v.oid] < need[v.oid]:
                    return False
    return True


def options(game: Game, total: int, recipients: list[GameObject]) -> list[dict[str, int]]:
    """Canonical legal assignments: units take lethal in each legal order, excess to the last one."""
    if total <= 0 or not recipients:
        return [{}]
    plain = [u for u in recipients if not exempt(u, game)]
    exempt_units = [u for u in recipients if exempt(u, game)]
    seen, out = set(), []
    for order in _orders(game, plain):
        a = {}
        left = total
        for u in order:
            if left <= 0:
                break
            take = min(left, lethal_to_assign(game, u))
            a[u.oid] = take
            left -= take
        if left > 0:
            if order:
                a[order[-1].oid] += left
            elif exempt_units:
                a[exempt_units[0].oid] = left
        key = tuple(sorted(a.items()))
        if key not in seen and problem(game, total, recipients, a) is None:
            seen.add(key)
            out.append(a)
        if len(out) >= MAX_OPTIONS:
            break
    if not out and exempt_units:
        out.append({exempt_units[0].oid: total})
    return out


def _orders(game: Game, units: list[GameObject]):
    if len(units) <= 6:
        yield from (list(p) for p in permutations(units))
    else:  # large boards: a few orders are enough to list representative options
        yield sorted(units, key=lambda u: min(groups_of(u, game)))
        yield sorted(units, key=lambda u: (min(groups_of(u, game)), -1 * units.index(u)))


def render(a: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in a.items()) if a else "（无）"
