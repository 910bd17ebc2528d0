"""Trait-altering effects (477.1): a unit becomes a copy of another (477.1.b) or gains a tag (477.1.a);
a battlefield is replaced by a battlefield token that keeps its statuses (438.1, 438.1.a)."""

from __future__ import annotations

from judge.recordtype import replace

from judge.engine.instructions import EffectKind
from judge.trace.events import Change


class BecomeCopy(EffectKind):
    """'It becomes a copy of a unit': the first unit takes the copyable traits of the second (name,
    types, tags, cost, domain, rules text with its keywords and abilities) and keeps its own Might,
    token nature and state (477.1.b.1; 185.1.a: a token stays a token)."""

    id, zh, aliases, rule = "become_copy", ("变为复制体",), ("become-copy",), "477.1.b.1"
    params = "被复制者：自身（技能的来源）或 所选（之前“选择”的对象）；不写时两名目标依次为复制者与被复制的单位"
    ORIGINALS = {"自身": "self", "self": "self", "所选": "chosen", "chosen": "chosen"}

    def read_args(self, words):
        if not words:
            return {}
        if len(words) == 1 and words[0] in self.ORIGINALS:
            return {"original": self.ORIGINALS[words[0]]}
        raise ValueError(f"效果“{self.display}”只接受“自身”或“所选”（被复制者）。")

    def apply(self, game, item, eff, legal, previous, who):
        which = eff.args.get("original")
        if which is None:
            if len(legal) != 2:
                game.trace.add("step", f"{who}：需要“复制者”与“被复制的单位”两个目标，不执行。", rules=("477.1.b.1",))
                return []
            copiers, original = legal[:1], legal[1]
        else:
            copiers, original = legal, self._original(game, item, which)
            if original is None:
                game.trace.add("step", f"{who}：被复制的对象已不存在，不执行。", rules=("477.1.b.1",))
                return []
        for copier in copiers:
            self._copy(game, copier, original, who)
        return copiers

    @staticmethod
    def _original(game, item, which):
        """The source (its copyable traits as last known if it left the board) or the chosen object."""
        if which == "self":
            return game.objects.get(item.oid)
        from judge.engine.effects_registry.choosing import chosen_objects

        chosen = chosen_objects(game, item)
        return chosen[0] if chosen else None

    @staticmethod
    def _copy(game, copier, original, who):
        before = copier.card.name
        copier.card = replace(original.card, might=copier.card.might, token=copier.card.token,
                                          champion=original.card.champion, pos=copier.card.pos)
        game.trace.add("change", f"{who}：{copier.oid} 变为 {original.label()} 的复制体（名称、类型、标签、费用、特性与规则文本；"
                       "战力与状态不变）。", rules=("477.1.b.1", "185.1.a") if copier.token else ("477.1.b.1",),
                       changes=[Change(copier.oid, "名称", before, copier.card.name)])


class GainTag(EffectKind):
    """'It gains the <tag> tag' / 'choose one of these tags; I gain it': a trait-altering effect (477.1.a),
    with no duration as long as the object stays on the board (a new object has only its printed tags,
    119), or for the duration written. With several tags listed (`鸟类/猫科/犬形/魄罗`) the controller
    chooses one as the instruction resolves (`甲 选择目标 <来源> -> 猫科`)."""

    id, zh, aliases, rule = "gain_tag", ("获得标签",), ("gain-tag",), "477.1.a"
    params = "一个标签，或以 / 分隔的几个标签（结算时由控制者选择其一），可加 本回合"

    def read_args(self, words):
        from judge.engine.effects_registry.common import duration_args

        dur, rest = duration_args(words, default_this_turn=False)
        tags = rest[0].split("/") if len(rest) == 1 else []
        if not tags or not all(tags):
            raise ValueError(f"效果“{self.display}”需要一个标签，或以 / 分隔的几个可选标签（如 鸟类/猫科/犬形/魄罗）。")
        return {"tags": tuple(tags), **dur}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.choices import take_target
        from judge.engine.effects_registry.common import duration_text, lasting
        from judge.engine.state import Modifier

        if not legal:
            return []
        tags = list(eff.args["tags"])
        tag = tags[0]
        if len(tags) > 1:
            picked = [w for w in (take_target(game, item) or []) if w in tags]
            if picked:
                tag = picked[0]
                game.trace.add("choice", f"{who}：{item.controller} 选择标签“{tag}”。", rules=("477.1.a",))
            elif game.choices.auto:
                game.trace.add("auto", f"（自动选择）{who}：{item.controller} 选择标签“{tag}”。", rules=("477.1.a",))
            else:
                game.choices.need("target", item.controller, f"{item.controller} 需要从 {'、'.join(tags)} 中选择一个标签。",
                                  tags, f"{item.controller} 选择目标 {item.source} -> {tags[0]}")
        how = lasting(game, item, eff, default_this_turn=False)
        changes = []
        for o in legal:
            before = "、".join(o.tags) or "无"
            o.modifiers.append(Modifier(tag=tag, **how))
            changes.append(Change(o.label(), "标签", before, "、".join(o.tags)))
        game.trace.add("change", f"{who}：{'、'.join(o.label() for o in legal)} "
                       f"{duration_text(how['until_end_of_turn'], how['source'])}获得标签“{tag}”。", rules=("477.1.a",),
                       changes=changes)
        return legal


class ReplaceBattlefield(EffectKind):
    """'Replace that battlefield with a Brush battlefield token' (438.3): the token takes its place and
    inherits its statuses — control, contested state, units there, what refers to it (438.1, 438.1.a);
    the replaced battlefield goes to banishment as replaced, not banished (438.5, 438.5.a)."""

    id, zh, aliases, rule, targeted, params = "replace_battlefield", ("替换战场",), ("replace-battlefield",), "438.1", \
        False, "指示物战场的名称；-> 战场"

    def read_args(self, words):
        if len(words) != 1:
            raise ValueError(f"效果“{self.display}”需要一个战场指示物的名称（如 草丛），并用“-> 战场”指明被替换的战场。")
        return {"name": words[0]}

    def apply(self, game, item, eff, legal, previous, who):
        memory = item.memory or {}
        bid = eff.dest if eff.dest in game.battlefields else memory.get("location")
        if bid not in game.battlefields:  # a legend's "that battlefield": the one its event concerns
            bid = getattr(memory.get("facts"), "battlefield", None)
        bf = game.battlefields.get(bid or "")
        if bf is None:
            game.trace.add("step", f"{who}：没有指明要替换的战场，不执行。", rules=("438.3",))
            return previous
        before = bf.name
        bf.name = eff.args["name"]
        from judge.engine import battlefields

        # the token is the same game object for what refers to it (438.1.a), with its own abilities
        old = game.objects.pop(battlefields.object_id(bf.bid), None)
        was = game.cards.get(before)
        if was is None or not was.token:  # a replaced token stops existing (438.6); a card waits in banishment
            bf.replaced = (before, old.owner if old is not None else item.controller)
        battlefields.place(game, bf.bid, game.cards.get(bf.name), item.controller)
        game.trace.add("change", f"{who}：{bf.bid}（{before}）被替换为战场指示物“{bf.name}”，继承其控制权、争夺状态与其上的单位；"
                       f"原战场视为被替换（而非放逐）。", rules=("438.1", "438.1.a", "438.5", "438.5.a"),
                       changes=[Change(bf.bid, "战场", before, bf.name)])
        return previous


class SwapBack(EffectKind):
    """'Replace this with the battlefield it replaced' (438.7): the battlefield token stops existing and the
    card it replaced (or that a token it replaced had replaced, 438.7.b.1) returns to its place from
    banishment, inheriting control, contest and the units there (438.7.b); with none, nothing (438.7.c)."""

    id, zh, aliases, rule, targeted = "swap_back", ("换回",), ("swap-back",), "438.7", False

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine import battlefields

        memory = item.memory or {}
        bid = memory.get("location")
        bf = game.battlefields.get(bid or "")
        if bf is None or bf.replaced is None:
            what = bf.label() if bf is not None else "此牌"
            game.trace.add("step", f"{who}：{what} 没有替换过放逐区域中的卡牌，无法换回。", rules=("438.7.c",))
            return previous
        before = bf.name
        name, owner = bf.replaced
        bf.name, bf.replaced = name, None
        game.objects.pop(battlefields.object_id(bf.bid), None)
        battlefields.place(game, bf.bid, game.cards.get(name), owner)
        game.trace.add("change", f"{who}：战场指示物“{before}”不复存在，被它替换的战场“{name}”回到原处，继承其控制权、争夺状态与其上的单位。",
                       rules=("438.7.b",), changes=[Change(bf.bid, "战场", before, name)])
        return previous
