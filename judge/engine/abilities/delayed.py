"""Delayed abilities (389): created by an effect as it resolves, they trigger later, in the window
the effect names ("at end of turn", "at the start of your next turn"). They are not tied to a unit
or gear: once created they trigger even if their source has left the board (the spell that made
them is in the trash by then). Information they refer to is fixed when they are created (the
object the creating instruction affected), while their own choices (targets) are made when the
delayed trigger is finalized on the chain. A window that has already passed when the effect
resolves creates nothing (an "at end of turn" ability created during the ending phase)."""

from __future__ import annotations

from judge.engine.cards import Trigger
from judge.engine import targeting
from judge.engine.chain_items import ChainItem
from judge.engine.state import Game, GameObject

WHEN_TEXT = {"end_of_turn": "本回合结束时", "next_turn_start": "你的下个回合开始时", "next": "下次"}
# "友方": a friendly player's event ("whenever a friendly unit is played": by you or an ally, 411.4)
NEXT_SUBJECTS = {"你": "you", "you": "you", "它": "it", "it": "it", "友方": "friendly", "friendly": "friendly",
                 "其拥有者": "owner", "owner": "owner",  # owner: the player who owns the card it refers to
                 "任意单位": "any_unit", "any-unit": "any_unit"}  # "whenever any unit …": its "it" is that unit
EACH_TIME = ("每次", "each-time")  # "whenever … this turn": not removed when it triggers (390.2)


def create_from(game: Game, item: ChainItem, card: GameObject, affected: list[GameObject]) -> None:
    for d in card.card.delayed:
        create(game, item.controller, card.label(), card.oid, d, affected)


def create(game: Game, controller: str, label: str, oid: str | None, d, affected: list[GameObject],
           location: str | None = None) -> None:
    """One delayed ability, made by the instruction now resolving (a spell's or a triggered ability's);
    `location` is where the creating ability's source was, fixed now (390.2): its "here"."""
    if d.when == "end_of_turn" and game.phase == "ending":
        game.trace.add("step", f"{label}：“{WHEN_TEXT[d.when]}”的时机已经开始，延迟技能不会生成，其指示被无视。",
                       rules=("359.3.e.16",))
        return
    game.delayed_abilities.append({
        "when": d.when, "controller": controller, "label": label, "oid": oid,
        "effects": list(d.effects), "turn": game.turn, "linked": [targeting.snapshot(o) for o in affected],
        "event": getattr(d, "event", None), "subject": getattr(d, "subject", None),
        "this_turn": getattr(d, "this_turn", False), "repeat": getattr(d, "repeat", False), "location": location})
    ref = f"，引用 {'、'.join(o.label() for o in affected)}" if affected else ""
    game.trace.add("step", f"{label} 生成一个延迟触发式技能：{_when_text(game.delayed_abilities[-1])}触发（控制者 {controller}{ref}）。",
                   rules=("390.2", "391") if d.when == "next" else ("390.2",))


def _when_text(d: dict) -> str:
    if d["when"] != "next":
        return WHEN_TEXT[d["when"]]
    from judge.engine.abilities.events import EVENTS

    who = {"you": "你", "friendly": "友方", "owner": "其拥有者", "any_unit": "任意单位"}.get(d["subject"], "它")
    if d.get("repeat"):
        return f"本回合每次{who}{EVENTS[d['event']].label}"
    return f"{'本回合' if d['this_turn'] else ''}下次{who}{EVENTS[d['event']].label}"


def witness(game: Game, facts) -> None:
    """"The next time …" (391): a waiting one-shot delayed ability whose event just happened, to its
    controller ("you") or to the object it refers to ("it"), triggers once and is gone; one that was
    for this turn only is gone once the turn has moved on."""
    from judge.engine.abilities.events import EVENTS

    for d in [d for d in game.delayed_abilities if d["when"] == "next"]:
        if d["this_turn"] and d["turn"] != game.turn:
            game.delayed_abilities.remove(d)
            continue
        entry = EVENTS.get(d["event"])
        if entry is None or entry.of != facts.event or not entry.concerns(facts):
            continue
        subject = _SUBJECT_TESTS.get(d["subject"])
        if subject is not None and not subject(game, d, facts):
            continue
        if not d.get("repeat"):
            game.delayed_abilities.remove(d)
        first, more = d["effects"][0], d["effects"][1:]
        from judge.engine.chain_items import make_item

        item = make_item(game, None, Trigger("delayed", first, 0, 0, more), d["controller"], label=d["label"],
                         oid=d["oid"], memory={"oid": d["oid"], "linked": d["linked"], "facts": facts,
                                 "location": d.get("location")},
                         description=f"{d['label']} 的延迟触发式技能（{_when_text(d)}）", rules=("390.2", "391"))
        if not game.chain:
            game.chain_opened_by = "trigger"
        game.chain.append(item)
        once = "本回合内每次发生都会触发" if d.get("repeat") else "只触发这一次"
        game.trace.add("step", f"{_when_text(d)}：{item.description}触发（{once}），作为待处理项目加入结算链。",
                       rules=("390.2", "391"))


# whose event a "the next time …" ability waits for, by its subject (NEXT_SUBJECTS)
_SUBJECT_TESTS = {
    "you": lambda game, d, facts: facts.player == d["controller"],
    "friendly": lambda game, d, facts: facts.player is not None and game.teams[facts.player] == game.teams[d["controller"]],
    "it": lambda game, d, facts: _is_linked(facts, d["linked"]),
    "owner": lambda game, d, facts: facts.player in {o.owner for oid, _inc in d["linked"]
                                                    if (o := game.objects.get(oid)) is not None},
    "any_unit": lambda game, d, facts: facts.obj is not None and facts.obj.card.type == "unit",
}


def _is_linked(facts, linked) -> bool:
    """Whether the event's object is the one the delayed ability refers to. An event that took it off
    the board ("the next time it dies this turn") made it a new object (119): the object the event
    happened to is the one it was just before, so its previous incarnation is the one compared."""
    refs = {tuple(x) for x in linked}
    obj = facts.obj
    if obj is None:  # an event about several units (the winners of a combat)
        return any((o.oid, o.incarnation) in refs for o in facts.objs)
    left = obj.zone != "board" and facts.origin not in (None, "hand", "deck", "trash", "banishment", "chain")
    return (obj.oid, obj.incarnation) in refs or (left and (obj.oid, obj.incarnation - 1) in refs)


def pending(game: Game) -> list[dict]:
    return list(game.delayed_abilities)


def fire(game: Game, when: str, player: str | None = None) -> bool:
    """The window opened: the matching delayed abilities trigger once and leave the list. Players'
    items go on the chain in turn order from the turn player, each player's in creation order.
    Returns whether any triggered (the turn procedure then plays the chain out, see turn)."""
    waiting = game.delayed_abilities
    due = [d for d in waiting if d["when"] == when and d["when"] != "next" and _due(game, d, player)]
    if not due:
        return False
    for d in due:
        waiting.remove(d)
    order = game.order_from(game.turn_player)
    due.sort(key=lambda d: order.index(d["controller"]) if d["controller"] in order else len(order))
    for d in due:
        first, more = d["effects"][0], d["effects"][1:]
        trig = Trigger("delayed", first, 0, 0, more)
        src = game.objects.get(d["oid"])
        gone = f"（其来源 {d['label']} 已不在场上，仍然触发）" if src is None or src.zone != "board" else ""
        from judge.engine.chain_items import make_item

        item = make_item(game, None, trig, d["controller"], label=d["label"], oid=d["oid"],
                         memory={"oid": d["oid"], "linked": d["linked"], "location": d.get("location")},
                         description=f"{d['label']} 的延迟触发式技能（{WHEN_TEXT[when]}）", rules=("390.2",))
        if not game.chain:
            game.chain_opened_by = "trigger"
        game.chain.append(item)
        game.trace.add("step", f"{WHEN_TEXT[when]}：{item.description}触发，作为待处理项目加入结算链{gone}。",
                       rules=("390.2", "392") if gone else ("390.2",))
    return True


def _due(game: Game, d: dict, player: str | None) -> bool:
    if d["when"] == "end_of_turn":
        return d["turn"] == game.turn
    return d["controller"] == player and d["turn"] < game.turn
