"""Costs (356, 357): the total cost (base cost or ignored, additional costs, increases then
reductions, floor at zero) and paying it from the rune pool and the player's runes (165):
exhausting a rune adds one energy ([E]), recycling a rune adds one power; both are used during
payment as the rules allow for resource abilities (AL4 in the notes; FAQ C-L99)."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.errors import IllegalAction
from judge.engine.state import Game, GameObject
from judge.trace.events import Change


@dataclass
class Cost:
    energy: int = 0
    power: int = 0
    parts: list[str] = field(default_factory=list)  # how the total was built, for the trace

    def add(self, energy: int, power: int, why: str) -> None:
        self.energy += energy
        self.power += power
        if energy or power:
            self.parts.append(f"{why} {fmt(energy, power)}")

    def floor(self) -> None:
        self.energy, self.power = max(0, self.energy), max(0, self.power)

    def __str__(self) -> str:
        return fmt(self.energy, self.power)


def fmt(energy: int, power: int) -> str:
    if power and not energy:
        return f"符能 {power}"
    return f"法力 {energy}" + (f" + 符能 {power}" if power else "")


@dataclass
class Payment:
    from_pool: tuple[int, int]
    exhaust: list[GameObject]
    recycle: list[GameObject]


def runes_of(game: Game, player: str) -> list[GameObject]:
    return [o for o in game.board() if o.controller == player and o.card.type == "rune"]


def plan(game: Game, player: str, cost: Cost) -> Payment:
    """How the cost will be paid, or IllegalAction (nothing changed yet: 358.3.a undoes the play)."""
    pl = game.players[player]
    use_e = min(pl.energy, cost.energy)
    use_p = min(pl.power, cost.power)
    need_e, need_p = cost.energy - use_e, cost.power - use_p
    runes = runes_of(game, player)
    ready = [r for r in runes if not r.exhausted]
    if need_e > len(ready):
        raise IllegalAction(f"{player} 无法支付 {cost}：符文池有法力 {pl.energy}，可休眠的符文只有 {len(ready)} 枚。", "349")
    exhaust = ready[:need_e]
    # Recycle exhausted runes first, so ready runes stay available.
    order = [r for r in runes if r.exhausted or r in exhaust] + [r for r in ready if r not in exhaust]
    if need_p > len(order):
        raise IllegalAction(f"{player} 无法支付 {cost}：符文池有符能 {pl.power}，可回收的符文只有 {len(order)} 枚。", "349")
    return Payment((use_e, use_p), exhaust, order[:need_p])


def pay(game: Game, player: str, cost: Cost, payment: Payment) -> None:
    pl = game.players[player]
    changes = []
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
        changes.append(Change(r.label(), "位置", before, f"{player}的符文牌堆底（+1 符能）"))
    changes.append(Change(f"{player}的符文池", "法力/符能", f"{pl.energy}/{pl.power}",
                          f"{pl.energy - cost.energy}/{pl.power - cost.power}"))
    pl.energy -= cost.energy
    pl.power -= cost.power
    game.trace.add("step", f"步骤4 支付费用：{player} 支付 {cost}。", rules=("349", "165"), changes=changes)
