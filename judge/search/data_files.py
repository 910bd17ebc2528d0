"""The search's shipped tables (judge/search/data/) and their one reader.

Stdlib only: the query path reads the heading-term table for breadcrumbs, the index build reads every table.
"""

from __future__ import annotations

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
HEADING_TERMS = DATA_DIR / "heading_terms.tsv"  # tools/heading_terms.py
PLAYER_WORDS = DATA_DIR / "player_words.tsv"  # curated, one source per row


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
