"""Rule numbers: the one type for parsing, ordering, parents and display, and where a number came from.

Levels alternate digits and letters: 352, 352.8, 352.8.a, 352.8.a.1, 437.1.b.1.a. The sort key
counts letters from 1 ('aa' = 27), so 352.8.a < 352.8.b < 352.9 and 355.2 < 355.10.
`RuleNumber.parse` takes what judges type ("规则 349.打出卡牌", "≈352.4", "352.8.A.", full-width
digits); `RuleNumber.strict` takes only the canonical form stored in the tree.
`within(number, root)` asks the same as `RuleNumber.is_within` of two stored (canonical) numbers, as strings.
Kept import-light (no dataclasses, patterns compiled on first use): it is on the `judge rule` and
`judge search` paths.
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum

APPROX = "≈"  # shown before a number that is not certain (inferred)


class Provenance(str, Enum):
    """How a rule's number was obtained, strongest first. A str: compares equal to the stored value."""

    CITED = "cited"          # the text cites this number with a title that names this rule
    SOURCE = "source"        # the document printed it
    OFFICIAL = "official"    # an official numbering map shipped in rules_corpus/ states it
    ALIGNED = "aligned"      # a user reference (judge corpus align) states it
    INFERRED = "inferred"    # recovered from the numbering scheme and the text's shape
    ABSENT = "absent"        # cited by the text, but the corpus has no text for it
    REFERENCE = "reference"  # a rule only the user's reference text has

    def __str__(self) -> str:
        return self.value

    @property
    def certain(self) -> bool:
        """False for an inferred number: it is never shown as certain (always with "≈")."""
        return self is not Provenance.INFERRED

    @property
    def label(self) -> str:
        return _LABELS[self]

    @classmethod
    def of(cls, value: str | Provenance | None) -> Provenance | None:
        if value is None or value == "":
            return None
        return cls(value)


_LABELS = {
    Provenance.CITED: "正文引用确认", Provenance.SOURCE: "文档印有编号", Provenance.OFFICIAL: "与官方编号规则文本（英文核心规则 v1.4，2026-06-18）对齐",
    Provenance.ALIGNED: "用户参照对齐", Provenance.INFERRED: "推断", Provenance.ABSENT: "语料中无正文",
    Provenance.REFERENCE: "仅见于用户参照文本（非本语料正文）",
}


class BadNumber(ValueError):
    """The text is not a rule number; the message is Chinese and user-facing."""


_CANONICAL = r"^\d{3}(?:\.(?:\d+|[a-z]{1,2}))*$"
_TYPED = r"(\d{1,3})((?:\.(?:\d+|[a-z]{1,2}(?![a-z])))*)\.?"
_COMPILED: dict[str, re.Pattern] = {}
_FORM = "规则编号形如 349、103.2、103.2.a 或 103.1.b.1。"
MAX_LEVELS = 7


def _pattern(source: str) -> re.Pattern:
    """`source` compiled once, on first use rather than at import."""
    pattern = _COMPILED.get(source)
    if pattern is None:
        pattern = _COMPILED[source] = re.compile(source)
    return pattern


def within(number: str, root: str) -> bool:
    """True if the stored number `number` is `root` or one of its sub-rules: '352.8.a' and '352.8' are within
    '352.8'; '352.80' is not."""
    return number == root or number.startswith(root + ".")


def _letter_value(p: str) -> int:
    """'a' = 1 … 'z' = 26, 'aa' = 27 …"""
    return ord(p[-1]) - 96 + (26 * (ord(p[0]) - 96) if len(p) == 2 else 0)


def _letter(n: int) -> str:
    return chr(96 + n) if n <= 26 else chr(96 + (n - 1) // 26) + chr(97 + (n - 1) % 26)


class RuleNumber:
    """An immutable rule number. `str(n)` is the canonical form ('352.8.a'); ordering follows the key."""

    __slots__ = ("key",)

    def __init__(self, key: tuple[int, ...]):
        if not 1 <= len(key) <= MAX_LEVELS:
            raise ValueError(f"not a rule number key: {key!r}")
        object.__setattr__(self, "key", tuple(key))

    def __setattr__(self, name, value):
        raise AttributeError("RuleNumber is immutable")

    # ---------------------------------------------------------------- parsing

    @classmethod
    def strict(cls, text: str | None) -> RuleNumber | None:
        """The canonical form only ('352.8.a.1', a trailing dot allowed); None if `text` is not one."""
        if not text:
            return None
        text = text.strip().rstrip(".")
        if not _pattern(_CANONICAL).match(text):
            return None
        parts = text.split(".")
        if len(parts) > MAX_LEVELS:
            return None
        key = [int(parts[0])]
        # Levels alternate digits and letters: 352, 352.8, 352.8.a, 352.8.a.1, 437.1.b.1.a.
        for i, p in enumerate(parts[1:], start=1):
            letter = i % 2 == 0
            if p.isdigit() == letter:
                return None
            key.append(_letter_value(p) if letter else int(p))
        return cls(tuple(key))

    @classmethod
    def parse(cls, text: str | RuleNumber) -> RuleNumber:
        """A number however a judge types it. Raises BadNumber with a Chinese message."""
        if isinstance(text, RuleNumber):
            return text
        raw = text
        text = unicodedata.normalize("NFKC", str(text)).strip().lower()
        text = re.sub(r"^(规则|rule|r)\s*", "", text)
        text = text.lstrip(APPROX + "~#[ ").rstrip("] ")
        m = _pattern(_TYPED).match(text)
        if not m:
            raise BadNumber(f"“{raw}”不是规则编号。{_FORM}")
        tail = text[m.end():].strip()
        if tail and not ("\u4e00" <= tail[0] <= "\u9fff"):  # only a cited title may follow the number
            raise BadNumber(f"“{raw}”不是有效的规则编号：编号后多出了“{tail}”。{_FORM}")
        number = cls.strict(f"{int(m.group(1)):03d}{m.group(2)}")
        if number is None:
            raise BadNumber(f"“{raw}”不是有效的规则编号：数字与小写字母逐级交替（如 352.8.a.1、437.1.b.1.a）。")
        return number

    @classmethod
    def from_key(cls, key: tuple[int, ...]) -> RuleNumber:
        return cls(tuple(key))

    # ---------------------------------------------------------------- structure

    @property
    def level(self) -> int:
        """0 for '349', 1 for '349.1', 2 for '349.1.a', 3 for '349.1.a.1'."""
        return len(self.key) - 1

    @property
    def parent(self) -> RuleNumber | None:
        return RuleNumber(self.key[:-1]) if len(self.key) > 1 else None

    @property
    def ancestors(self) -> list[RuleNumber]:
        """From the top-level rule down to the parent."""
        return [RuleNumber(self.key[:n]) for n in range(1, len(self.key))]

    def is_within(self, other: RuleNumber) -> bool:
        """True if this is `other` or one of its sub-rules."""
        return self.key[: len(other.key)] == other.key

    def display(self, provenance: str | Provenance | None = None) -> str:
        """'≈352.4' when the number is inferred, else '352.4'."""
        return f"{APPROX}{self}" if provenance == Provenance.INFERRED else str(self)

    # ---------------------------------------------------------------- value

    def __str__(self) -> str:
        k = self.key
        parts = [f"{k[0]:03d}"]
        for i, n in enumerate(k[1:], start=1):
            parts.append(_letter(n) if i % 2 == 0 else str(n))
        return ".".join(parts)

    def __repr__(self) -> str:
        return f"RuleNumber('{self}')"

    def __eq__(self, other) -> bool:
        if isinstance(other, RuleNumber):
            return self.key == other.key
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __lt__(self, other: RuleNumber) -> bool:
        return self.key < other.key

    def __le__(self, other: RuleNumber) -> bool:
        return self.key <= other.key

    def __gt__(self, other: RuleNumber) -> bool:
        return self.key > other.key

    def __ge__(self, other: RuleNumber) -> bool:
        return self.key >= other.key


def display_number(number: str | None, provenance: str | Provenance | None) -> str:
    """The stored number as shown: '≈352.4' when inferred ('' for an unnumbered paragraph)."""
    if not number:
        return ""
    return f"{APPROX}{number}" if provenance == Provenance.INFERRED else number
