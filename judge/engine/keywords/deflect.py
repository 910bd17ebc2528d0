"""法盾 Deflect X (809): a mandatory additional cost of X power for each time an OPPONENT's spell or
ability chooses this object; own and teammates' items pay nothing (FAQ R-L31: Ahri's trigger)."""

from __future__ import annotations

from judge.engine.state import Game, GameObject


def additional_power(game: Game, controller: str, targets: list[GameObject]) -> int:
    return sum(t.has("法盾") for t in targets if game.teams[t.controller] != game.teams[controller])
