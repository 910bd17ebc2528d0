"""等级 Level N (824; the 2026-07-17 rules name it only as a dependent keyword, beside 鼓舞, in the
rule on ability keywords — core-rules line 439; its own section is absent): the ability after
it is active exactly while its controller has at least N XP (经验) and inactive otherwise; it is
read from the current controller, so a change of control or of XP re-checks it at once.
Modelled ability: a passive Might bonus on the unit itself (`等级 N 战力 +X`). XP is per player,
public and not shared with teammates (the cost rules list spending XP as a way of paying); XP gains
come from instructions (`获得 N 经验`). Not modelled: Level on triggered or activated abilities."""

from __future__ import annotations

from judge.engine.keywords.base import Keyword
from judge.engine.state import Game, GameObject


class Level(Keyword):
    id, zh, aliases, rule, numbered = "level", ("等级",), ("level",), "824", True

    def might_bonus(self, game, o, n):
        return might_bonus(game, o)

    def after_xp_gain(self, game, player, before):
        """Announce each Level ability the gain made active (it applies from this moment)."""
        xp = game.players[player].xp
        for o in game.board():
            if o.controller != player:
                continue
            for n, _ in o.card.level_might:
                if before < n <= xp:
                    game.trace.add("step", f"{o.label()} 的[等级 {n}]：{player} 的经验达到 {n}，其后的技能从此刻起生效。",
                                   rules=("824",))
                    from judge.engine.abilities import triggered
                    from judge.engine.abilities.facts import EventFacts

                    triggered.fire(game, EventFacts("level_up", player=player, obj=o, controller=o.controller, amount=n))


def active(game: Game, o: GameObject, threshold: int) -> bool:
    return game.players[o.controller].xp >= threshold


def might_bonus(game: Game, o: GameObject) -> int:
    return sum(x for n, x in o.card.level_might if active(game, o, n))
