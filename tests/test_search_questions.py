"""Questions in players' words (tests/search_questions_dev.tsv, _fresh.tsv, _fresh2.tsv, _fresh3.tsv, _fresh4.tsv,
_frozen.tsv, _frozen2.tsv, _frozen3.tsv, _frozen4.tsv and _frozen5.tsv).

Every set's score is reported (run with -s, or see `python -m benchmarks --only search`). The development
sets may guide ranking changes; the frozen sets never do: their floors below only guard against a collapse,
and only their aggregate figures are ever printed.
"""

import json
import re

import pytest

from judge.search import evaluation

DEV_RECALL5 = 0.93  # 435 questions (one equal to a frozen question up to punctuation was removed). 195 (82 added for the weak kinds and 440-829 before tuning) reached 0.938;
# batch 3 (86 questions on topics not asked before, committed before any tuning on them) measured 0.868 overall
# untuned, 0.922 after the third round. Batch 4 (70 questions on whatif, howmany, order, when and English
# paraphrases, committed before any tuning on them; 4 more were written but dropped because the same words
# were already frozen questions) measured 0.657 untuned (whatif 0.72, howmany 0.87, order 0.58, when 0.38,
# english 0.67); all 351 then: 0.869. Batch 5 (37 short questions of the weak kinds, committed before any
# tuning on them, after the first changes tuned on batch 4) measured 0.568 (howmany 0.70, whatif 0.30,
# when 0.25, order 0.33, english 0.90); all 388 then: 0.876. After the fourth round (question frames, English
# inflections, where-questions, player words; a few targets of batches 4 and 5 completed with paragraphs that
# answer as well): 0.902; batch 4 0.843 and batch 5 0.784 (0.700 and 0.649 untuned, with completed targets).
# Batch 6 (27 more short questions, committed before any tuning on them) measured 0.481 with the fourth round's
# changes and 0.481 without them: those changes did not carry over to new questions. All 415 then: 0.875;
# 0.894 after player words found on batch 6 (batch 6: 0.778). Batch 7 (21 short questions, written after that
# and committed before any tuning on them) measured 0.524, the same with and without the fourth round's changes.
# The fresh batch (tests/search_questions_fresh.tsv, 86 questions on topics not asked before, committed before
# any tuning on them) measured 0.744 untuned (0.779 with three targets completed). Round 5 (issue 17: a
# character-pair ranking fused with the concept ranking, judge/search/fusion.py): dev 0.888, fresh 0.814.
# The second fresh batch (tests/search_questions_fresh2.tsv, 79 questions weighted to whatif/order/when,
# committed before any tuning on them) measured 0.684 untuned. Round 6 (issue 17: English Empower/timestamp/
# Counters pairs; a question's own wording weighs at most a rules term's; keywords for the drafted titles;
# a linear second look at the first 30 places, judge/search/rerank.py, fitted on dev and the term set only):
# dev 0.899, fresh 0.837, fresh2 0.759; with player words found on both fresh batches (both sides, units all
# dying, players counted as people, plain words for moving and attaching, the layers' order): dev 0.901, fresh
# 0.872, fresh2 0.797. Tried in round 6 and dropped (no gain on dev or a loss on a fresh batch): closing up a
# count asked inside a verb and its object (得几次分 -> 得分), jieba's function-word classes as optional words,
# the heading-term and player-word rule words as segmentation words, intent frames for 之前还是之后 / 会…吗,
# and for the second look: three more features, 45 places instead of 30, and fitting on dev with the first
# fresh batch (each lowered the second fresh batch). Round 7 (issue 17, question understanding: a section's
# untitled paragraphs carry its heading, class words of rewritten player words, player words with their rules,
# heading terms of 3+ characters as query words, English question openers). Tried in round 7 and dropped: a few
# candidates matching all but one required concept (no change), "先A还是先B" read as one either-concept (dev -1,
# fresh2 -2), class words from the rules' "X是一种Y" / "X属于Y" sentences (dev -5; 属于 alone -3), official
# heading terms starting sections with untitled headings continuing them (dev r@5 -5, r@30 +3), a state's
# condition word answered in part by the state (战斗里 -> 法术对决: fresh2 -1), all heading terms and the
# player-word table's rule words as query words (2-character ones such as 手牌, and Chinese rows' rule words:
# dev -3, fresh2 -2), 但/却/而 as function characters (no change).
# Round 7, the second look (main bdb96fa): the answer is in the fused first 30 for 380/436 dev, 70/86 fresh,
# 57/79 fresh2 and 74/100 fresh3 questions, and in the top 5 for 356, 62, 53 and 49 of them (shipped weights;
# fused order alone 350, 61, 47, 50). Fitted without it (tools/train_rerank.py --holdout), each set gets
# dev 342, fresh 62, fresh2 53, fresh3 50: the second look generalises to fresh2 only. Tried and dropped (no
# held-out gain, mostly within one question either way): a paragraph's section represented among the first
# places (parent, children, siblings), the question's pairs weighted by how few candidates share them, a
# skeleton node's title coverage, the skeleton share of the first places (a question about 440-829), the
# concept score relative to the best, the depth of the rule number, the question's pairs in the paragraph's
# condition clause (如果…则/当…时), a child opening with an anaphor (此/该/这) under a listed parent, how much
# of a rule an FAQ entry above it repeats, word lists per answer kind chosen by their lift; reordering after
# the second look (a relative of the first hit next to it, at most N FAQ entries or N siblings in the top 5,
# the same text twice moved down, the rule before an FAQ entry close in score); a smoothed recall@5 objective
# and coordinate ascent (both overfit: held-out totals below the softmax fit's); shrinking the weights
# towards the fused order; and in the first stage the skeleton, heading, intent, FAQ and pair weights, the
# fusion depth (40, 50) and the candidate count (each at a local optimum on the four sets).
# Round 7 (issue 17: player words with their sources, other card games' words, heading terms kept whole,
# section context for untitled paragraphs, titles for 222 more sub-rules of 440-829, rule-first answers; the
# second look unchanged): dev 0.924, fresh 0.930, fresh2 0.873, fresh3 0.620 (untuned 0.540).
# Round 8 (issue 17: questions in players' words drafted for each rule paragraph from the rule alone,
# judge/search/data/asked/, in an FTS table of their own; a concept found only there counts fully, a drafted
# question is one window of text, paragraphs whose drafted questions name every required concept are candidates,
# and two re-ranker features read them; 7,691 rows at the end): dev 0.936, fresh 0.977, fresh2 0.924, fresh3 0.760. Tried in round 8 and dropped: the drafted questions as a column
# of search_fts (even at bm25 weight 0 the column shifts the rules' own idf: dev 403 -> 399 untuned), a
# drafted-question ranking fused into the first stage by RRF (weights 0.1-0.6: dev -1 to -3 for fresh +0 to +4;
# the ranking feeds the second look instead), candidates naming any instead of every concept in their drafted
# questions (dev -1), a question word found in no rule but in the drafted questions kept as a concept (fires on
# one question of 701), concept credits for drafted questions from 0.3 to 1.2 (flat within two questions), and
# a full refit of the second look with the new features (dev 411, fresh2 73, fresh3 77, but the FAQ answering
# "how many cards in my hand" left the top 5): only the two new weights are fitted.
# Round 9 (issue 17: a third round of drafted questions, 9,700+ rows; the drafted questions' character-pair
# ranking fused into the first stage at weight 0.2 for questions naming 3+ concepts, and its first 2 paragraphs
# candidates for questions naming 4+): dev 0.940, fresh 0.988, fresh2 0.962, fresh3 0.850 (the rows alone:
# 0.938, 0.977, 0.911, 0.800). Tried in round 9 and dropped: the drafted questions' first places put at the end
# of the second look's places with no fused score (no change: the fitted weights never lift a paragraph that
# neither other list places), fusion weights 0.4-0.5 ("手牌有上限吗" lost its FAQ answer at the top) or for
# questions of any length (dev -2), candidates by the drafted questions naming any concept (replaced by the pair
# ranking: same totals), the re-ranker's coverage read in the section and drafted questions too (dev -1, fresh3
# +1; held-out unchanged), the pair weight 0.4 or RRF_K 15 (fresh3 +1, but the hand-limit FAQ left the top 5),
# and refits of the second look on the new places (held-out totals 570 as the shipped weights' 570; the list
# weights alone: dev -3).
FRESH_RECALL5 = 0.94
FRESH2_RECALL5 = 0.91
FRESH3_RECALL5 = 0.78  # the third fresh batch (100 questions, two writers, committed before any run through the
# search) measured 0.540 untuned (ranking as of main 74f0ffe), 0.620 after round 7, 0.760 after round 8 and
# 0.850 after round 9; the floor sits a few points under it.
FRESH4_RECALL5 = 0.69  # the fourth fresh batch (105 questions, 15 of each kind, written blind to the drafted
# questions and to the ranking): 0.790 (83/105) untuned on main 2740eb8; the floor sits 0.10 under it, a guard
# against a collapse only.
FROZEN2_RECALL5 = 0.46  # the second frozen set: 0.480 (24/50) untuned on main 74f0ffe and 0.480 at the end of
# round 7 (in 3 of its misses the first hit is a sub-rule, titled in round 7, of the rule the target names);
# the floor never decided whether a ranking change landed, and nobody tunes on that set.
FROZEN3_RECALL5 = 0.57  # the third frozen set (70 questions, written before the drafted questions were
# indexed): 0.671 (47/70) untuned on main 30cf2a2; the floor sits 0.10 under it, a guard against a collapse only.
FROZEN4_RECALL5 = 0.67  # the fourth frozen set (84 questions, written on main 3871f34 before the third round of
# drafted questions and that round's ranking changes): 0.774 (65/84) untuned on main 3871f34; the floor sits 0.10
# under it, a guard against a collapse only.
FROZEN5_RECALL5 = 0.68  # the fifth frozen set (84 questions, written on main 2740eb8 before the fourth round of
# drafted questions and that round's ranking and English-query changes): 0.786 (66/84) untuned on main 2740eb8;
# the floor sits 0.10 under it, a guard against a collapse only.
FROZEN_RECALL5 = 0.90  # measured once at the end of each round of ranking work, never tuned on (during a round
# the floor sits lower, a guard against a collapse only, so that it never decides whether a change lands).
# Round 1: 0.852
# (46/54), 0.907 (49/54) with the official numbering map, 0.889 (48/54) before round 2 (baseline 0.593). Round 2
# (titles for the skeleton of 440-829): 0.833 (45/54); in some misses the first hit is now the titled skeleton
# rule that decides the question (e.g. 458), which the frozen targets, written before those titles, do not name.
# Round 3 (player words, conditions answer when-questions, phrases cut into characters): 0.870 (47/54).
# Round 4 (issue 17: frames, English inflections, where-questions): 0.870 (47/54), unchanged.
# Round 5 (issue 17: the character-pair ranking fused): 0.907 (49/54). Round 6 (the second look, rerank.py):
# 0.907 (49/54), unchanged. Round 7: 0.907 (49/54), unchanged. Tried in round 5 and dropped (no gain
# on dev or a loss on the fresh batch): a character-unigram ranking, a bigram association model learned from
# FAQ question/answer, heading/paragraph and glossary pairs, skip-bigrams, children's titles as a skeleton
# section's context, English heading pairs from the tool's drafted titles, and a multilingual sentence
# embedding (fused: dev 0.874, fresh 0.779; alone: dev 0.353, fresh 0.174). Tried in round 7 and dropped: WordLlama
# static embeddings, whose weights ship in its wheel (alone: dev 0.300, fresh 0.186, fresh2 0.127; not fused).


QUESTION_SETS = ("dev", "fresh", "fresh2", "fresh3", "fresh4", "frozen", "frozen2", "frozen3", "frozen4",
                 "frozen5")


@pytest.fixture(scope="module")
def reports(conn):
    return {name: evaluation.evaluate(conn, evaluation.load(evaluation.SETS[name][0])) for name in QUESTION_SETS}


# (set, minimum size, minimum questions of each kind)
@pytest.mark.parametrize("name,minimum,per_kind", [("dev", 100, 5), ("fresh", 60, 5), ("fresh2", 60, 5),
                                                   ("fresh3", 100, 5), ("frozen", 50, 5), ("frozen2", 50, 5),
                                                   ("frozen3", 70, 8), ("frozen4", 84, 12),
                                                   ("frozen5", 84, 12), ("fresh4", 103, 14)])
def test_question_sets_are_large_and_cover_every_kind(name, minimum, per_kind):
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


@pytest.mark.parametrize("name", ["fresh3", "fresh4", "frozen", "frozen2", "frozen3", "frozen4", "frozen5"])
def test_sets_do_not_share_questions(name):
    """A frozen set shares no question with any other set, nor does the newest development batch: among the
    question sets not even up to punctuation and case (tuning on a copy would tune on the frozen question).
    Against the term set (single terms, where a few questions are a term with a question mark) only exactly."""
    cases = evaluation.load(evaluation.SETS[name][0])
    # The first frozen set was written apart from the question sets only, not from the term set.
    others = [o for o in evaluation.SETS if o != name and not (name == "frozen" and o == "eval")]
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
    docs = [{"kind": k, "title": t, "text": x, "number": n, "examples": json.loads(e or "[]")}
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


def test_development_floor(reports):
    dev = reports["dev"]  # only the dev report in the failure message: the frozen misses stay unseen
    assert dev["overall"]["r5"] >= DEV_RECALL5, dev["misses"]


def test_fresh_floor(reports):
    fresh = reports["fresh"]
    assert fresh["overall"]["r5"] >= FRESH_RECALL5, fresh["misses"]


def test_second_fresh_floor(reports):
    fresh2 = reports["fresh2"]
    assert fresh2["overall"]["r5"] >= FRESH2_RECALL5, fresh2["misses"]


def test_third_fresh_floor(reports):
    fresh3 = reports["fresh3"]
    assert fresh3["overall"]["r5"] >= FRESH3_RECALL5, fresh3["misses"]


def test_fourth_fresh_floor(reports):
    fresh4 = reports["fresh4"]
    assert fresh4["overall"]["r5"] >= FRESH4_RECALL5, fresh4["misses"]


def test_second_frozen_floor(reports):
    # Only the figure is asserted; the misses are deliberately not printed (never tuned against).
    r5 = reports["frozen2"]["overall"]["r5"]
    assert r5 >= FROZEN2_RECALL5, f"second frozen set recall@5 {r5:.3f}"


def test_third_frozen_floor(reports):
    # Only the figure is asserted; the misses are deliberately not printed (never tuned against).
    r5 = reports["frozen3"]["overall"]["r5"]
    assert r5 >= FROZEN3_RECALL5, f"third frozen set recall@5 {r5:.3f}"


def test_fourth_frozen_floor(reports):
    # Only the figure is asserted; the misses are deliberately not printed (never tuned against).
    r5 = reports["frozen4"]["overall"]["r5"]
    assert r5 >= FROZEN4_RECALL5, f"fourth frozen set recall@5 {r5:.3f}"


def test_fifth_frozen_floor(reports):
    # Only the figure is asserted; the misses are deliberately not printed (never tuned against).
    r5 = reports["frozen5"]["overall"]["r5"]
    assert r5 >= FROZEN5_RECALL5, f"fifth frozen set recall@5 {r5:.3f}"


def test_frozen_floor(reports):
    # Only the figure is asserted; the misses are deliberately not printed (never tuned against).
    r5 = reports["frozen"]["overall"]["r5"]
    assert r5 >= FROZEN_RECALL5, f"frozen recall@5 {r5:.3f}"
