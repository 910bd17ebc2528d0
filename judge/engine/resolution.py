"""The FEPR loop of the chain (327, 328): Finalize pending items oldest first (337; permanents
resolve at once, 327.2), then priority to the controller of the newest item (331), passes (328.8),
Resolve the newest finalized item (328.9) with a cleanup after it (318), and again until the chain
is empty; then the state is open again and, in a showdown, focus passes on unless the chain was
opened by a triggered ability (329.1).

Resolving a spell: its instructions top to bottom, as much as can be done (002.2); targets that are
no longer legal are ignored (359.3.d.4); then the card goes to its owner's trash (359.3.d)."""

from __future__ import annotations

from judge.engine import chain as chain1
from judge.engine import effects, priority, targeting
from judge.engine.chain_items import ChainItem, is_pending
from judge.engine.state import Game, GameObject
from judge.trace.events import Change


def run(game: Game, wait: bool = False) -> None:
    """Called when no cleanup is outstanding. With `wait` (a scenario that scripts its passes) the
    loop stops when a player must act; otherwise every player passes (part-1 behaviour)."""
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
        game.trace.add("step", f"所有玩家让过，结算最新的结算链项目：{newest.description}。", rules=("327",))
        resolve_newest(game)
        cleanup.run(game)
        from judge.engine.abilities import reflexive, spell_kill

        spell_kill.check(game)
        reflexive.check_after_cleanup(game)
    _chain_closed(game)


def finalize_pending(game: Game) -> None:
    """FEPR step 1: pending items, oldest first, are finalized by their controllers (337)."""
    from judge.engine.abilities import triggered

    while True:
        pending = [i for i in game.chain if is_pending(i)]
        if not pending:
            return
        item = pending[0]
        if isinstance(item, ChainItem) and item.kind == "trigger":
            triggered.finalize(game, item)
        elif isinstance(item, ChainItem) and item.kind == "card":
            from judge.engine import playing

            # A play created while another item resolved (Baited Hook): finalized in creation order.
            game.trace.add("step", f"确认在结算过程中产生的待处理项目：{item.description}。", rules=("337",),
                           faq=("R-L9", "R-L13"))
            playing.finalize(game, item)
        else:
            item.pending = False
            game.trace.add("step", f"确认结算链项目：{item.description}。", rules=("337",))


def resolve_newest(game: Game) -> None:
    item = game.chain.pop()
    game.priority, game.priority_passes = None, 0
    t = game.trace
    t.add("step", f"结算最新的已确认结算链项目：{item.description}。", rules=("327",))
    t.depth += 1
    try:
        if isinstance(item, ChainItem):
            _resolve_item(game, item)
        else:
            chain1.resolve(game, item)
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
    if sd is None or opened is None:
        return
    if opened == "card":
        before = sd.focus
        sd.focus = game.next_player(before)
        sd.passes = 0
        game.trace.add("step", f"结算链关闭，回合回到开环状态：焦点从 {before} 按回合顺序传给 {sd.focus}。", rules=("341",))
    else:
        sd.passes = 0
        game.trace.add("step", f"结算链由触发式技能开启，关闭后焦点不传递，仍由 {sd.focus} 持有。", rules=("341",),
                       faq=("R-L37",))


def enter_board(game: Game, item: ChainItem, card: GameObject) -> None:
    """327.2: a finalized unit or gear resolves at once and enters the board."""
    dest = item.dest or "base"
    card.zone, card.location = "board", dest
    card.controller = item.controller
    where = "基地" if dest == "base" else game.battlefields[dest].label()
    if card.card.type == "unit":
        card.exhausted = not item.accelerate
        state, rules = ("活跃（已支付[急速]）", ("327", "805")) if item.accelerate else ("休眠", ("327", "349"))
    else:
        card.exhausted = False
        state, rules = "活跃", ("327", "349")
    game.trace.add("change", f"{card.label()} 立即结算，以{state}状态进入{where}。", rules=rules,
                   changes=[Change(card.label(), "位置", "结算链", f"{item.controller}的{where}" if dest == "base" else where)])
    from judge.engine.keywords import on as keywords_on

    for kw, n in keywords_on(card):
        kw.on_enter(game, card, n)


def _resolve_item(game: Game, item: ChainItem) -> None:
    if item.kind == "card":
        card = game.objects[item.oid]
        effs = card.card.effects
        snaps = _split_snaps(effs, item.targets)
        last_targets: list[GameObject] = []
        killed, damaged = [], []
        for run in range(1 + item.repeats):
            if run:
                game.trace.add("step", f"已支付[回响]：{card.label()} 的指示再执行一次。", rules=("800",))
            for eff, picked in zip(effs, snaps):
                before = {o.oid: o.incarnation for o in game.units()}
                last_targets = apply_effect(game, item, eff, picked, last_targets)
                if eff.kind == "kill":
                    killed += [(o.oid, before[o.oid]) for o in last_targets if o.oid in before]
                elif eff.kind == "deal":
                    damaged += [(o.oid, before[o.oid]) for o in last_targets if o.oid in before]
        from judge.engine.abilities import delayed, reflexive, spell_kill

        spell_kill.watch(game, item.controller, killed, damaged)
        reflexive.after_instructions(game, item, card, last_targets, damaged)
        delayed.create_from(game, item, card, last_targets)
        from judge.engine import zones

        ch = zones.put_in_zone(game, card, "trash", rules=("349",))
        game.trace.add("change", f"{card.label()} 结算完毕，放入其所有者的废牌堆。", rules=("349",), changes=[ch])
    elif item.kind == "ability":
        previous: list[GameObject] = []
        snaps = list(item.targets)
        for eff in item.trigger.effects:
            previous = apply_effect(game, item, eff, snaps if eff.targets else [], previous)
    else:
        previous = apply_effect(game, item, item.trigger.effect, item.targets, [])
        for eff in item.trigger.more:
            previous = apply_effect(game, item, eff, [], previous)


def _split_snaps(effs, snaps):
    out, rest = [], list(snaps)
    for eff in effs:
        n = eff.targets if eff.targets else 0
        out.append(rest[:n])
        rest = rest[n:]
    return out


def apply_effect(game: Game, item: ChainItem, eff, snaps, previous: list[GameObject]) -> list[GameObject]:
    """One instruction; illegal targets are ignored, the rest is done as far as possible (002.2)."""
    t = game.trace
    legal = []
    for snap in snaps:
        o = targeting.still_legal(game, item.controller, eff, snap)
        if o is None:
            t.add("step", f"目标 {snap[0]} 已不再合法（已离开场地或不再符合条件），结算时忽略。", rules=("355.6", "349"))
        else:
            legal.append(o)
    who = f"{item.source} 的效果"
    k = eff.kind
    if eff.group_limit:
        from judge.engine import group_targets

        legal = group_targets.settle(game, item, eff, legal)
    if k == "return_self":
        _return_self(game, item)
        return []
    if k == "return_linked":
        from judge.engine.abilities import linked

        linked.play_back(game, item)
        return []
    if "self" in eff.scope:
        src = game.objects.get(item.oid)
        legal = [src] if src is not None and src.zone == "board" else []
    if eff.targets and not legal and k != "draw":
        t.add("step", f"{who}：没有合法目标，此指示无法执行。", rules=("349",))
        return []
    if k == "delayed":
        from judge.engine.abilities import delayed

        delayed.create(game, item.controller, item.source, item.oid, eff.delayed, previous)
        return previous
    if k == "move":
        return _move(game, item, legal)
    if k == "fight":
        return _fight(game, item, legal, who)
    if k == "banish":
        from judge.engine.abilities import linked

        return linked.banish(game, item, legal)
    if k == "deal":
        effects.deal(game, legal, eff.amount, who, source=item.source)
    elif k == "kill":
        from judge.engine import chain

        effects.kill(game, legal, who=who)
        chain.flush_triggers(game)
    elif k == "draw":
        from judge.engine import zones

        if "target_controller" in eff.scope:
            # Information that is still available (the unit's controller) is used (FAQ C-L592).
            drawers = [o.controller for o in previous] or []
            if not drawers:
                t.add("step", f"{who}：无法得知“其控制者”，不抽牌。", rules=("349",))
            for p in drawers:
                zones.draw(game, p, eff.amount, why=f"{who}（目标的控制者）")
        else:
            zones.draw(game, item.controller, eff.amount, why=who)
    elif k == "attach":
        from judge.engine.keywords import equip

        gear = game.objects.get(item.oid)
        for u in legal[:1]:
            if gear is not None and gear.zone == "board":
                equip.attach(game, gear, u)
    elif k == "play_top":
        _play_top(game, item)
    elif k == "gain_xp":
        from judge.engine.keywords import level

        level.gain_xp(game, item.controller, eff.amount, who)
    elif k == "recycle":
        _recycle(game, item, eff.amount)
    elif k == "save":
        from judge.engine.abilities import replacement

        for o in legal:
            replacement.add_save(game, o, item.source, item.oid)
    else:
        fn = {"stun": effects.stun, "buff": effects.buff,
              "exhaust": lambda g, u: effects.set_exhausted(g, u, True),
              "ready": _ready,
              "heal": lambda g, u: (effects.heal(g, [u]) or [None])[0],
              "might": lambda g, u: effects.might_change(g, u, eff.amount)}.get(k)
        if k == "recall":
            effects.recall(game, legal)
        elif fn is not None:
            changes = [c for c in (fn(game, u) for u in legal) if c]
            t.add("change", f"{who}作用于 {'、'.join(u.label() for u in legal)}。", rules=("349",), changes=changes)
    return legal



def _move(game: Game, item: ChainItem, legal: list[GameObject]) -> list[GameObject]:
    """'Move a unit' to the destination chosen when the spell was played (Dragon's Rage): only the
    units that actually moved are returned, for the embedded trigger that refers to them."""
    from judge.engine import movement
    from judge.engine.errors import IllegalAction

    dest = item.dest
    moved = [u for u in legal if u.location != dest]
    if not moved or dest is None:
        game.trace.add("step", f"{item.source} 的效果：没有单位实际移动。", rules=("445", "349"))
        return []
    try:
        movement.effect_move(game, item.controller, moved, dest)
    except IllegalAction as e:
        game.trace.add("step", f"{item.source} 的效果：无法移动（{e}），此指示被跳过。", rules=("445", "349"))
        return []
    return moved


def _fight(game: Game, item: ChainItem, legal: list[GameObject], who: str) -> list[GameObject]:
    """'They deal damage equal to their Might to each other' (Dragon's Rage): both amounts are read
    first, then dealt at once; a unit that is gone deals and takes nothing."""
    from judge.engine import layers

    where = item.memory.get("where")
    other = [game.objects[oid] for oid, inc in item.memory.get("linked", [])
             if oid in game.objects and game.objects[oid].incarnation == inc and game.objects[oid].zone == "board"]
    legal = [o for o in legal if where is None or o.location == where]
    if not legal or not other:
        game.trace.add("step", f"{who}：互相造成伤害的一方已不在场上或不在该处，能做的都做（无伤害）。", rules=("349",))
        return []
    a, b = other[0], legal[0]
    ma, mb = layers.might(game, a), layers.might(game, b)
    game.trace.add("step", f"{who}：{a.label()}（战力 {ma}）与 {b.label()}（战力 {mb}）互相造成等同于各自战力的伤害。",
                   rules=("417",), faq=("C-L422",))
    effects.deal(game, [b], ma, who, source=a.label())
    effects.deal(game, [a], mb, who, source=b.label())
    return [b]


def _ready(game: Game, u: GameObject):
    """'Can't' beats 'can' (FAQ R-L95, R-L97): an opponent's passive forbidding readying by effects wins."""
    for o in game.board():
        if o.card.prevents_enemy_ready and game.teams[o.controller] != game.teams[u.controller]:
            game.trace.add("step", f"{u.label()} 不能因效果变为活跃状态（{o.label()}）：“无法”优先于“可以”，此指示被跳过。",
                           rules=("349",), faq=("R-L95", "R-L97"))
            return None
    return effects.set_exhausted(game, u, False)


def _play_top(game: Game, item: ChainItem) -> None:
    """'Play a unit from among the top cards' during a resolution: the play goes on the chain as a
    pending item now and is finalized after this resolution, in creation order (FAQ R-L9..R-L15)."""
    p = item.controller
    deck = game.players[p].zones["deck"]
    unit = next((game.objects[o] for o in deck[:5] if game.objects[o].is_unit), None)
    if unit is None:
        game.trace.add("step", f"{p} 主牌堆顶部没有可以打出的单位。", rules=("349",))
        return
    deck.remove(unit.oid)
    unit.zone, unit.location = "chain", None
    game.chain.append(ChainItem(p, unit.label(), f"{p} 打出的 {unit.label()}（由 {item.source} 打出）", None,
                                {"oid": unit.oid}, rules=("349",), kind="card", oid=unit.oid, dest="base"))
    game.trace.add("step", f"{unit.label()} 作为待处理项目加入结算链；完成 {item.source} 的其余指示后再确认。",
                   rules=("349", "327"), faq=("R-L9",),
                   changes=[Change(unit.label(), "位置", f"{p}的主牌堆", "结算链（待处理）")])


def _recycle(game: Game, item: ChainItem, n: int) -> None:
    from judge.engine.abilities import triggered

    p = item.controller
    deck = game.players[p].zones["deck"]
    moved = deck[:n]
    del deck[:n]
    deck.extend(moved)
    game.trace.add("change", f"{p} 回收 {len(moved)} 张牌（置于主牌堆底）。", rules=("349",))
    if moved:
        triggered.fire(game, "recycle", player=p)
        triggered.flush(game)


def _return_self(game: Game, item: ChainItem) -> None:
    src = game.objects.get(item.oid)
    if src is None or src.zone != "trash":
        game.trace.add("step", f"{item.source} 已不在废牌堆，无法返回。", rules=("349",), faq=("R-L3",))
        return
    game.players[src.owner].zones["trash"].remove(src.oid)
    src.zone, src.location, src.controller, src.exhausted = "board", "base", src.owner, True
    game.trace.add("change", f"{src.label()} 从废牌堆回到其所有者的基地（休眠）。", rules=("382",),
                   changes=[Change(src.label(), "位置", f"{src.owner}的废牌堆", f"{src.owner}的基地")])
