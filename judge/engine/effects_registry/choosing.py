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
                # each of several performers adds to what the spell has chosen ("each other player chooses a unit")
                before = item.memory.get("chosen", []) if item.memory.get("performers_choose") else []
                item.memory["chosen"] = before + [targeting.snapshot(o) for o in legal]
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


class OneByDomain(EffectKind):
    """"Do one of the following according to the revealed rune's domain": a reflexive trigger (387.1.b,
    FAQ C-L451) whose option is the one written for a domain of the previous instruction's object (the
    domains listed after the word, in the order of the `选项：…` lines after it). The option goes on the
    chain as its own pending item; its targets are chosen when it is finalized (388.1), so players can
    respond to it. No option for that domain: nothing goes on the chain."""

    id, zh, aliases, rule, targeted, needs_targets = "one_by_domain", ("按其特性执行一项",), ("do-one-by-its-domain",), \
        "387.1.b", False, False
    params = "各选项对应的特性（如 炽烈 灵光 序理），各选项写在其后的“选项：<效果>”行，顺序相同"

    def read_args(self, words):
        from judge.engine.vocab import DOMAINS

        letters = {name: k for k, (name, _more, _en) in DOMAINS.items()}
        letters.update({en: k for k, (_n, _more, ens) in DOMAINS.items() for en in ens})
        if not words or any(w not in letters for w in words):
            raise ValueError(f"效果“{self.display}”需要各选项对应的特性（{'、'.join(n for n, _m, _e in DOMAINS.values())}）。")
        return {"domains": [letters[w] for w in words], "options": []}

    def apply(self, game, item, eff, legal, previous, who):
        from judge.engine.cards import Trigger
        from judge.engine.chain_items import make_item
        from judge.engine.vocab import DOMAINS

        seen = list(previous)[:1]
        have = seen[0].card.domains if seen else []
        names = "、".join(DOMAINS[d][0] for d in have if d in DOMAINS) or "无"
        options = eff.args.get("options", [])
        index = next((i for i, d in enumerate(eff.args.get("domains", [])) if d in have and i < len(options)), None)
        if index is None or not options[index]:
            game.trace.add("step", f"{who}：{seen[0].label() if seen else '展示的牌'}的特性为{names}，没有对应的一项，"
                           "不执行任何一项。", rules=("387.1.b",), faq=("C-L451",))
            return previous
        first, *more = options[index]
        memory = {"oid": item.oid, "location": (item.memory or {}).get("location")}
        new = make_item(game, None, Trigger("reflexive", first, 0, 0, list(more)), item.controller, label=item.source,
                        oid=item.oid, memory=memory, description=f"{item.source} 的内嵌式触发（第 {index + 1} 项）")
        if not game.chain:
            game.chain_opened_by = "trigger"
        game.chain.append(new)
        game.trace.add("step", f"{who}：{seen[0].label()}的特性为{names}，执行第 {index + 1} 项：它作为内嵌式触发放入结算链"
                       "（待处理），其目标在确认时选择。", rules=("387.1.b", "388.1"), faq=("C-L451",))
        return previous
