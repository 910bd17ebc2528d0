"""百炼 Weaponmaster (821): a triggered ability of the unit ("when you play me", 821.1), one per
instance (821.1.c.7), put on the chain like every play trigger — its controller may choose an Equipment they
control and attach it to this unit for its Equip cost less [A] (821.1.c). An Equip cost with
no [A] is paid in full (821.1.c.3); a card without an Equip cost can't be paid (821.1.c.4); a cost
that can't be paid leaves the gear where it is (821.1.c.5). Equip is not activated and the unit is
not chosen (821.1.c.6). Scripted as `甲 选择目标 <unit> -> <gear>`."""

from __future__ import annotations

from judge.engine import costs, effects
from judge.engine.errors import IllegalAction
from judge.engine.instructions import EffectKind
from judge.engine.keywords.base import Keyword
from judge.engine.state import Game, GameObject

RULE = "821"


class Weaponmaster(Keyword):
    id, zh, aliases, rule = "weaponmaster", ("百炼",), ("weaponmaster",), RULE

    def on_played(self, game, o, n):
        if o.card.type == "unit":
            from judge.engine.abilities import triggered
            from judge.engine.cards import Effect, Trigger

            for _ in range(n):
                triggered.queue(game, o, Trigger("play", Effect(AttachByWeaponmaster.id)))


class AttachByWeaponmaster(EffectKind):
    """The Weaponmaster trigger's instruction: choose an Equipment, pay its Equip cost less [A], attach."""

    id, zh, aliases, rule, targeted = "weaponmaster_attach", ("百炼贴附",), ("weaponmaster-attach",), RULE, False

    def apply(self, game, item, eff, legal, previous, who):
        unit = game.objects.get(item.oid)
        if unit is None or unit.zone != "board":
            game.trace.add("step", f"{item.source} 的[百炼]：该单位已不在场上，什么也不发生。", rules=(RULE,))
            return []
        on_play(game, unit)
        return [unit]


def on_play(game: Game, unit: GameObject) -> None:
    from judge.engine.refs import resolve_ref
    from judge.engine.keywords import equip, vision

    p = unit.controller
    wanted = vision._take(game, p, unit)
    t = game.trace
    if not wanted:
        t.add("step", f"{unit.label()} 的[百炼]：{p} 没有选择装备（可写“{p} 选择目标 {unit.oid} -> <装备>”）。", rules=(RULE,))
        return
    gear = resolve_ref(game, wanted[0])
    equip_cost = equip.cost_of(gear)
    if gear.zone != "board" or gear.controller != p or gear.card.type != "gear" or equip_cost is None:
        t.add("step", f"{unit.label()} 的[百炼]：{gear.label()} 不是 {p} 控制的带[装配]费用的装备，无法支付，什么也不发生。",
              rules=(RULE,))
        return
    energy, syms = equip_cost
    if "A" in syms:
        syms.remove("A")
        how = "装配费用减少[A]"
    else:
        how = "装配费用中没有[A]，不减少"
    cost = costs.Cost()
    cost.add(energy, len(syms), how, syms)
    from judge.engine.cost_parts import COST_PARTS

    parts = [(COST_PARTS[pid], n) for pid, n in gear.card.equip_parts]  # e.g. spend XP: paid in full
    try:
        payment = costs.plan(game, p, cost)
        for part, n in parts:
            part.check(game, p, gear, n, [])
    except IllegalAction:
        t.add("step", f"{unit.label()} 的[百炼]：{how}，{p} 无法支付 {cost}，{gear.label()} 留在原处。", rules=(RULE,))
        return
    if cost.energy or cost.power:
        costs.pay(game, p, cost, payment, text=f"{unit.label()} 的[百炼]：{p} 支付装配费用 {cost}。", rules=(RULE, "165"))
    for part, n in parts:
        part.pay(game, p, gear, n, [])
    t.add("step", f"{unit.label()} 的[百炼]：{how}，{p} 支付 {cost if cost.energy or cost.power else '无'}"
          "（不是激活装配，该单位也不是被选择的目标）。", rules=(RULE, "818"))
    effects.attach(game, gear, unit, rules=("434.4", "821.1.c"))
