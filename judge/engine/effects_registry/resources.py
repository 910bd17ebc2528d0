"""Resources (429, 430, 416.1.b): add power of a domain to the rune pool, channel runes from the rune
deck, recycle a rune from the board to the bottom of its owner's rune deck."""

from __future__ import annotations

from judge.engine import vocab, zones
from judge.engine.costs import ONLY_WORDS, add_extra, pool_units, reserve
from judge.engine.instructions import EffectKind
from judge.trace.events import Change

DOMAIN_WORDS = {**{k.lower(): v for k, v in vocab.spellings(vocab.DOMAINS).items()}, "[a]": "A", "任意": "A", "any": "A",
                **{f"[{d.lower()}]": d for d in vocab.DOMAINS}}


class AddPower(EffectKind):
    """'Add [R]': N power of one domain (or [A], any domain) into the player's rune pool (429.1, 429.5)."""

    id, zh, aliases, rule, amount, targeted = "add_power", ("获得符能",), ("add-power",), "429.5", True, False
    params = "一个特性（炽烈、翠意、灵光、摧破、混沌、序理）或 [A]；仅法术（只能用于打出法术，[A]）；仅装备（只能用于打出装备或使用装备的技能，[A]）；仅法术对决（只能在法术对决期间消耗，[A]）"
    adds_resources = True

    def read_args(self, words):
        only = [ONLY_WORDS[w] for w in words if w in ONLY_WORDS]
        words = [w for w in words if w not in ONLY_WORDS]
        doms = [DOMAIN_WORDS.get(w.lower()) for w in words]
        if len(words) != 1 or doms[0] is None or (only and doms[0] != "A"):
            raise ValueError(f"效果“{self.display}”需要一个特性（如 炽烈 或 [R]），或 [A]；“仅法术”“仅装备”“仅法术对决”只用于 [A]。")
        return {"domain": doms[0], **({"only": only[0]} if only else {})}

    def apply(self, game, item, eff, legal, previous, who):
        pl = game.players[item.controller]
        d = eff.args["domain"]
        if eff.args.get("only"):
            reserve(game, item.controller, eff.args["only"], 0, eff.amount, who)
            return previous
        before = pl.power
        pl.power_domains = pool_units(pl) + [d] * eff.amount
        pl.power += eff.amount
        name = "任意特性" if d == "A" else vocab.name(vocab.DOMAINS, d)
        game.trace.add("change", f"{who}：{item.controller} 获得 {eff.amount} 点{name}符能（放入符文池）。",
                       rules=("429.1", "429.5"), changes=[Change(f"{item.controller}的符文池", "符能", before, pl.power)])
        add_extra(game, item, who)
        return previous


class Channel(EffectKind):
    """'Channel N runes [exhausted]' (430.1, 430.2): as many as the rune deck has (430.3)."""

    id, zh, aliases, rule, amount, targeted = "channel", ("召出符文",), ("channel",), "430.1", True, False
    params = ("休眠；每名玩家（每名玩家从回合玩家起依次召出，而不只是控制者）；其拥有者（上一条指示作用的卡牌的拥有者）；"
              "你（由另一名玩家执行时仍由此技能的控制者召出）")

    def read_args(self, words):
        if any(w not in ("休眠", "exhausted", "每名玩家", "each-player", "其拥有者", "its-owner", "你", "you") for w in words):
            raise ValueError(f"效果“{self.display}”只接受“休眠”“每名玩家”“其拥有者”和“你”。")
        return {"exhausted": any(w in ("休眠", "exhausted") for w in words),
                "each": any(w in ("每名玩家", "each-player") for w in words),
                "owner": any(w in ("其拥有者", "its-owner") for w in words),
                "you": any(w in ("你", "you") for w in words)}

    def apply(self, game, item, eff, legal, previous, who):
        players = game.order_from(game.turn_player) if eff.args.get("each") else [item.controller]
        if eff.args.get("you"):  # "you and that player each channel": you, while another player performs it
            players = [(item.memory or {}).get("ability_controller", item.controller)]
        if eff.args.get("owner"):
            players = list(dict.fromkeys(o.owner for o in previous))
        runes = []
        for p in players:
            game.trace.add("step", f"{who}：{p} 召出 {eff.amount} 枚符文。", rules=("430.1",))
            runes += zones.channel(game, p, eff.amount, exhausted=eff.args.get("exhausted", False))
        return runes  # what "if you couldn't" reads (359.3.e.11)


class RevealRecycleRune(EffectKind):
    """'Reveal the top card of your rune deck, then recycle it': shown to all (424.1), then put on the
    bottom of that rune deck (416.1.b); recycling a rune is its own event. An empty rune deck reveals
    nothing. The rune is what the next instruction reads as "it" (its domain)."""

    id, zh, aliases, rule, targeted = "reveal_recycle_rune", ("展示符文牌堆顶并回收",), ("reveal-and-recycle-top-rune",), \
        "424.1", False

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        p = item.controller
        deck = game.players[p].zones["rune_deck"]
        if not deck:
            game.trace.add("step", f"{who}：{p} 的符文牌堆为空，没有可以展示的符文。", rules=("424.1",))
            return []
        r = game.objects[deck.pop(0)]
        deck.append(r.oid)
        game.trace.add("change", f"{who}：{p} 展示符文牌堆顶的 {r.label()}，然后将其回收（放到符文牌堆底部）。",
                       rules=("424.1", "416.1.b"), changes=[Change(r.label(), "位置", f"{p}的符文牌堆顶", f"{p}的符文牌堆底")])
        triggered.fire(game, EventFacts("recycle_rune", player=p, obj=r, controller=r.owner, origin="rune_deck",
                                        dest="rune_deck", amount=1, via="effect"))
        return [r]


class RecycleRune(EffectKind):
    """'Recycle a rune': from the board to the bottom of its owner's rune deck (416.1.b, 416.1.c)."""

    id, zh, aliases, rule = "recycle_rune", ("回收符文",), ("recycle-rune",), "416.1.b"

    def accepts(self, game, o):
        return None if o.zone == "board" and o.card.type == "rune" else f"{o.label()} 不是场上的符文。"

    def apply(self, game, item, eff, legal, previous, who):
        runes = [o for o in legal if o.zone == "board" and o.card.type == "rune"]
        changes = [zones.put_in_zone(game, r, "rune_deck", rules=("416.1.b",)) for r in runes]
        game.trace.add("change", f"{who}：回收符文 {'、'.join(r.label() for r in runes)}（放到其所有者的符文牌堆底部）。",
                       rules=("416.1.b", "416.1.c"), changes=changes)
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        for r in runes:  # recycling a rune is an event of its own (416.1.b)
            triggered.fire(game, EventFacts("recycle_rune", player=item.controller, obj=r, controller=r.owner,
                                            origin="base", dest="rune_deck", amount=1, via="effect"))
        return runes


class PayCost(EffectKind):
    """"Pay [cost] to do Y" inside a spell's or ability's instructions (204.3.b): the cost is paid as it
    resolves, and the instructions after it written `若 如此做` happen only if it was paid. With `可以` its
    controller may decline (`拒绝支付 <来源>`); a cost that cannot be paid is not paid. Energy is the number,
    power the domain symbols after `符能`: `支付 可以 符能 [Y]`. `支付 任意数额 [符能 [A]]`: the player picks
    how much as it resolves (`选择数量 <来源> N`), and the instructions after it read that amount as `X`."""

    id, zh, aliases, rule, targeted = "pay", ("支付",), ("pay",), "204.3.b", False
    params = "[法力 N] [符能 [R]…]，或 任意数额 [符能 [A]]；或 N 经验（消耗 N 点经验，730.2）"
    adds_resources = True  # a cost paid within an Add ability does not stop it resolving at once (429.2)

    def read_args(self, words):
        if list(words) in (["经验"], ["xp"]):
            return {"power": [], "xp": True}
        syms, any_amount = [], False
        for w in words:
            if w in ("符能", "power"):
                continue
            if w in ("任意数额", "any-amount"):
                any_amount = True
                continue
            d = DOMAIN_WORDS.get(w.lower())
            if d is None or not w.startswith("["):
                raise ValueError(f"效果“{self.display}”只接受法力数量、“任意数额”与“符能 [R] …”（符能写成特性符号或 [A]）。")
            syms.append(d)
        if any_amount and len(syms) > 1:
            raise ValueError(f"效果“{self.display} 任意数额”只接受一个符能符号（如 符能 [A]）。")
        return {"power": syms, "any_amount": any_amount}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine import costs
        from judge.engine.errors import IllegalAction
        from judge.engine.instructions import _skipped

        if eff.args.get("xp"):  # "you may pay N XP to …" (730.2)
            pl = game.players[item.controller]
            if pl.xp < eff.amount:
                game.trace.add("step", f"{who}：{item.controller} 只有 {pl.xp} 点经验，无法支付 {eff.amount} 点经验，视为没有支付。",
                               rules=("204.3.b", "730.2"))
                _skipped(item)
                return list(previous)
            before = pl.xp
            pl.xp -= eff.amount
            game.trace.add("change", f"{who}：{item.controller} 支付指示中的费用：消耗 {eff.amount} 点经验。",
                           rules=("204.3.b", "730.2"), changes=[Change(item.controller, "经验", str(before), str(pl.xp))])
            src = game.objects.get(getattr(item, "oid", None) or "")
            return list(previous) or ([src] if src is not None else [])
        syms = list(eff.args.get("power", ()))
        cost = costs.Cost()
        if eff.args.get("any_amount"):
            n = _amount(game, item, who, "符能" if syms else "法力")
            if n is None:
                return []
            if isinstance(item.memory, dict):
                item.memory["x"] = n  # "that much": read as X by the instructions after it
            cost.add(0 if syms else n, n if syms else 0, "指示中的费用", syms * n if syms else None)
        else:
            cost.add(eff.amount, len(syms), "指示中的费用", syms)
        try:
            payment = costs.plan(game, item.controller, cost)
        except IllegalAction as err:
            game.trace.add("step", f"{who}：{item.controller} 无法支付指示中的费用 {cost}（{err.message}），视为没有支付。",
                           rules=("204.3.b",))
            _skipped(item)
            return list(previous)
        costs.pay(game, item.controller, cost, payment, text=f"{who}：{item.controller} 支付指示中的费用 {cost}。",
                  rules=("204.3.b", "165"))
        src = game.objects.get(getattr(item, "oid", None) or "")
        return list(previous) or ([src] if src is not None else [])


def _amount(game, item, who: str, what: str) -> int | None:
    """How much the player pays of "any amount": their scripted `选择数量 <来源> N`; else 0 in auto mode;
    else the run stops to ask (None)."""
    from judge.engine.abilities.triggered import _matches_source

    p = item.controller
    for entry in list(game.choices.queue):
        if entry[0] == "choose_number" and entry[1] == p and _matches_source(item, entry[2][0]):
            game.choices.queue.remove(entry)
            game.trace.add("step", f"{who}：{p} 选择支付 {entry[2][1]} 点{what}（任意数量）。", rules=("204.3.b",))
            return entry[2][1]
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{who}：{p} 支付 0 点{what}。")
        return 0
    ref = getattr(item, "oid", None) or item.source
    lines = [f"{p} 选择数量 {ref} {n}" for n in range(0, 4)]
    game.choices.need("choose_number", p, f"{p} 需要为 {item.source} 选择支付多少{what}（任意数量）。", lines, lines[0])
    return None
