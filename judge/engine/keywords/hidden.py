"""待命 Hidden (811): the Hide action (811.1.b-c: pay [A], put the card facedown at a battlefield you
control that has no facedown card; hiding is not playing) and playing the card from facedown on a
later turn (811.1.b: base cost ignored, additional costs remain; 811.1.d: permanents go to that
battlefield, targets must be there; 811.6: it has [Reaction]). FAQ C-L143..C-L159, C-L494."""

from __future__ import annotations

from judge.engine.errors import IllegalAction
from judge.engine.keywords.base import Keyword, PlayOrigin
from judge.engine.state import Game, GameObject


class Hidden(Keyword):
    id, zh, aliases, rule = "hidden", ("待命",), ("hidden",), "811"

    def play_origin(self, game, player, card, n):
        if card.zone != "facedown":
            return None
        if card.controller != player:
            raise IllegalAction(f"{card.label()} 不是 {player} 的待命牌。", "811.1.b")
        if card.hidden_turn is not None and card.hidden_turn >= game.turn:
            raise IllegalAction(f"{card.label()} 在本回合刚被隐藏，要到之后的回合才能从待命状态打出。", "811.1.b")
        from judge.engine.statics import forbidder

        barred = forbidder(game, "allows_play_facedown", player, card.location)
        if barred is not None:  # can't beats can (054.1)
            raise IllegalAction(f"{card.label()} 不能从待命状态打出：{barred[0].label()} 的静态技能（{barred[1].display}）禁止"
                                "（“不能”优先于“可以”）。", "054.1")
        return Facedown(card.location)

    def discretionary_action(self, game, player, verb, args):
        if verb != "hide":
            return False
        hide(game, player, args)
        return True


class Facedown(PlayOrigin):
    """A facedown card played from the battlefield it was hidden at (a card set up facedown in a
    scenario was hidden on an earlier turn)."""

    timing = "reaction"  # 811.6
    base_cost_note = "基础费用被无视（从待命状态打出）"
    rule = "811.1.b"
    destination_rule = "811.1.d.1"

    def __init__(self, bid: str):
        self.at = bid

    def destination(self, game, card, dest):
        if dest not in (None, self.at):
            raise IllegalAction(f"从待命状态打出的常驻牌必须打出到其所在的战场 {self.at}。", "811.1.d.1")
        return self.at

    def check_targets(self, game, targets):
        for t in targets:
            if t.zone != "board" or t.location != self.at:
                raise IllegalAction(f"从待命状态打出时，目标必须位于该战场（{t.label()} 位于{game.location_label(t)}）。",
                                    "811.1.d.2")

    def leave(self, game, card):
        from judge.engine import zones

        zones.left_facedown(game, card)


def hide(game: Game, p: str, a: dict) -> None:
    """The Hide discretionary action (811.1.c): not a play, it opens no chain (811.1.c.1-2)."""
    from judge.engine import costs
    from judge.engine.refs import resolve_ref
    from judge.trace.events import Change

    card: GameObject = resolve_ref(game, a["card"])
    bf = game.battlefields[a["battlefield"]]
    if card.zone != "hand" or card.owner != p:
        raise IllegalAction(f"只能从自己的手牌隐藏卡牌（{card.label()} 位于{game.location_label(card)}）。", "811.1.b")
    if not card.has("hidden"):
        raise IllegalAction(f"{card.label()} 没有[待命]。", "811.1")
    if p != game.turn_player or game.phase != "main" or not game.neutral_open():
        raise IllegalAction("只能在自己回合的普通开环状态隐藏卡牌。", "811.1.b")
    if bf.controller != p:
        raise IllegalAction(f"只能把卡牌隐藏在自己控制的战场（{bf.label()} 的控制者：{bf.controller or '无'}）。", "811.1.b")
    from judge.engine import zones

    room = zones.facedown_capacity(game, bf.bid)
    if len(zones.facedown_at(game, bf.bid)) >= room:
        raise IllegalAction(f"{bf.label()} 的待命区域已满（最多 {room} 张待命牌）。", "811.1.b" if room == 1 else "107.3.b.1")
    cost = costs.Cost()
    cost.add(0, 1, "隐藏费用", ["A"])  # 811.1.b: pay [A] to hide
    try:
        payment = costs.plan(game, p, cost, card, reserved=False)  # hiding is not playing (811.1.c.1)
    except IllegalAction as err:
        raise IllegalAction(f"隐藏需要支付[A]：{err.message}", "811.1.b") from None
    game.players[p].zones["hand"].remove(card.oid)
    card.zone, card.location, card.hidden_turn = "facedown", bf.bid, game.turn
    bf.facedown = bf.facedown or card.oid
    t = game.trace
    t.add("action", f"{p} 支付[A]，将 {card.label()} 正面朝下隐藏在 {bf.label()}（隐藏不是打出）。", rules=("811.1.c.1",),
          changes=[Change(card.label(), "位置", f"{p}的手牌", f"{bf.label()}的待命区域")])
    t.depth += 1
    try:
        costs.pay(game, p, cost, payment, text=f"{p} 支付隐藏费用 {cost}。", rules=("811.1.b", "165"))
    finally:
        t.depth -= 1
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    from judge.engine.statics import may_look_at_facedown

    for viewer in game.order:  # a facedown card is private to its controller (128.4) unless an effect says
        allowed = may_look_at_facedown(game, viewer, card)
        if allowed is not None:
            t.add("step", f"{viewer} 可以查看这张待命牌：{card.label()}（{allowed[0].label()}，{allowed[1].display}）。",
                  rules=("128.4",))
    # "when you hide a card" (811.1.c): the card is facedown at the battlefield now
    triggered.fire(game, EventFacts("hide", player=p, obj=card, controller=p, dest=bf.bid, battlefield=bf.bid,
                                    via="hide"))
