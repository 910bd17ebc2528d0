"""Linked abilities (393): abilities of one object (or given by one source) where one refers to what
another affected ("play the units banished by this"). A component only interacts with the objects
its own linked ability affected (393): a unit banished by anything else -- another copy of the
card, another card, or one already in banishment -- is not returned. Here the link is carried on
the chain item: the banishing instruction's objects are recorded (with their incarnation, so a card
that left banishment and came back is a new object) and handed to the delayed ability it creates
(389)."""

from __future__ import annotations

from judge.engine import zones
from judge.engine.chain_items import ChainItem
from judge.engine.state import Game, GameObject


def banish(game: Game, item: ChainItem, legal: list[GameObject]) -> list[GameObject]:
    changes = [zones.put_in_zone(game, o, "banishment") for o in legal]
    game.trace.add("change", f"{item.source} 的效果放逐 {'、'.join(o.label() for o in legal)}。", rules=("427.1",),
                   changes=changes)
    banished = [o for o in legal if o.zone == "banishment"]
    remember(game, item, banished)
    return banished


def remember(game: Game, item: ChainItem, banished: list[GameObject]) -> None:
    """A permanent's ability banished these: its other abilities may refer to them (394.1) as long as
    the permanent stays the same object (a new object has no memory of them, 124)."""
    src = game.objects.get(getattr(item, "oid", None) or "")
    if src is None or src.zone != "board" or not banished:
        return
    game.banished_by.setdefault((src.oid, src.incarnation), []).extend((o.oid, o.incarnation) for o in banished)


def play_back(game: Game, item: ChainItem, eff) -> None:
    """'Play the units banished by this': only the linked ones, still in banishment; their cost is
    paid unless the instruction ignores it (419.3.b)."""
    from judge.engine.costs import effect_play_cost

    from judge.trace.events import Change

    linked = item.memory.get("linked", [])
    mine = [game.objects[oid] for oid, inc in linked
            if oid in game.objects and game.objects[oid].incarnation == inc and game.objects[oid].zone == "banishment"]
    others = [game.objects[o] for p in game.players.values() for o in p.zones["banishment"]
              if game.objects[o] not in mine]
    if others:
        game.trace.add("step", f"{item.source} 的关联技能只能与其关联技能所放逐的游戏物体互动："
                       f"{'、'.join(o.label() for o in others)} 不受影响。", rules=("397",))
    if not mine:
        game.trace.add("step", f"{item.source}：被此牌放逐的单位已不在放逐区域，无法打出。", rules=("390.5.a",))
        return
    for o in mine:
        if not effect_play_cost(game, item.controller, o, eff, f"{item.source} 的关联技能"):
            continue
        zones.put_in_zone(game, o, "board")
        o.controller = item.controller
        o.exhausted = True
        game.trace.add("change", f"{item.source} 的关联技能：打出被此牌放逐的 {o.label()}，以休眠状态进入 "
                       f"{item.controller} 的基地。", rules=("397", "419.3.b"),
                       changes=[Change(o.label(), "位置", f"{o.owner}的放逐区域", f"{item.controller}的基地")])
