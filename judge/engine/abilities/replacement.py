"""Replacement effects (367) on death: 'if a friendly unit would die, instead …' (Zhonya's
Hourglass: kill this gear instead) and 'the next time it dies this turn, instead …' (Highlander).
The replacement is applied once to the event (370.4) and does as much as it can: heal the unit if
damaged, exhaust it if ready, recall it if away from base (FAQ C-L553, C-L584). A replaced death
is no death: Deathknell does not trigger, and a cost paid by killing stays paid (FAQ C-L588)."""

from __future__ import annotations

from judge.engine import effects, zones
from judge.engine.state import Game, GameObject

_SAVES = "_death_saves"


def add_save(game: Game, unit: GameObject, source: str) -> None:
    game.__dict__.setdefault(_SAVES, []).append((unit.oid, unit.incarnation, game.turn, source))
    game.trace.add("change", f"{unit.label()} 本回合下一次将死亡时，改为移除伤害、休眠并召回（{source}）。", rules=("367",))


def replace_deaths(game: Game, targets: list[GameObject]) -> list[GameObject]:
    """The units that still die; the others had their death replaced."""
    out = []
    for u in targets:
        how = _take_save(game, u) or _hourglass(game, u) or _the_boss(game, u)
        if how is None:
            out.append(u)
            continue
        _instead(game, u, how)
    # Information for "when a buffed unit dies" triggers, read after the cards moved.
    game.__dict__["_dying_buffed"] = {u.oid for u in out if u.buff}
    return out


def _take_save(game: Game, u: GameObject):
    saves = game.__dict__.get(_SAVES, [])
    for s in saves:
        if s[0] == u.oid and s[1] == u.incarnation and s[2] == game.turn:
            saves.remove(s)
            return s[3]
    return None


def _hourglass(game: Game, u: GameObject):
    if not u.is_unit:
        return None
    for g in game.board():
        if g.card.replaces_death and g is not u and game.teams[g.controller] == game.teams[u.controller]:
            ch = zones.put_in_zone(game, g, "trash")
            game.trace.add("change", f"{u.label()} 将死亡：{g.label()} 的替换效果改为摧毁 {g.label()}。", rules=("367",),
                           faq=("C-L553",), changes=[ch])
            return g.label()
    return None


def _instead(game: Game, u: GameObject, source: str) -> None:
    changes = effects.heal(game, [u])
    ch = effects.set_exhausted(game, u, True)
    if ch:
        changes.append(ch)
    skipped = [w for w, done in (("移除伤害", bool(changes) and changes[0].attribute == "伤害"), ("休眠", ch is not None)) if not done]
    game.trace.add("change", f"{u.label()} 的死亡被替换（{source}）：改为移除伤害、使其休眠并召回；能做到的都做到"
                   + (f"（{'、'.join(skipped)}无需执行）" if skipped else "") + "。", rules=("367", "349"),
                   faq=("C-L584",), changes=changes)
    if u.card.deathknells:
        game.trace.add("step", f"{u.label()} 没有被摧毁：其[绝念]被移除，不会结算。", rules=("808", "367"))
    if u.location != "base":
        effects.recall(game, [u])
    else:
        game.trace.add("step", f"{u.label()} 已在基地，无法召回；其余部分照常执行。", rules=("349",), faq=("C-L584",))


def _the_boss(game: Game, u: GameObject):
    """A 'may' replacement with a cost (The Boss, FAQ C-L553 revised text): if a buffed unit would
    die, its controller's team may pay one power, exhaust The Boss and spend the unit's buff. The
    player chooses; a scripted `拒绝支付 <The Boss>` declines it."""
    from judge.engine import costs
    from judge.engine.errors import IllegalAction
    from judge.trace.events import Change

    if not u.is_unit or not u.buff:
        return None
    for boss in list(game.board()):
        if not boss.card.may_save_buffed or boss.exhausted or game.teams[boss.controller] != game.teams[u.controller]:
            continue
        p = boss.controller
        declined = any(e[0] == "decline" and e[1] == p and e[2] in (boss.oid, boss.card.name) for e in game.choices.queue)
        if declined:
            game.choices.queue.remove(next(e for e in game.choices.queue if e[0] == "decline" and e[1] == p
                                           and e[2] in (boss.oid, boss.card.name)))
            game.trace.add("step", f"{p} 选择不使用 {boss.label()} 的替换效果（“可以”）。", rules=("367",))
            continue
        cost = costs.Cost()
        cost.add(0, 1, "替换效果的费用")
        try:
            payment = costs.plan(game, p, cost)
        except IllegalAction:
            game.trace.add("step", f"{p} 无法支付 {boss.label()} 的替换费用（符能 1），该单位照常死亡。", rules=("367",))
            continue
        costs.pay(game, p, cost, payment)
        boss.exhausted = True
        u.buff = 0
        game.trace.add("change", f"{u.label()} 将死亡：{p} 使用 {boss.label()} 的替换效果——支付符能 1、使其休眠、消耗 {u.label()} 的增益。",
                       rules=("367",), faq=("C-L553",),
                       changes=[Change(boss.label(), "状态", "活跃", "休眠"), Change(u.label(), "增益", 1, 0)])
        return boss.label()
    return None
