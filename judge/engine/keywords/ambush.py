"""伏击 Ambush (822): a passive keyword that adds play locations (822.1.c): the unit may be played to
a battlefield where its player controls units (822.1.b), even one that player does not control, and
has [Reaction] while being played there (822.1.b). Instances are redundant (822.2). It grants
nothing when the unit is played to its base or to a battlefield without its player's units."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Ambush(Keyword):
    id, zh, aliases, rule = "ambush", ("伏击",), ("ambush",), "822"

    def may_play_to(self, game, player, card, bid, n):
        return "822.1.b" if _has_units(game, player, bid) else None

    def timing_to(self, game, player, card, dest, n):
        return "reaction" if _has_units(game, player, dest) else None


def _has_units(game, player: str, bid: str | None) -> bool:
    return bid in game.battlefields and any(True for _ in game.units_at(bid, player))
