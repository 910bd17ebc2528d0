"""Remove from judge/search/data/asked/*.tsv every drafted question that is also a question of an evaluation set.

The drafted questions are written from the rules alone; a question that happens to equal an evaluation question
(same text after normalisation, final punctuation ignored) would be found by its own words and inflate that set's
figure. The rows are removed without ever being printed: only a count per file and set (a frozen set's questions
stay unseen, even as drafted rows). tests/test_search_asked.py asserts there are none.

    python tools/asked_clean.py            # remove them, printing how many per set and per drafted file
    python tools/asked_clean.py --dry-run  # the same counts, of what would be removed; change nothing
    python tools/asked_clean.py --check    # the counts per set only, change nothing (exit 1 if any)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judge.search import evaluation
from judge.search.data_files import ASKED_DIR, read_asked
from judge.search.text import norm_text


def key(text: str) -> str:
    return norm_text(text).rstrip("?？!！。.")


def set_files() -> list[Path]:
    """Every evaluation set (evaluation.SETS: the term set and every tests/search_questions_NAME.tsv, a new frozen
    set too)."""
    return sorted(p for p, _kinds in evaluation.SETS.values() if p.is_file())


def clashes(rows) -> dict[Path, list]:
    """Evaluation set file -> the drafted rows (data_files.Asked) equal to one of its questions."""
    out: dict[Path, list] = {}
    for path in set_files():
        asked = {key(c.query) for c in evaluation.load(path)}
        shared = [r for r in rows if key(r.question) in asked]
        if shared:
            out[path] = shared
    return out


def removals(found: dict[Path, list]) -> dict[str, set[int]]:
    """Drafted file name -> the line numbers of its rows that equal an evaluation question."""
    drop: dict[str, set[int]] = {}
    for rows in found.values():
        for r in rows:
            drop.setdefault(r.file, set()).add(r.line)
    return drop


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true",
                      help="print how many rows would be removed, per set and per drafted file; change nothing")
    mode.add_argument("--check", action="store_true",
                      help="print the count per set and change nothing; exit 1 if any drafted question is a set's")
    args = parser.parse_args(argv)
    found = clashes(read_asked(ASKED_DIR))
    for path, rows in found.items():
        print(f"{path.name}: {len(rows)} drafted question(s) equal one of its questions")
    if args.check:
        return 1 if found else 0
    if args.dry_run and not found:
        print("0 drafted questions equal a question of a set: nothing would be removed")
    for name, lines in sorted(removals(found).items()):
        if args.dry_run:
            print(f"{name}: {len(lines)} row(s) would be removed")
            continue
        f = ASKED_DIR / name
        kept = [t for i, t in enumerate(f.read_text(encoding="utf-8").splitlines(keepends=True), start=1) if i not in lines]
        f.write_text("".join(kept), encoding="utf-8")
        print(f"{name}: {len(lines)} row(s) removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
