"""Scenario errors in Chinese: file:line:column, the offending text, what was expected, a suggestion.

The parser's exceptions are translated into these; nothing in the DSL lets a parser traceback reach the user.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pathlib import Path

from judge.errors import JudgeError

# Beside this module (importlib.resources would cost every cold `judge run` some 20 ms).
GRAMMAR_PATH = Path(__file__).with_name("scenario.lark")

# Terminals that are not keywords, described in Chinese.
_PLAIN_TERMINALS = {
    "NAME": "名称（卡牌、单位、玩家或战场的标识）",
    "STRING": "带引号的文本",
    "INT": "整数",
    "SIGNED": "带符号的整数（如 +1、-2）",
    "RULE_NUMBER": "规则编号（如 466.1）",
    "REST": "一行文本",
    "_NL": "换行",
    "_COLON": "冒号“:”",
    "_EQ": "等号“=”",
    "_SEP": "逗号“,”",
    "_ARROW": "箭头“->”",
    "$END": "文件结尾",
}


@lru_cache(maxsize=1)
def keyword_spellings() -> dict[str, list[str]]:
    """Terminal name -> its spellings, read from the grammar (Chinese first, then English)."""
    out: dict[str, list[str]] = {}
    for m in re.finditer(r'^([A-Z_]+)\.3: \((.*)\) _KW_END$', GRAMMAR_PATH.read_text("utf-8"), re.M):
        out[m.group(1)] = re.findall(r'"([^"]+)"', m.group(2))
    return out


def describe_terminal(name: str) -> str:
    spellings = keyword_spellings().get(name)
    if spellings:
        return "“" + spellings[0] + "”" + (f"（{spellings[1]}）" if len(spellings) > 1 else "")
    if name in _PLAIN_TERMINALS:
        return _PLAIN_TERMINALS[name]
    if name.startswith("__ANON") or name.isupper() is False:
        return name
    return name


def suggest(word: str, candidates, limit: int = 3) -> list[str]:
    """Closest spellings of `word` among `candidates` (rapidfuzz): small edit distance first,
    same length preferred; falls back to fuzzy partial matching for longer words."""
    from rapidfuzz import fuzz, process
    from rapidfuzz.distance import Levenshtein

    cands = sorted({c for c in candidates if c and c != word})
    if not word or not cands:
        return []
    w = word.lower()
    allowed = max(1, len(w) // 2) if len(w) <= 4 else max(2, len(w) * 2 // 5)
    scored = []
    for c in cands:
        d = Levenshtein.distance(w, c.lower())
        if d <= allowed:
            scored.append((d, abs(len(c) - len(w)), c))
    if scored:
        return [c for *_, c in sorted(scored)[:limit]]
    hits = process.extract(word, cands, scorer=fuzz.WRatio, limit=limit, score_cutoff=75)
    return [h[0] for h in hits]


class ScenarioError(JudgeError):
    """A scenario that cannot be read or is impossible. Rendered as file:line:column: message."""

    exit_code = 2

    def __init__(self, message: str, *, file: str = "", line: int = 0, column: int = 0,
                 text: str | None = None, expected: list[str] | None = None,
                 suggestions: list[str] | None = None, rule: str | None = None,
                 source_line: str | None = None):
        super().__init__(message)
        self.file, self.line, self.column = file, line, column
        self.text = text
        self.expected = expected or []
        self.suggestions = suggestions or []
        self.rule = rule
        self.source_line = source_line

    def location(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file

    def render(self) -> str:
        from judge.dsl.limits import clip_line, window

        parts = [f"{self.location()}: {self.message}"]
        if self.source_line is not None:
            shown, col = window(self.source_line.rstrip(), self.column)  # a long line: the part around the error
            parts.append("    " + shown)
            parts.append("    " + " " * max(_display_width(shown[: max(col - 1, 0)]), 0) + "^")
        if self.text is not None:
            parts.append(f"  出错的文本：“{clip_line(self.text)}”")
        if self.expected:
            parts.append("  此处应为：" + "、".join(self.expected[:12]) + ("……" if len(self.expected) > 12 else ""))
        if self.rule:
            parts.append(f"  依据规则：{self.rule}")
        if self.suggestions:
            parts.append("  你是不是要写：" + " / ".join(f"“{s}”" for s in self.suggestions) + "？")
        return "\n".join(parts)


    def to_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column, "message": self.message,
                "text": self.text, "expected": self.expected, "suggestions": self.suggestions,
                "rule": self.rule}


def _display_width(text: str) -> int:
    # Wide (CJK) characters take two terminal cells.
    return sum(2 if ord(c) > 0x2E80 else 1 for c in text)
