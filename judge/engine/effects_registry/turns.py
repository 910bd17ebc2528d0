"""The turn queue: taking an Additional Turn after this one (734, 735)."""

from __future__ import annotations

from judge.engine.instructions import EffectKind


class TakeExtraTurn(EffectKind):
    """'Take a turn after this': an Additional Turn owned by the controller, inserted in the turn queue
    right after the current turn (735); one made later goes before those already queued (738). The turn
    order itself does not change (737): after it, the queue proceeds with its previously queued turns."""

    id, zh, aliases, rule, targeted = "extra_turn", ("额外回合", "再进行一个回合"), ("take-a-turn-after-this",), "735", False

    def apply(self, game, item, eff, legal, previous, who):
        game.extra_turns.insert(0, item.controller)
        game.trace.add("step", f"{who}：{item.controller} 将在当前回合之后再进行一个回合（插入回合队列，回合顺序不变）。",
                       rules=("735", "737", "738"))
        return previous
