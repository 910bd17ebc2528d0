"""Creating tokens (439): made directly where the effect says (439.2: a base, here, a battlefield; with
`-> 可打出处` each wherever its player could play it, 439.2.b.1; else the base), owned and controlled
by the effect's controller (182, 183), in their type's default state (a unit enters exhausted, 143.4
and 185.2.d; gear ready, 359.2.d) unless the effect says 活跃 or 休眠 (184.1). Tokens are not cards (185) and cease to exist outside the board and the chain (186.1)."""

from __future__ import annotations

from judge.engine.instructions import EffectKind
from judge.engine.state import GameObject
from judge.engine.effects_registry.units import destination
from judge.trace.events import Change

STATES = {"休眠": True, "exhausted": True, "活跃": False, "ready": False}  # the state the effect states (184.1)


class CreateToken(EffectKind):
    id, zh, aliases, rule, targeted = "create_token", ("创建指示物",), ("create-token",), "439.2", False
    params = "指示物的卡牌名，可加 休眠 或 活跃（不写时按类型：单位休眠、装备活跃）；-> 基地、此处或战场"

    def read_args(self, words):
        state = [STATES[w] for w in words if w in STATES]
        names = [w for w in words if w not in STATES]
        if len(names) != 1 or len(state) > 1:
            raise ValueError(f"效果“{self.display}”需要一个指示物的卡牌名（用“卡牌”行定义），可加“休眠”或“活跃”。")
        return {"card": names[0], "exhausted": state[0] if state else None}

    def apply(self, game, item, eff, legal, previous, who):
        card = game.cards.get(eff.args["card"])
        if card is None:
            game.trace.add("step", f"{who}：未定义的指示物“{eff.args['card']}”，无法创建。", rules=("439.3",))
            return []
        p = item.controller
        counted = eff.value is not None and eff.value.kind != "n"  # "that many": it may be none
        n = eff.amount if counted else max(1, eff.amount)
        if n <= 0:
            game.trace.add("step", f"{who}：数量为 0，不创建{card.name}指示物。", rules=("439.2",))
            return []
        if eff.dest == "playable":
            wheres = _playable_locations(game, item, p, card, n, who)
        else:
            where = destination(game, item, eff.dest, None) if eff.dest else "base"
            if where is None:
                game.trace.add("step", f"{who}：没有可以创建指示物的位置。", rules=("439.2",))
                return []
            wheres = [where] * n
        stated = eff.args.get("exhausted")
        # the effect may state ready or exhausted (184.1); else the type's default: units exhausted (143.4)
        exhausted = stated if stated is not None else card.type == "unit"
        made = []
        base = card.name.split("（")[0]  # a printing's qualifier is not part of the id: 随从（祖安） -> 随从1
        wheres += wheres[:1] * _copies(game, p, card)  # with a copy, once per turn (371.1)
        for where in wheres:
            k = 1
            while f"{base}{k}" in game.objects:  # ids a scenario can name: 新兵1, 新兵2, …
                k += 1
            o = GameObject(f"{base}{k}", card, owner=p, controller=p, zone="board", location=where,
                           exhausted=exhausted, token=True)
            game.objects[o.oid] = o
            readied_by = None
            if o.exhausted:
                from judge.engine.statics import enters_ready

                readied_by = enters_ready(game, o)  # "your tokens enter ready" (364.3.a)
                o.exhausted = readied_by is None
            made.append(o)
        state = "休眠" if made[0].exhausted else "活跃"
        if readied_by is not None:
            state += f"，{readied_by[0].label()} 的静态技能（{readied_by[1].display}）使其以活跃状态进场"
        places = "、".join(dict.fromkeys(game.location_label(o) for o in made))
        game.trace.add("change", f"{who}：{p} 在{places}创建 {len(made)} 个{card.name}指示物（{state}），"
                       f"由 {p} 拥有并控制。", rules=("439.2", "183", "182") + (("184.1",) if stated is not None
                                                                      else ("143.4",) if card.type == "unit" else ("359.2.d",))
                       + ((readied_by[1].rule,) if readied_by is not None else ()),
                       changes=[Change(o.label(), "位置", None, game.location_label(o)) for o in made])
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        for o in made:  # a created permanent enters the board (439.2), as a played one does
            triggered.fire(game, EventFacts("enter", player=p, obj=o, controller=p, origin=None, dest=o.location,
                                            via="create"))
        return made


def _playable_locations(game, item, p: str, card, n: int, who: str) -> list[str]:
    """Where each of n unit tokens an effect plays without naming a location goes: any location its
    player could play it to (439.2.b.1), their base or a battlefield they control (355.2.a), each chosen
    on its own; scripted `<玩家> 选择目标 <来源> -> bf1[, 基地, …]` (one location for each token in
    order, or one for all). Gear and a player with only their base: the base."""
    from types import SimpleNamespace

    from judge.engine.choices import take_target

    valid = ["base"] + [bid for bid, bf in game.battlefields.items() if bf.controller == p]
    if card.type != "unit" or len(valid) == 1:
        return ["base"] * n
    picked = take_target(game, SimpleNamespace(controller=p, source=item.source, oid=getattr(item, "oid", None)))
    names = ["base" if w in ("基地", "base") else w for w in picked or ()]
    if names and all(w in valid for w in names) and len(names) in (1, n):
        wheres = names * n if len(names) == 1 else names
        shown = "、".join("基地" if w == "base" else w for w in wheres)
        game.trace.add("choice", f"{who}：{p} 选择把 {n} 个{card.name}指示物分别打出到：{shown}。", rules=("439.2.b.1", "355.2.a"))
        return wheres
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{who}：{p} 把{card.name}指示物打出到基地。", rules=("439.2.b.1",))
        return ["base"] * n
    options = ["基地" if w == "base" else w for w in valid]
    game.choices.need("target", p, f"{p} 需要为 {n} 个{card.name}指示物各选择打出的位置：{'、'.join(options)}（439.2.b.1、355.2.a）。",
                      options, f"{p} 选择目标 {item.source.split('（')[0]} -> " + ", ".join([options[-1]] * n))
    return ["base"] * n


def _copies(game, player: str, card) -> int:
    """1 when a once-per-turn replacement that adds a copy of the token unit being played applies
    (371.1; declined with a scripted `拒绝支付 <source>`, 371.2), else 0."""
    from judge.engine.statics import token_copy_source

    src = token_copy_source(game, player, card)
    if src is None:
        return 0
    entry = next((e for e in game.choices.queue if e[0] == "decline" and e[1] == player
                  and e[2] in (src.oid, src.card.name)), None)
    if entry is not None:  # declined: it has not been applied this turn (371.2.b)
        game.choices.queue.remove(entry)
        game.trace.add("step", f"{player} 选择不使用 {src.label()} 的替换效果（本回合一次）。", rules=("371.2", "371.2.b"))
        return 0
    game.abilities_used.add((src.oid, "token_and_copy", game.turn))
    game.trace.add("step", f"{src.label()} 的替换效果：{player} 改为打出该{card.name}指示物和它的一个复制体（本回合一次）。",
                   rules=("371.1", "370.1.b"))
    return 1
