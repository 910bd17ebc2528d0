"""绝念 Deathknell (808): 'when I die' — triggers when the permanent is killed and put in the trash.
It goes pending before the card moves (a kill instruction or cleanup step 3a), recording the
unit's location and attributes then; each instance triggers separately. A replaced death removes
the trigger (367)."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword
from judge.engine.state import Game, GameObject, PendingItem


class Deathknell(Keyword):
    """Its abilities are the card's `deathknells`; kills and cleanup step 3a ask the hooks below."""

    id, zh, aliases, rule = "deathknell", ("绝念",), ("deathknell",), "808"

    def on_lethal(self, game, o, n):
        note_lethal(game, o)

    def death_triggers(self, game, o, n):
        return pending_items(game, o)

    def on_death_replaced(self, game, o, n):
        note_replaced(game, o)


def has(u: GameObject) -> bool:
    return bool(u.card.deathknells)


def pending_items(game: Game, unit: GameObject) -> list[PendingItem]:
    """One pending item per instance, with what the unit was just before it moved."""
    from judge.engine.filters import _alone
    from judge.engine.layers import might

    items = []
    for effect in unit.card.deathknells:
        # noted before any unit dying with it moves (all are recorded first): "if I wasn't alone"
        memory = {"oid": unit.oid, "location": unit.location, "controller": unit.controller,
                  "might": might(game, unit), "label": unit.label(), "alone": _alone(game, unit)}
        items.append(PendingItem(unit.controller, unit.label(), f"{unit.label()} 的[绝念]：{describe(effect)}",
                                 effect, memory, rules=("808",)))
    return items


def note_lethal(game: Game, u: GameObject) -> None:
    """Cleanup step 3a: the lethally damaged unit's Deathknell triggers before step 3b kills it."""
    if has(u):
        game.trace.add("step", f"步骤3a：{u.label()} 带有致命伤害，其[绝念]触发；记录其位置与属性。", rules=("323.4", "808"))


def note_replaced(game: Game, u: GameObject) -> None:
    """The death was replaced: the unit did not die, so its Deathknell does not resolve."""
    if has(u):
        game.trace.add("step", f"{u.label()} 没有被摧毁：其[绝念]被移除，不会结算。", rules=("808", "370.1.a.1"))


def describe(effect) -> str:
    if effect.kind == "deal":
        where = {"here": "此处", "at_battlefield": "战场上", "in_base": "基地中", "friendly": "友方", "enemy": "敌方",
                 "other": "其他"}
        scope = "".join(where.get(w, "") for w in effect.scope) or "所有"
        return f"对{scope}单位造成 {effect.amount} 点伤害"
    from judge.engine.instructions import EFFECTS

    return "、".join(EFFECTS[e.kind].display if e.kind in EFFECTS else e.kind for e in (effect, *effect.more))
