"""Choosing: "choose a unit. … it …" and "choose a player/an opponent. They …".

`选择 <目标>` chooses game objects as the spell or ability is put on the chain; choosing is targeting
(355.5, 355.7), so the choice obeys the target restrictions and is checked again on resolution
(355.9, 359.3.d.4). It does nothing else: later instructions name the chosen objects with `它`.

`选择玩家 [对手|玩家]` chooses a player (a player may be a target, 355.9.a); later instructions
performed `由 所选玩家` are done by that player (judge.engine.performers)."""

from __future__ import annotations

from judge.engine import targeting
from judge.engine.instructions import EffectKind


class Choose(EffectKind):
    id, zh, aliases, rule = "choose", ("选择",), ("choose",), "355.7"

    def accepts(self, game, o):
        return None

    def apply(self, game, item, eff, legal, previous, who):
        if legal:
            game.trace.add("step", f"{who}：所选择的对象为 {'、'.join(o.label() for o in legal)}；之后的指示以“它”指代。",
                           rules=("355.7",))
            if item.memory is not None:
                item.memory["chosen"] = [targeting.snapshot(o) for o in legal]
        return legal


def chosen_objects(game, item) -> list:
    """The objects `选择` chose for this spell or ability, while they are still the same objects (359.3.d.4)."""
    out = []
    for oid, inc in (item.memory or {}).get("chosen", []):
        o = game.objects.get(oid)
        if o is not None and o.incarnation == inc and o.zone == "board":
            out.append(o)
    return out


PLAYER_WORDS = {"对手": "opponent", "opponent": "opponent", "玩家": "player", "player": "player"}


class ChoosePlayer(EffectKind):
    """The chosen player is kept on the chain item for the rest of its instructions."""

    id, zh, aliases, rule, targeted, needs_targets = "choose_player", ("选择玩家",), ("choose-player",), "355.9.a", False, False
    params = "对手（只能选择对手）或 玩家（任一玩家，包括自己）"

    def read_args(self, words):
        if len(words) > 1 or any(w not in PLAYER_WORDS for w in words):
            raise ValueError(f"效果“{self.display}”只接受“对手”或“玩家”。")
        return {"who": PLAYER_WORDS[words[0]] if words else "player"}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.choices import take_target as take_choice

        p = item.controller
        cands = game.order_from(p)
        if eff.args.get("who") == "opponent":
            cands = [q for q in cands if q in game.opponents(p)]
        if not cands:
            game.trace.add("step", f"{who}：没有可以选择的玩家。", rules=("355.9.a",))
            return previous
        picked = take_choice(game, item) if len(cands) > 1 else None
        if picked is not None:
            if len(picked) != 1 or picked[0] not in cands:
                from judge.engine.errors import IllegalAction

                raise IllegalAction(f"{who}：只能选择 {'、'.join(cands)} 中的一名玩家。", "355.9.a")
            chosen = picked[0]
        elif len(cands) == 1:
            chosen = cands[0]
        elif game.choices.auto:
            chosen = next((q for q in cands if q != p), cands[0])
            game.trace.add("auto", f"（自动选择）{p} 为 {item.source} 选择玩家 {chosen}。")
        else:
            game.choices.need("target", p, f"{p} 需要为 {item.source} 选择一名玩家（{'、'.join(cands)}）。", cands,
                              f"{p} 选择目标 {item.source} -> {cands[-1]}")
        item.memory["chosen_player"] = chosen
        game.trace.add("step", f"{who}：{p} 选择玩家 {chosen}；之后“该玩家”的指示由 {chosen} 执行。", rules=("355.9.a",))
        return previous


class ChooseMode(EffectKind):
    """"Choose one —": the options are the `选项：…` lines written after it (judge.engine.modes). The
    choice is made when the item is put on the chain (355.3); an item that reaches this instruction
    unexpanded chooses now."""

    id, zh, aliases, rule, targeted, needs_targets = "choose_mode", ("选择一项",), ("choose-one",), "355.3", False, False
    params = "可加模式规则（本回合未选过）；各选项写在其后的“选项：<效果>”行"

    def read_args(self, words):
        from judge.engine.modes import MODE_RULES

        part = MODE_RULES.lookup(words[0]) if len(words) == 1 else None
        if words and part is None:
            raise ValueError(f"效果“{self.display}”只接受一个模式规则（{'、'.join(r.display for r in MODE_RULES)}）。")
        return {"rule": part.id if part is not None else "any", "options": []}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine import modes
        from judge.engine.instructions import perform

        effects, notes = modes.expand(game, item.controller, [eff], item.source, game.objects.get(item.oid))
        modes.trace(game, notes)
        for e in effects:
            previous = perform(game, item, e, [], previous)
        return previous
