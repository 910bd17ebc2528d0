"""Might arithmetic (477.3): doubling (432) and swapping (433) create Might modifiers for the
duration the effect names (this turn by default)."""

from __future__ import annotations

from judge.engine import layers
from judge.engine.instructions import EffectKind
from judge.engine.state import Modifier
from judge.engine.effects_registry.common import duration_args, duration_text, lasting
from judge.trace.events import Change


class _Timed(EffectKind):
    params = "本回合（默认）或 持续（来源留在场上期间）"

    def read_args(self, words):
        dur, rest = duration_args(words)
        if rest:
            raise ValueError(f"效果“{self.display}”只接受持续时间（本回合、持续）。")
        return dur


def _add(game, u, amount: int, how: dict) -> Change:
    before = layers.might(game, u)
    u.modifiers.append(Modifier(amount, **how))
    return Change(u.label(), "战力", before, layers.might(game, u))


class DoubleMight(_Timed):
    """'Double a unit's Might this turn': +its current Might (432.1, 432.1.a); an increase by a
    negative amount is an increase by 0 (477.3.c)."""

    id, zh, aliases, rule = "double_might", ("战力翻倍",), ("double-might",), "432.1"

    def apply(self, game, item, eff, legal, previous, who):
        how = lasting(game, item, eff)
        changes = []
        for u in legal:
            current = layers.might(game, u)
            if current < 0:
                game.trace.add("step", f"{u.label()} 的战力为 {current}：不能以负数增加数值，改为增加 0。", rules=("477.3.c",))
            changes.append(_add(game, u, max(0, current), how))
        when = duration_text(how["until_end_of_turn"], how["source"])
        game.trace.add("change", f"{who}：{'、'.join(u.label() for u in legal)} 的战力{when}翻倍"
                       "（增加等同于当前战力的数值）。", rules=("432.1", "432.1.a"), changes=changes)
        return legal


class SwapMight(_Timed):
    """'Swap two units' Mights this turn': the lower gets +difference, the higher -difference
    (433.1.b); equal Mights: nothing happens (433.1.c)."""

    id, zh, aliases, rule = "swap_might", ("互换战力",), ("swap-might",), "433.1"

    def apply(self, game, item, eff, legal, previous, who):
        if len(legal) != 2:
            game.trace.add("step", f"{who}：互换需要两个单位，现有 {len(legal)} 个，不执行。", rules=("433.1",))
            return []
        a, b = legal
        ma, mb = layers.might(game, a), layers.might(game, b)
        if ma == mb:
            game.trace.add("step", f"{who}：{a.label()} 与 {b.label()} 战力相同（{ma}），互换没有效果。", rules=("433.1.c",))
            return legal
        low, high = (a, b) if ma < mb else (b, a)
        diff = abs(ma - mb)
        how = lasting(game, item, eff)
        changes = [_add(game, low, diff, how), _add(game, high, -diff, how)]
        game.trace.add("change", f"{who}：互换 {a.label()} 与 {b.label()} 的战力（差值 {diff}：较低者 +{diff}，较高者 -{diff}）。",
                       rules=("433.1", "433.1.b"), changes=changes)
        return legal
