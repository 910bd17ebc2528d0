"""Search quality against the evaluation sets: recall@1, recall@5, MRR per kind.

Every set is one file, one format (kind <TAB> query <TAB> targets), in four families besides the term set:
  eval       tests/search_eval.tsv: terms, pinyin, traditional, typos, citations, short questions (its own kinds)
  dev        tests/search_questions_dev.tsv: questions in players' words, development (may guide tuning)
  fresh N    tests/search_questions_fresh*.tsv: development batches, each written before any tuning on it,
             to show whether a change carries over to questions it was not tuned on
  reword N   tests/search_questions_reword*.tsv: development questions asked again in other words, to show
             how far recall falls on rewording
  frozen N   tests/search_questions_frozen*.tsv: reported, never tuned on, never read by anyone tuning
Each file's `#` header says when, on which commit and how it was written.

A set is registered by its file alone: every tests/search_questions_NAME.tsv is the set NAME (kinds
QUESTION_KINDS), and a set is frozen exactly when NAME starts with "frozen" (its header says FROZEN).
A new set needs only its file, its floor in tests/test_search_questions.py and its row in the table of
benchmarks/SEARCH_MEASUREMENTS.md (a test fails while either is missing).

Used by tests/test_search_quality.py, tests/test_search_questions.py (floors that must hold) and
benchmarks/bench_search.py.
"""

from __future__ import annotations

import re
from pathlib import Path

from judge.paths import REPO_DIR
from judge.rules.drafted import strip_mark
from judge.search.text import norm_text

EVAL_PATH = REPO_DIR / "tests" / "search_eval.tsv"
QUESTIONS_DIR = REPO_DIR / "tests"
QUESTIONS_PREFIX = "search_questions_"
KINDS = ("term", "question", "english", "pinyin", "traditional", "typo", "citation")
# Kinds of the player-question sets (dev and frozen).
QUESTION_KINDS = ("howmany", "can", "when", "whatif", "order", "english", "card")
# A set whose name starts with this is frozen: never tuned on, only its aggregate figures may be printed.
FROZEN_PREFIX = "frozen"
FAMILIES = ("dev", "fresh", "reword", FROZEN_PREFIX)


def family_of(name: str) -> tuple[str, int]:
    """A set's family and number: "frozen10" -> ("frozen", 10), "dev" -> ("dev", 1)."""
    family, number = re.fullmatch(r"(.*?)(\d*)", name).groups()
    return family, int(number or 1)


def _set_order(name: str) -> tuple:
    """dev, fresh, fresh2, ..., reword, reword2, ..., frozen, frozen2, ...: family, then number (frozen2 before
    frozen10); a name of no known family after them, alphabetically."""
    family, number = family_of(name)
    rank = FAMILIES.index(family) if family in FAMILIES else len(FAMILIES)
    return rank, family, number


def question_set_paths() -> dict[str, Path]:
    """Every tests/search_questions_NAME.tsv by NAME, in set order."""
    paths = {p.stem[len(QUESTIONS_PREFIX):]: p for p in QUESTIONS_DIR.glob(f"{QUESTIONS_PREFIX}*.tsv")}
    return {name: paths[name] for name in sorted(paths, key=_set_order)}


SETS = {"eval": (EVAL_PATH, KINDS)} | {name: (path, QUESTION_KINDS) for name, path in question_set_paths().items()}
# Sets that are never tuned on: only their aggregate figures may be printed.
FROZEN_SETS = tuple(name for name in SETS if name.startswith(FROZEN_PREFIX))


class Case:
    def __init__(self, kind: str, query: str, targets: list[str], line: int) -> None:
        self.kind, self.query, self.targets, self.line = kind, query, targets, line

    def __repr__(self) -> str:
        return f"Case({self.kind}, {self.query!r})"


def load(path: Path = EVAL_PATH) -> list[Case]:
    cases = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        kind, query, targets = line.split("\t")[:3]
        cases.append(Case(kind, query, [t.strip() for t in targets.split("||") if t.strip()], lineno))
    return cases


def _term_of(hit: dict) -> str:
    return (hit.get("title") or "").split(" (")[0].strip()


def relevant(hit: dict, target: str) -> bool:
    """Does a hit (a dict of the JSON output) answer the target?"""
    code, _, value = target.partition(":")
    value_n = norm_text(value)
    body = norm_text("\n".join([hit.get("title") or "", hit.get("text") or ""] + list(hit.get("examples") or [])))
    kind = hit.get("kind")
    if code == "r":
        return kind == "rule" and value_n in body
    if code == "rt":
        # A drafted title (judge/rules/drafted.py) names its node too; its mark is not part of the name.
        return kind == "rule" and norm_text(strip_mark(hit.get("title"))) == value_n
    if code == "n":
        return kind == "rule" and hit.get("number") == value
    if code == "f":
        return kind == "faq" and value_n in body
    if code == "e":
        return kind == "errata" and value_n in body
    if code == "g":
        return kind == "term" and norm_text(_term_of(hit)) == value_n
    if code == "any":
        return value_n in body
    raise ValueError(f"unknown target kind {code!r} in {target!r}")


def first_relevant_rank(hits: list[dict], targets: list[str]) -> int | None:
    for i, h in enumerate(hits, start=1):
        if any(relevant(h, t) for t in targets):
            return i
    return None


def evaluate(conn, cases: list[Case] | None = None, limit: int = 10) -> dict:
    """{"overall": {...}, "by_kind": {kind: {...}}, "misses": [...], "ranks": [...]}; each {...} has n, r1, r5, mrr;
    "ranks" holds each case's first relevant place (None: not in the first `limit`), in the cases' order."""
    from judge.search.engine import search

    cases = cases if cases is not None else load()
    ranks: dict[str, list[int | None]] = {}
    misses = []
    places = []
    for c in cases:
        hits = search(conn, c.query, limit=limit).to_dict()["hits"]
        r = first_relevant_rank(hits, c.targets)
        ranks.setdefault(c.kind, []).append(r)
        places.append(r)
        if r is None or r > 5:
            misses.append({"kind": c.kind, "query": c.query, "rank": r, "line": c.line,
                           "top": [f"{h['kind_label']} {h['display_number'] or ''} {h['title']}" for h in hits[:3]]})

    def stats(rs: list[int | None]) -> dict:
        n = len(rs) or 1
        return {
            "n": len(rs),
            "r1": sum(1 for r in rs if r == 1) / n,
            "r5": sum(1 for r in rs if r is not None and r <= 5) / n,
            "mrr": sum(1.0 / r for r in rs if r) / n,
        }

    every = [r for rs in ranks.values() for r in rs]
    return {"overall": stats(every), "by_kind": {k: stats(v) for k, v in ranks.items()}, "misses": misses,
            "ranks": places}
