"""Replacement effects (367) on death: 'if a friendly unit would die, instead …' (Zhonya's
Hourglass: kill this gear instead) and 'the next time it dies this turn, instead …' (Highlander).
The replacement is applied once to the event (370.4) and does as much as it can: heal the unit if
damaged, exhaust it if ready, recall it if away from base (FAQ C-L553, C-L584). A replaced death
is no death: Deathknell does not trigger, and a cost paid by killing stays paid (FAQ C-L588).

When several replacement effects could apply to one death, the controller of the affected unit
chooses which applies (367): scripted `<player> 选择替换效果 <unit> -> <source>`; strict mode stops
and lists the sources; `--auto` takes the order save, Hourglass, The Boss. Once one applied the
death is replaced and the others no longer match the event (each applies once, 367). A "may"
replacement that is declined or cannot be paid lets the next chosen one apply."""

from __future__ import annotations

from judge.engine import effects, zones
from judge.engine.keywords import on as keywords_on
from judge.engine.state import Game, GameObject



def add_save(game: Game, unit: GameObject, source: str, source_oid: str | None = None) -> None:
    game.death_saves.append((unit.oid, unit.incarnation, game.turn, source, source_oid))
    game.trace.add("change", f"{unit.label()} 本回合下一次将死亡时，改为移除伤害、休眠并召回（{source}）。", rules=("369.1",))


def add_banish_instead(game: Game, unit: GameObject, source: str, source_oid: str | None = None) -> None:
    """'If it would die this turn, banish it instead' (a delayed replacement effect, 390.3)."""
    game.death_saves.append((unit.oid, unit.incarnation, game.turn, source, source_oid, "banish"))
    game.trace.add("change", f"{unit.label()} 本回合将死亡时，改为将其放逐（{source}）。", rules=("390.3", "370.1.b"))


def replace_deaths(game: Game, targets: list[GameObject]) -> list[GameObject]:
    """The units that still die; the others had their death replaced."""
    out = []
    # Simultaneous deaths: a source the player scripted for another dying unit is kept for it (373).
    dying = {u.oid for u in targets} | {u.card.name for u in targets}
    reserved = [e[2] for e in game.choices.queue if e[0] == "choose_replacement" and e[2][0] in dying]
    for u in targets:
        opts = _options(game, u)
        kept = [o for o in opts if not any(t not in (u.oid, u.card.name) and _is_source(game, o, src)
                                           for t, src in reserved)]
        if len(kept) < len(opts):
            game.trace.add("step", f"多个死亡事件同时发生：{'、'.join(o[1] for o in opts if o not in kept)} 的替换效果"
                           f"由其控制者选择留给另一个事件，不对 {u.label()} 生效。", rules=("373",))
        how = _apply_chosen(game, u, kept)
        if how is None:
            out.append(u)
            continue
        if isinstance(how, tuple):  # the replacement already did its own instead (banished the unit)
            continue
        _instead(game, u, how)
    # Information for "when a buffed unit dies" triggers, read after the cards moved.
    game.dying_buffed = {u.oid for u in out if u.buff}
    return out


def _options(game: Game, u: GameObject) -> list[tuple[str, str, object]]:
    """Every replacement effect that could apply to this unit's death: (source id, label, apply)."""
    opts = []
    for s in game.death_saves:
        if s[0] == u.oid and s[1] == u.incarnation and s[2] == game.turn:
            opts.append((s[4] or s[3], s[3], lambda s=s: _take_save(game, s)))
    if u.is_unit:
        for g in game.board():
            if g.card.replaces_death and g is not u and game.teams[g.controller] == game.teams[u.controller]:
                opts.append((g.oid, g.label(), lambda g=g: _hourglass(game, u, g)))
        from judge.engine.statics import death_savers

        for src, kind, params in death_savers(game, u):  # "if another unit here would die, instead …" (370.1.b)
            if getattr(kind, "paid_save", False):  # "… its controller may pay … to instead …"
                opts.append((src.oid, src.label(), lambda s=src, p=params: _paid_save(game, u, s, p)))
            else:
                opts.append((src.oid, src.label(), lambda src=src: f"{src.label()} 的静态技能"))
        if u.buff:  # "a buffed unit you control": its source may be a legend in its zone (174.6)
            for boss in game.in_play():
                if boss.card.may_save_buffed and not boss.exhausted and boss.controller == u.controller:
                    opts.append((boss.oid, boss.label(), lambda b=boss: _the_boss(game, u, b)))
    return opts


def _apply_chosen(game: Game, u: GameObject, opts: list):
    """The affected unit's controller orders the replacement effects (372); the first that applies wins (370.2)."""
    if not opts:
        return None
    p = u.controller
    if len(opts) > 1:
        first = _scripted(game, p, u, opts)
        if first is None:
            # Options are whole scenario lines, so an interactive answer is inserted as it is listed.
            lines = [f"{p} 选择替换效果 {u.oid} -> {k}" for k, _, _ in opts]
            if not game.choices.auto:
                game.choices.need("choose_replacement", p,
                                  f"{u.label()} 将死亡，有多个替换效果可以生效（{'、'.join(lb for _, lb, _ in opts)}）："
                                  f"由受影响单位的控制者 {p} 决定先让哪一个生效。", lines, lines[0])
            first = opts[0]
            game.trace.add("auto", f"（自动选择）{u.label()} 的死亡：先让 {first[1]} 的替换效果生效。")
        else:
            game.trace.add("step", f"{u.label()} 将死亡，有多个替换效果可以生效：由受影响单位的控制者 {p} 选择先让 "
                           f"{first[1]} 的替换效果生效。", rules=("372",))
        opts = [first] + [o for o in opts if o is not first]
    for i, (_, label, apply) in enumerate(opts):
        how = apply()
        if how is not None:
            rest = [lb for _, lb, _ in opts[i + 1:]]
            if rest:
                game.trace.add("step", f"该死亡事件已被替换：{'、'.join(rest)} 的替换效果不再适用（替换效果对一个事件只生效一次）。",
                               rules=("370.2",))
            return how
    return None


def _scripted(game: Game, player: str, u: GameObject, opts: list):
    from judge.engine.errors import IllegalAction

    for entry in list(game.choices.queue):
        if entry[0] != "choose_replacement" or entry[1] != player:
            continue
        target, source = entry[2]
        if target not in (u.oid, u.card.name):
            continue
        game.choices.queue.remove(entry)
        for o in opts:
            if _is_source(game, o, source):
                return o
        raise IllegalAction(f"{source} 的替换效果不能对 {u.label()} 的死亡生效；可以生效的有：{'、'.join(k for k, _, _ in opts)}。",
                            "370.1")
    return None


def _is_source(game: Game, opt, ref: str) -> bool:
    src = game.objects.get(opt[0])
    return ref == opt[0] or (src is not None and ref == src.card.name) or opt[1].endswith(f"（{ref}）")


def _take_save(game: Game, s):
    game.death_saves.remove(s)
    if len(s) > 5 and s[5] == "banish":
        u = game.objects[s[0]]
        ch = zones.put_in_zone(game, u, "banishment")
        game.trace.add("change", f"{u.label()} 将死亡：改为将其放逐（{s[3]}）。死亡被替换，它不会进入废牌堆。",
                       rules=("370.1.b", "427.1"), changes=[ch])
        return ("banished", s[3])
    return s[3]


def _hourglass(game: Game, u: GameObject, g: GameObject) -> str:
    ch = zones.put_in_zone(game, g, "trash")
    game.trace.add("change", f"{u.label()} 将死亡：{g.label()} 的替换效果改为摧毁 {g.label()}。", rules=("370.1.b",),
                   faq=("C-L553",), changes=[ch])
    return g.label()


def _instead(game: Game, u: GameObject, source: str) -> None:
    changes = effects.heal(game, [u])
    ch = effects.set_exhausted(game, u, True)
    if ch:
        changes.append(ch)
    skipped = [w for w, done in (("移除伤害", bool(changes) and changes[0].attribute == "伤害"), ("休眠", ch is not None)) if not done]
    game.trace.add("change", f"{u.label()} 的死亡被替换（{source}）：改为移除伤害、使其休眠并召回；能做到的都做到"
                   + (f"（{'、'.join(skipped)}无需执行）" if skipped else "") + "。", rules=("370.1.b", "359.3.e.11"),
                   faq=("C-L584",), changes=changes)
    for kw, n in keywords_on(u):
        kw.on_death_replaced(game, u, n)
    if u.location != "base":
        effects.recall(game, [u])
    else:
        game.trace.add("step", f"{u.label()} 已在基地，无法召回；其余部分照常执行。", rules=("359.3.e.11",), faq=("C-L584",))


def _paid_save(game: Game, u: GameObject, src: GameObject, params: dict):
    """A static ability's "its controller may pay … to instead heal, exhaust and recall it": the unit's
    controller decides (a scripted `拒绝支付 <source>` declines) and pays; unpaid, the unit dies (371.2)."""
    from judge.engine import costs
    from judge.engine.battlefields import object_id
    from judge.engine.errors import IllegalAction

    p = u.controller
    refs = {src.oid, src.card.name} | {bid for bid in game.battlefields if object_id(bid) == src.oid}
    entry = next((e for e in game.choices.queue if e[0] == "decline" and e[1] == p and e[2] in refs), None)
    if entry is not None:
        game.choices.queue.remove(entry)
        game.trace.add("step", f"{p} 选择不支付 {src.label()} 的替换效果的费用（“可以”），{u.label()} 照常死亡。",
                       rules=("371.2",))
        return None
    amount = params.get("amount")
    cost = costs.Cost()
    cost.add(amount.n if amount is not None and amount.kind == "n" else 0, params.get("power") or 0, "替换效果的费用")
    try:
        payment = costs.plan(game, p, cost)
    except IllegalAction:
        game.trace.add("step", f"{p} 无法支付 {src.label()} 的替换效果的费用（{cost}），{u.label()} 照常死亡。",
                       rules=("371.2.b",))
        return None
    costs.pay(game, p, cost, payment)
    game.trace.add("step", f"{u.label()} 将在战斗中死亡：{p} 支付 {cost}，使用 {src.label()} 的替换效果。",
                   rules=("370.1.b", "740.2.c"))
    return src.label()


def _the_boss(game: Game, u: GameObject, boss: GameObject):
    """A 'may' replacement with a cost (The Boss, FAQ C-L553 revised text): if a buffed unit would
    die, its controller's team may pay one power, exhaust The Boss and spend the unit's buff. The
    player chooses; a scripted `拒绝支付 <The Boss>` declines it."""
    from judge.engine import costs
    from judge.engine.errors import IllegalAction
    from judge.trace.events import Change

    if not u.buff or boss.exhausted:
        return None
    p = boss.controller
    declined = any(e[0] == "decline" and e[1] == p and e[2] in (boss.oid, boss.card.name) for e in game.choices.queue)
    if declined:
        game.choices.queue.remove(next(e for e in game.choices.queue if e[0] == "decline" and e[1] == p
                                       and e[2] in (boss.oid, boss.card.name)))
        game.trace.add("step", f"{p} 选择不使用 {boss.label()} 的替换效果（“可以”）。", rules=("371.2",))
        return None
    cost = costs.Cost()
    cost.add(0, 1, "替换效果的费用")
    try:
        payment = costs.plan(game, p, cost)
    except IllegalAction:
        game.trace.add("step", f"{p} 无法支付 {boss.label()} 的替换费用（符能 1），该单位照常死亡。", rules=("371.2.b",))
        return None
    costs.pay(game, p, cost, payment)
    boss.exhausted = True
    u.buff -= 1  # one buff is spent (702.2.b)
    game.trace.add("change", f"{u.label()} 将死亡：{p} 使用 {boss.label()} 的替换效果——支付符能 1、使其休眠、消耗 {u.label()} 的增益。",
                   rules=("370.1.b", "371.2"), faq=("C-L553",),
                   changes=[Change(boss.label(), "状态", "活跃", "休眠"), Change(u.label(), "增益", u.buff + 1, u.buff)])
    from judge.engine import effects

    effects.buffs_spent(game, [u], p)
    return boss.label()
