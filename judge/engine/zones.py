"""Zone changes (a card that changes zone becomes a new object, 119; cards only ever enter their
owner's non-board zones, 188), drawing, channelling runes (430) and burning out (431)."""

from __future__ import annotations

from judge.engine.state import Game, GameObject
from judge.trace.events import Change


def put_in_zone(game: Game, o: GameObject, zone: str, rules=("119",), why: str = "") -> Change:
    """Move `o` to `zone` of its owner (or to the board base of its controller)."""
    before = game.location_label(o)
    was_board = o.zone == "board"
    origin = o.location
    if was_board and zone != "board":
        # what it was as it left, for instructions that refer to it afterwards ("equal to the killed unit's
        # Might", "if it was a friendly unit"; 808.1.d.3), noted while its gear and auras still apply
        if o.is_unit:
            from judge.engine.layers import might

            o.last_might = might(game, o)
        o.last_controller = o.controller
        detach_from(game, o)
    if o.zone in game.players[o.owner].zones and o.oid in game.players[o.owner].zones[o.zone]:
        game.players[o.owner].zones[o.zone].remove(o.oid)
    if o.zone == "facedown" and o.location in game.battlefields:
        left_facedown(game, o)
    if was_board and zone != "board":
        # Leaving the board: damage, buffs, statuses and designations are not kept (119, 701).
        o.damage = 0
        o.damaged_by.clear()
        o.buff = 0
        o.stunned = False
        o.exhausted = False
        o.designation = None
        o.modifiers.clear()
        o.controller = o.owner
        o.declared_tag = None  # a new object: the tag named as it was played is forgotten (119)
        o.incarnation += 1
    controller = o.last_controller if was_board else o.controller
    if o.token and zone != "board":
        # A token that leaves the board ceases to exist (186.1: just after it moves there).
        o.zone, o.location = "gone", None
        change = Change(o.label(), "位置", before, "不复存在（指示物离开场地）")
    else:
        if zone == "board":
            o.zone, o.location = "board", "base"
        else:
            o.zone, o.location = zone, None
            game.players[o.owner].zones[zone].append(o.oid)
        change = Change(o.label(), "位置", before, game.location_label(o))
    if was_board and zone == "hand" and o.card.type == "unit":
        _returned_to_hand(game, o, origin, controller)
    if was_board and zone != "board":
        _left_board(game, o, origin, controller, zone)
    return change


def _left_board(game: Game, o: GameObject, origin, controller, zone: str) -> None:
    """A permanent left the board, for whatever zone (killed, returned, banished …): "when this leaves the board"."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("leave_board", player=controller, obj=o, controller=controller, origin=origin,
                                    dest=zone))


def _returned_to_hand(game: Game, o: GameObject, origin, controller) -> None:
    """A unit left the board for its owner's hand (056.2): "when a unit here returns to a player's hand"."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    triggered.fire(game, EventFacts("unit_to_hand", player=o.owner, obj=o, controller=controller, origin=origin,
                                    dest="hand"))


def facedown_at(game: Game, bid: str) -> list[GameObject]:
    """The cards in the facedown zone of battlefield `bid` (107.3.a)."""
    return [o for o in game.objects.values() if o.zone == "facedown" and o.location == bid]


def facedown_capacity(game: Game, bid: str) -> int:
    """The maximum occupancy of a battlefield's facedown zone: one card (107.3.b), more where a static
    ability increases it (107.3.b.1)."""
    from judge.engine.statics import on_board

    return 1 + sum(kind.facedown_room(game, src, params, bid) for src, kind, params in on_board(game))


def left_facedown(game: Game, o: GameObject) -> None:
    """`o` is leaving its battlefield's facedown zone: the battlefield's record names another card still
    there, if any."""
    bf = game.battlefields[o.location]
    if bf.facedown == o.oid:
        bf.facedown = next((x.oid for x in facedown_at(game, o.location) if x is not o), None)


def detach_from(game: Game, o: GameObject) -> None:
    """A unit leaving the board drops its attachments where they are; gear leaving is detached (716)."""
    if o.attached_to is not None:
        o.attached_to = None
    for gear in game.attachments(o.oid):
        gear.attached_to = None
        game.trace.add("change", f"{o.label()} 离开场地：{gear.label()} 被卸除，留在{game.location_label(gear)}。",
                       rules=("716",), changes=[Change(gear.label(), "贴附于", o.label(), None)])


def draw(game: Game, player: str, count: int = 1, why: str = "抽牌") -> None:
    for _ in range(count):
        if game.over:
            return
        deck = game.players[player].zones["deck"]
        while not deck:
            burn_out(game, player)
            if game.over:
                return
            deck = game.players[player].zones["deck"]
        oid = deck[0]
        o = game.objects[oid]
        deck.pop(0)
        o.zone = "hand"
        game.players[player].zones["hand"].append(oid)
        game.trace.add("change", f"{player} {why}：抽一张牌（{o.name}）。", rules=("315.4.b",) if why == "抽牌阶段" else (),
                       changes=[Change(o.label(), "位置", f"{player}的主牌堆", f"{player}的手牌")])
        drew(game, player, o)
    game.burnouts_in_sequence = 0


def draw_these(game: Game, player: str, cards: list, why: str) -> None:
    """Draw these cards of the player's main deck ("draw the revealed cards you didn't play", 413.1): each
    goes to the hand and counts as a card drawn."""
    for o in cards:
        deck = game.players[player].zones["deck"]
        if o.oid not in deck:
            continue
        deck.remove(o.oid)
        o.zone = "hand"
        game.players[player].zones["hand"].append(o.oid)
        game.trace.add("change", f"{player} {why}：抽 {o.label()}。", rules=("413.1",),
                       changes=[Change(o.label(), "位置", f"{player}的主牌堆", f"{player}的手牌")])
        drew(game, player, o)


def drew(game: Game, player: str, o: GameObject) -> None:
    """A card was drawn (413.1): the draw event, and the player's second card drawn this turn is one too."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    key = (player, game.turn)
    game.draws[key] = game.draws.get(key, 0) + 1
    triggered.fire(game, EventFacts("draw", player=player, obj=o, controller=player, origin="deck", dest="hand",
                                    amount=1))
    if game.draws[key] == 2:
        triggered.fire(game, EventFacts("second_draw", player=player, obj=o, controller=player, origin="deck",
                                        dest="hand", amount=2))


def discard(game: Game, player: str, cards: list[GameObject], who: str = "", via: str | None = None) -> list[Change]:
    """Discard (422.1): each card goes from its owner's hand straight to the trash, chosen by the player
    discarding (422.1.a); "when discarded" triggers happen after it (422.1.b)."""
    from judge.engine.abilities import triggered
    from judge.engine.abilities.facts import EventFacts

    cards = [o for o in cards if o.zone == "hand"]
    changes = [put_in_zone(game, o, "trash", rules=("422.1",)) for o in cards]
    game.trace.add("change", f"{who}：" * bool(who) + f"{player} 弃置 {'、'.join(o.label() for o in cards) or '（无）'}。",
                   rules=("422.1",), changes=changes)
    for o in cards:
        triggered.fire(game, EventFacts("discard", player=player, obj=o, controller=player, origin="hand",
                                        dest="trash", amount=1, via=via))
    if cards:
        key = (player, game.turn)
        game.discards[key] = game.discards.get(key, 0) + len(cards)
        triggered.fire(game, EventFacts("discard_cards", player=player, controller=player, origin="hand", dest="trash",
                                        amount=len(cards), via=via))
    return changes


def burn_out(game: Game, player: str) -> None:
    """431: shuffle the trash into the main deck, an opponent gains 1 point, then the action continues."""
    from judge.engine import scoring

    game.burnouts_in_sequence += 1
    p = game.players[player]
    trash = p.zones["trash"]
    moved = list(trash)
    p.zones["deck"].extend(moved)
    trash.clear()
    for oid in moved:
        game.objects[oid].zone = "deck"
    opp = choose_burnout_opponent(game, player)
    game.trace.add("step", f"{player} 燃尽：主牌堆没有可抽的牌。将废牌堆的 {len(moved)} 张牌洗入主牌堆，"
                   f"并选择对手 {opp} 获得 1 分（第 {game.burnouts_in_sequence} 次连续燃尽）。",
                   rules=("431",), faq=("R-BURN-OUT",))
    scoring.gain_points(game, opp, 1, why="对手燃尽", rules=("431",))
    if game.burnouts_in_sequence >= 2:
        # From the second burn out of a sequence, reaching the victory score with the lead wins at once.
        scoring.check_victory(game, rules=("431",), immediate=True)


def choose_burnout_opponent(game: Game, player: str) -> str:
    opps = game.opponents(player)
    teams = []
    for o in opps:
        if game.teams[o] not in [game.teams[t] for t in teams]:
            teams.append(o)
    if len(teams) == 1:
        return teams[0]
    picked = game.choices.take("burnout_pick", player)
    if picked is not None:
        if picked[2] in opps:
            return picked[2]
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{player} 燃尽时选择按回合顺序的下一名对手 {teams[0]} 获得 1 分。")
        return teams[0]
    game.choices.need("burnout_pick", player, f"{player} 燃尽：请选择获得 1 分的对手。", teams,
                      f"{player} 燃尽给分 {teams[0]}")


def channel(game: Game, player: str, count: int, exhausted: bool = False) -> list[GameObject]:
    """430: put the top runes of the rune deck onto the board (fewer if the deck has fewer), ready
    unless the effect says exhausted (430.2, 430.2.a). Returns the runes channeled."""
    deck = game.players[player].zones["rune_deck"]
    n = min(count, len(deck))
    out = []
    for _ in range(n):
        o = game.objects[deck.pop(0)]
        out.append(o)
        o.zone, o.location, o.exhausted = "board", "base", exhausted
        game.trace.add("change", f"{player} 召出符文 {o.name}{'（休眠）' if exhausted else ''}。",
                       rules=("430", "430.2") if exhausted else ("430",),
                       changes=[Change(o.label(), "位置", f"{player}的符文牌堆", f"{player}的基地")])
    if n < count:
        game.trace.add("note", f"{player} 的符文牌堆只有 {n} 张符文，有多少召出多少。", rules=("430",))
    return out
