"""In-text citations: "规则 349.打出卡牌", "规则 103.2.a.选定英雄", "规则 466.1. 战斗清理", "规则 [322.2.]".

A number followed by a dot and a title names that rule ("349." + "打出卡牌"); a number with no
dot before the following words ("规则 356.2施加该额外费用") cites the number only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CITE = re.compile(
    r"规则\s*\[?\s*(?P<number>\d{3}(?:\.\d+)?(?:\.[a-z])?(?:\.\d+)?)(?P<dot>\.)?\s*\]?"
    r"(?P<title>(?:(?!和?规则)[\u4e00-\u9fff]){0,12})"
)
_GLOSS = re.compile(r"\s*([\u4e00-\u9fff]{0,20})")
_CONTEXT = re.compile(r"有关\s*([\u4e00-\u9fff\[\]]{1,10}?)\s*的信息[，,]?\s*请查阅\s*$")
# Words that start ordinary prose rather than a title when no dot separates them.
_TITLE_STOP = re.compile(r"(和规则|和|以及|或)$")


@dataclass(frozen=True)
class Citation:
    number: str
    title: str    # cited title, "" when the citation names only a number
    raw: str
    start: int
    context: str = ""  # "想获取更多有关致命伤害的信息，请查阅规则142.4.": the subject named before it
    gloss: str = ""    # "按照规则356.2施加该额外费用": words describing the rule, no dot after the number


def find_citations(text: str) -> list[Citation]:
    cites = []
    for m in _CITE.finditer(text):
        number = m.group("number")
        title = m.group("title") if m.group("dot") else ""
        title = _TITLE_STOP.sub("", title) if title else ""
        # "规则165.符文池和规则429.获得": the title stops before the next citation.
        title = title.split("规则")[0]
        ctx = _CONTEXT.search(text[: m.start()])
        gloss = "" if m.group("dot") else _GLOSS.match(text, m.end("number")).group(1)
        cites.append(Citation(number, title, m.group(0).strip(), m.start(), ctx.group(1) if ctx else "", gloss))
    return cites


def strip_citations(text: str) -> str:
    """The text without its citations and "see also" phrases: what the rule itself says."""
    text = re.sub(r"想获取更多(有关)?.{0,12}?信息，?请查阅", "", text)
    return _CITE.sub("", text)
