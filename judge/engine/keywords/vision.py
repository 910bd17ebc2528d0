"""预视 Vision (817, 预知 in card texts; its text is absent from the Chinese corpus): when the unit enters the
board its controller looks at the top card of the main deck and may recycle it (put it at the
bottom); each instance decides separately. Scripted as `甲 选择目标 <unit> -> <top card>` to
recycle; without it the card stays on top (the trace says how to recycle)."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword
from judge.engine.state import Game, GameObject
from judge.trace.events import Change


class Vision(Keyword):
    id, zh, aliases, rule, numbered = "vision", ("预视",), ("vision",), "817", True

    def on_enter(self, game, o, n):
        if o.card.type == "unit":
            for _ in range(n):
                _predict(game, o)


def _predict(game: Game, unit: GameObject) -> None:
    p = unit.controller
    deck = game.players[p].zones["deck"]
    t = game.trace
    if not deck:
        t.add("step", f"{unit.label()} 的[预视]：{p} 的主牌堆为空，没有可查看的牌（查看不会导致燃尽）。", rules=("817",),
              faq=("R-L101",))
        return
    top = game.objects[deck[0]]
    wanted = _take(game, p, unit)
    if wanted is not None and top.oid in wanted:
        deck.append(deck.pop(0))
        t.add("change", f"{unit.label()} 的[预视]：{p} 查看主牌堆顶的 {top.label()} 并回收它（置于牌堆底）。", rules=("817",),
              changes=[Change(top.label(), "位置", "主牌堆顶", "主牌堆底")])
    else:
        t.add("step", f"{unit.label()} 的[预视]：{p} 查看主牌堆顶的 {top.label()}，将其留在顶部"
              f"（要回收可写“{p} 选择目标 {unit.oid} -> {top.oid}”）。", rules=("817",))


def _take(game: Game, player: str, unit: GameObject):
    for entry in list(game.choices.queue):
        if entry[0] == "target" and entry[1] == player and entry[2][0] in (unit.oid, unit.card.name):
            game.choices.queue.remove(entry)
            return entry[2][1]
    return None
