"""反应 Reaction (813): everything 迅捷 allows, plus playing or activating in closed states (a chain
exists) on any turn. A card hidden with 待命 has it from its controller's next turn (811, keywords.hidden),
and 灵便 gear has it (819, keywords.equip)."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword


class Reaction(Keyword):
    id, zh, aliases, rule = "reaction", ("反应",), ("reaction",), "813"

    def timing(self, game, card, n, from_facedown):
        return "reaction"
