"""One reader for the rules side's shipped tables (judge/rules/data/*.tsv).

Cells are tab-separated and stripped; blank lines and lines starting with # are skipped. A row with
the wrong number of cells, or one its reader rejects (`fail`), is a CorpusError in Chinese naming the
file and line: a row that silently vanished would leave a judge unwarned or a rule untitled.
Import-light: the cold `judge rule` and `judge search` paths read these tables.
"""

from __future__ import annotations

import os

_COUNT = "零一两三四五六七八九十"


def fail(what: str, path: str, lineno: int, problem: str, hint: str):
    """The error for line `lineno` of the table `what` (its Chinese name) at `path`."""
    from judge.errors import CorpusError

    return CorpusError(f"{what} {path} 第 {lineno} 行：{problem}", hint=hint)


def rows(path: str, what: str, columns: list[str], *, optional: int = 0,
         skip_header: bool = False) -> list[tuple[int, list[str]]]:
    """(line number, cells) of every data row of the table; [] if the file is absent.

    A row has len(columns) cells; the last `optional` of them may be left out (read as ""). Every
    required cell must be non-empty. `skip_header`: a row spelling the column names is not data.
    """
    if not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    hint = "每行一条：" + "<TAB>".join(columns) + "；以 # 开头的行是注释。"
    need = len(columns) - optional
    out = []
    for lineno, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = [c.strip() for c in line.split("\t")]
        if skip_header and cells == columns:
            continue
        if not need <= len(cells) <= len(columns):
            count = _COUNT[len(columns)] if len(columns) < len(_COUNT) else str(len(columns))
            raise fail(what, path, lineno, f"应为{count}列：{'、'.join(columns)}"
                       + (f"（后 {optional} 列可省）" if optional else "") + f"，实有 {len(cells)} 列", hint)
        empty = next((name for name, cell in zip(columns[:need], cells) if not cell), None)
        if empty:
            raise fail(what, path, lineno, f"“{empty}”一列为空", hint)
        out.append((lineno, cells + [""] * (len(columns) - len(cells))))
    return out
