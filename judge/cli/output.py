"""Standard streams that never crash on a character the terminal's encoding lacks.

Chinese Windows writes redirected output as GBK; a C locale gives ASCII. Instead of a
UnicodeEncodeError halfway through (and an empty or truncated file), each symbol the encoding
cannot carry is replaced by the first fallback it can: a known ASCII/Chinese equivalent, then
the character's compatibility decomposition, then "?". Installed once, at CLI entry, for every
command including --help.
"""

from __future__ import annotations

import codecs
import sys
import unicodedata

ERROR_HANDLER = "judge-fallback"

# Symbol -> fallbacks, tried in order until one encodes. Chinese first (GBK carries it), ASCII last.
FALLBACKS: dict[str, tuple[str, ...]] = {
    "›": (">",),
    "‹": ("<",),
    "→": ("->",),
    "←": ("<-",),
    "↔": ("<->",),
    "✓": ("[通过]", "[OK]"),
    "✔": ("[通过]", "[OK]"),
    "✗": ("[未通过]", "[X]"),
    "✘": ("[未通过]", "[X]"),
    "▶": (">",),
    "■": ("#",),
    "•": ("*",),
    "·": ("*",),
    "…": ("...",),
    "≈": ("约", "~"),
    "—": ("-",),
    "–": ("-",),
    "“": ('"',),
    "”": ('"',),
    "‘": ("'",),
    "’": ("'",),
    "─": ("-",),
    "│": ("|",),
    "━": ("=",),
}


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def fallback_for(char: str, encoding: str) -> str:
    """What to write instead of `char` in `encoding`."""
    for candidate in FALLBACKS.get(char, ()):
        if _encodes(candidate, encoding):
            return candidate
    decomposed = unicodedata.normalize("NFKD", char)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    if stripped and stripped != char and _encodes(stripped, encoding):
        return stripped
    return "?"


def _handler(exc: UnicodeError):
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start:exc.end]
    return "".join(fallback_for(c, exc.encoding) for c in text), exc.end


def register() -> None:
    try:
        codecs.lookup_error(ERROR_HANDLER)
    except LookupError:
        codecs.register_error(ERROR_HANDLER, _handler)


def install(streams=None) -> None:
    """Switch sys.stdout/sys.stderr (or `streams`) to the fallback error handler."""
    register()
    for stream in streams if streams is not None else (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors=ERROR_HANDLER)
        except (ValueError, OSError):  # a closed or detached stream: nothing to protect
            pass
