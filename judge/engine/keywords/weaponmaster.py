"""百炼 Weaponmaster (800; its section is absent, notes KW19): when the unit is played, its controller
may choose an Equipment they control and pay its Equip cost reduced by one (as if Equip were
activated for this unit) to attach it to this unit. Equip is not activated and the unit is not
chosen as a target. Scripted as `甲 选择目标 <unit> -> <gear>`; unpayable → nothing moves."""

from __future__ import annotations

from judge.engine import costs
from judge.engine.errors import IllegalAction
from judge.engine.keywords.base import Keyword
from judge.engine.state import Game, GameObject


class Weaponmaster(Keyword):
    id, zh, aliases, rule = "weaponmaster", ("百炼",), ("weaponmaster",), "800"

    def on_played(self, game, o, n):
        if o.card.type == "unit":
            on_play(game, o)


def on_play(game: Game, unit: GameObject) -> None:
    from judge.engine.actions import resolve_ref
    from judge.engine.keywords import equip, vision

    p = unit.controller
    wanted = vision._take(game, p, unit)
    t = game.trace
    if not wanted:
        t.add("step", f"{unit.label()} 的[百炼]：{p} 没有选择装备（可写“{p} 选择目标 {unit.oid} -> <装备>”）。", rules=("800",))
        return
    gear = resolve_ref(game, wanted[0])
    if gear.zone != "board" or gear.controller != p or not gear.has("equip"):
        t.add("step", f"{unit.label()} 的[百炼]：{gear.label()} 不是 {p} 控制的带[装配]的装备，什么也不发生。", rules=("800",))
        return
    cost = costs.Cost()
    cost.add(max(0, gear.has("equip") - 1), 0, "装配费用减 1")
    try:
        payment = costs.plan(game, p, cost)
    except IllegalAction:
        t.add("step", f"{unit.label()} 的[百炼]：{p} 无法支付 {cost}，装备不移动。", rules=("800",))
        return
    if cost.energy:
        costs.pay(game, p, cost, payment)
    t.add("step", f"{unit.label()} 的[百炼]：{p} 支付减少后的装配费用（{cost if cost.energy else '无'}），不是激活装配。", rules=("800", "818"))
    equip.attach(game, gear, unit)
