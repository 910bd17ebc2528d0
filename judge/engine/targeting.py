"""Targets (355.6): what an effect may choose, how many (355.12: 'up to' allows zero), and which
chosen targets are still legal on resolution (359.3.d.3/4: a target that changed zones is a new
object and no longer legal)."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.state import Game, GameObject


def matches(game: Game, controller: str, scope, o: GameObject, spec=None, memory: dict | None = None) -> bool:
    """Whether `o` fits an effect's target restriction (355.9.b): the card-ability language's target
    phrase (`spec`, read through judge.engine.filters, seen from the source's remembered place),
    else the older scope words."""
    if spec is not None:
        from judge.engine import filters

        if not filters.matches(game, filters.Seen.of(controller, memory), spec.filter, o):
            return False
        if not spec.targeted:
            return True
    elif "spell" in scope:  # a spell on the chain (what a counter chooses, 425)
        if o.zone != "chain" or o.card.type != "spell":
            return False
    elif o.zone != "board" or not o.is_unit:
        return False
    same = game.teams[o.controller] == game.teams[controller]
    if spec is None and "friendly" in scope and not same:
        return False
    if spec is None and "enemy" in scope and same:
        return False
    from judge.engine.statics import forbidder

    return forbidder(game, "allows_target", controller, o) is None  # "can't be chosen" wins (054.1)


def candidates(game: Game, controller: str, effect, where: str | None = None,
               memory: dict | None = None) -> list[GameObject]:
    spec = getattr(effect, "target", None)
    if spec is not None:
        from judge.engine import filters

        pool = filters.pool(game, spec.filter)
    else:
        pool = [game.objects[i.oid] for i in game.chain if getattr(i, "kind", None) == "card"] \
            if "spell" in effect.scope else list(game.units())
    return [o for o in pool if matches(game, controller, effect.scope, o, spec, memory)
            and (where is None or o.location == where)]


def check_choice(game: Game, controller: str, effect, chosen: list[GameObject], what: str,
                 memory: dict | None = None) -> None:
    n = effect.targets
    if len(chosen) > n or (len(chosen) < n and not effect.up_to):
        need = f"最多 {n} 个" if effect.up_to else f"{n} 个"
        raise IllegalAction(f"{what} 需要选择{need}目标，实际选择了 {len(chosen)} 个。", "355.13" if effect.up_to else "355.8")
    spec = getattr(effect, "target", None)
    if spec is not None and spec.count == "per_location" and len({o.location for o in chosen}) < len(chosen):
        raise IllegalAction(f"{what} 每处只能选择一名目标。", "355.9.b")
    from judge.engine.statics import forbidder

    for o in chosen:
        barred = forbidder(game, "allows_target", controller, o) if spec is None or spec.targeted else None
        if barred is not None:
            raise IllegalAction(f"{o.label()} 不能被 {what} 选作目标：{barred[0].label()} 的静态技能（{barred[1].display}）禁止"
                                "（“不能”优先于“可以”）。", "054.1")
        if not matches(game, controller, effect.scope, o, spec, memory):
            if spec is not None:
                from judge.engine.filters import describe

                raise IllegalAction(f"{o.label()} 不是 {what} 的合法目标（应为{describe(spec.filter)}）。", "355.9.b")
            kind = "结算链上的法术" if "spell" in effect.scope else "场上单位"
            raise IllegalAction(f"{o.label()} 不是 {what} 的合法目标（{scope_text(effect.scope)}{kind}）。", "355.9.b")


def scope_text(scope) -> str:
    return "".join({"friendly": "友方", "enemy": "敌方"}.get(s, "") for s in scope)


def split(card_effects, targets: list[GameObject]) -> list[list[GameObject]]:
    """The chosen targets in order, divided among the targeting effects (each takes its count)."""
    out, rest = [], list(targets)
    for eff in card_effects:
        if eff.targets:
            take = min(eff.targets, len(rest)) if eff.up_to else eff.targets
            out.append(rest[:take])
            rest = rest[take:]
        else:
            out.append([])
    return out


def snapshot(o: GameObject) -> tuple[str, int]:
    return (o.oid, o.incarnation)


def still_legal(game: Game, controller: str, effect, snap: tuple[str, int],
                memory: dict | None = None) -> GameObject | None:
    o = game.objects.get(snap[0])
    if o is None or o.incarnation != snap[1]:
        return None
    return o if matches(game, controller, effect.scope, o, getattr(effect, "target", None), memory) else None
