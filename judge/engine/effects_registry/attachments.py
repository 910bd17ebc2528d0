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


class AttachOrDetach(EffectKind):
    """'Choose a unit and an Equipment of its controller; attach that Equipment to it or detach it from it':
    the target is the Equipment, the unit the previous instruction's object; as it resolves its controller
    chooses (scripted `甲 选择模式 <来源> 1` to attach, `2` to detach). Attaching it where it already is does nothing
    (434.1.g); detaching it from a unit it is not attached to does nothing (435.1.a.1)."""

    id, zh, aliases, rule = "attach_or_detach", ("贴附或卸除",), ("attach-or-detach",), "434"

    def accepts(self, game, o):
        return Detach.accepts(self, game, o)

    def _scripted(self, game, item) -> str | None:
        """`甲 选择模式 <来源> 1` (attach) or `2` (detach), written before the spell resolves."""
        src = game.objects.get(getattr(item, "oid", None) or "")
        names = {item.source} | ({src.oid, src.card.name} if src is not None else set())
        for entry in list(game.choices.queue):
            if entry[0] == "choose_mode" and entry[1] == item.controller and entry[2][0] in names and entry[2][1] in (1, 2):
                game.choices.queue.remove(entry)
                return "attach" if entry[2][1] == 1 else "detach"
        return None

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine import effects
        gear = next((o for o in legal if o.card.type == "gear" and o.zone == "board"), None)
        unit = next((o for o in previous if o.is_unit and o.zone == "board"), None)
        if gear is None or unit is None:
            game.trace.add("step", f"{who}：需要场上的一件武装和一名单位，现在缺少{'武装' if gear is None else '单位'}，不执行。",
                           rules=("434.1.a",))
            return []
        how = self._scripted(game, item)
        if how is None and game.choices.auto:
            how = "detach" if gear.attached_to == unit.oid else "attach"
            game.trace.add("auto", f"（自动选择）{who}：{item.controller} 选择{'卸除' if how == 'detach' else '贴附'}。")
        elif how is None:
            src = getattr(item, "oid", None) or item.source
            game.choices.need("choose_mode", item.controller, f"{item.controller} 需要选择为 {unit.label()} 贴附（1）还是卸除（2）"
                              f"{gear.label()}。", [f"{item.controller} 选择模式 {src} 1", f"{item.controller} 选择模式 {src} 2"],
                              f"{item.controller} 选择模式 {src} 1")
            return []
        game.trace.add("choice", f"{who}：{item.controller} 选择{'卸除' if how == 'detach' else '贴附'} {gear.label()}。",
                       rules=("435.1" if how == "detach" else "434.1",))
        if how == "attach":
            effects.attach(game, gear, unit, rules=("434.1.a.1", "434.4"))
            return [unit]
        if gear.attached_to != unit.oid:
            game.trace.add("step", f"{who}：{gear.label()} 没有贴附于 {unit.label()}，卸除不产生效果。", rules=("435.1.a.1",))
            return [unit]
        gear.attached_to = None
        game.trace.add("change", f"{who}：{gear.label()} 从 {unit.label()} 卸除，留在{game.location_label(gear)}"
                       "（其加成不再作用于该单位）。", rules=("435.1.b", "435.1.e", "435.4"),
                       changes=[Change(gear.label(), "贴附于", unit.label(), None)])
        return [unit]
