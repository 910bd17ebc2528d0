"""An action a player (or a script) asks the engine to perform: a verb and its operands."""

from __future__ import annotations

from judge.recordtype import field, record

from judge.engine.cards import Pos


@record
class Action:
    """One scripted step. `verb` names the engine action; `args` holds its operands."""

    verb: str
    pos: Pos
    player: str | None = None
    args: dict = field(default_factory=dict)
    text: str = ""
