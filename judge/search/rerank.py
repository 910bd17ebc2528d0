"""A second look at the first places of a question's fused ranking (judge.search.fusion).

The fused list is good at finding the paragraphs a question is about, less at telling which of them
answers it. Each of the first DEPTH paragraphs is described by a few features that say why it might
answer: where the two rankings put it, how much of the question's wording its title and text share,
whether it says what the question asks for (a condition and its result for "会怎样", a sequence for
"谁先", a time for "什么时候", a count for "几张", a permission for "能不能"), and what it is (a rule
paragraph, a skeleton title, an FAQ entry and how much of its own question is the judge's). A linear
score over them reorders the list; a trained model's score (judge.search.meaning), at a weight chosen held out,
then reorders the rule paragraphs and FAQ entries among the places they hold. The weights (data/rerank_weights.tsv) are fitted by tools/train_rerank.py on the
development questions only; the frozen questions never see it.
Stdlib only: this module is on the cold path of every question.
"""

from __future__ import annotations

import math

from pathlib import Path

from judge.search import intent, meaning
from judge.search.analyze import Analysis

# Places the second look reorders. 40 rather than the 30 the weights were fitted at: the meaning term can then lift
# an answer the fused list holds between 31st and 40th (benchmarks/SEARCH_MEASUREMENTS.md, "Forty places").
DEPTH = 40
# The trained model's score (judge.search.meaning) is added to the linear score at this weight, chosen on the
# development sets held out by fold (tools/train_meaning.py --folds: each fold measured with a model trained
# without it); the fitted weights never saw it. Figures: benchmarks/SEARCH_MEASUREMENTS.md ("A model trained
# here"); 0 switches it off (the file is then never read).
MEANING_WEIGHT = 0.8
# The kinds of places the term reorders among the places they hold (the others keep theirs). FAQ entries too: the
# model knows one from its own question and answer only, so its scores run lower than a rule paragraph's (known
# from up to 40 drafted questions) and an entry that merely shares the words falls below the rule that answers,
# while one the linear score puts first (a card's ruling) keeps its lead. Measured (same section): development
# recall@1 3,792 -> 3,893, recall@5 4,518 -> 4,520; errata and glossary entries as well change nothing more.
MEANING_KINDS = ("rule", "faq")
ASKED_MIN_PAIRS = 4  # the question's character pairs needed for the drafted-question features
WEIGHTS_PATH = Path(__file__).resolve().parent / "data" / "rerank_weights.tsv"

# What a paragraph that answers each kind of question says (normalised text).
CONDITION = ("如果", "若", "则", "改为", "替代", "取而代之", "仍", "不会", "视为", "将会", "会被", "不再", "无法")
SEQUENCE = ("顺序", "依次", "首先", "然后", "随后", "之后", "之前", "先", "后", "同时", "时间戳", "回合顺序",
            "从回合玩家开始", "按照", "第一", "最后", "依照")
TIME = ("时机", "阶段", "步骤", "开始时", "结束时", "期间", "时，", "时,", "当", "每当", "直到", "立即", "之后", "之前")
COUNT = ("任意数量", "最多", "至少", "上限", "不能超过", "数量", "一次", "每回合", "每个", "相加", "叠加")
PERMIT = ("可以", "不能", "不可", "无法", "仅可", "仅能", "只能", "不得", "必须", "允许")
SAYS = {intent.WHATIF: CONDITION, intent.ORDER: SEQUENCE, intent.WHEN: TIME, intent.HOWMANY: COUNT,
        intent.CAN: PERMIT}

FEATURES = (
    "fused", "concept", "pairs", "coverage", "text_pairs", "title_pairs", "faq", "errata", "term", "skeleton",
    "heading", "says_whatif", "says_order", "says_when", "says_howmany", "says_can", "length", "faq_asked",
    "card", "asked", "asked_rank",
)

_weights: dict[str, float] | None = None


def weights() -> dict[str, float]:
    global _weights
    if _weights is None:
        _weights = {}
        if WEIGHTS_PATH.is_file():
            for line in WEIGHTS_PATH.read_text(encoding="utf-8").splitlines():
                cells = line.split("\t")
                if len(cells) >= 2 and not line.startswith("#") and cells[0] in FEATURES:
                    _weights[cells[0]] = float(cells[1])
    return _weights


def features(analysis: Analysis, hits: list, ranks: dict[int, tuple[int | None, int | None, int | None]],
             question_pairs: list[str]) -> list[list[float]]:
    """One row of FEATURES per hit (hits: the fused list's first places, in order)."""
    q = set(question_pairs)
    nq = float(len(q)) or 1.0
    concepts = [c for c in analysis.concepts if not c.optional] or analysis.concepts
    total_w = sum(c.weight for c in concepts) or 1.0
    rows = []
    for place, h in enumerate(hits, start=1):
        d = h.doc
        norm = d.get("norm") or ""
        title, _, body = norm.partition("\n")
        body = body or title
        crank, prank, arank = ranks.get(d["id"], (None, None, None))
        got = sum(c.weight for c in concepts if any(map(norm.__contains__, c.forms)))
        kind = d["kind"]
        asked = 0.0
        if kind == "faq":
            start = norm.find("问:")
            if start >= 0:
                end = norm.find("答:", start)
                question = norm[start:end if end > 0 else None]
                asked = sum(map(question.__contains__, q)) / nq
        row = [
            10.0 / (10.0 + place),
            10.0 / (10.0 + crank) if crank else 0.0,
            10.0 / (10.0 + prank) if prank else 0.0,
            got / total_w,
            sum(map(norm.__contains__, q)) / nq,  # substring tests, counted in C: no pair set of a long entry
            sum(map(title.__contains__, q)) / nq,
            1.0 if kind == "faq" else 0.0,
            1.0 if kind == "errata" else 0.0,
            1.0 if kind == "term" else 0.0,
            1.0 if kind == "rule" and d.get("number_source") == "absent" else 0.0,
            1.0 if d.get("is_heading") else 0.0,
        ]
        for k in (intent.WHATIF, intent.ORDER, intent.WHEN, intent.HOWMANY, intent.CAN):
            row.append(1.0 if analysis.intent == k and any(map(body.__contains__, SAYS[k])) else 0.0)
        row.append(math.log(1.0 + len(norm)) / 6.0)
        row.append(asked)
        row.append(1.0 if analysis.cards and kind in ("faq", "errata") and any(n in title for n in analysis.cards) else 0.0)
        # A rule paragraph's drafted questions (data/asked/); an FAQ entry's own question is one too.
        questions = d.get("norm_questions") or ""
        # Only for a question of some length: two words (卡牌, 手牌) are in the drafted questions of many paragraphs.
        long_q = nq >= ASKED_MIN_PAIRS
        row.append((sum(map(questions.__contains__, q)) / nq if questions else asked) if long_q else 0.0)
        row.append(10.0 / (10.0 + arank) if arank and long_q else 0.0)
        rows.append(row)
    return rows


def rerank(analysis: Analysis, hits: list, ranks: dict[int, tuple[int | None, int | None, int | None]],
           question_pairs: list[str], plain: list | None = None) -> list:
    """`hits` (no direct hits) with its first DEPTH places reordered by the fitted linear score and the meaning
    term. `plain`, when given, is filled with the same places in the order of the linear score alone."""
    w = weights()
    if not w or not hits:
        if plain is not None:
            plain[:] = hits
        return hits
    top = hits[:DEPTH]
    vector = [w.get(name, 0.0) for name in FEATURES]
    linear = [sum(a * b for a, b in zip(vector, row)) for row in features(analysis, top, ranks, question_pairs)]
    order = sorted(range(len(top)), key=lambda i: (linear[i], -i), reverse=True)
    if plain is not None:
        plain[:] = [top[i] for i in order] + hits[DEPTH:]
    score = list(linear)
    if MEANING_WEIGHT:
        # The term reorders the places of MEANING_KINDS among the places they hold; the others stay.
        slots = [k for k, i in enumerate(order) if top[i].doc.get("kind") in MEANING_KINDS]
        movable = [order[k] for k in slots]
        for i, m in zip(movable, meaning.scores(analysis.normalized, [top[i].doc for i in movable])):
            score[i] += MEANING_WEIGHT * m
        for k, i in zip(slots, sorted(movable, key=lambda i: (score[i], -i), reverse=True)):
            order[k] = i
    out = [top[i] for i in order] + hits[DEPTH:]
    shown = []
    for i in order:  # the shown scores never rise down the list
        shown.append(min(score[i], shown[-1]) if shown else score[i])
    shown_scores(out, shown)
    return out


def shown_scores(hits: list, linear: list[float]) -> None:
    """The score a judge sees follows the order he reads: the first place keeps the best score of the
    list, each reordered place gets it times exp(its linear score - the first's) (the fitted model's
    odds against the first place), and the places below, their own scores scaled to continue under
    the last reordered one. A reordered place never shows 0 (which says the query's words are not in it)."""
    if not linear:
        return
    anchor = max((h.score for h in hits[:len(linear)]), default=0.0) or 100.0
    for h, s in zip(hits, linear):
        h.score = max(round(anchor * math.exp(s - linear[0]), 2), 0.01)
    _continue_below(hits, len(linear))


def placed_scores(hits: list, placed: int) -> None:
    """The shown scores when the first `placed` hits were put first by what the question asks rather than by
    score (the steps an order question names, judge.search.steps): they show the best score of the list,
    and the places below their own, never above the place before (as shown_scores)."""
    if not placed or not hits:
        return
    best = max(h.score for h in hits) or 100.0
    for h in hits[:placed]:
        h.score = best
    _continue_below(hits, placed)


def _continue_below(hits: list, placed: int) -> None:
    """The places after the first `placed`: their own scores, scaled to continue under the last placed one."""
    last = hits[placed - 1].score
    rest = hits[placed:]
    if rest:
        scale = min(1.0, last / (max(h.score for h in rest) or 1.0))
        for h in rest:
            last = h.score = min(last, round(h.score * scale, 2))
