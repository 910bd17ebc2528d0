"""What two paragraphs share, within one language and across Chinese and English.

Each paragraph becomes a `Shape`: normalized text (for character similarity within one language),
a bag of language-neutral tokens (numbers, bracketed symbols, glossary concepts, example and quote
markers), a length in comparable units, and its form (heading, ends in a colon, numbered step).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from rapidfuzz.fuzz import ratio

from judge.rules.align.glossary import Glossary

CJK = r"\u3400-\u9fff"
SPACE_IN_CJK_RE = re.compile(rf"(?<=[{CJK}\W])\s+|\s+(?=[{CJK}\W])")
PUNCT_MAP = str.maketrans({"：": ":", "，": ",", "；": ";", "（": "(", "）": ")", "“": '"', "”": '"',
                           "‘": "'", "’": "'", "！": "!", "？": "?", "【": "[", "】": "]", "\u3000": " "})
BRACKET_RE = re.compile(r"\[\s*([^\[\]]{1,12}?)\s*\]")
NUMBER_RE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)*)(?![\d])")
RULE_CITE_RE = re.compile(r"(?:规则|[Rr]ule)\s*\[?\s*(\d{3}(?:\.(?:\d+|[a-z]+))*)")
STEP_RE = re.compile(r"^\s*(?:(\d{1,2})\s*[.．、]|第\s*(\d{1,2})\s*步|[Ss]tep\s+(\d{1,2})\b)")
EXAMPLE_RE = re.compile(r"举例\s*[:：]|例如\s*[:：]|Examples?\s*:")
QUOTE_RE = re.compile(r"[“”\"「」]")
CJK_CHAR_RE = re.compile(rf"[{CJK}]")
WORD_RE = re.compile(r"[A-Za-z]+")
EN_WORD_WEIGHT = 1.5  # one English word carries about as much as 1.5 Chinese characters
CLOSING = tuple("。.：:；;！!？?）)」”\"")


def normalize(text: str) -> str:
    """Comparable form within one language: no stray spaces in CJK text, one punctuation set."""
    t = text.translate(PUNCT_MAP)
    t = SPACE_IN_CJK_RE.sub("", t)
    return re.sub(r"\s+", " ", t).strip().lower()


@dataclass
class Shape:
    norm: str
    tokens: Counter
    length: float
    heading: bool
    colon: bool
    step: str


def measure(text: str, lang: str, glossary: Glossary, heading: bool | None = None) -> Shape:
    norm = normalize(text)
    tokens: Counter = Counter()
    cited = set()
    for m in RULE_CITE_RE.finditer(text):
        tokens["cite:" + m.group(1)] += 1
        cited.add(m.group(1))
    for m in BRACKET_RE.finditer(text.translate(PUNCT_MAP)):
        inner = m.group(1).strip()
        if re.fullmatch(r"[A-Z0-9>X]{1,2}", inner):
            tokens["sym:" + inner] += 1
    for m in NUMBER_RE.finditer(norm):
        if m.group(1) not in cited:
            tokens["num:" + m.group(1)] += 1
    concepts = glossary.concepts_zh(text) if lang == "zh" else glossary.concepts_en(text)
    for c in concepts:
        tokens["kw:" + c] += 1
    n_ex = len(EXAMPLE_RE.findall(text))
    if n_ex:
        tokens["example"] += n_ex
    n_q = len(QUOTE_RE.findall(text)) // 2
    if n_q:
        tokens["quote"] += n_q
    if lang == "zh":
        length = len(CJK_CHAR_RE.findall(text)) + EN_WORD_WEIGHT * len(WORD_RE.findall(text)) * 0.5
    else:
        length = EN_WORD_WEIGHT * len(WORD_RE.findall(text))
    stripped = text.strip()
    m = STEP_RE.match(stripped)
    step = next((g for g in m.groups() if g), "") if m else ""
    if heading is None:
        heading = bool(stripped) and not stripped.endswith(CLOSING) and (
            len(stripped) <= 16 if lang == "zh" else len(stripped.split()) <= 7)
    return Shape(norm, tokens, max(length, 1.0), bool(heading), stripped.endswith((":", "：")), step)


def merge(shapes: list[Shape]) -> Shape:
    """The shape of several paragraphs read as one (a merged or split paragraph)."""
    tokens: Counter = Counter()
    for s in shapes:
        tokens.update(s.tokens)
    return Shape("".join(s.norm for s in shapes), tokens, sum(s.length for s in shapes),
                 False, shapes[-1].colon, shapes[0].step)


class Similarity:
    """sim(a, b) in [0, 1]. `same_lang` switches on character similarity of the normalized text."""

    def __init__(self, same_lang: bool, idf: dict[str, float]):
        self.same_lang = same_lang
        self.idf = idf

    def tokens(self, a: Counter, b: Counter) -> float | None:
        if not a and not b:
            return None
        shared = total = 0.0
        for k in a.keys() | b.keys():
            w = self.idf.get(k, 2.0)
            x, y = a.get(k, 0), b.get(k, 0)
            shared += 2 * min(x, y) * w
            total += (x + y) * w
        return shared / total if total else None

    @staticmethod
    def form(a: Shape, b: Shape) -> float:
        score = 1.0
        if a.heading != b.heading:
            score -= 0.6
        if a.colon != b.colon:
            score -= 0.2
        if a.step != b.step:
            score -= 0.4 if (a.step and b.step) else 0.2
        return max(score, 0.0)

    def __call__(self, a: Shape, b: Shape) -> float:
        length = min(a.length, b.length) / max(a.length, b.length)
        if self.same_lang:
            text = ratio(a.norm, b.norm) / 100.0
            return 0.8 * text + 0.1 * length + 0.1 * self.form(a, b)
        tok = self.tokens(a.tokens, b.tokens)
        length = length ** 0.7
        if tok is None:
            return 0.15 + 0.5 * length + 0.35 * self.form(a, b) * length
        return 0.5 * tok + 0.3 * length + 0.2 * self.form(a, b)


def idf_weights(shapes: list[Shape]) -> dict[str, float]:
    df: Counter = Counter()
    for s in shapes:
        df.update(s.tokens.keys())
    n = max(len(shapes), 1)
    return {k: 0.5 + math.log(n / (1 + v)) for k, v in df.items()}
