"""Card lines (`卡牌 名称 …`): type, Might, tags, keywords, costs and domains, static abilities,
spell effects, triggered, activated, reflexive and delayed abilities. Words for keywords, effects,
trigger events and static abilities come from the engine's registries."""

from __future__ import annotations

from judge.dsl.lalr import Token, v_args

from judge.dsl import model as m
from judge.dsl import phrases
from judge.dsl.errors import ScenarioError, suggest
from judge.dsl.sections.common import Section, _num, _text
from judge.engine import vocab
from judge.engine.abilities.events import EVENTS
from judge.engine.keywords import KEYWORDS

CARD_TYPES = {"UNIT": "unit", "GEAR": "gear", "SPELL": "spell", "RUNE_T": "rune",
              "LEGEND_T": "legend", "BATTLEFIELD_T": "battlefield"}
SCOPE = {"OTHER": "other", "FRIENDLY": "friendly", "ENEMY": "enemy", "HERE": "here", "UNIT": "unit", "SPELL": "spell"}
# the six domains (134) by name, letter or colour; "A" (any) is not a domain a card can have
DOMAINS = {**vocab.spellings(vocab.DOMAINS), **{k.upper(): v for k, v in vocab.spellings(vocab.DOMAINS).items()}}
# Delayed abilities (389): the window in which an ability created by an effect triggers.
DELAYED_TIMES = {"本回合结束时": "end_of_turn", "at-end-of-turn": "end_of_turn",
                 "你的下个回合开始时": "next_turn_start", "at-start-of-your-next-turn": "next_turn_start"}
UNARY = {"KILL": "kill", "STUNNED": "stun", "BUFF": "buff", "RECALL": "recall", "HEAL": "heal",
         "READY": "ready", "EXHAUSTED": "exhaust", "SAVE": "save"}


def _trigger_words() -> dict[str, str]:
    """`触发 <时机>` words (382): the engine's trigger-event registry."""
    return {w: ev.id for ev in EVENTS if ev.scriptable for w in ev.zh + ev.aliases}


def _effects(parts) -> list:
    return [p for p in parts if isinstance(p, m.Effect)]


def _cost_of(parts) -> tuple:
    return next((p for p in parts if isinstance(p, tuple) and p[0] == "cost"), ("cost", 0, 0, []))


def _split_scope(scope) -> tuple[tuple, int]:
    """(scope words, group Might limit) from a target spec's scope."""
    limit = next((s[1] for s in scope if isinstance(s, tuple)), 0)
    return tuple(s for s in scope if not isinstance(s, tuple)), limit


@v_args(inline=True)
class CardSection(Section):
    # --- the card and its plain attributes
    def card_type(self, tok):
        return ("type", CARD_TYPES[tok.type])

    def card_might(self, n):
        return ("might", _num(n))

    def card_tag(self, name):
        return ("tag", _text(name))

    def card_kw(self, name, n=None):
        return ("kw", self._keyword(name), _num(n) if n is not None else 1)

    def card_flag(self, tok):
        return ("flag", {"CHAMPION": "champion", "TOKEN": "token", "NO_DAMAGE": "cannot_be_damaged"}[tok.type])

    def card_bonus(self, n):
        return ("bonus", _num(n))

    def attr_attached(self, name):
        return ("attached", _text(name))

    def scope_word(self, tok):
        return SCOPE[tok.type]

    def scope(self, *words):
        return tuple(words)

    def aura(self, scope, amount):
        return ("aura", m.Aura(scope, _num(amount)))

    def effect_deal(self, _kw, amount, _damage, scope):
        return m.Effect("deal", _num(amount), scope)

    def deathknell(self, effect):
        return ("deathknell", effect)

    def card_level(self, n, amount):
        return ("level", _num(n), _num(amount))

    # --- costs and domains
    def card_cost(self, _kw, *rest):
        ints = [_num(i) for i in rest if isinstance(i, Token) and i.type == "INT"]
        syms = [str(i)[1] for i in rest if isinstance(i, Token) and i.type == "DOMAIN_SYM"]
        return ("cost", ints[0], ints[1] if len(ints) > 1 else len(syms), syms)

    def card_equip_cost(self, kw, *rest):
        xp_at = next((i for i, t in enumerate(rest) if isinstance(t, Token) and t.type == "XP_KW"), len(rest))
        _, energy, power, syms = self.card_cost(kw, *rest[:xp_at])
        parts = [("spend_xp", _num(rest[xp_at + 1]))] if xp_at < len(rest) else []  # non-resource part (818.1.c.3)
        return ("equip_cost", energy, syms or ["A"] * power, parts)

    def card_repeat_cost(self, kw, *rest):
        _, energy, power, syms = self.card_cost(kw, *rest)
        return ("repeat_cost", energy, syms or ["A"] * power)

    def card_domain(self, *names):
        out = []
        for tok in names:
            word = _text(tok)
            d = DOMAINS.get(word) or DOMAINS.get(word.upper())
            if d is None:
                raise ScenarioError("未知的特性。", file=self.file, line=tok.line, column=tok.column, text=word,
                                    expected=[k for k in DOMAINS if not k.isascii()],
                                    suggestions=suggest(word, DOMAINS), rule="134")
            out.append(d)
        return ("domains", out)

    def card_cost_mod(self, _kw, whose, *rest):
        ctype = next((CARD_TYPES[i.type] for i in rest if i.type in CARD_TYPES), None)
        nums = [_num(i) for i in rest if i.type == "SIGNED"]
        return ("cost_mod", m.CostMod("friendly" if whose.type == "FRIENDLY" else "enemy", ctype, nums[0],
                                      nums[1] if len(nums) > 1 else 0))

    # --- static abilities
    def card_static(self, tok, value=None):
        from judge.engine.statics import STATICS

        word = _text(tok)
        kind = STATICS.lookup(word)
        if kind is None:
            raise ScenarioError("未知的静态技能。", file=self.file, line=tok.line, column=tok.column, text=word,
                                suggestions=suggest(word, STATICS.spellings()), rule="349")
        return ("static", kind.id, {"value": _num(value) if value is not None else None})

    def card_replace(self, _kw):
        return ("replace_death",)

    def card_extra_kill(self, *_words):
        return ("extra_kill",)

    def card_extra_cost(self, _kw, tok, n=None):
        """`额外费用 <费用项> [N]`: a registered cost part (judge.engine.cost_parts)."""
        from judge.engine.cost_parts import COST_PARTS

        word = _text(tok)
        part = COST_PARTS.lookup(word)
        if part is None:
            raise ScenarioError("未知的费用项。", file=self.file, line=tok.line, column=tok.column, text=word,
                                suggestions=suggest(word, COST_PARTS.spellings()), rule="357.2")
        return ("extra_cost", part.id, _num(n) if n is not None else (1 if part.counted else 0))

    def card_no_ready(self, _kw):
        return ("no_ready",)

    def card_boss_save(self, _kw):
        return ("boss_save",)

    # --- abilities
    def card_effect(self, effect):
        return ("effect", effect)

    def card_trigger(self, tok, *parts):
        word = _text(tok)
        words = _trigger_words()
        event = words.get(word) or words.get(word.lower())
        if event is None:
            raise ScenarioError("未知的触发时机。", file=self.file, line=tok.line, column=tok.column,
                                text=word, expected=[k for k in words if not k.isascii()],
                                suggestions=suggest(word, words), rule="382")
        cost, effs = _cost_of(parts), _effects(parts)
        return ("trigger", m.Trigger(event, effs[0], cost[1], cost[2], effs[1:], power_syms=list(cost[3])))

    def card_activated(self, _kw, *parts):
        cost = _cost_of(parts)
        exhaust = any(isinstance(i, Token) and i.type == "EXHAUSTED" for i in parts)
        names = [i for i in parts if isinstance(i, Token) and i.type in ("NAME", "STRING")]
        timing = None
        if names:
            timing = self._keyword(names[0])
            if timing not in ("action", "reaction"):
                raise ScenarioError("主动技能的时机只能是[迅捷]或[反应]。", file=self.file, line=names[0].line,
                                    column=names[0].column, text=str(names[0]), expected=["迅捷", "反应"], rule="376")
        costs = [(p[1], p[2]) for p in parts if isinstance(p, tuple) and p[0] == "extra_cost"]
        return ("activated", m.Activated(_effects(parts), cost[1], cost[2], exhaust, timing, costs,
                                           power_syms=list(cost[3])))

    def card_reflexive(self, kw, *parts):
        effs = _effects(parts)
        if kw.type == "TIMES_OPEN":
            times = parts[0]
            n = _num(times)
            if n < 1:
                raise ScenarioError("“进行 N 次”中的 N 至少为 1。", file=self.file, line=times.line,
                                    column=times.column, text=str(times), rule="382")
            return ("reflexive", m.Reflexive("times", effs, n))
        kind = {"REFLEX_KW": "then", "REFLEX_KILLED_KW": "if_killed", "REFLEX_MODES_KW": "one_of"}[kw.type]
        return ("reflexive", m.Reflexive(kind, effs))

    def card_delayed(self, _kw, tok, *parts):
        word = _text(tok)
        when = DELAYED_TIMES.get(word) or DELAYED_TIMES.get(word.lower())
        if when is None:
            raise ScenarioError("未知的延迟技能时机。", file=self.file, line=tok.line, column=tok.column,
                                text=word, expected=[k for k in DELAYED_TIMES if not k.isascii()],
                                suggestions=suggest(word, DELAYED_TIMES), rule="389")
        return ("delayed", m.Delayed(when, _effects(parts)))

    # --- instructions (play effects)
    def pe_delayed(self, kw, tok, effect):
        _, delayed = self.card_delayed(kw, tok, effect)
        return m.Effect("delayed", 0, (), delayed=delayed)

    def effect_word(self, tok):
        return ("word", tok)

    def _effect_kind(self, tok):
        from judge.engine.instructions import EFFECTS

        word = _text(tok)
        kind = EFFECTS.lookup(word)
        if kind is None:
            raise ScenarioError("未知的效果。", file=self.file, line=tok.line, column=tok.column, text=word,
                                suggestions=suggest(word, EFFECTS.spellings()), rule="349")
        return kind

    def _effect_args(self, kind, tok, rest) -> tuple:
        """(amount, args) of a registered effect from the number and the words written after it."""
        number = next((i for i in rest if isinstance(i, Token) and i.type in ("INT", "SIGNED")), None)
        if kind.amount and number is None:
            raise ScenarioError(f"效果“{kind.display}”需要一个数值。", file=self.file, line=tok.line,
                                column=tok.column, text=_text(tok), rule=kind.rule)
        words = [w[1] for w in rest if isinstance(w, tuple) and w[0] == "word"]
        try:
            args = kind.read_args([_text(w) for w in words])
        except ValueError as err:
            at = words[0] if words else tok
            raise ScenarioError(str(err), file=self.file, line=at.line, column=at.column, text=_text(at),
                                expected=[kind.params] if kind.params else None, rule=kind.rule) from None
        return (_num(number) if number is not None else 0), args

    def pe_named(self, tok, *rest):
        kind = self._effect_kind(tok)
        amount, args = self._effect_args(kind, tok, rest)
        spec = next((i for i in rest if isinstance(i, tuple) and i[0] != "word"), None)
        names = [i for i in rest if isinstance(i, Token) and i.type in ("NAME", "STRING")]
        dest = _text(names[-1]) if names else None
        if spec is None:
            if kind.targeted and kind.needs_targets:
                raise ScenarioError(f"效果“{kind.display}”需要目标（如“目标”“敌方 目标”“自身”）。", file=self.file,
                                    line=tok.line, column=tok.column, text=_text(tok), rule=kind.rule)
            return m.Effect(kind.id, amount, dest=dest, args=args)
        scope, n, up_to = spec
        scope, limit = _split_scope(scope)
        return m.Effect(kind.id, amount, scope, 0 if scope == ("self",) else n, up_to, limit, dest=dest, args=args)

    def pe_move(self, _kw, spec):
        scope, n, up_to = spec
        return m.Effect("move", 0, scope, n, up_to)

    def pe_fight(self, _kw, spec):
        scope, n, up_to = spec
        return m.Effect("fight", 0, scope, n, up_to)

    def pe_banish(self, _kw, spec):
        scope, n, up_to = spec
        return m.Effect("banish", 0, scope, n, up_to)

    def pe_return_linked(self, _kw, ignore=None):
        return m.Effect("return_linked", ignore_cost=ignore is not None)

    def pe_add(self, _gain, _energy, n):
        return m.Effect("add_energy", _num(n))

    def pe_xp(self, _gain, n, _xp):
        return m.Effect("gain_xp", _num(n))

    def pe_return(self, _kw):
        return m.Effect("return_self", 0, ("self",))

    def pe_play_top(self, _play, _top, ignore=None):
        return m.Effect("play_top", ignore_cost=ignore is not None)

    def pe_recycle(self, _kw, n):
        return m.Effect("recycle", _num(n))

    def target_spec(self, *parts):
        if len(parts) == 1 and isinstance(parts[0], Token) and parts[0].type == "SELF_W":
            return (("self",), 0, False)
        scope = tuple(i for i in parts if isinstance(i, str) and not isinstance(i, Token))
        limit = 0
        if any(isinstance(i, Token) and i.type == "TOTAL_MIGHT" for i in parts):
            limit = _num(parts[-1])
            parts = parts[:-2]
        ints = [_num(i) for i in parts if isinstance(i, Token) and i.type == "INT"]
        up_to = any(isinstance(i, Token) and i.type == "UPTO" for i in parts)
        return (scope + (("group", limit),) if limit else scope, ints[0] if ints else 1, up_to)

    def pe_deal(self, _kw, amount, _damage, spec):
        scope, n, up_to = spec
        return m.Effect("deal", _num(amount), scope, n, up_to)

    def pe_unary(self, kw, spec):
        scope, n, up_to = spec
        scope, limit = _split_scope(scope)
        return m.Effect(UNARY[kw.type], 0, scope, n, up_to, limit)

    def pe_might(self, _kw, spec, amount):
        scope, n, up_to = spec
        return m.Effect("might", _num(amount), scope, n, up_to)

    def pe_draw(self, _kw, n, target=None):
        # `抽牌 N -> 目标`: the controller of the previous effect's target draws (Hidden Blade)
        return m.Effect("draw", _num(n), ("target_controller",) if target is not None else ())

    # --- ability lines of the card-ability language (judge.dsl.phrases reads their words)
    def atom_arrow(self, tok):
        return phrases.Marker(phrases.ARROW, tok.line, tok.column)

    def atom_sep(self, tok):
        return phrases.Marker(phrases.SEP, tok.line, tok.column)

    def eff(self, *atoms):
        return phrases.read_effect(atoms, self.file)

    def eff_list(self, *effects):
        return phrases.attach_instead(list(effects), self.file)

    def ab_trigger(self, *parts):
        atoms, effects = parts[:-1], parts[-1]
        return ("trigger", phrases.read_trigger(atoms, self.file, effects))

    def ab_effect(self, effects):
        return ("effects", effects)

    def ab_static(self, *atoms):
        return ("static", *phrases.read_static(atoms, self.file))

    def ab_activated(self, kw, *parts):
        atoms, effects = parts[:-1], parts[-1]
        atoms, cond = phrases.split_condition(atoms, self.file)  # `主动 <费用项…> 若 <条件>：…` (377.2.b)
        atoms, discount = phrases.split_ability_discount(atoms, self.file)  # `…，费用减少 <数值>` (403.3)
        energy, power, exhaust, parts, timing = phrases.read_costs(atoms, self.file)
        ab = m.Activated(effects, energy, len(power), exhaust, timing, parts, condition=cond, power_syms=power,
                         discount=discount)
        return ("activated", ab)

    def ab_deathknell(self, effects):
        return ("deathknells", effects)

    def ab_option(self, effects):
        return ("option", effects)

    def ab_next(self, *parts):
        atoms, effects = parts[:-1], parts[-1]
        return ("next", phrases.read_next(atoms, self.file, effects))

    def ab_extra_cost(self, kw, *atoms):
        return phrases.read_extra_cost(atoms, self.file, kw)

    def ability_line(self, ability):
        return ability

    # --- assembly of one card
    def card_def(self, kw, name, *attrs):
        card = m.CardDef(_text(name), pos=self._pos(kw))
        last = None
        for attr in attrs:
            if attr[0] == "option":
                self._add_option(card, attr[1], kw)
                continue
            if attr[0] == "next":
                self._add_next(card, last, attr[1], kw)
                continue
            _apply_card_attr(card, attr)
            last = attr
        return ("card", card)

    def _add_next(self, card, last, delayed, kw) -> None:
        """A `下次 …：…` line is the last instruction of the ability line above it: it creates that delayed
        ability when it resolves (389, 391)."""
        owner = {"trigger": lambda a: a[1].more, "effects": lambda a: card.effects,
                 "activated": lambda a: a[1].effects, "deathknells": lambda a: card.deathknells}
        if last is None or last[0] not in owner:
            raise ScenarioError("“下次”行之前应为产生它的技能（当、效果、主动或绝念行）。", file=self.file, line=kw.line,
                                column=kw.column, text=_text(kw), rule="391")
        effects = owner[last[0]](last)
        written = [last[1].effect, *effects] if last[0] == "trigger" else effects
        # `…：延迟` written as the instruction that creates it, where it stands among the others
        slot = next((e for e in reversed(written) if e.kind == "delayed" and e.delayed is None), None)
        if slot is not None:
            slot.delayed = delayed
        else:
            effects.append(m.Effect("delayed", 0, (), delayed=delayed))

    def _add_option(self, card, effects, kw) -> None:
        """A `选项：…` line is one option of the last `选择一项` written above it on this card (355.3)."""
        lists = [card.effects, *([t.effect, *t.more] for t in card.triggers), *(a.effects for a in card.activated),
                 card.deathknells]
        # the last instruction that takes options: `选择一项` or another registered effect with an options list
        owner = next((e for effs in reversed(lists) for e in reversed(effs)
                      if isinstance(getattr(e, "args", None), dict) and "options" in e.args), None)
        if owner is None:
            raise ScenarioError("“选项”行之前没有写“选择一项”的技能。", file=self.file, line=kw.line, column=kw.column,
                                text=_text(kw), rule="355.3")
        owner.args["options"].append(list(effects))

    def _keyword(self, tok) -> str:
        word = _text(tok)
        kw = KEYWORDS.lookup(word)
        if kw is None:
            raise ScenarioError("未知的关键词。", file=self.file, line=tok.line, column=tok.column, text=word,
                                suggestions=suggest(word, KEYWORDS.spellings()), rule="800")
        return kw.id


_SET_TRUE = {"replace_death": "replaces_death", "extra_kill": "extra_kill", "no_ready": "prevents_enemy_ready",
             "boss_save": "may_save_buffed"}
_APPEND = {"tag": "tags", "aura": "auras", "cost_mod": "cost_mods", "effect": "effects", "trigger": "triggers",
           "activated": "activated", "reflexive": "reflexive", "delayed": "delayed"}


def _apply_card_attr(card: m.CardDef, attr: tuple) -> None:
    tag = attr[0]
    if tag == "effects":
        card.effects.extend(attr[1])
        return
    if tag == "deathknells":  # one `绝念：A 并且 B` line is one ability (808): B rides on A
        first, *rest = attr[1]
        first.more = list(rest)
        card.deathknells.append(first)
        card.keywords.setdefault("deathknell", 1)
        return
    if tag in _SET_TRUE:
        setattr(card, _SET_TRUE[tag], True)
    elif tag in _APPEND:
        getattr(card, _APPEND[tag]).append(attr[1])
    elif tag == "type":
        card.type = attr[1]
    elif tag == "might":
        card.might = attr[1]
    elif tag == "kw":
        card.keywords[attr[1]] = card.keywords.get(attr[1], 0) + attr[2]
    elif tag == "flag":
        setattr(card, attr[1], True)
    elif tag == "bonus":
        card.might_bonus = attr[1]
    elif tag == "level":
        card.level_might.append((attr[1], attr[2]))
        card.keywords.setdefault("level", attr[1])
    elif tag == "deathknell":
        card.deathknells.append(attr[1])
        card.keywords.setdefault("deathknell", 1)
    elif tag == "extra_cost":
        card.extra_costs.append((attr[1], attr[2]))
    elif tag == "extra_costs":
        card.extra_costs.extend(attr[1])
    elif tag == "optional_cost":
        card.optional_costs.append(attr[1])
    elif tag == "cost":
        card.cost_energy, card.cost_power, card.cost_power_syms = attr[1], attr[2], attr[3]
    elif tag == "static":
        card.statics.append((attr[1], attr[2]))
    elif tag == "equip_cost":
        card.equip_cost = (attr[1], attr[2])
        card.equip_parts = list(attr[3])
        card.keywords.setdefault("equip", 1)
    elif tag == "repeat_cost":
        card.repeat_cost = (attr[1], attr[2])
        card.keywords["repeat"] = max(1, attr[1])  # the card has 回响 (its value is the energy part)
    elif tag == "domains":
        card.domains = attr[1]
