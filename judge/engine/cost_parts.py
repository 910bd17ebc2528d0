"""Non-standard cost parts (357.2): what a card's additional cost or an ability's cost asks besides
energy and power (those are the `costs.Cost` both paths total and pay from the rune pool). Each part
is a registered entry (id, Chinese spellings, English aliases, rule) with three hooks — the objects
that could pay it, a check before anything changes (a cost that can't be completed can't be paid:
414.4, 416.3, 422.3; the whole play is then illegal, 358.2), and paying it. Playing a card
(judge.engine.playing) and activating an ability (judge.engine.activating) use the same parts.

A card lists them as `CardDef.extra_costs`, an ability as `Activated.costs`: (part id, N)."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.registry import Entry, Registry
from judge.trace.events import Change


class CostPart(Entry):
    rule = "357.2"
    counted = False  # written with a number N (discard 2, spend 3 XP)
    picks = False  # the player chooses which objects pay it

    def options(self, game, player, source) -> list:
        """Objects that could pay this part (for parts the player picks)."""
        return []

    def needed(self, n: int) -> int:
        return max(1, n) if self.picks else 0

    def check(self, game, player, source, n: int, picked: list) -> None:
        """Raise IllegalAction if the part can't be paid with these picks (nothing has changed yet)."""
        if self.picks:
            opts = self.options(game, player, source)
            bad = [o for o in picked if o not in opts]
            if bad:
                raise IllegalAction(f"{bad[0].label()} 不能用来支付“{self.describe(n)}”。", self.rule)
            if len(picked) != self.needed(n):
                raise IllegalAction(f"“{self.describe(n)}”需要 {self.needed(n)} 个对象，只有 {len(picked)} 个可用。",
                                    self.rule)

    def pay(self, game, player, source, n: int, picked: list, what: str = "费用") -> None:
        raise NotImplementedError

    def describe(self, n: int) -> str:
        return f"{self.display} {n}" if self.counted else self.display


COST_PARTS: Registry[CostPart] = Registry("费用项")


class ExhaustSelf(CostPart):
    """[E]: exhaust the source; an exhausted source can't pay it (414.4)."""

    id, zh, aliases, rule = "exhaust", ("休眠", "使我休眠"), ("exhaust",), "414.4"

    def check(self, game, player, source, n, picked):
        if source.exhausted:
            raise IllegalAction(f"{source.label()} 已经休眠，无法支付“使其休眠”的费用。", "414.4")

    def pay(self, game, player, source, n, picked, what="费用"):
        source.exhausted = True
        game.trace.add("step", f"支付费用：使 {source.label()} 休眠。", rules=("404.1", "414.4"),
                       changes=[Change(source.label(), "状态", "活跃", "休眠")])


class KillSelf(CostPart):
    """Kill the source itself ("kill this: …"): it must still be on the board to pay it (357.2, 428)."""

    id, zh, aliases, rule = "kill_self", ("摧毁此牌", "摧毁我"), ("kill-this",), "357.2"

    def check(self, game, player, source, n, picked):
        if source.zone != "board":
            raise IllegalAction(f"{source.label()} 不在场上，无法支付“摧毁此牌”的费用。", "357.2")

    def pay(self, game, player, source, n, picked, what="费用"):
        from judge.engine import effects

        game.trace.add("step", f"支付{what}：{player} 摧毁 {source.label()}。", rules=("357.2", "428"))
        effects.kill(game, [source], who=f"{player} 作为费用", by=player, via="cost")


class KillFriendly(CostPart):
    """Kill a friendly unit: paid when killed; a replaced death still paid it (357.2.a; FAQ C-L588)."""

    id, zh, aliases, rule, picks = "kill_friendly", ("摧毁友方单位", "摧毁一名友方单位"), ("kill-friendly",), "357.2", True

    def options(self, game, player, source):
        return [u for u in game.units() if game.teams[u.controller] == game.teams[player]]

    def pay(self, game, player, source, n, picked, what="费用"):
        from judge.engine import effects

        for u in picked:
            game.trace.add("step", f"步骤4 支付{what}：{player} 摧毁 {u.label()}。", rules=("357.2",), faq=("C-L588",))
            effects.kill(game, [u], who=f"{player} 作为费用", by=player, via="cost")
            state = "已被摧毁" if u.zone != "board" else "死亡被替换、仍在场上"
            game.trace.add("step", f"{what}已支付（{u.label()} {state}）。", rules=("357.2.a",), faq=("C-L588",))


class KillYoursHere(KillFriendly):
    """Kill a unit you control at the source's location ("kill a unit you control here", 357.2)."""

    id, zh, aliases = "kill_yours_here", ("摧毁此处你的单位", "摧毁此处你控制的单位"), ("kill-your-unit-here",)

    def options(self, game, player, source):
        where = getattr(source, "location", None)
        return [u for u in game.units() if u.controller == player and where is not None and u.location == where]


class KillFriendlyMighty(KillFriendly):
    """Kill a friendly Mighty unit (706: Might 5 or more)."""

    id, zh, aliases = "kill_friendly_mighty", ("摧毁友方强力单位", "摧毁一名友方强力单位"), ("kill-friendly-mighty",)

    def options(self, game, player, source):
        from judge.engine.layers import might

        return [u for u in super().options(game, player, source) if might(game, u) >= 5]


class KillFriendlyUnitOrGear(CostPart):
    """Kill a friendly unit or gear (357.2): either kind of friendly permanent pays it."""

    id, zh, aliases, rule, picks = ("kill_friendly_unit_or_gear", ("摧毁友方单位或装备", "摧毁一个友方单位或装备"),
                                    ("kill-friendly-unit-or-gear",), "357.2", True)

    def options(self, game, player, source):
        return [o for o in game.board() if o.card.type in ("unit", "gear") and game.teams[o.controller] == game.teams[player]]

    def pay(self, game, player, source, n, picked, what="费用"):
        from judge.engine import effects

        game.trace.add("step", f"支付{what}：{player} 摧毁 {'、'.join(o.label() for o in picked)}。", rules=("357.2",))
        effects.kill(game, picked, who=f"{player} 作为费用", by=player, via="cost")


class KillFriendlyGear(CostPart):
    """Kill a friendly gear (357.2; killing a gear puts it in its owner's trash, 428)."""

    id, zh, aliases, rule, picks = "kill_friendly_gear", ("摧毁友方装备", "摧毁一件友方装备"), ("kill-friendly-gear",), "357.2", True

    def options(self, game, player, source):
        return [o for o in game.board() if o.card.type == "gear" and game.teams[o.controller] == game.teams[player]]

    def pay(self, game, player, source, n, picked, what="费用"):
        from judge.engine import effects

        game.trace.add("step", f"步骤4 支付{what}：{player} 摧毁 {'、'.join(o.label() for o in picked)}。", rules=("357.2",))
        effects.kill(game, picked, who=f"{player} 作为费用", by=player, via="cost")


class ReturnFriendlyGear(CostPart):
    """Return a friendly gear to its owner's hand (056.2; it becomes a new object, 124.1)."""

    id, zh, aliases, rule, picks = ("return_friendly_gear", ("友方装备回到手牌", "让一件友方装备回到手牌"),
                                    ("return-friendly-gear",), "357.2", True)

    def options(self, game, player, source):
        return [o for o in game.board() if o.card.type == "gear" and o.controller == player]

    def pay(self, game, player, source, n, picked, what="费用"):
        from judge.engine import zones

        changes = [zones.put_in_zone(game, o, "hand") for o in picked]
        game.trace.add("step", f"步骤4 支付{what}：{'、'.join(o.label() for o in picked)} 回到其所有者的手牌。",
                       rules=("357.2", "056.2"), changes=changes)


class ReturnYoursHere(ReturnFriendlyGear):
    """Return a unit you control at the source's location to its owner's hand (056.2)."""

    id, zh, aliases = "return_yours_here", ("此处你的单位回到手牌", "让此处你的单位回到手牌"), ("return-your-unit-here",)

    def options(self, game, player, source):
        where = getattr(source, "location", None)
        return [u for u in game.units() if u.controller == player and where is not None and u.location == where]


class ExhaustFriendly(CostPart):
    """Exhaust a friendly unit: a ready one (an exhausted unit can't pay it, 414.4)."""

    id, zh, aliases, rule, picks = ("exhaust_friendly", ("使一名友方单位休眠", "休眠友方单位"), ("exhaust-friendly",),
                                    "414.4", True)

    def options(self, game, player, source):
        return [u for u in game.units() if u.controller == player and not u.exhausted]

    def pay(self, game, player, source, n, picked, what="费用"):
        for u in picked:
            u.exhausted = True
        game.trace.add("step", f"步骤4 支付{what}：使 {'、'.join(u.label() for u in picked)} 休眠。", rules=("357.2", "414.4"),
                       changes=[Change(u.label(), "状态", "活跃", "休眠") for u in picked])


class ExhaustLegend(CostPart):
    """Exhaust your legend: the one in your legend zone (no choice, 355.10.d), ready; an exhausted
    legend can't pay it (414.4)."""

    id, zh, aliases, rule = "exhaust_legend", ("使你的传奇休眠", "休眠你的传奇"), ("exhaust-your-legend",), "414.4"

    def _legend(self, game, player):
        return next((o for o in game.objects.values() if o.zone == "legend" and o.controller == player), None)

    def check(self, game, player, source, n, picked):
        legend = self._legend(game, player)
        if legend is None or legend.exhausted:
            why = "没有传奇" if legend is None else f"{legend.label()} 已经休眠"
            raise IllegalAction(f"{player} {why}，无法支付“使你的传奇休眠”。", "414.4")

    def pay(self, game, player, source, n, picked, what="费用"):
        legend = self._legend(game, player)
        legend.exhausted = True
        game.trace.add("step", f"支付{what}：{player} 使其传奇 {legend.label()} 休眠。", rules=("357.2", "414.4"),
                       changes=[Change(legend.label(), "状态", "活跃", "休眠")])


class SpendBuff(CostPart):
    """Spend a buff of a friendly unit (702.2): a unit without a buff can't pay it."""

    id, zh, aliases, rule, picks = "spend_buff", ("消耗增益", "消耗一个增益"), ("spend-buff",), "701", True

    def options(self, game, player, source):
        return [u for u in game.units() if u.controller == player and u.buff]

    def pay(self, game, player, source, n, picked, what="费用"):
        for u in picked:
            u.buff -= 1  # one buff is spent (702.2.b)
        game.trace.add("step", f"支付费用：消耗 {'、'.join(u.label() for u in picked)} 的增益。", rules=("701",),
                       changes=[Change(u.label(), "增益", u.buff + 1, u.buff) for u in picked])
        from judge.engine import effects

        effects.buffs_spent(game, picked, player)


class SpendOwnBuff(CostPart):
    """Spend my buff: the source's own buff; without one it can't be paid (702.2.b.1)."""

    id, zh, aliases, rule = "spend_own_buff", ("消耗我的增益",), ("spend-my-buff",), "702.2.b.1"

    def check(self, game, player, source, n, picked):
        if source is None or not source.buff:
            raise IllegalAction(f"{source.label() if source is not None else '来源'} 没有增益，无法支付“消耗我的增益”。",
                                "702.2.b.1")

    def pay(self, game, player, source, n, picked, what="费用"):
        source.buff -= 1
        game.trace.add("step", f"支付费用：消耗 {source.label()} 的增益。", rules=("702.2.b",),
                       changes=[Change(source.label(), "增益", source.buff + 1, source.buff)])
        from judge.engine import effects

        effects.buffs_spent(game, [source], player)


class DiscardCards(CostPart):
    """Discard N: N cards of your hand, or it can't be paid (422.3)."""

    id, zh, aliases, rule, counted, picks = "discard", ("弃牌", "弃置手牌"), ("discard",), "422.3", True, True

    def options(self, game, player, source):
        return [game.objects[o] for o in game.players[player].zones["hand"] if o != source.oid]

    def pay(self, game, player, source, n, picked, what="费用"):
        from judge.engine import zones

        zones.discard(game, player, picked, who="支付费用", via="cost")


class _FromTrash(CostPart):
    """A cost paid with cards of your trash other than the card being played."""

    def options(self, game, player, source):
        return [game.objects[o] for o in game.players[player].zones["trash"] if o != source.oid]


class RecycleFromTrash(_FromTrash):
    """Recycle N cards from your trash to the bottom of your main deck (416.1.a), or it can't be paid (416.3)."""

    id, zh, aliases, rule, counted, picks = ("recycle_trash", ("从废牌堆回收", "回收废牌堆的牌"), ("recycle-from-trash",),
                                             "416.3", True, True)

    def pay(self, game, player, source, n, picked, what="费用"):
        from judge.engine import zones
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        changes = [zones.put_in_zone(game, o, "deck", rules=("416.1",)) for o in picked]
        game.trace.add("step", f"支付费用：{player} 从废牌堆回收 {'、'.join(o.label() for o in picked)}（置于主牌堆底）。",
                       rules=("416.3",), changes=changes)
        triggered.fire(game, EventFacts("recycle", player=player, amount=len(picked), origin="trash", dest="deck",
                                        via="cost"))


class RecycleUnitFromTrash(RecycleFromTrash):
    """Recycle N units from your trash (416.1.a; 416.3: without enough units it can't be paid)."""

    id, zh, aliases = "recycle_trash_unit", ("从废牌堆回收单位", "回收废牌堆的单位"), ("recycle-unit-from-trash",)

    def options(self, game, player, source):
        return [o for o in super().options(game, player, source) if o.card.type == "unit"]


class BanishFromTrash(_FromTrash):
    """Banish N cards from your trash (427.1)."""

    id, zh, aliases, rule, counted, picks = ("banish_trash", ("从废牌堆放逐", "放逐废牌堆的牌"), ("banish-from-trash",),
                                             "427.1", True, True)

    def pay(self, game, player, source, n, picked, what="费用"):
        from judge.engine import zones

        changes = [zones.put_in_zone(game, o, "banishment", rules=("427.1",)) for o in picked]
        game.trace.add("step", f"支付费用：{player} 从废牌堆放逐 {'、'.join(o.label() for o in picked)}。",
                       rules=("427.1",), changes=changes)


class SpendXp(CostPart):
    """Spend N XP (730.2); a player with fewer can't pay it."""

    id, zh, aliases, rule, counted = "spend_xp", ("消耗经验",), ("spend-xp",), "730.2", True

    def check(self, game, player, source, n, picked):
        if game.players[player].xp < n:
            raise IllegalAction(f"{player} 只有 {game.players[player].xp} 点经验，无法消耗 {n} 点。", "730.2")

    def pay(self, game, player, source, n, picked, what="费用"):
        pl = game.players[player]
        before = pl.xp
        pl.xp -= n
        game.trace.add("step", f"支付费用：{player} 消耗 {n} 点经验。", rules=("730.2",),
                       changes=[Change(player, "经验", str(before), str(pl.xp))])


def parts_of_card(card) -> list[tuple[CostPart, int]]:
    """A card's additional costs (356.2.a: mandatory ones), the legacy kill flag included."""
    out = [(COST_PARTS[pid], n) for pid, n in getattr(card, "extra_costs", ())]
    if card.extra_kill:
        out.insert(0, (COST_PARTS["kill_friendly"], 1))
    return out


def parts_of_ability(ab) -> list[tuple[CostPart, int]]:
    """An activated ability's non-standard costs, [E] (exhaust) first as it is written."""
    out = [(COST_PARTS["exhaust"], 0)] if ab.exhaust else []
    return out + [(COST_PARTS[pid], n) for pid, n in getattr(ab, "costs", ())]


def parts_of_trigger(trig) -> list[tuple[CostPart, int]]:
    """A triggered ability's cost within its instructions (403.1.b.1) besides energy and power."""
    return [(COST_PARTS[pid], n) for pid, n in getattr(trig, "costs", ())]


def choose(game, player, source, parts, named: list, rule: str = "357.2",
           only_way: bool = False) -> list[tuple[CostPart, int, list]]:
    """Which objects pay each part: the ones the action named (in order, part by part), else (auto mode)
    the first possible ones, or (`only_way`, a triggered ability's cost) the only ones that can pay it; checked before anything is paid (358.2). Nothing possible: it can't be paid."""
    plan, rest = [], list(named)
    for part, n in parts:
        picked = []
        if part.picks:
            need = part.needed(n)
            opts = part.options(game, player, source)
            mine = [o for o in rest if o in opts][:need]
            if mine:
                picked = mine
                rest = [o for o in rest if o not in mine]
            elif len(opts) < need:
                picked = opts  # not enough to complete it: it can't be paid (the check says why)
            elif rest:
                raise IllegalAction(f"{rest[0].label()} 不能用来支付“{part.describe(n)}”；可选："
                                    f"{'、'.join(o.label() for o in opts)}。", part.rule)
            elif only_way and len(opts) == need:
                picked = opts  # a triggered ability's cost with one way to pay it (its script can't name one)
                game.trace.add("step", f"只能用 {'、'.join(o.label() for o in picked)} 支付“{part.describe(n)}”。", rules=(rule,))
            elif game.choices.auto:
                picked = opts[:need]
                game.trace.add("auto", f"（自动选择）用 {'、'.join(o.label() for o in picked)} 支付“{part.describe(n)}”。")
            else:
                raise IllegalAction(f"须写明用哪些对象支付“{part.describe(n)}”（写作“作为费用 对象…”）；可选："
                                    f"{'、'.join(o.label() for o in opts)}。", rule)
        part.check(game, player, source, n, picked)
        plan.append((part, n, picked))
    if rest:
        raise IllegalAction(f"{rest[0].label()} 不能用来支付这些费用。", "357.2")
    return plan


def pay_all(game, player, source, plan, what: str = "费用") -> None:
    for part, n, picked in plan:
        part.pay(game, player, source, n, picked, what)


def describe(plan) -> list[str]:
    """One line per part for the total-cost step of the trace."""
    return [part.describe(n) + (f" {'、'.join(o.label() for o in picked)}" if picked else "") for part, n, picked in plan]


STANDARD = (ExhaustSelf, KillFriendly, SpendBuff, DiscardCards, RecycleFromTrash, BanishFromTrash, SpendXp,
            KillFriendlyMighty, KillFriendlyGear, ReturnFriendlyGear, ExhaustFriendly, KillSelf, RecycleUnitFromTrash,
            SpendOwnBuff, KillFriendlyUnitOrGear, KillYoursHere,
            ReturnYoursHere, ExhaustLegend)
