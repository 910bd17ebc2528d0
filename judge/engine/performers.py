"""Who performs an instruction (`<效果> … 由 <执行者>`): by default the controller of the spell or
ability; otherwise each player, each opponent, or the player an earlier instruction of the same
ability chose (`选择玩家`, 355.9.a). Each performer is a registered part.

An instruction that each player performs ("each player kills a unit they control") targets nothing:
every player, the controller included, chooses their own objects as it resolves, in turn order
(355.10.e). "Friendly" and "you" in it are read from the performing player. The performing player
also decides an optional ("可以") instruction for themself."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry
from judge.recordtype import replace


class Performer(Entry):
    rule = "355.10.e"
    chooses_on_resolution = True  # its objects are chosen by each performer as it resolves (not targets)

    def players(self, game, item, previous=()) -> list[str]:
        raise NotImplementedError


PERFORMERS: Registry[Performer] = Registry("执行者")


class EachPlayer(Performer):
    """Every player, in turn order from the controller (355.10.e)."""

    id, zh, aliases = "each_player", ("每名玩家",), ("each-player",)

    def players(self, game, item, previous=()):
        return game.order_from(item.controller)


class EachPlayerFromNext(Performer):
    """Every player, in turn order starting with the player after the controller."""

    id, zh, aliases = "each_player_from_next", ("从下一名玩家开始每名玩家",), ("each-player-from-next",)

    def players(self, game, item, previous=()):
        order = game.order_from(item.controller)
        return order[1:] + order[:1]


class EachOpponent(Performer):
    id, zh, aliases = "each_opponent", ("每名对手",), ("each-opponent",)

    def players(self, game, item, previous=()):
        return [p for p in game.order_from(item.controller) if p in game.opponents(item.controller)]


class EachOtherPlayer(Performer):
    """Every player but the controller (allies too), in turn order after the controller (355.10.e)."""

    id, zh, aliases = "each_other_player", ("每名其他玩家", "除你之外的每名玩家"), ("each-other-player",)

    def players(self, game, item, previous=()):
        return game.order_from(item.controller)[1:]


class YouMust(Performer):
    """"You must …": the controller chooses as it resolves; nothing is targeted (355.10.f)."""

    id, zh, aliases, rule = "you_must", ("你必须",), ("you-must",), "355.10.f"

    def players(self, game, item, previous=()):
        return [item.controller]


class ChosenPlayer(Performer):
    """The player that an earlier `选择玩家` instruction of this spell or ability chose (355.9.a)."""

    id, zh, aliases, rule = "chosen_player", ("所选玩家", "该玩家", "该对手"), ("chosen-player",), "355.9.a"

    def players(self, game, item, previous=()):
        p = (item.memory or {}).get("chosen_player")
        return [p] if p is not None else []


class ItsController(Performer):
    """The controller of the object the previous instruction acted on ("counter it unless its controller
    pays [2]": that player decides and pays, 355.10.e)."""

    id, zh, aliases = "its_controller", ("其控制者",), ("its-controller",)

    def players(self, game, item, previous=()):
        return [o.controller for o in list(previous)[:1] if o.controller is not None]


class Defender(Performer):
    """The defending player of the combat at the source's battlefield ("when I attack, the defender must
    kill a unit they control here", 464.2.c.3); none once that combat is over."""

    id, zh, aliases, rule = "defender", ("防守方", "防守玩家"), ("the-defender",), "464.2.c.3"

    def players(self, game, item, previous=()):
        cb = game.combat
        here = (item.memory or {}).get("location")
        return [cb.defender] if cb is not None and cb.battlefield == here and cb.defender is not None else []


STANDARD = (EachPlayer, EachPlayerFromNext, EachOpponent, EachOtherPlayer, YouMust, ChosenPlayer, ItsController, Defender)


def register_standard() -> None:
    for cls in STANDARD:
        if cls.id not in PERFORMERS:
            PERFORMERS.register(cls())


def perform(game, item, eff, previous: list, perform_one, declined) -> list:
    """The instruction done by each performing player in order, as if it were theirs: `perform_one` does
    it for one player (judge.engine.instructions.perform), `declined` says whether they declined a "may"."""
    from judge.engine import targeting

    part = PERFORMERS[eff.performer]
    players = part.players(game, item, previous)
    if not players:
        game.trace.add("step", f"{item.source} 的效果：没有执行此指示的玩家（尚未选择玩家），此指示不执行。", rules=(part.rule,))
        return previous
    inner = replace(eff, performer=None)
    if isinstance(item.memory, dict):  # "you" in an instruction another player performs (抽牌 2 你)
        item.memory["ability_controller"] = item.controller
        if inner.kind == "choose":  # what each performer chooses adds up (`所选对象` names them all)
            item.memory["chosen"], item.memory["performers_choose"] = [], True
    out: list = []
    done = False
    for p in players:
        as_p = replace(item, controller=p)
        game.trace.add("step", f"{item.source} 的效果由 {p} 执行（{part.display}）。", rules=(part.rule,))
        if inner.optional and declined(game, as_p):
            game.trace.add("step", f"{item.source} 的效果：{p} 选择不执行此可选指示（“可以”）。", rules=("349",))
            continue
        snaps = []
        spec = inner.target
        if spec is not None and spec.targeted:
            chosen = _choose(game, as_p, inner, part)
            if chosen is None:
                continue
            snaps = [targeting.snapshot(o) for o in chosen]
        out += perform_one(game, as_p, replace(inner, optional=False), snaps, previous)
        done = done or bool(isinstance(item.memory, dict) and item.memory.get("did"))
    if isinstance(item.memory, dict):
        item.memory.pop("performers_choose", None)
    if not done and isinstance(item.memory, dict):
        # no performer did it (declined, or could not pay): "if you do" fails, and "it" still names the
        # earlier object when nothing was acted on
        item.memory["skipped"] = True
        return out or previous
    return out


def _choose(game, item, eff, part):
    """The performing player's own choice as the instruction resolves (355.10.e): a scripted
    `<玩家> 选择目标 <来源> -> …`, else the only legal objects, else the auto default or a question.
    None when there is nothing to choose."""
    from judge.engine import targeting
    from judge.engine.choices import take_target as take_choice
    from judge.engine.refs import resolve_ref

    p, spec = item.controller, eff.target
    cands = targeting.candidates(game, p, eff, memory=item.memory)
    n = spec.n
    up_to = spec.count in ("up_to", "any_number")
    if not cands:
        game.trace.add("step", f"{p} 没有可以选择的对象，此指示对其不执行。", rules=(part.rule,))
        return None
    picked = take_choice(game, item)
    if picked is not None:
        chosen = [resolve_ref(game, r) for r in picked]
        bad = [o for o in chosen if o not in cands]
        if bad or len(chosen) > n or (len(chosen) < min(n, len(cands)) and not up_to):
            from judge.engine.errors import IllegalAction

            raise IllegalAction(f"{p} 为 {item.source} 选择的对象不合法：应从 {'、'.join(c.oid for c in cands)} 中选择"
                                f"{'最多 ' if up_to else ''}{n} 个。", part.rule)
    elif len(cands) <= n and not up_to:
        chosen = cands
    elif game.choices.auto:
        chosen = cands[:n]
        game.trace.add("auto", f"（自动选择）{p} 为 {item.source} 选择：{'、'.join(c.label() for c in chosen) or '不选'}。")
    else:
        ids = [c.oid for c in cands]
        game.choices.need("target", p, f"{p} 需要为 {item.source} 从 {'、'.join(ids)} 中选择 {n} 个对象（结算时由其本人选择）。",
                          ids, f"{p} 选择目标 {item.source} -> {ids[0]}")
    game.trace.add("step", f"{p} 在结算时选择 {'、'.join(o.label() for o in chosen) or '不选'}（这不是目标）。",
                   rules=(part.rule,))
    return chosen
