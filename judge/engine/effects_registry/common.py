"""Small helpers shared by the effect families: durations and the unit an effect reads from."""

from __future__ import annotations

from judge.engine.state import Game, GameObject

# "this turn" (the default of most card texts) and "while it stays here" (801.3.a.3)
THIS_TURN = {"本回合", "this-turn"}
LASTING = {"持续", "永久", "lasting"}


def read_duration(words: list[str], default_this_turn: bool = True) -> tuple[bool, list[str]]:
    """(until end of turn?, the other words)."""
    rest = [w for w in words if w.lower() not in THIS_TURN | LASTING]
    if any(w.lower() in LASTING for w in words):
        return False, rest
    if any(w.lower() in THIS_TURN for w in words):
        return True, rest
    return default_this_turn, rest


def lasts_this_turn(eff, default: bool = True) -> bool:
    """Whether the effect lasts until end of turn: the generic `duration` of the card-ability
    language when it is set, else the effect's own duration word."""
    d = getattr(eff, "duration", None)
    if d is not None:
        return str(d).lower() in THIS_TURN | {"this_turn", "end_of_turn", "turn"}
    return eff.args.get("this_turn", default)


def duration_text(this_turn: bool) -> str:
    return "本回合" if this_turn else "（持续至其离开场地）"


def source_object(game: Game, item) -> GameObject | None:
    """The object whose ability this is (the unit "me"), if it is still on the board."""
    o = game.objects.get(getattr(item, "oid", None) or "")
    return o if o is not None and o.zone == "board" else None
