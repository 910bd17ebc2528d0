"""Current Might of a unit (layer 3, arithmetic: increases then decreases; AL5 in the notes):
printed or set Might, buff (701), effect modifiers, auras of other board objects, and the
keywords that change Might (the registry's `might_bonus` hook: 强攻 807, 坚守, 等级)."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing

from judge.engine.keywords import on as keywords_on

if TYPE_CHECKING:  # annotations only: the state module reads Might (snapshot) and must not be imported back
    from judge.engine.state import Game, GameObject


def might(game: Game, o: GameObject) -> int:
    value = o.base_might if o.base_might is not None else o.card.might
    if o.zone != "board":
        return value
    from judge.engine.statics import steady

    with steady(game):  # reading Might changes nothing: the board's static abilities listed once
        return _might(game, o, value)


def _might(game: Game, o: GameObject, value: int) -> int:
    value += o.buff
    for gear in game.attachments(o.oid):
        value += gear.card.might_bonus  # attached equipment's Might bonus (716)
    for mod in o.modifiers:
        value += 0 if mod.lapsed() else mod.amount
    from judge.engine.statics import imposed, on_board

    floored = []
    # static abilities (光环 and any registered kind), and those an effect set up for this turn
    for src, kind, params in [*on_board(game), *imposed(game)]:
        bonus = kind.might_bonus(game, src, params, o)
        floor = params.get("floor") if isinstance(params, dict) else None
        if floor is not None and bonus < 0:
            floored.append((bonus, floor))
            continue
        value += bonus
    value += sum(kw.might_bonus(game, o, n) for kw, n in keywords_on(o, game))  # keyword registry hook
    # A passive decrease "to a minimum of N" is applied last and is not snapshotted: it is limited
    # against the Might it meets now (477.3.e.2.a, 477.3.e.2.b).
    for bonus, floor in floored:
        value += max(bonus, min(0, floor - value))
    return value


def lethal_needed(game: Game, o: GameObject) -> int:
    """Smallest extra damage that makes the unit's damage lethal: non-zero and >= Might (142.4)."""
    return max(1, might(game, o) - o.damage)


def is_lethally_damaged(game: Game, o: GameObject) -> bool:
    """Lethal Damage: non-zero and >= Might (142.4.b), or any amount marked by a player whose damage
    is enough to kill it (142.4.c)."""
    if o.damage <= 0:
        return False
    if o.damage >= might(game, o):
        return True
    from judge.engine.statics import any_damage_lethal

    return any(any_damage_lethal(game, p, o) for p in o.damaged_by)
