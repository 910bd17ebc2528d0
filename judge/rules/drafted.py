"""Titles this tool drafts for nodes no source names in Chinese.

Two kinds of node: the skeleton of the chapters the corpus lacks (440-829), where the numbering map
gives numbers and levels but (apart from a few headings the text cites) no Chinese words, so a judge
searching for 召回 or 战斗伤害 found nothing there; and the headings of 000-439 the Chinese text dropped
in extraction that no citation or glossary term names (315.1, the awaken phase, was a bare task list).
`data/drafted_titles.tsv` gives such nodes a short Chinese title in the tool's own words, and
optional search keywords. A drafted title always carries MARK, so no view presents it as official
rule text; a skeleton node's text stays empty (absent), a heading stays a heading.

`data/drafted_labels.tsv` titles the remaining sub-rules of 440-829 for the rule view, the docs and the
search's result lines only: the search index does not read them (judge/search/index.py), because indexing
them as titles cost the search answers in its first five however it was tried (benchmarks/
SEARCH_MEASUREMENTS.md, "Labels for the untitled sub-rules"); the nodes are found by their drafted questions.
"""

from __future__ import annotations

import os
import re

MARK = "〔标题为本工具所拟〕"
PATH = os.path.join(os.path.dirname(__file__), "data", "drafted_titles.tsv")
WHAT = "拟定标题表"
_NUMBER = re.compile(r"\d{3}(?:\.(?:\d+|[a-z]))*")
COLUMNS = ["编号", "标题", "检索词"]
NOTE = "中文标题为本工具所拟（概括该条所涉内容，便于查找），不是官方规则文本。"


LABELS_PATH = os.path.join(os.path.dirname(__file__), "data", "drafted_labels.tsv")
LABELS_WHAT = "拟定标签表"
LABEL_COLUMNS = ["编号", "标签"]

_cache: dict[str, tuple[str, tuple[str, ...]]] | None = None
_labels: dict[str, str] | None = None


def drafted(path: str = PATH) -> dict[str, tuple[str, tuple[str, ...]]]:
    """number -> (title without MARK, search keywords). Read once (no functools: search's cold path
    imports this module for MARK). A malformed row is a CorpusError naming the file and line."""
    global _cache
    if path == PATH and _cache is not None:
        return _cache
    from judge.rules import tables

    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for lineno, (number, title, words) in tables.rows(path, WHAT, COLUMNS, optional=1):
        problem = (f"“{number}”不是规则编号" if not _NUMBER.fullmatch(number)
                   else f"编号 {number} 已在前面出现" if number in out else "")
        if problem:
            raise tables.fail(WHAT, path, lineno, problem, "编号形如 466.1.a；每个编号只写一行。")
        out[number] = (title, tuple(w for w in words.split("、") if w))
    if path == PATH:
        _cache = out
    return out


def labels(path: str = LABELS_PATH) -> dict[str, str]:
    """number -> label (without MARK) of the nodes titled for display only; read once. A malformed row, or a
    number drafted_titles.tsv already titles, is a CorpusError naming the file and line."""
    global _labels
    if path == LABELS_PATH and _labels is not None:
        return _labels
    from judge.rules import tables

    titled = drafted()
    out: dict[str, str] = {}
    for lineno, (number, label) in tables.rows(path, LABELS_WHAT, LABEL_COLUMNS):
        problem = (f"“{number}”不是规则编号" if not _NUMBER.fullmatch(number)
                   else f"编号 {number} 已在前面出现" if number in out
                   else f"编号 {number} 已在拟定标题表中" if number in titled else "")
        if problem:
            raise tables.fail(LABELS_WHAT, path, lineno, problem, "编号形如 466.3.a；每个编号只写一行，且不与拟定标题表重复。")
        out[number] = label
    if path == LABELS_PATH:
        _labels = out
    return out


def title_of(number: str) -> str:
    """The drafted title (or display label) of a node, marked; "" if none."""
    entry = drafted().get(number)
    return entry[0] + MARK if entry else label_of(number)


def label_of(number: str) -> str:
    """The display label of a node, marked; "" if none (the titles table is not read)."""
    label = labels().get(number)
    return label + MARK if label else ""


def is_label(number: str | None) -> bool:
    """Is the node titled for display only (never searched by its title)?"""
    return bool(number) and number in labels()


def keywords(number: str | None) -> tuple[str, ...]:
    entry = drafted().get(number or "")
    return entry[1] if entry else ()


def is_drafted(title: str | None) -> bool:
    return bool(title) and title.endswith(MARK)


def strip_mark(title: str | None) -> str:
    """The title without MARK (for matching and indexing; never for display)."""
    return (title or "").removesuffix(MARK)
