"""Cleanup (318): its steps in order, repeated until nothing changes; the special cleanups of the
end of turn (317.2) and of combat (466.1) insert their own steps after the kills (3b)."""

from __future__ import annotations

from judge.engine import effects, scoring, zones
from judge.engine.keywords import on as keywords_on
from judge.engine.layers import is_lethally_damaged, might
from judge.engine.state import Game
from judge.trace.events import Change

MAX_ROUNDS = 50


def run(game: Game, special: str | None = None) -> bool:
    """Run a cleanup (and the follow-up normal cleanups). Returns True if anything changed."""
    any_change = False
    kind = special
    for _ in range(MAX_ROUNDS):
        if game.over:
            break
        from judge.engine import mighty
        from judge.engine.abilities import triggered

        mighty.watch(game)
        changed = _one(game, kind)

        triggered.flush_recorded(game)
        kind = None  # follow-up cleanups are normal ones
        if not changed:
            break
        any_change = True
    return any_change


class _Header:
    """Emits the cleanup's header event only once something happens (keeps traces readable)."""

    def __init__(self, game: Game, special: str | None):
        self.game, self.special, self.done = game, special, False
        if special:
            self.emit()

    def emit(self):
        if self.done:
            return
        self.done = True
        self.game.trace.depth -= 1  # the header sits at the level of the procedure that called the cleanup
        try:
            self._emit()
        finally:
            self.game.trace.depth += 1

    def _emit(self):
        if self.special == "combat":
            self.game.trace.add("step", "战斗清理（特殊清理）：常规清理步骤，并在摧毁之后插入 3c 移除所有单位的伤害、"
                                "3d 召回进攻方单位（如仍有防守方单位）。", rules=("466.1", "324.1"),
                                faq=("R-COMBAT-CLEANUP",))
        elif self.special == "end_of_turn":
            self.game.trace.add("step", "回合结束特殊清理：常规清理步骤，并插入移除伤害、3d 眩晕结束、3e 清空符文池。",
                                rules=("317.2.a", "324.1"))
        else:
            self.game.trace.add("step", "清理。", rules=("323",))


def _one(game: Game, special: str | None) -> bool:
    t = game.trace
    t.depth += 1
    h = _Header(game, special)
    changed = False
    try:
        # 1. victory
        if scoring.check_victory(game):
            return True
        # 2. attacker / defender designations while a combat runs
        cb = game.combat
        if cb is not None:
            for u in game.units():
                want = None
                if u.location == cb.battlefield:
                    want = "attacker" if u.controller == cb.attacker else "defender" if u.controller == cb.defender else None
                if u.designation != want:
                    h.emit()
                    t.add("change", f"步骤2：{u.label()} 的攻防身份更新。", rules=("323.2",),
                          changes=[Change(u.label(), "身份", _des(u.designation), _des(want))])
                    u.designation = want
                    changed = True
        # 3a / 3b: lethal damage -> death triggers recorded, then kills
        lethal = [u for u in game.units() if is_lethally_damaged(game, u)]
        if lethal:
            h.emit()
            for u in lethal:
                for kw, n in keywords_on(u):
                    kw.on_lethal(game, u, n)  # step 3a: 绝念 (808) records its trigger
            low = {u.oid for u in lethal if u.damage < might(game, u)}  # lethal in any amount (142.4.c)
            t.add("step", "步骤3b：带有致命伤害的单位被摧毁："
                  + "、".join(f"{u.label()}（伤害 {u.damage}" + ("，任意数量的伤害即足以摧毁）" if u.oid in low else " ≥ 战力）")
                              for u in lethal) + "。", rules=("323.5", "142.4") + (("142.4.c",) if low else ()))
            effects.kill(game, lethal, passive=True, rules=("428", "142.4"), via="damage")
            changed = True
        if special == "combat":
            _combat_steps(game, h)
            changed = True
        elif special == "end_of_turn":
            _end_of_turn_steps(game, h)
            changed = True
        # 4. losing control of an empty battlefield (open state, no showdown/combat there)
        if not game.chain:
            for bf in game.battlefields.values():
                busy = (game.showdown and game.showdown.battlefield == bf.bid) or (cb and cb.battlefield == bf.bid)
                if bf.controller and not busy and not game.units_at(bf.bid, bf.controller):
                    h.emit()
                    t.add("change", f"步骤4：{bf.controller} 在 {bf.label()} 没有单位，失去其控制权。",
                          rules=("323.6", "190.4.c"), changes=[Change(bf.label(), "控制者", bf.controller, None)])
                    bf.controller = None
                    changed = True
        # 5. corrective recalls; facedown cards not matching the battlefield's controller are removed
        for o in list(game.board()):
            if o.location not in (None, "base") and not o.is_unit and o.card.type in ("gear", "rune") \
                    and o.attached_to is None:
                h.emit()
                effects.recall(game, [o], rules=("323.7", "454"), why="（步骤5：非单位装备不应位于战场）")
                changed = True
        for bf in game.battlefields.values():
            for fd in zones.facedown_at(game, bf.bid):
                if fd.controller != bf.controller and not (cb and cb.battlefield == bf.bid):
                    h.emit()
                    ch = zones.put_in_zone(game, fd, "trash")
                    t.add("change", f"步骤5：{fd.label()} 的控制者不是 {bf.label()} 的控制者，待命牌被移除。",
                          rules=("323.7",), changes=[ch])
                    changed = True
        # 6 / 7 / 7a: staging
        for bf in game.battlefields.values():
            present = game.players_at(bf.bid)
            running = (game.showdown and game.showdown.battlefield == bf.bid) or (cb and cb.battlefield == bf.bid)
            want_sd = bool(bf.contested_by and bf.contested_by in present and not running)
            enemies = len(present) >= 2 and len({game.teams[p] for p in present}) >= 2
            want_cb = bool(bf.contested_by and enemies and not (cb and cb.battlefield == bf.bid))
            if want_sd != bf.showdown_staged:
                h.emit()
                bf.showdown_staged = want_sd
                t.add("change", f"步骤6：{bf.label()} 的法术对决{'标记为待发生' if want_sd else '不再待发生'}。",
                      rules=("323.8",))
                changed = True
            if want_cb != bf.combat_staged:
                h.emit()
                bf.combat_staged = want_cb
                t.add("change", f"步骤7：{bf.label()} 的战斗{'标记为待发生（有敌对玩家的单位）' if want_cb else '不再待发生'}。",
                      rules=("323.9",))
                changed = True
        # 8: contested state removed when the contester has no units there (and nothing runs there)
        for bf in game.battlefields.values():
            running = (game.showdown and game.showdown.battlefield == bf.bid) or (cb and cb.battlefield == bf.bid)
            if bf.contested_by and not running and not game.units_at(bf.bid, bf.contested_by):
                h.emit()
                t.add("change", f"步骤8：{bf.contested_by} 在 {bf.label()} 已没有单位，移除争夺状态。", rules=("323.11", "190.3.b.1"),
                      changes=[Change(bf.label(), "争夺", f"是（{bf.contested_by}）", "否")])
                bf.contested_by = None
                bf.showdown_staged = bf.combat_staged = False
                changed = True
                for p in game.players_at(bf.bid):
                    if bf.controller != p and bf.contested_by is None:
                        bf.contested_by = p
                        t.add("change", f"步骤8：{p} 的单位位于不受其控制的战场，{bf.label()} 由 {p} 令其进入争夺状态。",
                              rules=("323.11", "190.3.a"))
        # 9 / 10 / 10a: opening showdowns and combats
        if game.showdown is None and game.combat is None and not game.chain:
            from judge.engine import combat, showdown

            combats = [b for b in game.battlefields.values() if b.combat_staged]
            shows = [b for b in game.battlefields.values() if b.showdown_staged]
            if combats:
                h.emit()
                bid = pick_battlefield(game, combats, "战斗")
                t.add("step", f"步骤10：普通开环状态下有待发生的战斗，在 {game.battlefields[bid].label()} 开始战斗。",
                      rules=("323.13", "460"))
                combat.open_combat(game, bid)
                changed = True
            elif shows:
                h.emit()
                bid = pick_battlefield(game, shows, "法术对决")
                t.add("step", f"步骤9：普通开环状态下有待发生的法术对决，在 {game.battlefields[bid].label()} 开始一次法术对决。",
                      rules=("323.12", "344"))
                showdown.open_showdown(game, bid)
                changed = True
        elif game.showdown is not None and not game.showdown.combat and game.combat is None:
            bf = game.battlefields[game.showdown.battlefield]
            if bf.combat_staged:
                from judge.engine import combat

                h.emit()
                t.add("step", f"步骤10a：{bf.label()} 的非战斗法术对决有战斗待发生，变为战斗法术对决。", rules=("323.14",))
                combat.open_combat(game, bf.bid)
                changed = True
        return changed
    finally:
        t.depth -= 1


def _des(d):
    return {"attacker": "进攻方", "defender": "防守方"}.get(d, "无")


def _combat_steps(game: Game, h: _Header) -> None:
    t = game.trace
    cb = game.combat
    changes = effects.heal(game, list(game.units()))
    t.add("change", "步骤3c：移除场上所有单位的伤害（在摧毁之后、再次检查致命伤害之前）。", rules=("466.1",),
          faq=("C-GAREN",), changes=changes)
    if cb is None:
        return
    defenders = [u for u in game.units_at(cb.battlefield) if u.designation == "defender"]
    attackers = [u for u in game.units_at(cb.battlefield) if u.designation == "attacker"]
    game.recalled_attackers = False
    if defenders and attackers:
        from judge.engine.statics import permitter

        instead = permitter(game, "recalls_all_on_tie", cb.attacker)  # a tie that would recall them (740.3.a)
        if instead is not None:
            t.add("step", f"步骤3d：战斗以平局结束（双方都有单位留在战场），本应召回进攻方单位；{instead[0].label()} 的静态技能"
                  f"（{instead[1].display}）使之改为召回该战场上的所有单位。", rules=("740.3.a", "370.1", "466.1"))
            effects.recall(game, game.units_at(cb.battlefield), rules=("466.1", "454"))
        else:
            t.add("step", "步骤3d：仍有防守方单位留在战场，召回所有进攻方单位。", rules=("466.1",), faq=("C-BOTH-SURVIVE",))
            effects.recall(game, attackers, rules=("466.1", "454"))
        game.recalled_attackers = True


def _end_of_turn_steps(game: Game, h: _Header) -> None:
    t = game.trace
    changes = effects.heal(game, list(game.units()))
    t.add("change", "移除所有单位的伤害（每名玩家的回合结束时）。", rules=("317.2.b", "418"), changes=changes)
    stuns = []
    for u in game.units():
        if u.stunned:
            u.stunned = False
            stuns.append(Change(u.label(), "眩晕", True, False))
    t.add("change", "步骤3d：受到眩晕的单位失去眩晕状态。", rules=("317.2.c",), changes=stuns)
    mods = []
    for u in game.units():
        if u.modifiers:
            mods.append(Change(u.label(), "本回合效果", len(u.modifiers), 0))
            u.modifiers = [m for m in u.modifiers if not m.until_end_of_turn]
    if mods:
        t.add("change", "“本回合内”的效果结束。", rules=("317.2.c",), changes=mods)
    pools = []
    for p in game.players.values():
        if p.energy or p.power:
            pools.append(Change(p.name, "符文池", f"法力{p.energy} 符能{p.power}", "空"))
            p.energy = p.power = 0
        p.power_domains = []  # the pool's power is gone, and with it the domains it had
        p.reserved = {}  # resources usable only for some cards are part of the pool (167)
    t.add("change", "步骤3e：所有玩家的符文池全部清空。", rules=("317.2.d", "165"), changes=pools)


def pick_battlefield(game: Game, staged, what: str) -> str:
    if len(staged) == 1:
        return staged[0].bid
    ids = [b.bid for b in staged]
    picked = game.choices.take("pick_battlefield", game.turn_player)
    if picked is not None and picked[2] in ids:
        game.trace.add("choice", f"{game.turn_player}（回合玩家）选择先在 {picked[2]} 开始{what}。", rules=("323.12", "323.13"))
        return picked[2]
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）有多处待发生的{what}，回合玩家选择声明顺序中的第一处 {ids[0]}。", rules=("323.12", "323.13"))
        return ids[0]
    game.choices.need("pick_battlefield", game.turn_player,
                      f"有多处战场有待发生的{what}，回合玩家 {game.turn_player} 需选择先开始哪一处。", ids,
                      f"{game.turn_player} 选择战场 {ids[0]}")
