"""Moves (445): the standard move (144) — single or group, exhausting as its cost, battlefield to
battlefield only with 游走 (810) — and moves by effects, which neither exhaust nor ready (C-EFFECT-MOVE).
Destination limits (447.2); a move is atomic and is followed by a cleanup; units arriving at a
battlefield that is neither contested nor controlled by their controller contest it (190)."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.keywords import on as keywords_on
from judge.engine.state import Game, GameObject
from judge.trace.events import Change


def destination_problem(game: Game, player: str, dest: str) -> str | None:
    """Why `dest` is not a valid destination for `player`'s units, or None."""
    found = invalid_destination(game, player, dest)
    return found[0] if found else None


def invalid_destination(game: Game, player: str, dest: str) -> tuple[str, str] | None:
    """(why, rule) when `dest` is not a valid destination for `player`'s units. The tree has text for
    447.2 (valid destinations) but not for its sub-rules, so 447.2 is the number shown; a standard move
    into units of two other players is refused under 144.4.a.1, which says so in the corpus."""
    if dest == "base":
        return None
    others = [p for p in game.players_at(dest) if p != player]
    if len(others) >= 2:
        return f"{dest} 已有两名其他玩家（{'、'.join(others)}）的单位", "447.2"
    if any(game.teams[p] == game.teams[player] for p in others):
        return f"{dest} 已有队友 {'、'.join(others)} 的单位，队友的单位不能进入同一处战场", "447.2"
    if len(game.order) > 2:
        cb = game.combat
        bf = game.battlefields[dest]
        if cb is not None and cb.battlefield == dest and player not in (cb.attacker, cb.defender):
            return f"{dest} 正在进行 {cb.attacker} 与 {cb.defender} 之间的战斗", "447.2"
        if bf.combat_staged and player not in game.players_at(dest):
            return f"{dest} 有待发生的战斗", "447.2"
    return None


def check_standard_move(game: Game, player: str, units: list[GameObject], dest: str) -> None:
    if game.over:
        raise IllegalAction("游戏已经结束。", "196")
    if player != game.turn_player:
        raise IllegalAction(f"标准移动只能在自己的回合进行：当前回合玩家是 {game.turn_player}。", "144.1.a",
                            faq=("C-STD-MOVE",))
    if game.phase != "main" or not game.neutral_open():
        raise IllegalAction(f"标准移动只能在主阶段、法术对决之外的普通开环状态进行（当前：{game.state_name()}）。",
                            _timing_rule(game), faq=("C-STD-MOVE",))
    if not units:
        raise IllegalAction("没有指定要移动的单位。", "446.1")
    for u in units:
        if u.zone != "board" or not u.is_unit:
            raise IllegalAction(f"{u.label()} 不是场上的单位。", "446.1")
        if u.controller != player:
            raise IllegalAction(f"{u.label()} 由 {u.controller} 控制：只能对自己控制的单位进行标准移动。", "144")
        if u.exhausted:
            raise IllegalAction(f"{u.label()} 处于休眠状态，无法支付标准移动的费用（使其休眠）。", "144.2",
                                faq=("C-STD-MOVE",))
        if u.location == dest:
            raise IllegalAction(f"{u.label()} 已经位于 {dest}。", "144.4")
        _check_may_move(game, u, dest)
        if u.location != "base" and dest != "base" and not _may_move_between(game, u, dest):
            raise IllegalAction(f"{u.label()} 没有[游走]：标准移动只能在基地与战场之间进行。", "144.4.c.1",
                                faq=("C-GANKING",))
    invalid = invalid_destination(game, player, dest)
    if invalid:
        two_others = len([p for p in game.players_at(dest) if p != player]) >= 2
        raise IllegalAction(f"无效的终点位置：{invalid[0]}。", "144.4.a.1" if two_others else invalid[1])


def _check_may_move(game: Game, u: GameObject, dest: str) -> None:
    """A static "can't move" forbids the move whatever allows it (054.1: can't beats can)."""
    from judge.engine.statics import forbidder

    barred = forbidder(game, "allows_move", u, dest)
    if barred is not None:
        where = "基地" if dest == "base" else dest
        raise IllegalAction(f"{u.label()} 不能移动到{where}：{barred[0].label()} 的静态技能（{barred[1].display}）禁止，"
                            "“不能”优先于“可以”。", "054.1")


def _may_move_between(game: Game, u: GameObject, dest: str) -> bool:
    """Whether `u`'s standard move may go from a battlefield to the battlefield `dest`: Ganking, or a
    passive ability that adds the same permission for that destination (144.4.c.1, 810.1.c)."""
    from judge.engine.statics import permitter

    if any(kw.moves_between_battlefields(u, n) for kw, n in keywords_on(u, game)):
        return True
    return permitter(game, "permits_move_between", u, dest) is not None


def _note_permission(game: Game, units: list[GameObject], dest: str) -> None:
    """Say which passive ability let a unit without Ganking move here from another battlefield."""
    from judge.engine.statics import permitter

    for u in units:
        if u.location != "base" and dest != "base" and not any(
                kw.moves_between_battlefields(u, n) for kw, n in keywords_on(u, game)):
            src, kind = permitter(game, "permits_move_between", u, dest)
            game.trace.add("step", f"{u.label()} 从 {u.location} 移动到 {dest}：{src.label()} 的静态技能（{kind.display}）允许。",
                           rules=(kind.rule,))


def _timing_rule(game: Game) -> str:
    """The timing rule a standard move breaks: main phase only, not in a showdown or combat, not closed."""
    if game.phase != "main":
        return "144.1.a"
    if game.showdown is not None or game.combat is not None:
        return "144.1.c"
    return "144.1.b"


def standard_move(game: Game, player: str, units: list[GameObject], dest: str) -> None:
    check_standard_move(game, player, units, dest)
    _note_permission(game, units, dest)
    names = "、".join(u.label() for u in units)
    changes = [Change(u.label(), "状态", "活跃", "休眠") for u in units]
    for u in units:
        u.exhausted = True
    game.trace.add("action", f"{player} 进行标准移动：{names} → {_dest_label(game, player, dest)}。"
                   f"支付费用：使{'它们' if len(units) > 1 else '其'}休眠。", rules=("144.2",),
                   faq=("C-GROUP-MOVE",) if len(units) > 1 else ("C-STD-MOVE",), changes=changes)
    _relocate(game, player, units, dest, via="standard_move")


def effect_move(game: Game, player: str | None, units: list[GameObject], dest: str) -> None:
    if game.over:
        raise IllegalAction("游戏已经结束。", "196")
    for u in units:
        if u.zone != "board" or not u.is_unit:
            raise IllegalAction(f"{u.label()} 不是场上的单位。", "446.1")
        if u.location == dest:
            raise IllegalAction(f"{u.label()} 已经位于 {dest}。", "446.1")
        _check_may_move(game, u, dest)
    ctrl = units[0].controller if units else player
    invalid = invalid_destination(game, ctrl, dest)
    if invalid:
        raise IllegalAction(f"无效的终点位置：{invalid[0]}。", invalid[1])
    who = f"{player} 以效果" if player else "效果"
    game.trace.add("action", f"{who}移动 {'、'.join(u.label() for u in units)} → {_dest_label(game, ctrl, dest)}"
                   "（效果移动不会改变休眠/活跃状态）。", rules=("449",), faq=("C-EFFECT-MOVE",))
    _relocate(game, ctrl, units, dest, via="effect", by=player)


def _dest_label(game: Game, player: str, dest: str) -> str:
    return f"{player}的基地" if dest == "base" else game.battlefields[dest].label()


def _relocate(game: Game, player: str, units: list[GameObject], dest: str, via: str = "effect",
              by: str | None = None) -> None:
    """The move itself: atomic, from origin straight to destination (445); each unit's move is an event
    (420.1) whose triggers are evaluated once the move is done (383.2.c)."""
    changes = []
    origins = {}
    for u in units:
        before = game.location_label(u)
        origins[u.oid] = u.location
        u.location = dest
        key = (u.oid, u.incarnation, game.turn)
        game.moves[key] = game.moves.get(key, 0) + 1
        changes.append(Change(u.label(), "位置", before, game.location_label(u)))
        for gear in game.attachments(u.oid):
            gear.location = dest  # attachments follow their unit; that is not a move (716)
            changes.append(Change(gear.label(), "位置（随贴附的单位）", before, game.location_label(gear)))
    game.trace.add("change", "移动完成。", rules=("446.3.b",), changes=changes)
    if dest != "base":
        bf = game.battlefields[dest]
        movers = {u.controller for u in units}
        for p in movers:
            if bf.contested_by is None and bf.controller != p:
                bf.contested_by = p
                game.trace.add("change", f"{bf.label()} 进入争夺状态：{p} 的单位进入了不受其控制的战场。",
                               rules=("190.3.a",), changes=[Change(bf.label(), "争夺", "否", f"是（{p}）")])
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    for u in units:
        # "you move a unit": the player responsible for the move (411.4); a standard move is its controller's
        triggered.fire(game, EventFacts("move", player=by or u.controller, obj=u, controller=u.controller,
                                        origin=origins[u.oid], dest=dest, via=via))
    # moving several units at once is one game action (144.3): "when a player moves" sees it once
    if units:
        triggered.fire(game, EventFacts("move_units", player=by or units[0].controller, objs=tuple(units),
                                        controller=units[0].controller, dest=dest, via=via))
