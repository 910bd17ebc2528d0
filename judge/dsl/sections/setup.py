"""Setup lines: title, sources, notes, includes, mode, victory score, turn, turn player, phase, teams."""

from __future__ import annotations

from judge.dsl.lalr import v_args

from judge.dsl.errors import ScenarioError, suggest
from judge.dsl.sections.common import Section, _num, _text
from judge.engine import vocab

MODES = vocab.spellings(vocab.MODES)
PHASES = vocab.spellings(vocab.PHASES)


def _rest(tok) -> str:
    return str(tok).lstrip(":： ").strip()


@v_args(inline=True)
class SetupSection(Section):
    def title(self, rest):
        return ("title", _rest(rest))

    def source(self, rest):
        return ("source", _rest(rest))

    def note(self, rest):
        return ("note", _rest(rest))

    def include(self, kw, path):
        return ("include", _text(path), self._pos(kw))

    def mode(self, tok):
        word = _text(tok)
        if word.lower() not in MODES and word not in MODES:
            raise ScenarioError("未知的游戏模式。", file=self.file, line=tok.line, column=tok.column,
                                text=word, expected=sorted(set(MODES)), suggestions=suggest(word, MODES),
                                rule="481")
        return ("mode", MODES.get(word.lower(), MODES.get(word)))

    def victory(self, n):
        return ("victory", _num(n))

    def turn_no(self, n):
        return ("turn", _num(n))

    def turn_player(self, name):
        return ("turn_player", name)

    def phase(self, tok):
        word = _text(tok)
        if word.lower() not in PHASES and word not in PHASES:
            raise ScenarioError("未知的阶段。", file=self.file, line=tok.line, column=tok.column,
                                text=word, expected=["开始阶段", "主阶段", "回合结束阶段"],
                                suggestions=suggest(word, PHASES), rule="315")
        return ("phase", PHASES.get(word.lower(), PHASES.get(word)))

    def team(self, *names):
        return ("team", [_text(t) for t in names])

    def setup_line(self, item):
        return item
