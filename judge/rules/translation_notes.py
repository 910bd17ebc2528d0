"""Translation notes: where the Chinese 2026-07-17 rules text says something other than the official
English v1.4 of the same number, or lost text there.

The authority is the 2026-07-17 rules, i.e. v1.4; a judge reading only the Chinese must be warned where
the two differ. `data/translation_notes.tsv` (number, kind, note) holds such places, checked by hand; the
note is the tool's own Chinese wording of what v1.4 decides. Every view of a rule shows it with LABEL.
Import-light: `judge rule` and the search index read it.
"""

from __future__ import annotations

import os

PATH = os.path.join(os.path.dirname(__file__), "data", "translation_notes.tsv")
KINDS = {
    "疑似误译": "中文意思与 v1.4 不同（如否定颠倒）",
    "正文缺失": "中文此处为空，v1.4 有内容",
    "文字错乱": "中文字句错乱或混入别处文字",
    "术语不一": "同一官方术语译法不一，或不同术语译成同一词",
}
LABEL = "译文提示"
WHAT = "译文提示表"
COLUMNS = ["编号", "类别", "说明"]
OWN_WORDS = "（本工具据英文 v1.4 所写，非官方条文）"
# What the search shows as the text of an official paragraph the Chinese lacks (judge.search.index).
EMPTY_TEXT = "（本条在中文正文中没有对应的段落"

_cache: dict[str, tuple[str, str]] | None = None


def notes(path: str = PATH) -> dict[str, tuple[str, str]]:
    """number -> (kind, note). Read once. A malformed row, an unknown kind or a number noted twice is a
    CorpusError naming the file and line: a note that silently vanished would leave a judge unwarned."""
    global _cache
    if path == PATH and _cache is not None:
        return _cache
    from judge.rules import tables

    out: dict[str, tuple[str, str]] = {}
    for lineno, (number, kind, note) in tables.rows(path, WHAT, COLUMNS):
        problem = (f"类别“{kind}”不在 {'、'.join(KINDS)} 之中" if kind not in KINDS
                   else f"编号 {number} 已在前面出现" if number in out else "")
        if problem:
            raise tables.fail(WHAT, path, lineno, problem, "类别为：" + "、".join(KINDS) + "；每个编号只写一行。")
        out[number] = (kind, note)
    if path == PATH:
        _cache = out
    return out


def note_of(number: str | None) -> tuple[str, str] | None:
    return notes().get(number or "")


def line_of(number: str | None) -> str:
    """The one-line warning shown with the rule; "" if none."""
    entry = note_of(number)
    return f"{LABEL}［{entry[0]}］{OWN_WORDS}：{entry[1]}" if entry else ""
