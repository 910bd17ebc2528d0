"""Scenario setup -> Game. The scenario has already passed judge.dsl.validate."""

from __future__ import annotations

from judge.dsl import model as m
from judge.dsl.errors import ScenarioError
from judge.engine import battlefields, mighty
from judge.engine.choices import Choices
from judge.engine.state import Battlefield, Game, GameObject, Player


def _card(sc: m.Scenario, spec: m.ObjSpec, zone: str) -> m.CardDef:
    card = sc.cards.get(spec.card)
    if card is None:
        # Undefined names: a plain unit when placed on the board with a Might, else an unspecified card.
        card = m.CardDef(spec.card, type="unit" if zone in ("base", "battlefield") else "card",
                         might=spec.might or 0)
        sc.cards[spec.card] = card
    return card


def build_game(sc: m.Scenario, auto: bool = False) -> Game:
    order = [p.name for p in sc.players]
    if sc.mode == "2v2":
        teams = {p: "+".join(t) for t in sc.teams for p in t}
    else:
        teams = {p: p for p in order}
    points: dict[str, int] = {}
    for p in sc.players:
        points[teams[p.name]] = max(points.get(teams[p.name], 0), p.points)
    players = {p.name: Player(p.name, teams[p.name], p.energy, p.power, list(p.power_domains), xp=p.xp) for p in sc.players}
    bfs = {b.id: Battlefield(b.id, b.name or b.id, controller=b.controller, contested_by=b.contested_by,
                             scored_this_turn=set(b.scored_by)) for b in sc.battlefields}
    objects: dict[str, GameObject] = {}
    for p in sc.players:
        for z in p.zones:
            for spec in z.objects:
                card = _card(sc, spec, z.zone)
                on_board = z.zone in ("base", "battlefield")
                o = GameObject(spec.id, card, owner=p.name, controller=spec.controller or p.name,
                               zone="board" if on_board else z.zone,
                               location=("base" if z.zone == "base" else z.battlefield) if on_board else None,
                               damage=spec.damage, exhausted=spec.exhausted, buff=1 if spec.buff else 0,
                               stunned=spec.stunned, token=spec.token or card.token,
                               cannot_be_damaged=spec.cannot_be_damaged, keywords=dict(spec.keywords),
                               base_might=spec.might, attached_to=spec.attached_to)
                if on_board and (spec.damage or spec.buff or spec.stunned) and card.type != "unit":
                    raise ScenarioError("只有单位可以带有伤害、增益或眩晕。", file=spec.pos.file, line=spec.pos.line,
                                        column=spec.pos.column, rule="701")
                objects[o.oid] = o
                if not on_board:
                    players[p.name].zones[z.zone].append(o.oid)
    for pl in players.values():  # the card in the champion zone at setup names the Chosen Champion (103.2.a.3)
        pl.chosen_champion = next((objects[o].card.name for o in pl.zones["champion"]), None)
    for b in sc.battlefields:
        if b.facedown is not None:
            spec = b.facedown
            owner = spec.controller or b.controller
            if owner is None:
                raise ScenarioError("待命牌需要一名控制者（写“控制者 X”或为战场指定控制者）。", file=spec.pos.file,
                                    line=spec.pos.line, column=spec.pos.column, rule="188")
            card = _card(sc, spec, "facedown")
            objects[spec.id] = GameObject(spec.id, card, owner, owner, "facedown", b.id)
            bfs[b.id].facedown = spec.id
    game = Game(players=players, order=order, teams=teams, points=points, victory_score=sc.victory_score,
                mode=sc.mode, objects=objects, battlefields=bfs, turn_player=sc.turn_player, turn=sc.turn,
                phase=sc.phase, cards=sc.cards)
    game.choices = Choices(auto=auto)
    for b in sc.battlefields:  # a battlefield card's abilities live on its game object (170.8-170.10, 199.1)
        battlefields.place(game, b.id, sc.cards.get(b.name or b.id), b.controller or order[0])
    # Two opposing players' units on one battlefield: whoever does not control it is contesting it.
    for bf in bfs.values():
        present = game.players_at(bf.bid)
        if len(present) == 2 and bf.contested_by is None:
            others = [p for p in present if p != bf.controller]
            if len(others) != 1:
                b = next(x for x in sc.battlefields if x.id == bf.bid)
                raise ScenarioError(f"战场“{bf.bid}”上有两名玩家的单位，但无法判断是谁令其进入争夺状态："
                                    "请写“争夺 玩家”（进攻方）或“控制者 玩家”。", file=b.pos.file, line=b.pos.line,
                                    column=b.pos.column, rule="188")
            bf.contested_by = others[0]
        if bf.contested_by is not None and bf.contested_by not in present and present:
            pass
    mighty.watch(game)  # what is Mighty on the starting board already is (709)
    return game
