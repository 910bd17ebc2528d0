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

    # --- "can't" beats "can" (054.1): each hook returns False to forbid; a forbidding instance wins
    # over any permission (keywords, effects) the procedure would otherwise give
    def allows_ready(self, game, src, params, unit) -> bool:
        """May an effect ready `unit`?"""
        return True

    def allows_awaken(self, game, src, params, unit) -> bool:
        """May `unit` be readied in its controller's awaken step (415.3.a: what is able to be readied)?"""
        return True

    def allows_score(self, game, src, params, player, bid) -> bool:
        """May `player` score (conquer or hold) the battlefield `bid`?"""
        return True

    def allows_gain_points(self, game, src, params, player) -> bool:
        """May `player` gain points (from scoring or any other source)?"""
        return True

    def allows_target(self, game, src, params, chooser, target) -> bool:
        """May a spell or ability controlled by `chooser` choose `target`?"""
        return True

    def allows_move(self, game, src, params, unit, dest) -> bool:
        """May `unit` move to `dest` (a standard move or a move by an effect)?"""
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


def forbidder(game, hook: str, *args):
    """The first static-ability instance on the board whose "can't" hook forbids this, as (source, kind),
    or None. Can't beats can (054.1): the procedure refuses whatever else would allow it."""
    for o, kind, params in on_board(game):
        if not getattr(kind, hook)(game, o, params, *args):
            return o, kind
    return None


def _here(src) -> str | None:
    """The location a static ability's "here" names: where its source is on the board."""
    return src.location if src.zone == "board" else None


def _ours(game, src, player) -> bool:
    """Whether `player` is on the team of `src`'s controller (an uncontrolled battlefield has none, 190.6.d)."""
    return src.controller is not None and game.teams[src.controller] == game.teams[player]


def aura_applies(game, src, target, scope) -> bool:
    """Whether an aura of `src` with this scope (other / friendly / enemy / here) reaches `target`."""
    if "other" in scope and src is target:
        return False
    if "friendly" in scope and not _ours(game, src, target.controller):
        return False
    if "enemy" in scope and (src.controller is None or _ours(game, src, target.controller)):
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
        return _ours(game, src, unit.controller)


class CostModifier(StaticAbility):
    """`费用修正 友方|敌方 [类型] ±N [符能 ±M]`: raises or lowers what cards cost (356.3, 356.4)."""

    id, zh, aliases, rule = "cost_mod", ("费用修正",), ("cost-mod",), "356.3"

    def instances(self, card):
        return list(getattr(card, "cost_mods", ()))

    def cost_changes(self, game, src, mod, player, card):
        if mod.card_type is not None and mod.card_type != card.card.type:
            return []
        if src.controller is None:  # an uncontrolled battlefield's "you" is no one (190.6.d)
            return []
        ours = _ours(game, src, player)
        if (mod.whose == "friendly") != ours:
            return []
        return [(part, n) for part, n in (("energy", mod.energy), ("power", mod.power)) if n]


class CannotScoreHere(StaticAbility):
    """`静态 不能在此处得分`: no player can score the battlefield where its source is (a battlefield's
    "can't score here"); the battlefield can still be conquered or held for control."""

    id, zh, aliases, rule = "no_score_here", ("不能在此处得分", "无法从此处获得分数"), ("cannot-score-here",), "054.1"

    def allows_score(self, game, src, params, player, bid):
        return bid != _here(src)


class OpponentsCannotScore(StaticAbility):
    """`静态 对手不能得分`: its controller's opponents can't score (conquer or hold for a point)."""

    id, zh, aliases, rule = "opponents_cannot_score", ("对手不能得分", "对手无法得分"), ("opponents-cannot-score",), "054.1"

    def allows_score(self, game, src, params, player, bid):
        return _ours(game, src, player)


class OpponentsCannotGainPoints(StaticAbility):
    """`静态 对手不能获得分数`: its controller's opponents can't gain points from any source."""

    id, zh, aliases, rule = ("opponents_cannot_gain_points", ("对手不能获得分数", "对手无法获得分数"),
                             ("opponents-cannot-gain-points",), "054.1")

    def allows_gain_points(self, game, src, params, player):
        return _ours(game, src, player)


class EnemiesCannotTarget(StaticAbility):
    """`静态 不能被敌方选作目标`: enemy spells and abilities can't choose its source (its own player's can)."""

    id, zh, aliases, rule = ("untargetable_by_enemies", ("不能被敌方选作目标", "无法被敌方法术和技能选作目标"),
                             ("untargetable-by-enemies",), "054.1")

    def allows_target(self, game, src, params, chooser, target):
        return target is not src or _ours(game, src, chooser)


class CannotMove(StaticAbility):
    """`静态 不能移动`: its source can't move (standard move or effect; a recall is not a move, 454)."""

    id, zh, aliases, rule = "cannot_move", ("不能移动", "无法移动"), ("cannot-move",), "054.1"

    def allows_move(self, game, src, params, unit, dest):
        return unit is not src


class CannotMoveToBase(StaticAbility):
    """`静态 不能移动到基地`: its source can't move to a base (it can still be recalled, 454)."""

    id, zh, aliases, rule = "cannot_move_to_base", ("不能移动到基地", "无法移动到基地"), ("cannot-move-to-base",), "054.1"

    def allows_move(self, game, src, params, unit, dest):
        return unit is not src or dest != "base"


class CannotReady(StaticAbility):
    """`静态 不能变为活跃`: its source can't become ready, by effects or in the awaken step (415.3.a
    readies only what is able to be readied)."""

    id, zh, aliases, rule = "cannot_ready", ("不能变为活跃", "无法变为活跃状态"), ("cannot-ready",), "054.1"

    def allows_ready(self, game, src, params, unit):
        return unit is not src

    def allows_awaken(self, game, src, params, unit):
        return unit is not src
