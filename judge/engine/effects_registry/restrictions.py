"""'… can't … this turn' made by an instruction (054.1: can't beats can): `施加限制 <静态词> [对手|其控制者|你]
[目标] 本回合` imposes one registered "can't" static ability (judge.engine.statics) until the end of the turn,
on the players it names (opponents of the effect's controller, the controller of the previous
instruction's object, or the effect's controller) or on the objects its target phrase names ("that
unit can't move this turn"). Procedures find it through statics.forbidder, as any static "can't"."""

from __future__ import annotations

from judge.engine.instructions import EffectKind
from judge.engine.statics import STATICS

WHO = {"对手": "opponents", "opponents": "opponents", "其控制者": "its_controller", "its-controller": "its_controller",
       "你": "you", "you": "you"}


THIS_TURN = ("本回合", "this-turn")


class ForThisTurn(EffectKind):
    """An instruction that sets up a static ability until the end of the turn: it goes into the turn's imposed
    statics (Game.imposed), which procedures read beside the board's, with the effect's controller as source."""

    def accepts(self, game, o):
        return None

    @staticmethod
    def besides_this_turn(words) -> list[str]:
        """The effect's own parameter words, its duration 本回合 taken out."""
        return [w for w in words if w not in THIS_TURN]

    @staticmethod
    def impose(game, item, static_id: str, params: dict, controller: str | None = None) -> None:
        game.imposed.append((static_id, params, controller or item.controller, game.turn, item.source))

    def incomplete(self, game, eff, who, what: str, needs_value: bool = False) -> bool:
        """True (and the trace says so) when the instruction names no cards or does not end with 本回合."""
        if eff.target is not None and eff.duration == "this_turn" and (eff.value is not None or not needs_value):
            return False
        game.trace.add("step", f"{who}：“{self.display}”需要{what}并以“本回合”结束，不执行。", rules=(self.rule,))
        return True


class Impose(ForThisTurn):
    id, zh, aliases, rule = "impose", ("施加限制",), ("impose",), "054.1"
    needs_targets = False
    params = "<“不能”静态词> [对手|其控制者|你] [目标] 本回合"

    def read_args(self, words):
        rest = self.besides_this_turn(words)
        if not rest or STATICS.lookup(rest[0]) is None:
            raise ValueError(f"效果“{self.display}”后面应为一个“不能”静态词（如 不能打出卡牌、不能移动）。")
        kind = STATICS.lookup(rest[0])
        who = [WHO[w] for w in rest[1:] if w in WHO]
        extra = [w for w in rest[1:] if w not in WHO]
        if extra or len(who) > 1:
            raise ValueError(f"效果“{self.display}”只接受一个玩家词（对手、其控制者、你）和“本回合”，不接受“{' '.join(extra)}”。")
        return {"static": kind.id, "who": who[0] if who else None}

    def apply(self, game, item, eff, legal, previous, who):
        kind = STATICS[eff.args["static"]]
        params: dict = {}
        names = []
        if eff.args.get("who") == "opponents":
            players = [p for p in game.players if game.teams[p] != game.teams[item.controller]]
        elif eff.args.get("who") == "its_controller":
            players = sorted({o.controller for o in previous if o.controller is not None})
        elif eff.args.get("who") == "you":
            players = [item.controller]
        else:
            players = None
        if players is not None:
            params["players"] = tuple(players)
            names += players
        if eff.target is not None:
            params["objs"] = frozenset(o.oid for o in legal)
            names += [o.label() for o in legal]
        self.impose(game, item, kind.id, params)
        game.trace.add("change", f"{who}：本回合内，{kind.imposed_text('、'.join(names))}。",
                       rules=("054.1",) if kind.rule == "054.1" else (kind.rule,))
        return previous


class RaiseCostThisTurn(ForThisTurn):
    """`增加费用 N [符能 M] <所有 …卡牌> 本回合` ("your non-token units cost [1] more this turn"): a cost
    increase an instruction sets up until the end of the turn (356.3), read by costs.apply_modifiers as the
    registered static `费用增加` with the effect's controller as its source."""

    id, zh, aliases, rule = "raise_cost", ("增加费用",), ("raise-cost",), "356.3"
    targeted = False
    params = "N [符能 M] <所有 …卡牌> 本回合"

    def read_args(self, words):
        rest = self.besides_this_turn(words)
        if len(rest) == 2 and rest[0] in ("符能", "power") and rest[1].isdigit():
            return {"power": int(rest[1])}
        if rest:
            raise ValueError(f"效果“{self.display}”只接受“符能 M”和“本回合”，不接受“{' '.join(rest)}”。")
        return {}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.cards import Value

        spec = eff.target
        if self.incomplete(game, eff, who, "写明哪些卡牌"):
            return previous
        from judge.engine import values

        n = values.evaluate(game, item, eff.value, legal, previous) if eff.value is not None else 0
        params = {"amount": Value("n", n=n), "power": eff.args.get("power", 0), "target": spec}
        self.impose(game, item, "surcharge", params)
        from judge.engine.filters import describe

        what = f"[{n}]" + ("[A]" * params["power"])
        game.trace.add("change", f"{who}：本回合内，{describe(spec.filter)} 的费用增加 {what}。", rules=(self.rule,))
        return previous


class LookAtFacedown(ForThisTurn):
    """`可查看待命牌 本回合` ("this turn, you may look at that opponent's facedown cards"): until the end of the
    turn the effect's controller may look at the facedown cards of the player an earlier `选择玩家` chose (else
    of each opponent), which are otherwise private to their controller (128.4); read by hiding (811.1.c) too."""

    id, zh, aliases, rule, targeted, needs_targets = "look_facedown", ("可查看待命牌",), ("may-look-at-facedown",), \
        "128.4", False, False
    params = "本回合"

    def read_args(self, words):
        rest = self.besides_this_turn(words)
        if rest:
            raise ValueError(f"效果“{self.display}”只接受“本回合”。")
        return {}

    def apply(self, game, item, eff, legal, previous, who):
        viewer = item.controller
        chosen = (item.memory or {}).get("chosen_player")
        of = [chosen] if chosen is not None else [p for p in game.order if p in game.opponents(viewer)]
        self.impose(game, item, "may_look_facedown", {"players": (viewer,), "of": tuple(of)}, viewer)
        seen = [f"{bf.label()} 的 {game.objects[bf.facedown].label()}" for bf in game.battlefields.values()
                if bf.facedown and game.objects[bf.facedown].controller in of]
        game.trace.add("change", f"{who}：本回合内，{viewer} 可以查看 {'、'.join(of)} 正面朝下的卡牌"
                       f"（现有：{'、'.join(seen) or '无'}）。", rules=("128.4",))
        return previous


class NextCard(ForThisTurn):
    """`下一张 <静态词> [N] <所有 你的 法术|单位…> 本回合`: a delayed passive ability (391) for the next card of
    that kind its controller plays this turn (a discount, Bonus Damage, entering ready), and for that card
    only; it is bound as that card is played (statics.bind_next_card) and ends with the turn."""

    id, zh, aliases, rule = "next_card", ("下一张",), ("the-next-card",), "391"
    targeted = needs_targets = False  # the phrase names a kind of card (`所有 你的 法术`), not a target
    params = "<法力费用减少|活跃进场|你的伤害加成> [N] <所有 你的 法术|单位…> 本回合"

    def read_args(self, words):
        rest = self.besides_this_turn(words)
        kind = STATICS.lookup(rest[0]) if len(rest) == 1 else None
        if kind is None or not kind.next_card:
            able = "、".join(k.display for k in STATICS if k.next_card)
            raise ValueError(f"效果“{self.display}”后面应为一个可作用于下一张牌的静态词（{able}），再写数值与卡牌（如 你的 法术）和“本回合”。")
        return {"static": kind.id}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.cards import Value
        from judge.engine.filters import describe

        spec = eff.target
        if self.incomplete(game, eff, who, "写明哪种卡牌"):
            return previous
        kind = STATICS[eff.args["static"]]
        n = eff.amount if eff.value is not None else 0
        params = {"amount": Value("n", n=n), "value": n, "target": spec, "players": (item.controller,),
                  "next": {"bound": None}}
        self.impose(game, item, kind.id, params)
        what = f"{kind.display}{f' {n}' if eff.value is not None else ''}"
        game.trace.add("change", f"{who}：{item.controller} 本回合打出的下一张{describe(spec.filter)}：{what}（延迟被动技能）。",
                       rules=("391",))
        return previous


class BuffBonusThisTurn(ForThisTurn):
    """`增益额外战力 N <所有 友方 单位> 本回合` ("this turn, each buff gives friendly units +N Might more"):
    the static of the same name set up until the end of the turn, with the effect's controller as its
    source; it reaches every unit the phrase names while the turn lasts, those buffed later too (703)."""

    id, zh, aliases, rule = "buff_bonus_this_turn", ("增益额外战力",), ("buffs-give-more-might",), "703"
    targeted = needs_targets = False
    params = "N <所有 友方 单位> 本回合"

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.filters import describe

        spec = eff.target
        if self.incomplete(game, eff, who, "数值、写明哪些单位", needs_value=True):
            return previous
        self.impose(game, item, "buff_bonus", {"value": eff.amount, "target": spec})
        game.trace.add("change", f"{who}：本回合内，{describe(spec.filter)} 的每个增益额外 +{eff.amount} 战力（每个增益通常为 +1）。",
                       rules=("703",))
        return previous
