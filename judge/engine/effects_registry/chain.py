"""Countering an ability on the chain (425.1, 425.1.a): the triggered or activated ability of the
named source does nothing and leaves the chain; its costs stay paid (425.1.c). Countering a card is
judge.engine.instructions.Counter."""

from __future__ import annotations

from judge.engine.instructions import EffectKind


def _ability_items(game, o):
    return [i for i in game.chain if getattr(i, "kind", None) in ("trigger", "ability") and getattr(i, "oid", None) == o.oid]


class CounterAbility(EffectKind):
    id, zh, aliases, rule = "counter_ability", ("无效化技能",), ("counter-ability",), "425.1.a"

    def accepts(self, game, o):
        return None if _ability_items(game, o) else f"结算链上没有 {o.label()} 的技能。"

    def apply(self, game, item, eff, legal, previous, who):
        done = []
        for o in legal:
            items = _ability_items(game, o)
            if not items:
                continue
            target = items[-1]  # the newest ability of that source
            game.chain.remove(target)
            game.trace.add("change", f"{who}：{target.description} 被无效化，不产生任何效果并移出结算链；已支付的费用不退还。",
                           rules=("425.1.a", "425.1.c"))
            done.append(o)
        return done
