"""Search quality against the evaluation sets: recall@1, recall@5, MRR per kind.

Twenty-eight sets, one format (kind <TAB> query <TAB> targets):
  tests/search_eval.tsv              terms, pinyin, traditional, typos, citations, short questions
  tests/search_questions_dev.tsv     questions in players' words: development (may guide tuning)
  tests/search_questions_frozen.tsv  the same kinds of questions, frozen: reported, never tuned on
  tests/search_questions_fresh.tsv   development questions written before any tuning on them, kept apart
                                     to show whether a change carries over to questions it was not tuned on
  tests/search_questions_fresh2.tsv  a second such batch, written after the first had been tuned on
  tests/search_questions_fresh3.tsv  a third such batch, written after the second had been tuned on
  tests/search_questions_frozen2.tsv a second frozen set, written with the third batch: reported, never tuned on
  tests/search_questions_frozen3.tsv a third frozen set, written before the drafted questions were indexed:
                                     reported, never tuned on, never read by anyone tuning or drafting
  tests/search_questions_frozen4.tsv a fourth frozen set, written before the third round of drafted questions
                                     and that round's ranking changes: reported, never tuned on, never
                                     read by anyone tuning or drafting
  tests/search_questions_frozen5.tsv a fifth frozen set, written before the fourth round of drafted questions
                                     and that round's ranking and English-query changes: reported, never
                                     tuned on, never read by anyone tuning or drafting
  tests/search_questions_fresh4.tsv  a fourth development batch, written before the fourth round of drafted
                                     questions and that round's ranking changes, blind to the drafted
                                     questions and to the ranking
  tests/search_questions_fresh5.tsv  a fifth development batch, written after fresh4 had been tuned on,
                                     blind to the drafted questions, to the other sets and to the ranking
  tests/search_questions_fresh6.tsv  a sixth development batch, written after fresh5 had been tuned on,
                                     blind to the drafted questions, to the other sets and to the ranking
  tests/search_questions_fresh7.tsv  a seventh development batch, written after fresh6 had been tuned on,
                                     blind to the drafted questions, to the other sets and to the ranking
  tests/search_questions_fresh8.tsv  an eighth development batch, written after fresh7 had been tuned on,
                                     blind to the drafted questions, to the other sets and to the ranking
  tests/search_questions_fresh9.tsv  a ninth development batch, written after fresh8 had been tuned on,
                                     blind to the drafted questions, to the other sets and to the ranking
  tests/search_questions_reword.tsv  can, when and order questions of the development sets asked again in other
                                     words, written blind to the ranking: how far recall falls on rewording
  tests/search_questions_reword2.tsv development questions of the kinds whatif, english and howmany, each
                                     reworded as another player asks it, written blind to the ranking: how
                                     far recall falls when questions the search answers are asked otherwise
  tests/search_questions_reword3.tsv can, when and whatif questions of the development sets the two reworded
                                     sets above left out, reworded likewise, written blind to the ranking
  tests/search_questions_reword4.tsv can, order and howmany questions of the development sets the three
                                     reworded sets above left out, reworded likewise, written blind to the
                                     ranking
  tests/search_questions_reword5.tsv development questions the reworded sets above left out, half asked again
                                     in English as players of other card games ask them, half (whatif, when)
                                     reworded in Chinese, written blind to the ranking
  tests/search_questions_frozen6.tsv a sixth frozen set, written before the fifth round of drafted questions
                                     and that round's ranking changes, blind to the other sets, the drafted
                                     questions and the ranking: reported, never tuned on, never read by
                                     anyone tuning or drafting
  tests/search_questions_frozen7.tsv a seventh frozen set, written before the card-name and segmentation
                                     changes and the list-comparison features, blind to the other sets, the
                                     drafted questions and the ranking: reported, never tuned on, never read
                                     by anyone tuning or drafting
  tests/search_questions_frozen8.tsv an eighth frozen set, written before the search changes that followed the
                                     seventh, blind to the other sets, the drafted questions and the ranking:
                                     reported, never tuned on, never read by anyone tuning or drafting
  tests/search_questions_frozen9.tsv a ninth frozen set, written before the search changes that followed the
                                     eighth, blind to the other sets, the drafted questions and the ranking:
                                     reported, never tuned on, never read by anyone tuning or drafting
  tests/search_questions_frozen10.tsv a tenth frozen set, written before the search changes that followed the
                                     ninth, blind to the other sets, the drafted questions and the ranking:
                                     reported, never tuned on, never read by anyone tuning or drafting
  tests/search_questions_frozen11.tsv an eleventh frozen set, written before the search changes that followed the
                                     tenth, blind to the other sets, the drafted questions and the ranking:
                                     reported, never tuned on, never read by anyone tuning or drafting
  tests/search_questions_frozen12.tsv a twelfth frozen set, written before the search changes that followed the
                                     eleventh, blind to the other sets, the drafted questions and the ranking:
                                     reported, never tuned on, never read by anyone tuning or drafting
  tests/search_questions_frozen13.tsv a thirteenth frozen set, written before the search changes that followed
                                     the twelfth, blind to the other sets, the drafted questions and the ranking:
                                     reported, never tuned on, never read by anyone tuning or drafting

Used by tests/test_search_quality.py, tests/test_search_questions.py (floors that must hold) and
benchmarks/bench_search.py.
"""

from __future__ import annotations

from pathlib import Path

from judge.paths import REPO_DIR
from judge.rules.drafted import strip_mark
from judge.search.text import norm_text

EVAL_PATH = REPO_DIR / "tests" / "search_eval.tsv"
DEV_PATH = REPO_DIR / "tests" / "search_questions_dev.tsv"
FROZEN_PATH = REPO_DIR / "tests" / "search_questions_frozen.tsv"
FRESH_PATH = REPO_DIR / "tests" / "search_questions_fresh.tsv"
FRESH2_PATH = REPO_DIR / "tests" / "search_questions_fresh2.tsv"
FRESH3_PATH = REPO_DIR / "tests" / "search_questions_fresh3.tsv"
FROZEN2_PATH = REPO_DIR / "tests" / "search_questions_frozen2.tsv"
FROZEN3_PATH = REPO_DIR / "tests" / "search_questions_frozen3.tsv"
FROZEN4_PATH = REPO_DIR / "tests" / "search_questions_frozen4.tsv"
FROZEN5_PATH = REPO_DIR / "tests" / "search_questions_frozen5.tsv"
FRESH4_PATH = REPO_DIR / "tests" / "search_questions_fresh4.tsv"
FRESH5_PATH = REPO_DIR / "tests" / "search_questions_fresh5.tsv"
FRESH6_PATH = REPO_DIR / "tests" / "search_questions_fresh6.tsv"
FRESH7_PATH = REPO_DIR / "tests" / "search_questions_fresh7.tsv"
FRESH8_PATH = REPO_DIR / "tests" / "search_questions_fresh8.tsv"
FRESH9_PATH = REPO_DIR / "tests" / "search_questions_fresh9.tsv"
REWORD_PATH = REPO_DIR / "tests" / "search_questions_reword.tsv"
REWORD2_PATH = REPO_DIR / "tests" / "search_questions_reword2.tsv"
REWORD3_PATH = REPO_DIR / "tests" / "search_questions_reword3.tsv"
REWORD4_PATH = REPO_DIR / "tests" / "search_questions_reword4.tsv"
REWORD5_PATH = REPO_DIR / "tests" / "search_questions_reword5.tsv"
FROZEN6_PATH = REPO_DIR / "tests" / "search_questions_frozen6.tsv"
FROZEN7_PATH = REPO_DIR / "tests" / "search_questions_frozen7.tsv"
FROZEN8_PATH = REPO_DIR / "tests" / "search_questions_frozen8.tsv"
FROZEN9_PATH = REPO_DIR / "tests" / "search_questions_frozen9.tsv"
FROZEN10_PATH = REPO_DIR / "tests" / "search_questions_frozen10.tsv"
FROZEN11_PATH = REPO_DIR / "tests" / "search_questions_frozen11.tsv"
FROZEN12_PATH = REPO_DIR / "tests" / "search_questions_frozen12.tsv"
FROZEN13_PATH = REPO_DIR / "tests" / "search_questions_frozen13.tsv"
KINDS = ("term", "question", "english", "pinyin", "traditional", "typo", "citation")
# Kinds of the player-question sets (dev and frozen).
QUESTION_KINDS = ("howmany", "can", "when", "whatif", "order", "english", "card")
SETS = {"eval": (EVAL_PATH, KINDS), "dev": (DEV_PATH, QUESTION_KINDS), "frozen": (FROZEN_PATH, QUESTION_KINDS),
        "fresh": (FRESH_PATH, QUESTION_KINDS), "fresh2": (FRESH2_PATH, QUESTION_KINDS),
        "fresh3": (FRESH3_PATH, QUESTION_KINDS), "frozen2": (FROZEN2_PATH, QUESTION_KINDS),
        "frozen3": (FROZEN3_PATH, QUESTION_KINDS), "frozen4": (FROZEN4_PATH, QUESTION_KINDS),
        "frozen5": (FROZEN5_PATH, QUESTION_KINDS), "fresh4": (FRESH4_PATH, QUESTION_KINDS),
        "fresh5": (FRESH5_PATH, QUESTION_KINDS), "fresh6": (FRESH6_PATH, QUESTION_KINDS),
        "fresh7": (FRESH7_PATH, QUESTION_KINDS), "fresh8": (FRESH8_PATH, QUESTION_KINDS),
        "fresh9": (FRESH9_PATH, QUESTION_KINDS),
        "reword": (REWORD_PATH, QUESTION_KINDS), "reword2": (REWORD2_PATH, QUESTION_KINDS),
        "reword3": (REWORD3_PATH, QUESTION_KINDS), "reword4": (REWORD4_PATH, QUESTION_KINDS),
        "reword5": (REWORD5_PATH, QUESTION_KINDS),
        "frozen6": (FROZEN6_PATH, QUESTION_KINDS),
        "frozen7": (FROZEN7_PATH, QUESTION_KINDS), "frozen8": (FROZEN8_PATH, QUESTION_KINDS),
        "frozen9": (FROZEN9_PATH, QUESTION_KINDS), "frozen10": (FROZEN10_PATH, QUESTION_KINDS),
        "frozen11": (FROZEN11_PATH, QUESTION_KINDS), "frozen12": (FROZEN12_PATH, QUESTION_KINDS),
        "frozen13": (FROZEN13_PATH, QUESTION_KINDS)}
# Sets that are never tuned on: only their aggregate figures may be printed.
FROZEN_SETS = ("frozen", "frozen2", "frozen3", "frozen4", "frozen5", "frozen6", "frozen7", "frozen8", "frozen9",
               "frozen10", "frozen11", "frozen12", "frozen13")


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
    """{"overall": {...}, "by_kind": {kind: {...}}, "misses": [...]}; each {...} has n, r1, r5, mrr."""
    from judge.search.engine import search

    cases = cases if cases is not None else load()
    ranks: dict[str, list[int | None]] = {}
    misses = []
    for c in cases:
        hits = search(conn, c.query, limit=limit).to_dict()["hits"]
        r = first_relevant_rank(hits, c.targets)
        ranks.setdefault(c.kind, []).append(r)
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
    return {"overall": stats(every), "by_kind": {k: stats(v) for k, v in ranks.items()}, "misses": misses}
