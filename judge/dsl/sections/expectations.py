"""Expectations (`期望:` and checkpoints): facts about an object, a player or the game, the winner,
and what the trace includes."""

from __future__ import annotations

from judge.dsl.lalr import Token, v_args

from judge.dsl import model as m
from judge.dsl.errors import ScenarioError
from judge.dsl.sections.common import Section, _num, _text

ZONE_COUNTS = {"手牌数": "hand", "hand-count": "hand", "主牌堆数": "deck", "deck-count": "deck",
               "符文牌堆数": "rune_deck", "废牌堆数": "trash", "trash-count": "trash", "放逐数": "banishment",
               "基地单位数": "base"}


def _pred(name):
    """A predicate with at most one value (a number or a name); `不在` negates it."""
    def f(self, *items):
        vals = [i for i in items if isinstance(i, Token) and i.type in ("INT", "NAME", "STRING", "SIGNED")]
        val = vals[0] if vals else None
        if isinstance(val, Token) and val.type in ("INT", "SIGNED"):
            val = _num(val)
        elif val is not None:
            val = _text(val)
        negated = any(isinstance(i, Token) and i.type == "NOT_IN" for i in items)
        return (name, val, negated)
    return f


@v_args(inline=True)
class ExpectationSection(Section):
    p_in = _pred("in")
    p_might = _pred("might")
    p_damage = _pred("damage")
    p_buff = _pred("buff")
    p_controller = _pred("controller")
    p_points = _pred("points")
    p_turn = _pred("turn")
    p_phase = _pred("phase")
    p_state = _pred("state")

    def p_flag(self, tok):
        return ({"EXHAUSTED": "exhausted", "READY": "ready", "STUNNED": "stunned"}[tok.type], None, False)

    def p_pool(self, _kw, _energy, energy, *power):
        syms = sorted(str(i)[1] for i in power if i.type == "DOMAIN_SYM")
        if "C" in syms:
            raise ScenarioError("符文池中的符能不能写作 [C]（[C] 只用于卡牌费用）；请写出特性，如 [R]，或写数量。",
                                file=self.file, line=_kw.line, column=_kw.column, rule="135.2.e.6")
        count = [_num(i) for i in power if i.type == "INT"]
        return ("pool", (_num(energy), count[0] if count else len(syms), syms), False)

    def p_focus(self, _kw, holder=None):
        return ("focus", _text(holder) if holder is not None else None, False)

    def p_priority(self, _kw, holder=None):
        return ("priority", _text(holder) if holder is not None else None, False)

    p_deck_pos = _pred("deck_pos")
    p_combat = _pred("combat")

    def p_xp(self, _kw, n):
        return ("xp", _num(n), False)

    def p_keyword(self, name, n=None):
        return ("keyword", (self._keyword(name), _num(n) if n is not None else None), False)

    def p_contested(self):
        return ("contested", None, False)

    def p_turn_player(self):
        return ("turn_player", None, False)

    def p_count(self, first, *rest):
        if isinstance(first, Token) and first.type == "ZONE_COUNT":
            return ("count", (ZONE_COUNTS[str(first).lower()], _num(rest[0])), False)
        return ("count", (str(first), _num(rest[1])), False)

    def subject_exp(self, subject, *rest):
        negated = any(isinstance(i, Token) and i.type == "NOT" for i in rest)
        pred, val, neg2 = rest[-1]
        return m.Expectation("subject", self._pos(subject), subject=_text(subject), predicate=pred, value=val,
                             negated=negated or neg2)

    def winner_exp(self, kw, name):
        return m.Expectation("winner", self._pos(kw), value=_text(name))

    def trace_exp(self, kw, *rest):
        negated = any(isinstance(i, Token) and i.type in ("NOT", "NOT_INCLUDE") for i in rest)
        last = rest[-1]
        val = _text(last) if isinstance(last, Token) else str(last)
        is_rule = not (isinstance(last, Token) and last.type == "STRING")
        return m.Expectation("trace", self._pos(kw), predicate="rule" if is_rule else "text", value=val,
                             negated=negated)

    def expect_block(self, *items):
        return ("expectations", [i for i in items if isinstance(i, m.Expectation)])
