"""Static checks of a parsed scenario: references exist, and the setup is possible under the rules.

Each impossible setup is rejected with the rule that makes it impossible.
"""

from __future__ import annotations

from judge.dsl import model as m
from judge.dsl.errors import ScenarioError, suggest
from judge.engine import actions, vocab
from judge.engine.choices import DECK_BOTTOM, DECK_TOP
from judge.recordtype import field_names

PLAYER_COUNT = {"1v1": 2, "2v2": 4, "ffa3": 3, "ffa4": 4}
DEFAULT_VICTORY = {"1v1": 8, "2v2": 11, "ffa3": 8, "ffa4": 8}
ZONE_WORDS = {"基地": "base", "base": "base", "手牌": "hand", "hand": "hand", "主牌堆": "deck", "deck": "deck",
              "符文牌堆": "rune_deck", "rune-deck": "rune_deck", "废牌堆": "trash", "trash": "trash",
              "放逐": "banishment", "banishment": "banishment", "英雄区": "champion", "champion-zone": "champion",
              "传奇区": "legend", "legend-zone": "legend", "结算链": "chain", "chain": "chain",
              "待命": "facedown", "facedown": "facedown"}
BOARD_ZONES = ("base", "battlefield")


def _err(msg, pos: m.Pos, **kw):
    return ScenarioError(msg, file=pos.file, line=pos.line, column=pos.column, **kw)


def object_index(sc: m.Scenario) -> dict[str, tuple[m.ObjSpec, str, str, str | None]]:
    """id -> (spec, owner, zone, battlefield). Objects without an id get `<card>#n`."""
    out = {}
    counter: dict[str, int] = {}
    for p in sc.players:
        for z in p.zones:
            for o in z.objects:
                key = o.id
                if key is None:
                    counter[o.card] = counter.get(o.card, 0) + 1
                    key = f"{o.card}#{counter[o.card]}"
                    o.id = key
                if key in out:
                    raise _err(f"标识“{key}”被声明了两次：一个游戏物体在同一时刻只能位于一个位置。", o.pos,
                               text=key, rule="197")
                out[key] = (o, p.name, z.zone, z.battlefield)
    for bf in sc.battlefields:
        if bf.facedown is not None:
            o = bf.facedown
            if o.id is None:
                counter[o.card] = counter.get(o.card, 0) + 1
                o.id = f"{o.card}#{counter[o.card]}"
            if o.id in out:
                raise _err(f"标识“{o.id}”被声明了两次。", o.pos, text=o.id, rule="197")
            owner = o.controller or bf.controller
            out[o.id] = (o, owner, "facedown", bf.id)
    return out


def validate(sc: m.Scenario) -> None:
    names = [p.name for p in sc.players]
    if not sc.players:
        raise ScenarioError("场景中没有声明任何玩家（“玩家 甲”）。", file=sc.file, line=1, column=1)
    for i, n in enumerate(names):
        if n in names[:i]:
            raise _err(f"玩家“{n}”被声明了两次。", sc.players[i].pos, text=n)
    want = PLAYER_COUNT[sc.mode]
    if len(names) != want:
        raise _err(f"模式 {sc.mode} 需要 {want} 名玩家，场景中有 {len(names)} 名。", sc.players[0].pos, rule="481")
    if sc.victory_score is None:
        sc.victory_score = DEFAULT_VICTORY[sc.mode]
    if sc.turn_player is None:
        sc.turn_player = names[0]
    pos0 = sc.players[0].pos

    def need_player(n, pos):
        if n not in names:
            raise _err(f"未知的玩家“{n}”。", pos, text=n, suggestions=suggest(n, names))

    need_player(sc.turn_player, pos0)
    if sc.mode == "2v2":
        if len(sc.teams) != 2 or sorted(sum(sc.teams, [])) != sorted(names):
            raise _err("2v2 模式需要两行“队伍 X Y”，每名玩家恰好属于一个队伍。", pos0, rule="481")
        team = {p: i for i, t in enumerate(sc.teams) for p in t}
        if any(team[a] == team[b] for a, b in zip(names, names[1:] + names[:1])):
            raise _err("2v2 的回合顺序在两队之间交替：请按回合顺序声明玩家（如 甲、乙、丙、丁，甲丙同队）。", pos0,
                       rule="481")
    elif sc.teams:
        raise _err("只有 2v2 模式才有队伍。", pos0, rule="481")
    team_of = {p: i for i, t in enumerate(sc.teams) for p in t} if sc.teams else {p: p for p in names}

    bf_ids = [b.id for b in sc.battlefields]
    for i, b in enumerate(sc.battlefields):
        if b.id in bf_ids[:i]:
            raise _err(f"战场“{b.id}”被声明了两次。", b.pos, text=b.id)
        for who in [b.controller, b.contested_by, *b.scored_by]:
            if who is not None:
                need_player(who, b.pos)
    objs = object_index(sc)
    walked: dict[int, list] = {}  # id(card) -> its effects (the cards stay in sc.cards meanwhile)
    _real_cards(sc, objs, walked)
    for oid, (o, owner, zone, bf) in objs.items():
        if o.controller is not None:
            need_player(o.controller, o.pos)
        card = sc.cards.get(o.card)
        if zone in BOARD_ZONES and card is None and o.might is None:
            from judge.cards import suggest as real_names

            raise _err(f"未定义的卡牌“{o.card}”：场上的物体需要先用“卡牌”行定义、写明“战力 N”，或使用卡牌目录中的真实卡名。",
                       o.pos, text=o.card, suggestions=suggest(o.card, sc.cards) + real_names(o.card, 3))
        if zone == "battlefield" and bf not in bf_ids:
            raise _err(f"未声明的战场“{bf}”。", o.pos, text=bf, suggestions=suggest(bf, bf_ids))
        if zone in ("deck", "hand", "trash", "rune_deck", "banishment", "champion", "legend") and o.controller \
                and o.controller != owner:
            raise _err("卡牌不会进入其他玩家的非场地区域：这里的物体必须由其所属者控制。", o.pos, rule="188")
    # Attachments (716): gear on the board, attached to a unit on the board at the same location.
    for oid, (o, owner, zone, bf) in objs.items():
        if o.attached_to is None:
            continue
        target = objs.get(o.attached_to)
        card = sc.cards.get(o.card)
        if target is None:
            raise _err(f"未知的单位“{o.attached_to}”。", o.pos, text=o.attached_to, suggestions=suggest(o.attached_to, objs))
        if card is None or card.type != "gear" or zone not in BOARD_ZONES:
            raise _err("只有场上的装备可以贴附于单位。", o.pos, rule="716")
        t_spec, _, t_zone, t_bf = target
        t_card = sc.cards.get(t_spec.card)
        if t_zone not in BOARD_ZONES or (t_card is not None and t_card.type != "unit"):
            raise _err(f"“{o.attached_to}”不是场上的单位，装备无法贴附于它。", o.pos, rule="716")
        if (t_zone, t_bf) != (zone, bf):
            raise _err("已贴附的装备与其所贴附的单位位于同一位置：请把它写在同一个区域行中。", o.pos, rule="716")
    # Battlefield occupancy: units of at most two players, never two teammates (447.2, 459).
    for b in sc.battlefields:
        occupants = []
        for oid, (o, owner, zone, bf) in objs.items():
            if zone == "battlefield" and bf == b.id:
                ctrl = o.controller or owner
                if ctrl not in occupants:
                    occupants.append(ctrl)
        if len(occupants) > 2:
            raise _err(f"战场“{b.id}”上有三名或更多玩家的单位（{'、'.join(occupants)}）：战斗只能在两名玩家之间发生，"
                       "单位也不能移动到已有两名其他玩家单位的战场。", b.pos, rule="447.2")
        if len(occupants) == 2 and team_of[occupants[0]] == team_of[occupants[1]]:
            raise _err(f"战场“{b.id}”上同时有队友 {occupants[0]} 和 {occupants[1]} 的单位：队友的单位不能位于同一处战场。",
                       b.pos, rule="447.2")
        if b.contested_by is not None and b.contested_by == b.controller:
            raise _err("战场的控制者不能同时是令其进入争夺状态的玩家。", b.pos, rule="188")
    ids = set(objs) | set(names) | set(bf_ids)
    card_names = {o.card for o, *_ in objs.values()}
    # tokens created by an effect are named by their card and a number (新兵1, 新兵2, …; effects_registry.tokens)
    created = {f"{c.name.split('（')[0]}{k}" for c in sc.cards.values() if c.token for k in range(1, 10)}
    refs = ids | card_names | created | {"基地", "base", "游戏", "game"} | set(ZONE_WORDS)
    # tags a scripted choice may name: gained by 获得标签, or named as a card is played (355.1)
    tags = _choosable_tags(sc.cards.values(), walked) | {t for c in sc.cards.values() for t in getattr(c, "tags", ())}
    for step in sc.steps:
        if step.kind == "step_check":
            _check_step_rule(step)
        if step.kind == "probe" and step.action.verb in actions.CHOICE_VERBS:
            raise _err("选择（如分配伤害、选择目标）不能在副本上试行：它只在需要它的行动中生效。"
                       "要检查某个伤害分配是否合法，请写“期望非法 甲 分配伤害 …”。", step.pos, rule="465")
        if step.action is not None:
            _check_action(step.action, names, objs, bf_ids, refs, tags)
        if step.expectation is not None:
            _check_expectation(step.expectation, refs, names)
    for e in sc.expectations:
        _check_expectation(e, refs, names)


def _real_cards(sc: m.Scenario, objs, walked: dict | None = None) -> None:
    """Names the scenario does not define but the card catalog has: the shipped card (facts + encoding).
    A local `卡牌` line (or an included file's) always wins."""
    from judge.cards.encoded import real_card_def

    for o, _owner, zone, _bf in objs.values():
        if o.card not in sc.cards:
            card = real_card_def(o.card, zone)
            if card is not None:
                sc.cards[o.card] = card
    for b in sc.battlefields:  # `战场 bf1 = 冰霜要塞`: the battlefield card and its abilities (170.8-170.10)
        if b.name and b.name not in sc.cards:
            card = real_card_def(b.name)
            if card is not None and card.type == "battlefield":
                sc.cards[b.name] = card
    add_real_tokens(sc.cards, walked=walked)


def add_real_tokens(cards: dict, extra=(), walked: dict | None = None) -> None:
    """Add to `cards` (name -> CardDef) the real tokens the cards in it (and `extra`) create (创建指示物
    "精灵", 替换战场 草丛), and the tokens those create, so that the effect finds their facts."""
    from judge.cards.encoded import real_card_def

    todo = [*cards.values(), *extra]
    while todo:
        for name in _created_tokens(todo.pop(), walked):
            if name not in cards:
                card = real_card_def(name)
                if card is not None:
                    cards[name] = card
                    todo.append(card)


def _created_tokens(card, walked: dict | None = None) -> list[str]:
    """The token card names a card's abilities create (any `create_token` effect, however nested)."""
    return [a.get("card") or a.get("name") for a in _effect_args(card, ("create_token", "replace_battlefield"), walked)]


def _choosable_tags(cards, walked: dict | None = None) -> set[str]:
    """Tags a scripted `选择目标 <来源> -> 猫科` may name: those a `获得标签 A/B/…` effect lets its controller choose."""
    return {t for c in cards for a in _effect_args(c, ("gain_tag",), walked) for t in a.get("tags", ())}


def _effect_args(card, kinds, walked: dict | None = None) -> list[dict]:
    """The parameters of every effect of these kinds in a card's abilities, however nested.

    `walked` (id(card) -> (kind, args) of all its effects) lets one validation walk each card once
    for every question it asks; the caller keeps the cards alive while it holds the ids."""
    effects = walked.get(id(card)) if walked is not None else None
    if effects is None:
        effects = _card_effects(card)
        if walked is not None:
            walked[id(card)] = effects
    return [args for kind, args in effects if kind in kinds]


def _card_effects(card) -> list[tuple[str, dict]]:
    """_effects of a card, reused for a card whose fields are the very objects of one walked before: the
    cards of an included file are shallow copies of the file's cards, parsed once per process (the
    walk's answer is a function of those objects, which nothing changes once parsed)."""
    names = field_names(card)
    if names is None:
        return _effects(card)
    values = [getattr(card, f, None) for f in names]
    key = (type(card), *map(id, values))
    hit = _WALKED.get(key)
    if hit is not None:
        return hit[1]
    effects = _effects(card)
    if len(_WALKED) >= _WALKED_MAX:
        _WALKED.clear()
    _WALKED[key] = (values, effects)  # the values kept alive: their ids stay theirs while the entry exists
    return effects


_WALKED: dict[tuple, tuple[list, list]] = {}
_WALKED_MAX = 4096


def _effects(card) -> list[tuple[str, dict]]:
    """(kind, parameters) of every effect in a card's abilities, however nested, in walking order."""
    out, stack, seen = [], [card], set()
    shapes = _SHAPES
    while stack:
        x = stack.pop()
        shape = shapes.get(type(x))
        if shape is None:
            shape = shapes[type(x)] = _shape(type(x))
        if shape is _ATOM or id(x) in seen:
            continue
        seen.add(id(x))
        if shape is _SEQ:
            stack.extend(x)
        elif shape is _DICT:  # an effect's own parameters (the options of 选择一项)
            stack.extend(x.values())
        elif shape is not _OTHER:  # a record: its field names
            if isinstance(args := getattr(x, "args", None), dict):
                out.append((getattr(x, "kind", None), args))
            stack.extend([getattr(x, f, None) for f in shape])
    return out


# How the walk treats a value, by its type (asked once per type: the walk meets the same few types often).
_ATOM, _SEQ, _DICT, _OTHER = "atom", "seq", "dict", "other"
_SHAPES: dict[type, object] = {}


def _shape(t: type):
    if t is type(None) or issubclass(t, (str, int, float, bool)):
        return _ATOM
    if issubclass(t, (list, tuple)):
        return _SEQ
    if issubclass(t, dict):
        return _DICT
    names = field_names(t)
    return _OTHER if names is None else names


def _check_step_rule(step: m.Step) -> None:
    if step.rule not in vocab.STEPS:
        known = "；".join(f"{k} {v[0]}" for k, v in vocab.STEPS.items())
        raise _err(f"“步骤后”之后应为一个可以停下检查的步骤的规则编号，“{step.rule}”不是。可用的有：{known}。",
                   step.pos, text=step.rule, suggestions=suggest(step.rule, list(vocab.STEPS)))


def _check_ref(word, pos, refs, what="物体"):
    if word not in refs:
        raise _err(f"未知的{what}“{word}”。", pos, text=word, suggestions=suggest(word, refs))


def _check_action(a: m.Action, names, objs, bf_ids, refs, tags=frozenset()):
    if a.player is not None and a.player not in names:
        raise _err(f"未知的玩家“{a.player}”。", a.pos, text=a.player, suggestions=suggest(a.player, names))
    for key in ("units", "targets", "objects"):
        for u in a.args.get(key, []) or []:
            if a.verb == "choose_target" and (u in DECK_TOP + DECK_BOTTOM or u in tags):  # a deck end, a tag to gain
                continue
            _check_ref(u, a.pos, refs)
    for key in ("target", "source"):
        if a.args.get(key):
            _check_ref(a.args[key], a.pos, refs)
    if "dest" in a.args and a.args["dest"] not in bf_ids and a.args["dest"] not in ("基地", "base"):
        raise _err(f"未知的终点位置“{a.args['dest']}”：应为一处战场的标识或“基地”。", a.pos, text=a.args["dest"],
                   suggestions=suggest(a.args["dest"], list(bf_ids) + ["基地"]))
    if a.verb == "perform" and a.args.get("to"):
        to = a.args["to"]
        if to not in bf_ids and to not in refs and to not in ("此处", "here"):
            raise _err(f"未知的终点位置“{to}”：应为一处战场的标识、“基地”、“此处”或一个单位。", a.pos, text=to,
                       suggestions=suggest(to, list(bf_ids) + ["基地", "此处"]))
    if a.verb == "assign":
        for u, _ in a.args["assignment"]:
            _check_ref(u, a.pos, refs)
    if a.verb == "pick_battlefield":
        _check_ref(a.args["battlefield"], a.pos, set(bf_ids), "战场")
    if a.verb == "hide":
        _check_ref(a.args["battlefield"], a.pos, set(bf_ids), "战场")
    if a.verb == "burnout_pick":
        _check_ref(a.args["opponent"], a.pos, set(names), "玩家")


def _check_expectation(e: m.Expectation, refs, names):
    if e.kind == "winner":
        if e.value not in names and e.value not in ("无", "none"):
            raise _err(f"未知的玩家“{e.value}”。", e.pos, text=e.value, suggestions=suggest(e.value, names))
    elif e.kind == "subject":
        _check_ref(e.subject, e.pos, refs)
        if e.predicate == "in":
            _check_ref(e.value, e.pos, refs, "位置")
        if e.predicate == "controller" and e.value not in names and e.value not in ("无", "none"):
            raise _err(f"未知的玩家“{e.value}”。", e.pos, text=e.value, suggestions=suggest(e.value, names))
        if e.predicate == "pool" and e.subject not in names:
            raise _err(f"符文池属于玩家：“{e.subject}”不是玩家。", e.pos, text=e.subject, suggestions=suggest(e.subject, names))
        if e.predicate in ("focus", "priority"):
            what = "焦点" if e.predicate == "focus" else "优先行动权"
            if e.subject in ("游戏", "game"):
                if e.value is None:
                    raise _err(f"“游戏 {what}”之后应写拥有它的玩家或“无”，例如“游戏 {what} {names[0]}”。", e.pos)
                if e.value not in names and e.value not in ("无", "none"):
                    raise _err(f"未知的玩家“{e.value}”。", e.pos, text=e.value, suggestions=suggest(e.value, names))
            elif e.subject not in names:
                raise _err(f"只有玩家拥有{what}：写“甲 {what}”或“游戏 {what} 甲”。", e.pos, text=e.subject,
                           suggestions=suggest(e.subject, names))
            elif e.value is not None:
                raise _err(f"“{e.subject} {what}”之后不写名字；要写拥有者，请写“游戏 {what} {e.value}”。", e.pos,
                           text=e.value)
        if e.predicate == "combat":
            words = list(vocab.spellings(vocab.COMBAT_RESULTS))
            if e.value not in words and e.value not in names:
                raise _err(f"未知的战斗结果“{e.value}”：应为“进攻方胜”“防守方胜”“无胜负”（战场），“胜”“负”“无胜负”"
                           "（玩家或单位），或获胜的玩家。", e.pos, text=e.value,
                           suggestions=suggest(e.value, words + list(names)))
