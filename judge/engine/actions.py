"""Applying one action to a game, and enumerating the legal ones (for random playouts and fuzzing).

An action is a judge.dsl.model.Action (verb, player, args). `apply` checks legality before it
changes anything, so an illegal action leaves the state untouched; then it lets the game settle
(cleanups, pending chain items, opening showdowns and combats).
"""

from __future__ import annotations

from judge.engine.cards import Pos
from judge.engine.commands import Action
from judge.engine import cleanup, effects, movement, resolution, scoring, showdown, turn, zones
from judge.engine.abilities import triggered
from judge.engine.errors import IllegalAction, NeedChoice
from judge.engine.refs import resolve_ref  # noqa: F401  (also the public name for callers)
from judge.engine.state import Game, GameObject

CHOICE_VERBS = {"assign", "pick_battlefield", "burnout_pick", "order", "decline", "choose_target", "choose_mode",
                "choose_replacement", "choose_number"}
_NOPOS = Pos("<引擎>", 0, 0)


def _dest(ref: str) -> str:
    return "base" if ref in ("基地", "base") else ref


def _on_board_units(game: Game, refs) -> list[GameObject]:
    out = []
    for r in refs:
        o = resolve_ref(game, r)
        if o.zone != "board":
            raise IllegalAction(f"{o.label()} 不在场上（现在位于{game.location_label(o)}）。", "119")
        out.append(o)
    return out


def push_choice(game: Game, action: Action) -> None:
    a = action.args
    value = {"assign": lambda: a["assignment"], "pick_battlefield": lambda: a["battlefield"],
             "burnout_pick": lambda: a["opponent"], "order": lambda: a["objects"],
             "decline": lambda: a["source"], "choose_target": lambda: (a["source"], a["targets"]),
             "choose_mode": lambda: (a["source"], a["mode"]), "choose_number": lambda: (a["source"], a["n"]),
             "choose_replacement": lambda: (a["target"], a["source"])}[action.verb]()
    kind = {"choose_target": "target"}.get(action.verb, action.verb)
    game.choices.push(kind, action.player, value, action.pos)


def apply(game: Game, action: Action) -> None:
    """Perform one action (raising IllegalAction before any change), then settle the game."""
    if action.verb in CHOICE_VERBS:
        push_choice(game, action)
        return
    if game.over and action.verb not in ("cleanup",):
        raise IllegalAction("游戏已经结束，不能再执行行动。", "196")
    _perform(game, action)
    settle(game)


def dry_run(game: Game, action: Action) -> IllegalAction | NeedChoice | None:
    """Try an action on a copy of the game, leaving the game itself unchanged: None if the rules
    allow it, the IllegalAction that rejects it, or the NeedChoice it reached (allowed so far)."""
    try:
        apply(game.copy(), action)
    except (IllegalAction, NeedChoice) as err:
        return err
    return None


def settle(game: Game) -> None:
    cleanup.run(game)
    resolution.play_out(game)


def _acting(game: Game, player: str | None) -> None:
    """An effect performed by a player inside a showdown restarts the sequence of passes."""
    if player is not None and game.showdown is not None:
        showdown.reset_passes(game)


def _perform(game: Game, action: Action) -> None:
    v, p, a = action.verb, action.player, action.args
    t = game.trace
    who = f"{p} " if p else ""
    if v == "standard_move":
        movement.standard_move(game, p, _on_board_units(game, a["units"]), _dest(a["dest"]))
    elif v == "move":
        movement.effect_move(game, p, _on_board_units(game, a["units"]), _dest(a["dest"]))
        _acting(game, p)
    elif v == "recall":
        units = _on_board_units(game, a["targets"])
        t.add("action", f"{who}以效果召回 {'、'.join(u.label() for u in units)}。", rules=("454",))
        effects.recall(game, units)
        _acting(game, p)
    elif v == "deal":
        units = _on_board_units(game, a["targets"])
        for u in units:
            if not u.is_unit:
                raise IllegalAction(f"{u.label()} 不是单位，不能被造成伤害。", "417")
        effects.deal(game, units, a["amount"], f"{who}以效果" if p else "效果", source=a.get("source"), by=p or None)
        _acting(game, p)
    elif v == "kill":
        units = _on_board_units(game, a["targets"])
        t.add("action", f"{who}以效果摧毁 {'、'.join(u.label() for u in units)}。", rules=("428",))
        effects.kill(game, units, by=p, via="effect" if p else None)
        triggered.flush_recorded(game)
        _acting(game, p)
    elif v in ("stun", "buff", "heal", "exhaust", "ready"):
        units = _on_board_units(game, a["targets"])
        fn = {"stun": lambda g, u: effects.stun(g, u, by=p), "buff": lambda g, u: effects.buff(g, u, by=p), "exhaust": lambda g, u: effects.set_exhausted(g, u, True),
              "ready": lambda g, u: effects.set_exhausted(g, u, False)}.get(v)
        if v == "heal":
            changes = effects.heal(game, units)
        else:
            changes = [c for c in (fn(game, u) for u in units) if c]
        word = {"stun": ("眩晕", None), "buff": ("增益", "701"), "heal": ("移除伤害", "418"),
                "exhaust": ("使其休眠", "415"), "ready": ("使其活跃", "415")}[v]
        note = "" if changes else "（没有改变：状态已是如此）"
        t.add("action", f"{who}以效果{word[0]}：{'、'.join(u.label() for u in units)}{note}。", rules=(word[1],) if word[1] else (),
              changes=changes)
        _acting(game, p)
    elif v == "spend_buff":
        u = _on_board_units(game, [a["target"]])[0]
        if not u.buff:
            raise IllegalAction(f"{u.label()} 没有增益可以消耗。", "701")
        if p is not None and u.controller != p:
            raise IllegalAction(f"只能消耗自己控制的单位的增益（{u.label()} 由 {u.controller} 控制）。", "701")
        from judge.trace.events import Change

        u.buff -= 1  # one buff is spent (702.2.b)
        t.add("action", f"{who}消耗 {u.label()} 的增益。", rules=("701",), faq=("R-SETT-BUFF",),
              changes=[Change(u.label(), "增益", u.buff + 1, u.buff)])
        effects.buffs_spent(game, [u], p)
        _acting(game, p)
    elif v == "might_mod":
        u = _on_board_units(game, [a["target"]])[0]
        ch = effects.might_change(game, u, a["amount"])
        t.add("action", f"{who}以效果使 {u.label()} 本回合战力 {a['amount']:+d}。", rules=("143.2",), changes=[ch])
        _acting(game, p)
    elif v == "draw":
        t.add("action", f"{p} 按效果指示抽 {a['count']} 张牌。", rules=("431",) if not game.players[p].zones["deck"] else ())
        zones.draw(game, p, a["count"], why="效果抽牌")
    elif v == "pass" and game.chain:
        from judge.engine import priority  # passing priority on a closed chain (328.8)

        priority.pass_priority(game, p)
    elif v == "pass":
        showdown.pass_focus(game, p)
    elif v == "play":
        from judge.engine import playing  # the six steps of playing a card (349)

        game.explicit_priority = True
        playing.play_card(game, p, a)
        _acting(game, p)
    elif v == "activate":
        from judge.engine import activating  # activated abilities (376, 398)

        game.explicit_priority = True
        activating.activate(game, p, a)
        _acting(game, p)
    elif v == "pass_all" and game.chain:
        from judge.engine import priority

        sd = game.showdown
        while game.chain and not game.over:
            priority.pass_priority(game, game.priority)
        while sd is not None and game.showdown is sd and not game.chain and not game.over:
            showdown.pass_focus(game, sd.focus)
    elif v == "pass_all":
        if game.showdown is None:
            raise IllegalAction("现在没有进行中的法术对决，无法让过。", "347")
        sd = game.showdown
        while game.showdown is sd and not game.over:
            showdown.pass_focus(game, sd.focus)
    elif v == "end_turn":
        turn.end_turn(game, p)
    elif v == "gain_points":
        t.add("action", f"{p} 因效果获得 {a['amount']} 分（不是得分，不受每处战场每回合一次的限制）。", rules=("468",))
        scoring.gain_points(game, p, a["amount"], "效果")
    elif v == "cleanup":
        t.add("action", "执行一次清理。", rules=("323",))
    elif v == "perform":
        from judge.engine import instructions

        objects = [resolve_ref(game, r) for r in a["targets"]]
        source = resolve_ref(game, a["source"]) if a.get("source") else None
        instructions.perform_now(game, p, a["effect"], objects, source)
        _acting(game, p)
    elif not _keyword_action(game, p, v, a):
        raise IllegalAction(f"未知的行动“{v}”。")


def _keyword_action(game: Game, p: str, verb: str, a: dict) -> bool:
    """A discretionary action a keyword gives (待命's Hide, 811.1.c), asked through the registry."""
    from judge.engine.keywords import KEYWORDS

    return any(kw.discretionary_action(game, p, verb, a) for kw in KEYWORDS)


# ---------------------------------------------------------------------------- enumeration
def legal_actions(game: Game) -> list[Action]:
    """Legal actions now (a representative set: single-unit and whole-base group moves, passes, end turn)."""
    if game.over:
        return []
    out: list[Action] = []
    if game.chain and game.priority is not None:  # a closed state: the priority holder may pass (328.8)
        return [Action("pass", _NOPOS, game.priority)]
    if game.showdown is not None:
        return [Action("pass", _NOPOS, game.showdown.focus)]
    if game.phase == "main" and game.neutral_open():
        p = game.turn_player
        ready = [u for u in game.units() if u.controller == p and not u.exhausted]
        dests = ["base", *game.battlefields]
        for u in ready:
            for d in dests:
                if d == u.location:
                    continue
                try:
                    movement.check_standard_move(game, p, [u], d)
                except IllegalAction:
                    continue
                out.append(Action("standard_move", _NOPOS, p, {"units": [u.oid], "dest": d}))
        at_base = [u for u in ready if u.location == "base"]
        if len(at_base) > 1:
            for d in game.battlefields:
                try:
                    movement.check_standard_move(game, p, at_base, d)
                except IllegalAction:
                    continue
                out.append(Action("standard_move", _NOPOS, p, {"units": [u.oid for u in at_base], "dest": d}))
        out.append(Action("end_turn", _NOPOS, p))
    return out
