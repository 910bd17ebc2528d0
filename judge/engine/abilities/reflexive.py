"""Reflexive ("embedded") triggers inside a spell (386-388, 398; FAQ C-L422 Dragon's Rage, C-L435
Disintegrate, C-L451 Twisted Fate): "then do this" separates what follows from the spell's own
instructions. Nothing about it is chosen when the spell is played; once the spell has resolved its
instructions, its own triggered ability goes onto the chain waiting to be finalized, as every
trigger does (its targets chosen then), so players can respond to it on its own.

- `then`: created when the spell's instructions are done, unless what it refers to does not exist
  (Dragon's Rage: the unit did not actually move, or no other enemy unit is at its destination).
- `if_killed`: "if this damage killed it" -- lethal damage kills in the cleanup right after the
  spell, so the condition is checked there and the trigger is created after that cleanup (C-L435).
- `one_of`: "do one of the following" -- the controller picks which embedded trigger goes on the
  chain (scripted `选择模式 <card> N`; strict mode stops with the options).
- `times`: "do this N times" -- N pending items are created in order, only put on the chain; each
  is then finalized oldest first (its own targets and costs such as Deflect) and they resolve newest
  first, a cleanup after each.
"""

from __future__ import annotations

from judge.engine.cards import Trigger
from judge.engine import targeting
from judge.engine.chain_items import ChainItem
from judge.engine.state import Game, GameObject

_FAQ = {"then": ("C-L422",), "if_killed": ("C-L435",), "one_of": ("C-L451",), "times": ()}


def after_instructions(game: Game, item: ChainItem, card: GameObject, affected: list[GameObject],
                       damaged: list[tuple[str, int]]) -> None:
    """The spell's own instructions are done (it is still resolving)."""
    for rf in card.card.reflexive:
        if rf.condition == "if_killed":
            game.reflexive_watches.append((item, card.label(), rf, list(damaged)))
            game.trace.add("step", f"{card.label()} 的“若此伤害消灭了它，则执行此操作”：致命伤害在法术结算后的清理中"
                           "才会摧毁单位，因此在该清理之后检查条件。", rules=("387.2", "323.5"), faq=_FAQ["if_killed"])
        elif rf.condition == "times":
            game.trace.add("step", f"{card.label()} 的“进行 {rf.times} 次”：依次创建 {rf.times} 个待处理项目，"
                           "此时只放入结算链，其余步骤在确认时执行。", rules=("387.1.a", "388.2"))
            for _ in range(rf.times):
                _create(game, item, card.label(), rf, affected)
        else:
            _create(game, item, card.label(), rf, affected)


def check_after_cleanup(game: Game) -> None:
    """'If this damage killed it': the damaged unit was put in the trash by the cleanup after the spell."""
    watches, game.reflexive_watches = game.reflexive_watches, []
    for item, label, rf, damaged in watches:
        dead = [game.objects[oid] for oid, inc in damaged
                if oid in game.objects and game.objects[oid].zone == "trash" and game.objects[oid].incarnation == inc + 1]
        if not dead:
            game.trace.add("step", f"{label} 造成的伤害没有消灭目标：条件不满足，不创建内嵌式触发。",
                           rules=("387.2",), faq=_FAQ["if_killed"])
            continue
        game.trace.add("step", f"{label} 的伤害消灭了 {'、'.join(d.label() for d in dead)}：条件满足。",
                       rules=("387.2", "388.1"), faq=_FAQ["if_killed"])
        _create(game, item, label, rf, dead)


def _create(game: Game, item: ChainItem, label: str, rf, affected: list[GameObject]) -> None:
    t = game.trace
    effects = list(rf.effects)
    if rf.condition == "one_of":
        effects = [_pick_mode(game, item.controller, item, label, effects)]
    first, more = effects[0], effects[1:]
    memory = {"oid": item.oid, "linked": [targeting.snapshot(o) for o in affected]}
    if "here" in first.scope:
        moved = [o for o in affected if o.zone == "board"]
        if not moved:
            t.add("step", f"{label}：没有实际移动的单位（没有“其目的地”可以引用），内嵌式触发不会放入结算链。",
                  rules=("359.3.e.14.a",), faq=_FAQ["then"])
            return
        memory["where"] = moved[0].location
    if first.targets and not first.up_to:
        cands = candidates(game, item.controller, first, memory)
        if not cands:
            where = memory.get("where")
            at = f"{game.battlefields[where].label() if where in game.battlefields else '该处'}" if where else ""
            t.add("step", f"{label}：{at}没有可选择的目标，内嵌式触发不会放入结算链。", rules=("402.4",),
                  faq=_FAQ["then"])
            return
    trig = Trigger("reflexive", first, 0, 0, more)
    from judge.engine.chain_items import make_item

    new = make_item(game, None, trig, item.controller, label=label, oid=item.oid, memory=memory,
                    description=f"{label} 的内嵌式触发（执行此操作）")
    if not game.chain:
        game.chain_opened_by = "trigger"
    game.chain.append(new)
    t.add("step", f"{label} 的内嵌式触发作为单独的待处理项目放入结算链（控制者 {item.controller}）；其选择在确认时做出，"
          "玩家可以单独对它做出反应。", rules=("388.1", "400"), faq=_FAQ[rf.condition])


def candidates(game: Game, player: str, eff, memory: dict) -> list[GameObject]:
    """Targets of an embedded trigger: 'there' is the destination it refers to; 'another' excludes
    the object the spell's instruction affected."""
    cands = targeting.candidates(game, player, eff, where=memory.get("where"))
    if "other" in eff.scope:
        linked = {oid for oid, _ in memory.get("linked", [])}
        cands = [c for c in cands if c.oid not in linked]
    return cands


def _pick_mode(game: Game, player: str, item: ChainItem, label: str, modes: list):
    names = [str(i + 1) for i in range(len(modes))]
    for entry in list(game.choices.queue):
        if entry[0] == "choose_mode" and entry[1] == player and entry[2][0] in (item.oid, label) + _names(game, item):
            game.choices.queue.remove(entry)
            n = entry[2][1]
            if not 1 <= n <= len(modes):
                from judge.engine.errors import IllegalAction

                raise IllegalAction(f"{label} 只有 {len(modes)} 个模式可选（1–{len(modes)}），不能选择 {n}。", "387.1.b")
            game.trace.add("step", f"{player} 为 {label} 的“执行以下一项”选择第 {n} 项：该项作为内嵌式触发放入结算链。",
                           rules=("387.1.b",), faq=_FAQ["one_of"])
            return modes[n - 1]
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{label} 的“执行以下一项”：第 1 项。")
        return modes[0]
    # Options are whole scenario lines, so an interactive answer is inserted as it is listed.
    lines = [f"{player} 选择模式 {item.oid} {n}" for n in names]
    game.choices.need("choose_mode", player, f"{player} 需要为 {label} 的“执行以下一项”选择一项（共 {len(names)} 项）。",
                      lines, lines[0])


def _names(game: Game, item: ChainItem) -> tuple:
    o = game.objects.get(item.oid)
    return (o.card.name,) if o is not None else ()
