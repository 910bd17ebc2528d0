"""Cards an instruction plays (419.3): a Limited play whose later steps happen as the pending item is
finalized (337; FAQ on pending items): a spell's targets are chosen then (355.6), and a play that
cannot be completed leaves the chain and the card goes back where it came from. "Play it, then
recycle it" makes the card, once finalized, go to the bottom of its owner's main deck instead of
anywhere else it would go as it leaves the chain (390.3.a)."""

from __future__ import annotations

from judge.engine import targeting, zones
from judge.engine.state import Game, GameObject
from judge.trace.events import Change


def choose_targets(game: Game, item, card: GameObject) -> bool:
    """The targets of a spell an instruction played, chosen as it is finalized: scripted
    `甲 选择目标 <卡牌> -> …` (checked like any play's, 355.9), else the only legal choice, `--auto` the
    first legal ones, else asked. False when the play cannot be completed (too few legal targets):
    the card is then back in the zone it was played from."""
    from judge.engine.choices import take_target
    from judge.engine.refs import resolve_ref

    effects = card.card.effects
    if not any(e.targets for e in effects):
        return True
    memory = {"oid": card.oid}
    picked = take_target(game, item)
    chosen: list[GameObject] = []
    if picked is not None:
        chosen = [resolve_ref(game, r) for r in picked]
        parts = targeting.split(effects, chosen)
        earlier: list[str] = []
        for eff, part in zip(effects, parts):
            if eff.targets:
                targeting.check_choice(game, item.controller, eff, part, card.label(),
                                       {**memory, "earlier_targets": tuple(earlier)})
                earlier += [o.oid for o in part]
    else:
        for eff in effects:
            if not eff.targets:
                continue
            cands = [o for o in targeting.candidates(game, item.controller, eff, memory=memory) if o not in chosen]
            if len(cands) < eff.targets and not eff.up_to:
                return _cannot_complete(game, item, card, f"没有足够的合法目标（需要 {eff.targets} 个）")
            if len(cands) > eff.targets and not game.choices.auto:
                ids = [o.oid for o in cands]
                game.choices.need("target", item.controller, f"{item.controller} 需要为由效果打出的 {card.label()} 选择目标："
                                  f"从 {'、'.join(ids)} 中选择 {eff.targets} 个。", ids,
                                  f"{item.controller} 选择目标 {card.oid} -> {ids[0]}")
            if len(cands) > eff.targets:
                game.trace.add("auto", f"（自动选择）{item.controller} 为 {card.label()} 选择目标："
                               f"{'、'.join(o.label() for o in cands[:eff.targets])}。")
            chosen += cands[:eff.targets]
    item.targets = [targeting.snapshot(o) for o in chosen]
    game.trace.add("step", f"步骤2 做出选择（由效果打出，在确认时）：目标 {'、'.join(o.label() for o in chosen) or '无'}。",
                   rules=("419.3.b", "355.5"), faq=("R-L9",))
    return True


def _cannot_complete(game: Game, item, card: GameObject, why: str) -> bool:
    """A pending play that cannot be completed leaves the chain; the card goes back to its zone of origin."""
    game.chain.remove(item)
    ch = zones.put_in_zone(game, card, card.played_from or "trash", rules=("419.3",))
    game.trace.add("change", f"由效果打出的 {card.label()} 无法完成打出（{why}）：它离开结算链，回到原来的区域。",
                   rules=("419.3", "358.5"), faq=("R-L9",), changes=[ch])
    return False


def leave_chain(game: Game, card: GameObject, rules: tuple) -> tuple[Change, str]:
    """A card leaving the chain after it was finalized: to its owner's trash (359.3.d, 425), or, when the
    instruction that played it said "then recycle it", to the bottom of its owner's main deck (390.3.a)."""
    if card.then_recycle:
        card.then_recycle = False
        ch = zones.put_in_zone(game, card, "deck", rules=("390.3.a", "416.1"))
        return ch, "改为回收（置于其所有者的主牌堆底：打出它的指示说“然后将其回收”）"
    return zones.put_in_zone(game, card, "trash", rules=rules), "放入其所有者的废牌堆"
