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
        else:
            game.trace.add("step", f"{who}：{item.controller} 已控制这些物体，控制权不变。", rules=("189",))
        return legal
