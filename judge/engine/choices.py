"""Choices the rules leave to players (damage assignment, which combat first, burn-out point,
trigger order): taken from the scenario's script; otherwise strict mode stops with the legal
options, and auto mode takes the documented default and says so in the trace.

Defaults (`--auto`):
- damage assignment: lethal damage to each unit in the order the rules require (Tank first,
  then the others in board order), the excess to the last unit that received damage;
- which staged battlefield first: the first in declaration order;
- which opponent gains the burn-out point: the next opponent in turn order;
- order of simultaneous triggers: board order;
- top or bottom of the main deck for a card put there by its owner: the top.
"""

from __future__ import annotations

from collections import deque

from judge.engine.errors import NeedChoice

# Words a scripted `选择目标 … -> 顶|底` may name instead of objects: an end of the main deck
DECK_TOP, DECK_BOTTOM = ("顶", "top"), ("底", "bottom")


class Probe:
    """Marks a queued choice as a probe; `tag` is the caller's (the scenario step that wrote it)."""

    __slots__ = ("tag",)

    def __init__(self, tag):
        self.tag = tag

    @property
    def line(self):
        return getattr(getattr(self.tag, "pos", None), "line", "?")


class Choices:
    def __init__(self, auto: bool = False):
        self.auto = auto
        self.queue: deque = deque()  # (kind, player, value, pos)

    def push(self, kind: str, player: str, value, pos=None) -> None:
        self.queue.append((kind, player, value, pos))

    def push_probe(self, kind: str, player: str, value, tag) -> None:
        """A scripted choice to be tested rather than made: the engine records whether the rules
        reject it (Game.probe_verdicts, with `tag`) and, when they do, takes the next one."""
        self.queue.append((kind, player, value, Probe(tag)))

    def take(self, kind: str, player: str):
        """The first scripted choice of this kind for this player, removed from the queue; else None."""
        for item in self.queue:
            if item[0] == kind and item[1] == player:
                self.queue.remove(item)
                return item
        return None

    def unused(self) -> list:
        return list(self.queue)

    def need(self, kind, player, prompt, options, example):
        raise NeedChoice(kind, player, prompt, options, example)


def take_target(game, item) -> list[str] | None:
    """The objects a scripted `甲 选择目标 <来源> -> …` names for an effect now resolving: the source is the
    card or object whose effect it is (its id or name; a battlefield's id), or the player performing a
    scenario action; None when nothing is scripted."""
    from judge.engine.battlefields import object_id

    src = item.source or ""
    oid = getattr(item, "oid", None) or src.split("（")[0]  # a pending trigger (Deathknell): its source's label
    for entry in list(game.choices.queue):
        ref = entry[2][0] if entry[0] == "target" and entry[1] == item.controller else None
        if ref is not None and (ref in (oid, src, item.controller) or src.endswith(f"（{ref}）")
                                or oid == object_id(ref)):  # a battlefield's ability, named by its id
            game.choices.queue.remove(entry)
            return list(entry[2][1])
    return None
