"""Subject and place filters of triggered abilities (382; 383.2.a.1: a condition right after the
trigger condition is part of it): "when *a friendly unit* moves *to a battlefield*". Each filter
is a registered part (id, Chinese spellings, English aliases, rule) with one hook,
`matches(game, src, facts)`, checked against the event's facts (judge.engine.abilities.facts)
from the trigger's source `src`. A trigger names its filters by id (`Trigger.subject`,
`Trigger.place`); without one, its event's default applies (judge.engine.abilities.events)."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry


class Filter(Entry):
    rule = "383.2.a.1"

    def __init__(self, id: str, zh: tuple, aliases: tuple, test, rule: str = "383.2.a.1", zone: str | None = None):
        self.id, self.zh, self.aliases, self.rule = id, zh, aliases, rule
        self._test = test
        # a place naming a zone off the board: the trigger works only while its card is there (385.2)
        self.zone = zone

    def matches(self, game, src, facts) -> bool:
        return bool(self._test(game, src, facts))


SUBJECTS: Registry[Filter] = Registry("触发主体")
PLACES: Registry[Filter] = Registry("触发地点")


def _same(a, b) -> bool:
    return a is not None and b is not None and a.oid == b.oid


def _is_self(game, src, f) -> bool:
    return _same(f.obj, src) or any(_same(o, src) for o in f.objs)


def _is_unit(f) -> bool:
    return f.obj is not None and f.obj.card.type == "unit"


def _friendly(game, src, f) -> bool:
    who = f.owner_of_obj
    return who is not None and src.controller is not None and game.teams[who] == game.teams[src.controller]


def _here(src) -> str | None:
    """Where `src` is: its location on the board (a battlefield id or base)."""
    return src.location if src.zone == "board" else None


def _player_is(game, src, f, same_team: bool) -> bool:
    if f.player is None or src.controller is None:  # an uncontrolled battlefield's "you" is no one (190.6.d)
        return False
    return (game.teams[f.player] == game.teams[src.controller]) == same_team


SUBJECT_PARTS = (
    Filter("self", ("我", "此牌"), ("me", "this"), _is_self),
    Filter("you", ("你",), ("you",), lambda g, s, f: f.player == s.controller, rule="411.4"),
    Filter("you_or_ally", ("你或盟友", "你或一名盟友"), ("you-or-an-ally",),
           lambda g, s, f: _player_is(g, s, f, True), rule="411.4"),
    Filter("opponent", ("对手", "一名对手"), ("opponent",), lambda g, s, f: _player_is(g, s, f, False)),
    Filter("any_player", ("一名玩家", "任一玩家"), ("any-player",), lambda g, s, f: f.player is not None),
    # an ability naming every player in turn (e.g. on each one's first beginning phase, for that one):
    # any player matches, and the ability is that player's (its instructions are theirs; 190.6.a)
    Filter("each_player", ("每名玩家",), ("each-player",), lambda g, s, f: f.player is not None, rule="190.6.a"),
    Filter("unit", ("单位", "任意单位", "一名单位"), ("unit", "a-unit"), lambda g, s, f: _is_unit(f)),
    Filter("friendly_unit", ("友方单位", "一名友方单位"), ("friendly-unit",),
           lambda g, s, f: _is_unit(f) and _friendly(g, s, f)),
    Filter("you_friendly_unit", ("你对友方单位", "你对一名友方单位"), ("you-on-a-friendly-unit",),
           lambda g, s, f: f.player == s.controller and _is_unit(f) and _friendly(g, s, f), rule="411.4"),
    Filter("other_friendly_unit", ("另一名友方单位", "其他友方单位"), ("another-friendly-unit",),
           lambda g, s, f: _is_unit(f) and _friendly(g, s, f) and not _same(f.obj, s)),
    Filter("enemy_unit", ("敌方单位", "一名敌方单位"), ("enemy-unit",),
           lambda g, s, f: _is_unit(f) and f.owner_of_obj is not None and s.controller is not None
           and not _friendly(g, s, f)),
    Filter("unit_here", ("此处的单位",), ("unit-here",),
           lambda g, s, f: _is_unit(f) and _here(s) is not None and _here(s) in (f.battlefield, f.dest, f.origin)),
)

PLACE_PARTS = (
    Filter("here", ("此处",), ("here",), lambda g, s, f: _here(s) is not None and f.where == _here(s)),
    Filter("battlefield", ("战场", "一处战场"), ("battlefield",), lambda g, s, f: f.where in g.battlefields),
    Filter("base", ("基地",), ("base",), lambda g, s, f: f.where == "base"),
    Filter("to_battlefield", ("到战场", "到一处战场", "至战场"), ("to-battlefield",),
           lambda g, s, f: f.dest in g.battlefields),
    Filter("from_battlefield", ("从战场", "从一处战场"), ("from-battlefield",),
           lambda g, s, f: f.origin in g.battlefields),
    Filter("to_base", ("到基地",), ("to-base",), lambda g, s, f: f.dest == "base"),
    Filter("from_base", ("从基地",), ("from-base",), lambda g, s, f: f.origin == "base"),
    Filter("to_other_battlefield", ("到别处战场", "到我不在的战场"), ("to-another-battlefield",),
           lambda g, s, f: f.dest in g.battlefields and f.dest != _here(s)),
    Filter("to_here", ("到此处",), ("to-here",), lambda g, s, f: _here(s) is not None and f.dest == _here(s)),
    Filter("from_here", ("从此处",), ("from-here",), lambda g, s, f: _here(s) is not None and f.origin == _here(s)),
    # "when I conquer an open battlefield": it was unoccupied and uncontrolled when the units arrived
    Filter("open_battlefield", ("开放的战场", "一处开放的战场"), ("an-open-battlefield",),
           lambda g, s, f: f.state == "open", rule="170.11.c"),
    # "… return this from your trash": the ability works while its card is in its owner's trash, and only there
    Filter("in_trash", ("废牌堆中", "在废牌堆中"), ("in-your-trash",), lambda g, s, f: s.zone == "trash",
           rule="385.2", zone="trash"),
)


def off_board_zone(trig) -> str | None:
    """The zone off the board where this trigger works (its place names one, 385.2), or None."""
    place = getattr(trig, "place", None)
    part = PLACES.get(place) if place is not None else None
    return getattr(part, "zone", None)


def accepts(game, src, trig, event, facts) -> bool:
    """Whether the trigger's subject and place filters (or its event's defaults) accept the facts."""
    subject = getattr(trig, "subject", None) or event.subject
    place = getattr(trig, "place", None) or event.place
    if subject is not None and not SUBJECTS[subject].matches(game, src, facts):
        return False
    if place is not None and not PLACES[place].matches(game, src, facts):
        return False
    obj_subject = getattr(event, "obj_subject", None)
    return obj_subject is None or SUBJECTS[obj_subject].matches(game, src, facts)
