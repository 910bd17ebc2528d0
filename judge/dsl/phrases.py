"""Reading the words of an ability line (the card-ability language, /scenarios/README.md).

The grammar gives each ability line as a shape (kind word, words, "：", effects); this module reads
the words with the engine's registries: effects, trigger events and subjects, filters, counts,
nouns, values, conditions, destinations, durations, static abilities and cost parts. An unknown word
is a Chinese error at its file:line:column, naming what kind of word was expected and suggesting the
nearest spellings of that registry."""

from __future__ import annotations

from judge.dsl.lalr import Token

from judge.dsl import model as m
from judge.dsl.errors import ScenarioError, suggest
from judge.dsl.sections.common import _num, _text
from judge.engine import conditions, filters, performers, values
from judge.engine.abilities import events, frequencies
from judge.engine.abilities import filters as trigger_filters
from judge.engine.cards import Condition, Filter, TargetSpec, Value

ARROW, SEP = "->", "，"  # markers the grammar's atom_arrow / atom_sep rules produce
IF_WORDS = ("若", "如果", "if")
PAY_WORDS = ("支付", "以此支付", "pay")
MAY_WORDS = ("可以", "may")
BY_WORDS = ("由", "by")


class Marker(str):
    """A punctuation atom (arrow, comma) with its source position."""

    def __new__(cls, text, line, column):
        s = super().__new__(cls, text)
        s.line, s.column = line, column
        return s


class Words:
    """A cursor over the atoms of one phrase."""

    def __init__(self, atoms, file: str, what: str):
        self.atoms, self.i, self.file, self.what = list(atoms), 0, file, what

    def peek(self, k: int = 0):
        j = self.i + k
        return self.atoms[j] if j < len(self.atoms) else None

    def next(self):
        tok = self.peek()
        self.i += 1
        return tok

    def done(self) -> bool:
        return self.i >= len(self.atoms)

    @staticmethod
    def text(tok) -> str:
        return _text(tok) if tok is not None else ""

    def error(self, message: str, tok=None, *, registry=None, rule: str = "", spellings=None):
        tok = tok if tok is not None else (self.atoms[-1] if self.atoms else None)
        words = spellings if spellings is not None else (registry.spellings() if registry is not None else {})
        word = self.text(tok)
        return ScenarioError(message, file=self.file, line=getattr(tok, "line", 0) or 0,
                             column=getattr(tok, "column", 0) or 0, text=word or None,
                             expected=[w for w in words if not w.isascii()][:12] or None,
                             suggestions=suggest(word, words) if word and words else [], rule=rule or None)

    def is_int(self, tok=None) -> bool:
        tok = self.peek() if tok is None else tok
        return isinstance(tok, Token) and tok.type == "INT"

    def is_signed(self, tok=None) -> bool:
        tok = self.peek() if tok is None else tok
        return isinstance(tok, Token) and tok.type == "SIGNED"

    def lookup(self, registry, tok=None):
        tok = self.peek() if tok is None else tok
        if not isinstance(tok, Token) or tok.type not in ("NAME", "STRING"):
            return None
        return registry.lookup(self.text(tok))


# ------------------------------------------------------------------ filters and targets

def read_filter(w: Words, *, first=None) -> Filter:
    """`<筛选词…> [名词]`: filter words with their arguments, ended by a noun (default: unit)."""
    words = []
    while not w.done():
        tok = w.peek()
        noun = w.lookup(filters.NOUNS)
        if noun is not None:
            w.next()
            return Filter(tuple(words), noun.id)
        part = w.lookup(filters.FILTERS)
        if part is None:
            break
        w.next()
        arg = None
        if part.arg is not None:
            arg_tok = w.next()
            if arg_tok is None:
                raise w.error(f"筛选词“{part.display}”后面需要一个参数。", tok, rule=part.rule)
            arg = _filter_arg(w, part, arg_tok)
        words.append((part.id, arg))
    return Filter(tuple(words), "unit")


def _filter_arg(w: Words, part, tok):
    if part.arg == "int":
        if not w.is_int(tok):
            raise w.error(f"筛选词“{part.display}”后面应为整数。", tok, rule=part.rule)
        return _num(tok)
    if part.arg == "keyword":
        return _keyword(w, tok)
    return w.text(tok)


def _keyword(w: Words, tok) -> str:
    from judge.engine.keywords import KEYWORDS

    kw = KEYWORDS.lookup(w.text(tok)) if tok is not None else None
    if kw is None:
        raise w.error("未知的关键词。", tok, registry=KEYWORDS, rule="800")
    return kw.id


def starts_target(w: Words) -> bool:
    tok = w.peek()
    if w.is_int(tok) and w.text(w.peek(1)) in ("名", "个", "张"):
        return True
    return any(w.lookup(r) is not None for r in (filters.COUNTS, filters.FILTERS, filters.NOUNS))


ONE_BATTLEFIELD_WORDS = ("同一战场", "at-one-battlefield")
ONE_LOCATION_WORDS = ("同一位置", "at-one-location")
DIFFERENT_LOCATIONS_WORDS = ("不同位置", "at-different-locations")


def read_target(w: Words) -> TargetSpec:
    """`[数量] <筛选…> <名词> [总战力不超过 N | 同一战场 | 同一位置 | 不同位置]`."""
    count, n = "one", 1
    tok = w.peek()
    if w.is_int(tok) and w.text(w.peek(1)) in ("名", "个", "张"):
        count, n = "n", _num(w.next())
        w.next()
    else:
        c = w.lookup(filters.COUNTS)
        if c is not None:
            w.next()
            count = c.id
            if c.takes_n:
                if not w.is_int():
                    raise w.error(f"“{c.display}”后面应为数量（整数）。", w.peek() or tok, rule=c.rule)
                n = _num(w.next())
                if w.text(w.peek()) in ("名", "个", "张"):
                    w.next()
            elif c.id in ("any_number", "per_location"):
                n = 99
    if count == "self":
        return TargetSpec(count, 0, Filter((), "card"))
    if count in ("it", "chosen"):  # `它 落单`: the previous instruction's (or `选择`'s) objects that fit the words after it
        return TargetSpec(count, 0, Filter(read_filter(w).words, "card"))
    flt = read_filter(w)
    limit = 0
    if w.text(w.peek()) in ONE_BATTLEFIELD_WORDS:  # the group is at one battlefield, any total Might (355.11)
        w.next()
        from judge.engine.group_targets import ANY_MIGHT

        return TargetSpec(count, n if count != "all" else 0, flt, ANY_MIGHT)
    if w.text(w.peek()) in ONE_LOCATION_WORDS:  # the group is at one location, a base too (355.11)
        w.next()
        from judge.engine.group_targets import ANY_LOCATION

        return TargetSpec(count, n if count != "all" else 0, flt, ANY_LOCATION)
    if w.text(w.peek()) in DIFFERENT_LOCATIONS_WORDS:  # each target at a different location (355.9.b)
        w.next()
        from judge.engine.group_targets import DIFFERENT_LOCATIONS

        return TargetSpec(count, n if count != "all" else 0, flt, DIFFERENT_LOCATIONS)
    if w.text(w.peek()) in ("总战力不超过", "total-might"):
        w.next()
        if not w.is_int():
            raise w.error("“总战力不超过”后面应为整数。", w.peek(), rule="355.11")
        limit = _num(w.next())
    return TargetSpec(count, n if count != "all" else 0, flt, limit)


# ------------------------------------------------------------------ values and conditions

def read_value(w: Words) -> Value | None:
    tok = w.peek()
    if w.is_int(tok) or w.is_signed(tok):
        if w.text(w.peek(1)) in ("名", "个", "张"):
            return None  # a count of targets, not a value
        w.next()
        return Value("n", _num(tok))
    kind = w.lookup(values.VALUES)
    if kind is None or kind.id == "n":
        return None
    w.next()
    flt = read_filter(w) if kind.takes_filter else None
    times = 0
    if (kind.takes_filter or kind.takes_times) and w.text(w.peek()) in TIMES_WORDS:  # `每 <筛选…> <名词> 乘 N`: N for each
        tok = w.next()
        if not w.is_int():
            raise w.error("“乘”后面应为整数（如 每 友方 单位 乘 2）。", w.peek() or tok, rule=kind.rule)
        times = _num(w.next())
    return Value(kind.id, times, flt)


TIMES_WORDS = ("乘", "times")


NOT_WORDS = ("非", "not")
AND_WORDS = ("且", "and")


def read_condition(w: Words) -> Condition:
    """`[非] <条件词> [N] [筛选…]` (`非`: the condition does not hold)."""
    negated = w.text(w.peek()) in NOT_WORDS
    if negated:
        w.next()
    tok = w.next()
    kind = w.lookup(conditions.CONDITIONS, tok)
    if kind is None:
        raise w.error("未知的条件。", tok, registry=conditions.CONDITIONS, rule="383.2.a.1")
    n = 0
    if kind.takes_n:
        if not w.is_int():
            raise w.error(f"条件“{kind.display}”后面应为整数。", w.peek() or tok, rule=kind.rule)
        n = _num(w.next())
        if w.text(w.peek()) in ("名", "个", "张", "次"):
            w.next()
    flt = read_filter(w) if kind.takes_filter else None
    also = None
    if w.text(w.peek()) in AND_WORDS:  # `若 A 且 B`: both must hold
        w.next()
        also = read_condition(w)
    return Condition(kind.id, n, flt, negated, also)


# ------------------------------------------------------------------ effects

def read_effect(atoms, file: str) -> m.Effect:
    """`<效果词> [可以] [数值] [目标] [-> 去向] [持续] [若 条件]`."""
    from judge.engine.instructions import EFFECTS, EffectKind

    w = Words(atoms, file, "效果")
    first = w.next()
    kind = w.lookup(EFFECTS, first)
    if kind is None:
        raise w.error("未知的效果。", first, registry=EFFECTS, rule="349")
    eff = m.Effect(kind.id, pos=m.Pos(file, getattr(first, "line", 0), getattr(first, "column", 0)))
    if getattr(kind, "wraps_effect", False):  # `改为 <效果> 若 <条件>` (370.1.b): a whole instruction follows
        if w.done():
            raise w.error(f"“{kind.display}”后面应为一个效果（如“造成伤害 4 它 若 其为进攻方”）。", first, rule=kind.rule)
        eff.args = {"effect": read_effect(atoms[1:], file)}
        return eff
    own_args = type(kind).read_args is not EffectKind.read_args
    extra = []  # words for the effect kind's own parameters (EffectKind.read_args)
    while not w.done():
        tok = w.peek()
        word = w.text(tok)
        if word in MAY_WORDS:
            w.next()
            eff.optional = True
        elif word in IF_WORDS:
            w.next()
            eff.condition = read_condition(w)
        elif word in BY_WORDS:
            w.next()
            ptok = w.next()
            part = w.lookup(performers.PERFORMERS, ptok) if ptok is not None else None
            if part is None:
                raise w.error("未知的执行者。", ptok or tok, registry=performers.PERFORMERS, rule="355.10.e")
            eff.performer = part.id
        elif isinstance(tok, Marker) and tok == ARROW:
            w.next()
            dtok = w.next()
            dest = w.lookup(filters.DESTINATIONS, dtok)
            if dest is None:
                raise w.error("未知的去向。", dtok or tok, registry=filters.DESTINATIONS, rule="445")
            eff.dest = dest.id if dest.id != "battlefield" else None
            if eff.dest is None:  # `-> 战场`: chosen when played (355.4); the word is kept for the usage table
                eff.args["dest_word"] = dest.id
        elif (dur := w.lookup(filters.DURATIONS)) is not None:
            w.next()
            if dur.one_shot and not own_args:
                raise w.error(f"效果“{kind.display}”不接受“{w.text(tok)}”。", tok, rule=dur.rule)
            if not dur.one_shot:  # a one-shot word ("下次") is the effect's own parameter, beside 本回合
                eff.duration = dur.id
            if own_args:
                extra.append(tok)
        elif eff.value is None and eff.target is None and (value := read_value(w)) is not None:
            eff.value = value
        elif eff.target is None and starts_target(w):
            eff.target = read_target(w)
        elif own_args:
            extra.append(w.next())
        else:
            raise w.error(f"效果“{kind.display}”中无法识别的词：应为数值、目标（数量 筛选词 名词）、“-> 去向”、持续时间或“若 条件”。",
                          tok, spellings={**filters.FILTERS.spellings(), **filters.COUNTS.spellings(),
                                          **values.VALUES.spellings(), **filters.DURATIONS.spellings()},
                          rule=kind.rule)
    if own_args:
        try:
            eff.args = kind.read_args([w.text(t) for t in extra])
        except ValueError as err:
            raise w.error(str(err), extra[0] if extra else first, rule=kind.rule) from None
    _fill_legacy(eff)
    if eff.performer is not None and performers.PERFORMERS[eff.performer].chooses_on_resolution:
        eff.targets = 0  # each performer chooses their own objects as it resolves: not a target (355.10.e)
    if kind.amount and eff.value is None:
        raise w.error(f"效果“{kind.display}”需要一个数值（如 2、X、我的战力、每 此处 友方 单位）。", first, rule=kind.rule)
    if kind.targeted and kind.needs_targets and eff.target is None:
        raise w.error(f"效果“{kind.display}”需要目标（如“一名 敌方 单位”“所有 此处 单位”“自身”）。", first,
                      rule=kind.rule)
    return eff


def attach_instead(effects: list, file: str) -> list:
    """An `改为 …` instruction replaces the one written before it (370.1.b): it becomes that one's
    `instead` and leaves the list."""
    out: list = []
    for eff in effects:
        inner = eff.args.get("effect") if isinstance(eff, m.Effect) and eff.kind == "instead" else None
        if inner is None:
            out.append(eff)
            continue
        if not out or not isinstance(out[-1], m.Effect) or out[-1].instead is not None:
            pos = eff.pos or m.Pos(file, 0, 0)
            raise ScenarioError("“改为”应紧跟在它替换的那条指示之后（同一行，用“；”或“并且”隔开），且每条指示只能被替换一次。",
                                file=file, line=pos.line, column=pos.column, text="改为", rule="370.1.b")
        out[-1].instead = inner
    return out


def _fill_legacy(eff: m.Effect) -> None:
    """The older fields the engine still reads (targets, up_to, group limit, scope words)."""
    if eff.value is not None and eff.value.kind == "n":
        eff.amount = eff.value.n
    spec = eff.target
    if spec is None:
        return
    eff.scope = tuple(word for word, _ in spec.filter.words)
    if spec.count == "self":
        eff.scope = ("self",)
    if spec.targeted:
        eff.targets = spec.n
        eff.up_to = spec.count in ("up_to", "any_number", "per_location")
        eff.group_limit = spec.group_limit


# ------------------------------------------------------------------ triggers, statics, costs

def read_trigger(atoms, file: str, effects: list) -> m.Trigger:
    """`当 [主语] <时机> [地点] [频率] [若 条件] [费用 N] [符能 N|[A]…] [支付 <费用项>[，…]]`: a cost its
    controller may pay or decline when it is put on the chain ("you may pay …", 404.2); after `支付`, a cost
    within its instructions ("you may exhaust me to …", 403.1.b.1) read as an ability's cost items."""
    w = Words(atoms, file, "触发条件")
    subject = place = frequency = event = cond = None
    energy = power = 0
    syms: list[str] = []  # one per power point, so a domain ([R]) is paid with that domain's power (163.2)
    parts: list = []
    while not w.done():
        tok = w.peek()
        word = w.text(tok)
        if word in PAY_WORDS:
            w.next()
            if w.done():
                raise w.error("“支付”后面应为费用项（如“休眠”“费用 1”）。", tok, rule="403.1.b.1")
            more, paid, exhaust, parts, _timing = read_costs(w.atoms[w.i:], file)
            energy, power, syms = energy + more, power + len(paid), syms + paid
            parts = [("exhaust", 0)] * exhaust + parts
            break
        if word in IF_WORDS:
            w.next()
            cond = read_condition(w)
            continue
        if word in ENERGY_WORDS:
            w.next()
            if not w.is_int():
                raise w.error(f"“{word}”后面应为整数。", w.peek() or tok, rule="404.2")
            energy += _num(w.next())
            continue
        if word in POWER_WORDS:
            w.next()
            while isinstance(w.peek(), Token) and w.peek().type in ("DOMAIN_SYM", "INT"):
                t2 = w.next()
                power += _num(t2) if t2.type == "INT" else 1
                syms += ["A"] * _num(t2) if t2.type == "INT" else [str(t2)[1]]
            continue
        ev = w.lookup(events.EVENTS)
        if ev is not None and ev.scriptable and event is None:
            event = ev.id
        elif (s := w.lookup(trigger_filters.SUBJECTS)) is not None and subject is None:
            subject = s.id
        elif (pl := w.lookup(trigger_filters.PLACES)) is not None:
            place = pl.id
        elif (fr := w.lookup(frequencies.FREQUENCIES)) is not None:
            frequency = fr.id
        else:
            words = {**events.EVENTS.spellings(), **trigger_filters.SUBJECTS.spellings(), **trigger_filters.PLACES.spellings(),
                     **frequencies.FREQUENCIES.spellings()}
            raise w.error("触发条件中无法识别的词：应为主语、时机、地点、频率或“若 条件”。", tok, spellings=words,
                          rule="382")
        w.next()
    if event is None:
        raise w.error("触发式技能缺少时机（如“进攻时”“打出时”）。", atoms[0] if atoms else None,
                      registry=events.EVENTS, rule="382")
    return m.Trigger(event, effects[0], energy=energy, power=power, more=list(effects[1:]), subject=subject,
                     place=place, frequency=frequency, condition=cond, costs=parts, power_syms=syms)


def read_next(atoms, file: str, effects: list) -> m.Delayed:
    """`下次 <你|它> <时机> [本回合] [每次]`: the delayed ability "the next time …" (391), triggered once;
    with `每次`, "whenever … this turn" (390.2), triggered each time within its window; or `下次 本回合结束时`
    / `下次 你的下个回合开始时`: one that triggers in that window (389, 390.2), where `它` is what the
    instruction creating it acted on."""
    from judge.dsl.sections.cards import DELAYED_TIMES
    from judge.engine.abilities.delayed import EACH_TIME, NEXT_SUBJECTS

    if len(atoms) == 1 and str(atoms[0]) in DELAYED_TIMES:
        return m.Delayed(DELAYED_TIMES[str(atoms[0])], list(effects))
    w = Words(atoms, file, "下次")
    subject = event = None
    this_turn = repeat = False
    while not w.done():
        tok = w.next()
        word = w.text(tok)
        if word in NEXT_SUBJECTS and subject is None:
            subject = NEXT_SUBJECTS[word]
        elif (d := w.lookup(filters.DURATIONS, tok)) is not None and d.id == "this_turn":
            this_turn = True
        elif word in EACH_TIME:
            repeat = True
        elif (ev := w.lookup(events.EVENTS, tok)) is not None and ev.scriptable and event is None:
            event = ev.id
        else:
            raise w.error("“下次”中无法识别的词：应为主语（你、它、友方、其拥有者、任意单位）、时机、“本回合”、“每次”。", tok, registry=events.EVENTS, rule="391")
    if event is None or subject is None:
        raise w.error("“下次”需要主语（你 或 它）和时机（如“打出单位时”）。", atoms[0] if atoms else None,
                      registry=events.EVENTS, rule="391")
    if repeat and not this_turn:
        raise w.error("“每次”需要一个时间范围：写“本回合 每次”。", atoms[0] if atoms else None, rule="390.2")
    return m.Delayed("next", list(effects), event=event, subject=subject, this_turn=this_turn, repeat=repeat)


def read_static(atoms, file: str) -> tuple[str, dict]:
    """`静态 <静态词> [关键词] [数值] [受影响对象] [若 条件]` -> (static id, params)."""
    from judge.engine.statics import STATICS

    w = Words(atoms, file, "静态技能")
    first = w.next()
    kind = w.lookup(STATICS, first)
    if kind is None:
        raise w.error("未知的静态技能。", first, registry=STATICS, rule="349")
    params: dict = {"value": None}
    if getattr(kind, "arg", None) == "keyword":
        params["keyword"] = _keyword(w, w.next() or first)
    elif getattr(kind, "arg", None) == "tags" and not w.done() and w.text(w.peek()) not in IF_WORDS:
        params["tags"] = w.text(w.next()).split("/")  # `打出时宣告标签 鸟类/猫科`: the tags it may name
    elif getattr(kind, "arg", None) == "place":
        from judge.engine.play_locations import PLACE_STATES

        tok = w.next()
        state = w.lookup(PLACE_STATES, tok) if tok is not None else None
        if state is None:
            raise w.error("未知的战场状态。", tok or first, registry=PLACE_STATES, rule="170.11")
        params["place"] = state.id
    elif getattr(kind, "arg", None) == "cost":  # `以费用 N [符能 [R]…]`: "for [N][R]" (356.1.a)
        if w.text(w.peek()) in FOR_COST_WORDS:
            w.next()
        if not w.is_int():
            raise w.error("应为“以费用 N [符能 [R]…]”。", w.peek() or first, rule="356.1.a")
        energy, syms = _num(w.next()), []
        if w.text(w.peek()) in POWER_WORDS:
            w.next()
            while isinstance(w.peek(), Token) and w.peek().type in ("DOMAIN_SYM", "INT"):
                t2 = w.next()
                syms.extend(["A"] * _num(t2) if t2.type == "INT" else [str(t2)[1]])
        params["cost"] = (energy, tuple(syms))
    while not w.done():
        tok = w.peek()
        if w.text(tok) in IF_WORDS:
            w.next()
            params["condition"] = read_condition(w)
        elif w.text(tok) in MAY_WORDS:  # "… may …": what the ability allows is its controller's choice
            w.next()
            params["optional"] = True
        elif w.text(tok) in FLOOR_WORDS and w.is_int(w.peek(1)):  # "to a minimum of N" (356.4.e, 477.3.b)
            w.next()
            params["floor"] = int(w.text(w.next()))
        elif w.text(tok) in POWER_WORDS and w.is_int(w.peek(1)):  # the power part of a cost change ("[1] and [A]")
            w.next()
            params["power"] = int(w.text(w.next()))
        elif params.get("amount") is None and (value := read_value(w)) is not None:
            params["amount"] = value
            params["value"] = value.n if value.kind == "n" else None
        elif params.get("target") is None and starts_target(w):
            params["target"] = read_target(w)
        else:
            raise w.error(f"静态技能“{kind.display}”中无法识别的词。", tok,
                          spellings={**filters.FILTERS.spellings(), **filters.COUNTS.spellings()}, rule=kind.rule)
    return kind.id, params


FLOOR_WORDS = ("最低", "min")
FOR_COST_WORDS = ("以费用", "for-cost")
THEN_WORDS = ("以此", "thereby")
ANY_NUMBER_WORDS = ("任意数量", "any-number")
EACH_WORDS = ("每个", "each")
DISCOUNT_WORDS = ("费用减少", "cost-less")
PAID_COST_WORDS = ("其费用", "its-cost")  # `以此 费用减少 其费用`: by the costs of the object that paid it
IGNORE_WORDS = ("无视费用", "ignore-cost")
REPEAT_WORDS = ("回响", "repeat")


def read_extra_cost(atoms, file: str, kw) -> tuple:
    """`额外费用 <费用项…>` (mandatory, 356.2.a.1) -> ("extra_costs", parts); `额外费用 可以 <费用项…>
    [以此 费用减少 N [符能 M] | 以此 无视费用 | 以此 回响]` (optional, 356.2.b.1) -> ("optional_cost", OptionalCost)."""
    w = Words(atoms, file, "额外费用")
    optional = w.text(w.peek()) in MAY_WORDS
    if optional:
        w.next()
    any_number = optional and w.text(w.peek()) in ANY_NUMBER_WORDS
    if any_number:
        w.next()
    cut = next((i for i, a in enumerate(w.atoms) if w.text(a) in THEN_WORDS), len(w.atoms))
    cond_at = next((i for i in range(w.i, cut) if w.text(w.atoms[i]) in IF_WORDS), cut) if optional else cut
    if cond_at == w.i:
        raise w.error("额外费用缺少费用项（如“符能 [R]”“消耗经验 3”“摧毁友方单位”）。", kw, rule="356.2")
    condition = None
    if cond_at < cut:  # `额外费用 可以 <费用项…> 若 <条件> [以此 …]`: payable only while it holds
        cw = Words(w.atoms[cond_at + 1:cut], file, "额外费用")
        condition = read_condition(cw)
        if not cw.done():
            raise cw.error("额外费用的条件后面有无法识别的词。", cw.peek(), rule="356.2.b.1")
    energy, power, exhaust, parts, _timing = read_costs(w.atoms[w.i:cond_at], file)
    if exhaust:
        parts.insert(0, ("exhaust", 0))
    if not optional:
        if energy or power or cut < len(w.atoms):
            raise w.error("强制额外费用只写费用项（法力、符能和“以此 …”只用于“额外费用 可以 …”）。", kw, rule="356.2.a.1")
        return ("extra_costs", parts)
    cost = m.OptionalCost(energy, power, parts, any_number=any_number, condition=condition)
    w.i = cut + 1
    while not w.done():
        tok = w.next()
        word = w.text(tok)
        if word in EACH_WORDS and any_number:
            cost.per_pick = True
        elif word in DISCOUNT_WORDS and w.text(w.peek()) in PAID_COST_WORDS:  # by the cost of what paid it
            w.next()
            cost.reduce_by_paid = True
        elif word in DISCOUNT_WORDS:
            if not w.is_int():
                raise w.error("“费用减少”后面应为整数或“其费用”。", w.peek() or tok, rule="356.4")
            cost.reduce_energy = _num(w.next())
            if w.text(w.peek()) in POWER_WORDS:
                w.next()
                if not w.is_int():
                    raise w.error("“符能”后面应为整数。", w.peek() or tok, rule="356.4")
                cost.reduce_power = _num(w.next())
        elif word in IGNORE_WORDS:
            cost.ignore_cost = True
        elif word in REPEAT_WORDS:  # "[Repeat] — <a cost that is not only resources>" (820.1.c)
            cost.repeat = True
        else:
            raise w.error("“以此”后面应为“费用减少 N [符能 M]”“无视费用”或“回响”。", tok,
                          spellings={w_: w_ for w_ in DISCOUNT_WORDS + IGNORE_WORDS + REPEAT_WORDS}, rule="356.2.b.1")
    return ("optional_cost", cost)


ENERGY_WORDS = ("费用", "法力", "energy")
POWER_WORDS = ("符能", "power")


def split_condition(atoms, file: str) -> tuple:
    """(the atoms before `若`, the condition after it or None): an activated ability's "use this only
    while …" (377.2.b), written after its costs."""
    for i, tok in enumerate(atoms):
        if Words.text(tok) in IF_WORDS:
            w = Words(atoms[i + 1:], file, "条件")
            if w.done():
                raise w.error("“若”后面应为条件。", tok, registry=conditions.CONDITIONS, rule="377.2.b")
            cond = read_condition(w)
            if not w.done():
                raise w.error("条件后面不应再有词（费用项写在“若”之前）。", w.peek(), rule="377.2.b")
            return atoms[:i], cond
    return atoms, None


def split_ability_discount(atoms, file: str) -> tuple:
    """(the cost atoms, the Value or None): an activated ability's `费用减少 <数值>` written among its costs
    ("this ability costs [1] less for each friendly unit with [瞬息]", 403.3), up to the next `，`."""
    for i, tok in enumerate(atoms):
        if Words.text(tok) in DISCOUNT_WORDS:
            end = next((j for j in range(i + 1, len(atoms)) if isinstance(atoms[j], Marker) and atoms[j] == SEP),
                       len(atoms))
            w = Words(atoms[i + 1:end], file, "费用减少")
            value = read_value(w)
            if value is None or not w.done():
                raise w.error("“费用减少”后面应为一个数值（如 1、每 友方 拥有 瞬息 单位）。", w.peek() or tok, rule="403.3")
            return atoms[:i] + atoms[end:], value
    return atoms, None


def read_costs(atoms, file: str) -> tuple[int, list[str], bool, list[tuple[str, int]], str | None]:
    """`<费用项>[，<费用项>…]` of an activated ability -> (energy, power symbols, exhaust, other parts,
    timing): `费用 N` and `符能 N|[R]…` are paid from the rune pool; `迅捷` / `反应` is when the ability
    may be used (376); every other word is a registered cost part (judge.engine.cost_parts), with N
    when the part is counted."""
    from judge.engine.cost_parts import COST_PARTS
    from judge.engine.keywords import KEYWORDS

    w = Words(atoms, file, "费用")
    energy, power, exhaust, parts, timing = 0, [], False, [], None
    while not w.done():
        tok = w.next()
        if isinstance(tok, Marker) and tok == SEP:
            continue
        word = w.text(tok)
        kw = KEYWORDS.lookup(word) if isinstance(tok, Token) and tok.type in ("NAME", "STRING") else None
        if kw is not None and kw.id in ("action", "reaction"):
            timing = kw.id
            continue
        if word in ENERGY_WORDS:
            if not w.is_int():
                raise w.error(f"“{word}”后面应为整数。", w.peek() or tok, rule="376")
            energy += _num(w.next())
            continue
        if word in POWER_WORDS:
            while isinstance(w.peek(), Token) and w.peek().type in ("DOMAIN_SYM", "INT"):
                t2 = w.next()
                power.extend(["A"] * _num(t2) if t2.type == "INT" else [str(t2)[1]])
            continue
        part = w.lookup(COST_PARTS, tok)
        if part is None:
            raise w.error("未知的费用项。", tok, spellings={**COST_PARTS.spellings(), "费用": "energy", "符能": "power"},
                          rule="376")
        if part.id == "exhaust":
            exhaust = True
            continue
        n = 1
        if part.counted:
            if not w.is_int():
                raise w.error(f"费用项“{part.display}”后面应为整数。", w.peek() or tok, rule=part.rule)
            n = _num(w.next())
        parts.append((part.id, n))
    return energy, power, exhaust, parts, timing
