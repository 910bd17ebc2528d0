"""The search's shipped tables (judge/search/data/) and their one reader.

Stdlib only: the query path reads the heading-term table for breadcrumbs, the index build reads every table.
"""

from __future__ import annotations

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
HEADING_TERMS = DATA_DIR / "heading_terms.tsv"  # tools/heading_terms.py
PLAYER_WORDS = DATA_DIR / "player_words.tsv"  # curated, one source per row
# search_info key: the player-word table's absent rows (another game's word the game has no term for), one
# "phrase<TAB>rule words" a line, so that a question's note does not read the table on the query path.
ABSENT_KEY = "absent words"
# Questions in players' words that a rule paragraph answers, drafted from the rule alone (not official):
# one file per range of rules, rows `number<TAB>question`.
ASKED_DIR = DATA_DIR / "asked"


class Asked:
    """One drafted question: the rule number it belongs to, where it is written (file name, line)."""

    __slots__ = ("number", "question", "file", "line", "cells")

    def __init__(self, number: str, question: str, file: str, line: int, cells: int = 2) -> None:
        self.number, self.question, self.file, self.line, self.cells = number, question, file, line, cells

    def __repr__(self) -> str:
        return f"{self.file}:{self.line}: {self.number} {self.question}"


def read_asked(folder: Path | None = None) -> list[Asked]:
    """Every row of every asked/*.tsv, files in name order (no folder: no rows). A malformed row is kept as read
    (its cell count recorded), so that the table's test can point at it; the index skips empty questions."""
    folder = folder or ASKED_DIR
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.tsv")):
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.split("\t")
            out.append(Asked(cells[0].strip(), cells[1].strip() if len(cells) > 1 else "", path.name, lineno, len(cells)))
    return out


def read_data(path: Path, columns: int) -> list[list[str]]:
    """Rows of a shipped TSV (comments and the header line skipped)."""
    if not path.is_file():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if not line.strip() or line.startswith("#") or len(cells) < columns or cells[0] in ("english", "phrase"):
            continue
        rows.append([c.strip() for c in cells[:columns]])
    return rows
