"""Activated abilities (376) and playing or activating them (398): timing as for cards (normal
timing, 迅捷 806, 反应 813), costs (energy, power, exhausting the source [E]), targets. Abilities that
only add resources (获得) don't use the chain: they resolve at once and pass neither priority nor
focus (327; FAQ R-L33, R-L35 Malzahar)."""

from __future__ import annotations

from judge.recordtype import replace

from judge.engine import cost_parts, costs, instructions, modes, priority, targeting
from judge.engine.chain_items import ChainItem
from judge.engine.errors import IllegalAction
from judge.engine.state import ABILITY_ZONES, Game

# where an activated ability can be activated, and the rule that says so: the board (380), a legend in
# its legend zone (174.8)
WHERE_RULES = {"board": "380", "legend": "174.8"}


def activate(game: Game, player: str, args: dict) -> None:
    from judge.engine.refs import resolve_ref

    src = resolve_ref(game, args["source"])
    if src.zone not in ABILITY_ZONES or src.controller != player:
        raise IllegalAction(f"只能激活自己控制的场上游戏物体或传奇区域中的传奇的技能（{src.label()}）。",
                            WHERE_RULES.get(src.zone, "380"))
    from judge.engine.keywords import on

    # the card's own activated abilities, then those its keywords give (装配 818)
    abilities = list(src.card.activated) + [a for kw, n in on(src) if (a := kw.activated(src, n)) is not None]
    which = args.get("ability", 1)  # which of its activated abilities, in the order the card lists them
    if not abilities:
        raise IllegalAction(f"{src.label()} 没有主动技能。", "377.1")
    if not 1 <= which <= len(abilities):
        raise IllegalAction(f"{src.label()} 只有 {len(abilities)} 个主动技能，没有第 {which} 个。", "377.1")
    ab = abilities[which - 1]
    cond = getattr(ab, "condition", None)
    if cond is not None:  # "use this ability only while …" (377.2.b)
        from judge.engine import conditions
        from judge.engine.filters import Seen

        if not conditions.holds(game, Seen(player, src.oid, src.location), cond):
            raise IllegalAction(f"{src.label()} 的这个主动技能只能在“{conditions.describe(cond)}”时使用。", "377.2.b")
    t = game.trace
    mode_notes: list = []
    if modes.has_modes(ab.effects):  # "choose one —": the option first, then its targets (355.3)
        effects, mode_notes = modes.expand(game, player, ab.effects, f"{src.label()} 的主动技能", src)
        ab = replace(ab, effects=effects)
    if not adds_resources(ab):
        priority.check_may_act(game, player)
        _check_timing(game, player, ab)
    chosen = [resolve_ref(game, r) for r in args.get("targets", [])]
    # where the source is as the ability is activated: its "here" (before a cost may move it)
    memory = {"oid": src.oid, "location": src.location if src.zone == "board" else None}
    targeted = [e for e in ab.effects if e.targets]
    if len(targeted) > 1:  # each instruction its own targets, in order (355.8), as a spell's
        parts = targeting.split(ab.effects, chosen)
        if sum(len(p) for p in parts) != len(chosen):
            raise IllegalAction(f"{src.label()} 的主动技能最多选择 {sum(len(p) for p in parts)} 个目标，"
                                f"实际选择了 {len(chosen)} 个。", "355.8")
        for e, part in zip(ab.effects, parts):
            if e.targets:
                targeting.check_choice(game, player, e, part, f"{src.label()} 的主动技能", memory)
        memory["target_counts"] = [len(p) for p in parts]
    elif targeted:
        targeting.check_choice(game, player, targeted[0], chosen, f"{src.label()} 的主动技能", memory)
    elif chosen:
        raise IllegalAction(f"{src.label()} 的主动技能没有目标。", "355.5")
    dest = _move_destination(game, src, ab, chosen, args.get("dest"))
    if dest in game.battlefields:  # the battlefield chosen for the move: "there" in its instructions (355.4)
        memory["battlefield"] = dest
    cost = costs.Cost()
    # [R] in the cost is paid with that domain's power, [C] with the source's domain (163.2, 135.2.e.6)
    cost.add(ab.energy, ab.power, "技能费用", costs.card_syms(src, ab.power_syms))
    off, asked = _own_discount(game, player, src, ab, memory)
    cost.energy -= off
    from judge.engine.statics import STATICS

    for kind in STATICS:  # "this ability costs less …" on the source itself (818.1.c.4)
        for params in kind.instances(src.card):
            for why, n in kind.ability_cost_changes(game, src, params, ab, chosen):
                cost.add(n, 0, why)
    cost.add(0, costs.targeting_power(game, player, chosen), costs.TARGETING_LABEL)
    payment = costs.plan(game, player, cost, src)
    # non-standard costs ([E], spend a buff, discard, …) from the cost-part registry, checked before paying
    named = [resolve_ref(game, r) for r in args.get("pay_with", [])]
    extra = cost_parts.choose(game, player, src, cost_parts.parts_of_ability(ab), named, rule="404.1")
    paid_with = [o for _part, _n, objs in extra for o in objs]
    if paid_with:  # "the unit exhausted this way": where the object that paid the cost is (404.1)
        memory["cost_location"] = paid_with[0].location
    t.add("action", f"{player} 激活 {src.label()} 的主动技能。", rules=("377.3.a", "399", WHERE_RULES[src.zone]))
    t.depth += 1
    try:
        modes.trace(game, mode_notes)
        if asked:
            t.add("step", f"{src.label()} 的主动技能费用减少 {asked}（激活时计算）：法力费用 {ab.energy} → {ab.energy - off}。",
                  rules=("403.3", "356.6") if off < asked else ("403.3",))
        cost_parts.pay_all(game, player, src, extra)
        if cost.energy or cost.power:
            costs.pay(game, player, cost, payment)
        if adds_resources(ab):
            t.add("step", "获得资源的技能确认后立即结算，不进入结算链；优先行动权与焦点不因此传递。",
                  rules=("337.2", "429.2"), faq=("R-L33", "R-L35"))
            item = ChainItem(player, src.label(), f"{src.label()} 的主动技能", None, dict(memory), rules=("376",),
                             kind="ability", oid=src.oid, pending=False)
            previous: list = []
            for e in ab.effects:  # as any instruction: its "if" (a [鼓舞] condition) is checked first
                previous = instructions.perform(game, item, e, [], previous)
            from judge.engine.abilities import triggered

            triggered.ability_used(game, item)
            return
        was_empty = not game.chain
        item = ChainItem(player, src.label(), f"{src.label()} 的主动技能", None, dict(memory),
                         rules=("376",), kind="ability", oid=src.oid,
                         targets=[targeting.snapshot(o) for o in chosen], pending=False, trigger=ab, dest=dest)
        game.chain.append(item)
        if was_empty:
            game.chain_opened_by = "card"
        t.add("step", f"{item.description}确认为结算链项目（激活技能开启或加入结算链）。", rules=("406.2",))
        from judge.engine.abilities import triggered

        triggered.chose_targets(game, player, chosen, "ability")
    finally:
        t.depth -= 1



def _own_discount(game: Game, player: str, src, ab, memory: dict) -> tuple[int, int]:
    """(energy taken off, the reduction it states): an ability's own "costs [1] less for each …", read as it
    is activated (403.3), never below zero (356.6)."""
    if getattr(ab, "discount", None) is None:
        return 0, 0
    from judge.engine import values

    reading = ChainItem(player, src.label(), f"{src.label()} 的主动技能", None, dict(memory), rules=("376",),
                        kind="ability", oid=src.oid, pending=False)
    n = max(0, values.evaluate(game, reading, ab.discount, []))
    return min(n, ab.energy), n


def _move_destination(game: Game, src, ab, chosen, dest: str | None) -> str | None:
    """"Move a unit" with no fixed destination: the location is chosen as the ability is activated, as
    for a spell (355.4); one that is not valid for a chosen unit makes the activation illegal (355.4.a)."""
    from judge.engine import filters

    if not any(filters.chosen_destination(e) for e in ab.effects):
        if dest is not None:
            raise IllegalAction(f"{src.label()} 的主动技能不移动单位，不需要选择目的地。", "355.4")
        return None
    if dest is None:
        raise IllegalAction(f"激活 {src.label()} 的主动技能时必须同时选择移动的目的地（写作 “-> 战场”）。", "355.4")
    dest = "base" if dest in ("基地", "base") else dest
    if dest != "base" and dest not in game.battlefields:
        raise IllegalAction(f"“{dest}”不是基地或一处战场。", "355.4")
    if (why := filters.destination_problem(game, src.controller, ab.effects, dest)) is not None:
        raise IllegalAction(f"{src.label()} 的主动技能：{why}", "355.4.a")
    from judge.engine import movement

    for u in chosen:
        invalid = movement.invalid_destination(game, u.controller, dest)
        if invalid or u.location == dest:
            why = invalid[0] if invalid else "单位已在那里"
            raise IllegalAction(f"{src.label()} 的主动技能不能把 {u.label()} 移动到这里：无效的终点位置（{why}）。",
                                invalid[1] if invalid else "355.4.a")
    return dest


def adds_resources(ab) -> bool:
    """An ability whose effects are all Adds (the registry's `adds_resources`) resolves as soon as it
    is finalized, without using the chain (429.2)."""
    return bool(ab.effects) and all(getattr(instructions.EFFECTS.get(e.kind), "adds_resources", False)
                                    for e in ab.effects)


def _check_timing(game: Game, player: str, ab) -> None:
    if game.chain and ab.timing != "reaction":
        raise IllegalAction("没有[反应]的主动技能不能在闭环状态下激活。", "331.1.b")
    if game.showdown is not None and ab.timing is None:
        raise IllegalAction("没有[迅捷]或[反应]的主动技能不能在法术对决中（包括战斗中）激活。", "343.1.b",
                            faq=("C-L165",))
    if game.showdown is None and not game.chain and (player != game.turn_player or game.phase != "main"):
        raise IllegalAction("主动技能只能在自己的主阶段、法术对决之外激活。", "410.1", faq=("C-L169",))
