"""Conditions of the card-ability language (`若 <条件>`): on a trigger they are part of its
condition, checked when the event happens (383.2.a.1); on an effect or a static ability they are
checked when it resolves or applies. Each condition is a registered part; `holds` evaluates one
(judge.engine.cards.Condition) seen from its source."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry


class ConditionKind(Entry):
    rule = "383.2.a.1"
    takes_n = False  # `若 <词> N`
    takes_filter = False  # `若 <词> N <筛选…> <名词>`

    def holds(self, game, seen, cond) -> bool:
        raise NotImplementedError


CONDITIONS: Registry[ConditionKind] = Registry("条件")


def _source(game, seen):
    o = game.objects.get(seen.oid) if seen.oid else None
    return o if o is not None and o.zone == "board" else None


class UnitDiedThisTurn(ConditionKind):
    id, zh, aliases = "unit_died_this_turn", ("本回合有单位死亡", "本回合有单位被摧毁"), ("a-unit-died-this-turn",)

    def holds(self, game, seen, cond):
        return game.first_death_turn == game.turn


class Mighty(ConditionKind):
    """"While I'm Mighty": the source's Might is 5 or more (706). A source that left the board (a
    Deathknell's "if I'm Mighty") is judged by the Might noted as it left (808.1.d.3)."""

    id, zh, aliases, rule = "mighty", ("强力", "我强力"), ("mighty",), "706"

    def holds(self, game, seen, cond):
        from judge.engine.layers import might

        o = _source(game, seen)
        if o is None:
            return seen.might is not None and seen.might >= 5
        return o.is_unit and might(game, o) >= 5


class ControlAtLeast(ConditionKind):
    """"If you control N or more <filter>": friendly objects only."""

    id, zh, aliases, takes_n, takes_filter = "control_at_least", ("你控制至少",), ("you-control-at-least",), True, True

    def holds(self, game, seen, cond):
        from judge.engine import filters

        mine = [o for o in filters.select(game, seen, cond.filter)
                if seen.controller is not None and game.teams[o.controller] == game.teams[seen.controller]]
        return len(mine) >= cond.n


class MovedTimes(ConditionKind):
    """"If I moved N times this turn": the source's moves this turn (its current incarnation)."""

    id, zh, aliases, takes_n = "moved_times", ("本回合我移动过",), ("i-moved-this-turn",), True

    def holds(self, game, seen, cond):
        o = _source(game, seen)
        return o is not None and moves_this_turn(game, o) >= cond.n


class TurnAtLeast(ConditionKind):
    """"From your N-th turn on": how many turns the source's controller has started (per player)."""

    id, zh, aliases, takes_n, rule = "turn_at_least", ("你的回合数至少",), ("your-turn-at-least",), True, "302"

    def holds(self, game, seen, cond):
        return player_turns(game, seen.controller) >= cond.n


class TurnBelow(ConditionKind):
    """"Before your N-th turn": the player it is read for has started fewer than N turns (per player;
    `若 你的回合数少于 2` is "in your first turn")."""

    id, zh, aliases, takes_n, rule = "turn_below", ("你的回合数少于", "你的回合数低于"), ("your-turn-below",), True, "302"

    def holds(self, game, seen, cond):
        return seen.controller is not None and player_turns(game, seen.controller) < cond.n


class PointsAtLeast(ConditionKind):
    id, zh, aliases, takes_n, rule = "points_at_least", ("你的分数至少",), ("your-points-at-least",), True, "383.2.a.1"

    def holds(self, game, seen, cond):
        return game.points_of(seen.controller) >= cond.n


class XpAtLeast(ConditionKind):
    """"While you have N or more XP": how a [Level N] ability on a trigger is active (824.1.b.1)."""

    id, zh, aliases, takes_n, rule = "xp_at_least", ("你的经验至少",), ("your-xp-at-least",), True, "824.1.b.1"

    def holds(self, game, seen, cond):
        return game.players[seen.controller].xp >= cond.n


class PaidOptionalCost(ConditionKind):
    """"If you paid the additional cost": the source's optional additional cost (356.2.b.1) was paid
    when it was last played (a spell on the chain, a permanent that entered from that play)."""

    id, zh, aliases, rule = "paid_optional", ("支付了额外费用", "你支付了额外费用"), ("paid-additional-cost",), "356.2.b.1"

    def holds(self, game, seen, cond):
        o = game.objects.get(seen.oid) if seen.oid else None
        return o is not None and o.paid_optional


class SelfBuffed(ConditionKind):
    """"If I have a buff" (426): the source is on the board with a buff."""

    id, zh, aliases, rule = "self_buffed", ("我有增益", "我拥有增益"), ("i-am-buffed",), "426.1"

    def holds(self, game, seen, cond):
        o = _source(game, seen)
        return o is not None and o.buff > 0


class SelfAtBattlefield(ConditionKind):
    """"If I'm at a battlefield": the source is on the board at a battlefield, not in a base."""

    id, zh, aliases, rule = "self_at_battlefield", ("我在战场上", "我位于战场上"), ("i-am-at-a-battlefield",), "364.3.a"

    def holds(self, game, seen, cond):
        o = _source(game, seen)
        return o is not None and o.location not in (None, "base")


class SelfInCombat(ConditionKind):
    """"If I'm in combat": the source occupies the battlefield where a combat is under way and has a combat
    designation, attacker or defender (740.2.c)."""

    id, zh, aliases, rule = "self_in_combat", ("我在战斗中", "我处于战斗中"), ("i-am-in-combat",), "740.2.c"

    def holds(self, game, seen, cond):
        o = _source(game, seen)
        return (o is not None and game.combat is not None and o.location == game.combat.battlefield
                and o.designation in ("attacker", "defender"))


class HandAtMost(ConditionKind):
    """"If you have N or fewer cards in hand"."""

    id, zh, aliases, takes_n, rule = "hand_at_most", ("你的手牌不超过",), ("your-hand-at-most",), True, "364.3.a"

    def holds(self, game, seen, cond):
        return len(game.players[seen.controller].zones["hand"]) <= cond.n


class HandExactly(ConditionKind):
    """"If you have exactly N cards in hand"."""

    id, zh, aliases, takes_n, rule = "hand_exactly", ("你的手牌恰为",), ("your-hand-is-exactly",), True, "383.2.a.1"

    def holds(self, game, seen, cond):
        return len(game.players[seen.controller].zones["hand"]) == cond.n


class ControlExactly(ConditionKind):
    """"If you have exactly N units at battlefields": objects its controller controls that fit the filter."""

    id, zh, aliases, takes_n, takes_filter, rule = "control_exactly", ("你控制恰好",), ("you-control-exactly",), \
        True, True, "383.2.a.1"

    def holds(self, game, seen, cond):
        from judge.engine import filters

        return sum(1 for o in filters.select(game, seen, cond.filter) if o.controller == seen.controller) == cond.n


class RunesAtLeast(ConditionKind):
    """"If you have N or more runes": runes its controller has on the board (ready or exhausted)."""

    id, zh, aliases, takes_n, rule = "runes_at_least", ("你的符文至少",), ("your-runes-at-least",), True, "364.3.a"

    def holds(self, game, seen, cond):
        return sum(1 for o in game.objects.values()
                   if o.zone == "board" and o.card.type == "rune" and o.controller == seen.controller) >= cond.n


class Exists(ConditionKind):
    """"If there is a <filter> …" (any controller), seen from the source: "if there is a ready enemy unit
    here"; on a trigger it is part of its condition (383.2.a.1)."""

    id, zh, aliases, takes_filter = "exists", ("存在",), ("there-is",), True

    def holds(self, game, seen, cond):
        from judge.engine import filters

        return bool(filters.select(game, seen, cond.filter))


class ChampionZoneEmpty(ConditionKind):
    """"If your champion zone has no card": a Chosen Champion may be returned there only then (108.3.c.1)."""

    id, zh, aliases, rule = "champion_zone_empty", ("你的英雄区域为空", "你的英雄区为空"), ("your-champion-zone-is-empty",), \
        "108.3.c.1"

    def holds(self, game, seen, cond):
        return seen.controller is not None and not game.players[seen.controller].zones["champion"]


class OpponentsTurn(ConditionKind):
    """"During an opponent's turn": the turn player is not on the source controller's team (the turn
    player, 304)."""

    id, zh, aliases, rule = "opponents_turn", ("对手的回合",), ("opponents-turn",), "304"

    def holds(self, game, seen, cond):
        return game.teams[game.turn_player] != game.teams[seen.controller]


class ByYou(ConditionKind):
    """"When you <do something> to me" ("when you buff me"): the event was done by the source's
    controller; on a trigger it is part of its condition (383.2.a.1)."""

    id, zh, aliases = "by_you", ("由你", "由你造成"), ("by-you",)

    def holds(self, game, seen, cond):
        return seen.facts is not None and getattr(seen.facts, "player", None) == seen.controller


class YourTurn(ConditionKind):
    """"During your turn": the turn player is on the source controller's team (the turn player, 304)."""

    id, zh, aliases, rule = "your_turn", ("你的回合", "在你的回合中"), ("your-turn",), "304"

    def holds(self, game, seen, cond):
        return seen.controller is not None and game.teams[game.turn_player] == game.teams[seen.controller]


def _event_object(seen):
    """The object of the event a trigger's condition is read against (the card played, …)."""
    return getattr(seen.facts, "obj", None)


def _it(seen):
    """"It": the object the instruction being replaced acts on (370.1.b), else the event's object."""
    objs = getattr(seen, "objs", ())
    return objs[0] if objs else _event_object(seen)


class ItIsAttacking(ConditionKind):
    """"If it is attacking": the object has the Attacker designation (464.2.c.3)."""

    id, zh, aliases, rule = "it_attacking", ("其为进攻方", "它是进攻方"), ("it-is-attacking",), "464.2.c.3"

    def holds(self, game, seen, cond):
        o = _it(seen)
        return o is not None and o.zone == "board" and o.designation == "attacker"


class ItIsStunned(ConditionKind):
    """"If it is (already) stunned": the object is Stunned now (423.1.a)."""

    id, zh, aliases, rule = "it_stunned", ("其已被眩晕", "其眩晕"), ("it-is-stunned",), "423.1.a"

    def holds(self, game, seen, cond):
        o = _it(seen)
        return o is not None and o.stunned


class ControlFacedown(ConditionKind):
    """"If you control a facedown card": a hidden card of your team's is at a battlefield (811)."""

    id, zh, aliases, rule = "control_facedown", ("你控制待命牌", "你控制正面朝下的卡牌"), ("you-control-a-facedown-card",), "811"

    def holds(self, game, seen, cond):
        return seen.controller is not None and any(
            o.zone == "facedown" and o.controller is not None and game.teams[o.controller] == game.teams[seen.controller]
            for o in game.objects.values())


class YourBeginningPhase(ConditionKind):
    """"If it is your Beginning Phase": you are the turn player (304) and the turn is in its Beginning Phase (315.2)."""

    id, zh, aliases, rule = "your_beginning_phase", ("你的开始阶段",), ("your-beginning-phase",), "315.2"

    def holds(self, game, seen, cond):
        return (seen.controller is not None and game.phase == "beginning"
                and game.teams[game.turn_player] == game.teams[seen.controller])


class FriendlyDiedInYourBeginningPhase(ConditionKind):
    """"If a friendly unit died during your Beginning Phase this turn": a unit of your team died this turn
    while the turn was in its Beginning Phase (315.2) and you are the turn player (304)."""

    id, zh, aliases, rule = ("friendly_died_in_your_beginning_phase", ("本回合你的开始阶段有友方单位死亡",
                             "本回合你的开始阶段有友方单位被摧毁"), ("a-friendly-unit-died-in-your-beginning-phase",), "315.2")

    def holds(self, game, seen, cond):
        if seen.controller is None or game.teams[game.turn_player] != game.teams[seen.controller]:
            return False
        return any(t == game.turn and phase == "beginning" and who is not None
                   and game.teams[who] == game.teams[seen.controller] for t, who, phase in game.unit_deaths)


class DidFewer(ConditionKind):
    """"If you couldn't (do N)": the previous instruction acted on fewer than N objects — it was followed
    only as far as possible (359.3.e.11), e.g. fewer runes channeled than it said (430)."""

    id, zh, aliases, takes_n, rule = "did_fewer", ("未能做到", "无法达成"), ("could-not-do",), True, "359.3.e.11"

    def holds(self, game, seen, cond):
        return len(getattr(seen, "objs", ())) < cond.n


class ItIsMighty(ConditionKind):
    """"When you play a Mighty unit": the event's object (the unit played) has Might 5 or more (706)."""

    id, zh, aliases, rule = "it_is_mighty", ("其强力", "该单位强力"), ("it-is-mighty",), "706"

    def holds(self, game, seen, cond):
        from judge.engine.layers import might

        o = _event_object(seen)
        if o is None or not o.is_unit:
            return False
        return (might(game, o) if o.zone == "board" else o.card.might) >= 5


class ItsCostAtLeast(ConditionKind):
    """"When you play a spell that costs N or more": the energy cost printed on the event's card."""

    id, zh, aliases, takes_n, rule = "its_cost_at_least", ("其费用至少",), ("its-cost-at-least",), True, "383.2.a.1"

    def holds(self, game, seen, cond):
        o = _event_object(seen)
        return o is not None and o.card.cost_energy >= cond.n


class ItsPowerAtLeast(ConditionKind):
    """"When you play a card whose power cost is N or more": the power symbols printed in the event's
    card's cost (its domain-specific and generic power, 135.2.e)."""

    id, zh, aliases, takes_n, rule = "its_power_at_least", ("其符能费用至少",), ("its-power-at-least",), True, "135.2.e"

    def holds(self, game, seen, cond):
        o = _event_object(seen)
        return o is not None and o.card.cost_power >= cond.n


class ItIsNot(ConditionKind):
    """"another non-<X> unit": the object of the event (the unit that died, moved, was played) does not
    fit the filter words that follow, read as it was at the event (it may have left the board)."""

    id, zh, aliases, takes_filter = "it_is_not", ("它不是", "其不是"), ("it-is-not",), True

    def holds(self, game, seen, cond):
        from judge.engine.filters import FILTERS

        o = _event_object(seen)
        return o is not None and not all(FILTERS[w].test(game, seen, o, a) for w, a in cond.filter.words)


class ItWas(ConditionKind):
    """"If it was an enemy unit": the previous instruction's object (the unit just killed) fits the filter
    words that follow, read as it last was on the board — its controller then (808.1.d.3) — if it left."""

    id, zh, aliases, takes_filter, rule = "it_was", ("它曾是", "该单位曾是"), ("it-was",), True, "349"

    def holds(self, game, seen, cond):
        from judge.recordtype import replace

        from judge.engine.filters import FILTERS

        objs = getattr(seen, "objs", ())
        if not objs:
            return False
        o = objs[0]
        if o.zone != "board" and o.last_controller is not None:
            o = replace(o, controller=o.last_controller)
        return all(FILTERS[w].test(game, seen, o, a) for w, a in cond.filter.words)


class Legion(ConditionKind):
    """[鼓舞] on an ability: its controller has played a card this turn other than its source (812)."""

    id, zh, aliases, rule = "legion", ("鼓舞",), ("legion",), "812"

    def holds(self, game, seen, cond):
        return any(t == game.turn and oid != seen.oid for t, oid in game.finalized_cards.get(seen.controller, []))


class PlayedThisTurn(ConditionKind):
    """"Only after you've played an Equipment this turn": a card its controller played this turn (419.4.b,
    cards finalized this turn) fits the filter — its card type (the noun) and the words (a tag …), read from
    the card as it is now."""

    id, zh, aliases, takes_filter, rule = "played_this_turn", ("本回合你打出过",), ("you-played-this-turn",), True, "419.4.b"

    def holds(self, game, seen, cond):
        from judge.engine.filters import FILTERS

        flt = cond.filter
        # 友方 ("a friendly gear was played"): any player of the reader's team, whatever the card's zone now
        team = any(w == "friendly" for w, _a in flt.words)
        if seen.controller is None:  # an uncontrolled battlefield's "you" is no one (190.6.d)
            return False
        players = [seen.controller, *game.teammates(seen.controller)] if team else [seen.controller]
        for turn, oid in [e for p in players for e in game.finalized_cards.get(p, [])]:
            o = game.objects.get(oid)
            if turn != game.turn or o is None or (flt.noun in ("unit", "gear", "spell") and o.card.type != flt.noun):
                continue
            if all(FILTERS[w].test(game, seen, o, a) for w, a in flt.words if w != "friendly"):
                return True
        return False


class EnemyDiedThisTurn(ConditionKind):
    """"If an enemy unit died this turn": a unit controlled by an opponent of the reader was killed this turn."""

    id, zh, aliases, rule = "enemy_died_this_turn", ("本回合有敌方单位死亡", "本回合有敌方单位被摧毁"), \
        ("an-enemy-unit-died-this-turn",), "428.1"

    def holds(self, game, seen, cond):
        return seen.controller is not None and any(
            t == game.turn and who is not None and game.teams[who] != game.teams[seen.controller]
            for t, who, _phase in game.unit_deaths)


class NearWin(ConditionKind):
    """"If you're within N points of the Victory Score": its reader's points (its team's in 2v2) are N or
    fewer short of it (194.3.a)."""

    id, zh, aliases, takes_n, rule = "near_win", ("你距离胜利不超过",), ("you-within-of-winning",), True, "194.3.a"

    def holds(self, game, seen, cond):
        from judge.engine.statics import victory_score

        return seen.controller is not None and victory_score(game) - game.points_of(seen.controller) <= cond.n


class OpponentNearWin(ConditionKind):
    """"If an opponent is N or fewer points from the Victory Score" (194.3.a)."""

    id, zh, aliases, takes_n, rule = "opponent_near_win", ("对手距离胜利不超过",), ("opponent-within-of-winning",), \
        True, "194.3.a"

    def holds(self, game, seen, cond):
        from judge.engine.statics import victory_score

        goal = victory_score(game)
        return seen.controller is not None and any(
            game.teams[p] != game.teams[seen.controller] and goal - game.points_of(p) <= cond.n for p in game.order)


class ItIsAlone(ConditionKind):
    """"When a friendly unit attacks or defends alone": the event's unit has no other friendly unit at its
    location (740.2.a), read when the event happens."""

    id, zh, aliases, rule = "it_alone", ("其落单", "该单位落单"), ("it-is-alone",), "740.2.a"

    def holds(self, game, seen, cond):
        from judge.engine.filters import _alone

        o = _event_object(seen)
        return o is not None and _alone(game, o)


class AttackingWithAnother(ConditionKind):
    """"If I attack a battlefield together with another unit": the source is an attacker (464.2.c.3) and
    another unit at its battlefield is one too."""

    id, zh, aliases, rule = "attacking_with_another", ("我和其他单位一起进攻",), ("i-attack-with-another-unit",), "464.2.c.3"

    def holds(self, game, seen, cond):
        o = _source(game, seen)
        return o is not None and o.designation == "attacker" and any(
            u is not o and u.designation == "attacker" and u.location == o.location for u in game.units())


class InShowdown(ConditionKind):
    """"During a showdown": a showdown (or a combat, whose showdown it is) is in progress (307: the turn's state)."""

    id, zh, aliases, rule = "in_showdown", ("法术对决期间", "法术对决中"), ("during-a-showdown",), "307"

    def holds(self, game, seen, cond):
        return game.showdown is not None


class OpponentControlsBattlefield(ConditionKind):
    """"If an opponent controls a battlefield": any battlefield is controlled by a player not on the
    source controller's team (190.2.b)."""

    id, zh, aliases, rule = "opponent_controls_battlefield", ("对手控制战场", "对手控制任意战场"), \
        ("an-opponent-controls-a-battlefield",), "190.2.b"

    def holds(self, game, seen, cond):
        return seen.controller is not None and any(
            b.controller is not None and game.teams[b.controller] != game.teams[seen.controller]
            for b in game.battlefields.values())


class DiscardedThisTurn(ConditionKind):
    """"If you discarded a card this turn": the source's controller discarded at least one card (422.1)."""

    id, zh, aliases, rule = "discarded_this_turn", ("你本回合弃置过", "你本回合弃置过手牌"), \
        ("you-discarded-this-turn",), "422.1"

    def holds(self, game, seen, cond):
        return game.discards.get((seen.controller, game.turn), 0) > 0


class SelfAloneInCombat(ConditionKind):
    """"If I'm attacking or defending alone": the source is an attacker or a defender (464.2.c.3) with no
    other friendly unit at its location (740.2.a)."""

    id, zh, aliases, rule = "self_alone_in_combat", ("我独自进攻或防守",), ("i-attack-or-defend-alone",), "740.2.a"

    def holds(self, game, seen, cond):
        from judge.engine.filters import _alone

        o = _source(game, seen)
        return o is not None and o.designation in ("attacker", "defender") and _alone(game, o)


class TagKindsAtLeast(ConditionKind):
    """"If your units have (all of) these tags": at least N of the tags the filter lists (`标签为 A/B/…`) are
    each on some object matching the rest of the filter (`若 标签种数至少 4 你的 标签为 鸟类/猫科/犬形/魄罗 单位`;
    133.8.a)."""

    id, zh, aliases, rule, takes_n, takes_filter = ("tag_kinds_at_least", ("标签种数至少",), ("tag-kinds-at-least",),
                                                    "133.8.a", True, True)

    def holds(self, game, seen, cond):
        from judge.engine import filters

        return filters.tag_kinds(game, seen, cond.filter) >= cond.n


class DiedAlone(ConditionKind):
    """"If I was alone when I died" (a Deathknell's condition): whether the source had no other friendly
    unit at its location (740.2.a), as noted before it moved to the trash (808.1.d.3) — units dying with
    it still counted; on the board, whether it is alone now."""

    id, zh, aliases, rule = "died_alone", ("我被摧毁时落单",), ("i-was-alone-when-i-died",), "808.1.d.3"

    def holds(self, game, seen, cond):
        from judge.engine.filters import _alone

        if seen.alone is not None:
            return seen.alone
        o = _source(game, seen)
        return o is not None and _alone(game, o)


class SelfOneOnOne(ConditionKind):
    """"When I attack or defend one on one": the source is an attacker or a defender (464.2.c.3), alone, and
    the one enemy unit at its location is alone too (740.2.b)."""

    id, zh, aliases, rule = "self_one_on_one", ("我一对一", "我一对一进攻或防守"), ("i-am-one-on-one",), "740.2.b"

    def holds(self, game, seen, cond):
        from judge.engine.filters import _alone

        o = _source(game, seen)
        if o is None or o.designation not in ("attacker", "defender") or not _alone(game, o):
            return False
        enemies = [u for u in game.units() if u.location == o.location and game.teams[u.controller] != game.teams[o.controller]]
        return len(enemies) == 1 and _alone(game, enemies[0])


class IfYouDo(ConditionKind):
    """"If you do" / "to …" (以此): the previous instruction of the same ability was done — not declined
    ("you may"), and it acted on something (a kill with no legal target, a recycle of nothing is not done)."""

    id, zh, aliases, rule = "if_you_do", ("如此做", "你如此做"), ("if-you-do",), "349"

    def holds(self, game, seen, cond):
        return bool(seen.did)


class ItMatches(ConditionKind):
    """"When you play a Dragon unit": the event's object (the card played, the unit that entered) fits a
    filter (`若 其为 标签为 龙 单位`), checked when the event happens (383.2.a.1); a unit the event took
    off the board is read as it was then ("when you kill a stunned enemy unit")."""

    id, zh, aliases, takes_filter = "it_matches", ("其为", "该单位为"), ("it-is",), True

    def holds(self, game, seen, cond):
        from judge.engine import filters

        o = getattr(seen.facts, "seen", None) or _event_object(seen)
        return o is not None and filters.matches(game, seen, cond.filter, o)


class ExcessDamageAtLeast(ConditionKind):
    """"If you assigned N or more excess damage to enemy units": in the combat now ending, the damage
    the source's controller assigned beyond what was lethal to each enemy unit (465.2.c.4) totals N or
    more; outside a combat (a conquer by moving in) there is none."""

    id, zh, aliases, takes_n, rule = "excess_damage_at_least", ("你分配的过量伤害至少", "过量伤害至少"), \
        ("excess-damage-at-least",), True, "465.2.c.4"

    def holds(self, game, seen, cond):
        cb = game.combat
        return cb is not None and seen.controller is not None and cb.excess.get(seen.controller, 0) >= cond.n





class TargetsInclude(ConditionKind):
    """"When you play a spell that targets <filter>": one of the targets chosen for the card played
    (355.7) still is that object and matches the filter."""

    id, zh, aliases, takes_filter, rule = "targets_include", ("其目标包括", "它的目标包括"), ("it-targets",), True, "355.7"

    def holds(self, game, seen, cond):
        from judge.engine import filters

        for oid, inc in getattr(seen.facts, "targets", ()):
            t = game.objects.get(oid)
            if t is not None and t.incarnation == inc and filters.matches(game, seen, cond.filter, t):
                return True
        return False


class TotalMightAtLeast(ConditionKind):
    """"If the total Might of <filter> is N or more" (`若 总战力至少 5 其他 你的 单位`)."""

    id, zh, aliases, takes_n, takes_filter = "total_might_at_least", ("总战力至少",), ("total-might-at-least",), True, True

    def holds(self, game, seen, cond):
        from judge.engine import filters
        from judge.engine.layers import might

        return sum(max(0, might(game, o)) for o in filters.select(game, seen, cond.filter)) >= cond.n


class MightAboveEnemiesThere(ConditionKind):
    """"If my Might is greater than the combined Might of enemy units at a battlefield an opponent controls,
    move me there": the battlefield chosen for the ability's move (355.4) must be controlled by an opponent
    (190.2.b), and the source's Might must exceed its enemy units' total (negative Might counts 0, 143.2.b)."""

    id, zh, aliases, rule = ("might_above_enemies_there", ("我的战力大于所选战场敌方总战力",),
                             ("my-might-above-the-enemies-there",), "143.2.b")

    def holds(self, game, seen, cond):
        from judge.engine.layers import might

        bf = game.battlefields.get(seen.battlefield or "")
        src = _source(game, seen)
        if bf is None or src is None or bf.controller is None or seen.controller is None \
                or game.teams[bf.controller] == game.teams[seen.controller]:
            return False
        total = sum(max(0, might(game, u)) for u in game.units_at(bf.bid)
                    if u.controller is not None and game.teams[u.controller] != game.teams[seen.controller])
        return might(game, src) > total


class GainedXpThisTurn(ConditionKind):
    """"If you gained XP this turn" (730.1)."""

    id, zh, aliases, rule = "gained_xp_this_turn", ("本回合你获得过经验",), ("you-gained-xp-this-turn",), "730.1"

    def holds(self, game, seen, cond):
        return game.players[seen.controller].xp_gained_turn == game.turn


class PlayedFromHand(ConditionKind):
    """"If you played it from your hand": the source was last played from its controller's hand (419.1.a),
    not from a facedown zone or elsewhere."""

    id, zh, aliases, rule = "played_from_hand", ("从手牌打出", "你从手牌打出此牌"), ("played-from-hand",), "419.1.a"

    def holds(self, game, seen, cond):
        o = game.objects.get(seen.oid) if seen.oid else None
        if o is None:
            return False
        # while its cost is being determined (356) the card has not yet left the zone it is played from
        return (o.zone if o.zone not in ("chain", "board") else o.played_from) == "hand"


class SpellPaidThisTurn(ConditionKind):
    """"If you spent N or more energy to play a spell this turn": a spell its controller played this turn
    (finalized, 419.4.b) whose total cost paid had N or more energy (357.1)."""

    id, zh, aliases, takes_n, rule = ("spell_paid_this_turn", ("本回合你为法术支付过至少",), ("spent-on-a-spell-this-turn",),
                                      True, "357.1")

    def holds(self, game, seen, cond):
        return any(turn == game.turn and (o := game.objects.get(oid)) is not None and o.card.type == "spell"
                   and o.paid_energy >= cond.n for turn, oid in game.finalized_cards.get(seen.controller, []))


class PowerSpentThisTurn(ConditionKind):
    """"If you've spent at least [A][A] this turn": the power its controller paid in costs this turn (cards,
    abilities, hiding: 357.1), whatever it paid for."""

    id, zh, aliases, takes_n, rule = ("power_spent_this_turn", ("本回合你花费的符能至少",), ("spent-power-this-turn-at-least",),
                                      True, "357.1")

    def holds(self, game, seen, cond):
        turn, spent = game.players[seen.controller].power_spent if seen.controller in game.players else (None, 0)
        return turn == game.turn and spent >= cond.n


class InCombat(ConditionKind):
    """"When I die in combat": a combat is under way when the event happens (460)."""

    id, zh, aliases, rule = "in_combat", ("战斗中", "在战斗中"), ("in-combat",), "460"

    def holds(self, game, seen, cond):
        return game.combat is not None





class EnergySpentAtLeast(ConditionKind):
    """"When you play a spell, if you spent N or more energy on it": the energy of the total cost paid for
    the event's card in step 4 of playing it (357.1), after every increase and reduction. One condition
    under every spelling ("spent on it", "paid for it")."""

    id, zh, aliases, takes_n, rule = "energy_spent_at_least", ("花费的法力至少", "为其支付的法力至少", "其支付的法力至少"), \
        ("spent-energy-at-least", "paid-energy-at-least"), True, "357.1"

    def holds(self, game, seen, cond):
        o = _event_object(seen)
        return o is not None and o.paid_energy >= cond.n


class ControlsHere(ConditionKind):
    """"a battlefield you control": the battlefield where the source is (for a legend, the one its event
    concerns) is controlled by the source's controller now (190.2.b)."""

    id, zh, aliases, rule = "controls_here", ("此处受你控制", "你控制该战场"), ("you-control-here",), "190.2.b"

    def holds(self, game, seen, cond):
        bf = game.battlefields.get(seen.location or "")
        return bf is not None and seen.controller is not None and bf.controller == seen.controller


class OneOfThem(ConditionKind):
    """"If at least one of them has …": one of the previous instruction's objects (the units chosen)
    fits a filter, as the instruction resolves."""

    id, zh, aliases, takes_filter, rule = "one_of_them", ("其中之一为", "至少一个为"), ("one-of-them-is",), True, "355.7"

    def holds(self, game, seen, cond):
        from judge.engine import filters

        return any(o.zone == "board" and filters.matches(game, seen, cond.filter, o) for o in getattr(seen, "objs", ()))


class ChosenTargetIs(ConditionKind):
    """"If the unit you choose is a Bird, Cat, Dog or Poro, this costs [2] less": a target chosen for the card
    as it is played (355.5) fits a filter, wherever it is (a card in a trash too); read when the cost is
    determined (356), after the targets are chosen."""

    id, zh, aliases, takes_filter, rule = "chosen_target_is", ("所选目标为", "你选择的目标为"), ("the-chosen-target-is",), \
        True, "355.5"

    def holds(self, game, seen, cond):
        from judge.engine import filters

        return any(filters.matches(game, seen, cond.filter, o) for o in getattr(seen, "objs", ()))


STANDARD = (MightAboveEnemiesThere, ItIsAlone, EnemyDiedThisTurn, OpponentNearWin, UnitDiedThisTurn, Mighty, ControlAtLeast, MovedTimes,
            TurnAtLeast, TurnBelow, PointsAtLeast, XpAtLeast, PaidOptionalCost, SelfBuffed, SelfAtBattlefield,
            HandAtMost, RunesAtLeast, Exists, OpponentsTurn, ByYou, YourTurn, ItIsAttacking, ItIsStunned,
            ControlFacedown, YourBeginningPhase, FriendlyDiedInYourBeginningPhase, DidFewer, ItIsMighty, ItsCostAtLeast, ItsPowerAtLeast, Legion,
            AttackingWithAnother, InShowdown, OpponentControlsBattlefield, DiscardedThisTurn, SelfAloneInCombat, SelfOneOnOne, SelfInCombat,
            TagKindsAtLeast, DiedAlone, IfYouDo, ItIsNot, ItMatches, TotalMightAtLeast, GainedXpThisTurn, PlayedFromHand,
            SpellPaidThisTurn, PowerSpentThisTurn, NearWin, InCombat, ExcessDamageAtLeast, TargetsInclude, EnergySpentAtLeast, ControlsHere, ItWas,
            ChosenTargetIs, HandExactly, ControlExactly,
            OneOfThem, PlayedThisTurn, ChampionZoneEmpty)


def register_standard() -> None:
    for cls in STANDARD:
        if cls.id not in CONDITIONS:
            CONDITIONS.register(cls())


def holds(game, seen, cond) -> bool:
    kind = CONDITIONS.get(cond.kind)
    if kind is None or kind.holds(game, seen, cond) == getattr(cond, "negated", False):
        return False
    also = getattr(cond, "also", None)
    return also is None or holds(game, seen, also)


def describe(cond) -> str:
    kind = CONDITIONS.get(cond.kind)
    text = ("非" if getattr(cond, "negated", False) else "") + (kind.display if kind else cond.kind)
    if cond.n:
        text += f" {cond.n}"
    if cond.filter is not None:
        from judge.engine.filters import describe as describe_filter

        text += f" {describe_filter(cond.filter)}"
    if getattr(cond, "also", None) is not None:
        text += f" 且 {describe(cond.also)}"
    return text


def moves_this_turn(game, o) -> int:
    return game.moves.get((o.oid, o.incarnation, game.turn), 0)


def player_turns(game, player: str) -> int:
    """Turns `player` has started so far, players taking turns in `game.order` from turn 1."""
    idx = game.order.index(player)
    done = game.turn - 1 - idx
    return 0 if done < 0 else done // len(game.order) + 1
