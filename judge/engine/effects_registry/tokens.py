"""Creating tokens (439): made directly where the effect says (439.2; by default a unit's base,
439.2.b.1), owned and controlled by the effect's controller (182, 183), in their type's default
state (a unit enters exhausted, 143.4 and 185.2.d; gear ready, 359.2.d) unless the effect says
活跃 or 休眠 (184.1). Tokens are not cards (185) and cease to exist outside the board and the chain (186.1)."""

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
        where = destination(game, item, eff.dest, None) if eff.dest else "base"
        if where is None:
            game.trace.add("step", f"{who}：没有可以创建指示物的位置。", rules=("439.2",))
            return []
        stated = eff.args.get("exhausted")
        # the effect may state ready or exhausted (184.1); else the type's default: units exhausted (143.4)
        exhausted = stated if stated is not None else card.type == "unit"
        counted = eff.value is not None and eff.value.kind != "n"  # "that many": it may be none
        n = eff.amount if counted else max(1, eff.amount)
        if n <= 0:
            game.trace.add("step", f"{who}：数量为 0，不创建{card.name}指示物。", rules=("439.2",))
            return []
        made = []
        base = card.name.split("（")[0]  # a printing's qualifier is not part of the id: 随从（祖安） -> 随从1
        for _ in range(n):
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
        game.trace.add("change", f"{who}：{p} 在{game.location_label(made[0])}创建 {len(made)} 个{card.name}指示物（{state}），"
                       f"由 {p} 拥有并控制。", rules=("439.2", "183", "182") + (("184.1",) if stated is not None
                                                                      else ("143.4",) if card.type == "unit" else ("359.2.d",))
                       + ((readied_by[1].rule,) if readied_by is not None else ()),
                       changes=[Change(o.label(), "位置", None, game.location_label(o)) for o in made])
        from judge.engine.abilities import triggered
        from judge.engine.abilities.facts import EventFacts

        for o in made:  # a created permanent enters the board (439.2), as a played one does
            triggered.fire(game, EventFacts("enter", player=p, obj=o, controller=p, origin=None, dest=where,
                                            via="create"))
        return made
