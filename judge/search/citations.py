"""Rule citations inside a query: "规则 318", "318.清理", "349 打出卡牌", "103.2.a", "[322.2.]".

A bracketed number ("[322.2.]", "规则 [440.1.a.]") is how the referee FAQ cites rules: an older
numbering, resolved through the faq_refs mapping. Any other three-digit number is a number of the
current rules. Stdlib only (query path).
"""

from __future__ import annotations

import re

from judge.regex_cache import regex
from judge.search.text import is_cjk

_NUM = r"(\d{3}(?:\.(?:\d{1,3}|[a-z]))*)"
# Old (referee FAQ) numbering: always written in square brackets.
_OLD = regex(r"(?:规则|rule)?\s*\[\s*" + _NUM + r"\.?\s*\]")
# Current numbering: "规则 318", "rule 318.2", or a bare three-digit number standing on its own
# (not "100 点伤害": a count followed by a unit is not a citation).
_CURRENT = regex(
    r"(?:(?:规则|条款|第|rule|r)\s*)?(?<![\d.])" + _NUM + r"(?![\d])\.?(?!\s*[张分点个名枚次条项])(?:\s*条)?"
)


class Citation:
    def __init__(self, raw: str, number: str, old: bool, title: str = "") -> None:
        self.raw = raw
        self.number = number
        self.old = old  # True: a number of the referee FAQ's older numbering
        self.title = title  # the words that follow the number ("318.清理" -> "清理"), if any

    def __repr__(self) -> str:
        return f"Citation({self.raw!r}, {self.number!r}, old={self.old}, title={self.title!r})"


def find(query: str) -> tuple[list[Citation], str]:
    """Citations in a folded query, and the query with them removed (the rest is searched as text)."""
    found: list[Citation] = []
    rest = query

    def take_old(m: re.Match) -> str:
        found.append(Citation(m.group(0).strip(), m.group(1).rstrip("."), True))
        return " "

    rest = _OLD.sub(take_old, rest)

    def take_current(m: re.Match) -> str:
        num = m.group(1).rstrip(".")
        first = int(num.split(".")[0])
        if first < 1:
            return m.group(0)
        found.append(Citation(m.group(0).strip(), num, False))
        return " "

    rest = _CURRENT.sub(take_current, rest)
    # The words right after a cited number name the rule ("349 打出卡牌"): kept for checking.
    if len(found) == 1:
        head = rest.lstrip()
        n = 0
        while n < len(head) and n < 12 and is_cjk(head[n]):
            n += 1
        if n >= 2:
            found[0].title = head[:n]
    return found, re.sub(r"\s+", " ", rest).strip()
