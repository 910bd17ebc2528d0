"""Values of the card-ability language: the numbers an effect reads when it resolves (a constant,
X, the source's Might, the target's Might, a count of matching objects). Each kind is a registered
part; `evaluate` turns an Effect's `value` into the number its kind acts with."""

from __future__ import annotations

from judge.recordtype import replace

from judge.engine.registry import Entry, Registry


class ValueKind(Entry):
    rule = "349"
    takes_filter = False  # `每 <筛选…> <名词>`: the value reads the filter that follows
    reads_previous = False  # the value reads the previous instruction's objects instead of this one's targets
    takes_times = False  # `<数值> 乘 N`: N for each (the count kinds take it too)

    def evaluate(self, game, item, value, targets) -> int:
        raise NotImplementedError


VALUES: Registry[ValueKind] = Registry("数值")


def _source(game, item):
    """The source object as it is now, or None when it left the board (its last known Might then)."""
    oid = getattr(item, "oid", None) or (item.memory or {}).get("oid")
    o = game.objects.get(oid) if oid else None
    return o


def _might(game, o) -> int:
    from judge.engine.layers import might

    return might(game, o)


class Constant(ValueKind):
    id, zh, aliases, rule = "n", ("数字",), ("number",), "349"

    def evaluate(self, game, item, value, targets):
        return value.n


class X(ValueKind):
    """X: the number chosen for the item, kept on it (the amount paid by `支付 任意数额`, 204.3.b)."""

    id, zh, aliases, rule = "x", ("X",), ("x",), "355"

    def evaluate(self, game, item, value, targets):
        return int((item.memory or {}).get("x", 0))


class SourceMight(ValueKind):
    """"equal to my Might": the source's Might as the effect resolves; its last known Might if it is gone."""

    id, zh, aliases, rule = "self_might", ("我的战力",), ("my-might",), "349"

    def evaluate(self, game, item, value, targets):
        o = _source(game, item)
        if o is not None and o.zone == "board":
            return _might(game, o)
        return int((item.memory or {}).get("might", 0))


class TargetMight(ValueKind):
    """"equal to its Might": the (first) object the effect acts on."""

    id, zh, aliases, rule = "target_might", ("其战力", "目标战力"), ("its-might",), "349"

    def evaluate(self, game, item, value, targets):
        return _might(game, targets[0]) if targets else 0


class Count(ValueKind):
    """"for each <filter>": how many objects match, seen from the source (times N with `乘 N`)."""

    id, zh, aliases, rule, takes_filter = "count", ("每",), ("for-each",), "349", True

    def evaluate(self, game, item, value, targets):
        from judge.engine import filters

        # seen with the instruction's targets, for words about where they are (`目标所在处`)
        seen = replace(filters.Seen.of(item.controller, item.memory), objs=tuple(targets))
        return len(filters.select(game, seen, value.filter)) * (value.n or 1)  # `乘 N`: N for each


class TagKinds(ValueKind):
    """"for each of these tags among your units": how many of the tags listed by the filter's `标签为 A/B/…`
    at least one matching object has (`标签种数 你的 标签为 鸟类/猫科/犬形/魄罗 单位`; 133.8.a)."""

    id, zh, aliases, rule, takes_filter = "tag_kinds", ("标签种数",), ("tag-kinds",), "133.8.a", True

    def evaluate(self, game, item, value, targets):
        from judge.engine import filters

        return filters.tag_kinds(game, filters.Seen.of(item.controller, item.memory), value.filter)


class HandSize(ValueKind):
    """"their whole hand": how many cards the player doing the instruction holds as it resolves (422.1)."""

    id, zh, aliases, rule = "hand_size", ("手牌数",), ("hand-size",), "422.1"

    def evaluate(self, game, item, value, targets):
        return len(game.players[item.controller].zones["hand"])


class SourceAssault(ValueKind):
    """"equal to my [Assault]": the total value of the source's Assault instances (807.1.c); its last
    known value if it is gone, else 0."""

    id, zh, aliases, rule = "self_assault", ("我的强攻",), ("my-assault",), "807.1.b.2"

    def evaluate(self, game, item, value, targets):
        o = _source(game, item)
        if o is None or o.zone != "board":
            return 0
        return int(o.has("assault", game) or 0)


class HighestMight(ValueKind):
    """"the highest Might among units you control": 0 when you control none (143.2.b: below 0 counts as 0)."""

    id, zh, aliases, rule = "highest_might", ("你控制的最高战力",), ("highest-might-you-control",), "143.2.b"

    def evaluate(self, game, item, value, targets):
        return max([0] + [_might(game, u) for u in game.units() if u.controller == item.controller])


class Points(ValueKind):
    """"your points": the points of the source's controller (its team's in 2v2), read when used."""

    id, zh, aliases, rule = "points", ("你的分数",), ("your-points",), "194"

    def evaluate(self, game, item, value, targets):
        return game.points_of(item.controller) if item.controller is not None else 0


class HoldPointsThisTurn(ValueKind):
    """"for each point you gained by holding this turn": points its controller gained by holding a
    battlefield this turn (469.2); `乘 N`: N for each."""

    id, zh, aliases, rule = "hold_points", ("本回合你据守获得的分数",), ("points-you-gained-by-holding-this-turn",), "469.2"
    takes_times = True

    def evaluate(self, game, item, value, targets):
        pl = game.players.get(item.controller) if item.controller is not None else None
        turn, n = pl.hold_points if pl is not None else (None, 0)
        return (n if turn == game.turn else 0) * (value.n or 1)


class TrashCount(ValueKind):
    """"the number of cards in your trash": the source controller's trash, read when used."""

    id, zh, aliases, rule = "trash_count", ("你废牌堆的牌数", "你的废牌堆牌数"), ("cards-in-your-trash",), "349"

    def evaluate(self, game, item, value, targets):
        return len(game.players[item.controller].zones["trash"]) if item.controller is not None else 0


class ThatMany(ValueKind):
    """"that many" / "for each … this way": how many objects the previous instruction of the same
    ability acted on (0 when it was declined or not done)."""

    id, zh, aliases, rule = "that_many", ("如此数量",), ("that-many",), "349"

    def evaluate(self, game, item, value, targets):
        return int((item.memory or {}).get("did_count", 0))


class BattlefieldsControlled(ValueKind):
    """"for each battlefield you or your allies control": battlefields whose controller is on the
    source controller's team (190.2.b)."""

    id, zh, aliases, rule = "battlefields_controlled", ("你和盟友控制的战场数",), ("battlefields-you-and-allies-control",), "190.2.b"

    def evaluate(self, game, item, value, targets):
        team = game.teams[item.controller]
        return sum(1 for bf in game.battlefields.values() if bf.controller is not None and game.teams[bf.controller] == team)


class ItsMight(ValueKind):
    """"equal to its Might" where "it" is what the previous instruction acted on ("ready a friendly unit,
    then deal damage equal to its Might"): its Might now, or its last known Might once it left the board."""

    id, zh, aliases, rule, reads_previous = "its_might", ("它的战力",), ("that-units-might",), "349", True

    def evaluate(self, game, item, value, targets):
        if not targets:
            return 0
        o = targets[0]
        last = o.last_might if o.zone != "board" and o.last_might is not None else _might(game, o)
        return max(0, last)


class ItsCost(ValueKind):
    """"equal to its Energy cost" where "it" is the card the previous instruction acted on (a discarded
    card): its printed Energy cost, power ignored (206)."""

    id, zh, aliases, rule, reads_previous = "its_cost", ("它的费用",), ("its-energy-cost",), "206", True

    def evaluate(self, game, item, value, targets):
        return targets[0].card.cost_energy if targets else 0


class OtherBattlefieldsControlled(ValueKind):
    """"for each other battlefield you and your allies control": battlefields controlled by the ability's
    controller or a teammate (190.2.b), not counting the source's own location."""

    id, zh, aliases, rule = "other_battlefields", ("其他友方战场数", "友方控制的其他战场数"), \
        ("other-friendly-battlefields",), "190.2.b"

    def evaluate(self, game, item, value, targets):
        p = item.controller
        here = (item.memory or {}).get("location")
        return sum(1 for bid, bf in game.battlefields.items() if bid != here and bf.controller is not None
                   and game.teams[bf.controller] == game.teams[p])


class ExcessDamage(ValueKind):
    """"equal to that excess damage": the damage the ability's controller assigned beyond lethal to enemy
    units (465.2.c.4) in the combat now ending, or in the last one once it has ended (a conquer trigger
    resolves after the combat, 466.5)."""

    id, zh, aliases, rule = "excess_damage", ("过量伤害", "该过量伤害"), ("excess-damage",), "465.2.c.4"

    def evaluate(self, game, item, value, targets):
        if game.combat is not None:
            return game.combat.excess.get(item.controller, 0)
        return game.combat_results[-1].excess.get(item.controller, 0) if game.combat_results else 0


class CardsPlayedThisTurn(ValueKind):
    """"for each card you've played this turn": the cards its controller played that were finalized this turn,
    a countered one included (419.4.b); the card being played is not yet among them."""

    id, zh, aliases, rule = "cards_played_this_turn", ("本回合你打出的牌数",), ("cards-you-played-this-turn",), "419.4.b"

    def evaluate(self, game, item, value, targets):
        return sum(1 for turn, _oid in game.finalized_cards.get(item.controller, []) if turn == game.turn)


STANDARD = (Constant, X, SourceMight, TargetMight, Count, TagKinds, HandSize, SourceAssault, HighestMight, Points, HoldPointsThisTurn, TrashCount,
            ThatMany, BattlefieldsControlled, ItsMight, ItsCost, OtherBattlefieldsControlled, ExcessDamage,
            CardsPlayedThisTurn)


def register_standard() -> None:
    for cls in STANDARD:
        if cls.id not in VALUES:
            VALUES.register(cls())


def evaluate(game, item, value, targets, previous=()) -> int:
    kind = VALUES.get(value.kind)
    if kind is None:
        return 0
    return kind.evaluate(game, item, value, list(previous) if kind.reads_previous else targets)
