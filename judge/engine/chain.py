"""Triggered abilities recorded as pending items (Deathknell, 808): they go pending with the
information recorded when they triggered, are finalized oldest first, and resolve newest first
with a cleanup after each (318). Nothing resolves during a cleanup.

`run_pending` hands the chain to the one pipeline, judge.engine.resolution (priority, focus,
passing, reactions): called when no cleanup is outstanding, it returns when the chain is empty.
"""

from __future__ import annotations

from judge.engine.state import Game, GameObject, PendingItem

def record_death_triggers(game: Game, unit: GameObject) -> None:
    """808: 'when I die' abilities trigger before the card moves (keywords.deathknell records them)."""
    from judge.engine.keywords import deathknell

    game.pending_triggers.extend(deathknell.pending_items(game, unit))


def flush_triggers(game: Game) -> None:
    """Put the batch of simultaneous triggers on the chain: turn order from the turn player, each
    player's own triggers in the order that player chooses (scripted `排序`, else board order)."""
    batch, game.pending_triggers = game.pending_triggers, []
    if not batch:
        return
    for player in game.order_from(game.turn_player):
        mine = [i for i in batch if i.controller == player]
        if len(mine) > 1:
            from judge.engine.abilities.triggered import order_simultaneous

            mine = order_simultaneous(game, player, mine, key=lambda i: i.memory.get("oid"))
        for item in mine:
            game.chain.append(item)
            game.trace.add("step", f"{item.description} 作为待处理项目加入结算链（控制者 {player}）。",
                           rules=item.rules)


def describe(effect) -> str:
    if effect.kind == "deal":
        where = {"here": "此处", "friendly": "友方", "enemy": "敌方", "other": "其他", "unit": ""}
        scope = "".join(where[w] for w in effect.scope) or "所有"
        return f"对{scope}单位造成 {effect.amount} 点伤害"
    return effect.kind


def run_pending(game: Game) -> None:
    """Play out the chain: the one pipeline is judge.engine.resolution (finalize, priority, resolve)."""
    from judge.engine import resolution

    resolution.run(game, wait=True)


def resolve(game: Game, item: PendingItem) -> None:
    """A triggered ability recorded as a plain pending item (Deathknell): its instruction, through
    the effect registry like every other."""
    from judge.engine.instructions import perform

    perform(game, item, item.effect, [], [])
