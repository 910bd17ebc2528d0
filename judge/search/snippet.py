"""A short excerpt of a hit around what matched, with the spans to highlight."""

from __future__ import annotations

import re
from functools import lru_cache

WIDTH = 90


def _pattern(forms: list[str]) -> re.Pattern | None:
    return _compiled(tuple(sorted(set(forms))))


@lru_cache(maxsize=256)
def _compiled(forms: tuple[str, ...]) -> re.Pattern | None:
    alts = []
    for f in sorted(set(forms), key=len, reverse=True):
        f = f.strip()
        if not f:
            continue
        # Tolerate stray spaces left by the PDF extraction between characters.
        alts.append(r"\s*".join(re.escape(ch) for ch in f if not ch.isspace()))
    return re.compile("|".join(alts), re.IGNORECASE) if alts else None


def make(text: str, forms: list[str], width: int = WIDTH) -> tuple[str, list[tuple[int, int]]]:
    """(snippet, [(start, end), ...] of matched words inside the snippet)."""
    # Shown as written (no NFKC: Chinese full-width punctuation stays), newlines as spaces.
    text = re.sub(r"\s*\n\s*", " ", text or "").strip()
    pat = _pattern(forms)
    matches = list(pat.finditer(text)) if pat else []
    start = 0
    if len(text) > width and matches:
        first = matches[0].start()
        start = max(0, min(first - width // 4, len(text) - width))
    end = min(len(text), start + width)
    snippet = text[start:end]
    offset = 0
    if start > 0:
        snippet = "…" + snippet
        offset = 1
    if end < len(text):
        snippet += "…"
    spans = [(m.start() - start + offset, m.end() - start + offset) for m in matches if m.start() >= start and m.end() <= end]
    return snippet, spans
