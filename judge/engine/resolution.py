"""The FEPR loop of the chain (327, 328): Finalize pending items oldest first (337; permanents
resolve at once, 327.2), then priority to the controller of the newest item (331), passes (328.8),
Resolve the newest finalized item (328.9) with a cleanup after it (318), and again until the chain
is empty; then the state is open again and, in a showdown, focus passes on unless the chain was
opened by a triggered ability (329.1).

Resolving a spell: its instructions top to bottom, as much as can be done (002.2); targets that are
no longer legal are ignored (359.3.d.4); then the card goes to its owner's trash (359.3.d)."""

from __future__ import annotations

from judge.engine import priority
from judge.engine.chain_items import ChainItem, is_pending
from judge.engine.state import Game, GameObject
from judge.trace.events import Change


def play_out(game: Game) -> None:
    """Called whenever no cleanup is outstanding: the chain is played out (scripted passes wait)."""
    run(game, wait=True)


def run(game: Game, wait: bool = False) -> None:
    """Called when no cleanup is outstanding. With `wait` (a scenario that scripts its passes) the
    loop stops when a player must act; otherwise every player passes."""
    from judge.engine import cleanup
    from judge.engine.abilities import triggered

    if game.combat is not None and game.showdown is not None:
        # A unit that first becomes an attacker/defender later in the combat triggers then (384.31/384.32).
        triggered.combat_started(game)
    while game.chain and not game.over:
        finalize_pending(game)
        if not game.chain:
            break
        in_combat_task = game.combat is not None and game.combat.step != "showdown"
        if wait and not in_combat_task and (game.explicit_priority or any(isinstance(i, ChainItem) for i in game.chain)):
            newest = game.chain[-1]
            if game.priority_granted_for is not newest:
                game.priority_granted_for = newest
                priority.grant(game, newest.controller, "（结算链上最新项目的控制者）")
            return
        newest = game.chain[-1]
        game.trace.add("step", f"所有玩家让过，结算最新的结算链项目：{newest.description}。", rules=("339.1",))
        resolve_newest(game)
        cleanup.run(game)
        from judge.engine.abilities import reflexive, spell_kill

        spell_kill.check(game)
        reflexive.check_after_cleanup(game)
    _chain_closed(game)


def finalize_pending(game: Game) -> None:
    """FEPR step 1: pending items, oldest first, are finalized by their controllers (337). What
    triggers while one is finalized (paying its cost recycles a rune) goes on the chain at once as a
    pending item (383.3, 336.1) and is finalized in turn (337.3, 337.1.b)."""
    from judge.engine.abilities import triggered

    while True:
        triggered.flush_recorded(game)
        pending = [i for i in game.chain if is_pending(i)]
        if not pending:
            return
        item = pending[0]
        if isinstance(item, ChainItem) and item.kind == "trigger":
            triggered.finalize(game, item)
        elif isinstance(item, ChainItem) and item.kind == "card":
            from judge.engine import playing

            # A play created while another item resolved (Baited Hook): finalized in creation order.
            game.trace.add("step", f"确认在结算过程中产生的待处理项目：{item.description}。", rules=("337.1",),
                           faq=("R-L9", "R-L13"))
            playing.finalize(game, item)
        elif any(getattr(e, "targets", 0) for e in (item.effect, *getattr(item.effect, "more", ()))):
            # a Deathknell whose instruction targets: chosen as it is put on the chain, like any trigger's (406.2)
            triggered.finalize(game, item)
        else:
            item.pending = False
            game.trace.add("step", f"确认结算链项目：{item.description}。", rules=("337.1",))


def resolve_newest(game: Game) -> None:
    item = game.chain.pop()
    game.priority, game.priority_passes = None, 0
    t = game.trace
    t.add("step", f"结算最新的已确认结算链项目：{item.description}。", rules=("340.1",))
    t.depth += 1
    try:
        if isinstance(item, ChainItem):
            _resolve_item(game, item)
        else:
            # a triggered ability recorded as a plain pending item (Deathknell): its instruction,
            # through the effect registry like every other
            from judge.engine.instructions import perform

            effs = [item.effect, *getattr(item.effect, "more", ())]
            previous: list[GameObject] = []
            for eff, picked in zip(effs, _trigger_snaps(item, effs)):
                previous = perform(game, item, eff, picked, previous)
    finally:
        t.depth -= 1


def after_resolution(game: Game) -> None:
    """A cleanup after each resolution, then continue the loop (the scenario scripts the passes)."""
    from judge.engine import cleanup
    from judge.engine.abilities import spell_kill

    cleanup.run(game)
    spell_kill.check(game)
    from judge.engine.abilities import reflexive

    reflexive.check_after_cleanup(game)
    run(game, wait=True)


def _chain_closed(game: Game) -> None:
    game.priority, game.priority_passes = None, 0
    opened = game.chain_opened_by
    game.chain_opened_by = None
    sd = game.showdown
    if sd is not None and sd.began_at_chain_close:
        # The showdown began as this chain emptied: its focus is the one the showdown rules name.
        sd.began_at_chain_close = False
        game.trace.add("step", f"结算链关闭；法术对决是在结算链最后一项结算后的清理中开始的，焦点按法术对决规则由 {sd.focus} 持有，"
                       "不因结算链关闭而传递。", rules=("345",))
        return
    if sd is None or opened is None:
        return
    if opened == "card":
        before = sd.focus
        sd.focus = game.next_player(before)
        sd.passes = 0
        game.trace.add("step", f"结算链关闭，回合回到开环状态：焦点从 {before} 按回合顺序传给 {sd.focus}。", rules=("340.2.a", "346"))
    else:
        sd.passes = 0
        game.trace.add("step", f"结算链由触发式技能开启，关闭后焦点不传递，仍由 {sd.focus} 持有。", rules=("346.1",),
                       faq=("R-L37",))


def enter_board(game: Game, item: ChainItem, card: GameObject) -> None:
    """327.2: a finalized unit or gear resolves at once and enters the board."""
    dest = item.dest or "base"
    card.zone, card.location = "board", dest
    card.controller = item.controller
    where = "基地" if dest == "base" else game.battlefields[dest].label()
    if card.card.type == "unit":
        from judge.engine.keywords import KEYWORDS

        from judge.engine.statics import enters_ready

        ready = [KEYWORDS[k] for k in item.paid if KEYWORDS[k].paid_enters_ready]
        by_static = None if ready else enters_ready(game, card)
        card.exhausted = not ready and by_static is None
        if by_static is not None:
            state, rules = f"活跃（{by_static[0].label()} 的静态技能：{by_static[1].display}）", ("337.2", by_static[1].rule)
        else:
            state, rules = ((f"活跃（已支付[{ready[0].display}]）", ("337.2", ready[0].paid_rule)) if ready
                            else ("休眠", ("337.2", "359.2.c")))
    else:
        from judge.engine.statics import enters_exhausted

        by_static = enters_exhausted(game, card)
        card.exhausted = by_static is not None
        state, rules = ((f"休眠（{by_static[0].label()} 的静态技能：{by_static[1].display}）", ("337.2", by_static[1].rule))
                        if by_static is not None else ("活跃", ("337.2", "359.2.d")))
    game.trace.add("change", f"{card.label()} 立即结算，以{state}状态进入{where}。", rules=rules,
                   changes=[Change(card.label(), "位置", "结算链", f"{item.controller}的{where}" if dest == "base" else where)])
    from judge.engine.keywords import on as keywords_on

    for kw, n in keywords_on(card, game):  # with keywords static abilities give it (477.2.a)
        kw.on_enter(game, card, n)
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("enter", player=card.controller, obj=card, controller=card.controller,
                                    origin="chain", dest=dest, via="play"))


def _resolve_item(game: Game, item: ChainItem) -> None:
    if item.kind == "card":
        card = game.objects[item.oid]
        effs = (item.memory or {}).get("effects") or card.card.effects  # the chosen option's, for a modal spell (355.3)
        snaps = _split_snaps(effs, item.targets)
        last_targets: list[GameObject] = []
        killed, damaged = [], []
        from judge.engine.keywords import KEYWORDS

        runs = [None] + [KEYWORDS[k] for k in item.paid for _ in range(KEYWORDS[k].paid_extra_runs(card.has(k)))]
        left = False
        for kw in runs:
            if left:
                break
            if kw is not None:
                game.trace.add("step", f"已支付[{kw.display}]：{card.label()} 的指示再执行一次。", rules=(kw.paid_rule,))
            for eff, picked in zip(effs, snaps):
                before = {o.oid: o.incarnation for o in game.units()}
                last_targets = apply_effect(game, item, eff, picked, last_targets)
                if eff.kind == "kill":
                    killed += [(o.oid, before[o.oid]) for o in last_targets if o.oid in before]
                elif eff.kind == "deal":
                    damaged += [(o.oid, before[o.oid]) for o in last_targets if o.oid in before]
                if card.zone != "chain":  # it left the chain as it resolved ("banish this"): no further instruction
                    left = True
                    break
        from judge.engine.abilities import delayed, reflexive, spell_kill

        spell_kill.watch(game, item.controller, killed, damaged)
        reflexive.after_instructions(game, item, card, last_targets, damaged)
        delayed.create_from(game, item, card, last_targets)

        if left:
            game.trace.add("step", f"{card.label()} 在结算过程中离开了结算链：停止执行其余指示，结算完毕，不放入废牌堆。",
                           rules=("359.3.e.15",))
        else:
            from judge.engine.effect_plays import leave_chain

            ch, where = leave_chain(game, card, ("359.3.d",))
            game.trace.add("change", f"{card.label()} 结算完毕，{where}。",
                           rules=("359.3.d",) + (("390.3.a",) if card.zone == "deck" else ()), changes=[ch])
        from judge.engine import playing
        from judge.engine.abilities import triggered

        playing.completed(game, item, card)
        triggered.flush(game)
    elif item.kind == "ability":
        previous: list[GameObject] = []
        snaps = list(item.targets)
        counts = (item.memory or {}).get("target_counts") if isinstance(item.memory, dict) else None
        parts = _trigger_snaps(item, item.trigger.effects) if counts else [snaps] * len(item.trigger.effects)
        for eff, picked in zip(item.trigger.effects, parts):
            previous = apply_effect(game, item, eff, picked if eff.targets else [], previous)
        from judge.engine.abilities import triggered

        triggered.ability_used(game, item)
    else:
        effs = [item.trigger.effect, *item.trigger.more]
        snaps = _trigger_snaps(item, effs)
        previous = apply_effect(game, item, effs[0], snaps[0], _event_objects(game, item))
        for eff, picked in zip(effs[1:], snaps[1:]):
            previous = apply_effect(game, item, eff, picked, previous)


def _trigger_snaps(item, effs) -> list[list]:
    """Each instruction of a triggered ability its own targets, chosen in order when it was finalized (355.7)."""
    counts = (item.memory or {}).get("target_counts") if isinstance(item.memory, dict) else None
    snaps, rest = [], list(item.targets)
    for i, _eff in enumerate(effs):
        n = counts[i] if counts is not None else (len(rest) if i == 0 else 0)
        snaps.append(rest[:n])
        rest = rest[n:]
    return snaps


def _event_objects(game: Game, item) -> list[GameObject]:
    """What "it" names in a triggered ability's first instruction: the object its event was about (the
    unit that moved from here, the unit played here; 383.2.c), while still on the board."""
    facts = (item.memory or {}).get("facts")
    obj = getattr(facts, "obj", None)
    if obj is None and getattr(item.trigger, "event", None) == "delayed" and facts is not None:
        # "the next time that opponent holds, return it": an event without an object, "it" is what the
        # creating instruction acted on, wherever it is now (390.2)
        return [o for oid, inc in item.memory.get("linked", []) if (o := game.objects.get(oid)) is not None
                and o.incarnation == inc]
    if facts is None and getattr(item.trigger, "event", None) == "delayed":
        # a delayed ability that triggers in a window ("at end of turn"): what its creating instruction
        # acted on, fixed when it was created (390.2)
        return [o for oid, inc in item.memory.get("linked", []) if (o := game.objects.get(oid)) is not None
                and o.incarnation == inc and o.zone == "board"]
    return [obj] if obj is not None and obj.zone == "board" else []


def _split_snaps(effs, snaps):
    out, rest = [], list(snaps)
    for eff in effs:
        n = eff.targets if eff.targets else 0
        out.append(rest[:n])
        rest = rest[n:]
    return out


def apply_effect(game: Game, item: ChainItem, eff, snaps, previous: list[GameObject]) -> list[GameObject]:
    """One instruction: targets that are no longer legal are ignored, the rest is done as far as
    possible (002.2); what it does is the registered effect's `apply` (judge.engine.instructions)."""
    from judge.engine.instructions import perform

    return perform(game, item, eff, snaps, previous)
