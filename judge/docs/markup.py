"""Markdown building blocks: escaping untrusted text, anchors, relative links.

All corpus and scenario text goes through `esc` before it reaches a page: HTML-special characters
become entities (so `<script>` renders as text) and every ASCII punctuation mark that Markdown or
its extensions could read as syntax becomes a numeric character reference. The page then shows
exactly the source text, never markup from it.
"""

from __future__ import annotations

import functools
import posixpath
import re
import string

# Characters left as they are: they start no Markdown syntax in inline text.
_SAFE_PUNCT = set(",;?/@%\"'")
_ENTITY = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def front_matter(title: str, boost: float | None = None) -> str:
    """YAML front matter giving the page its <title> (HTML-escaped: mkdocs' templates print it raw)
    and, optionally, its search boost."""
    import html
    import json

    plain = " ".join(str(title).split())
    lines = ["---", f"title: {json.dumps(html.escape(plain, quote=False), ensure_ascii=False)}"]
    if boost is not None:
        lines += ["search:", f"  boost: {boost}"]
    return "\n".join(lines + ["---", ""]) + "\n"


def _table() -> dict[int, str | None]:
    table: dict[int, str | None] = {c: None for c in range(32) if chr(c) not in "\t\n\r"}
    table[0x7F] = None
    for c in "\t\n\r":
        table[ord(c)] = " "
    for c in string.punctuation:
        if c in _ENTITY:
            table[ord(c)] = _ENTITY[c]
        elif c not in _SAFE_PUNCT:
            table[ord(c)] = f"&#{ord(c)};"
    return table


_ESCAPES = _table()


def esc(text: str | None) -> str:
    """One line of untrusted text as inert Markdown (newlines become spaces)."""
    if not text:
        return ""
    # Leading/trailing spaces could make a code block or a hard break.
    return str(text).translate(_ESCAPES).strip()


def esc_lines(text: str | None) -> list[str]:
    """Untrusted multi-line text as a list of escaped, non-empty lines (one paragraph each)."""
    if not text:
        return []
    return [e for e in (esc(line) for line in str(text).splitlines()) if e]


def fence(text: str, lang: str = "text") -> str:
    """Untrusted text inside a fenced code block: longer fence than any backtick run in it."""
    text = _CONTROL.sub("", str(text)).replace("\r", "")
    longest = max((len(m) for m in re.findall(r"`+|~+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{lang}\n{text.rstrip()}\n{ticks}"


_ANCHOR_SAFE = re.compile(r"[^0-9a-z]+")


def rule_anchor(number: str) -> str:
    """Stable anchor of a rule number: '352.8.a' -> 'r-352-8-a'."""
    slug = _ANCHOR_SAFE.sub("-", number.lower()).strip("-")
    return f"r-{slug}" if slug else "r-x"


def slug(text: str, prefix: str = "") -> str:
    """ASCII slug for file names and anchors of ids such as 'core:1.2' -> 'core-1-2'."""
    s = _ANCHOR_SAFE.sub("-", str(text).lower()).strip("-")
    return f"{prefix}{s}" if s else f"{prefix}x"


def rel(from_page: str, to_page: str, anchor: str = "") -> str:
    """Relative link between two pages of the docs dir (POSIX paths like 'rules/349.md')."""
    if from_page == to_page and anchor:
        return f"#{anchor}"
    path = _relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{path}#{anchor}" if anchor else path


@functools.lru_cache(maxsize=None)  # pages x link targets of one site: a bounded cache thrashes
def _relpath(to_page: str, from_dir: str) -> str:
    return posixpath.relpath(to_page, from_dir)


def link(label_md: str, href: str) -> str:
    """A Markdown link; label must already be escaped Markdown."""
    return f"[{label_md}]({href})"


def heading(level: int, text_md: str, anchor: str) -> str:
    level = max(1, min(level, 6))
    return f"{'#' * level} {text_md} {{#{anchor}}}"


def indent(lines: list[str], n: int = 4) -> list[str]:
    pad = " " * n
    return [pad + line if line else "" for line in lines]
