"""What every section transformer shares: source positions, numbers and names from tokens, and the
atoms (names, rule numbers, reference lists) used across sections."""

from __future__ import annotations

from judge.dsl.lalr import Token, Transformer, v_args

from judge.dsl import model as m
from judge.dsl.errors import ScenarioError


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
        raise ScenarioError(f"数字太大（超过 {MAX_DIGITS} 位）。", file=_CURRENT_FILE[0],
                            line=getattr(tok, "line", 0) or 0, column=getattr(tok, "column", 0) or 0,
                            text=text[:20] + "…")
    return int(text)


def _text(tok) -> str:
    s = str(tok)
    return s[1:-1] if s.startswith('"') and s.endswith('"') else s


_CURRENT_FILE = [""]  # the file being parsed (for errors raised while converting numbers)


class Section(Transformer):
    """Base of the section transformers; the parser combines them into one (judge.dsl.parser)."""

    file: str = "<场景>"

    def _pos(self, meta_or_tok) -> m.Pos:
        line = getattr(meta_or_tok, "line", 0) or 0
        col = getattr(meta_or_tok, "column", 0) or 0
        return m.Pos(self.file, line, col)


@v_args(inline=True)
class Atoms(Section):
    def name(self, tok):
        return tok  # keep the Token (position) until used

    def rule_no(self, tok):
        return str(tok).rstrip(".")

    def refs(self, *names):
        return list(names)

    def dest(self, name):
        return name

