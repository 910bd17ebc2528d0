"""Combat (459): opening and designations (463), the combat showdown, the combat damage step (465),
and the resolution step (466): combat cleanup (466.1), result, control and conquer, end of combat."""

from __future__ import annotations

from judge.engine import cleanup, damage_assignment as da, effects, resolution, scoring, steps, zones
from judge.engine.layers import might
from judge.engine.statics import forbidder
from judge.engine.choices import Probe
from judge.engine.state import Combat, CombatResult, Game, Showdown
from judge.trace.events import Change


def open_combat(game: Game, bid: str) -> None:
    bf = game.battlefields[bid]
    present = game.players_at(bid)
    attacker = bf.contested_by if bf.contested_by in present else next(p for p in present if p != bf.controller)
    defender = next(p for p in present if p != attacker)
    bf.combat_staged = bf.showdown_staged = False
    game.combat = Combat(bid, attacker, defender)
    changes = []
    for u in game.units_at(bid):
        want = "attacker" if u.controller == attacker else "defender"
        changes.append(Change(u.label(), "身份", "无", "进攻方" if want == "attacker" else "防守方"))
        u.designation = want
    game.trace.add("step", f"{bf.label()} 的战斗开始：{attacker} 为进攻方（令战场进入争夺状态的玩家），{defender} 为防守方。",
                   rules=("464.2.c.3",), changes=changes)
    if game.showdown is not None and game.showdown.battlefield == bid:
        game.showdown.combat = True
        game.trace.add("step", f"进行中的法术对决变为战斗法术对决；焦点仍由 {game.showdown.focus} 持有。", rules=("464.2.c.1.b",))
    else:
        game.showdown = Showdown(bid, combat=True, focus=attacker,
                                 began_at_chain_close=game.chain_opened_by is not None and not game.chain)
        game.trace.add("step", f"战斗步骤1：战斗法术对决开启，进攻方 {attacker} 获得焦点与优先行动权。", rules=("464.2.c.1.a", "345"))
        from judge.engine import showdown

        showdown.began(game, bid, attacker)
    from judge.engine.abilities import triggered

    triggered.combat_started(game)  # attack/defend triggers form the initial chain


def after_showdown(game: Game) -> None:
    """The combat showdown closed: damage step, then resolution step."""
    steps.done(game, "464")
    damage_step(game)
    steps.done(game, "465")
    resolution_step(game)


def damage_step(game: Game) -> None:
    cb = game.combat
    cb.step = "damage"
    bid = cb.battlefield
    attackers = [u for u in game.units_at(bid) if u.designation == "attacker"]
    defenders = [u for u in game.units_at(bid) if u.designation == "defender"]
    t = game.trace
    if not attackers or not defenders:
        t.add("step", "战斗步骤2：法术对决结束时战场上没有同时存在进攻方与防守方单位，不进行战斗伤害。", rules=("465.1",))
        return
    t.add("step", "战斗步骤2：战斗伤害。", rules=("465.2",))
    t.depth += 1
    try:
        totals = {}
        for side, units, player in (("进攻方", attackers, cb.attacker), ("防守方", defenders, cb.defender)):
            parts = []
            total = 0
            cant = False
            for u in units:
                m = might(game, u)
                if u.stunned:
                    parts.append(f"{u.label()} 眩晕，计 0")
                    continue
                barred = forbidder(game, "allows_combat_damage", u)
                if barred is not None:  # can't beats can (054.1)
                    parts.append(f"{u.label()} 不能造成战斗伤害（{barred[0].label()} 的静态技能），计 0")
                    cant = True
                    continue
                total += max(0, m)
                parts.append(f"{u.label()} {m}" + ("（按 0 计）" if m < 0 else ""))
            totals[player] = total
            t.add("step", f"{side} {player} 的伤害总值 = {' + '.join(parts) or '0'} = {total}。",
                  rules=(("465.2.a",) if side == "进攻方" else ("465.2.b",)) + (("054.1",) if cant else ()))
        a_assign = _assign(game, cb.attacker, totals[cb.attacker], defenders)
        d_assign = _assign(game, cb.defender, totals[cb.defender], attackers)
        for player, assign in ((cb.attacker, a_assign), (cb.defender, d_assign)):
            cb.excess[player] = sum(max(0, n - da.lethal_to_assign(game, game.objects[oid])) for oid, n in assign.items())
        changes, prevented_any, dealt = [], False, []
        for a, dealer in ((a_assign, cb.attacker), (d_assign, cb.defender)):
            for oid, amount in a.items():
                u = game.objects[oid]
                if amount <= 0:
                    continue
                if da.exempt(u, game):
                    changes.append(Change(u.label(), "伤害", u.damage, f"{u.damage}（无法被造成伤害）"))
                    continue
                amount, prevented = effects.prevent(u, amount)  # 437.5: assigned, then prevented as dealt
                note = f"（抵挡 {prevented} 点）" if prevented else ""
                prevented_any = prevented_any or bool(prevented)
                changes.append(Change(u.label(), "伤害", u.damage, f"{u.damage + amount}{note}" if note else u.damage + amount))
                u.damage += amount
                if amount > 0:
                    u.damaged_by.add(dealer)  # the other side's combat damage (142.4.c reads whose)
                    dealt.append((u, amount))
        t.add("change", "所有分配的伤害同时造成；伤害的来源是对方的战斗单位。",
              rules=("465.2.d", "417", "437.5") if prevented_any else ("465.2.d", "417"),
              faq=("R-ASSIGN-NOT-DEAL",), changes=changes)
        for u, amount in dealt:
            effects.damaged(game, u, amount)
    finally:
        t.depth -= 1


def _assign(game: Game, player: str, total: int, recipients) -> dict[str, int]:
    t = game.trace
    if total <= 0:
        t.add("step", f"{player} 没有可分配的伤害。", rules=("465.2.c",))
        return {}
    while True:
        picked = game.choices.take("assign", player)
        if picked is None:
            break
        a = dict(picked[2])
        why = da.problem(game, total, recipients, a)
        if isinstance(picked[3], Probe):
            # A probed assignment: record whether the rules reject it, then take the next scripted one.
            ok = why is not None
            game.probe_verdicts.append((picked[3].tag, ok, f"非法，依据规则 465.2.c：{why[0]}" if ok else "该分配合法"))
            t.add("illegal", f"{player} 的伤害分配 {da.render(a)} " + (f"不合法：{why[0]}。" if ok else "合法。"),
                  rules=("465.2.c",), faq=why[1] if ok else (), ok=ok)
            if ok:
                continue
        elif why is not None:
            from judge.engine.errors import IllegalAction

            raise IllegalAction(f"{player} 的伤害分配 {da.render(a)} 不合法：{why[0]}。合法的分配例如："
                                + "；".join(da.render(o) for o in da.options(game, total, recipients)[:6]), "465.2.c",
                                faq=why[1])
        t.add("choice", f"{player} 分配 {total} 点伤害：{da.render(a)}。", rules=("465.2.c",))
        return a
    opts = da.options(game, total, recipients)
    if len(opts) == 1:
        t.add("step", f"{player} 分配 {total} 点伤害：{da.render(opts[0])}（唯一的合法分配）。", rules=("465.2.c",))
        return opts[0]
    if game.choices.auto:
        t.add("auto", f"（自动选择）{player} 分配 {total} 点伤害：{da.render(opts[0])}"
              "（默认：按规则要求的顺序依次分配致命伤害，多余伤害给最后一个单位）。", rules=("465.2.c",))
        return opts[0]
    game.choices.need("assign", player, f"{player} 需要分配 {total} 点战斗伤害，合法的分配有：",
                      [da.render(o) for o in opts], f"{player} 分配伤害 {da.render(opts[0])}")


def resolution_step(game: Game) -> None:
    cb = game.combat
    cb.step = "resolution"
    bf = game.battlefields[cb.battlefield]
    t = game.trace
    t.add("step", "战斗步骤3：结算步骤。", rules=("465.3",))
    # Task 1: combat cleanup, then pending items (e.g. Deathknell) with normal cleanups between.
    game.recalled_attackers = False
    cleanup.run(game, special="combat")
    resolution.play_out(game)
    steps.done(game, "466.1")
    if game.over:
        return
    recalled, game.recalled_attackers = game.recalled_attackers, False
    # Task 2: result.
    present = game.players_at(bf.bid)
    a_here, d_here = cb.attacker in present, cb.defender in present
    no_result = recalled or (a_here and d_here) or (not a_here and not d_here)
    winner = None if no_result else cb.attacker if a_here else cb.defender
    game.combat_results.append(CombatResult(bf.bid, cb.attacker, cb.defender, winner,
                                            tuple(u.oid for u in game.units_at(bf.bid)), dict(cb.excess)))
    if no_result:
        why = "进攻方单位已被召回" if recalled else ("双方都有单位" if a_here else "双方都没有单位")
        t.add("result", f"战斗结果：无胜负（{why}）。", rules=("466.3.d",),
              faq=("C-BOTH-SURVIVE",) if recalled else ("C-EQUAL-MIGHT",) if not a_here else ())
    else:
        winner, loser = (cb.attacker, cb.defender) if a_here else (cb.defender, cb.attacker)
        t.add("result", f"战斗结果：{winner} 获胜，{loser} 落败。", rules=("466.3.a", "466.3.b"))
        # the winner's units here share the result ("when I win a combat"); triggers go on at the next cleanup
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        triggered.fire(game, EventFacts("win_combat", player=winner, battlefield=bf.bid,
                                        objs=tuple(game.units_at(bf.bid, winner)), via="combat"))
    steps.done(game, "466.3")
    # Task 3: control.
    if a_here and d_here and not recalled:
        bf.showdown_staged = bf.combat_staged = True
        t.add("step", f"{bf.label()} 仍有双方单位：再次标记法术对决与战斗为待发生。", rules=("466.3.d.1",))
    else:
        if len(present) == 1:
            p = present[0]
            if bf.controller != p:
                before = bf.controller
                bf.controller = p
                t.add("change", f"{p} 确立对 {bf.label()} 的控制。", rules=("466.5", "190.4"),
                      changes=[Change(bf.label(), "控制者", before, p)])
                scoring.conquer(game, p, bf.bid)
            else:
                t.add("step", f"{p} 保持对 {bf.label()} 的控制（保持控制不是征服，不得分）。", rules=("466.5.d",),
                      faq=("C-BOTH-SURVIVE",) if recalled else ())
        elif not present and bf.controller is not None:
            t.add("change", f"{bf.label()} 上没有单位，变为无人控制。", rules=("466.5.b",),
                  changes=[Change(bf.label(), "控制者", bf.controller, None)])
            bf.controller = None
        if bf.contested_by:
            t.add("change", f"{bf.label()} 的争夺状态被移除。", rules=("466.5.a", "190.3.b"),
                  changes=[Change(bf.label(), "争夺", "是", "否")])
            bf.contested_by = None
        for fd in [x for x in zones.facedown_at(game, bf.bid) if x.controller != bf.controller]:
            ch = zones.put_in_zone(game, fd, "trash")
            t.add("change", f"{fd.label()} 的控制者不再控制该战场，待命牌被移除。", rules=("466.5.c",), changes=[ch])
    steps.done(game, "466.5")
    # Task 4: combat ends.
    ended = []
    for u in game.units():
        u.designation = None
        if any(m.this_combat for m in u.modifiers):  # "this combat" effects all expire now (466.7.c)
            u.modifiers = [m for m in u.modifiers if not m.this_combat]
            ended.append(u.label())
    game.combat = None
    game.showdown = None
    t.add("step", f"{bf.label()} 的战斗结束，移除所有攻防身份。", rules=("466.7.a",))
    if ended:
        t.add("step", f"“本次战斗”的效果同时结束：{'、'.join(ended)}。", rules=("466.7.c",))
    steps.done(game, "466")
    cleanup.run(game)
