"""Game actions performed by effects and by the combat procedure: deal damage (417), kill (428),
recall (454), remove damage (418), stun (423), buff (701), exhaust/ready (415).

Each returns the trace changes it made; callers decide the event wording.
"""

from __future__ import annotations

from judge.recordtype import replace

from judge.engine import zones
from judge.engine.layers import might
from judge.engine.state import ABILITY_ZONES, Game, GameObject
from judge.trace.events import Change


def deal_damage(game: Game, target: GameObject, amount: int, by_effect: bool = False,
                by: str | None = None) -> Change | None:
    """Damage to one unit; `by_effect`: a spell or an ability deals it (not combat); `by`: the player
    whose spell or ability deals it (142.4.c reads whose damage is marked)."""
    if target.zone != "board" or not target.is_unit or amount <= 0:
        return None
    from judge.engine.statics import cannot_be_damaged, effect_damage_prevented

    if target.immune_to_damage() or cannot_be_damaged(game, target):
        return Change(target.label(), "伤害", target.damage, f"{target.damage}（无法被造成伤害）")
    if by_effect and (why := effect_damage_prevented(game, target)) is not None:
        return Change(target.label(), "伤害", target.damage, f"{target.damage}（全部 {amount} 点被抵挡：{why[0].label()}）")
    amount, prevented = prevent(target, amount)
    before = target.damage
    target.damage += amount
    if amount > 0:
        if by is not None:
            target.damaged_by.add(by)
        damaged(game, target, amount)
    note = f"（抵挡 {prevented} 点）" if prevented else ""
    return Change(target.label(), "伤害", before, f"{target.damage}{note}" if note else target.damage)


def damaged(game: Game, target: GameObject, amount: int) -> None:
    """Damage was marked on a unit (417.1.b): the event "when … takes damage" (and "the next time it
    takes damage", 391) is witnessed."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("damaged", player=target.controller, obj=target, controller=target.controller,
                                    origin=target.location, amount=amount))


def prevent(target: GameObject, amount: int) -> tuple[int, int]:
    """Damage about to be dealt, reduced by the unit's Prevent Values (437.2), each reduced by what it
    prevented and gone at 0 (437.3.a; "all" stays, 437.3.c): (damage still dealt, damage prevented)."""
    left = amount
    for mod in list(target.modifiers):
        if mod.prevent_next and left > 0 and not mod.lapsed():
            left = 0  # the whole of this damage, once (437.1.b.2); it is not an "All" value (465.2.c.10)
            target.modifiers.remove(mod)
            continue
        if not mod.prevent or left <= 0 or mod.lapsed():
            continue
        if mod.prevent < 0:
            left = 0
            continue
        stop = min(mod.prevent, left)
        left -= stop
        mod.prevent -= stop
        if mod.prevent == 0:
            target.modifiers.remove(mod)
    return left, amount - left


def deal(game: Game, targets: list[GameObject], amount: int, who: str, source: str | None = None,
         rules=("417",), faq=(), by: str | None = None) -> None:
    changes = [c for c in (deal_damage(game, t, amount, by_effect=True, by=by) for t in targets) if c]
    if any("被抵挡" in str(c.after) for c in changes):
        rules = tuple(rules) + ("437.1",)
    src = f"（来源：{source}）" if source else ""
    names = "、".join(t.label() for t in targets) or "没有单位"
    game.trace.add("change", f"{who}对 {names} 造成 {amount} 点伤害{src}。", rules=rules, faq=faq, changes=changes)


def kill(game: Game, targets: list[GameObject], who: str = "", passive: bool = False, rules=("428",), faq=(),
         by: str | None = None, via: str | None = None) -> None:
    """Kill: record death triggers first (808), then put the cards in their owners' trash. Each death
    is an event (428.1), and a kill by a player (`by`, 411.4) is one too (428.5)."""
    from judge.engine.abilities import replacement, triggered
    from judge.engine.abilities.facts import EventFacts

    targets = replacement.replace_deaths(game, [t for t in targets if t.zone == "board"])  # 367
    last = {t.oid: (t.controller, t.location) for t in targets}  # last known information
    # the unit as it died ("when you kill a stunned enemy unit" reads its state then, 383.2.a.1)
    seen = {t.oid: replace(t, modifiers=list(t.modifiers)) for t in targets}
    for t in targets:
        triggered.record_death_triggers(game, t)
    if any(t.token for t in targets):
        rules = tuple(rules) + ("186.1",)  # a token put in the trash ceases to exist
    changes = [zones.put_in_zone(game, t, "trash") for t in targets]
    if targets:
        text = "、".join(t.label() for t in targets)
        game.trace.add("change", f"{who}摧毁 {text}。" if who else f"{text} 被摧毁。", rules=rules, faq=faq,
                       changes=changes)
        triggered.deaths(game, targets)  # "when a unit dies" triggers of what is still on the board
    for t in targets:
        ctrl, where = last[t.oid]
        triggered.fire(game, EventFacts("die", player=ctrl, obj=t, controller=ctrl, origin=where, dest="trash",
                                        via=via, seen=seen[t.oid]))
        if by is not None:
            triggered.fire(game, EventFacts("kill", player=by, obj=t, controller=ctrl, origin=where, dest="trash",
                                            via=via, seen=seen[t.oid]))
    # "when any number of (enemy) units die": the units killed together are one event per controller (373)
    groups: dict = {}
    for t in targets:
        if t.card.type == "unit":
            groups.setdefault(last[t.oid][0], []).append(t)
    for ctrl, group in groups.items():
        triggered.fire(game, EventFacts("units_die", player=ctrl, obj=group[0], controller=ctrl, objs=tuple(group),
                                        origin=last[group[0].oid][1], dest="trash", amount=len(group), via=via))


def attach(game: Game, gear: GameObject, unit: GameObject, rules=("434.4",)) -> None:
    """Attach a gear to a unit (434.1): it takes the unit's location, which is not a move (434.4); to the
    unit it is already attached to, nothing happens (434.1.g). "When you attach an Equipment to me" is told."""
    if gear.attached_to == unit.oid:
        game.trace.add("step", f"{gear.label()} 已贴附于 {unit.label()}：再次贴附没有效果。", rules=("434.1.g",))
        return
    before = game.battlefields[gear.location].label() if gear.location in game.battlefields else "基地"
    gear.attached_to, gear.location = unit.oid, unit.location
    game.trace.add("change", f"{gear.label()} 贴附于 {unit.label()}（{unit.label()} 成为已装配的单位）。", rules=rules,
                   changes=[Change(gear.label(), "贴附于", before, unit.label())])
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("attached", player=gear.controller, obj=unit, controller=unit.controller,
                                    origin=unit.location, objs=(gear,)))


def gain_xp(game: Game, player: str, amount: int, who: str) -> None:
    """A player gains XP (730.1: public, per player, 729.2); keywords that read XP are told (等级 824)."""
    from judge.engine.keywords import KEYWORDS

    before = game.players[player].xp
    game.players[player].xp = before + amount
    if amount > 0:
        game.players[player].xp_gained_turn = game.turn
    game.trace.add("change", f"{who}：{player} 获得 {amount} 点经验（{before} → {before + amount}）。", rules=("730.1",),
                   changes=[Change(player, "经验", str(before), str(before + amount))])
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("gain_xp", player=player, amount=amount))
    for kw in KEYWORDS:
        kw.after_xp_gain(game, player, before)


def recall(game: Game, targets: list[GameObject], rules=("454",), why: str = "") -> None:
    """Recall: to the controller's base; not a move; damage, exhausted, buffs stay (454)."""
    changes = []
    for t in targets:
        if t.zone == "board" and t.location != "base":
            before = game.location_label(t)
            t.location = "base"
            t.designation = None
            changes.append(Change(t.label(), "位置", before, game.location_label(t)))
            for gear in game.attachments(t.oid):
                gear.location = "base"
                changes.append(Change(gear.label(), "位置（随贴附的单位）", before, game.location_label(gear)))
    if changes:
        game.trace.add("change", f"召回 {'、'.join(c.subject for c in changes)}{why}（召回不是移动）。",
                       rules=rules, changes=changes)


def heal(game: Game, targets: list[GameObject]) -> list[Change]:
    changes = []
    for t in targets:
        if t.damage:
            changes.append(Change(t.label(), "伤害", t.damage, 0))
            t.damage = 0
        t.damaged_by.clear()
    return changes


def stun(game: Game, t: GameObject, by: str | None = None) -> Change | None:
    """Stun `t` (423.1); `by` is the player whose spell, ability or action stuns ("when you stun …")."""
    if t.stunned or t.zone != "board":
        return None  # a stunned unit cannot be stunned again (423.1.a.1): nothing happens, no event
    t.stunned = True
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("stun", player=by, obj=t, controller=t.controller, origin=t.location,
                                    battlefield=t.location if t.location in game.battlefields else None))
    return Change(t.label(), "眩晕", False, True)


def buff(game: Game, t: GameObject, by: str | None = None) -> Change | None:
    if t.zone != "board" or not t.is_unit:
        return None
    if t.buff:
        from judge.engine.statics import may_have_many_buffs

        if not may_have_many_buffs(game, t):
            return None  # at most one buff per unit (701)
    before = t.buff
    t.buff += 1
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("buff", player=by, obj=t, controller=t.controller, origin=t.location))
    return Change(t.label(), "增益", before, t.buff)


def buffs_spent(game: Game, units: list, by: str | None) -> None:
    """Buffs were spent from these units (702.2.b): "when you spend a buff" triggers once for each."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    for u in units:
        triggered.fire(game, EventFacts("spend_buff", player=by, obj=u, controller=u.controller, origin=u.location))


def set_exhausted(game: Game, t: GameObject, value: bool) -> Change | None:
    if t.exhausted == value or t.zone not in ABILITY_ZONES:  # a legend exhausts and readies too (174)
        return None
    t.exhausted = value
    return Change(t.label(), "状态", "活跃" if value else "休眠", "休眠" if value else "活跃")


def readied(game: Game, objs: list, by: str) -> None:
    """`by` readied these objects (415.3.a in the Awaken phase, 415.3.b by an effect): "when you ready me"
    triggers; an object that was already ready was not readied (415.1.c), so the caller names only those
    whose state changed."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    for o in objs:
        triggered.fire(game, EventFacts("readied", player=by, obj=o, controller=o.controller, origin=o.location))


def might_change(game: Game, t: GameObject, amount: int, how: dict | None = None) -> Change:
    """+/- Might as a modifier: this turn, or for the duration `how` gives (common.lasting's fields)."""
    from judge.engine.state import Modifier

    before = might(game, t)
    t.modifiers.append(Modifier(amount, **(how or {})))
    return Change(t.label(), "战力", before, might(game, t))


def scope_targets(game: Game, src_memory: dict, controller: str, scope) -> list[GameObject]:
    """Units matching an ability's scope, seen from its source (location recorded at trigger time)."""
    loc = src_memory.get("location")
    out = []
    for o in game.units():
        if "here" in scope and o.location != loc:
            continue
        if "friendly" in scope and game.teams[o.controller] != game.teams[controller]:
            continue
        if "enemy" in scope and game.teams[o.controller] == game.teams[controller]:
            continue
        if "other" in scope and o.oid == src_memory.get("oid"):
            continue
        out.append(o)
    return out
