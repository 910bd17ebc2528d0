"""Effects on cards outside the board: discard (422), play a card from another zone (419.3), banish a
card from any zone (427), look at or reveal the top of the main deck (424, 431.1.c) and predict (436:
look at the top cards, recycle any, reorder)."""

from __future__ import annotations

from judge.recordtype import replace

from judge.engine import statics, zones
from judge.engine.chain_items import ChainItem
from judge.engine.choices import DECK_BOTTOM, DECK_TOP
from judge.engine.choices import take_target as take_choice
from judge.engine.instructions import EffectKind
from judge.trace.events import Change

PLAYABLE_ZONES = {"trash": "废牌堆", "banishment": "放逐区域", "deck": "主牌堆", "facedown": "待命区域",
                  "hand": "手牌", "champion": "英雄区域"}


def _choice_for(game, player: str):
    """Reads `player`'s scripted `选择目标 <来源> -> …` for a source object (a static ability's choices)."""
    from types import SimpleNamespace

    return lambda src: take_choice(game, SimpleNamespace(controller=player, source=src.label(), oid=src.oid))


def _chosen(game, item, candidates, n: int, what: str):
    """The cards a player picks among `candidates` (scripted `甲 选择目标 <来源> -> …`), or None
    after asking; with n or fewer candidates there is nothing to choose."""
    p = item.controller
    if len(candidates) <= n:
        return list(candidates)
    picked = take_choice(game, item)
    if picked is not None:
        by_id = {c.oid: c for c in candidates}
        chosen = [by_id[r] for r in picked if r in by_id]
        if len(chosen) == n:
            return chosen
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{p} {what}：选择最后的 {n} 张。")
        return list(candidates[-n:])
    ids = [c.oid for c in candidates]
    game.choices.need("target", p, f"{p} 需要{what}：从 {'、'.join(ids)} 中选择 {n} 张。", ids,
                      f"{p} 选择目标 {item.source} -> {', '.join(ids[:n])}")


class _FromOpponentsHand(EffectKind):
    """An effect on cards of a hand that may be written `对手手牌`: the opponent reveals their hand and the
    effect's controller chooses from it (424.1)."""

    # "choose a non-unit card from it": card types the chosen cards may not be
    _NOT_TYPES = {"非单位牌": "unit", "non-unit-card": "unit", "非法术牌": "spell", "non-spell-card": "spell",
                  "非装备牌": "gear", "non-gear-card": "gear"}

    def read_args(self, words):
        if not words:
            return {}
        words = list(words)
        if words[0] in ("对手手牌", "opponents-hand") and all(w in self._NOT_TYPES for w in words[1:]):
            return {"from_opponent": True, "not_types": tuple(self._NOT_TYPES[w] for w in words[1:])}
        raise ValueError(f"效果“{self.display}”只接受“对手手牌”，其后可加“非单位牌”“非法术牌”或“非装备牌”"
                         f"（如 {self.display} 1 对手手牌 非单位牌）。")


class Discard(_FromOpponentsHand):
    """'Discard N': the player picks N cards of their hand to put in their trash (422.1, 422.1.a); with
    fewer cards in hand, as many as possible (422.4). A scenario action may name the cards."""

    id, zh, aliases, rule, amount, needs_targets = "discard", ("弃牌",), ("discard",), "422.1", True, False

    params = "对手手牌（对手展示手牌，由你从中选择，对手弃置）"

    def accepts(self, game, o):
        return None if o.zone == "hand" else f"{o.label()} 不在手牌中。"

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        if (eff.args or {}).get("from_opponent"):
            return self._from_opponent(game, item, eff, who)
        hand = [game.objects[o] for o in game.players[p].zones["hand"]]
        if legal:
            cards = legal
        else:
            cards = _chosen(game, item, hand, eff.amount, f"弃置 {eff.amount} 张手牌")
            if len(hand) < eff.amount:
                game.trace.add("step", f"{p} 只有 {len(hand)} 张手牌：尽可能弃置，其余的弃牌指示被无视。", rules=("422.4",))
        zones.discard(game, p, cards, who=who, via="spell" if item.kind == "card" else "ability")
        return cards

    def _from_opponent(self, game, item, eff, who):
        """"An opponent reveals their hand; you choose N cards from it; they discard them" (422.1)."""
        picked = from_opponents_hand(game, item, eff.amount, who, "弃置", eff.args.get("not_types", ()))
        if picked:
            zones.discard(game, picked[0].owner, picked, who=who, via="spell" if item.kind == "card" else "ability")
        return picked


def from_opponents_hand(game, item, n: int, who: str, what: str, not_types: tuple = ()) -> list:
    """"Choose an opponent; they reveal their hand; choose N [non-unit] cards from it": as it resolves the
    opponent reveals (424.1) and the controller chooses among the revealed cards that fit (scripted
    `甲 选择目标 <来源> -> 牌`); the cards come from one opponent's hand (not a target: a hand is not
    public, 355.10.a)."""
    p = item.controller
    opponents = [o for o in game.order_from(p) if game.teams[o] != game.teams[p]]
    chosen = (item.memory or {}).get("chosen_player") if isinstance(item.memory, dict) else None
    if chosen in opponents:  # "choose an opponent …": that opponent's hand only (355.9.a)
        opponents = [chosen]
    cards = [game.objects[c] for o in opponents for c in game.players[o].zones["hand"]]
    if not cards:
        game.trace.add("step", f"{who}：对手没有手牌，不{what}。", rules=("359.3.e.11",))
        return []
    fitting = [c for c in cards if c.card.type not in not_types]
    if not fitting:
        for owner in dict.fromkeys(c.owner for c in cards):
            shown = [game.objects[c].label() for c in game.players[owner].zones["hand"]]
            game.trace.add("step", f"{who}：{owner} 展示手牌：{'、'.join(shown)}；其中没有可选择的牌，不{what}。",
                           rules=("424.1", "359.3.e.11"))
        return []
    picked = _chosen(game, item, fitting, n, f"从对手展示的手牌中选择要{what}的牌")
    if not picked:
        return []
    owner = picked[0].owner
    shown = [game.objects[c].label() for c in game.players[owner].zones["hand"]]
    game.trace.add("step", f"{who}：{owner} 展示手牌：{'、'.join(shown)}；{p} 从中选择 "
                   f"{'、'.join(o.label() for o in picked)}。", rules=("424.1",))
    return [o for o in picked if o.owner == owner]


class RecycleFromHand(_FromOpponentsHand):
    """'Recycle N from your hand' (416.6), or, written `对手手牌`, "an opponent reveals their hand, you
    choose N cards from it, they recycle them": each card goes to the bottom of its owner's main deck
    (416.1.a, 416.1.c); as many as possible (416.4). One recycle event."""

    id, zh, aliases, rule, amount, needs_targets = "recycle_hand", ("回收手牌",), ("recycle-from-hand",), "416.1.a", True, False
    params = "对手手牌 [非单位牌]（对手展示手牌，由你从中选择，对手回收）"

    def accepts(self, game, o):
        return None if o.zone == "hand" else f"{o.label()} 不在手牌中。"

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        if (eff.args or {}).get("from_opponent"):
            cards = from_opponents_hand(game, item, eff.amount, who, "回收", eff.args.get("not_types", ()))
        else:
            hand = [game.objects[o] for o in game.players[item.controller].zones["hand"]]
            cards = legal or _chosen(game, item, hand, eff.amount, f"从手牌回收 {eff.amount} 张牌") or []
        if not cards:
            return []
        owner = cards[0].owner
        changes = [zones.put_in_zone(game, o, "deck", rules=("416.1",)) for o in cards]
        game.trace.add("change", f"{who}：{owner} 从手牌回收 {'、'.join(o.label() for o in cards)}（置于其主牌堆底）。",
                       rules=("416.1.a", "416.1.c"), changes=changes)
        triggered.fire(game, EventFacts("recycle", player=owner, amount=len(cards), origin="hand", dest="deck"))
        return cards


def _recycle_from_trash(game, player: str, cards: list, who: str) -> None:
    """Cards of a trash go to the bottom of their owner's main deck (416.1.a, 416.1.c); one recycle event."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    changes = [zones.put_in_zone(game, o, "deck", rules=("416.1",)) for o in cards]
    game.trace.add("change", f"{who}：{player} 从废牌堆回收 {'、'.join(o.label() for o in cards) or '（无）'}（置于主牌堆底）。",
                   rules=("416.1.a", "416.4"), changes=changes)
    if cards:
        triggered.fire(game, EventFacts("recycle", player=player, amount=len(cards), origin="trash", dest="deck"))


class RecycleTrashCards(EffectKind):
    """'Recycle N cards from your trash': the player picks N cards of their trash (scripted `甲 选择目标
    <来源> -> …`); with fewer, as many as possible (416.4)."""

    id, zh, aliases, rule, amount, needs_targets = ("recycle_trash", ("回收废牌堆的卡牌", "从废牌堆回收卡牌"),
                                                    ("recycle-from-trash",), "416.4", True, False)

    def accepts(self, game, o):
        return None if o.zone == "trash" else f"{o.label()} 不在废牌堆中。"

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        if getattr(eff, "target", None) is not None:  # chosen cards ("up to three cards from opponents' trashes"): each owner recycles theirs (416.1.a)
            for owner in game.order_from(game.turn_player):
                if mine := [o for o in legal if o.owner == owner]:
                    _recycle_from_trash(game, owner, mine, who)
            return legal
        trash = [game.objects[o] for o in game.players[p].zones["trash"]]
        cards = legal or _chosen(game, item, trash, eff.amount, f"从废牌堆回收 {eff.amount} 张牌")
        if cards is None:
            return []
        _recycle_from_trash(game, p, cards, who)
        return cards


class RecycleMe(EffectKind):
    """'Recycle me' (a deathknell's card in the trash): the source card goes to the bottom of its owner's
    main deck (416.1.a); a card no longer in the trash is not recycled."""

    id, zh, aliases, rule, targeted = "recycle_me", ("回收我",), ("recycle-me",), "416.1.a", False

    def apply(self, game, item, eff, legal, previous, who):
        src = game.objects.get(getattr(item, "oid", None) or (item.memory or {}).get("oid") or "")
        if src is None or src.zone != "trash" or src.token:
            game.trace.add("step", f"{who}：{item.source} 不在废牌堆中，无法回收。", rules=("416.1",))
            return []
        _recycle_from_trash(game, src.owner, [src], who)
        return [src]


_CARD_TYPES = {"单位牌": "unit", "法术牌": "spell", "装备牌": "gear", "unit-card": "unit", "spell-card": "spell",
               "gear-card": "gear", "单位或装备牌": ("unit", "gear"), "unit-or-gear-card": ("unit", "gear")}


class ReturnFromTrash(EffectKind):
    """'Return N <type> cards from your trash to your hand': the player picks them (scripted `甲 选择目标
    <来源> -> …`); with fewer, as many as there are. A card changing zones is a new object (124.1)."""

    id, zh, aliases, rule, amount, needs_targets = ("trash_to_hand", ("从废牌堆返回手牌",), ("return-from-trash-to-hand",),
                                                    "056.2", True, False)
    params = "可加 单位牌、法术牌、装备牌 或 单位或装备牌（只取该类型的牌）"

    def read_args(self, words):
        if len(words) > 1 or any(w not in _CARD_TYPES for w in words):
            raise ValueError(f"效果“{self.display}”只接受一个卡牌类型：单位牌、法术牌、装备牌或单位或装备牌。")
        return {"type": _CARD_TYPES[words[0]] if words else None}

    def accepts(self, game, o):
        return None if o.zone == "trash" else f"{o.label()} 不在废牌堆中。"

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        kind = eff.args.get("type")
        trash = [game.objects[o] for o in game.players[p].zones["trash"]]
        trash = [o for o in trash if kind is None or o.card.type in (kind if isinstance(kind, tuple) else (kind,))]
        cards = legal or _chosen(game, item, trash, eff.amount, f"从废牌堆选择 {eff.amount} 张牌返回手牌")
        if not cards:
            game.trace.add("step", f"{who}：{p} 的废牌堆中没有可返回的牌。", rules=("056.2",))
            return []
        changes = [zones.put_in_zone(game, o, "hand") for o in cards]
        game.trace.add("change", f"{who}：{'、'.join(o.label() for o in cards)} 从 {p} 的废牌堆返回手牌。",
                       rules=("056.2",), changes=changes)
        return cards


class ReturnToChampionZone(EffectKind):
    """'Return your Chosen Champion from your trash to your champion zone': not by normal means, only by
    such an instruction, and only while no card is already there (108.3.c, 108.3.c.1)."""

    id, zh, aliases, rule = "return_champion", ("返回英雄区域",), ("return-to-champion-zone",), "108.3.c.1"

    def accepts(self, game, o):
        return None if o.zone == "trash" else f"{o.label()} 不在废牌堆中。"

    def apply(self, game, item, eff, legal, previous, who):
        done = []
        for o in legal:
            if o.zone != "trash":
                continue
            if game.players[o.owner].zones["champion"]:
                game.trace.add("step", f"{who}：{o.owner} 的英雄区域已有卡牌，{o.label()} 不能返回英雄区域。",
                               rules=("108.3.c.1",))
                continue
            ch = zones.put_in_zone(game, o, "champion", rules=("108.3.c.1",))
            game.trace.add("change", f"{who}：{o.label()} 从 {o.owner} 的废牌堆返回英雄区域。", rules=("108.3.c.1",),
                           changes=[ch])
            done.append(o)
        return done


class PlayCard(EffectKind):
    """'Play a card from your trash / banishment / the top of your deck / facedown': a Limited play
    (419.3.a) through every step of playing, its cost paid unless the effect says 无视费用 (419.3.b);
    no eligible card: nothing happens (419.3.c). A unit goes to its base or the named destination; `-> 任意战场`
    ("to any battlefield"): the player playing it chooses one as it is played (355.2.b)."""

    id, zh, aliases, rule, params = "play_card", ("打出卡牌",), ("play-card",), "419.3", \
        "无视费用 或 无视法力费用（仍支付符能）；由其拥有者（由卡牌的拥有者而不是控制者打出）；以费用 N [符能 [R]…]（356.1.a）；费用减少 N（356.4）；" \
        "然后回收（离开结算链时改为回收，390.3.a）"

    _WORDS = {"ignore_cost": ("无视费用", "ignoring-cost"), "ignore_energy": ("无视法力费用", "ignoring-energy"),
              "by_owner": ("由其拥有者", "by-its-owner"), "then_recycle": ("然后回收", "then-recycle-it")}
    _FOR = ("以费用", "for-cost")
    _LESS = ("费用减少", "costing-less")

    def read_args(self, words):
        words = list(words)
        for_cost, discount = None, 0
        if any(w in self._LESS for w in words):  # "its cost reduced by [3]" (356.4)
            at = next(i for i, w in enumerate(words) if w in self._LESS)
            if at + 1 >= len(words) or not words[at + 1].isdigit():
                raise ValueError(f"效果“{self.display} 费用减少”之后应为整数（如 费用减少 3）。")
            discount, words = int(words[at + 1]), words[:at] + words[at + 2:]
        if any(w in self._FOR for w in words):  # "play it for [1][R]": its base costs are replaced (356.1.a)
            at = next(i for i, w in enumerate(words) if w in self._FOR)
            for_cost, words = self._read_cost(words[at + 1:]), words[:at]
        if any(all(w not in spellings for spellings in self._WORDS.values()) for w in words):
            raise ValueError(f"效果“{self.display}”只接受“无视费用”“无视法力费用”“由其拥有者”“然后回收”“以费用 N [符能 [R]…]”和“费用减少 N”。")
        return {**{key: any(w in spellings for w in words) for key, spellings in self._WORDS.items()},
                "for_cost": for_cost, **({"discount": discount} if discount else {})}

    def _read_cost(self, words):
        from judge.engine.effects_registry.resources import DOMAIN_WORDS

        energy, syms = 0, []
        for i, w in enumerate(words):
            if i == 0 and w.isdigit():
                energy = int(w)
            elif w in ("符能", "power"):
                continue
            elif w.startswith("[") and (d := DOMAIN_WORDS.get(w.lower())) is not None:
                syms.append(d)
            else:
                raise ValueError(f"效果“{self.display} 以费用”之后应为法力数量与“符能 [R] …”（如 以费用 1 符能 [R]）。")
        return energy, tuple(syms)

    def accepts(self, game, o):
        if o.zone not in PLAYABLE_ZONES or o.card.type in ("rune", "legend", "battlefield"):
            return f"{o.label()} 不是可以由效果打出的卡牌（现在位于{game.location_label(o)}）。"
        return None

    def apply(self, game, item, eff, legal, previous, who):
        by_owner = eff.args.get("by_owner", False)
        cards = [c for c in legal if c.zone in PLAYABLE_ZONES and (by_owner or c.owner == item.controller)]
        if not cards:
            game.trace.add("step", f"{who}：没有符合条件的卡牌可以打出，什么也不发生，结算继续。", rules=("419.3.c",))
            return []
        eff.ignore_cost = eff.args.get("ignore_cost", False)
        return [card for card in cards
                if play_by_effect(game, item, eff, card, card.owner if by_owner else item.controller, who,
                                  ignore_energy=eff.args.get("ignore_energy", False), base=eff.args.get("for_cost"),
                                  discount=eff.args.get("discount", 0))]


def play_by_effect(game, item, eff, card, p: str, who: str, ignore_energy: bool = False, base=None,
                   discount: int = 0) -> bool:
    """Player `p` plays `card` from where it is as an instruction resolves (419.3): its first step only,
    the card pending on the chain (419.3.a); its cost paid unless `eff.ignore_cost` (419.3.b), `base` the
    stated cost that replaces its base costs (356.1.a), `discount` energy off it (356.4). Returns whether it
    was played (a unit with no valid place to go is not)."""
    from judge.engine.costs import effect_play_cost

    from judge.engine import modes

    if modes.has_modes(card.card.effects):
        game.trace.add("step", f"{who}：{card.label()} 需要选择一项；由效果打出并选择模式尚未模拟，不打出。", rules=("419.3",))
        return False
    dest = eff.dest if eff.dest in game.battlefields else "base"
    if card.card.type == "unit" and eff.dest is None:
        dest = _play_location(game, item, p, card, who, also=(eff.args or {}).get("also", ()))  # before paying (355.2, 356)
    elif card.card.type == "unit" and eff.dest == "any_battlefield":
        dest = _play_battlefield(game, item, p, card, who)  # "to any battlefield" (355.2.b)
    elif card.card.type == "unit" and eff.dest == "your_battlefield":
        dest = _play_battlefield(game, item, p, card, who, controlled=True)  # (355.2.a)
        if dest is None:
            return False
    if not effect_play_cost(game, p, card, eff, who, ignore_energy=ignore_energy, base=base, discount=discount):
        return False
    from judge.engine.statics import bind_next_card

    bind_next_card(game, p, card)  # "the next spell you play this turn …" (391)
    where = game.location_label(card)
    card.played_from = card.zone  # where it was played from (419.1.a: not the hand)
    zones_list = game.players[card.owner].zones.get(card.zone)
    if zones_list is not None and card.oid in zones_list:
        zones_list.remove(card.oid)
    if card.zone == "facedown" and card.location in game.battlefields:
        zones.left_facedown(game, card)
    card.zone, card.location = "chain", None
    card.then_recycle = bool((eff.args or {}).get("then_recycle"))  # "then recycle it" (390.3.a)
    game.chain.append(ChainItem(p, card.label(), f"{p} 打出的 {card.label()}（由 {item.source} 打出）", None,
                                {"oid": card.oid, "by_effect": True}, rules=("419.3",), kind="card", oid=card.oid,
                                dest=dest))
    game.trace.add("step", f"{who}：{p} 从{where}打出 {card.label()}，作为待处理项目加入结算链。",
                   rules=("419.3", "419.3.a"), changes=[Change(card.label(), "位置", where, "结算链（待处理）")])
    return True


def _play_location(game, item, player: str, card, who: str, also: tuple = ()) -> str:
    """Where a unit played by an effect that names no location enters: the player playing it chooses a
    valid one (355.2: their base or a battlefield they control, 355.2.a, or one a permission makes
    valid, 355.2.b), scripted `<玩家> 选择目标 <来源> -> <战场|基地>`; with only the base, the base."""
    from types import SimpleNamespace

    from judge.engine.errors import IllegalAction
    from judge.engine.playing import unit_destination

    valid = ["base"]
    for bid in game.battlefields:
        try:
            unit_destination(game, player, card, bid)
            valid.append(bid)
        except IllegalAction:
            continue
    valid += [b for b in also if b in game.battlefields and b not in valid]  # "you may play it here" (355.2.b)
    if len(valid) == 1:
        return "base"
    picked = take_choice(game, SimpleNamespace(controller=player, source=item.source, oid=getattr(item, "oid", None)))
    where = next((w for w in picked or () if w in valid or w in ("基地", "base")), None)
    if where is not None:
        where = "base" if where in ("基地", "base") else where
        game.trace.add("choice", f"{who}：{player} 选择把 {card.label()} 打出到{'基地' if where == 'base' else where}。",
                       rules=("355.2", "355.2.b" if where in also else "355.2.a"))
        return where
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{who}：{player} 把 {card.label()} 打出到基地。", rules=("355.2.a",))
        return "base"
    options = ["基地" if w == "base" else w for w in valid]
    game.choices.need("target", player, f"{player} 需要选择 {card.label()} 打出的位置：{'、'.join(options)}（355.2）。",
                      options, f"{player} 选择目标 {item.source} -> {options[-1]}")
    return "base"


class BanishThis(EffectKind):
    """'Banish this' (a spell's last instruction): the spell card goes from the chain into banishment
    (427.1); having left the chain it finishes resolving and is not put into the trash (359.3.e.15)."""

    id, zh, aliases, rule, targeted, needs_targets = "banish_this", ("放逐此牌",), ("banish-this",), "427.1", False, False

    def apply(self, game, item, eff, legal, previous, who):
        src = game.objects.get(getattr(item, "oid", None) or "")
        if src is None or src.zone != "chain":
            game.trace.add("step", f"{who}：{item.source} 已不在结算链上，无法放逐此牌。", rules=("427.1",))
            return []
        ch = zones.put_in_zone(game, src, "banishment", rules=("427.1",))
        game.trace.add("change", f"{who}：放逐此牌（{src.label()} 从结算链进入放逐区域）。", rules=("427.1", "427.2"),
                       changes=[ch])
        return [src]


def _play_battlefield(game, item, player: str, card, who: str, controlled: bool = False) -> str | None:
    """'… plays it to any battlefield': the player playing the unit chooses a battlefield as it is played
    (355.2), any of them valid by the effect's permission (355.2.b): a scripted `<玩家> 选择目标 <来源> -> bf1`;
    `--auto`: the first battlefield. `controlled` ("to a battlefield you control", 355.2.a): only those;
    with none, the unit is not played (None)."""
    from types import SimpleNamespace

    valid = [b for b, bf in game.battlefields.items() if not controlled or bf.controller == player]
    if not valid:
        game.trace.add("step", f"{who}：{player} 没有控制任何战场，{card.label()} 无处可打出，不打出。", rules=("355.2.a",))
        return None
    picked = take_choice(game, SimpleNamespace(controller=player, source=item.source, oid=getattr(item, "oid", None)))
    where = next((w for w in picked or () if w in valid), None)
    if where is None and game.choices.auto:
        where = valid[0]
        game.trace.add("auto", f"（自动选择）{who}：{player} 把 {card.label()} 打出到 {where}。", rules=("355.2.b",))
    elif where is None:
        game.choices.need("target", player, f"{player} 需要选择 {card.label()} 打出到哪一处战场：{'、'.join(valid)}（{'355.2.a' if controlled else '355.2.b'}）。",
                          valid, f"{player} 选择目标 {item.source} -> {valid[0]}")
    game.trace.add("choice", f"{who}：{player} 选择把 {card.label()} 打出到 {where}"
                   f"（{'其控制的战场' if controlled else '效果允许打出到任意一处战场'}）。",
                   rules=("355.2", "355.2.a" if controlled else "355.2.b"))
    return where


class RevealPlayOne(EffectKind):
    """'Reveal the top N cards of your main deck. You may play one of them, then recycle the rest' (424.1,
    419.3, 416.1): the card played (scripted `甲 选择目标 <来源> -> 卡牌`; none by default, "you may") goes
    through every step of playing with its cost paid (419.3.b), as `打出卡牌` does; `-> 此处` ("if it is a
    unit, you may play it here"): this ability's location is also a valid place for it (355.2.b). The
    cards not played go to the bottom of the deck in their order."""

    id, zh, aliases, rule, amount, targeted = "reveal_play_one", ("展示牌堆顶并打出一张",), ("reveal-top-play-one",), \
        "424.1", True, False
    params = ("可加 -> 此处（单位也可以打出到此技能的所在处）；费用减少 N（打出的牌费用减少 [N]，356.4）；其余抽取（未打出的牌改为抽取，413.1）；"
              "查看（只由你查看而不展示，431.1.c）；单位牌（只能打出其中的单位）")
    _LESS, _DRAW, _LOOK, _UNIT = ("费用减少", "costing-less"), ("其余抽取", "draw-the-rest"), ("查看", "look"), \
        ("单位牌", "unit-card")

    def read_args(self, words):
        words, discount = list(words), 0
        if any(w in self._LESS for w in words):
            at = next(i for i, w in enumerate(words) if w in self._LESS)
            if at + 1 >= len(words) or not words[at + 1].isdigit():
                raise ValueError(f"效果“{self.display} 费用减少”之后应为整数（如 费用减少 2）。")
            discount, words = int(words[at + 1]), words[:at] + words[at + 2:]
        draw_rest = any(w in self._DRAW for w in words)
        if any(w not in self._DRAW + self._LOOK + self._UNIT for w in words):
            raise ValueError(f"效果“{self.display}”只接受“费用减少 N”“其余抽取”“查看”和“单位牌”。")
        return {**({"discount": discount} if discount else {}), **({"draw_rest": True} if draw_rest else {}),
                **({"look": True} if any(w in self._LOOK for w in words) else {}),
                **({"type": "unit"} if any(w in self._UNIT for w in words) else {})}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.instructions import EFFECTS

        p = item.controller
        look = (eff.args or {}).get("look", False)
        if not look:
            statics.before_deck_reveal(game, p, who, _choice_for(game, p))  # "when you would reveal …, first …" (370.1.c)
        top = [game.objects[o] for o in game.players[p].zones["deck"][:eff.amount]]
        shown = '、'.join(c.label() for c in top) or '（主牌堆为空）'
        if look:  # "look at the top N": private to the player, not revealed (431.1.c)
            game.trace.add("step", f"{who}：{p} 查看主牌堆顶的 {len(top)} 张牌（只有其本人可见）：{shown}。", rules=("431.1.c",))
        else:
            game.trace.add("step", f"{who}：{p} 展示主牌堆顶的 {len(top)} 张牌：{shown}。",
                           rules=("424.1",) + (("431.1.c",) if len(top) < eff.amount else ()))
            revealed_from_deck(game, p, top)
        named = take_choice(game, item) or []
        kind = (eff.args or {}).get("type")
        picked = [o for o in top if o.oid in named and (kind is None or o.card.type == kind)][:1]
        played = []
        if not picked:
            game.trace.add("step", f"{who}：{p} 不打出其中的牌（“可以”）。", rules=("419.3",))
        else:
            here = (item.memory or {}).get("location") if isinstance(item.memory, dict) else None
            also = (here,) if eff.dest == "here" and here in game.battlefields else ()
            discount = (eff.args or {}).get("discount", 0)
            inner = replace(eff, kind="play_card", dest=None, optional=False, amount=0,
                            args={"ignore_cost": False, "ignore_energy": False, "by_owner": False, "for_cost": None,
                                  "also": also, **({"discount": discount} if discount else {})})
            played = EFFECTS["play_card"].apply(game, item, inner, picked, previous, who)
        rest = [o for o in top if o not in played and o.zone == "deck"]
        if (eff.args or {}).get("draw_rest"):  # "draw the ones you didn't play this way" (413.1)
            zones.draw_these(game, p, rest, f"{who}（抽取未打出的牌）")
        else:
            recycle_rest(game, who, p, [o.oid for o in rest])
        return played


class Mill(EffectKind):
    """'Put the top N cards of your main deck into your trash': one at a time from the top; with too few
    cards, as many as there are, then burn out and complete the rest (431.1.b)."""

    id, zh, aliases, rule, amount, targeted = "mill", ("牌堆顶放入废牌堆", "将牌堆顶放入废牌堆"), ("mill",), "431.1.b", True, False

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        moved, changes = [], []
        for _ in range(eff.amount):
            deck = game.players[p].zones["deck"]
            if not deck:
                zones.burn_out(game, p)
                deck = game.players[p].zones["deck"]
            if game.over or not deck:
                break
            o = game.objects[deck[0]]
            changes.append(zones.put_in_zone(game, o, "trash", rules=("431.1.b",)))
            moved.append(o)
        game.trace.add("change", f"{who}：{p} 将主牌堆顶的 {len(moved)} 张牌放入废牌堆"
                       f"（{'、'.join(o.label() for o in moved) or '无'}）。", rules=("431.1.b",), changes=changes)
        return moved


def revealed_from_deck(game, player: str, cards) -> None:
    """Cards just revealed from a main deck: each one's "if I'm revealed from your main deck" (424.1)."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    for o in cards:
        triggered.fire(game, EventFacts("revealed", player=player, obj=o, controller=o.owner, origin="deck"))


class RevealTop(EffectKind):
    """'Reveal the top N cards of your main deck': shown to all, they stay where they are (424.1,
    424.1.a.2); with fewer cards, as many as there are, and no burn out (431.1.c)."""

    id, zh, aliases, rule, amount, targeted = "reveal_top", ("展示牌堆顶",), ("reveal-top",), "424.1", True, False

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        statics.before_deck_reveal(game, p, who, _choice_for(game, p))  # "when you would reveal …, first …" (370.1.c)
        top = [game.objects[o] for o in game.players[p].zones["deck"][:eff.amount]]
        names = "、".join(f"{c.label()}" for c in top) or "（主牌堆为空）"
        game.trace.add("step", f"{who}：{p} 展示主牌堆顶的 {len(top)} 张牌：{names}；它们仍留在主牌堆顶，顺序不变。",
                       rules=("424.1", "424.1.a.2") + (("431.1.c",) if len(top) < eff.amount else ()))
        revealed_from_deck(game, p, top)
        return top


class Predict(EffectKind):
    """'Predict N': look at the top N cards, recycle any of them (scripted `甲 选择目标 <来源> -> …`
    names those recycled; none by default) and put the rest back on top (436.1, 436.1.a); never a
    burn out (436.4.a)."""

    id, zh, aliases, rule, targeted = "predict", ("洞察",), ("predict",), "436.1", False

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        deck = game.players[p].zones["deck"]
        n = eff.amount or 1
        seen = deck[:n]
        if len(seen) < n:
            game.trace.add("step", f"{p} 的主牌堆只有 {len(seen)} 张牌：洞察其全部，不会燃尽。", rules=("436.4.a",))
        recycled = [r for r in (take_choice(game, item) or []) if r in seen]
        for oid in recycled:
            deck.remove(oid)
            deck.append(oid)
        kept = [o for o in seen if o not in recycled]
        game.trace.add("step", f"{who}：{p} 洞察 {len(seen)} 张（查看主牌堆顶）；回收 {'、'.join(recycled) or '无'}，"
                       f"其余 {'、'.join(kept) or '无'} 放回主牌堆顶。", rules=("436.1", "436.1.a"))
        return [game.objects[o] for o in seen]


class LookTop(EffectKind):
    """'Look at the top N cards of your main deck': only that player sees them; they stay in the deck
    (431.1.c.1: looked-at cards are in their zone of origin); fewer cards: as many as there are, no
    burn out (431.1.c)."""

    id, zh, aliases, rule, amount, targeted = "look_top", ("查看牌堆顶",), ("look-at-top",), "431.1.c", True, False

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        top = [game.objects[o] for o in game.players[p].zones["deck"][:eff.amount]]
        game.trace.add("step", f"{who}：{p} 查看主牌堆顶的 {len(top)} 张牌（只有 {p} 知道，不是展示）：{'、'.join(c.label() for c in top) or '无'}。",
                       rules=("431.1.c", "431.1.c.1", "424.2.b"))
        return top


def look_at_top(game, who: str, player: str, n: int) -> list:
    """The top N cards of a player's main deck, looked at by that player alone (431.1.c, 431.1.c.1);
    fewer cards, as many as there are."""
    top = [game.objects[o] for o in game.players[player].zones["deck"][:n]]
    game.trace.add("step", f"{who}：{player} 查看主牌堆顶的 {len(top)} 张牌（只有 {player} 知道）："
                   f"{'、'.join(c.label() for c in top) or '无'}。", rules=("431.1.c", "431.1.c.1"))
    return top


def pop_number_option(words: list, word: str, display: str) -> int | None:
    """Take `<word> N` out of an effect's parameter words (in place): N, or None when the word is absent."""
    if word not in words:
        return None
    i = words.index(word)
    if i + 1 >= len(words) or not words[i + 1].isdigit():
        raise ValueError(f"效果“{display}”的“{word}”后面应为整数。")
    n = int(words[i + 1])
    del words[i:i + 2]
    return n


def recycle_rest(game, who: str, player: str, oids: list[str], trace: bool = True) -> None:
    """The looked-at cards a player did not take go to the bottom of their main deck, in order (416.1)."""
    deck = game.players[player].zones["deck"]
    for oid in oids:
        deck.remove(oid)
        deck.append(oid)
    if oids and trace:
        game.trace.add("change", f"{who}：{player} 将其余的 {'、'.join(game.objects[o].label() for o in oids)} "
                       "回收（置于主牌堆底）。", rules=("416.1",))


class Dig(EffectKind):
    """'Look at the top N cards; you may reveal a <type> among them and draw it; recycle the rest': only
    its controller sees the cards (431.1.c.1); the card picked (scripted `甲 选择目标 <来源> -> 卡牌`; none
    by default, "you may") must fit the type and the cost floor written after N; it is revealed (424.1)
    and drawn (413.1: a draw takes a card from a zone), the rest recycled to the bottom of the deck (416.1)."""

    id, zh, aliases, rule, amount, targeted = "dig", ("查看牌堆顶并抽取",), ("look-reveal-draw",), "431.1.c", True, False
    params = "卡牌类型（单位牌、法术牌、装备牌、任意牌），可加 费用至少 N"
    TYPES = {"单位牌": "unit", "法术牌": "spell", "装备牌": "gear", "任意牌": None}

    def read_args(self, words):
        words = list(words)
        floor = pop_number_option(words, "费用至少", self.display) or 0
        if len(words) != 1 or words[0] not in self.TYPES:
            raise ValueError(f"效果“{self.display}”需要一个卡牌类型（单位牌、法术牌、装备牌或任意牌），可加“费用至少 N”。")
        return {"type": self.TYPES[words[0]], "cost_at_least": floor}

    def fits(self, eff, o) -> bool:
        kind = eff.args.get("type")
        return (kind is None or o.card.type == kind) and o.card.cost_energy >= eff.args.get("cost_at_least", 0)

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        deck = game.players[p].zones["deck"]
        top = look_at_top(game, who, p, eff.amount)
        named = take_choice(game, item) or []
        picked = [o for o in top if o.oid in named][:1]
        bad = [o for o in picked if not self.fits(eff, o)]
        if bad:
            game.trace.add("step", f"{who}：{bad[0].label()} 不是可以展示的卡牌类型，不展示。", rules=("424.1",))
            picked = []
        drawn = []
        for o in picked:
            game.trace.add("step", f"{who}：{p} 展示 {o.label()}。", rules=("424.1",))
            revealed_from_deck(game, p, [o])
            deck.remove(o.oid)
            o.zone = "hand"
            game.players[p].zones["hand"].append(o.oid)
            game.trace.add("change", f"{who}：{p} 抽取 {o.label()}。", rules=("413.1",),
                           changes=[Change(o.label(), "位置", f"{p}的主牌堆", f"{p}的手牌")])
            zones.drew(game, p, o)
            drawn.append(o)
        if not picked:
            game.trace.add("step", f"{who}：{p} 不展示任何卡牌（“可以”）。", rules=("424.1",))
        recycle_rest(game, who, p, [o.oid for o in top if o not in drawn])
        return drawn


TAKE_TYPES = {"装备牌": ("gear",), "gear-card": ("gear",), "单位牌": ("unit",), "unit-card": ("unit",),
              "法术牌": ("spell",), "spell-card": ("spell",), "单位或装备牌": ("unit", "gear"),
              "unit-or-gear-card": ("unit", "gear"), "任意牌": None, "any-card": None}


def _of_type(game, oid: str, types) -> bool:
    return types is None or game.objects[oid].card.type in types


class TakeFromTop(EffectKind):
    """'Look at (or reveal) the top N cards of your main deck, draw a <type> card among them, recycle the
    rest': the player draws one matching card (scripted `甲 选择目标 <来源> -> 牌`; else the first that
    matches), the others go to the bottom of the deck in their order (431.1.c looking, 424.1 revealing,
    413 drawing, 416.1 recycling)."""

    id, zh, aliases, rule, amount, targeted = "take_from_top", ("抽取牌堆顶",), ("take-from-top",), "431.1.c", True, False
    params = "装备牌、单位牌、法术牌、单位或装备牌、任意牌（可抽取的类型），可加 展示（展示而非查看）、放入手牌（放入手牌而非抽取）"
    _FLAGS = {"reveal": ("展示", "reveal"), "to_hand": ("放入手牌", "put-into-hand")}

    def read_args(self, words):
        kinds = [w for w in words if w in TAKE_TYPES]
        flags = {f for spellings in self._FLAGS.values() for f in spellings}
        rest = [w for w in words if w not in TAKE_TYPES and w not in flags]
        if len(kinds) != 1 or rest:
            raise ValueError(f"效果“{self.display}”需要一个可抽取的类型（装备牌、单位牌、法术牌、单位或装备牌、任意牌），"
                             "可加“展示”“放入手牌”。")
        return {"type": TAKE_TYPES[kinds[0]], **{k: any(w in v for w in words) for k, v in self._FLAGS.items()}}

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        deck = game.players[p].zones["deck"]
        seen = list(deck[:eff.amount])
        how = "展示" if eff.args.get("reveal") else "查看"
        game.trace.add("step", f"{who}：{p} {how}主牌堆顶的 {len(seen)} 张牌：{'、'.join(game.objects[o].label() for o in seen) or '无'}。",
                       rules=(("424.1",) if eff.args.get("reveal") else ("431.1.c",)) + (("431.1.c",) if len(seen) < eff.amount else ()))
        if eff.args.get("reveal"):
            revealed_from_deck(game, p, [game.objects[o] for o in seen])
        fits = [o for o in seen if _of_type(game, o, eff.args.get("type"))]
        scripted = [o for o in (take_choice(game, item) or []) if o in fits]
        pick = (scripted or fits)[:1]
        to_hand = eff.args.get("to_hand")  # "put it into your hand": not a draw (413)
        seen_rule = "424.1" if eff.args.get("reveal") else "431.1.c"
        changes = [zones.put_in_zone(game, game.objects[o], "hand", rules=(seen_rule,) if to_hand else ("413",))
                   for o in pick]
        if pick and to_hand:
            game.trace.add("change", f"{who}：{p} 将其中的 {game.objects[pick[0]].label()} 放入手牌（不是抽牌）。",
                           rules=(seen_rule,), changes=changes)
        elif pick:
            game.trace.add("change", f"{who}：{p} 抽取其中的 {game.objects[pick[0]].label()}。", rules=("413",), changes=changes)
        else:
            game.trace.add("step", f"{who}：其中没有可抽取的牌。", rules=("431.1.c",))
        recycle_rest(game, who, p, [o for o in seen if o not in pick])
        return [game.objects[o] for o in pick]


class PickFromTop(EffectKind):
    """'Look at the top N cards of your main deck, put one of them into your hand and recycle the rest':
    only that player sees them (431.1.c.1); the one kept is their choice (scripted `甲 选择目标 <来源> ->
    …`), the others go to the bottom of the deck (416.1); fewer cards, as many as there are (431.1.c)."""

    id, zh, aliases, rule, amount, targeted = "pick_from_top", ("查看牌堆顶取一张",), ("look-pick-one-recycle-rest",), \
        "431.1.c.1", True, False

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        p = item.controller
        top = look_at_top(game, who, p, eff.amount)
        if not top:
            return []
        kept = _chosen(game, item, top, 1, "选择一张加入手牌")
        if kept is None:
            return []
        changes = [zones.put_in_zone(game, c, "hand") for c in kept]
        rest = [c for c in top if c not in kept]
        recycle_rest(game, who, p, [c.oid for c in rest], trace=False)
        game.trace.add("change", f"{who}：{p} 将 {'、'.join(c.label() for c in kept)} 加入手牌，回收其余 {len(rest)} 张"
                       "（置于主牌堆底）。", rules=("416.1",), changes=changes)
        if rest:
            triggered.fire(game, EventFacts("recycle", player=p, amount=len(rest), origin="deck", dest="deck"))
            triggered.flush(game)
        return kept


class BanishAndPlayFromTop(EffectKind):
    """Looking at (or revealing) the top N of a main deck (yours or each opponent's), banishing up to one
    card of a type from among them to play it for free, the others recycled (as the FAQ revised these
    cards: the card is banished before it is played, so one that cannot be played stays banished).
    Looking shows the cards to their player alone (431.1.c.1), revealing to all (424.1); the card picked
    (scripted `甲 选择目标 <来源> -> 牌`, or `甲 拒绝支付 <来源>` for none) must fit the type and, with
    `战力至多高于它 K`, have Might at most K more than the unit the previous instruction killed (none when
    it did not die: its Might is null, 359.3.e.12); it is banished (427.1) and played by the effect's
    controller (419.3), the rest recycled by their owners (416.1, 416.1.c); fewer cards, as many as there
    are (431.1.c). With `直到`, cards are revealed one at a time until one fits (N is not read); none in the
    whole deck: every card is revealed and recycled, no burn out (431.1.c)."""

    id, zh, aliases, rule, amount, targeted = "banish_play_top", ("查看牌堆顶放逐并打出", "牌堆顶放逐并打出"), \
        ("look-banish-play-top",), "419.3", True, False
    params = ("卡牌类型（单位牌、法术牌、装备牌、单位或装备牌、任意牌）；无视费用 或 无视法力费用；可加 展示（展示而非查看）、"
              "对手牌堆（每名对手的主牌堆顶）、战力至多高于它 K（上一条指示摧毁的单位的战力 + K）、直到（逐张展示直到出现符合的卡牌）")
    may_inside = True  # "you may banish one": the look and the recycle happen either way
    _FLAGS = {"reveal": ("展示", "reveal"), "opponents": ("对手牌堆", "opponents-decks"),
              "ignore_cost": ("无视费用", "ignoring-cost"), "ignore_energy": ("无视法力费用", "ignoring-energy"),
              "until": ("直到", "until-one-fits")}

    def read_args(self, words):
        words = list(words)
        above = pop_number_option(words, "战力至多高于它", self.display)
        kinds = [w for w in words if w in TAKE_TYPES]
        flags = {f for spellings in self._FLAGS.values() for f in spellings}
        rest = [w for w in words if w not in TAKE_TYPES and w not in flags]
        args = {k: any(w in v for w in words) for k, v in self._FLAGS.items()}
        if len(kinds) != 1 or rest or not (args["ignore_cost"] or args["ignore_energy"]):
            raise ValueError(f"效果“{self.display}”需要一个卡牌类型（单位牌、法术牌、装备牌、单位或装备牌、任意牌）和"
                             "“无视费用”或“无视法力费用”，可加“展示”“对手牌堆”“战力至多高于它 K”“直到”。")
        return {"type": TAKE_TYPES[kinds[0]], "might_above": above, **args}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts
        from judge.engine.abilities.triggered import _take

        p, args = item.controller, eff.args
        owners = game.opponents(p) if args.get("opponents") else [p]
        owners = [q for q in game.order_from(p) if q in owners]
        how, seen_rules = ("展示", ("424.1",)) if args.get("reveal") else ("查看", ("431.1.c", "431.1.c.1"))
        seen = []
        for q in owners:
            top = [game.objects[o] for o in game.players[q].zones["deck"][:eff.amount]]
            if args.get("until"):  # one at a time until one fits
                deck = game.players[q].zones["deck"]
                n = next((i + 1 for i, o in enumerate(deck) if _of_type(game, o, args.get("type"))), len(deck))
                top = [game.objects[o] for o in deck[:n]]
            game.trace.add("step", f"{who}：{q} {how}主牌堆顶的 {len(top)} 张牌："
                           f"{'、'.join(c.label() for c in top) or '无'}" + ("（只有其本人知道）" if how == "查看" else "") + "。",
                           rules=seen_rules + (("431.1.c",) if len(top) < eff.amount or (args.get("until") and not any(
                               _of_type(game, c.oid, args.get("type")) for c in top)) else ()))
            seen += top
        limit = self._might_limit(game, args, previous, who)
        fits = [c for c in seen if _of_type(game, c.oid, args.get("type"))
                and (limit is None or (c.card.type == "unit" and c.card.might <= limit))]
        picked = self._pick(game, item, eff, fits, who, _take)
        if picked is None:
            return []
        played = []
        if picked:
            card = picked[0]
            ch = zones.put_in_zone(game, card, "banishment", rules=("427.2",))
            game.trace.add("change", f"{who}：{p} 放逐 {card.label()}，然后打出它。", rules=("427.1", "427.2"), changes=[ch])
            play = replace(eff, ignore_cost=bool(args.get("ignore_cost")))
            if play_by_effect(game, item, play, card, p, who, ignore_energy=bool(args.get("ignore_energy"))):
                played.append(card)
            else:
                game.trace.add("step", f"{who}：{card.label()} 未能打出，留在放逐区域。", rules=("427.1",))
        for q in owners:
            rest = [c.oid for c in seen if c.owner == q and c.oid not in {x.oid for x in picked}]
            recycle_rest(game, who, q, rest)
            if rest:
                triggered.fire(game, EventFacts("recycle", player=q, amount=len(rest), origin="deck", dest="deck"))
        triggered.flush(game)
        return played

    @staticmethod
    def _might_limit(game, args, previous, who):
        """The highest Might a unit may have (`战力至多高于它 K`): the killed unit's last known Might + K; no
        unit when the previous instruction's unit did not die (it is still on the board or gone elsewhere)."""
        if args.get("might_above") is None:
            return None
        dead = [o for o in previous if o.zone in ("trash", "gone") and o.last_might is not None]
        if not dead:
            game.trace.add("step", f"{who}：没有被摧毁的单位，其战力视为“无”，不能选择任何单位。", rules=("359.3.e.12",))
            return -1
        return dead[0].last_might + args["might_above"]

    @staticmethod
    def _pick(game, item, eff, fits, who, take):
        """The card chosen among those fitting: scripted, declined ("you may"), or asked for; [] for none,
        None after asking."""
        p = item.controller
        if not fits:
            game.trace.add("step", f"{who}：其中没有符合条件的卡牌，不放逐、不打出。", rules=("431.1.c.1",))
            return []
        named = take_choice(game, item)
        if named is not None:
            picked = [c for c in fits if c.oid in named][:1]
            if named and not picked:
                from judge.engine.errors import IllegalAction

                raise IllegalAction(f"{p} 为 {item.source} 选择的卡牌不合法：应从 {'、'.join(c.oid for c in fits)} 中选择一张。",
                                    "419.3")
            return picked
        if eff.optional and take(game, "decline", p, item):
            game.trace.add("step", f"{who}：{p} 选择不放逐、不打出其中的卡牌（“可以”）。", rules=("349",))
            return []
        if not eff.optional and len(fits) == 1:
            game.trace.add("step", f"{who}：只有 {fits[0].label()} 可以选择。", rules=("419.3",))
            return fits[:1]
        if game.choices.auto:
            game.trace.add("auto", f"（自动选择）{p} 选择 {fits[0].label()}。")
            return fits[:1]
        ids = [c.oid for c in fits]
        game.choices.need("target", p, f"{p} 需要为 {item.source} 从 {'、'.join(ids)} 中选择一张放逐并打出"
                          + ("（或写“拒绝支付”不选）" if eff.optional else "") + "。", ids,
                          f"{p} 选择目标 {item.source} -> {ids[0]}")
        return None


class RevealHand(EffectKind):
    """'Reveal your hand' (`展示手牌 由 所选玩家`: "choose an opponent; they reveal their hand"): the player
    shows every card of their hand to all players; the cards stay in the hand (424.1, 424.1.a.2)."""

    id, zh, aliases, rule, targeted = "reveal_hand", ("展示手牌",), ("reveal-hand",), "424.1", False

    def apply(self, game, item, eff, legal, previous, who):
        p = item.controller
        hand = [game.objects[c] for c in game.players[p].zones["hand"]]
        game.trace.add("step", f"{who}：{p} 展示手牌：{'、'.join(c.label() for c in hand) or '（没有手牌）'}；"
                       "它们仍留在手牌中。", rules=("424.1", "424.1.a.2"))
        return previous


class BanishCard(_FromOpponentsHand):
    """'Banish a card from your trash / hand': straight from where it is into its owner's banishment
    (427.1, 427.2); banishing is not killing or discarding (427.2.a, 427.2.b)."""

    id, zh, aliases, rule = "banish_card", ("放逐卡牌",), ("banish-card",), "427.1"
    params = "对手手牌（对手展示手牌，由你从中选择，放逐）"
    needs_targets = False  # `放逐卡牌 N 对手手牌` names no target: the cards are chosen as it resolves

    def accepts(self, game, o):
        return None if o.zone in ("trash", "hand", "deck", "board", "facedown") else f"{o.label()} 无法从{game.location_label(o)}放逐。"

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import linked

        if (eff.args or {}).get("from_opponent"):
            legal = from_opponents_hand(game, item, eff.amount or 1, who, "放逐", eff.args.get("not_types", ()))
        if not legal:
            game.trace.add("step", f"{who}：没有可以放逐的卡牌，此指示无法执行。", rules=("359.3.e.6",))
            return []
        changes = [zones.put_in_zone(game, o, "banishment", rules=("427.2",)) for o in legal]
        game.trace.add("change", f"{who}：放逐 {'、'.join(o.label() for o in legal)}（直接放入放逐区域，不是摧毁或弃置）。",
                       rules=("427.1", "427.2"), changes=changes)
        banished = [o for o in legal if o.zone == "banishment"]
        linked.remember(game, item, banished)
        return banished


class PutInDeck(EffectKind):
    """'Its owner puts it on the top or bottom of their main deck': the card goes to its owner's main
    deck (056.2), where the owner chooses (scripted `乙 选择目标 <来源> -> 顶|底`; `--auto`: top). A
    token put there ceases to exist (186.1); the card is a new object (124)."""

    id, zh, aliases, rule = "put_in_deck", ("放到主牌堆顶或底", "放入主牌堆顶或底"), ("put-on-top-or-bottom",), "056.2"

    def apply(self, game, item, eff, legal, previous, who):
        done = []
        for o in legal:
            owner = o.owner
            end = _top_or_bottom(game, item, owner)
            change = zones.put_in_zone(game, o, "deck", rules=("056.2",))
            deck = game.players[owner].zones["deck"]
            if o.zone == "deck" and end in DECK_TOP:
                deck.remove(o.oid)
                deck.insert(0, o.oid)
            where = "顶部" if end in DECK_TOP else "底部"
            game.trace.add("change", f"{who}：{owner}（其拥有者）将 {o.label()} 放到其主牌堆{where}。",
                           rules=("056.2",), changes=[change])
            if o.zone == "deck":
                done.append(o)
        return done


def _top_or_bottom(game, item, owner: str) -> str:
    """The owner's choice of end (a scripted `<owner> 选择目标 <来源> -> 顶|底`)."""
    src = item.source or ""
    for entry in list(game.choices.queue):
        if entry[0] != "target" or entry[1] != owner:
            continue
        ref, picked = entry[2]
        if (ref in (item.oid, src) or src.endswith(f"（{ref}）")) and picked and picked[0] in DECK_TOP + DECK_BOTTOM:
            game.choices.queue.remove(entry)
            return picked[0]
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{owner} 将卡牌放到主牌堆顶部。")
        return DECK_TOP[0]
    game.choices.need("target", owner, f"{owner} 需要选择把卡牌放到主牌堆顶部还是底部。", [DECK_TOP[0], DECK_BOTTOM[0]],
                      f"{owner} 选择目标 {item.source} -> 顶")
