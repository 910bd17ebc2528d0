"""Triggered abilities (382): conditions checked right after the event; simultaneous triggers go on
the chain as pending items, each player's in the order that player chooses, players from the turn
player in turn order (384.12); the initial chain of a combat puts the focus holder's first, then the
other non-defending players' in turn order, the defender's last (FAQ R-L21). Attack and defend
triggers fire once per combat per unit (384.31, 384.32). At finalize the controller chooses targets
and pays the cost, or declines to pay and the trigger leaves the chain (399.18)."""

from __future__ import annotations

from judge.recordtype import replace

from judge.engine import cost_parts, costs, modes, targeting
from judge.engine import filters as target_filters
from judge.engine.battlefields import control, object_id, trigger_controller
from judge.engine.cards import Trigger
from judge.engine.chain_items import ChainItem
from judge.engine.errors import IllegalAction
from judge.engine.state import ABILITY_ZONES, Game, GameObject

from judge.engine.abilities import filters, frequencies
from judge.engine.abilities.events import listeners
from judge.engine.abilities.facts import EventFacts
from judge.engine.chain_items import EVENT_NAMES, make_item  # noqa: F401  (the one item builder)


def order_simultaneous(game: Game, player: str, items: list, key) -> list:
    """The one ordering of a player's simultaneous triggers (382; FAQ R-L19): the scripted `排序`;
    else auto mode takes board order (and says so); else strict mode asks."""
    from judge.engine.battlefields import object_id

    picked = game.choices.take("order", player)
    if picked is not None:
        by: dict = {}  # an ability triggering more than once has the same name each time
        for i in items:
            by.setdefault(key(i), []).append(i)
        named = [object_id(o) if o in game.battlefields else o for o in picked[2]]  # a battlefield by its id
        if sorted(named) == sorted(key(i) for i in items):
            return [by[o].pop(0) for o in named]
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{player} 的同时触发技能按场上顺序加入结算链。")
        return items
    ids = [key(i).removesuffix(object_id("")) for i in items]
    game.choices.need("order", player, f"{player} 有多个同时触发的技能，请选择加入结算链的顺序。",
                      [" , ".join(ids)], f"{player} 排序 {', '.join(ids)}")


def queue(game: Game, src: GameObject, trig, facts: EventFacts | None = None) -> None:
    game.fired_triggers.append((src, trig, facts))
    if facts is None:
        return
    from judge.engine import statics

    for st, kind, _params in statics.extra_triggers(game, src, facts.event, facts):  # "… triggers an additional time"
        game.trace.add("step", f"{st.label()} 的静态技能（{kind.display}）：{src.label()} 的此触发式技能额外触发一次。",
                       rules=(kind.rule, "383.3"))
        game.fired_triggers.append((src, trig, facts))


def fire(game: Game, facts: EventFacts) -> None:
    """An event was witnessed (383.2.c: conditions are evaluated after it): every trigger listening to
    it, on an object on the board (a battlefield's own object included, 170.9) or in the legend zone
    (384.2), whose filters accept the facts, is queued. "When I …" triggers of the object itself are also evaluated where it went (a unit that
    died, a card discarded, a spell played: 385.2, 422.1.b)."""
    if game.delayed_abilities:
        from judge.engine.abilities import delayed

        delayed.witness(game, facts)  # "the next time …" (391)
    entries = listeners(facts.event)
    if not entries:
        return
    sources = list(game.in_play())
    if facts.obj is not None and all(o.oid != facts.obj.oid for o in sources):
        sources.append(facts.obj)
    sources += [o for o in _off_board_listeners(game) if all(o.oid != s.oid for s in sources)]
    for src in sources:
        on_board = src.zone in ABILITY_ZONES
        for trig in triggers_of(src):
            entry = entries.get(trig.event)
            if entry is None or not entry.concerns(facts):
                continue
            zone = filters.off_board_zone(trig)
            if zone is not None and src.zone != zone:  # it works from that zone only (385.2)
                continue
            if not on_board and zone is None and (getattr(trig, "subject", None) or entry.subject) != "self":
                continue
            if not entry.active(game, facts.player, src) or not filters.accepts(game, src, trig, entry, facts):
                continue
            if not frequencies.condition_met(game, src, trig, trigger_controller(game, src, trig, facts), facts):
                continue
            queue(game, src, trig, facts)


def _off_board_listeners(game: Game) -> list[GameObject]:
    """Cards in a trash whose triggered abilities work from there (385.2: "… return this from your trash")."""
    return [o for p in game.players.values() for oid in p.zones.get("trash", ())
            if (o := game.objects[oid]).card.triggers and any(filters.off_board_zone(t) == "trash" for t in o.card.triggers)]


def triggers_of(src: GameObject) -> list:
    """The object's triggered abilities: its card's, then those its keywords stand for (823)."""
    from judge.engine.keywords import on

    return list(src.card.triggers) + [t for kw, n in on(src) for t in kw.triggers(src, n)]


def _memory(src: GameObject, facts: EventFacts | None, trig=None) -> dict:
    """What the trigger remembers of its source (where it was when it triggered) and of the event; for
    an ability working from a zone off the board, or of a card that triggered as it went to its trash
    (422.1.b), that zone and the card's incarnation there ("me" is that card while it stays there, 385.2)."""
    where = src.location if src.zone == "board" else facts.origin if facts is not None else None
    memory = {"oid": src.oid, "location": where, "facts": facts}
    if trig is not None and (filters.off_board_zone(trig) == src.zone or src.zone == "trash"):
        memory.update(zone=src.zone, incarnation=src.incarnation)  # "when you discard me, … play me"
    return memory


def deaths(game: Game, dead: list[GameObject]) -> None:
    """'The first time a unit dies each turn' (Wraith of Echoes, FAQ C-L781..C-L792): checked right
    after the event by what is still on the board, so the dying unit and those dying with it never
    see it; several simultaneous deaths are one event and trigger it once."""

    buffed, game.dying_buffed = game.dying_buffed, set()
    for d in dead:
        if d.oid not in buffed:
            continue
        for o in list(game.board()):
            if o.controller is None or game.teams[o.controller] != game.teams[d.controller]:
                continue
            for trig in o.card.triggers:
                if trig.event == "buffed_death":
                    item = make_item(game, o, trig)
                    game.pending_triggers.append(item)
    if not dead or not any(o.card.type == "unit" for o in dead):
        return
    game.unit_deaths += [(game.turn, o.controller, game.phase) for o in dead if o.card.type == "unit"]
    first = game.first_death_turn != game.turn
    game.first_death_turn = game.turn
    if not first:
        return
    for o in list(game.board()):
        for trig in o.card.triggers:
            if trig.event == "first_death":
                item = make_item(game, o, trig)
                if not game.chain:
                    game.chain_opened_by = "trigger"
                # Handed to the cleanup's batch so it is put on the chain with the other triggers.
                game.pending_triggers.append(item)


def combat_started(game: Game) -> None:
    """Attack/defend triggers of the attacking and defending players ("when you attack / defend here",
    383.4.e, 383.4.f) and of the units that just got their designation (once per combat)."""
    cb = game.combat
    if cb is None:
        return
    for side, player in (("attack_battle", cb.attacker), ("defend_battle", cb.defender)):
        if (player, side) not in cb.triggered:  # "when you attack / defend here": once per combat, for the player
            cb.triggered.add((player, side))
            fire(game, EventFacts(side, player=player, battlefield=cb.battlefield, objs=tuple(
                u for u in game.units_at(cb.battlefield, player)), via="combat"))
    for u in game.units_at(cb.battlefield):
        event = u.designation and {"attacker": "attack", "defender": "defend"}[u.designation]
        if event is None or (u.oid, u.designation) in cb.triggered:
            continue
        cb.triggered.add((u.oid, u.designation))
        fire(game, EventFacts(event, player=u.controller, obj=u, controller=u.controller, origin=u.location,
                              battlefield=cb.battlefield, via="combat"))
    flush(game, combat=True)


def flush(game: Game, combat: bool = False) -> None:
    batch, game.fired_triggers = game.fired_triggers, []
    if not batch:
        return
    if combat and game.combat is not None:
        first = game.showdown.focus if game.showdown else game.combat.attacker
        order = [first] + [p for p in game.order_from(game.turn_player) if p not in (first, game.combat.defender)]
        order.append(game.combat.defender)
        rules, faq = ("383.3.d",), ("R-L21",)
    else:
        order, rules, faq = game.order_from(game.turn_player), ("383.3.d.1",), ("R-L19",)
    if not game.chain:
        game.chain_opened_by = "trigger"
    for player in order:
        mine = [entry for entry in batch if trigger_controller(game, *entry) == player]
        if len(mine) > 1:
            mine = order_simultaneous(game, player, mine, key=lambda entry: entry[0].oid)
        for src, trig, facts in mine:
            item = make_item(game, src, trig, player, memory=_memory(src, facts, trig),
                             rules=("383.3",) + control(game, src, trig, facts)[1])
            game.chain.append(item)
            game.trace.add("step", f"{item.description}触发，作为待处理项目加入结算链（控制者 {player}）。",
                           rules=item.rules + (rules if len(batch) > 1 else ()), faq=faq if len(batch) > 1 else ())


def _matches_source(item: ChainItem, ref: str) -> bool:
    """A script names a triggered ability by its source: an object id, a card name, or a battlefield id."""
    oid = getattr(item, "oid", None) or (getattr(item, "memory", None) or {}).get("oid")  # a pending Deathknell
    return ref in (oid, item.source) or item.source.endswith(f"（{ref}）") or oid == object_id(ref)


def finalize(game: Game, item: ChainItem) -> None:
    """Complete the playing steps of a pending triggered ability (398): targets, cost, pay or decline."""
    t = game.trace
    eff, p = item.effect, item.controller
    # a trigger recorded as a plain pending item (Deathknell, 808) finalizes the same way
    trig = getattr(item, "trigger", None) or Trigger("die", eff, more=list(getattr(eff, "more", ())))
    oid = getattr(item, "oid", None) or item.memory.get("oid")
    if modes.has_modes([eff, *trig.more]):  # "choose one —": the option first, then its targets (355.3)
        expanded, notes = modes.expand(game, p, [eff, *trig.more], item.description, game.objects.get(oid))
        modes.trace(game, notes)
        trig = item.trigger = replace(trig, effect=expanded[0], more=expanded[1:])
        eff = item.effect = expanded[0]
    chosen = _choose_targets(game, p, item, [eff, *trig.more], trig.event, oid)
    item.targets = [targeting.snapshot(o) for o in chosen]
    src = game.objects.get(oid) if oid else None
    cost = costs.Cost()
    # [R] in the cost is paid with that domain's power, [C] with the source's domain (163.2, 135.2.e.6)
    syms = list(getattr(trig, "power_syms", ()) or ())
    cost.add(trig.energy, trig.power, "技能费用", (costs.card_syms(src, syms) if src is not None else syms) or None)
    cost.add(0, costs.targeting_power(game, p, chosen), costs.TARGETING_LABEL)
    parts = cost_parts.parts_of_trigger(trig)  # e.g. "exhaust me to …" (403.1.b.1)
    if cost.energy or cost.power or parts:
        named = [part.describe(n) for part, n in parts]
        total = "；".join([str(cost)] * bool(cost.energy or cost.power) + named)
        t.add("step", f"{item.description}的总费用：{'；'.join([*cost.parts, *named])} → {total}。",
              rules=("403.1.b.1", "809") if any(x.startswith(costs.TARGETING_LABEL) for x in cost.parts) else ("403.1.b.1",))
        declined = _take(game, "decline", p, item)
        reason = "选择拒绝支付"
        extra = []
        if not declined:
            try:
                payment = costs.plan(game, p, cost, src)
                extra = cost_parts.choose(game, p, src, parts, [], rule="404.1", only_way=True)
            except IllegalAction:
                declined, reason = True, "无法支付"
        if declined:
            game.chain.remove(item)
            t.add("step", f"{p} {reason}{item.description}的费用（{total}）：该技能不再是待处理项目，从结算链上移除（这不是无效化）。",
                  rules=("404.2", "809") if costs.TARGETING_LABEL in "".join(cost.parts) else ("404.2",), faq=("R-L29", "R-L31"))
            if not game.chain:
                game.chain_opened_by = None if game.chain_opened_by == "trigger" else game.chain_opened_by
            return
        cost_parts.pay_all(game, p, src, extra)
        if cost.energy or cost.power:
            costs.pay(game, p, cost, payment)
    item.pending = False
    what = f"，目标 {'、'.join(o.label() for o in chosen)}" if chosen else ""
    t.add("step", f"确认 {item.description}{what}。", rules=("406.2",))
    chose_targets(game, p, chosen, "ability")


def ability_used(game: Game, item: ChainItem) -> None:
    """An activated ability has resolved: "when you use an activated ability" is met now (377.2.a)."""
    src = game.objects.get(item.oid or "")
    if src is not None:
        fire(game, EventFacts("activate", player=item.controller, obj=src, controller=item.controller, via="ability"))


def chose_targets(game: Game, player: str, objs, via: str) -> None:
    """Targeting effects, "when you choose a friendly unit" (383.4.b): one event for each object on the board
    chosen as a target (355.7) of the spell or ability just finalized (383.4.b.2)."""
    for o in objs:
        if o is not None and o.zone == "board":
            fire(game, EventFacts("choose_target", player=player, obj=o, controller=o.controller, via=via))


def _choose_targets(game: Game, p: str, item: ChainItem, effects: list, event: str, oid: str | None) -> list[GameObject]:
    """The targets of every instruction of the ability, in order (355.7, 355.8): a script names them all in
    one list, divided among the instructions by their counts; the counts are kept on the item so that each
    instruction gets its own on resolution."""
    t = game.trace
    aiming = [e for e in effects if e.targets]
    if not aiming:
        return []
    scripted = _take_targets(game, p, item)
    if scripted is not None and any(target_filters.chosen_destination(e) for e in effects):
        scripted = _move_destination(game, item, scripted, effects)
    if scripted is not None:
        from judge.engine.refs import resolve_ref

        picked = [resolve_ref(game, r) for r in scripted]
        parts = targeting.split(effects, picked) if len(aiming) > 1 else [picked if e.targets else [] for e in effects]
        if sum(len(x) for x in parts) != len(picked):
            raise IllegalAction(f"{item.description} 最多只能选择 {sum(e.targets for e in aiming)} 个目标。", "355.8")
        earlier: list[str] = []  # targets of the instructions before ("another unit", 355.9.b)
        for e, part in zip(effects, parts):
            if e.targets:
                targeting.check_choice(game, p, e, part, item.description, {**(item.memory or {}), "earlier_targets": tuple(earlier)})
                earlier += [o.oid for o in part]
    else:
        pools = []
        for e in effects:
            if not e.targets:
                pools.append([])
            elif event in ("reflexive", "delayed"):
                from judge.engine.abilities import reflexive

                pools.append(reflexive.candidates(game, p, e, item.memory))
            else:
                pools.append(targeting.candidates(game, p, e, memory=item.memory))
        forced = [len(c) <= e.targets and not (e.up_to and c) for e, c in zip(effects, pools)]
        if not all(forced) and not game.choices.auto:
            n = sum(x.targets for x in aiming)
            every = list(dict.fromkeys(o.oid for c in pools for o in c))
            example = ", ".join(c[0].oid for e, c in zip(effects, pools) if e.targets and c)
            game.choices.need("target", p, f"{p} 需要为 {item.description} 选择 {n} 个目标（按指示的顺序）。",
                              every, f"{p} 选择目标 {oid} -> {example}")
        parts = []
        for e, cands, only in zip(effects, pools, forced):
            if not e.targets:
                parts.append([])
            elif only:
                parts.append(cands)
                if cands:
                    t.add("step", f"{item.description}：唯一可选的合法目标为 {'、'.join(c.label() for c in cands)}，必须选择。",
                          rules=("402.4.b",), faq=("R-L31",))
            else:
                parts.append(cands[:e.targets])
                t.add("auto", f"（自动选择）{item.description} 的目标：{'、'.join(c.label() for c in parts[-1])}。")
    if isinstance(item.memory, dict):
        item.memory["target_counts"] = [len(x) for x in parts]
    return [o for x in parts for o in x]


def _move_destination(game: Game, item: ChainItem, scripted: list, effects) -> list:
    """"Move a unit" without a named place: its destination is chosen with the targets (355.4), scripted
    as a battlefield id or 基地 in the same list (`甲 选择目标 g -> e, bf2`); the rest are the targets.
    A destination word's requirement (`-> 开放的战场`) makes another choice invalid (355.4.a)."""
    dests = [r for r in scripted if r in game.battlefields or r in ("基地", "base")]
    if dests:
        dest = "base" if dests[0] in ("基地", "base") else dests[0]
        if (why := target_filters.destination_problem(game, item.controller, effects, dest)) is not None:
            raise IllegalAction(f"{item.description}：{why}", "355.4.a")
        item.dest = dest
        where = "其控制者的基地" if item.dest == "base" else game.battlefields[item.dest].label()
        game.trace.add("step", f"{item.description}：选择移动的终点位置 {where}。", rules=("355.4",))
    return [r for r in scripted if r not in dests]


def _take_targets(game: Game, player: str, item: ChainItem):
    for entry in list(game.choices.queue):
        if entry[0] == "target" and entry[1] == player and _matches_source(item, entry[2][0]):
            game.choices.queue.remove(entry)
            return entry[2][1]
    return None


def _take(game: Game, kind: str, player: str, item: ChainItem) -> bool:
    for entry in list(game.choices.queue):
        if entry[0] == kind and entry[1] == player and _matches_source(item, entry[2]):
            game.choices.queue.remove(entry)
            return True
    return False


def scored(game: Game, player: str, bid: str, how: str, state: str | None = None) -> None:
    """'When you conquer/hold' (383.4.c.2.c, 383.4.d.2.c): they trigger on the conquer or hold itself,
    even when the point it would give is replaced (the final point drawing a card instead). The units
    taking part are the scorer's units there ("when I conquer", 383.4.c.2.a)."""
    units = tuple(game.units_at(bid, player))
    fire(game, EventFacts(how, player=player, battlefield=bid, objs=units, via=how, state=state))
    fire(game, EventFacts("score", player=player, battlefield=bid, objs=units, amount=1, via=how, state=state))


def record_death_triggers(game: Game, unit: GameObject) -> None:
    """808.1.d.2: 'when I die' abilities trigger before the card moves (the keywords' death_triggers hook)."""
    from judge.engine import statics
    from judge.engine.keywords import on

    for kw, n in on(unit):
        items = kw.death_triggers(game, unit, n)
        game.pending_triggers.extend(items)
        if not items or kw.id != "deathknell":
            continue
        for st, kind, params in statics.extra_triggers(game, unit, "deathknell"):
            optional = isinstance(params, dict) and bool(params.get("optional"))
            game.trace.add("step", f"{st.label()} 的静态技能（{kind.display}）：{unit.label()} 的[绝念]额外触发一次"
                           + ("（其控制者可以选择不执行）" if optional else "") + "。", rules=(kind.rule, "383.3"))
            game.pending_triggers.extend(replace(i, effect=replace(i.effect, optional=True)) if optional else i
                                         for i in kw.death_triggers(game, unit, n))


def flush_recorded(game: Game) -> None:
    """Put the recorded batch of simultaneous triggers on the chain: turn order from the turn player,
    each player's own in the order that player chooses (order_simultaneous)."""
    fired, game.fired_triggers = game.fired_triggers, []
    if fired and not game.chain:
        game.chain_opened_by = "trigger"
    made = []
    for src, trig, facts in fired:
        player, why = control(game, src, trig, facts)
        made.append(make_item(game, src, trig, player, memory=_memory(src, facts, trig), rules=("383.3",) + why))
    batch, game.pending_triggers = made + game.pending_triggers, []
    if not batch:
        return
    for player in game.order_from(game.turn_player):
        mine = [i for i in batch if i.controller == player]
        if len(mine) > 1:
            mine = order_simultaneous(game, player, mine, key=lambda i: i.memory.get("oid"))
        for item in mine:
            game.chain.append(item)
            game.trace.add("step", f"{item.description} 作为待处理项目加入结算链（控制者 {player}）。",
                           rules=item.rules)
