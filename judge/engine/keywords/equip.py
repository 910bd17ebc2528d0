"""装配 Equip (818) and 灵便 Quick-Draw (819). Equip is an activated ability of Equipment gear: pay its cost
(the value after the keyword, in energy) and attach the gear to one of your units (a target). Normal
timing unless the gear has 灵便, which gives it 反应 and a play trigger attaching it to one of your units."""

from __future__ import annotations

from judge.engine.cards import Activated, Effect, Trigger
from judge.engine.keywords.base import Keyword
from judge.engine.state import GameObject

ATTACH = Effect("attach", 0, ("friendly",), 1)


class Equip(Keyword):
    """Its activated ability is read by the activation procedure through `ability`."""

    id, zh, aliases, rule, numbered = "equip", ("装配",), ("equip",), "818", True

    def activated(self, o, n):
        return ability(o)


class QuickDraw(Keyword):
    id, zh, aliases, rule = "quick_draw", ("灵便",), ("quick-draw",), "819"

    def timing(self, game, card, n, from_facedown):
        return "reaction" if card.card.type == "gear" else None

    def on_played(self, game, o, n):
        trig = quick_draw_trigger(o)
        if trig is not None:
            from judge.engine.abilities import triggered

            game.trace.add("step", f"{o.label()} 的[灵便]：打出触发，将其贴附到自己的一名单位。", rules=("819.1.d",))
            triggered.queue(game, o, trig)  # attach it to one of your units (819)


def cost_of(gear: GameObject) -> tuple[int, list[str]] | None:
    """The Equip cost as (energy, power symbols); None when the card has no Equip ability."""
    if not gear.has("equip"):
        return None
    if gear.card.equip_cost is not None:
        energy, syms = gear.card.equip_cost
        return energy, list(syms)
    return gear.has("equip"), []


def ability(gear: GameObject) -> Activated | None:
    if gear.card.type != "gear" or not gear.has("equip"):
        return None
    energy, syms = cost_of(gear)
    return Activated([ATTACH], energy=energy, power=len(syms), power_syms=syms, keyword="equip",
                     timing="reaction" if gear.has("quick_draw") else None,
                     costs=list(gear.card.equip_parts))  # non-resource parts, e.g. spend XP (818.1.c.3)


def quick_draw_trigger(gear: GameObject) -> Trigger | None:
    return Trigger("play", ATTACH) if gear.card.type == "gear" and gear.has("quick_draw") else None

