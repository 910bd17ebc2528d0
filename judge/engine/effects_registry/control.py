"""Control of a permanent (189; 192.1: control is the same status for every game object): "gain control
of an enemy unit". The new controller is the effect's controller; where the unit stands does not
change (a unit in another player's base is recalled by the next cleanup, 323.7), its attached gear
keeps its own controller (718.5.f), and abilities it already put on the chain keep theirs (191.4.b)."""

from __future__ import annotations

from judge.engine.instructions import EffectKind
from judge.trace.events import Change


class GainControl(EffectKind):
    id, zh, aliases, rule = "gain_control", ("获得控制权",), ("gain-control",), "189"

    def accepts(self, game, o):
        if o.zone != "board" or o.card.type == "spell":
            return f"{o.label()} 不是场上的常驻牌（现在位于{game.location_label(o)}）。"
        return None

    def apply(self, game, item, eff, legal, previous, who):
        changes = []
        for o in legal:
            if o.controller != item.controller:
                changes.append(Change(o.label(), "控制者", o.controller, item.controller))
                o.controller = item.controller
        if changes:
            game.trace.add("change", f"{who}：{item.controller} 获得 {'、'.join(c.subject for c in changes)} 的控制权。",
                           rules=("189", "192.1"), changes=changes)
            _contest(game, item.controller, legal)
        else:
            game.trace.add("step", f"{who}：{item.controller} 已控制这些物体，控制权不变。", rules=("189",))
        return legal


def _contest(game, player: str, objs) -> None:
    """A unit that is now its new controller's "otherwise becomes present" at a battlefield that player
    does not control: the battlefield becomes Contested (190.3.a), so a showdown or combat follows there."""
    for bid in dict.fromkeys(o.location for o in objs if o.zone == "board" and o.is_unit):
        bf = game.battlefields.get(bid)
        if bf is not None and bf.contested_by is None and bf.controller != player:
            bf.contested_by = player
            game.trace.add("change", f"{bf.label()} 进入争夺状态：{player} 控制的单位出现在不受其控制的战场。",
                           rules=("190.3.a",), changes=[Change(bf.label(), "争夺", "否", f"是（{player}）")])


class LoseControl(EffectKind):
    """"Lose control of that unit": control the effect's controller gained ends, and the permanent's
    owner controls it again (189, 192.1); like a gain, it stays where it is (a recall is a separate
    instruction)."""

    id, zh, aliases, rule = "lose_control", ("失去控制权",), ("lose-control",), "189"

    def accepts(self, game, o):
        return GainControl.accepts(self, game, o)

    def apply(self, game, item, eff, legal, previous, who):
        changes = []
        for o in legal:
            if o.controller == item.controller and o.owner != item.controller:
                changes.append(Change(o.label(), "控制者", o.controller, o.owner))
                o.controller = o.owner
        if changes:
            game.trace.add("change", f"{who}：{item.controller} 失去 {'、'.join(c.subject for c in changes)} 的控制权，"
                           "由其所有者控制。", rules=("189", "192.1"), changes=changes)
        else:
            game.trace.add("step", f"{who}：{item.controller} 不控制这些物体（或是其所有者），控制权不变。", rules=("189",))
        return legal
