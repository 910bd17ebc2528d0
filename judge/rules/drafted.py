"""Titles this tool drafts for skeleton nodes of the chapters the corpus lacks (440-829).

The numbering map gives those chapters their numbers and levels but (apart from a few headings the
text cites) no Chinese words, so a judge searching for 召回 or 战斗伤害 found nothing there.
`data/drafted_titles.tsv` gives such nodes a short Chinese title in the tool's own words, and
optional search keywords. A drafted title always carries MARK, so no view presents it as official
rule text; the node's text stays empty (absent).
"""

from __future__ import annotations

import os

MARK = "〔标题为本工具所拟〕"
PATH = os.path.join(os.path.dirname(__file__), "data", "drafted_titles.tsv")
NOTE = "中文标题为本工具所拟（概括该条所涉内容，便于查找），不是官方规则文本。"


_cache: dict[str, tuple[str, tuple[str, ...]]] | None = None


def drafted() -> dict[str, tuple[str, tuple[str, ...]]]:
    """number -> (title without MARK, search keywords). Read once (no functools: search's cold path
    imports this module for MARK)."""
    global _cache
    if _cache is not None:
        return _cache
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    _cache = out
    if not os.path.isfile(PATH):
        return out
    with open(PATH, encoding="utf-8") as f:
        text = f.read()
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cells = [c.strip() for c in line.split("\t")]
        if len(cells) < 2 or not cells[1]:
            continue
        words = tuple(w for w in (cells[2].split("、") if len(cells) > 2 else []) if w)
        out[cells[0]] = (cells[1], words)
    return out


def title_of(number: str) -> str:
    """The drafted title of a skeleton node, marked; "" if none."""
    entry = drafted().get(number)
    return entry[0] + MARK if entry else ""


def keywords(number: str | None) -> tuple[str, ...]:
    entry = drafted().get(number or "")
    return entry[1] if entry else ()


def is_drafted(title: str | None) -> bool:
    return bool(title) and title.endswith(MARK)


def strip_mark(title: str | None) -> str:
    """The title without MARK (for matching and indexing; never for display)."""
    return (title or "").removesuffix(MARK)
