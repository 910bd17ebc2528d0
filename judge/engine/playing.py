"""Playing a card (349), its six steps (354-359): put it on the chain as pending; make the choices
(destination 355.2, targets 355.6); determine the total cost (356: ignored base cost 356.2,
additional costs such as 急速 805 and 法盾 809, increases then reductions 356.4, floor zero);
pay it (357, from the rune pool and runes); check legality (358.3, any failure undoes everything,
358.3.a); finalize (337): units and gear resolve at once (327.2), spells stay on the chain.

Legality is established before anything changes, so an illegal play leaves the state exactly as
it was (the whole play is undone) and the trace says which check failed."""

from __future__ import annotations

from judge.engine import cost_parts, costs, filters, group_targets, modes, priority, steps, targeting, timing
from judge.engine.chain_items import ChainItem
from judge.engine.errors import IllegalAction
from judge.engine.keywords import KEYWORDS, on as keywords_on
from judge.engine.state import PLAY_ZONES, Game, GameObject
from judge.trace.events import Change

PERMANENTS = ("unit", "gear")


def play_card(game: Game, player: str, args: dict) -> None:
    from judge.engine.refs import resolve_ref

    card = resolve_ref(game, args["card"])
    t = game.trace
    try:
        plan = _prepare(game, player, card, args)
    except IllegalAction as err:
        t.add("step", f"{player} 试图打出 {card.label()}，但{err.message} 打出过程中的所有行动被撤销，"
              f"{card.label()} 留在{game.location_label(card)}。", rules=("358.5",))
        raise
    _commit(game, player, card, plan)


def _prepare(game: Game, player: str, card: GameObject, args: dict) -> dict:
    from judge.engine.refs import resolve_ref

    origin = None
    if card.zone not in PLAY_ZONES or card.owner != player:
        # By default a player plays from their hand or champion zone (419.1.a, 108.3.d); another zone only
        # when a keyword allows it (811: a facedown card), asked through the registry.
        origin = next((o for kw, n in keywords_on(card) if (o := kw.play_origin(game, player, card, n))), None)
        if origin is None:  # or a static ability of the card ("you may play me from your trash")
            from judge.engine.play_locations import static_origin

            origin = static_origin(game, player, card)
        if origin is None:
            raise IllegalAction(f"{card.label()} 不在 {player} 的手牌、英雄区域或待命区域（位于{game.location_label(card)}）。", "419.1.a")
    if card.card.type not in ("unit", "gear", "spell"):
        raise IllegalAction(f"{card.label()} 不是可以打出的卡牌类型。", "351")
    priority.check_may_act(game, player)
    permission = timing.check(game, player, card, origin, args.get("dest"))
    from judge.engine.statics import forbidder

    barred = forbidder(game, "allows_play", player, card)
    if barred is not None:  # can't beats can (054.1)
        raise IllegalAction(f"{player} 不能打出 {card.label()}：{barred[0].label()}（{barred[1].display}）禁止"
                            "（“不能”优先于“可以”）。", "054.1")
    # Step 2: choices. Modes first (355.3): the chosen option's instructions are the spell's from now on.
    effects, mode_notes = card.card.effects, []
    if modes.has_modes(effects):
        effects, mode_notes = modes.expand(game, player, effects, card.label(), card)
    dest, dest_rule = None, None
    if card.card.type in PERMANENTS and origin is not None:
        dest = origin.destination(game, card, args.get("dest"))
    if dest is not None:
        pass
    elif card.card.type == "unit":
        dest, dest_rule = unit_destination(game, player, card, args.get("dest"))
    elif card.card.type == "gear":
        dest = "base"
    elif any(filters.chosen_destination(e) for e in effects):
        # "Move a unit": its destination is chosen with the targets when the spell is played (FAQ C-L422).
        dest = args.get("dest")
        if dest is None:
            raise IllegalAction(f"打出 {card.label()} 时必须同时选择移动的目的地（写作 “-> 战场”）。", "355.4")
        dest = "base" if dest in ("基地", "base") else dest
        if (why := filters.destination_problem(game, player, effects, dest)) is not None:
            raise IllegalAction(f"{card.label()}：{why}", "355.4.a")
    # "move a friendly unit, then move an enemy unit": a destination for each move (355.4), in order
    move_dests = [("base" if d in ("基地", "base") else d) for d in args.get("dests") or ()]
    chosen_moves = [e for e in effects if filters.chosen_destination(e)]
    if move_dests and len(move_dests) != len(chosen_moves):
        raise IllegalAction(f"{card.label()} 的每个移动指示各选择一个目的地：应写 {len(chosen_moves)} 个"
                            "（如 “-> bf1, 基地”）。", "355.4")
    dest_by_move = {id(e): d for e, d in zip(chosen_moves, move_dests)}
    targets_battlefield = card.card.type == "spell" and filters.names_chosen_battlefield(effects)
    if targets_battlefield:
        # "… all units at a battlefield": the spell targets a battlefield, chosen now (355.10.b)
        dest = dest if dest is not None else args.get("dest")
        if dest not in game.battlefields:
            raise IllegalAction(f"打出 {card.label()} 时必须选择一处战场作为目标（写作 “-> 战场”，如 “-> bf1”）。", "355.10.b")
    if card.card.type == "spell" and dest is not None:
        from judge.engine.statics import STATICS

        for kind in STATICS:  # "choose a battlefield where you have units" (355.9.b), "… to a battlefield you control"
            for params in kind.instances(card.card):
                if (why := kind.target_battlefield_problem(game, card, params, player, dest)) is not None:
                    raise IllegalAction(why, "355.9.b" if targets_battlefield else "355.4.a")
    chosen = [resolve_ref(game, r) for r in args.get("targets", [])]
    targeting_effects = [e for e in effects if e.targets]
    parts = targeting.split(effects, chosen)
    if sum(len(p) for p in parts) != len(chosen):
        raise IllegalAction(f"{card.label()} 最多只能选择 {sum(e.targets for e in targeting_effects)} 个目标。", "355.8")
    earlier: list[str] = []  # targets of the instructions before this one ("another unit", 355.9.b)
    for eff, picked in zip(effects, parts):
        if eff.targets:
            targeting.check_choice(game, player, eff, picked, card.label(),  # "an enemy unit there" (355.10.b)
                                   {"oid": card.oid, "earlier_targets": tuple(earlier),
                                    "paid_optional": bool(args.get("optional")),  # chosen before targets (355.1.a)
                                    "cost_objects": _named_cost_objects(game, args),
                                    **({"battlefield": dest} if targets_battlefield else {})})
            earlier += [o.oid for o in picked]
            group_targets.check_play(game, eff, picked, card.label())
        if eff.kind == "move" and dest is not None:
            # The destination is a choice made now (355): an invalid one makes the play illegal (355.4.a, 358.5).
            from judge.engine import movement

            here = dest_by_move.get(id(eff), dest)
            for u in picked:
                invalid = movement.invalid_destination(game, u.controller, here)
                if invalid:
                    raise IllegalAction(f"{card.label()} 不能把 {u.label()} 移动到这里：无效的终点位置（{invalid[0]}）。",
                                        invalid[1])
                from judge.engine.statics import STATICS

                for kind in STATICS:  # "… to a location where its controller has other units" (355.4.a)
                    hook = getattr(kind, "move_destination_problem", None)
                    for params in kind.instances(card.card) if hook is not None else ():
                        if (why := hook(game, card, params, player, u, dest)) is not None:
                            raise IllegalAction(why, "355.4.a")
    if origin is not None:
        origin.check_targets(game, chosen)
    # Step 3: total cost.
    cost = costs.Cost()
    optional = _optional_costs(card, args)
    check_optional_conditions(game, player, card, optional)
    if origin is not None and origin.base_cost_note:
        cost.parts.append(origin.base_cost_note)
        stated = getattr(origin, "stated_cost", None)
        if stated is not None:  # played "for [cost]": that cost replaces its base costs (356.1.a)
            cost.add(stated[0], len(stated[1]), "指定费用", costs.card_syms(card, list(stated[1])))
    elif any(o.ignore_cost for o in optional):
        cost.parts.append("基础费用被无视（支付了可选额外费用）")
    else:
        cost.add(card.card.cost_energy, card.card.cost_power, "基础费用",
                 costs.card_syms(card, card.card.cost_power_syms))
    # Additional costs the player chose, from the keyword registry (急速 805, 回响), then targeting costs (法盾 809).
    paid_keywords = []
    for kw in KEYWORDS:
        part = kw.play_cost(card, card.has(kw.id), args)
        if part is not None:
            energy, power, label, syms = part
            cost.add(energy, power, label, costs.card_syms(card, syms) if syms else None)
            paid_keywords.append(kw.id)
    for o in optional:
        cost.add(o.energy, len(o.power_syms), "可选额外费用" + ("[回响]" if o.repeat else ""),
                 costs.card_syms(card, o.power_syms))
        if o.repeat and "repeat" not in paid_keywords:  # a Repeat cost of other kinds: run once more (820.1.d)
            paid_keywords.append("repeat")
    cost.add(0, costs.targeting_power(game, player, chosen), costs.TARGETING_LABEL)
    extra = _extra_costs(game, player, card, args, optional)
    cost.parts += [f"额外费用：{line}" for line in cost_parts.describe(extra)]
    costs.apply_modifiers(game, player, card, cost, tuple(paid_keywords), tuple(chosen))
    paid = _paid_objects(card, optional, extra)
    for o, objs in zip(optional, paid):
        k = len(objs) if o.per_pick else 1
        cost.add(-o.reduce_energy * k, -o.reduce_power * k, "减费（支付了可选额外费用）" + (f" ×{k}" if o.per_pick else ""))
        if o.reduce_by_paid and objs:  # "… costs less by that unit's Energy and Power costs" (356.4; a token's: 185.3.a)
            e = sum(x.card.cost_energy for x in objs)
            p = sum(x.card.cost_power for x in objs)
            cost.add(-e, -p, f"减费（支付了可选额外费用：{'、'.join(x.label() for x in objs)} 的费用）")
    cost.floor()
    payment = costs.plan(game, player, cost, card)
    return {"optional": bool(optional),"origin": origin, "permission": permission, "dest": dest, "dest_rule": dest_rule,
            "targets": chosen, "cost": cost, "payment": payment, "paid": tuple(paid_keywords),
            "extra": extra, "effects": effects if mode_notes else None, "mode_notes": mode_notes,
            "targets_battlefield": targets_battlefield, "move_dests": move_dests}


def _optional_costs(card: GameObject, args: dict) -> list:
    """The optional additional costs the player chose to pay in step 2 (355.1.a; `支付额外费用`)."""
    if not args.get("optional"):
        return []
    if not card.card.optional_costs:
        raise IllegalAction(f"{card.label()} 没有可选的额外费用。", "356.2.b.1")
    return list(card.card.optional_costs)


def check_optional_conditions(game, player: str, card: GameObject, optional: list) -> None:
    """An optional additional cost the card allows only "if …" can be chosen only while that holds (356.2.b.1)."""
    from judge.engine import conditions
    from judge.engine.filters import Seen

    for o in optional:
        if o.condition is not None and not conditions.holds(game, Seen(player, card.oid, None), o.condition):
            raise IllegalAction(f"{card.label()} 的可选额外费用只能在“{conditions.describe(o.condition)}”时支付。",
                                "356.2.b.1")


def _paid_objects(card: GameObject, optional: list, extra: list) -> list[list]:
    """The objects that paid each chosen optional cost ("for each unit killed this way", "that unit's
    cost"): the plan's entries after the card's mandatory parts, in order."""
    i, out = len(cost_parts.parts_of_card(card.card)), []
    for o in optional:
        objs: list = []
        for _ in o.parts:
            objs += list(extra[i][2]) if i < len(extra) else []
            i += 1
        out.append(objs)
    return out


def _named_cost_objects(game: Game, args: dict) -> tuple:
    """The objects the player names to pay the additional costs (`作为费用摧毁 x`), for targeting restrictions
    that refer to them ("a unit costing no more than the unit killed this way")."""
    from judge.engine.refs import resolve_ref

    refs = ([args["target"]] if args.get("target") else []) + list(args.get("pay_with", []))
    return tuple(o.oid for o in (resolve_ref(game, r) for r in refs) if o is not None)


def _extra_costs(game: Game, player: str, card: GameObject, args: dict, optional: list) -> list:
    """The card's mandatory additional costs (356.2.a.1), then the parts of the optional ones chosen
    (356.2.b.1), and what pays them, from the cost-part registry (the same parts abilities use):
    named with `作为费用摧毁 x` / `作为费用 x, y`."""
    from judge.engine.refs import resolve_ref

    named = [resolve_ref(game, r) for r in ([args["target"]] if args.get("target") else []) + list(args.get("pay_with", []))]
    parts = cost_parts.parts_of_card(card.card)
    for o in optional:
        for pid, n in o.parts:
            part = cost_parts.COST_PARTS[pid]
            if o.any_number:  # as many as the player names (at least one: else they would not pay it)
                n = max(1, len([x for x in named if x in part.options(game, player, card)]))
            parts.append((part, n))
    if not parts and named:
        raise IllegalAction(f"{card.label()} 没有需要选择对象支付的额外费用。", "356.2.a.1")
    return cost_parts.choose(game, player, card, parts, named, rule="356.2.a.1")


def unit_destination(game: Game, player: str, card: GameObject, dest: str | None) -> tuple[str, str | None]:
    """The unit's location (355.2) and, when a keyword's permission made it valid (355.2.b), that rule."""
    dest = "base" if dest in (None, "基地", "base") else dest
    from judge.engine import play_locations

    problem = play_locations.own_restriction(game, player, card, dest)  # "you may play me only to …"
    if problem is not None:
        raise IllegalAction(problem, "355.2")
    if dest != "base":
        from judge.engine.statics import forbidder

        barred = forbidder(game, "allows_play_to", player, card, dest)  # can't beats can (054.1)
        if barred is not None:
            raise IllegalAction(f"{barred[0].label()} 的静态技能（{barred[1].display}）：单位不能被打出到 {dest}，"
                                "“不能”优先于“可以”。", "054.1")
        bf = game.battlefields.get(dest)
        if bf is None or bf.controller != player:
            granted = next((rule for kw, n in keywords_on(card)
                            if bf is not None and (rule := kw.may_play_to(game, player, card, dest, n))), None)
            if granted is None and bf is not None:
                from judge.engine import play_locations

                granted = play_locations.permission(game, player, card, dest)
            if granted is not None:
                return dest, granted
            raise IllegalAction(f"单位只能打出到基地或自己控制的战场（{dest} 的控制者：{bf.controller if bf else '无'}）。",
                                "355.2.a")
    return dest, None


def _commit(game: Game, player: str, card: GameObject, plan: dict) -> None:
    t = game.trace
    was_empty = not game.chain
    before = game.location_label(card)
    origin = plan["origin"]
    card.played_from = card.zone if origin is None else getattr(origin, "zone", "facedown")
    if origin is not None:
        origin.leave(game, card)
    else:
        game.players[player].zones[card.zone].remove(card.oid)
    card.zone, card.location = "chain", None
    card.paid_optional = plan["optional"]
    memory = {"oid": card.oid, **({"effects": plan["effects"]} if plan.get("effects") is not None else {}),
              "cost_objects": tuple(o.oid for _part, _n, objs in plan["extra"] for o in objs),
              **({"move_dests": list(plan["move_dests"])} if plan.get("move_dests") else {}),
              **({"battlefield": plan["dest"]} if plan.get("targets_battlefield") else {})}
    item = ChainItem(player, card.label(), f"{player} 打出的 {card.label()}", None, memory,
                     rules=("350",), kind="card", oid=card.oid,
                     targets=[targeting.snapshot(o) for o in plan["targets"]], dest=plan["dest"],
                     paid=plan["paid"], hidden_at=origin.at if origin is not None else None)
    game.chain.append(item)
    if was_empty:
        game.chain_opened_by = "card"
    t.add("action", f"{player} 打出 {card.label()}（时机：{plan['permission']}）。", rules=("350",))
    t.depth += 1
    try:
        t.add("step", f"步骤1：{card.label()} 作为待处理项目放入结算链。", rules=("354", "354.2"),
              changes=[Change(card.label(), "位置", before, "结算链（待处理）")])
        steps.done(game, "354")
        from judge.engine.statics import bind_next_card

        bind_next_card(game, player, card)  # "the next spell you play this turn …" (391)
        if plan["dest"] is not None:
            where = "、".join("基地" if d == "base" else game.battlefields[d].label()
                             for d in (plan.get("move_dests") or [plan["dest"]]))
            what = "目标战场" if plan.get("targets_battlefield") else "移动目的地" if card.card.type == "spell" else "打出位置"
            chose = (origin.destination_rule if origin is not None
                     else (plan["dest_rule"] or "355.2") if card.card.type == "unit"
                     else "359.2.d" if card.card.type == "gear"
                     else "355.10.b" if plan.get("targets_battlefield") else "355.4")
            t.add("step", f"步骤2 做出选择：{what} {where}。", rules=(chose,))
        modes.trace(game, plan.get("mode_notes", []))
        from judge.engine.statics import STATICS

        for kind in STATICS:  # "as you play this, name …" (355.1)
            for params in kind.instances(card.card):
                kind.as_played(game, card, params, player)
        if plan["targets"]:
            t.add("step", f"步骤2 做出选择：目标 {'、'.join(o.label() for o in plan['targets'])}。", rules=("355.5",))
        elif any(e.targets for e in (plan.get("effects") or card.card.effects)):
            t.add("step", "步骤2 做出选择：选择了 0 个目标（“最多”允许选择 0 个）。", rules=("355.13",))
        steps.done(game, "355")
        cost = plan["cost"]
        rules = ["356"]
        if origin is not None and origin.base_cost_note:
            rules.insert(0, origin.rule)
        rules += [KEYWORDS[k].rule for k in plan["paid"]]
        if plan["optional"]:
            rules.append("356.2.b.1")
        if any(p.startswith("基础费用被无视") for p in cost.parts):
            rules.append("356.1.b.1")
        if any(p.startswith(costs.TARGETING_LABEL) for p in cost.parts):
            rules.append("809")
        if any(p.startswith("增费") for p in cost.parts):
            rules.append("356.3")
        if any(p.startswith("减费") for p in cost.parts):
            rules.append("356.4")
        if any(p.startswith("减费") and ("不低于" in p or "最低值" in p) for p in cost.parts):
            rules.append("356.4.e")
        if any(p.startswith("增费") or p.startswith("减费") for p in cost.parts):
            rules.append("356.6")
        if cost.syms and any(s != "A" for s in cost.syms):
            rules.append("163.2")
        t.add("step", f"步骤3 确定总费用：{'；'.join(cost.parts) or '无费用'} → 总费用 {cost}。", rules=tuple(rules))
        steps.done(game, "356")
        costs.pay(game, player, cost, plan["payment"])
        card.paid_energy = cost.energy
        item.memory = {**(item.memory or {}), "energy_paid": cost.energy}  # "if you spent N or more energy on it"
        cost_parts.pay_all(game, player, card, plan["extra"], what="额外费用")
        steps.done(game, "357")
        t.add("step", "步骤5 检查合法性：通过。", rules=("358",))
        steps.done(game, "358")
        finalize(game, item)
        steps.done(game, "359")
    finally:
        t.depth -= 1


def finalize(game: Game, item: ChainItem) -> None:
    """Step 6 (337): the item is finalized; permanents resolve at once (327.2)."""
    from judge.engine import resolution
    from judge.engine.abilities import triggered

    card = game.objects[item.oid]
    if (item.memory or {}).get("by_effect") and card.card.type == "spell" and not item.targets:
        from judge.engine import effect_plays

        if not effect_plays.choose_targets(game, item, card):  # played by an instruction: chosen now (419.3.b)
            return
    item.pending = False
    if not card.token:
        # cards finalized this turn (419.4.b: what "played this turn" abilities such as 鼓舞 read)
        mine = game.finalized_cards.setdefault(item.controller, [])
        mine.append((game.turn, card.oid))
        item.play_number = sum(1 for turn, _ in mine if turn == game.turn)
    game.trace.add("step", f"步骤6：{card.label()} 确认为已确认的结算链项目（确认不会让过优先行动权）。", rules=("359.1",))
    if card.card.type in PERMANENTS:
        game.chain.remove(item)
        resolution.enter_board(game, item, card)
        completed(game, item, card)
    else:
        triggered.chose_targets(game, item.controller, [game.objects.get(oid) for oid, _inc in item.targets], "spell")
    triggered.flush(game)


def completed(game: Game, item: ChainItem, card: GameObject) -> None:
    """The act of playing is complete once the card has resolved (419.4.a): abilities that trigger on
    playing a card trigger now — a permanent's at once (it resolves when finalized, 327.2), a spell's
    after its instructions; a countered card never gets here (419.4.a.1)."""
    from judge.engine.abilities import triggered

    from judge.engine.abilities.facts import EventFacts

    p = item.controller
    # origin "facedown": played from its hidden place (811.1.b), what "when you play a card from facedown" reads
    origin = "facedown" if getattr(item, "hidden_at", None) is not None else None
    triggered.fire(game, EventFacts("play_card", player=p, obj=card, controller=p, dest=item.dest, via="play",
                                    origin=origin, targets=tuple(item.targets),
                                    amount=(item.memory or {}).get("energy_paid", 0)))
    if card.card.type in PERMANENTS:
        for kw, n in keywords_on(card, game):  # with keywords static abilities give it (477.2.a)
            kw.on_played(game, card, n)
    if item.play_number == 2:
        # The second card played this turn (FAQ C-L680: a permanent played second already sees it).
        triggered.fire(game, EventFacts("second_card", player=p, obj=card, controller=p, via="play"))
