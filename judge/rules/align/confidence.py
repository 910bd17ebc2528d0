"""Confidence of each aligned paragraph: a logistic score of how well and how uniquely it matched.

Features: the match's similarity; its margin over the nearest alternatives (the neighbouring
rules for this paragraph, the neighbouring paragraphs for this rule); whether its neighbours are
aligned contiguously; whether the corpus's own number agrees; split/merge steps. The weights were
fitted on damaged fixture documents (benchmarks/bench_align.py re-measures the calibration):
a paragraph with confidence >= CONFIDENT was right >= 99% of the time there.
"""

from __future__ import annotations

import math

from judge.rules.align.dp import Link

CONFIDENT = 0.9
STRANDED_GAP = 3

# Weights per language setting (same language?): bias, then one per feature of `features`:
# sim, margin, contiguity, number agrees, number differs, split/merge step, unmatched neighbour,
# stranded between long gaps, first/last match of a partial reference (these two set by hand).
WEIGHTS = {
    True: (-6.0, 8.0, 10.0, 1.2, 1.5, -1.5, -0.5, -2.5, -6.0, -3.0),
    False: (-3.6, 6.9, 14.0, 2.2, 2.0, -2.0, -0.8, -2.0, -8.0, -4.0),
}


def features(aligner, al, idx: int) -> tuple[float, ...]:
    link = al.links[idx]
    n, m = len(aligner.paras), len(aligner.refs)
    i0, i1 = link.paras[0], link.paras[-1]
    j0, j1 = link.refs[0], link.refs[-1]
    alts = []
    for dj in (-2, -1, 1, 2):
        if 0 <= j0 + dj < m and not (j0 <= j0 + dj <= j1):
            alts.append(aligner.s1(i0, j0 + dj))
    for di in (-2, -1, 1, 2):
        if 0 <= i0 + di < n and not (i0 <= i0 + di <= i1):
            alts.append(aligner.s1(i0 + di, j0))
    own = link.sim if link.kind == "1:1" else max(link.sim, aligner.s1(i0, j0))
    margin = own - max(alts, default=0.0)
    contig = 0
    if idx > 0:
        prev = al.links[idx - 1]
        contig += prev.paras[-1] == i0 - 1 and prev.refs[-1] == j0 - 1
    if idx + 1 < len(al.links):
        nxt = al.links[idx + 1]
        contig += nxt.paras[0] == i1 + 1 and nxt.refs[0] == j1 + 1
    p = aligner.paras[i0]
    agrees = differs = 0.0
    if p.number and al.numbering_agrees:
        if p.number == aligner.refs[j0].number:
            agrees = 1.0 if p.number_source in ("cited", "source", "official") else min(1.0, 0.3 + p.confidence)
        else:
            differs = 1.0 if p.number_source in ("cited", "source", "official") else min(1.0, 0.3 + p.confidence)
    span = float(link.kind != "1:1")
    # A reference neighbour left unmatched may sit inside this paragraph (a merge the DP missed).
    lonely = float(any(0 <= j < m and j in al.missing_set and not aligner.refs[j].is_heading
                       for j in (j0 - 1, j1 + 1)))
    # Stranded between long gaps on both sides (typical at the edges of a partial reference, where
    # a rule may match anything far away for free): not to be trusted on similarity alone.
    prev_i, prev_j = (al.links[idx - 1].paras[-1], al.links[idx - 1].refs[-1]) if idx else (-1, -1)
    next_i, next_j = (al.links[idx + 1].paras[0], al.links[idx + 1].refs[0]) if idx + 1 < len(al.links) else (n, m)
    before = max(i0 - prev_i - 1, j0 - prev_j - 1)
    after = max(next_i - i1 - 1, next_j - j1 - 1)
    stranded = float(min(before, after) >= STRANDED_GAP)
    # The first or last match of a reference that covers only part of the corpus: its edge rule
    # may have been matched to a neighbour of the true paragraph.
    edge = float(idx == 0 and i0 > 0 and j0 == 0 or idx == len(al.links) - 1 and i1 < n - 1 and j1 == m - 1)
    return (link.sim, margin, contig / 2, agrees, differs, span, lonely, stranded, edge)


def logistic(weights, feats) -> float:
    z = weights[0] + sum(w * f for w, f in zip(weights[1:], feats))
    return 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))


PART_GAIN = 0.08
# A run of up to PINNED_RUN 1:1 matches on the diagonal between two confident matches is pinned by
# them: the monotone alignment leaves each paragraph of the run only its rule or a gap on both sides
# (a paragraph added exactly where a rule was removed). Taken when each match is at least this similar.
PINNED_RUN = 5
PINNED_FLOOR = 0.3
PINNED_CONFIDENCE = 0.92


def score_links(aligner, al) -> None:
    w = WEIGHTS[al.same_lang]
    for idx, link in enumerate(al.links):
        link.confidence = round(logistic(w, features(aligner, al, idx)), 4)
        if link.kind == "split":
            # Each part must earn its place: the match must be clearly worse without it, else the
            # part may be an added paragraph that happened to sit beside the rule.
            j = link.refs[0]
            parts = []
            for i in link.paras:
                rest = [k for k in link.paras if k != i]
                shape = aligner.cs[rest[0]] if len(rest) == 1 else aligner.cmerged(rest[0], rest[-1] + 1)
                if len(rest) > 1 and rest[-1] - rest[0] + 1 != len(rest):
                    gain = 1.0   # removing a middle part leaves no contiguous split: keep it
                else:
                    gain = link.sim - aligner.sim(shape, aligner.rs[j])
                parts.append(link.confidence if gain >= PART_GAIN else round(link.confidence * 0.5, 4))
            link.part_confidence = parts
    pin_runs(aligner, al)


def pin_runs(aligner, al) -> None:
    """Raise the confidence of short runs pinned between confident matches (see PINNED_RUN). Headings
    the corpus dropped may sit between two steps of the run: a dropped heading is the commonest gap."""
    links, refs = al.links, aligner.refs

    def next_step(a, b) -> bool:
        return b.paras[0] == a.paras[-1] + 1 and all(
            refs[j].is_heading and j in al.missing_set for j in range(a.refs[-1] + 1, b.refs[0]))

    # The start of both documents pins too (only dropped headings before the first paragraph's rule).
    start = Link([-1], [-1], 1.0, confidence=1.0)
    links = [start] + links
    anchors = [k for k, l in enumerate(links) if l.confidence >= CONFIDENT]
    for a, b in zip(anchors, anchors[1:]):
        if not 1 < b - a <= PINNED_RUN + 1:
            continue
        chain = links[a:b + 1]
        run = chain[1:-1]
        if all(l.kind == "1:1" and l.sim >= PINNED_FLOOR for l in run) and \
                all(next_step(x, y) for x, y in zip(chain, chain[1:])):
            for l in run:
                l.confidence = max(l.confidence, PINNED_CONFIDENCE)
