"""The rule tree's data model: one Rule per paragraph or node, with how its number was obtained."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.rules import CURRENT_VERSION  # noqa: F401  (re-exported)

# How a number was obtained, strongest first.
CITED = "cited"        # the text cites this number with a title that names this rule
SOURCE = "source"      # the document printed it
ALIGNED = "aligned"    # a user reference (judge corpus align) states it
INFERRED = "inferred"  # recovered from structure; always displayed with "≈"
ABSENT = "absent"      # cited by the text, but the corpus has no text for it
SOURCES = (CITED, SOURCE, ALIGNED, INFERRED, ABSENT)

NUMBER_RE = re.compile(r"^(\d{3})(?:\.(\d+))?(?:\.([a-z]))?(?:\.(\d+))?$")


def parse_number(number: str) -> tuple[int, ...] | None:
    """'352.8.a.1' -> (352, 8, 1, 1); letters count from 1. None if malformed."""
    m = NUMBER_RE.match(number.strip().rstrip("."))
    if not m:
        return None
    a, b, c, d = m.groups()
    if c is not None and b is None or d is not None and c is None:
        return None
    key = [int(a)]
    if b is not None:
        key.append(int(b))
    if c is not None:
        key.append(ord(c) - ord("a") + 1)
    if d is not None:
        key.append(int(d))
    return tuple(key)


def format_number(key: tuple[int, ...]) -> str:
    parts = [f"{key[0]:03d}"]
    if len(key) > 1:
        parts.append(str(key[1]))
    if len(key) > 2:
        parts.append(chr(ord("a") + key[2] - 1) if key[2] <= 26 else f"z{key[2]}")
    if len(key) > 3:
        parts.append(str(key[3]))
    return ".".join(parts)


def parent_number(number: str) -> str | None:
    key = parse_number(number)
    return format_number(key[:-1]) if key and len(key) > 1 else None


def display(number: str, source: str) -> str:
    return f"≈{number}" if source == INFERRED else number


@dataclass
class Rule:
    version: str
    number: str | None
    number_source: str
    confidence: float
    evidence: str
    text: str = ""
    title: str = ""
    is_heading: bool = False
    examples: list[tuple[str, int]] = field(default_factory=list)
    source_file: str = ""
    source_line: int = 0
    source_lines: list[int] = field(default_factory=list)
    raw: str = ""
    ord: int = 0

    @property
    def key(self) -> tuple[int, ...] | None:
        return parse_number(self.number) if self.number else None

    @property
    def level(self) -> int:
        k = self.key
        return len(k) - 1 if k else 0

    @property
    def id(self) -> str:
        return f"{self.version}:{self.number}" if self.number else f"{self.version}:p{self.ord}"

    def row(self) -> dict:
        return {
            "id": self.id, "version": self.version, "number": self.number,
            "display_number": display(self.number, self.number_source) if self.number else None,
            "number_source": self.number_source, "confidence": round(self.confidence, 3),
            "evidence": self.evidence, "parent": parent_number(self.number) if self.number else None,
            "level": self.level, "ord": self.ord, "title": self.title or None, "text": self.text,
            "is_heading": int(self.is_heading), "source_file": self.source_file or None,
            "source_line": self.source_line or None,
        }
