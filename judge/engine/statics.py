"""Static abilities: passive abilities of objects on the board, each kind a registered part (id,
Chinese spellings, English aliases, rule) with the hooks of the procedures it changes — Might
(layers), whether an effect may ready a unit (can't beats can), what a card costs (356.3/356.4).
A kind reads its instances from the card model (`instances`); procedures ask `on_board(game)`.

Registered: 光环 aura (Might of other units), 敌方单位不能因效果活跃 (a "can't"), 费用修正 (cost
increases and reductions). Adding one is a module with a StaticAbility and a line in
judge.engine.standard; a card lists generic instances in `CardDef.statics` as (id, params)."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry


class StaticAbility(Entry):
    rule = "349"

    def instances(self, card) -> list:
        """This kind's instances on a card (parameters of each); by default the generic list."""
        return [params for kind, params in getattr(card, "statics", ()) if kind == self.id]

    # --- layers: Might `src`'s instance gives `target`
    def might_bonus(self, game, src, params, target) -> int:
        return 0

    # --- "can't" beats "can": may an effect ready `unit`? (False forbids)
    def allows_ready(self, game, src, params, unit) -> bool:
        return True

    # --- costs: (part, amount) changes to the cost of `player` playing `card` (increase > 0)
    def cost_changes(self, game, src, params, player, card) -> list[tuple[str, int]]:
        return []


STATICS: Registry[StaticAbility] = Registry("静态技能")


def on_board(game):
    """(source, kind, params) for every static-ability instance of an object on the board."""
    kinds = list(STATICS)
    for o in game.objects.values():
        if o.zone != "board":
            continue
        for kind in kinds:
            for params in kind.instances(o.card):
                yield o, kind, params


def aura_applies(game, src, target, scope) -> bool:
    """Whether an aura of `src` with this scope (other / friendly / enemy / here) reaches `target`."""
    if "other" in scope and src is target:
        return False
    if "friendly" in scope and game.teams[src.controller] != game.teams[target.controller]:
        return False
    if "enemy" in scope and game.teams[src.controller] == game.teams[target.controller]:
        return False
    if "here" in scope and src.location != target.location:
        return False
    return target.is_unit


class Aura(StaticAbility):
    """`光环 其他 友方 此处 战力 +1`: a continuous Might modifier for the units its scope names."""

    id, zh, aliases, rule = "aura", ("光环",), ("aura",), "349"

    def instances(self, card):
        return list(card.auras)

    def might_bonus(self, game, src, aura, target):
        return aura.amount if aura_applies(game, src, target, aura.scope) else 0


class NoEnemyReady(StaticAbility):
    """Opponents' units can't become ready by effects; the "can't" wins (FAQ R-L95, R-L97)."""

    id, zh, aliases, rule = "no_enemy_ready", ("敌方单位不能因效果活跃",), ("enemies-cannot-ready",), "349"

    def instances(self, card):
        return [True] if card.prevents_enemy_ready else []

    def allows_ready(self, game, src, params, unit):
        return game.teams[src.controller] == game.teams[unit.controller]


class CostModifier(StaticAbility):
    """`费用修正 友方|敌方 [类型] ±N [符能 ±M]`: raises or lowers what cards cost (356.3, 356.4)."""

    id, zh, aliases, rule = "cost_mod", ("费用修正",), ("cost-mod",), "356.3"

    def instances(self, card):
        return list(getattr(card, "cost_mods", ()))

    def cost_changes(self, game, src, mod, player, card):
        if mod.card_type is not None and mod.card_type != card.card.type:
            return []
        ours = game.teams[src.controller] == game.teams[player]
        if (mod.whose == "friendly") != ours:
            return []
        return [(part, n) for part, n in (("energy", mod.energy), ("power", mod.power)) if n]
