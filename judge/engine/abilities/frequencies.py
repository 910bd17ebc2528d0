"""How often a triggered ability may trigger, and the conditional statement right after its trigger
condition (383.2.a.1): `当 … 每回合一次` (once per turn), `当 … 每回合首次` (the first time each turn:
only the first such event of the turn counts, whether or not the rest of the condition held),
`当 … 若 <条件>`. Frequencies are registered parts; `condition_met` is asked by `triggered.fire`
after the subject and place filters (judge.engine.abilities.filters) accepted the event."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry


class Frequency(Entry):
    rule = "383.2.a.1"

    def __init__(self, id_, zh, aliases, rule="383.2.a.1"):
        self.id, self.zh, self.aliases, self.rule = id_, zh, aliases, rule


FREQUENCIES: Registry[Frequency] = Registry("触发频率")
STANDARD = (
    Frequency("once_per_turn", ("每回合一次",), ("once-per-turn",)),
    Frequency("first_each_turn", ("每回合首次",), ("first-time-each-turn",)),
)


def register_standard() -> None:
    for e in STANDARD:
        if e.id not in FREQUENCIES:
            FREQUENCIES.register(e)


def condition_met(game, src, trig, controller: str | None = None, facts=None) -> bool:
    """The trigger's frequency and its "if" (evaluated now, from where its source is, for the player who
    will control the ability: `controller`, by default its source's). A source with no location (a
    legend) reads "here" as the battlefield the event concerns ("if you have four units there")."""
    from judge.engine import conditions, filters

    frequency, cond = getattr(trig, "frequency", None), getattr(trig, "condition", None)
    if frequency is None and cond is None:
        return True
    key = (src.oid, src.card.triggers.index(trig), game.turn)
    if frequency == "first_each_turn":
        first = key not in game.abilities_used
        game.abilities_used.add(key)  # the first such event counts, whether or not the rest held
        if not first:
            return False
    if cond is not None:
        where = src.location if src.zone == "board" else getattr(facts, "battlefield", None)
        seen = filters.Seen(controller or src.controller, src.oid, where, facts)
        if not conditions.holds(game, seen, cond):
            return False
    if frequency == "once_per_turn":
        if key in game.abilities_used:
            return False
        game.abilities_used.add(key)
    return True
