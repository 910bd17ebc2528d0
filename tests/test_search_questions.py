"""Questions in players' words: every tests/search_questions_NAME.tsv (judge.search.evaluation.SETS).

Every set's score is reported (run with -s, or see `python -m benchmarks --only search`). The development
sets may guide ranking changes; the frozen sets never do: their floors below only guard against a collapse,
and only their aggregate figures are ever printed.
"""

import json
import re
from collections import Counter

import pytest

from judge.paths import REPO_DIR
from judge.rules import drafted
from judge.search import evaluation

# Floors: a few points under each development set's figure, and 0.10 under each frozen set's untuned figure (a
# guard against a collapse only, so that a frozen set never decides whether a change lands). How each set was
# written, its untuned figure and what each part of the ranking added: benchmarks/SEARCH_MEASUREMENTS.md.
DEVELOPMENT_FLOORS = {
    "dev": 0.93,  # 435 questions
    "fresh": 0.94,
    "fresh2": 0.91,
    "fresh3": 0.87,  # 0.540 untuned, 0.910 on main 4469a5e
    "fresh4": 0.87,  # 0.790 untuned on main 2740eb8, 0.913 on main 4469a5e
    "fresh5": 0.90,  # 0.933 untuned on main c8bc549
    "fresh6": 0.90,  # 0.857 untuned on main f0ba4cc, 0.943 since the spoken frames and words (tuned on)
    "fresh7": 0.82,  # 0.876 untuned on main f605326
    "fresh8": 0.84,  # 0.895 untuned on main 5612993
    "fresh9": 0.88,  # 0.933 untuned on main 94abe60
    "fresh10": 0.78,  # 0.838 untuned on main f7cb4e9
    "fresh11": 0.88,  # 0.943 untuned on main b599ab3
    "fresh12": 0.82,  # 0.886 untuned on main f95a788
    "fresh13": 0.87,  # 0.933 untuned on main fa74075
    "fresh14": 0.81,  # 0.876 untuned on main fa74075
    "fresh15": 0.75,  # 0.810 untuned on main 94185fe
    "fresh16": 0.91,  # 0.971 untuned on main dbea5e7
    "fresh17": 0.84,  # 0.900 untuned on main 121c748
    "fresh18": 0.90,  # 0.962 untuned on main 76db781
    "fresh19": 0.87,  # 0.929 untuned on main 76db781
    "fresh20": 0.93,  # 0.990 untuned on main fe4d4ff
    "fresh21": 0.84,  # 0.905 untuned on main bd3f47d
    "fresh22": 0.84,  # 0.900 untuned on main bd3f47d
    "fresh23": 0.75,  # 0.811 untuned on main 80b50ce
    "fresh25": 0.84,  # 0.900 untuned on main 80b50ce
    "fresh26": 0.81,  # 0.900 untuned on main 7dfce4d
    "fresh27": 0.83,  # 0.917 untuned on main 4892c2b
    "fresh28": 0.81,  # 0.900 untuned on main 376f646
    "fresh29": 0.88,  # 0.975 untuned on main fc0da52
    "fresh30": 0.87,  # 0.963 untuned on main bdee7f9
    "fresh31": 0.86,  # 0.950 untuned on main bdee7f9
    "fresh32": 0.84,  # 0.938 untuned on main 1cb257b
    "fresh33": 0.82,  # 0.912 untuned on main 1c8872d
    "fresh34": 0.82,  # 0.900 untuned on main 3a6c0b6
    "fresh35": 0.80,  # 0.863 untuned on a079baac (results as main 98ce75b)
    "fresh36": 0.85,  # 0.912 untuned on 3ada161 (key audited before the run; 0.900 as first written)
    "fresh37": 0.88,  # 0.950 untuned on main 761fbbd (key audited before the run; 0.938 as first written)
    "fresh38": 0.88,  # 0.950 untuned on main 7f1b9f5a and on e0b516fb (key audited before the run; 0.950 as first written)
    "fresh24": 0.79,  # 0.851 untuned on main 80b50ce
    "english": 0.67,  # 0.760 untuned on main 376f646 (other games' English)
    "askenglish": 0.71,  # 0.800 untuned on main d511007 (short English questions as typed)
    "askmixed": 0.84,  # 0.933 untuned on main 60cf013 (Chinese questions with English game words)
    "askcan": 0.77,  # 0.854 untuned on main 111ad2a (Chinese can-I questions, short and told as stories)
    "askcount": 0.85,  # 0.938 untuned on main 111ad2a (Chinese howmany and when questions as asked at a table)
    "askenglish2": 0.73,  # 0.812 untuned on main 111ad2a (English questions and bare terms as typed)
    "reword": 0.71,  # 0.633 untuned on main 5612993 (can, when and order reworded), 0.767 since the spoken frames and words
    "reword2": 0.60,  # 0.650 untuned on main 5612993 (its 60 originals 0.967)
    "reword3": 0.65,  # 0.700 untuned on main baca99f (its 60 originals 0.950)
    "reword4": 0.58,  # 0.633 untuned on main 94abe60 (its 60 originals 0.933)
    "reword5": 0.66,  # 0.717 untuned on main 94abe60 (half english; its 60 originals 0.967)
}
FROZEN_FLOORS = {
    "frozen": 0.80,  # 0.593 before the question ranking, 0.907 since; never tuned on
    "frozen2": 0.46,  # 0.480 untuned on main 74f0ffe
    "frozen3": 0.57,  # 0.671 untuned on main 30cf2a2
    "frozen4": 0.67,  # 0.774 untuned on main 3871f34
    "frozen5": 0.68,  # 0.786 untuned on main 2740eb8
    "frozen6": 0.81,  # 0.917 untuned on main c8bc549
    "frozen7": 0.79,  # 0.893 untuned on main beaa7ed
    "frozen8": 0.78,  # 0.881 untuned on main 97b8ac6
    "frozen9": 0.81,  # 0.917 untuned on main 12f3b69
    "frozen10": 0.81,  # 0.917 untuned on main bcb5f0e
    "frozen11": 0.85,  # 0.952 untuned on main 5612993
    "frozen12": 0.82,  # 0.929 untuned on main 94abe60
    "frozen13": 0.85,  # 0.952 untuned on main 7c30dbd
    "frozen14": 0.75,  # 0.857 untuned on main a4d7e89
    "frozen15": 0.84,  # 0.940 untuned on main 644223d
    "frozen16": 0.79,  # 0.893 untuned on main b599ab3
    "frozen17": 0.86,  # 0.964 untuned on main fa74075
    "frozen18": 0.81,  # 0.917 untuned on main 94185fe
    "frozen19": 0.82,  # 0.929 untuned on main dbea5e7
    "frozen20": 0.87,  # 0.976 untuned on main 76db781
    "frozen21": 0.87,  # 0.976 untuned on main bd3f47d
    "frozen22": 0.86,  # 0.952 untuned on main 80b50ce
    "frozen23": 0.83,  # 0.917 untuned on main dcbbc72
    "frozen24": 0.81,  # 0.905 untuned on main 4742ebe (re-run with two questions reworded)
    "frozen25": 0.87,  # 0.964 untuned on main 376f646
    "frozen26": 0.86,  # 0.952 untuned on main d511007
    "frozen27": 0.80,  # 0.893 untuned on main 60cf013
    "frozen28": 0.85,  # 0.940 untuned on main 111ad2a
    "frozen29": 0.85,  # 0.905 untuned on main 4c911a2 (recall@1 0.655, MRR 0.766; by kind card 1.00, can, english,
    # order and whatif 0.92, howmany and when 0.83)
    "frozen30": 0.85,  # 0.940 untuned on main 6cafbbb, key audited before the run (0.929 as first written);
    # recall@1 0.690, MRR 0.809; when 0.75 the weakest kind
    "frozen31": 0.85,  # 0.952 untuned on main eb98d04, key audited before the run (0.917 as first written);
    # recall@1 0.702, MRR 0.817; as written howmany and when 0.83 the weakest kinds
    "frozen32": 0.85,  # 0.893 untuned on main e9db68a, key audited before the run (0.869 as first written);
    # recall@1 0.726, MRR 0.806; can and when 0.75 the weakest kinds
    "frozen33": 0.85,  # 0.952 untuned on main 4f58276, key audited before the run (0.917 as first written);
    # recall@1 0.738, MRR 0.820; order 0.83 the weakest kind
    "frozen34": 0.85,  # 0.929 untuned on main 0c8e2cf, key audited before the run (0.905 as first written);
    # recall@1 0.702, MRR 0.800; whatif 0.83 the weakest kind
    "frozen35": 0.85,  # 0.964 untuned on main 242912f, key audited before the run (0.940 as first written);
    # recall@1 0.702, MRR 0.817; can 0.83 the weakest kind
    "frozen36": 0.85,  # 0.917 untuned on a079baac (results as main 98ce75b), key audited before the run (0.929 as
    # first written); recall@1 0.774, MRR 0.845; can 0.75 the weakest kind
    "frozen37": 0.88,  # 0.940 untuned on 3ada161, key audited before the run (0.917 as first written);
    # recall@1 0.762, MRR 0.837; can and whatif 0.83 the weakest kinds
    "frozen38": 0.88,  # 0.940 untuned on main 761fbbd, key audited before the run (0.905 as first written);
    # recall@1 0.738, MRR 0.837; english 0.75 the weakest kind
    "frozen39": 0.88,  # 0.964 untuned on e0b516fb and on main 7f1b9f5a alike, key audited before the run (0.952 as
    # first written); recall@1 0.762, MRR 0.854; can 0.83 the weakest kind
}
QUESTION_SETS = tuple(name for name in evaluation.SETS if name != "eval")


@pytest.fixture(scope="module")
def reports(conn):
    return {name: evaluation.evaluate(conn, evaluation.load(evaluation.SETS[name][0])) for name in QUESTION_SETS}


# Minimum size and minimum questions of each kind, as each set was written (the headers state them in no one
# parseable form); a set missing here fails test_every_set_has_a_size.
SIZES = {"dev": (100, 5), "fresh": (60, 5), "fresh2": (60, 5), "fresh3": (100, 5), "fresh4": (103, 14),
         "fresh5": (105, 15), "fresh6": (105, 15), "fresh7": (105, 15), "fresh8": (105, 15), "fresh9": (105, 15),
         "fresh10": (105, 15), "fresh11": (105, 15), "fresh12": (105, 15), "fresh13": (105, 15),
         "fresh14": (105, 5), "fresh15": (105, 5), "fresh16": (105, 5), "fresh17": (60, 0), "fresh18": (105, 5),
         "fresh19": (70, 0), "fresh20": (105, 5), "fresh21": (105, 5), "fresh22": (70, 3), "fresh23": (90, 0),
         "fresh25": (90, 0), "fresh26": (70, 5), "fresh27": (60, 0), "fresh28": (80, 0), "fresh29": (80, 0),
         "fresh30": (80, 0), "fresh31": (80, 0), "fresh32": (80, 0), "fresh33": (80, 0), "fresh34": (80, 0),
         "fresh35": (80, 0), "fresh36": (80, 0), "fresh37": (80, 0), "fresh38": (80, 0),
         "fresh24": (321, 0), "english": (96, 0), "askenglish": (80, 0), "askmixed": (60, 0), "askcan": (48, 0),
         "askcount": (48, 0), "askenglish2": (48, 0), "reword": (60, 0), "reword2": (60, 0), "reword3": (60, 0),
         "reword4": (60, 0), "reword5": (60, 0),
         "frozen": (50, 5), "frozen2": (50, 5), "frozen3": (70, 8), "frozen4": (84, 12), "frozen5": (84, 12),
         "frozen6": (84, 12), "frozen7": (84, 12), "frozen8": (84, 12), "frozen9": (84, 12), "frozen10": (84, 12),
         "frozen11": (84, 12), "frozen12": (84, 12), "frozen13": (84, 12),
         "frozen14": (84, 12), "frozen15": (84, 12), "frozen16": (84, 12), "frozen17": (84, 12),
         "frozen18": (84, 12), "frozen19": (84, 12), "frozen20": (84, 12),
         "frozen21": (84, 12), "frozen22": (84, 12), "frozen23": (84, 12),
         "frozen24": (84, 12), "frozen25": (84, 12), "frozen26": (84, 12),
         "frozen27": (84, 12), "frozen28": (84, 12),
         "frozen29": (84, 12), "frozen30": (84, 12), "frozen31": (84, 12),
         "frozen32": (84, 12),
         "frozen33": (84, 12), "frozen34": (84, 12), "frozen35": (84, 12), "frozen36": (84, 12),
         "frozen37": (84, 12), "frozen38": (84, 12), "frozen39": (84, 12)}


def test_every_set_has_a_size():
    assert set(SIZES) == set(QUESTION_SETS), "a question set without its size and per-kind minimum, or the reverse"


@pytest.mark.parametrize("name", QUESTION_SETS)
def test_question_sets_are_large_and_cover_every_kind(name):
    minimum, per_kind = SIZES.get(name, (0, 0))
    cases = evaluation.load(evaluation.SETS[name][0])
    assert len(cases) >= minimum
    assert {c.kind for c in cases} <= set(evaluation.QUESTION_KINDS)
    if per_kind:
        for kind in evaluation.QUESTION_KINDS:
            assert sum(1 for c in cases if c.kind == kind) >= per_kind, (name, kind)
    distinct, count = len({c.query for c in cases}), len(cases)  # counts only: a frozen set stays unseen
    assert distinct == count, "duplicate questions"


def _same_words(query: str) -> str:
    """A question up to spaces, punctuation and letter case: "Recall?" and "recall" are one question."""
    return re.sub(r"[\s\W_]+", "", query).lower()


@pytest.mark.parametrize("name", QUESTION_SETS)
def test_sets_do_not_share_questions(name):
    """No set shares a question with any other set: among the question sets not even up to punctuation and case (tuning on a copy would tune on the frozen question).
    Against the term set (single terms, where a few questions are a term with a question mark) only exactly."""
    cases = evaluation.load(evaluation.SETS[name][0])
    # The first development and frozen sets were written apart from the question sets only, not from the term set
    # (dev asks a few of its terms as questions).
    others = [o for o in evaluation.SETS if o != name and not (name in ("dev", "frozen") and o == "eval")]
    for other in others:
        key = (lambda q: q) if "eval" in (name, other) else _same_words
        shared = {key(c.query) for c in cases} & {key(c.query) for c in evaluation.load(evaluation.SETS[other][0])}
        count = len(shared)  # a count, never the questions, when a frozen set is involved
        if name in evaluation.FROZEN_SETS or other in evaluation.FROZEN_SETS:
            assert count == 0, f"{count} question(s) of {name} are also in {other}"
        else:
            assert count == 0, f"questions of {name} also in {other}: {sorted(shared)}"


def test_answers_are_named_by_text_and_exist(conn):
    """Every target names a paragraph by its text (no rule numbers) and some document contains it."""
    # A result line shows a skeleton node's display label as its title (drafted.labels): a target may name it.
    docs = [{"kind": k, "title": t or (drafted.title_of(n) if k == "rule" and drafted.is_label(n) else t),
             "text": x, "number": n, "examples": json.loads(e or "[]")}
            for k, t, x, n, e in conn.execute("SELECT kind, title, text, number, examples FROM search_docs")]
    for name in QUESTION_SETS:
        frozen = name in evaluation.FROZEN_SETS  # a frozen target is named by its line only
        for case in evaluation.load(evaluation.SETS[name][0]):
            assert case.targets, f"{name} line {case.line}: no target"
            for target in case.targets:
                shown = "" if frozen else f": {target}"
                assert not target.startswith("n:"), f"{name} line {case.line} names a number{shown}"
                assert any(evaluation.relevant(d, target) for d in docs), f"{name} line {case.line}{shown}"


def _summary(report: dict) -> str:
    o = report["overall"]
    kinds = ", ".join(f"{k} {s['r5']:.2f}" for k, s in report["by_kind"].items())
    return f"recall@5 {o['r5']:.3f}, recall@1 {o['r1']:.3f}, MRR {o['mrr']:.3f} ({kinds})"


def test_scores_are_reported(reports, record_property):
    for name, report in reports.items():
        record_property(f"{name}_recall5", round(report["overall"]["r5"], 3))
        print(f"\n{name}: {_summary(report)}")


def test_every_set_has_a_floor():
    """A new set's file needs its floor here; a floor names a set that exists."""
    assert set(FROZEN_FLOORS) == set(evaluation.FROZEN_SETS)
    assert set(DEVELOPMENT_FLOORS) == set(QUESTION_SETS) - set(evaluation.FROZEN_SETS)


def test_frozen_sets_are_the_files_named_frozen():
    """A set is frozen by its file name; its header says so, and no other header does."""
    for name, (path, _kinds) in evaluation.SETS.items():
        header = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#"))
        assert ("FROZEN" in header) == (name in evaluation.FROZEN_SETS), path.name


def test_set_order_is_by_family_then_number():
    """eval, dev, fresh..., reword..., frozen... (a family of no known name last), each family by number."""
    names = list(evaluation.SETS)[1:]
    split = [(re.sub(r"\d+$", "", n), int(re.sub(r"^\D+", "", n) or 1)) for n in names]
    rank = [evaluation.FAMILIES.index(f) if f in evaluation.FAMILIES else len(evaluation.FAMILIES) for f, _ in split]
    assert list(evaluation.SETS)[0] == "eval"
    assert sorted(zip(rank, split)) == list(zip(rank, split)), names


def test_every_set_is_in_the_measurements_table():
    """Each set's untuned figure and how it was written are recorded in SEARCH_MEASUREMENTS.md's table."""
    table = (REPO_DIR / "benchmarks" / "SEARCH_MEASUREMENTS.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| (\w+) \| \d+ \|", table, flags=re.M))
    assert set(QUESTION_SETS) <= listed, sorted(set(QUESTION_SETS) - listed)


@pytest.mark.parametrize("name", DEVELOPMENT_FLOORS)
def test_development_floor(reports, name):
    report = reports[name]  # only this set's report in the failure message: the frozen misses stay unseen
    assert report["overall"]["r5"] >= DEVELOPMENT_FLOORS[name], report["misses"]


@pytest.mark.parametrize("name", FROZEN_FLOORS)
def test_frozen_floor(reports, name):
    # Only the figure is asserted; the misses are deliberately not printed (never tuned against).
    r5 = reports[name]["overall"]["r5"]
    assert r5 >= FROZEN_FLOORS[name], f"{name} recall@5 {r5:.3f}"


# The kinds each reworded set asks, as many of each as it was written with; a reworded set missing here fails.
REWORDED_KINDS = {"reword": dict.fromkeys(("can", "when", "order"), 20),
                  "reword2": dict.fromkeys(("whatif", "english", "howmany"), 20),
                  "reword3": dict.fromkeys(("can", "when", "whatif"), 20),
                  "reword4": dict.fromkeys(("can", "order", "howmany"), 20),
                  "reword5": {"english": 30, "whatif": 15, "when": 15}}


@pytest.mark.parametrize("name", [n for n in QUESTION_SETS if n.startswith("reword")])
def test_reworded_sets_cover_their_kinds(name):
    """Each reworded set asks its few kinds only, as many of each as it was written with."""
    assert name in REWORDED_KINDS, f"{name}: its kinds are not listed in REWORDED_KINDS"
    cases = evaluation.load(evaluation.SETS[name][0])
    assert Counter(c.kind for c in cases) == REWORDED_KINDS[name]
