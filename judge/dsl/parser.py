"""Scenario files -> judge.dsl.model.Scenario (Lark LALR + a Transformer), with Chinese errors."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from judge.dsl import model as m
from judge.dsl.errors import GRAMMAR_PATH, ScenarioError, describe_terminal, keyword_spellings, suggest

# Words for modes, phases and domains come from the engine's vocabulary (English ids in code).
from judge.engine import vocab  # noqa: E402

MODES = vocab.spellings(vocab.MODES)
PHASES = vocab.spellings(vocab.PHASES)
# the six domains (134) by name, letter or colour; "A" (any) is not a domain a card can have
DOMAINS = {**vocab.spellings(vocab.DOMAINS), **{k.upper(): v for k, v in vocab.spellings(vocab.DOMAINS).items()}}
CARD_TYPES = {"UNIT": "unit", "GEAR": "gear", "SPELL": "spell", "RUNE_T": "rune",
              "LEGEND_T": "legend", "BATTLEFIELD_T": "battlefield"}
ZONES = {"HAND": "hand", "DECK": "deck", "RUNE_DECK": "rune_deck", "TRASH": "trash",
         "BANISH": "banishment", "CHAMPION_ZONE": "champion", "LEGEND_ZONE": "legend", "BASE": "base"}
SCOPE = {"OTHER": "other", "FRIENDLY": "friendly", "ENEMY": "enemy", "HERE": "here", "UNIT": "unit", "SPELL": "spell"}
FLAGS = {"EXHAUSTED": "exhausted", "READY": "ready", "BUFF": "buff", "STUNNED": "stunned",
         "TOKEN": "token", "NO_DAMAGE": "cannot_be_damaged"}
# Keywords: the engine's keyword registry (Chinese spellings, English aliases -> English id).
from judge.engine.keywords import KEYWORDS  # noqa: E402



# Trigger conditions of `触发 <时机> …` (382; attack/defend once per combat, 384.31/384.32): the engine's
# trigger-event registry.
from judge.engine.abilities.events import EVENTS  # noqa: E402


def _trigger_words() -> dict[str, str]:
    return {w: ev.id for ev in EVENTS if ev.scriptable for w in ev.zh + ev.aliases}

# Delayed abilities (389): the window in which an ability created by an effect triggers.
DELAYED_TIMES = {"本回合结束时": "end_of_turn", "at-end-of-turn": "end_of_turn",
                 "你的下个回合开始时": "next_turn_start", "at-start-of-your-next-turn": "next_turn_start"}

_BUILDER = None


@lru_cache(maxsize=1)
def _lark() -> Lark:
    # The Transformer runs inline while parsing (LALR), so no intermediate tree is built.
    global _BUILDER
    _BUILDER = _Build("<场景>")
    grammar = GRAMMAR_PATH.read_text("utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", maybe_placeholders=False, transformer=_BUILDER,
                cache=_grammar_cache_file(grammar))


def _grammar_cache_file(grammar: str) -> str | bool:
    """Compiled parser tables cached per grammar text in the user cache (no cache if unwritable)."""
    import hashlib

    from judge.paths import cache_dir

    try:
        d = cache_dir()
        d.mkdir(parents=True, exist_ok=True)
        import lark as _l

        digest = hashlib.sha256((grammar + _l.__version__).encode("utf-8")).hexdigest()[:16]
        return str(d / f"scenario-grammar-{digest}.lark-cache")
    except OSError:
        return False


class _At:
    __slots__ = ("line", "column")

    def __init__(self, line, column):
        self.line, self.column = line, column


def _first_pos(items):
    """Position of the first token (or positioned model object) among a rule's children."""
    for it in items:
        if isinstance(it, Token):
            return it
        pos = getattr(it, "pos", None)
        if pos is not None:
            return _At(pos.line, pos.column)
        if isinstance(it, (list, tuple)):
            found = _first_pos(it)
            if found is not None:
                return found
    return None


MAX_DIGITS = 9


def _num(tok) -> int:
    """A token's integer value; numbers no game state can hold are rejected where they stand."""
    text = str(tok)
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise ScenarioError(f"数字太大（超过 {MAX_DIGITS} 位）。", file=_BUILDER.file if _BUILDER else "",
                            line=getattr(tok, "line", 0) or 0, column=getattr(tok, "column", 0) or 0,
                            text=text[:20] + "…")
    return int(text)


def _text(tok) -> str:
    s = str(tok)
    return s[1:-1] if s.startswith('"') and s.endswith('"') else s


class _Build(Transformer):
    """Bottom-up: each rule returns a small tagged tuple; `start` assembles the Scenario."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _pos(self, meta_or_tok) -> m.Pos:
        line = getattr(meta_or_tok, "line", 0) or 0
        col = getattr(meta_or_tok, "column", 0) or 0
        return m.Pos(self.file, line, col)

    # --- atoms
    def name(self, items):
        return items[0]  # keep the Token (position) until used

    def rule_no(self, items):
        return str(items[0]).rstrip(".")

    def refs(self, items):
        return list(items)

    def dest(self, items):
        return items[0]

    # --- setup
    def title(self, items):
        return ("title", str(items[1]).lstrip(":： ").strip())

    def source(self, items):
        return ("source", str(items[1]).lstrip(":： ").strip())

    def note(self, items):
        return ("note", str(items[1]).lstrip(":： ").strip())

    def include(self, items):
        meta = _first_pos(items)
        return ("include", _text(items[1]), self._pos(meta))

    def mode(self, items):
        word = _text(items[1])
        if word.lower() not in MODES and word not in MODES:
            raise ScenarioError("未知的游戏模式。", file=self.file, line=items[1].line, column=items[1].column,
                                text=word, expected=sorted(set(MODES)), suggestions=suggest(word, MODES),
                                rule="481")
        return ("mode", MODES.get(word.lower(), MODES.get(word)))

    def victory(self, items):
        return ("victory", _num(items[1]))

    def turn_no(self, items):
        return ("turn", _num(items[1]))

    def turn_player(self, items):
        return ("turn_player", items[1])

    def phase(self, items):
        word = _text(items[1])
        if word.lower() not in PHASES and word not in PHASES:
            raise ScenarioError("未知的阶段。", file=self.file, line=items[1].line, column=items[1].column,
                                text=word, expected=["开始阶段", "主阶段", "回合结束阶段"],
                                suggestions=suggest(word, PHASES), rule="315")
        return ("phase", PHASES.get(word.lower(), PHASES.get(word)))

    def team(self, items):
        return ("team", [_text(t) for t in items[1:]])

    def setup_line(self, items):
        return items[0]

    # --- cards
    def card_type(self, items):
        return ("type", CARD_TYPES[items[0].type])

    def card_might(self, items):
        return ("might", _num(items[1]))

    def card_tag(self, items):
        return ("tag", _text(items[1]))

    def card_kw(self, items):
        return ("kw", self._keyword(items[1]), _num(items[2]) if len(items) > 2 else 1)

    def card_flag(self, items):
        t = items[0].type
        return ("flag", {"CHAMPION": "champion", "TOKEN": "token", "NO_DAMAGE": "cannot_be_damaged"}[t])

    def card_bonus(self, items):
        return ("bonus", _num(items[1]))

    def attr_attached(self, items):
        return ("attached", _text(items[1]))

    def scope_word(self, items):
        return SCOPE[items[0].type]

    def scope(self, items):
        return tuple(items)

    def aura(self, items):
        return ("aura", m.Aura(items[1], _num(items[3])))

    def effect_deal(self, items):
        return m.Effect("deal", _num(items[1]), items[3])

    def deathknell(self, items):
        return ("deathknell", items[1])

    # --- costs, effects, triggers, replacements
    def card_cost(self, items):
        ints = [_num(i) for i in items if isinstance(i, Token) and i.type == "INT"]
        syms = [str(i)[1] for i in items if isinstance(i, Token) and i.type == "DOMAIN_SYM"]
        return ("cost", ints[0], ints[1] if len(ints) > 1 else len(syms), syms)

    def card_static(self, items):
        from judge.engine.statics import STATICS

        tok = items[1]
        word = _text(tok)
        kind = STATICS.lookup(word)
        if kind is None:
            raise ScenarioError("未知的静态技能。", file=self.file, line=tok.line, column=tok.column, text=word,
                                suggestions=suggest(word, STATICS.spellings()), rule="349")
        value = _num(items[2]) if len(items) > 2 else None
        return ("static", kind.id, {"value": value})

    def card_equip_cost(self, items):
        _, energy, power, syms = self.card_cost(items)
        return ("equip_cost", energy, syms or ["A"] * power)

    def card_domain(self, items):
        out = []
        for tok in items[1:]:
            word = _text(tok)
            d = DOMAINS.get(word) or DOMAINS.get(word.upper())
            if d is None:
                raise ScenarioError("未知的特性。", file=self.file, line=tok.line, column=tok.column, text=word,
                                    expected=[k for k in DOMAINS if not k.isascii()],
                                    suggestions=suggest(word, DOMAINS), rule="134")
            out.append(d)
        return ("domains", out)

    def card_cost_mod(self, items):
        whose = "friendly" if any(isinstance(i, Token) and i.type == "FRIENDLY" for i in items) else "enemy"
        ctype = next((CARD_TYPES[i.type] for i in items if isinstance(i, Token) and i.type in CARD_TYPES), None)
        nums = [_num(i) for i in items if isinstance(i, Token) and i.type == "SIGNED"]
        return ("cost_mod", m.CostMod(whose, ctype, nums[0], nums[1] if len(nums) > 1 else 0))

    def card_effect(self, items):
        return ("effect", items[1])

    def card_trigger(self, items):
        word = _text(items[1])
        words = _trigger_words()
        event = words.get(word) or words.get(word.lower())
        if event is None:
            raise ScenarioError("未知的触发时机。", file=self.file, line=items[1].line, column=items[1].column,
                                text=word, expected=[k for k in words if not k.isascii()],
                                suggestions=suggest(word, words),
                                rule="382")
        cost = next((i for i in items if isinstance(i, tuple) and i[0] == "cost"), ("cost", 0, 0))
        effs = [i for i in items if isinstance(i, m.Effect)]
        return ("trigger", m.Trigger(event, effs[0], cost[1], cost[2], effs[1:]))

    def card_replace(self, items):
        return ("replace_death",)

    def card_extra_kill(self, items):
        return ("extra_kill",)

    def card_no_ready(self, items):
        return ("no_ready",)

    def card_boss_save(self, items):
        return ("boss_save",)

    def card_activated(self, items):
        cost = next((i for i in items if isinstance(i, tuple) and i[0] == "cost"), ("cost", 0, 0))
        exhaust = any(isinstance(i, Token) and i.type == "EXHAUSTED" for i in items)
        names = [i for i in items if isinstance(i, Token) and i.type in ("NAME", "STRING")]
        timing = None
        if names:
            timing = self._keyword(names[0])
            if timing not in ("action", "reaction"):
                raise ScenarioError("主动技能的时机只能是[迅捷]或[反应]。", file=self.file, line=names[0].line,
                                    column=names[0].column, text=str(names[0]), expected=["迅捷", "反应"], rule="376")
        effs = [i for i in items if isinstance(i, m.Effect)]
        return ("activated", m.Activated(effs, cost[1], cost[2], exhaust, timing))

    def card_reflexive(self, items):
        effs = [i for i in items if isinstance(i, m.Effect)]
        if items[0].type == "TIMES_OPEN":
            n = _num(items[1])
            if n < 1:
                raise ScenarioError("“进行 N 次”中的 N 至少为 1。", file=self.file, line=items[1].line,
                                    column=items[1].column, text=str(items[1]), rule="382")
            return ("reflexive", m.Reflexive("times", effs, n))
        kind = {"REFLEX_KW": "then", "REFLEX_KILLED_KW": "if_killed", "REFLEX_MODES_KW": "one_of"}[items[0].type]
        return ("reflexive", m.Reflexive(kind, effs))

    def card_delayed(self, items):
        word = _text(items[1])
        when = DELAYED_TIMES.get(word) or DELAYED_TIMES.get(word.lower())
        if when is None:
            raise ScenarioError("未知的延迟技能时机。", file=self.file, line=items[1].line, column=items[1].column,
                                text=word, expected=[k for k in DELAYED_TIMES if not k.isascii()],
                                suggestions=suggest(word, DELAYED_TIMES), rule="389")
        return ("delayed", m.Delayed(when, [i for i in items if isinstance(i, m.Effect)]))

    def pe_delayed(self, items):
        _, delayed = self.card_delayed([items[0], items[1], items[2], items[3]])
        return m.Effect("delayed", 0, (), delayed=delayed)

    def pe_named(self, items):
        from judge.engine.instructions import EFFECTS

        tok = items[0]
        word = _text(tok)
        kind = EFFECTS.lookup(word)
        if kind is None:
            raise ScenarioError("未知的效果。", file=self.file, line=tok.line, column=tok.column, text=word,
                                suggestions=suggest(word, EFFECTS.spellings()), rule="349")
        amount = next((_num(i) for i in items[1:] if isinstance(i, Token) and i.type == "INT"), 0)
        spec = next((i for i in items[1:] if isinstance(i, tuple)), None)
        if kind.amount and not any(isinstance(i, Token) and i.type == "INT" for i in items[1:]):
            raise ScenarioError(f"效果“{kind.display}”需要一个数值。", file=self.file, line=tok.line,
                                column=tok.column, text=word, rule=kind.rule)
        if spec is None:
            if kind.targeted and kind.needs_targets:
                raise ScenarioError(f"效果“{kind.display}”需要目标（如“目标”“敌方 目标”“自身”）。", file=self.file,
                                    line=tok.line, column=tok.column, text=word, rule=kind.rule)
            return m.Effect(kind.id, amount)
        scope, n, up_to = spec
        limit = next((s[1] for s in scope if isinstance(s, tuple)), 0)
        scope = tuple(s for s in scope if not isinstance(s, tuple))
        return m.Effect(kind.id, amount, scope, 0 if scope == ("self",) else n, up_to, limit)

    def pe_move(self, items):
        scope, n, up_to = items[1]
        return m.Effect("move", 0, scope, n, up_to)

    def pe_fight(self, items):
        scope, n, up_to = items[1]
        return m.Effect("fight", 0, scope, n, up_to)

    def pe_banish(self, items):
        scope, n, up_to = items[1]
        return m.Effect("banish", 0, scope, n, up_to)

    def pe_return_linked(self, items):
        return m.Effect("return_linked", ignore_cost=len(items) > 1)

    def pe_add(self, items):
        return m.Effect("add_energy", _num(items[2]))

    def pe_xp(self, items):
        return m.Effect("gain_xp", _num(items[1]))

    def card_level(self, items):
        return ("level", _num(items[1]), _num(items[3]))

    def pe_return(self, items):
        return m.Effect("return_self", 0, ("self",))

    def pe_play_top(self, items):
        return m.Effect("play_top", ignore_cost=len(items) > 2)

    def pe_recycle(self, items):
        return m.Effect("recycle", _num(items[1]))

    def target_spec(self, items):
        if len(items) == 1 and isinstance(items[0], Token) and items[0].type == "SELF_W":
            return (("self",), 0, False)
        scope = tuple(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        limit = 0
        if any(isinstance(i, Token) and i.type == "TOTAL_MIGHT" for i in items):
            limit = _num(items[-1])
            items = items[:-2]
        ints = [_num(i) for i in items if isinstance(i, Token) and i.type == "INT"]
        up_to = any(isinstance(i, Token) and i.type == "UPTO" for i in items)
        return (scope + (("group", limit),) if limit else scope, ints[0] if ints else 1, up_to)

    def pe_deal(self, items):
        scope, n, up_to = items[-1]
        return m.Effect("deal", _num(items[1]), scope, n, up_to)

    def pe_unary(self, items):
        kind = {"KILL": "kill", "STUNNED": "stun", "BUFF": "buff", "RECALL": "recall", "HEAL": "heal",
                "READY": "ready", "EXHAUSTED": "exhaust", "SAVE": "save"}[items[0].type]
        scope, n, up_to = items[-1]
        limit = next((s[1] for s in scope if isinstance(s, tuple)), 0)
        scope = tuple(s for s in scope if not isinstance(s, tuple))
        return m.Effect(kind, 0, scope, n, up_to, limit)

    def pe_might(self, items):
        scope, n, up_to = items[1]
        return m.Effect("might", _num(items[2]), scope, n, up_to)

    def pe_draw(self, items):
        # `抽牌 N -> 目标`: the controller of the previous effect's target draws (Hidden Blade)
        return m.Effect("draw", _num(items[1]), ("target_controller",) if len(items) > 2 else ())

    def card_def(self, items):
        meta = _first_pos(items)
        card = m.CardDef(_text(items[1]), pos=self._pos(meta))
        for attr in items[2:]:
            tag = attr[0]
            if tag == "type":
                card.type = attr[1]
            elif tag == "might":
                card.might = attr[1]
            elif tag == "tag":
                card.tags.append(attr[1])
            elif tag == "kw":
                card.keywords[attr[1]] = card.keywords.get(attr[1], 0) + attr[2]
            elif tag == "flag":
                setattr(card, attr[1], True)
            elif tag == "bonus":
                card.might_bonus = attr[1]
            elif tag == "aura":
                card.auras.append(attr[1])
            elif tag == "level":
                card.level_might.append((attr[1], attr[2]))
                card.keywords.setdefault("level", attr[1])
            elif tag == "deathknell":
                card.deathknells.append(attr[1])
                card.keywords.setdefault("deathknell", 1)
            elif tag == "cost":
                card.cost_energy, card.cost_power, card.cost_power_syms = attr[1], attr[2], attr[3]
            elif tag == "static":
                card.statics.append((attr[1], attr[2]))
            elif tag == "equip_cost":
                card.equip_cost = (attr[1], attr[2])
                card.keywords.setdefault("equip", 1)
            elif tag == "domains":
                card.domains = attr[1]
            elif tag == "cost_mod":
                card.cost_mods.append(attr[1])
            elif tag == "effect":
                card.effects.append(attr[1])
            elif tag == "trigger":
                card.triggers.append(attr[1])
            elif tag == "replace_death":
                card.replaces_death = True
            elif tag == "extra_kill":
                card.extra_kill = True
            elif tag == "no_ready":
                card.prevents_enemy_ready = True
            elif tag == "boss_save":
                card.may_save_buffed = True
            elif tag == "activated":
                card.activated.append(attr[1])
            elif tag == "reflexive":
                card.reflexive.append(attr[1])
            elif tag == "delayed":
                card.delayed.append(attr[1])
        return ("card", card)

    def _keyword(self, tok) -> str:
        word = _text(tok)
        kw = KEYWORDS.lookup(word)
        if kw is None:
            raise ScenarioError("未知的关键词。", file=self.file, line=tok.line, column=tok.column, text=word,
                                suggestions=suggest(word, KEYWORDS.spellings()), rule="800")
        return kw.id

    # --- players and zones
    def player(self, items):
        return ("player", items[1])

    def zone_kw(self, items):
        # Keep the keyword's position (a zone line may hold nothing else to locate errors by).
        return Token.new_borrow_pos("ZONE", ZONES[items[0].type], items[0])

    def obj_list(self, items):
        return list(items)

    def attr_might(self, items):
        return ("might", _num(items[1]))

    def attr_damage(self, items):
        return ("damage", _num(items[1]), items[1])

    def attr_flag(self, items):
        return ("flag", FLAGS[items[0].type])

    def attr_controller(self, items):
        return ("controller", _text(items[1]))

    def attr_kw(self, items):
        return ("kw", self._keyword(items[1]), _num(items[2]) if len(items) > 2 else 1)

    def obj(self, items):
        meta = _first_pos(items)
        names = [i for i in items if isinstance(i, Token)]
        attrs = [i for i in items if isinstance(i, tuple)]
        oid, card = (names[0], names[1]) if len(names) == 2 else (None, names[0])
        spec = m.ObjSpec(_text(oid) if oid is not None else None, _text(card), self._pos(meta))
        for a in attrs:
            if a[0] == "might":
                spec.might = a[1]
            elif a[0] == "damage":
                if a[1] < 0:
                    raise ScenarioError("伤害不能为负数：伤害是标记在单位上的非负数值。", file=self.file,
                                        line=a[2].line, column=a[2].column, text=str(a[2]), rule="142")
                spec.damage = a[1]
            elif a[0] == "flag":
                if a[1] == "ready":
                    spec.exhausted = False
                elif a[1] == "buff":
                    spec.buff = True
                else:
                    setattr(spec, a[1], True)
            elif a[0] == "controller":
                spec.controller = a[1]
            elif a[0] == "attached":
                spec.attached_to = a[1]
            elif a[0] == "kw":
                spec.keywords[a[1]] = spec.keywords.get(a[1], 0) + a[2]
        return spec

    def zone_line(self, items):
        meta = _first_pos(items)
        return ("zone", str(items[0]), items[1] if len(items) > 1 else [], self._pos(meta), None)

    def bf_units(self, items):
        meta = _first_pos(items)
        return ("zone", "battlefield", items[2] if len(items) > 2 else [], self._pos(meta), _text(items[1]))

    def points_line(self, items):
        meta = _first_pos(items)
        return ("points", _num(items[-1]), None, self._pos(meta))

    def xp_line(self, items):
        meta = _first_pos(items)
        return ("xp", _num(items[-1]), None, self._pos(meta))

    def pool_line(self, items):
        meta = _first_pos(items)
        ints = [_num(i) for i in items if isinstance(i, Token) and i.type == "INT"]
        syms = [str(i)[1] for i in items if isinstance(i, Token) and i.type == "DOMAIN_SYM"]
        if "C" in syms:
            raise ScenarioError("符文池中的符能不能写作 [C]（[C] 只用于卡牌费用）。", file=self.file, line=meta.line,
                                column=meta.column, rule="135.17")
        power = ints[1] if len(ints) > 1 else len(syms)
        return ("pool", ints[0], power, self._pos(meta), syms)

    # --- battlefields
    def bf_controller(self, items):
        return ("controller", _text(items[1]))

    def bf_contested(self, items):
        return ("contested", _text(items[1]))

    def bf_scored(self, items):
        return ("scored", _text(items[1]))

    def bf_facedown(self, items):
        return ("facedown", items[1])

    def battlefield_def(self, items):
        meta = _first_pos(items)
        names = [i for i in items[1:] if isinstance(i, Token)]
        bf = m.BattlefieldSpec(_text(names[0]), self._pos(meta), name=_text(names[1]) if len(names) > 1 else None)
        for a in items[1:]:
            if isinstance(a, tuple):
                if a[0] == "controller":
                    bf.controller = a[1]
                elif a[0] == "contested":
                    bf.contested_by = a[1]
                elif a[0] == "scored":
                    bf.scored_by.append(a[1])
                elif a[0] == "facedown":
                    bf.facedown = a[1]
        return ("battlefield", bf)

    # --- actions
    def _action(self, meta, verb, items, **args) -> m.Action:
        player = None
        if items and isinstance(items[0], Token) and items[0].type in ("NAME", "STRING"):
            player = _text(items[0])
        return m.Action(verb, self._pos(meta), player, args)

    @staticmethod
    def _names(items):
        return [i for i in items if isinstance(i, Token) and i.type in ("NAME", "STRING")]

    def std_move(self, items):
        meta = _first_pos(items)
        return self._action(meta, "standard_move", items, units=[_text(u) for u in items[2]], dest=_text(items[3]))

    def effect_move(self, items):
        meta = _first_pos(items)
        refs, dest = items[-2], items[-1]
        return self._action(meta, "move", items, units=[_text(u) for u in refs], dest=_text(dest))

    def _simple(verb):
        def f(self, items):
            meta = _first_pos(items)
            refs = [i for i in items if isinstance(i, list)]
            return self._action(meta, verb, items, targets=[_text(u) for u in refs[0]] if refs else [])
        return f

    recall = _simple("recall")
    kill = _simple("kill")
    stun = _simple("stun")
    buff = _simple("buff")
    heal = _simple("heal")
    exhaust = _simple("exhaust")
    ready = _simple("ready")

    def deal(self, items):
        meta = _first_pos(items)
        amount = next(int(i) for i in items if isinstance(i, Token) and i.type == "INT")
        refs = next(i for i in items if isinstance(i, list))
        src = None
        if any(isinstance(i, Token) and i.type == "SOURCE_OBJ" for i in items):
            src = _text(items[-1])
        return self._action(meta, "deal", items, amount=amount, targets=[_text(u) for u in refs], source=src)

    def spend_buff(self, items):
        meta = _first_pos(items)
        return self._action(meta, "spend_buff", items, target=_text(items[-1]))

    def might_mod(self, items):
        meta = _first_pos(items)
        return self._action(meta, "might_mod", items, target=_text(items[-2]), amount=_num(items[-1]))

    def draw(self, items):
        meta = _first_pos(items)
        n = _num(items[2]) if len(items) > 2 else 1
        return self._action(meta, "draw", items, count=n)

    def pass_(self, items):
        meta = _first_pos(items)
        return self._action(meta, "pass", items)

    def pass_all(self, items):
        meta = _first_pos(items)
        return self._action(meta, "pass_all", [])

    def end_turn(self, items):
        meta = _first_pos(items)
        return self._action(meta, "end_turn", items)

    def gain_points(self, items):
        meta = _first_pos(items)
        return self._action(meta, "gain_points", items, amount=_num(items[2]))

    def cleanup(self, items):
        meta = _first_pos(items)
        return self._action(meta, "cleanup", [])

    def assignment(self, items):
        return (_text(items[0]), _num(items[1]))

    def assign(self, items):
        meta = _first_pos(items)
        pairs = [i for i in items if isinstance(i, tuple)]
        return self._action(meta, "assign", items, assignment=pairs)

    def pick_bf(self, items):
        meta = _first_pos(items)
        return self._action(meta, "pick_battlefield", items, battlefield=_text(items[2]))

    def burnout_pick(self, items):
        meta = _first_pos(items)
        return self._action(meta, "burnout_pick", items, opponent=_text(items[2]))

    def order(self, items):
        meta = _first_pos(items)
        return self._action(meta, "order", items, objects=[_text(u) for u in items[2]])

    def hide(self, items):
        meta = _first_pos(items)
        return self._action(meta, "hide", items, card=_text(items[2]), battlefield=_text(items[3]))

    def play_targets(self, items):
        return ("targets", [_text(u) for u in items[1]])

    def play_dest(self, items):
        return ("dest", _text(items[0]))

    def play_accel(self, items):
        return ("accelerate", True)

    def play_repeat(self, items):
        return ("repeat", True)

    def play_sacrifice(self, items):
        return ("sacrifice", _text(items[1]))

    def play(self, items):
        meta = _first_pos(items)
        opts = dict(i for i in items if isinstance(i, tuple))
        extra = {"dest": opts["dest"]} if "dest" in opts else {}
        if opts.get("repeat"):
            extra["repeat"] = True
        if "sacrifice" in opts:
            extra["target"] = opts["sacrifice"]  # validated as an object reference
        return self._action(meta, "play", items, card=_text(items[2]), targets=opts.get("targets", []),
                            accelerate=opts.get("accelerate", False), **extra)

    def activate(self, items):
        meta = _first_pos(items)
        opts = dict(i for i in items if isinstance(i, tuple))
        return self._action(meta, "activate", items, source=_text(items[2]), targets=opts.get("targets", []))

    def decline(self, items):
        meta = _first_pos(items)
        return self._action(meta, "decline", items, source=_text(items[2]))

    def choose_mode(self, items):
        meta = _first_pos(items)
        return self._action(meta, "choose_mode", items, source=_text(items[2]), mode=_num(items[3]))

    def choose_replacement(self, items):
        meta = _first_pos(items)
        return self._action(meta, "choose_replacement", items, target=_text(items[2]), source=_text(items[3]))

    def choose_target(self, items):
        meta = _first_pos(items)
        return self._action(meta, "choose_target", items, source=_text(items[2]),
                            targets=[_text(u) for u in items[3]])

    def action_line(self, items):
        meta = _first_pos(items)
        return m.Step("action", self._pos(meta), action=items[0])

    def checkpoint(self, items):
        meta = _first_pos(items)
        return m.Step("check", self._pos(meta), expectation=items[1])

    def expect_illegal(self, items):
        meta = _first_pos(items)
        rule = items[3] if len(items) > 3 else None
        return m.Step("illegal", self._pos(meta), action=items[1], rule=rule)

    def actions_block(self, items):
        return ("steps", [i for i in items if isinstance(i, m.Step)])

    # --- expectations
    def _pred(name):
        def f(self, items):
            vals = [i for i in items if isinstance(i, Token) and i.type in ("INT", "NAME", "STRING", "SIGNED")]
            val = vals[0] if vals else None
            if isinstance(val, Token) and val.type in ("INT", "SIGNED"):
                val = _num(val)
            elif val is not None:
                val = _text(val)
            negated = any(isinstance(i, Token) and i.type == "NOT_IN" for i in items)
            return (name, val, negated)
        return f

    p_in = _pred("in")
    p_might = _pred("might")
    p_damage = _pred("damage")
    p_buff = _pred("buff")
    p_controller = _pred("controller")
    p_points = _pred("points")
    p_turn = _pred("turn")
    p_phase = _pred("phase")
    p_state = _pred("state")

    def p_flag(self, items):
        return ({"EXHAUSTED": "exhausted", "READY": "ready", "STUNNED": "stunned"}[items[0].type], None, False)

    def p_contested(self, items):
        return ("contested", None, False)

    def p_turn_player(self, items):
        return ("turn_player", None, False)

    def p_count(self, items):
        if isinstance(items[0], Token) and items[0].type == "ZONE_COUNT":
            word = str(items[0]).lower()
            zone = {"手牌数": "hand", "hand-count": "hand", "主牌堆数": "deck", "deck-count": "deck",
                    "符文牌堆数": "rune_deck", "废牌堆数": "trash", "trash-count": "trash", "放逐数": "banishment",
                    "基地单位数": "base"}[word]
            return ("count", (zone, _num(items[1])), False)
        return ("count", (str(items[0]), _num(items[2])), False)

    def subject_exp(self, items):
        meta = _first_pos(items)
        negated = any(isinstance(i, Token) and i.type == "NOT" for i in items)
        pred, val, neg2 = items[-1]
        return m.Expectation("subject", self._pos(meta), subject=_text(items[0]), predicate=pred, value=val,
                             negated=negated or neg2)

    def winner_exp(self, items):
        meta = _first_pos(items)
        return m.Expectation("winner", self._pos(meta), value=_text(items[1]))

    def trace_exp(self, items):
        meta = _first_pos(items)
        negated = any(isinstance(i, Token) and i.type in ("NOT", "NOT_INCLUDE") for i in items)
        last = items[-1]
        val = _text(last) if isinstance(last, Token) else str(last)
        is_rule = not (isinstance(last, Token) and last.type == "STRING")
        return m.Expectation("trace", self._pos(meta), predicate="rule" if is_rule else "text", value=val,
                             negated=negated)

    def expect_block(self, items):
        return ("expectations", [i for i in items if isinstance(i, m.Expectation)])

    # --- assembly
    def start(self, items):
        sc = m.Scenario(self.file)
        current: m.PlayerSpec | None = None
        for it in items:
            tag = it[0]
            if tag == "title":
                sc.title = it[1]
            elif tag == "source":
                sc.sources.append(it[1])
            elif tag == "note":
                sc.notes.append(it[1])
            elif tag == "include":
                sc.includes.append((it[1], it[2]))
            elif tag == "mode":
                sc.mode = it[1]
            elif tag == "victory":
                sc.victory_score = it[1]
            elif tag == "turn":
                sc.turn = it[1]
            elif tag == "turn_player":
                sc.turn_player = _text(it[1])
            elif tag == "phase":
                sc.phase = it[1]
            elif tag == "team":
                sc.teams.append(it[1])
            elif tag == "card":
                sc.cards[it[1].name] = it[1]
            elif tag == "player":
                current = m.PlayerSpec(_text(it[1]), m.Pos(self.file, it[1].line, it[1].column))
                sc.players.append(current)
            elif tag in ("zone", "points", "pool", "xp"):
                if current is None:
                    raise ScenarioError("区域行之前必须先声明玩家（“玩家 甲”）。", file=self.file,
                                        line=it[3].line, column=it[3].column)
                if tag == "zone":
                    current.zones.append(m.ZoneSpec(current.name, it[1], it[2], it[3], it[4]))
                elif tag == "points":
                    current.points = it[1]
                elif tag == "xp":
                    current.xp = it[1]
                else:
                    current.energy, current.power, current.power_domains = it[1], it[2], it[4]
            elif tag == "battlefield":
                sc.battlefields.append(it[1])
            elif tag == "steps":
                sc.steps = it[1]
            elif tag == "expectations":
                sc.expectations = it[1]
        return sc


def _all_keywords() -> list[str]:
    return [s for spellings in keyword_spellings().values() for s in spellings]


def _syntax_error(err: UnexpectedInput, text: str, file: str) -> ScenarioError:
    lines = text.splitlines()
    line = getattr(err, "line", 0) or 0
    col = getattr(err, "column", 0) or 0
    src = lines[line - 1] if 0 < line <= len(lines) else None
    if isinstance(err, UnexpectedToken):
        tok = err.token
        bad = str(tok)
        if tok.type == "$END":
            return ScenarioError("文件意外结束。", file=file, line=line, column=col,
                                 expected=[describe_terminal(t) for t in sorted(err.expected)], source_line=src)
        expected = sorted({describe_terminal(t) for t in err.expected if not t.startswith("__")})
        expected_words = [s for t in err.expected for s in keyword_spellings().get(t, [])]
        sugg = suggest(bad.strip(), expected_words or _all_keywords())
        shown = "换行" if tok.type == "_NL" else bad
        return ScenarioError("无法识别的写法：这里不应出现此内容。", file=file, line=line, column=col, text=shown,
                             expected=expected, suggestions=sugg, source_line=src)
    if isinstance(err, UnexpectedCharacters):
        rest = src[col - 1:] if src else ""
        bad = rest.split()[0] if rest.split() else rest[:1]
        allowed = sorted({describe_terminal(t) for t in (err.allowed or ()) if not t.startswith("__")})
        words = [s for t in (err.allowed or ()) for s in keyword_spellings().get(t, [])]
        return ScenarioError("无法识别的写法：这里不应出现此内容。", file=file, line=line, column=col, text=bad,
                             expected=allowed, suggestions=suggest(bad, words or _all_keywords()), source_line=src)
    if isinstance(err, UnexpectedEOF):
        return ScenarioError("文件意外结束。", file=file, line=len(lines), column=1)
    return ScenarioError(f"无法解析：{err}", file=file, line=line, column=col, source_line=src)


def parse_text(text: str, file: str = "<场景>", *, base_dir: Path | None = None, _seen=None) -> m.Scenario:
    """Parse scenario source text; includes are resolved relative to `base_dir`."""
    if not text.endswith("\n"):
        text += "\n"
    text = text.lstrip("\ufeff")
    try:
        lark = _lark()
        _BUILDER.file = file
        sc = lark.parse(text)
    except UnexpectedInput as err:
        raise _syntax_error(err, text, file) from None
    except VisitError as err:
        if isinstance(err.orig_exc, ScenarioError):
            raise err.orig_exc from None
        # Locate the failing node (e.g. a number too long to convert) instead of naming only the file.
        meta = getattr(err.obj, "meta", err.obj)
        line, col = getattr(meta, "line", 0) or 0, getattr(meta, "column", 0) or 0
        lines = text.splitlines()
        src = lines[line - 1] if 0 < line <= len(lines) else None
        if isinstance(err.orig_exc, ValueError) and "digits" in str(err.orig_exc):
            raise ScenarioError("数字太大：位数超过上限。", file=file, line=line, column=col, source_line=src) from None
        raise ScenarioError(f"无法构建场景：{err.orig_exc}", file=file, line=line, column=col,
                            source_line=src) from None
    _attach_source_text(sc, text)
    seen = set(_seen or ())
    seen.add(str(Path(file).resolve()) if base_dir is not None else file)
    for inc, pos in sc.includes:
        path = (base_dir or Path(".")) / inc
        if not path.exists():
            raise ScenarioError("找不到被包含的文件。", file=file, line=pos.line, column=pos.column, text=inc)
        key = str(path.resolve())
        if key in seen:
            raise ScenarioError("循环包含。", file=file, line=pos.line, column=pos.column, text=inc)
        try:
            cards = _included_cards(path, key, seen)
        except UnicodeDecodeError:
            raise ScenarioError("被包含的文件不是 UTF-8 编码。", file=file, line=pos.line, column=pos.column,
                                text=inc) from None
        except OSError as exc:
            raise ScenarioError(f"无法读取被包含的文件（{exc.strerror or exc}）：应为一个卡牌定义文件。", file=file,
                                line=pos.line, column=pos.column, text=inc) from None
        for name, card in cards.items():
            sc.cards.setdefault(name, card)
    return sc


_INCLUDE_CACHE: dict[tuple[str, float], dict] = {}


def _included_cards(path: Path, key: str, seen) -> dict:
    """Card definitions of an included file, parsed once per process (per modification time)."""
    import copy

    stamp = (key, path.stat().st_mtime)
    if stamp not in _INCLUDE_CACHE:
        sub = parse_text(path.read_text("utf-8"), str(path), base_dir=path.parent, _seen=seen | {key})
        if sub.players or sub.battlefields or sub.steps or sub.expectations:
            raise ScenarioError("被包含的文件只能定义卡牌（“卡牌 …”行）。", file=str(path), line=1, column=1)
        _INCLUDE_CACHE[stamp] = sub.cards
    # Scenarios may add implicit cards to their own table; never share mutable card objects.
    return {k: copy.copy(v) for k, v in _INCLUDE_CACHE[stamp].items()}


def _attach_source_text(sc: m.Scenario, text: str) -> None:
    """Keep each step's own source line (comments stripped) for traces and reports."""
    lines = text.splitlines()

    def line_of(pos):
        raw = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
        return raw.split("#", 1)[0].strip()

    for step in sc.steps:
        src = line_of(step.pos)
        if step.action is not None:
            step.action.text = src.split(None, 1)[1] if step.kind == "illegal" and " " in src else src
        if step.expectation is not None:
            step.expectation.text = src.split(None, 1)[1] if " " in src else src
    for e in sc.expectations:
        e.text = line_of(e.pos)


def load_scenario(path: str | Path) -> m.Scenario:
    """Read, parse and validate one scenario file."""
    from judge.dsl.validate import validate

    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except FileNotFoundError:
        raise ScenarioError("找不到场景文件。", file=str(p)) from None
    except UnicodeDecodeError as exc:
        # Point at the first bad byte: line and column (in characters) of what decodes before it.
        head = p.read_bytes()[: exc.start].decode("utf-8", "replace")
        line = head.count("\n") + 1
        col = len(head) - (head.rfind("\n") + 1) + 1
        raise ScenarioError(f"场景文件不是 UTF-8 编码：第 {exc.start} 字节无法解码。", file=str(p), line=line, column=col,
                            expected=["UTF-8 编码的文本"]) from None
    sc = parse_text(text, str(p), base_dir=p.parent)
    validate(sc)
    return sc
