"""Small helpers shared by the effect families: durations and the unit an effect reads from."""

from __future__ import annotations

from judge.engine.state import Game, GameObject

# "this turn" and "while the source is on the board" (the language's durations, LANGUAGE.md §3)
THIS_TURN = {"本回合", "this-turn"}
LASTING = {"持续", "while"}
WHILE_SOURCE = {"while_source", "持续", "while"}
THIS_COMBAT = {"本次战斗", "本次战斗期间", "this-combat"}  # read by `lasting` from the generic duration


def read_duration(words: list[str], default_this_turn: bool = True) -> tuple[bool, list[str]]:
    """(until end of turn?, the other words). 持续 (while the source is on the board) is recorded by
    the caller's args as `while_source`."""
    rest = [w for w in words if w.lower() not in THIS_TURN | LASTING | THIS_COMBAT]
    if any(w.lower() in LASTING for w in words):
        return False, rest
    if any(w.lower() in THIS_TURN for w in words):
        return True, rest
    return default_this_turn, rest


def duration_args(words: list[str], default_this_turn: bool = True) -> tuple[dict, list[str]]:
    """The duration args of an effect ({"this_turn", "while_source"}) and the other words."""
    this_turn, rest = read_duration(words, default_this_turn)
    return {"this_turn": this_turn, "while_source": any(w.lower() in LASTING for w in words)}, rest


def lasts_this_turn(eff, default: bool = True) -> bool:
    """Whether the effect lasts until end of turn: the generic `duration` of the card-ability
    language when it is set, else the effect's own duration word."""
    d = getattr(eff, "duration", None)
    if d is not None:
        return str(d).lower() in THIS_TURN | {"this_turn"}
    return eff.args.get("this_turn", default)


def lasting(game: Game, item, eff, default_this_turn: bool = True) -> dict:
    """The Modifier fields of the effect's duration: until end of turn, while its source is on the
    board (持续: ends the moment the source leaves), or, with no duration written and no turn default,
    as long as the affected object stays where it is (801.3.a.3)."""
    d = getattr(eff, "duration", None) or ("while_source" if eff.args.get("while_source") else None)
    if d == "this_combat":  # until the combat ends (466.7.c); outside a combat, the turn at most
        return {"until_end_of_turn": True, "source": None, "source_inc": 0, "this_combat": game.combat is not None}
    this_turn = lasts_this_turn(eff, default_this_turn)
    src = source_object(game, item) if d in WHILE_SOURCE and not this_turn else None
    return {"until_end_of_turn": this_turn, "source": src, "source_inc": src.incarnation if src else 0}


def duration_text(this_turn: bool, source=None) -> str:
    if this_turn:
        return "本回合"
    return f"在 {source.label()} 留在场上期间" if source is not None else "（持续至其离开场地）"


def source_object(game: Game, item) -> GameObject | None:
    """The object whose ability this is (the unit "me"), if it is still on the board."""
    o = game.objects.get(getattr(item, "oid", None) or "")
    return o if o is not None and o.zone == "board" else None
