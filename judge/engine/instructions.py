"""Effects: every instruction a spell, an ability or a scenario can perform is a registered part
(id, Chinese spellings, English aliases, rule) with one `apply` hook, used the same way by spells,
triggered and activated abilities. The chain (judge.engine.resolution) calls `perform`; the
scenario language reads the words from the same registry.

`perform` first drops targets that are no longer legal (355.6; 359.3.d.4), settles group targets,
then asks the effect. An effect returns the objects it affected ("previous" for the next
instruction: "its controller draws", "then do this")."""

from __future__ import annotations

from judge.recordtype import replace

from judge.engine import effects, targeting
from judge.engine.chain_items import ChainItem
from judge.engine.registry import Entry, Registry
from judge.engine.state import ABILITY_ZONES, Game, GameObject
from judge.trace.events import Change


class EffectKind(Entry):
    rule = "349"
    amount = False  # the scenario form takes a number ("造成 N 伤害")
    targeted = True  # the scenario form takes a target spec
    needs_targets = True  # with a target spec and no legal target left, nothing is done (349)
    params = ""  # the words the effect takes after its number, described for errors and the guide
    adds_resources = False  # an Add (429): as an ability's whole effect it resolves once finalized (429.2)
    acts_on_chain = False  # "it" may be a spell on the chain ("choose a spell … counter it", 425)
    may_inside = False  # its "you may" (可以) covers only part of it: the effect reads eff.optional itself

    def apply(self, game: Game, item: ChainItem, eff, legal: list[GameObject], previous: list[GameObject],
              who: str) -> list[GameObject]:
        raise NotImplementedError

    def read_args(self, words: list[str]) -> dict:
        """The effect's own parameters from the words written after it (a keyword, a card name, a
        domain, a duration); ValueError with a Chinese message when they do not fit."""
        if words:
            raise ValueError(f"效果“{self.display}”不接受参数“{' '.join(words)}”。")
        return {}

    def accepts(self, game: Game, o: GameObject) -> str | None:
        """Why `o` cannot be what a scenario action performs this effect on (None: it can). By default
        the effect acts on units on the board."""
        if o.zone != "board" or not o.is_unit:
            return f"{o.label()} 不是场上的单位（现在位于{game.location_label(o)}）。"
        return None


EFFECTS: Registry[EffectKind] = Registry("效果")
SCOPE_WORDS = {"here", "friendly", "enemy", "other", "unit"}


def perform(game: Game, item: ChainItem, eff, snaps, previous: list[GameObject]) -> list[GameObject]:
    """One instruction; remembers on the item whether it was done, for a following "if you do" (若 如此做)."""
    memory = item.memory if isinstance(item.memory, dict) else {}
    memory.pop("skipped", None)
    result = _perform(game, item, eff, snaps, previous)  # its own "若" reads the previous instruction's "did"
    skipped = memory.pop("skipped", False)
    memory["did"] = not skipped and bool(result)
    memory["did_count"] = 0 if skipped else len(result or ())  # "for each one spent this way" (如此数量)
    return result


def _skipped(item) -> None:
    if isinstance(item.memory, dict):
        item.memory["skipped"] = True


def _perform(game: Game, item: ChainItem, eff, snaps, previous: list[GameObject]) -> list[GameObject]:
    t = game.trace
    legal = []
    if eff.condition is not None:
        from judge.engine import conditions, filters

        # read with the previous instruction's objects ("if it …", "if you couldn't", 359.3.e.11)
        seen = replace(filters.Seen.of(item.controller, item.memory), objs=tuple(previous))
        if not conditions.holds(game, seen, eff.condition):
            t.add("step", f"{item.source} 的效果：条件“{conditions.describe(eff.condition)}”不成立，此指示不执行。",
                  rules=("349",))
            _skipped(item)
            return previous
    if getattr(eff, "performer", None) is not None:
        from judge.engine import performers

        return performers.perform(game, item, eff, previous, perform, _declined)
    for snap in snaps:
        o = targeting.still_legal(game, item.controller, eff, snap, item.memory)
        if o is None:
            t.add("step", f"目标 {snap[0]} 已不再合法（已离开场地或不再符合条件），结算时忽略。", rules=("359.3.e.2", "359.3.e.5"))
        else:
            legal.append(o)
    if getattr(eff, "instead", None) is not None:  # "… instead" (370.1.b), applied before this instruction happens (370.1.c)
        done, out = _replaced(game, item, eff, legal)
        if done:
            return out
    who = f"{item.source} 的效果"
    kind = EFFECTS.get(eff.kind)
    if kind is None:
        t.add("step", f"{who}：未知的效果“{eff.kind}”，此指示被跳过。", rules=("349",))
        return []
    if eff.group_limit:
        from judge.engine import group_targets

        legal = group_targets.settle(game, item, eff, legal)
    spec = eff.target
    if spec is not None and not spec.targeted:
        legal = _untargeted(game, item, spec, previous, kind)
    if eff.optional and not kind.may_inside and _declined(game, item):
        t.add("step", f"{who}：{item.controller} 选择不执行此可选指示（“可以”）。", rules=("349",))
        _skipped(item)
        return previous
    if eff.value is not None and eff.value.kind != "n":
        from judge.engine import values

        eff = replace(eff, amount=values.evaluate(game, item, eff.value, legal, previous))
        t.add("step", f"{who}：数值在结算时确定为 {eff.amount}。", rules=("349",))
    if not kind.targeted:
        return kind.apply(game, item, eff, legal, previous, who)
    if spec is not None and not spec.targeted:
        return kind.apply(game, item, eff, legal, previous, who)
    if not eff.targets and not snaps and set(eff.scope) & SCOPE_WORDS:
        # An instruction over a scope ("each unit here"): the units matching it as it resolves,
        # seen from where its source was when it triggered (item.memory).
        legal = effects.scope_targets(game, item.memory, item.controller, eff.scope)
    if "self" in eff.scope:
        legal = _me(game, item)
    if eff.targets and not legal and kind.needs_targets:
        t.add("step", f"{who}：没有合法目标，此指示无法执行。", rules=("359.3.e.6",))
        return []
    return kind.apply(game, item, eff, legal, previous, who)


def _replaced(game: Game, item: ChainItem, eff, legal: list[GameObject]) -> tuple[bool, list[GameObject]]:
    """(True, what it did) when the instruction's '… instead' (`改为 <效果> 若 <条件>`, registered as the
    effect `instead`) applies now: its condition read against the objects this one would act on; then
    the replacing instruction is performed on them in its place (370.1.b, 370.1.c)."""
    from judge.engine import conditions, filters

    alt = eff.instead
    seen = replace(filters.Seen.of(item.controller, item.memory), objs=tuple(legal))
    if alt.condition is not None and not conditions.holds(game, seen, alt.condition):
        return False, []
    why = f"（条件“{conditions.describe(alt.condition)}”成立）" if alt.condition is not None else ""
    kind = EFFECTS.get(alt.kind)
    game.trace.add("step", f"{item.source} 的效果：此指示被替换{why}，改为执行“{kind.display if kind else alt.kind}”。",
                   rules=("370.1.b", "370.1.c"))
    return True, perform(game, item, replace(alt, condition=None), [], legal)


def perform_now(game: Game, player: str, eff, objects: list[GameObject], source: GameObject | None = None) -> None:
    """A scenario action `甲 执行 <效果> …`: the registered effect performed at once by `player` on the
    named objects, as a spell or ability of theirs would perform it (410.2.b: an instructed action)."""
    from judge.engine.errors import IllegalAction

    kind = EFFECTS[eff.kind]
    for o in objects:
        why = kind.accepts(game, o)
        if why:
            raise IllegalAction(f"效果“{kind.display}”不能作用于此：{why}", kind.rule)
    label = source.label() if source is not None else player
    memory = {"oid": source.oid, "location": source.location} if source is not None else {}
    item = ChainItem(player, label, f"{player} 执行的效果“{kind.display}”", eff, memory, rules=(kind.rule,),
                     kind="effect", oid=source.oid if source is not None else None, pending=False, dest=eff.dest)
    names = "、".join(o.label() for o in objects)
    game.trace.add("action", f"{player} 执行效果“{kind.display}”{'：' + names if names else ''}。", rules=(kind.rule,))
    game.trace.depth += 1
    try:
        kind.apply(game, item, eff, objects, [], f"{player} 执行的效果")
    finally:
        game.trace.depth -= 1


def _me(game: Game, item: ChainItem) -> list[GameObject]:
    """"Me": the source on the board or in its legend zone (174); for an ability that works from a zone off
    the board ("… return this from your trash"), the card still there as the same object (385.2, 124.1)."""
    src = game.objects.get(getattr(item, "oid", None))
    if src is None:
        return []
    memory = item.memory if isinstance(item.memory, dict) else {}
    if src.zone in ABILITY_ZONES or (memory.get("zone") == src.zone and memory.get("incarnation") == src.incarnation):
        return [src]
    return []


def _untargeted(game: Game, item: ChainItem, spec, previous: list[GameObject], kind=None) -> list[GameObject]:
    """Objects an untargeted phrase names as the effect resolves: "each …" (seen from the source's
    remembered place), the source itself, or the previous instruction's objects (on the board, or
    where the previous instruction put them when this effect acts there: "banish it, then play it")."""
    from judge.engine import filters

    if spec.count == "all":  # read with the previous instruction's objects ("… with less Might than it")
        return filters.select(game, replace(filters.Seen.of(item.controller, item.memory), objs=tuple(previous)),
                              spec.filter)
    if spec.count == "self":
        return _me(game, item)
    if spec.count == "chosen":  # what `选择` chose (it keeps them on the item), while still the same objects
        return [o for oid, inc in (item.memory or {}).get("chosen", [])
                if (o := game.objects.get(oid)) is not None and o.incarnation == inc and o.zone == "board"]
    found = [o for o in previous if o.zone == "board"
             or (kind is not None and (o.zone != "chain" or kind.acts_on_chain) and kind.accepts(game, o) is None)]
    if spec.filter.words:  # "it, if it is alone": only those that fit the words, seen from the source
        seen = filters.Seen.of(item.controller, item.memory)
        found = [o for o in found if all(filters.FILTERS[w].test(game, seen, o, a) for w, a in spec.filter.words)]
    return found


def _declined(game: Game, item: ChainItem) -> bool:
    """A "you may" instruction: skipped when its controller scripted `拒绝支付 <来源>` for it."""
    from judge.engine.abilities.triggered import _take

    return _take(game, "decline", item.controller, item)


def _keyword_rules(item) -> tuple:
    """The keyword rule (800-829) of the ability the item is, if any (绝念 808), cited beside the action."""
    return tuple(r for r in item.rules if r[:1] == "8" and len(r) >= 3)


def _applied_to(who: str, legal) -> str:
    """The trace line of an action done to each affected unit; saying so when none is left."""
    if not legal:
        return f"{who}没有可作用的对象。"
    return f"{who}作用于 {'、'.join(u.label() for u in legal)}。"


class _OnEach(EffectKind):
    """An action done to each affected unit, traced as one change line."""

    def act(self, game: Game, eff, u: GameObject):
        raise NotImplementedError

    def act_for(self, game: Game, item, eff, u: GameObject):
        """The action on one unit, for kinds that also need the chain item (e.g. its source)."""
        return self.act(game, eff, u)

    def apply(self, game, item, eff, legal, previous, who):
        changes = [c for c in (self.act_for(game, item, eff, u) for u in legal) if c]
        game.trace.add("change", _applied_to(who, legal), rules=("359.3.d",), changes=changes)
        return legal


class Deal(EffectKind):
    id, zh, aliases, rule, amount = "deal", ("造成伤害",), ("deal",), "417", True

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.statics import bonus_damage

        extra = {u.oid: bonus_damage(game, item, u) for u in legal}
        if not any(extra.values()):
            effects.deal(game, legal, eff.amount, who, source=item.source, rules=("417",) + _keyword_rules(item),
                         by=item.controller)
            return legal
        for u in legal:  # Bonus Damage raises what this action deals to that unit (417.5, 714)
            effects.deal(game, [u], eff.amount + extra[u.oid], who, source=item.source, by=item.controller,
                         rules=("417",) + (("417.5",) if extra[u.oid] else ()) + _keyword_rules(item))
        return legal


def _permanent_on_board(game, o) -> str | None:
    """Kill, exhaust and ready act on any permanent on the board — units, gear, runes (414.1, 415.1, 428.1)."""
    if o.zone != "board" or o.card.type == "spell":
        return f"{o.label()} 不是场上的常驻牌（现在位于{game.location_label(o)}）。"
    return None


def _readies_or_exhausts(game, o) -> str | None:
    """Exhaust and ready also act on a legend in its legend zone (174.5, 355.9.a.4: "ready a legend")."""
    if o.zone == "legend":
        return None
    return _permanent_on_board(game, o)


class Kill(EffectKind):
    id, zh, aliases, rule = "kill", ("摧毁",), ("kill",), "428"
    accepts = staticmethod(_permanent_on_board)

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import triggered

        effects.kill(game, legal, who=who, by=item.controller, via="spell" if item.kind == "card" else "ability")
        triggered.flush_recorded(game)
        return legal


class Stun(_OnEach):
    id, zh, aliases, rule = "stun", ("眩晕",), ("stun",), "423"

    def act(self, game, eff, u):
        return effects.stun(game, u)

    def act_for(self, game, item, eff, u):
        return effects.stun(game, u, by=item.controller)  # "when you stun" (423.1)

    def apply(self, game, item, eff, legal, previous, who):
        """Each unit is stunned (an event each); then the enemy units this instruction stunned are one
        more event, "you stun any number of enemy units" (423.1)."""
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        fresh = [u for u in legal if not u.stunned and u.zone == "board"]
        out = super().apply(game, item, eff, legal, previous, who)
        enemies = tuple(u for u in fresh if u.stunned and game.teams[u.controller] != game.teams[item.controller])
        if enemies:
            triggered.fire(game, EventFacts("stun_enemies", player=item.controller, obj=enemies[0],
                                            controller=enemies[0].controller, objs=enemies, amount=len(enemies)))
        return out


class Buff(_OnEach):
    id, zh, aliases, rule = "buff", ("增益",), ("buff",), "426"

    def apply(self, game, item, eff, legal, previous, who):
        # the item's controller buffs: "when you buff a unit" (411.4)
        changes = [c for c in (effects.buff(game, u, by=item.controller) for u in legal) if c]
        game.trace.add("change", _applied_to(who, legal), rules=("359.3.d",), changes=changes)
        return legal


class Exhaust(_OnEach):
    id, zh, aliases, rule = "exhaust", ("休眠",), ("exhaust",), "414"
    accepts = staticmethod(_readies_or_exhausts)

    def act(self, game, eff, u):
        return effects.set_exhausted(game, u, True)


class Ready(_OnEach):
    id, zh, aliases, rule = "ready", ("活跃",), ("ready",), "415"
    accepts = staticmethod(_readies_or_exhausts)

    def act(self, game, eff, u):
        return _ready(game, u)

    def act_for(self, game, item, eff, u):
        change = _ready(game, u)
        if change is not None:
            effects.readied(game, [u], item.controller)
        return change


class Heal(_OnEach):
    id, zh, aliases, rule = "heal", ("移除伤害",), ("heal",), "418"

    def act(self, game, eff, u):
        return (effects.heal(game, [u]) or [None])[0]


class ModifyMight(_OnEach):
    """+N / -N Might this turn; `最低 N` ("to a minimum of N"): a decrease is limited when it applies and
    remembered at that level for the rest of the turn (snapshotting, 477.3.b, 477.3.e.2.b)."""

    id, zh, aliases, rule, amount = "might", ("修改战力",), ("modify-might",), "349", True
    params = "可加 本回合（默认）或 持续（来源留在场上期间）；最低 N（减少后不低于 N）"

    def read_args(self, words):
        from judge.engine.effects_registry.common import duration_args

        dur, rest = duration_args(words)
        args = {"this_turn": False, "while_source": True} if dur["while_source"] else {}
        if not rest:
            return args
        if len(rest) == 2 and rest[0] in ("最低", "min") and rest[1].isdigit():
            return {**args, "floor": int(rest[1])}
        raise ValueError(f"效果“{self.display}”只接受“本回合”“持续”和“最低 N”（如 修改战力 -4 一名 单位 本回合 最低 1）。")

    def act(self, game, eff, u):
        return self.act_for(game, None, eff, u)

    def act_for(self, game, item, eff, u):
        """The change lasts as the effect says: this turn by default, or while its source stays on the
        board (持续), as doubling does (432.1.a)."""
        from judge.engine.effects_registry.common import lasting

        how = lasting(game, item, eff) if item is not None else None
        amount, floor = eff.amount, (getattr(eff, "args", None) or {}).get("floor")
        if floor is not None and amount < 0:
            from judge.engine.layers import might

            current = might(game, u)
            limited = max(amount, min(0, floor - current))
            if limited != amount:
                game.trace.add("step", f"{u.label()} 的战力为 {current}，减少后不得低于 {floor}：这次减少按 {limited} 计，"
                               "并在效果持续期间保持此数值。", rules=("477.3.b", "477.3.e.2.b"))
            amount = limited
        return effects.might_change(game, u, amount, how)


class Recall(EffectKind):
    id, zh, aliases, rule = "recall", ("召回",), ("recall",), "454"

    def apply(self, game, item, eff, legal, previous, who):
        effects.recall(game, legal)
        return legal


class Move(EffectKind):
    id, zh, aliases, rule = "move", ("移动",), ("move",), "420"

    def apply(self, game, item, eff, legal, previous, who):
        return _move(game, item, legal, eff, previous)


class Fight(EffectKind):
    id, zh, aliases, rule = "fight", ("互相造成战力伤害",), ("fight",), "417"

    def apply(self, game, item, eff, legal, previous, who):
        return _fight(game, item, legal, who, previous, eff)


class Banish(EffectKind):
    id, zh, aliases, rule = "banish", ("放逐",), ("banish",), "427"

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import linked

        return linked.banish(game, item, legal)


class Draw(EffectKind):
    id, zh, aliases, rule, amount, needs_targets = "draw", ("抽牌",), ("draw",), "413", True, False
    params = "其控制者（由上一条指示作用的对象的控制者抽牌）；你（由另一名玩家执行时仍由此技能的控制者抽牌）"

    def read_args(self, words):
        if not words:
            return {}
        if words == ["其控制者"] or words == ["its-controller"]:
            return {"target_controller": True}
        if words == ["你"] or words == ["you"]:
            return {"you": True}
        raise ValueError(f"效果“{self.display}”只接受“其控制者”或“你”（如 抽牌 2 其控制者）。")

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine import zones

        if (getattr(eff, "args", None) or {}).get("you"):
            # "unless its controller has you draw 2": another player decides (355.10.e), you draw; the cards
            # drawn are what was done ("if they do")
            you = (item.memory or {}).get("ability_controller", item.controller)
            hand = list(game.players[you].zones["hand"])
            zones.draw(game, you, eff.amount, why=f"{who}（由 {item.controller} 决定）" if you != item.controller else who)
            return [game.objects[o] for o in game.players[you].zones["hand"] if o not in hand]
        if "target_controller" in eff.scope or (getattr(eff, "args", None) or {}).get("target_controller"):
            # Information that is still available (the unit's controller) is used (FAQ C-L592).
            drawers = [o.controller for o in previous] or []
            if not drawers:
                game.trace.add("step", f"{who}：无法得知“其控制者”，不抽牌。", rules=("359.3.e.12",))
            for p in drawers:
                zones.draw(game, p, eff.amount, why=f"{who}（目标的控制者）")
        else:
            zones.draw(game, item.controller, eff.amount, why=who)
        return legal


class Attach(EffectKind):
    """'Attach …' (434.1: one card attached, one top-most). On a gear's own ability the gear is the source
    and the target the unit ("attach me to a unit", 818.2, 819.1.d). Otherwise the pair is this
    instruction's target and the previous instruction's object, whichever is the Equipment going onto
    whichever is the unit ("choose an Equipment, attach it to a unit"; "move a unit, attach an
    Equipment to it"); then it returns the unit, for a following "it"."""

    id, zh, aliases, rule = "attach", ("贴附",), ("attach",), "434"

    def apply(self, game, item, eff, legal, previous, who):
        src = game.objects.get(item.oid)
        pair = [o for o in [*legal, *previous] if o.zone == "board" and o is not src]
        gears = [o for o in pair if o.card.type == "gear" and not o.is_unit]
        units = [o for o in pair if o.is_unit]
        if not gears and src is not None and src.card.type == "gear" and not src.is_unit:
            for u in legal[:1]:
                if src.zone == "board":
                    effects.attach(game, src, u, rules=("434.4", "818.2") if item.kind == "ability" else ("434.4", "819.1.d"))
            return legal
        if not gears or not units:
            game.trace.add("step", f"{who}：贴附需要场上的一件装备和一名单位，现在缺少{'装备' if not gears else '单位'}，不执行。",
                           rules=("434.1.a",))
            return []
        if "武装" not in gears[0].card.tags:
            game.trace.add("step", f"{who}：{gears[0].label()} 不是武装（没有“武装”标签），不能贴附，不执行。", rules=("150.1",))
            return []
        effects.attach(game, gears[0], units[0], rules=("434.1.a.1", "434.4"))
        return units[:1]


class PlayTop(EffectKind):
    id, zh, aliases, rule = "play_top", ("打出牌堆顶单位",), ("play-top-unit",), "349"

    def apply(self, game, item, eff, legal, previous, who):
        _play_top(game, item, eff)
        return legal


class GainXp(EffectKind):
    id, zh, aliases, rule, amount, needs_targets = "gain_xp", ("获得经验",), ("gain-xp",), "730.1", True, False

    def apply(self, game, item, eff, legal, previous, who):
        effects.gain_xp(game, item.controller, eff.amount, who)
        return legal


class RecycleTop(EffectKind):
    id, zh, aliases, rule, amount = "recycle", ("回收",), ("recycle",), "416", True

    def apply(self, game, item, eff, legal, previous, who):
        _recycle(game, item, eff.amount)
        return legal


class Save(EffectKind):
    id, zh, aliases, rule = "save", ("拯救",), ("save",), "368"

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import replacement

        for o in legal:
            replacement.add_save(game, o, item.source, item.oid)
        return legal


class AddEnergy(EffectKind):
    """Resolved at once when it is an activated ability's whole effect (activating); on the chain
    it adds the energy to its controller's rune pool."""

    id, zh, aliases, rule, amount, targeted = "add_energy", ("获得法力",), ("add-energy",), "429", True, False
    adds_resources = True
    params = "仅法术（只能用于打出法术）；仅装备（只能用于打出装备或使用装备的技能）；仅法术对决（只能在法术对决期间消耗）"

    def read_args(self, words):
        from judge.engine.costs import ONLY_WORDS

        if not words:
            return {}
        if len(words) == 1 and words[0] in ONLY_WORDS:
            return {"only": ONLY_WORDS[words[0]]}
        raise ValueError(f"效果“{self.display}”只接受“仅法术”“仅装备”或“仅法术对决”（如 获得法力 2 仅法术）。")

    def apply(self, game, item, eff, legal, previous, who):
        pl = game.players[item.controller]
        if (eff.args or {}).get("only"):
            from judge.engine.costs import reserve

            reserve(game, item.controller, eff.args["only"], eff.amount, 0, who)
            return previous
        before = pl.energy
        pl.energy += eff.amount
        game.trace.add("change", f"{who}：{item.controller} 获得 {eff.amount} 点法力。", rules=("429.1",),
                       changes=[Change(f"{item.controller}的符文池", "法力", before, pl.energy)])
        from judge.engine.costs import add_extra

        add_extra(game, item, who)
        return previous


class Counter(EffectKind):
    """Counter a spell on the chain (425): it does nothing, leaves the chain for its owner's trash,
    costs stay paid, and it never counts as played for play triggers (419.4.a.1, 425.1.b)."""

    id, zh, aliases, rule = "counter", ("无效化",), ("counter",), "425"
    acts_on_chain = True

    def accepts(self, game, o):
        from judge.engine.filters import chain_items_of

        return None if o.zone == "chain" or chain_items_of(game, o) else f"{o.label()} 不在结算链上，结算链上也没有它的技能。"

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine import zones
        from judge.engine.filters import chain_items_of

        for card in legal:
            if card.zone != "chain":  # a source named for its ability ("counter a spell or ability", 425.1.a)
                abilities = chain_items_of(game, card)
                if abilities:
                    target = abilities[-1]  # the newest ability of that source
                    game.chain.remove(target)
                    game.trace.add("change", f"{who}：{target.description} 被无效化，不产生任何效果并移出结算链；"
                                   "已支付的费用不退还。", rules=("425.1.a", "425.1.c"))
                continue
            target = next((i for i in game.chain if getattr(i, "oid", None) == card.oid
                           and getattr(i, "kind", None) == "card"), None)
            if target is None:
                continue
            game.chain.remove(target)
            if eff.dest == "hand":  # "return it to its owner's hand instead of its trash" (370.1.b)
                ch = zones.put_in_zone(game, card, "hand", rules=("425", "370.1.b"))
                game.trace.add("change", f"{who}：{card.label()} 被无效化，不结算，改为从结算链回到其所有者的手牌（而不是废牌堆）；"
                               "已支付的费用不退还，它不视为已打出。", rules=("425", "370.1.b", "419.4.a.1"), changes=[ch])
                continue
            from judge.engine.effect_plays import leave_chain

            ch, where = leave_chain(game, card, ("425",))
            game.trace.add("change", f"{who}：{card.label()} 被无效化，不结算，从结算链{where}；已支付的费用不退还，"
                           "它不视为已打出（打出时触发的技能不会触发）。",
                           rules=("425", "419.4.a.1") + (("390.3.a",) if card.zone == "deck" else ()), changes=[ch])
        return legal


class ReturnSelf(EffectKind):
    id, zh, aliases, rule, targeted = "return_self", ("从废牌堆回到基地",), ("return-from-trash",), "383.2.c.1", False

    def apply(self, game, item, eff, legal, previous, who):
        _return_self(game, item)
        return []


class ReturnLinked(EffectKind):
    id, zh, aliases, rule, targeted = "return_linked", ("打出被此牌放逐的单位",), ("return-linked",), "394", False

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import linked

        linked.play_back(game, item, eff)
        return []


class CreateDelayed(EffectKind):
    id, zh, aliases, rule, targeted = "delayed", ("延迟",), ("delayed",), "390", False

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import delayed

        delayed.create(game, item.controller, item.source, item.oid, eff.delayed, previous,
                       location=(item.memory or {}).get("location") if isinstance(item.memory, dict) else None)
        return previous


def _destination(game: Game, item: ChainItem, eff, previous=()) -> str | None:
    """Where a move goes: the effect's fixed destination (`-> 基地`, `-> 此处`, `-> 它所在处`: where the
    previous instruction's object is, `-> 此战场`: the battlefield of the triggering event), else the one
    chosen when it was played (355.4)."""
    if eff is not None and eff.dest == "base":
        return "base"
    if eff is not None and eff.dest == "here":
        return (item.memory or {}).get("location")
    if eff is not None and eff.dest == "its_location":
        return next((o.location for o in previous if o.zone == "board"), None)
    if eff is not None and eff.dest == "this_battlefield":
        from judge.engine.filters import event_battlefield

        return event_battlefield(game, item.memory)
    if eff is not None and eff.dest == "origin":
        return getattr((item.memory or {}).get("facts"), "origin", None)
    if eff is not None and eff.dest == "cost_object":
        return (item.memory or {}).get("cost_location")
    dests = (item.memory or {}).get("move_dests") if isinstance(item.memory, dict) else None
    if dests:  # one destination chosen for each move instruction, in order (355.4)
        done = item.memory.get("moves_done", 0)
        item.memory["moves_done"] = done + 1
        return dests[done] if done < len(dests) else item.dest
    return item.dest


def _move(game: Game, item: ChainItem, legal: list[GameObject], eff=None, previous=()) -> list[GameObject]:
    """'Move a unit' to the destination chosen when the spell was played (Dragon's Rage): only the
    units that actually moved are returned, for the embedded trigger that refers to them."""
    from judge.engine import movement
    from judge.engine.errors import IllegalAction

    dest = _destination(game, item, eff, previous)
    moved = [u for u in legal if u.location != dest]
    if not moved or dest is None:
        game.trace.add("step", f"{item.source} 的效果：没有单位实际移动。", rules=("359.3.e.11",))
        return []
    origin = moved[0].location
    try:
        movement.effect_move(game, item.controller, moved, dest)
    except IllegalAction as e:
        game.trace.add("step", f"{item.source} 的效果：无法移动（{e}），此指示被跳过。", rules=("359.3.e.6",))
        return []
    if isinstance(item.memory, dict):
        item.memory["moved_from"] = origin  # "that battlefield": read by later instructions (移动起点处)
    return moved


def _fight(game: Game, item: ChainItem, legal: list[GameObject], who: str,
           previous: list[GameObject] = (), eff=None) -> list[GameObject]:
    """'They deal damage equal to their Might to each other' (Dragon's Rage): both amounts are read
    first, then dealt at once; a unit that is gone deals and takes nothing. The other unit is the one
    the linked instruction affected, or else the previous instruction's object ("give a friendly unit
    +3 Might, then it and an enemy unit deal damage to each other"), or else the ability's source
    ("I and that unit deal damage to each other")."""
    from judge.engine import layers

    where = item.memory.get("where")
    other = [game.objects[oid] for oid, inc in item.memory.get("linked", [])
             if oid in game.objects and game.objects[oid].incarnation == inc and game.objects[oid].zone == "board"]
    if "linked" not in item.memory:
        other = [o for o in previous if o.zone == "board" and o.is_unit]
        src = game.objects.get(getattr(item, "oid", None) or "")
        if not other and src is not None and src.zone == "board" and src.is_unit:
            other = [src]
    legal = [o for o in legal if where is None or o.location == where]
    if "linked" not in item.memory and eff is not None and eff.targets == 2:  # "choose two units: they deal damage to each other"
        other, legal = legal[:1], legal[1:]
    if not legal or not other:
        game.trace.add("step", f"{who}：互相造成伤害的一方已不在场上或不在该处，能做的都做（无伤害）。", rules=("359.3.e.11",))
        return []
    a, b = other[0], legal[0]
    ma, mb = layers.might(game, a), layers.might(game, b)
    game.trace.add("step", f"{who}：{a.label()}（战力 {ma}）与 {b.label()}（战力 {mb}）互相造成等同于各自战力的伤害。",
                   rules=("417",), faq=("C-L422",))
    effects.deal(game, [b], ma, who, source=a.label(), by=a.controller)
    effects.deal(game, [a], mb, who, source=b.label(), by=b.controller)
    return [b]


def _ready(game: Game, u: GameObject):
    """'Can't' beats 'can' (FAQ R-L95, R-L97): an opponent's passive forbidding readying by effects wins."""
    from judge.engine.statics import on_board

    for o, kind, params in on_board(game):
        if not kind.allows_ready(game, o, params, u):
            game.trace.add("step", f"{u.label()} 不能因效果变为活跃状态（{o.label()}）：“无法”优先于“可以”，此指示被跳过。",
                           rules=("054.1",), faq=("R-L95", "R-L97"))
            return None
    return effects.set_exhausted(game, u, False)


def _play_top(game: Game, item: ChainItem, eff) -> None:
    """'Play a unit from among the top cards' during a resolution: the play goes on the chain as a
    pending item now and is finalized after this resolution, in creation order (FAQ R-L9..R-L15)."""
    p = item.controller
    deck = game.players[p].zones["deck"]
    unit = next((game.objects[o] for o in deck[:5] if game.objects[o].is_unit), None)
    if unit is None:
        game.trace.add("step", f"{p} 主牌堆顶部没有可以打出的单位。", rules=("349",))
        return
    from judge.engine.costs import effect_play_cost

    if not effect_play_cost(game, p, unit, eff, f"{item.source} 的效果"):
        return
    deck.remove(unit.oid)
    unit.zone, unit.location = "chain", None
    game.chain.append(ChainItem(p, unit.label(), f"{p} 打出的 {unit.label()}（由 {item.source} 打出）", None,
                                {"oid": unit.oid}, rules=("349",), kind="card", oid=unit.oid, dest="base"))
    game.trace.add("step", f"{unit.label()} 作为待处理项目加入结算链；完成 {item.source} 的其余指示后再确认。",
                   rules=("354.3", "336.1"), faq=("R-L9",),
                   changes=[Change(unit.label(), "位置", f"{p}的主牌堆", "结算链（待处理）")])


def _recycle(game: Game, item: ChainItem, n: int) -> None:
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    p = item.controller
    deck = game.players[p].zones["deck"]
    moved = deck[:n]
    del deck[:n]
    deck.extend(moved)
    game.trace.add("change", f"{p} 回收 {len(moved)} 张牌（置于主牌堆底）。", rules=("416",))
    if moved:
        triggered.fire(game, EventFacts("recycle", player=p, amount=len(moved), origin="deck", dest="deck"))
        triggered.flush(game)


def _return_self(game: Game, item: ChainItem) -> None:
    src = game.objects.get(item.oid)
    if src is None or src.zone != "trash":
        game.trace.add("step", f"{item.source} 已不在废牌堆，无法返回。", rules=("349",), faq=("R-L3",))
        return
    game.players[src.owner].zones["trash"].remove(src.oid)
    src.zone, src.location, src.controller, src.exhausted = "board", "base", src.owner, True
    game.trace.add("change", f"{src.label()} 从废牌堆回到其所有者的基地（休眠）。", rules=("383.2.c.1",),
                   changes=[Change(src.label(), "位置", f"{src.owner}的废牌堆", f"{src.owner}的基地")])
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("enter", player=src.owner, obj=src, controller=src.owner, origin="trash",
                                    dest="base", via="effect"))
