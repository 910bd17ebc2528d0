"""Damage effects: damage equal to a unit's Might (417.6.b.3), damage split among targets (417.1.c,
417.1.d), preventing damage (437) and "can't be damaged" (an effect that makes a unit exempt)."""

from __future__ import annotations

from judge.engine import effects, layers
from judge.engine.instructions import EffectKind
from judge.engine.state import Modifier
from judge.engine.effects_registry.common import duration_args, duration_text, lasting, source_object
from judge.trace.events import Change


class DealMight(EffectKind):
    """'Deal damage equal to my Might': the unit is the source (417.6.b.3), its Might read as the
    instruction is performed; a source no longer on the board deals nothing."""

    id, zh, aliases, rule = "deal_might", ("造成等同于战力的伤害",), ("deal-might",), "417.6.b.3"

    def apply(self, game, item, eff, legal, previous, who):
        src = source_object(game, item)
        if src is None:
            game.trace.add("step", f"{who}：伤害的来源单位已不在场上，不造成伤害。", rules=("417.6.b.3",))
            return []
        amount = layers.might(game, src)
        game.trace.add("step", f"{who}：{src.label()} 的战力为 {amount}，由它作为来源造成等量伤害。", rules=("417.6.b.3",))
        if amount <= 0:
            game.trace.add("step", "战力不大于 0：没有有效伤害可造成。", rules=("417.1.e",))
            return []
        from judge.engine.statics import bonus_damage

        for u in legal:  # Bonus Damage raises what it deals to each target (417.5, 715.2)
            extra = bonus_damage(game, item, u)
            effects.deal(game, [u], amount + extra, who, source=src.label(), by=item.controller,
                         rules=("417.6.b.3",) + (("417.5",) if extra else ()))
        return legal


class DealSplit(EffectKind):
    """'Deal N damage divided as you choose among any number of units': the controller splits the
    amount (scripted `甲 分配伤害 u 2, v 1`), each unit marked separately and all at once (417.1.c, 417.1.d)."""

    id, zh, aliases, rule, amount = "deal_split", ("分配造成伤害",), ("deal-split",), "417.1.d", True

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.statics import split_bonus

        extra = split_bonus(game, item)  # Bonus Damage adds to the amount split (715.3)
        total = eff.amount + extra
        split = self._split(game, item, total, legal)
        if split is None:
            return []
        changes = [c for c in (effects.deal_damage(game, u, n, by_effect=True, by=item.controller) for u, n in split) if c]
        parts = "、".join(f"{u.label()} {n} 点" for u, n in split)
        game.trace.add("change", f"{who}将 {total} 点伤害分配给：{parts}，同时造成。",
                       rules=("417.1.c", "417.1.d") + (("417.5",) if extra else ()), changes=changes)
        return [u for u, _ in split]

    def _split(self, game, item, total, legal):
        p = item.controller
        picked = game.choices.take("assign", p)
        if picked is not None:
            chosen = dict(picked[2])
            by_id = {u.oid: u for u in legal}
            if set(chosen) <= set(by_id) and sum(chosen.values()) == total and all(n >= 0 for n in chosen.values()):
                return [(by_id[k], n) for k, n in chosen.items()]
            game.trace.add("step", f"{p} 的分配不合法（只能分给所选的单位，总数须为 {total}）。", rules=("417.1.d",))
        if not legal:
            return None
        if game.choices.auto or len(legal) == 1:
            # one unit takes everything; else lethal damage in target order, the rest to the last
            out, left = [], total
            for u in legal:
                n = min(left, layers.lethal_needed(game, u)) if u is not legal[-1] else left
                out.append((u, n))
                left -= n
            if len(legal) > 1:
                game.trace.add("auto", f"（自动选择）{p} 按目标顺序分配伤害，每个单位先得到致命伤害。")
            return [(u, n) for u, n in out if n > 0]
        example = f"{p} 分配伤害 " + ", ".join(f"{u.oid} {total if i == 0 else 0}" for i, u in enumerate(legal))
        game.choices.need("assign", p, f"{p} 需要将 {total} 点伤害分配给 {'、'.join(u.label() for u in legal)}。",
                          [u.oid for u in legal], example)


class Prevent(EffectKind):
    """Shielding a unit from its next N damage this turn (437.1.b.1): a Prevent
    Value on the unit that reduces the next damage (437.2) and shrinks by what it prevented (437.3);
    the word 全部 prevents all (437.1.b.1.b)."""

    id, zh, aliases, rule, params = "prevent", ("抵挡伤害",), ("prevent",), "437.1", \
        "全部（抵挡所有伤害）或 下次（抵挡下一次受到的伤害，之后失效）"

    def read_args(self, words):
        dur, rest = duration_args(words)
        nxt = [w for w in rest if w in ("下次", "next-time")]
        rest = [w for w in rest if w not in nxt]
        if any(w not in ("全部", "all") for w in rest) or (rest and nxt):
            raise ValueError(f"效果“{self.display}”只接受“全部”或“下次”，以及持续时间（本回合）。")
        return {"all": bool(rest), "next": bool(nxt), **dur}

    def apply(self, game, item, eff, legal, previous, who):
        if eff.args.get("next"):
            for u in legal:
                u.modifiers.append(Modifier(prevent_next=True, **lasting(game, item, eff)))
            game.trace.add("change", f"{who}：{'、'.join(u.label() for u in legal)} 下一次将受到的伤害被抵挡（本回合；抵挡一次后失效）。",
                           rules=("437.1.b.2", "437.2"),
                           changes=[Change(u.label(), "抵挡", None, "下一次伤害") for u in legal])
            return legal
        value = -1 if eff.args.get("all") else eff.amount
        changes = []
        for u in legal:
            u.modifiers.append(Modifier(prevent=value, **lasting(game, item, eff)))
            changes.append(Change(u.label(), "抵挡值", None, "全部" if value < 0 else value))
        game.trace.add("change", f"{who}：{'、'.join(u.label() for u in legal)} 接下来将受到的"
                       f"{'所有' if value < 0 else f' {value} 点'}伤害被抵挡（本回合）。", rules=("437.1", "437.2"), changes=changes)
        return legal


class NoDamage(EffectKind):
    """'It can't be damaged this turn': damage that would be dealt or assigned to it is not
    dealt (465.2.c.10; FAQ R-L83)."""

    id, zh, aliases, rule = "no_damage", ("不会受到伤害",), ("cant-be-damaged",), "417"

    def read_args(self, words):
        dur, rest = duration_args(words)
        if rest:
            raise ValueError(f"效果“{self.display}”只接受持续时间（本回合、持续）。")
        return dur

    def apply(self, game, item, eff, legal, previous, who):
        how = lasting(game, item, eff)
        for u in legal:
            u.modifiers.append(Modifier(no_damage=True, **how))
        when = duration_text(how["until_end_of_turn"], how["source"])
        game.trace.add("change", f"{who}：{'、'.join(u.label() for u in legal)} {when}无法被造成伤害。",
                       rules=("417",), faq=("R-NO-DAMAGE",),
                       changes=[Change(u.label(), "无法被造成伤害", False, True) for u in legal])
        return legal
