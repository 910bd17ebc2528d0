"""Remove from judge/search/data/asked/*.tsv every drafted question that is also a question of an evaluation set.

The drafted questions are written from the rules alone; a question that happens to equal an evaluation question
(same text after normalisation, final punctuation ignored) would be found by its own words and inflate that set's
figure. The rows are removed without ever being printed: only a count per file and set (a frozen set's questions
stay unseen, even as drafted rows). tests/test_search_asked.py asserts there are none.

    python tools/asked_clean.py          # remove them
    python tools/asked_clean.py --check  # count only, change nothing (exit 1 if any)
"""

from __future__ import annotations

import sys
from pathlib import Path

from judge.paths import REPO_DIR
from judge.search import evaluation
from judge.search.data_files import ASKED_DIR, read_asked
from judge.search.text import norm_text


def key(text: str) -> str:
    return norm_text(text).rstrip("?？!！。.")


def set_files() -> list[Path]:
    """Every evaluation set: the known ones and any other question file in tests/ (a new frozen set too)."""
    files = {p for p, _kinds in evaluation.SETS.values()}
    files |= set((REPO_DIR / "tests").glob("search_questions*.tsv")) | {evaluation.EVAL_PATH}
    return sorted(f for f in files if f.is_file())


def clashes(rows) -> dict[Path, list]:
    """Evaluation set file -> the drafted rows (data_files.Asked) equal to one of its questions."""
    out: dict[Path, list] = {}
    for path in set_files():
        asked = {key(c.query) for c in evaluation.load(path)}
        shared = [r for r in rows if key(r.question) in asked]
        if shared:
            out[path] = shared
    return out


def main(argv: list[str]) -> int:
    found = clashes(read_asked())
    drop: dict[str, set[int]] = {}
    for path, rows in found.items():
        for r in rows:
            drop.setdefault(r.file, set()).add(r.line)
        print(f"{path.name}: {len(rows)} drafted question(s) equal one of its questions")
    if "--check" in argv:
        return 1 if found else 0
    for name, lines in sorted(drop.items()):
        f = ASKED_DIR / name
        kept = [t for i, t in enumerate(f.read_text(encoding="utf-8").splitlines(keepends=True), start=1) if i not in lines]
        f.write_text("".join(kept), encoding="utf-8")
        print(f"{name}: {len(lines)} row(s) removed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
