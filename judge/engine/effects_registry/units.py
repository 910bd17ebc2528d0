"""Effects on units' places and counters: move to a named destination (420, 445), swap two units'
locations, return to hand (a zone change, 119; a token ceases to exist, 186.1), spend a buff (701)."""

from __future__ import annotations

from judge.engine import movement, zones
from judge.engine.errors import IllegalAction
from judge.engine.instructions import EffectKind
from judge.engine.refs import resolve_ref
from judge.trace.events import Change


def destination(game, item, dest: str | None, unit) -> str | None:
    """A named destination: 基地 (the unit's controller's base), 此处 (where the ability's source is
    or was when it triggered), a battlefield, or another unit (where that unit is)."""
    if dest in (None, "", "battlefield", "战场", "open_battlefield"):
        return item.dest  # the battlefield chosen when the card was played
    if dest in ("基地", "base"):
        return "base"
    if dest in ("此处", "here"):
        return item.memory.get("location")
    if dest == "this_battlefield":
        from judge.engine.filters import event_battlefield

        return event_battlefield(game, item.memory)
    if dest == "event_dest":
        facts = item.memory.get("facts")
        return getattr(facts, "dest", None)
    if dest == "origin":  # "where I moved from": the location a move trigger's unit left (420.1)
        return getattr(item.memory.get("facts"), "origin", None)
    if dest == "cost_object":  # where the object that paid the ability's cost is (404.1)
        return item.memory.get("cost_location")
    if dest in game.battlefields:
        return dest
    try:
        other = resolve_ref(game, dest)
    except IllegalAction:
        return None
    return other.location if other.zone == "board" else None


class MoveTo(EffectKind):
    """'Move a unit to its base / here / to a battlefield / to another unit's location': a Limited
    move (420.2) to a valid destination (447.2: not where two other players' units are)."""

    id, zh, aliases, rule, params = "move_to", ("移动到",), ("move-to",), "420.2", "-> 基地、此处、战场或单位"

    def apply(self, game, item, eff, legal, previous, who):
        moved = []
        for u in legal:
            dest = destination(game, item, eff.dest, u)
            if eff.dest == "its_location":  # where the previous instruction's object is
                dest = next((o.location for o in previous if o.zone == "board"), None)
            if dest is None or dest == u.location:
                game.trace.add("step", f"{who}：{u.label()} 没有可去的终点位置或已在该处，不移动。", rules=("449.1",))
                continue
            try:
                movement.effect_move(game, item.controller, [u], dest)
            except IllegalAction as e:
                game.trace.add("step", f"{who}：{u.label()} 无法移动（{e.message}），此指示对它不执行。",
                               rules=(e.rule or "447.2",))
                continue
            moved.append(u)
        return moved


class SwapPlaces(EffectKind):
    """'Swap the locations of two units': each moves to where the other was (445); each move is an
    ordinary move (checked for a valid destination, 447.2, and seen by move triggers). With one unit
    named, the other is the ability's source ("move me to its location and it to mine")."""

    id, zh, aliases, rule = "swap_places", ("交换位置",), ("swap-places",), "449"

    def apply(self, game, item, eff, legal, previous, who):
        src = game.objects.get(getattr(item, "oid", None) or "")
        if len(legal) == 1 and src is not None and src.zone == "board" and src.is_unit and src is not legal[0]:
            legal = [src, legal[0]]
        if len(legal) != 2 or legal[0].location == legal[1].location:
            game.trace.add("step", f"{who}：需要两个位于不同位置的单位，不执行。", rules=("449",))
            return []
        a, b = legal
        la, lb = a.location, b.location
        game.trace.add("step", f"{who}：{a.label()} 与 {b.label()} 交换位置。", rules=("449",))
        moved = []
        for u, dest in ((a, lb), (b, la)):
            try:
                movement.effect_move(game, item.controller, [u], dest)
                moved.append(u)
            except IllegalAction as e:
                game.trace.add("step", f"{who}：{u.label()} 无法移动（{e.message}），对它不执行。", rules=(e.rule or "447.2",))
        return moved


class ReturnToHand(EffectKind):
    """'Return a unit to its owner's hand': it goes to its owner's hand (056.2) as a new
    object that keeps no temporary modifications (124.1); a token
    put there ceases to exist (186.1)."""

    id, zh, aliases, rule = "return_to_hand", ("回到手牌",), ("return-to-hand",), "056.2"

    def accepts(self, game, o):
        """A unit on the board, or a card in banishment ("return the banished card to its owner's hand")."""
        return None if o.zone == "banishment" else super().accepts(game, o)

    def apply(self, game, item, eff, legal, previous, who):
        changes = [zones.put_in_zone(game, u, "hand") for u in legal]
        rules = ("056.2", "124.1", "186.1") if any(u.token for u in legal) else ("056.2", "124.1")
        game.trace.add("change", f"{who}：{'、'.join(u.label() for u in legal)} 回到其所有者的手牌"
                       "（伤害、增益和本回合效果不保留）。", rules=rules, changes=changes)
        return legal


class SpendBuff(EffectKind):
    """'Spend a buff': removes one buff from a unit its player controls (701); a unit without one
    has none to spend, and the rest of the instruction is not done for it."""

    id, zh, aliases, rule = "spend_buff", ("消耗增益",), ("spend-buff",), "701"

    def apply(self, game, item, eff, legal, previous, who):
        spent = []
        for u in legal:
            if not u.buff or u.controller != item.controller:
                why = "没有增益" if not u.buff else f"由 {u.controller} 控制，只能消耗自己单位的增益"
                game.trace.add("step", f"{who}：{u.label()} {why}，无法消耗。", rules=("701",))
                continue
            u.buff -= 1  # one buff is spent (702.2.b)
            spent.append(u)
        if spent:
            game.trace.add("change", f"{who}：消耗 {'、'.join(u.label() for u in spent)} 的增益。", rules=("701",),
                           changes=[Change(u.label(), "增益", u.buff + 1, u.buff) for u in spent])
            from judge.engine import effects

            effects.buffs_spent(game, spent, item.controller)
        return spent


class BanishIfItDies(EffectKind):
    """'If it would die this turn, banish it instead': a delayed replacement effect on the unit for the
    rest of the turn (390.3, 370.1.b); a replaced death is no death (no Deathknell, not in the trash)."""

    id, zh, aliases, rule = "banish_if_dies", ("死亡时改为放逐",), ("banish-if-it-would-die",), "390.3"

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import replacement

        for o in legal:
            replacement.add_banish_instead(game, o, item.source, item.oid)
        return legal
