"""A short excerpt of a hit around what matched, with the spans to highlight."""

from __future__ import annotations

import re
from functools import lru_cache

WIDTH = 90
# The start of the text the index shows for a rule the corpus lacks (judge.search.index): the tool's words, in
# which no query word is highlighted.
ABSENT_TEXT = "（本条正文不在当前语料中"


def _alternatives(forms: tuple[str, ...]) -> list[str]:
    """The forms as the pattern tries them: longest first, stripped, without inner spaces."""
    alts = []
    for f in sorted(set(forms), key=len, reverse=True):
        f = f.strip()
        if f:
            alts.append("".join(ch for ch in f if not ch.isspace()))
    return alts


@lru_cache(maxsize=256)
def _compiled(forms: tuple[str, ...]) -> re.Pattern | None:
    # Tolerate stray spaces left by the PDF extraction between characters.
    alts = [r"\s*".join(re.escape(ch) for ch in f) for f in _alternatives(forms)]
    return re.compile("|".join(alts), re.IGNORECASE) if alts else None


def _caseless(ch: str) -> bool:
    """A character no other matches case-insensitively: a Chinese character, or ASCII but no letter."""
    o = ord(ch)
    return 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF or (o < 128 and not ch.isalpha())


@lru_cache(maxsize=256)
def _plain(forms: tuple[str, ...]) -> list[str] | None:
    """The alternatives, when every one is caseless (a Chinese question's forms): matched with str.find
    instead of compiling the pattern (milliseconds for a question's dozen forms), else None."""
    alts = _alternatives(forms)
    return alts if all(_caseless(ch) for f in alts for ch in f) else None


def _find_plain(text: str, alts: list[str]) -> list[tuple[int, int]]:
    """What the pattern's finditer finds, as (start, end): the text without its spaces is scanned left to
    right; at each place the first alternative (in the pattern's order) that starts there matches, and the
    scan goes on after it."""
    bare = "".join(text.split())
    # No white space (most texts): a place in `bare` is the same offset in `text`.
    places = range(len(text)) if len(bare) == len(text) else [i for i, ch in enumerate(text) if not ch.isspace()]
    first: dict[int, int] = {}  # place in `bare` -> the first alternative starting there
    for k, alt in enumerate(alts):
        at = bare.find(alt)
        while at >= 0:
            if at not in first:
                first[at] = k
            at = bare.find(alt, at + 1)
    out, end = [], 0
    for at in sorted(first):
        if at < end:
            continue
        end = at + len(alts[first[at]])
        out.append((places[at], places[end - 1] + 1))
    return out


def make(text: str, forms: list[str], width: int = WIDTH) -> tuple[str, list[tuple[int, int]]]:
    """(snippet, [(start, end), ...] of matched words inside the snippet)."""
    # Shown as written (no NFKC: Chinese full-width punctuation stays), newlines as spaces.
    text = re.sub(r"\s*\n\s*", " ", text or "").strip()
    key = tuple(sorted(set(forms))) if not text.startswith(ABSENT_TEXT) else ()
    plain = _plain(key)
    if plain is not None:
        matches = _find_plain(text, plain) if plain else []
    else:
        pat = _compiled(key)
        matches = [m.span() for m in pat.finditer(text)] if pat else []
    start = 0
    if len(text) > width and matches:
        first = matches[0][0]
        start = max(0, min(first - width // 4, len(text) - width))
    end = min(len(text), start + width)
    snippet = text[start:end]
    offset = 0
    if start > 0:
        snippet = "…" + snippet
        offset = 1
    if end < len(text):
        snippet += "…"
    spans = [(s - start + offset, e - start + offset) for s, e in matches if s >= start and e <= end]
    return snippet, spans
