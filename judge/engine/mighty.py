"""Becoming Mighty (709): the moment a unit's Might changes from less than 5 to 5 or more. The engine
looks at every unit's Might at each cleanup (323), which follows every action and every resolution,
and witnesses the event for each unit that crossed since it last looked. It looks only while some
ability in play listens to the event, so games without one pay nothing."""

from __future__ import annotations

from judge.engine.state import Game

MIGHTY = 5  # 708: a unit is Mighty while its Might is 5 or more
EVENT = "become_mighty"


def watch(game: Game) -> None:
    if not _listened(game):
        game.mighty_seen = None  # start afresh when a listener appears: what was Mighty then stays so
        return
    from judge.engine.layers import might

    now = {(u.oid, u.incarnation): might(game, u) >= MIGHTY for u in game.units()}
    before, game.mighty_seen = game.mighty_seen, now
    if before is None:
        return
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    for (oid, inc), is_mighty in now.items():
        u = game.objects[oid]
        # a unit that arrived since: its Might before was its printed Might, as outside the board (711)
        was = before.get((oid, inc), (u.card.might or 0) >= MIGHTY)
        if is_mighty and not was:
            game.trace.add("step", f"{u.label()} 的战力变为 5 或以上：变为强力。", rules=("709",))
            triggered.fire(game, EventFacts(EVENT, player=u.controller, obj=u, controller=u.controller,
                                            origin=u.location))


def _listened(game: Game) -> bool:
    from judge.engine.abilities.events import listeners

    ids = set(listeners(EVENT))
    return any(getattr(t, "event", None) in ids for o in game.in_play() for t in o.card.triggers)
