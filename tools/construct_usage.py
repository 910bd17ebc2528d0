"""Which shipped scenarios use each registered construct of the card-ability language.

    python tools/construct_usage.py            # print the constructs no scenario uses

A scenario uses a construct when a card it puts in play (defined in the scenario or a shipped card it
names) has an ability built from it, when an object is given a keyword, or when an action performs an
effect: keywords, effects, trigger events, trigger subjects and places, frequencies, statics, cost parts,
target counts, filter words and nouns, values, conditions, destinations and durations. Each is looked up
under the id of its registry (the same ids the construct table lists). tools/construct_table.py writes
the table into scenarios/README.md; tests/test_construct_usage.py fails when a construct has no scenario.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

SCENARIOS = REPO / "scenarios"


def registries() -> list[tuple[str, object]]:
    """(Chinese kind name, registry) in the construct table's order."""
    from judge.engine.abilities.events import EVENTS
    from judge.engine.abilities.filters import PLACES, SUBJECTS
    from judge.engine.cost_parts import COST_PARTS
    from judge.engine.instructions import EFFECTS
    from judge.engine.keywords import KEYWORDS
    from judge.engine.standard import LANGUAGE_REGISTRIES
    from judge.engine.statics import STATICS

    return [("关键词", KEYWORDS), ("效果", EFFECTS), ("触发时机", EVENTS), ("触发主体", SUBJECTS), ("触发地点", PLACES),
            ("静态技能", STATICS), ("费用项", COST_PARTS), *LANGUAGE_REGISTRIES()]


def constructs() -> list[tuple[str, str]]:
    """Every registered construct as (kind name, id); trigger events only those a card can name."""
    out = []
    for what, registry in registries():
        for part in registry:
            if what == "触发时机" and not getattr(part, "scriptable", True):
                continue
            out.append((what, part.id))
    return out


def _filter(f, add) -> None:
    if f is None:
        return
    for word, _arg in f.words:
        add("筛选词", word)
    add("名词", f.noun)


def _condition(c, add) -> None:
    """A condition, its filter, and the conditions joined to it with 且."""
    while c is not None:
        add("条件", c.kind)
        _filter(c.filter, add)
        c = getattr(c, "also", None)


def _effect(e, add) -> None:
    add("效果", e.kind)
    for word in e.scope:  # the older target forms (`敌方 此处 目标`) spell filter words too
        add("筛选词", word)
    if e.target is not None:
        add("数量", e.target.count)
        _filter(e.target.filter, add)
    if e.value is not None:
        add("数值", e.value.kind)
        _filter(e.value.filter, add)
    if e.condition is not None:
        _condition(e.condition, add)
    if e.dest or e.args.get("dest_word"):
        add("去向", e.dest or e.args["dest_word"])
    if e.duration:
        add("持续时间", e.duration)
    if e.args.get("next"):  # the one-shot duration 下次 is read by the effect itself
        add("持续时间", "next")
    if e.kind == "choose_mode":  # the options of 选择一项 and its mode rule
        add("模式规则", e.args.get("rule", "any"))
        for option in e.args.get("options", []):
            for inner in option:
                _effect(inner, add)
    if getattr(e, "performer", None):
        add("执行者", e.performer)
    if e.kind == "grant_keyword" and e.args.get("keyword"):
        add("关键词", e.args["keyword"])
    if e.delayed is not None:
        if getattr(e.delayed, "event", None):  # "the next time <event>" (391)
            add("触发时机", e.delayed.event)
        for inner in e.delayed.effects:
            _effect(inner, add)
    if e.kind == "impose" and e.args.get("static"):  # 施加限制 <静态词>: the "can't" it imposes
        add("静态技能", e.args["static"])
    if getattr(e, "instead", None) is not None:  # `改为 <效果> 若 <条件>` attached to the instruction it replaces
        add("效果", "instead")
        _effect(e.instead, add)


def card_uses(d, add) -> None:
    """The constructs a card definition (judge.engine.cards.CardDef) is built from."""
    for k in d.keywords:
        add("关键词", k)
    if d.equip_cost is not None:
        add("关键词", "equip")
    for e in [*d.effects, *(x for e in d.deathknells for x in (e, *e.more))]:
        _effect(e, add)
    from judge.engine.keywords import KEYWORDS

    for t in d.triggers:
        add("触发时机", t.event)
        if KEYWORDS.get(t.event) is not None:  # a keyword's own trigger (鼓舞, 812) is that keyword's ability
            add("关键词", t.event)
        for value, what in ((t.subject, "触发主体"), (t.place, "触发地点"), (t.frequency, "触发频率")):
            if value:
                add(what, value)
        if t.condition is not None:
            _condition(t.condition, add)
        for part, _n in getattr(t, "costs", ()) or ():  # a cost within its instructions (403.1.b.1)
            add("费用项", part)
        for e in [t.effect, *t.more]:
            _effect(e, add)
    for a in d.activated:
        if a.exhaust:
            add("费用项", "exhaust")
        if getattr(a, "condition", None) is not None:  # "use this only while …" (377.2.b)
            _condition(a.condition, add)
        for part, _n in a.costs:
            add("费用项", part)
        for e in a.effects:
            _effect(e, add)
    for part, _n in d.extra_costs:
        add("费用项", part)
    for oc in getattr(d, "optional_costs", ()):
        for part, _n in oc.parts:
            add("费用项", part)
    if d.extra_kill:
        add("费用项", "kill_friendly")
    for r in d.reflexive:
        for e in r.effects:
            _effect(e, add)
    for dl in d.delayed:
        for e in dl.effects:
            _effect(e, add)
    for sid, params in d.statics:
        add("静态技能", sid)
        if isinstance(params, dict):
            if params.get("target") is not None:
                add("数量", params["target"].count)
                _filter(params["target"].filter, add)
            if params.get("condition") is not None:
                _condition(params["condition"], add)
            if params.get("amount") is not None:  # a static's value ("costs less by the highest Might")
                add("数值", params["amount"].kind)
                _filter(params["amount"].filter, add)
            if params.get("keyword"):
                add("关键词", params["keyword"])
            if params.get("place"):
                add("战场状态", params["place"])
    if d.auras:
        add("静态技能", "aura")
        for a in d.auras:
            for word in a.scope:
                add("筛选词", word)
    if d.cost_mods:
        add("静态技能", "cost_mod")
    if d.prevents_enemy_ready:
        add("静态技能", "no_enemy_ready")
    if d.level_might:
        add("关键词", "level")


def scenario_uses(path: Path) -> set[tuple[str, str]]:
    """The constructs one scenario file uses (empty when it does not load)."""
    from judge.dsl.errors import ScenarioError
    from judge.dsl.parser import load_scenario
    from judge.dsl.validate import object_index, validate

    try:
        sc = load_scenario(path)
        validate(sc)  # also loads the shipped cards the scenario names
    except ScenarioError:
        return set()
    found: set[tuple[str, str]] = set()

    def add(what: str, cid: str) -> None:
        found.add((what, cid))

    objs = object_index(sc)
    names = {o.card for o, *_ in objs.values()} | {bf.name for bf in sc.battlefields if bf.name}
    for o, *_ in objs.values():
        for k in o.keywords:
            add("关键词", k)
    tokens = set()
    for step in sc.steps:
        a = step.action
        if a is None:
            continue
        if a.verb == "perform":
            _effect(a.args["effect"], add)
            if a.args["effect"].kind == "create_token":
                tokens.add(a.args["effect"].args.get("card"))
        else:
            add("效果", a.verb)  # the dedicated action words that perform an effect (deal, kill, stun, draw…)
    seen: set[str] = set()
    todo = [n for n in names | tokens if n in sc.cards]
    while todo:  # the cards in play, and the tokens their abilities create
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        d = sc.cards[name]
        card_uses(d, add)
        for e in _all_effects(d):
            if e.kind == "create_token" and e.args.get("card") in sc.cards:
                todo.append(e.args["card"])
    return found


def _all_effects(d) -> list:
    out = [*d.effects, *(x for e in d.deathknells for x in (e, *e.more))]
    for t in d.triggers:
        out += [t.effect, *t.more]
    for a in d.activated:
        out += a.effects
    return out


def usage() -> dict[tuple[str, str], list[str]]:
    """Construct -> the scenario files (relative to scenarios/) that use it, for every registered construct."""
    registered = constructs()
    out: dict[tuple[str, str], list[str]] = {c: [] for c in registered}
    extra = defaultdict(list)
    for path in sorted(SCENARIOS.rglob("*.场景")):
        rel = path.relative_to(SCENARIOS).as_posix()
        for c in scenario_uses(path):
            (out if c in out else extra)[c].append(rel)
    return out


def table(use: dict[tuple[str, str], list[str]] | None = None) -> str:
    """Markdown: for each registered construct, how many scenarios use it and the first few of them."""
    use = usage() if use is None else use
    rows = ["| 类别 | id | 使用它的场景数 | 例子 |", "|---|---|---|---|"]
    for (what, cid), files in use.items():
        shown = "、".join(f"`{f}`" for f in files[:3]) + ("…" if len(files) > 3 else "")
        rows.append(f"| {what} | `{cid}` | {len(files)} | {shown or '**（无）**'} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    use = usage()
    missing = [c for c, files in use.items() if not files]
    print(f"{len(use) - len(missing)} of {len(use)} registered constructs are used by a scenario; without one:")
    for what, cid in missing:
        print(f"  {what} {cid}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
