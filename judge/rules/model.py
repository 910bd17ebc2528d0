"""The rule tree's data model: one Rule per paragraph or node, with how its number was obtained."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.rules import CURRENT_VERSION  # noqa: F401  (re-exported)
from judge.rules.number import Provenance, RuleNumber, display_number

# How a number was obtained, strongest first (see judge.rules.number.Provenance).
CITED = Provenance.CITED
SOURCE = Provenance.SOURCE
OFFICIAL = Provenance.OFFICIAL
ALIGNED = Provenance.ALIGNED
INFERRED = Provenance.INFERRED  # always displayed with "≈"
ABSENT = Provenance.ABSENT
SOURCES = tuple(Provenance)


# Key-tuple helpers for the tree-building algorithms, all through the one RuleNumber type.
def parse_number(number: str) -> tuple[int, ...] | None:
    """'352.8.a.1' -> (352, 8, 1, 1); letters count from 1. None if not a canonical number."""
    n = RuleNumber.strict(number)
    return n.key if n else None


def format_number(key: tuple[int, ...]) -> str:
    return str(RuleNumber(key))


def parent_number(number: str) -> str | None:
    n = RuleNumber.strict(number)
    return str(n.parent) if n and n.parent else None


def display(number: str, source: str) -> str:
    return display_number(number, source)


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
