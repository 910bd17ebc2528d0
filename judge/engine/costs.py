"""Costs (356, 357): the total cost (base cost or ignored, additional costs, increases then
reductions, floor at zero) and paying it from the rune pool and the player's runes (165):
exhausting a rune adds one energy ([E]), recycling a rune adds one power; both are used during
payment as the rules allow for resource abilities (AL4 in the notes; FAQ C-L99).

Domains (134, 163.2-163.2.b, 135.2.e.1-135.2.e.6.c): each point of a power cost is a symbol — a domain letter
(R G B O P Y), "A" (any domain) or "C" (this card's domain; [A] when the card has none, 135.2.e.6.b; any of
its domains when it has several, 135.2.e.6.c). A recycled rune adds power of its own domain (164.2.b.1); pool
power may carry a domain. An undeclared domain (rune or pool power written without one) pays anything,
so scenarios that never state domains behave as before."""

from __future__ import annotations

from judge.recordtype import field, record

from judge.engine.errors import IllegalAction
from judge.engine.state import Game, GameObject
from judge.trace.events import Change


@record
class Cost:
    """A total cost in energy and power, with how it was built."""

    energy: int = 0
    power: int = 0
    parts: list[str] = field(default_factory=list)  # how the total was built, for the trace
    syms: list[str] = field(default_factory=list)  # one symbol per point of power: a domain, "A" or "C"

    def add(self, energy: int, power: int, why: str, syms: list[str] | None = None) -> None:
        self.energy += energy
        self.power += power
        if power > 0:
            self.syms += list(syms) if syms else ["A"] * power
        elif power < 0:
            self._drop(-power)
        if energy or power:
            self.parts.append(f"{why} {fmt(energy, power, syms if power > 0 else None)}")

    def _drop(self, n: int) -> None:
        """A reduction of the power part removes [A] points first, then the last ones."""
        for _ in range(min(n, len(self.syms))):
            self.syms.remove("A") if "A" in self.syms else self.syms.pop()

    def floor(self) -> None:
        """356.6: neither part goes below zero."""
        self.energy, self.power = max(0, self.energy), max(0, self.power)
        del self.syms[self.power:]

    def __str__(self) -> str:
        return fmt(self.energy, self.power, self.syms)


TARGETING_LABEL = "强制额外费用[法盾]"


def targeting_power(game: Game, controller: str, targets) -> int:
    """Power added when `controller`'s spell or ability chooses opponents' objects: the keyword
    registry's `targeted_power` hook (法盾 809); own and teammates' objects add nothing."""
    from judge.engine.keywords import on

    return sum(kw.targeted_power(n) for t in targets if game.teams[t.controller] != game.teams[controller]
               for kw, n in on(t, game))


def card_syms(card: GameObject, syms: list[str]) -> list[str] | None:
    """A card's cost symbols with [C] read as [A] when the card has no domain (135.2.e.6.b); None if empty."""
    return [("A" if s == "C" and not card.card.domains else s) for s in syms] or None


def sym_text(syms) -> str:
    return "".join(f"[{s}]" for s in syms)


def fmt(energy: int, power: int, syms=None) -> str:
    """Power written as a count, or as symbols when some point needs a domain ([R], [C], …)."""
    p = sym_text(syms) if syms and any(s != "A" for s in syms) and len(syms) == power else str(power)
    if power and not energy:
        return f"符能 {p}"
    return f"法力 {energy}" + (f" + 符能 {p}" if power else "")


@record
class Payment:
    """How a cost is paid: from the pool, runes exhausted and runes recycled."""

    from_pool: tuple[int, int]
    exhaust: list[GameObject]
    recycle: list[GameObject]
    pool_used: list[str] = field(default_factory=list)  # domains of the pool power spent ("*": undeclared)
    reserved: tuple = ()  # ((kind, energy, power), …) paid with resources usable only for that kind


ALL = frozenset("RGBOPY")


def rune_domain(rune: GameObject) -> frozenset | None:
    """The domains of the power a recycled rune adds (164.2.b.1); None: undeclared, pays anything."""
    return frozenset(rune.card.domains) if rune.card.domains else None


def pool_units(pl) -> list[str]:
    """Pool power, one entry per point: its domain letter, "A" (gained [A]) or "*" (undeclared)."""
    doms = list(pl.power_domains[:pl.power])
    return doms + ["*"] * (pl.power - len(doms))


def _allowed(sym: str, card: GameObject | None) -> frozenset | None:
    """What a cost symbol accepts; None: any domain (135.2.e.5.a; [C] of a card without domain, 135.2.e.6.b)."""
    if sym == "A":
        return None
    if sym == "C":
        return frozenset(card.card.domains) if card is not None and card.card.domains else None
    return frozenset(sym)


def _pays(source, need: frozenset | None) -> bool:
    if need is None or source in ("*", "A") or source is None:
        return True
    return bool(source & need) if isinstance(source, frozenset) else source in need


def _match(needs: list, sources: list) -> list[int] | None:
    """Assign a distinct source to each need (sources in order of preference); None if impossible."""
    used: list[int] = []

    def go(i: int) -> bool:
        if i == len(needs):
            return True
        for j, src in enumerate(sources):
            if j not in used and _pays(src, needs[i]):
                used.append(j)
                if go(i + 1):
                    return True
                used.pop()
        return False

    return list(used) if go(0) else None


def apply_modifiers(game: Game, player: str, card: GameObject, cost: Cost, paid: tuple = (), targets: tuple = ()) -> None:
    """Passive cost increases, then reductions (356.3, 356.4), from cards on the board:
    '费用修正 友方 法术 -1' lowers its controller's spells, '费用修正 敌方 法术 +1' raises opponents'.
    The floor at zero (356.6) is applied by the caller once everything is added."""
    from judge.engine.statics import STATICS, imposed, on_board

    ups, downs = [], []
    # the static-ability registry's cost hook: passive abilities on the board, then changes an effect set
    # up for this turn ("your units cost [1] more this turn")
    for o, kind, params in [*on_board(game), *imposed(game)]:
        floor = kind.cost_floor(params)
        for part, n in [*kind.cost_changes(game, o, params, player, card),
                        *kind.paid_keyword_cost_changes(game, o, params, player, card, paid)]:
            (ups if n > 0 else downs).append((o, part, n, floor))
    for kind in STATICS:  # the card's own discount (356.4.a)
        for params in kind.instances(card.card):
            downs += [(card, part, n, kind.cost_floor(params)) for part, n in kind.own_cost_changes(game, card, params, player, targets)]
    # A discount with a minimum applies only down to it (356.4.e); the player may order discounts, and
    # applying those with a minimum first is never worse for them (356.4.d.1).
    downs.sort(key=lambda d: d[3] is None)
    for word, group in (("增费", ups), ("减费", downs)):
        for o, part, n, floor in group:
            if floor is not None and n < 0 and part == "energy":  # "to a minimum of [1]": its Energy (356.4.e)
                n = max(n, min(0, floor - cost.energy))
                if n == 0:
                    cost.parts.append(f"减费（{o.label()} 的被动技能）不适用：费用已不高于其最低值 {floor}")
                    continue
            e, p = (n, 0) if part == "energy" else (0, n)
            cost.energy += e
            cost.power += p
            if p > 0:
                cost.syms += ["A"] * p
            elif p < 0:
                cost._drop(-p)
            sign = "+" if n > 0 else "-"
            what = f"[{abs(n)}]" if part == "energy" else "[A]" * abs(n)
            low = f"（不低于 {floor}）" if floor is not None and n < 0 and part == "energy" else ""
            whose = o.label() if o.zone == "effect" else f"{o.label()} 的被动技能"  # an effect's, for this turn
            cost.parts.append(f"{word}（{whose}）{sign}{what}{low}")


def runes_of(game: Game, player: str) -> list[GameObject]:
    return [o for o in game.board() if o.controller == player and o.card.type == "rune"]


RESERVED_FOR = {"spell": "打出法术", "gear": "打出装备或使用装备的技能", "showdown": "法术对决期间的费用"}

# "use only to play spells" / "only to play gear or use gear abilities": the pool part is spent for a card
# of that type, or for the cost of an ability whose source is one (429.1); "spend only during a showdown":
# for any cost paid while a showdown (or a combat's showdown) is in progress (307)
ONLY_WORDS = {"仅法术": "spell", "spells-only": "spell", "仅装备": "gear", "gear-only": "gear",
              "仅法术对决": "showdown", "showdown-only": "showdown"}


def _reserve_kinds(game: Game, card: GameObject | None) -> list[str]:
    """The kinds of reserved pool resources this cost may be paid with, in the order they are spent."""
    return ([card.card.type] if card is not None else []) + (["showdown"] if game.showdown is not None else [])


def reserve(game, player: str, kind: str, energy: int, power: int, who: str) -> None:
    """Resources added that may be spent only to play one kind of card: kept apart in the pool (429.1)."""
    pl = game.players[player]
    have = pl.reserved.setdefault(kind, [0, 0])
    before = f"{have[0]}/{have[1]}"
    have[0] += energy
    have[1] += power
    what = f"{energy} 点法力" if energy else f"{power} 点任意特性符能"
    game.trace.add("change", f"{who}：{player} 获得 {what}，仅可用于{RESERVED_FOR.get(kind, kind)}（放入符文池）。", rules=("429.1",),
                   changes=[Change(f"{player}的符文池（仅可用于{RESERVED_FOR.get(kind, kind)}）", "法力/符能", before,
                                   f"{have[0]}/{have[1]}")])



def add_extra(game, item, who: str) -> None:
    """An Add ability resolving whose source a static ability names ("your Gold tokens add [1] more"):
    that energy too, into the same pool (429.1)."""
    from judge.engine.statics import extra_energy

    for src, n in extra_energy(game, game.objects.get(getattr(item, "oid", None) or "")):
        pl = game.players[item.controller]
        before = pl.energy
        pl.energy += n
        game.trace.add("change", f"{who}：{src.label()} 的静态技能（获得资源额外产生）：{item.controller} 额外获得 {n} 点法力。",
                       rules=("429.1",), changes=[Change(f"{item.controller}的符文池", "法力", before, pl.energy)])


def plan(game: Game, player: str, cost: Cost, card: GameObject | None = None, reserved: bool = True,
         _spent: tuple = ()) -> Payment:
    """How the cost will be paid, or IllegalAction (nothing changed yet: 358.3.a undoes the play). Pool
    resources usable only for this kind of card, or only now, pay first (their power is [A], any domain)."""
    pl = game.players[player]
    for kind in (_reserve_kinds(game, card) if reserved else ()):
        have = pl.reserved.get(kind)
        if kind in _spent or not have or not (have[0] or have[1]):
            continue
        use_e, use_p = min(have[0], cost.energy), min(have[1], cost.power)
        rest = Cost(cost.energy - use_e, cost.power - use_p, list(cost.parts), sorted(cost.syms, key=lambda s: s == "A")[use_p:])
        payment = (plan(game, player, rest, card, True, _spent + (kind,)) if (rest.energy or rest.power)
                   else Payment((0, 0), [], []))
        payment.reserved = ((kind, use_e, use_p),) + tuple(payment.reserved)
        return payment
    if any(s != "A" for s in cost.syms) or any(d != "*" for d in pool_units(pl)) \
            or any(r.card.domains for r in runes_of(game, player)):
        return _plan_domains(game, player, cost, card)
    use_e = min(pl.energy, cost.energy)
    use_p = min(pl.power, cost.power)
    need_e, need_p = cost.energy - use_e, cost.power - use_p
    runes = runes_of(game, player)
    ready = [r for r in runes if not r.exhausted]
    if need_e > len(ready):
        raise IllegalAction(f"{player} 无法支付 {cost}：符文池有法力 {pl.energy}，可休眠的符文只有 {len(ready)} 枚。", "358.2")
    exhaust = ready[:need_e]
    # Recycle exhausted runes first, so ready runes stay available.
    order = [r for r in runes if r.exhausted or r in exhaust] + [r for r in ready if r not in exhaust]
    if need_p > len(order):
        raise IllegalAction(f"{player} 无法支付 {cost}：符文池有符能 {pl.power}，可回收的符文只有 {len(order)} 枚。", "358.2")
    return Payment((use_e, use_p), exhaust, order[:need_p])


def _plan_domains(game: Game, player: str, cost: Cost, card: GameObject | None) -> Payment:
    """The same plan when domains matter: each point of power is matched to pool power or a recycled
    rune whose domain it accepts (163.2); pool power first, then exhausted runes, then ready ones."""
    pl = game.players[player]
    use_e = min(pl.energy, cost.energy)
    need_e = cost.energy - use_e
    runes = runes_of(game, player)
    ready = [r for r in runes if not r.exhausted]
    if need_e > len(ready):
        raise IllegalAction(f"{player} 无法支付 {cost}：符文池有法力 {pl.energy}，可休眠的符文只有 {len(ready)} 枚。", "358.2")
    exhaust = ready[:need_e]
    order = [r for r in runes if r.exhausted or r in exhaust] + [r for r in ready if r not in exhaust]
    pool = pool_units(pl)
    syms = cost.syms[:cost.power] + ["A"] * (cost.power - len(cost.syms))
    needs = [_allowed(s, card) for s in syms]
    # the most demanding points first, [A] last
    idx = sorted(range(len(needs)), key=lambda i: 99 if needs[i] is None else len(needs[i]))
    sources = pool + [rune_domain(r) for r in order]
    got = _match([needs[i] for i in idx], sources)
    if got is None:
        have = sym_text("任意" if d == "*" else d for d in pool) if pool else "无"
        runes_txt = "、".join(f"{r.label()}{sym_text(sorted(r.card.domains)) or '[任意]'}" for r in order) or "无"
        raise IllegalAction(f"{player} 无法支付 {cost}：符能存在特性之分，{sym_text(syms)} 无法由符文池的符能（{have}）"
                            f"和可回收的符文（{runes_txt}）支付（依据规则 163.2）。", "163.2")
    pool_used = [pool[j] for j in got if j < len(pool)]
    recycle = [order[j - len(pool)] for j in sorted(got) if j >= len(pool)]
    return Payment((use_e, len(pool_used)), exhaust, recycle, pool_used)


def pay(game: Game, player: str, cost: Cost, payment: Payment, text: str | None = None, rules=("357.1", "165")) -> None:
    pl = game.players[player]
    turn, spent = pl.power_spent
    pl.power_spent = (game.turn, (spent if turn == game.turn else 0) + cost.power)  # pool and reserved power alike
    reserved_changes = []
    for kind, r_e, r_p in payment.reserved:
        have = pl.reserved[kind]
        reserved_changes.append(Change(f"{player}的符文池（仅可用于{RESERVED_FOR.get(kind, kind)}）", "法力/符能",
                                       f"{have[0]}/{have[1]}", f"{have[0] - r_e}/{have[1] - r_p}"))
        have[0] -= r_e
        have[1] -= r_p
        cost = Cost(cost.energy - r_e, cost.power - r_p, cost.parts, sorted(cost.syms, key=lambda s: s == "A")[r_p:])
    left = pool_units(pl)
    for d in payment.pool_used:
        left.remove(d)
    changes = reserved_changes
    for r in payment.exhaust:
        r.exhausted = True
        pl.energy += 1
        changes.append(Change(r.label(), "状态", "活跃", "休眠（+1 法力）"))
    for r in payment.recycle:
        before = game.location_label(r)
        game.objects[r.oid].zone = "rune_deck"
        r.location, r.exhausted = None, False
        pl.zones["rune_deck"].append(r.oid)
        pl.power += 1
        changes.append(Change(r.label(), "位置", before, f"{player}的符文牌堆底（+1 {sym_text(sorted(r.card.domains))}{' ' if r.card.domains else ''}符能）"))
    changes.append(Change(f"{player}的符文池", "法力/符能", f"{pl.energy}/{pl.power}",
                          f"{pl.energy - cost.energy}/{pl.power - cost.power}"))
    pl.energy -= cost.energy
    pl.power -= cost.power
    if payment.pool_used or pl.power_domains:
        pl.power_domains = [d for d in left if d != "*"] if payment.pool_used else pl.power_domains[:pl.power]
    game.trace.add("step", text or f"步骤4 支付费用：{player} 支付 {cost}。", rules=rules, changes=changes)
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    for r in payment.recycle:  # recycling a rune is an event of its own (416.1.b), whatever it paid for
        triggered.fire(game, EventFacts("recycle_rune", player=player, obj=r, controller=player, origin="base",
                                        dest="rune_deck", amount=1, via="cost"))


def effect_play_cost(game: Game, player: str, card: GameObject, eff, who: str, ignore_energy: bool = False,
                     base: tuple | None = None, discount: int = 0) -> bool:
    """A card played by an effect goes through every step of playing, its cost included, unless the
    effect says to ignore the cost (419.3.b) or only its energy part (the power part still paid); an
    effect playing it "for [cost]" replaces its base costs with that cost (356.1.a).
    Returns whether it may be played (cost paid or ignored)."""
    if eff.ignore_cost:
        game.trace.add("step", f"{who}：打出 {card.label()}，无视其费用。", rules=("419.3.b",))
        return True
    cost = Cost()
    if base is not None:
        energy, syms = base
        game.trace.add("step", f"{who}：以 {fmt(energy, len(syms), list(syms))} 打出 {card.label()}：以此取代其基础费用。",
                       rules=("356.1.a",))
        cost.add(energy, len(syms), "基础费用（以指定费用打出）", card_syms(card, list(syms)))
        apply_modifiers(game, player, card, cost)
        cost.floor()
        return _pay_effect_play(game, player, card, cost, who)
    energy = 0 if ignore_energy else card.card.cost_energy
    if ignore_energy:
        game.trace.add("step", f"{who}：打出 {card.label()}，无视其法力费用（符能费用照常支付）。", rules=("419.3.b",))
    cost.add(energy, card.card.cost_power, "基础费用", card_syms(card, card.card.cost_power_syms))
    apply_modifiers(game, player, card, cost)
    if discount:  # "… its cost reduced by [3]": a reduction the playing effect itself applies (356.4)
        cost.add(-discount, 0, "打出它的效果减费")
    cost.floor()
    return _pay_effect_play(game, player, card, cost, who)


def _pay_effect_play(game: Game, player: str, card: GameObject, cost: Cost, who: str) -> bool:
    try:
        payment = plan(game, player, cost, card)
    except IllegalAction as err:
        game.trace.add("step", f"{who}：由效果打出的 {card.label()} 仍须支付费用（效果没有说无视费用），{err.message}"
                       "无法打出，它留在原处。", rules=("419.3.b",))
        return False
    pay(game, player, cost, payment, text=f"{who}：由效果打出 {card.label()}，{player} 支付其费用 {cost}。",
              rules=("419.3.b", "165"))
    return True
