"""Reviewed status of each FAQ ruling against the current rules, and the referee FAQ's topics.

Both come from curated files in judge/rules/data/, keyed by source line plus the first words of
the entry, so an edited or shifted document is detected instead of silently mislabelled.
"""

from __future__ import annotations

import re
from collections import namedtuple
from pathlib import Path

from judge.errors import CorpusError
from judge.rules.ruling_status import STATUSES, VALID

# The statuses themselves live in judge.rules.ruling_status, which the cold paths import; this module reads and
# checks the reviewed file, and stays light all the same: the data files are located when first read, and
# StatusRow is a named tuple rather than a dataclass.
STATUS_FILE_NAME = "faq_status.tsv"
TOPICS_FILE_NAME = "referee_topics.tsv"


def data_path(name: str) -> Path:
    """A curated file of judge/rules/data/ (package data, found through importlib.resources)."""
    from judge.paths import data_file

    return data_file("judge.rules", "data", name)


def __getattr__(name: str):
    if name == "STATUS_FILE":
        return data_path(STATUS_FILE_NAME)
    if name == "TOPICS_FILE":
        return data_path(TOPICS_FILE_NAME)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# One reviewed row of faq_status.tsv: doc, line, first_words, status, rule (or None), anchor, note, file_line.
StatusRow = namedtuple("StatusRow", "doc line first_words status rule anchor note file_line")


def _read_tsv(path: Path, columns: list[str]) -> list[tuple[int, list[str]]]:
    rows = []
    header_seen = False
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header_seen:
            if cells != columns:
                raise CorpusError(f"{path} 第 {lineno} 行应为表头：{' '.join(columns)}")
            header_seen = True
            continue
        if len(cells) != len(columns):
            raise CorpusError(f"{path} 第 {lineno} 行应有 {len(columns)} 列（制表符分隔），实有 {len(cells)} 列")
        rows.append((lineno, cells))
    return rows


def load_status_rows(path: Path | None = None) -> list[StatusRow]:
    path = path or data_path(STATUS_FILE_NAME)
    out = []
    for lineno, (doc, line, first, status, rule, anchor, note) in _read_tsv(
            path, ["doc", "line", "first_words", "status", "rule", "anchor", "note"]):
        if status not in STATUSES:
            raise CorpusError(f"{path} 第 {lineno} 行：未知状态 {status!r}，应为 {'/'.join(STATUSES)}")
        if doc not in ("core", "referee") or not line.isdigit():
            raise CorpusError(f"{path} 第 {lineno} 行：doc 应为 core/referee，line 应为行号")
        out.append(StatusRow(doc, int(line), first, status, rule or None, anchor, note, lineno))
    return out


def _entry_start(entry) -> str:
    return entry.question or entry.answer


def resolve_rule(row: StatusRow, rules: list[dict]) -> dict | None:
    """The tree's rule for a status row: by anchor text, else by number, else its deepest existing prefix."""
    if row.anchor:
        key = re.sub(r"\s+", "", row.anchor)
        for r in rules:
            if key in re.sub(r"\s+", "", r.get("text") or ""):
                return r
        return None
    by_number = {r["number"]: r for r in rules if r.get("number")}
    number = row.rule
    while number:
        if number in by_number:
            return by_number[number]
        number = number.rsplit(".", 1)[0] if "." in number else None
    return None


def apply_status(entries, rows: list[StatusRow] | None = None, rules: list[dict] | None = None) -> list[str]:
    """Set status/superseded_by/status_note on the entries; return problems (rows matching nothing).

    With `rules` (the current tree), superseded_by is the tree's number of the replacing rule, found by
    its anchor text; without, the official number written in the file.
    """
    rows = load_status_rows() if rows is None else rows
    by_key = {(e.doc, e.source_line): e for e in entries}
    problems = []
    for row in rows:
        entry = by_key.get((row.doc, row.line))
        if entry is None or not _entry_start(entry).startswith(row.first_words):
            problems.append(f"faq_status.tsv 第 {row.file_line} 行（{row.doc} 第 {row.line} 行“{row.first_words}”）"
                            "找不到对应的 FAQ 条目")
            continue
        number = row.rule
        if rules is not None and row.rule:
            rule = resolve_rule(row, rules)
            if rule is None:
                problems.append(f"faq_status.tsv 第 {row.file_line} 行：规则树中找不到规则 {row.rule}（{row.anchor or '按编号'}）")
            number = rule["number"] if rule else None
        entry.status, entry.status_note, entry.status_rule = row.status, row.note, number
        entry.superseded_by = number if row.status != VALID else None
    return problems


def apply_referee_topics(entries, path: Path | None = None) -> list[str]:
    """Give each referee entry the topic of the nearest topic start at or above it."""
    path = path or data_path(TOPICS_FILE_NAME)
    starts = []
    problems = []
    by_line = {e.source_line: e for e in entries if e.doc == "referee"}
    for lineno, (line, first, topic) in _read_tsv(path, ["line", "first_words", "topic"]):
        e = by_line.get(int(line))
        if e is None or not (e.question or e.answer).startswith(first):
            problems.append(f"referee_topics.tsv 第 {lineno} 行（第 {line} 行“{first}”）找不到对应的段落")
            continue
        starts.append((int(line), topic))
    starts.sort()
    for e in by_line.values():
        current = [t for line, t in starts if line <= e.source_line]
        e.topic = current[-1] if current else None
    return problems
