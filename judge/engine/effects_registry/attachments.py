"""Detaching (435): "detach it" unlinks an attached card from the unit it is attached to. The detached
card stays where that unit is (435.4); a gear left at a battlefield is recalled by the next cleanup
(435.4.a, 323.7). A card attached to nothing is unaffected (435.1.a.1). Said of a unit ("detach an
Equipment from it"), one Equipment attached to it is detached, the player's choice among several
(scripted `选择目标 <来源> -> <装备>`)."""

from __future__ import annotations

from judge.engine.instructions import EffectKind
from judge.trace.events import Change


class Detach(EffectKind):
    id, zh, aliases, rule = "detach", ("卸除",), ("detach",), "435"

    def accepts(self, game, o):
        if o.zone != "board" or o.card.type not in ("gear", "unit"):
            return f"{o.label()} 不是场上的装备或单位（现在位于{game.location_label(o)}）。"
        return None

    def apply(self, game, item, eff, legal, previous, who):
        done = []
        for gear in [g for o in legal for g in self._gear(game, item, o, who)]:
            if gear.attached_to is None:
                game.trace.add("step", f"{who}：{gear.label()} 没有贴附于任何单位，卸除不产生效果。", rules=("435.1.a.1",))
                continue
            unit = game.objects.get(gear.attached_to)
            gear.attached_to = None
            where = game.location_label(gear)
            game.trace.add("change", f"{who}：{gear.label()} 从 {unit.label() if unit else gear.attached_to} 卸除，留在{where}"
                           "（其加成不再作用于该单位）。", rules=("435.1.b", "435.1.e", "435.4"),
                           changes=[Change(gear.label(), "贴附于", unit.label() if unit else "?", None)])
            done.append(gear)
        return done

    def _gear(self, game, item, o, who) -> list:
        """The card to detach: the gear itself, or one Equipment attached to the unit."""
        if not o.is_unit:
            return [o]
        from judge.engine.choices import take_target

        pool = [g for g in game.attachments(o.oid) if "武装" in g.card.tags]
        if len(pool) <= 1:
            return pool
        picked = [g for g in pool if g.oid in (take_target(game, item) or [])]
        if picked:
            return picked[:1]
        if game.choices.auto:
            game.trace.add("auto", f"（自动选择）{who}：卸除 {pool[0].label()}。")
            return pool[:1]
        ids = [g.oid for g in pool]
        game.choices.need("target", item.controller, f"{item.controller} 需要选择从 {o.label()} 卸除哪一件武装。", ids,
                          f"{item.controller} 选择目标 {getattr(item, 'oid', None) or item.source} -> {ids[0]}")
        return []
