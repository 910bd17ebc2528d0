"""Monotone alignment of corpus paragraphs to reference rules by dynamic programming.

Steps: 1:1 match, a reference rule the corpus lacks (dropped heading, removed rule), a corpus
paragraph the reference lacks (added rule), one rule split over 2-3 paragraphs (1:n), and 2-3
rules merged into one paragraph (n:1). Each match scores its similarity minus a threshold, plus a
bonus where the corpus already states the same number and the two numberings agree. Gaps
before the first match and after the last are free (semi-global alignment): a reference may
cover only part of the corpus, or the corpus only part of the reference. Long inputs
are aligned inside a band around a guide line drawn through sure anchors (identical texts, agreeing
numbers), so 1,500 x 2,400 stays within seconds.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass, field

from judge.rules.align.features import Shape, Similarity, idf_weights, measure, merge
from judge.rules.align.glossary import Glossary, builtin
from judge.rules.align.reference import RefRule

FULL_DP_CELLS = 50_000
BAND = 60
MIN_BAND = 12
LEVEL_BONUS = 0.04
MAX_SPAN = 3          # longest split or merge step
STATED = ("cited", "source", "official")
NEAR_PERFECT = 0.97   # a paragraph this close to one rule is not part of a split or merge
LENGTH_LO, LENGTH_HI = 0.55, 1.8   # a split or merge must roughly preserve length


@dataclass
class Para:
    """A corpus paragraph as the aligner sees it."""
    id: str
    text: str
    number: str | None = None
    number_source: str = "inferred"   # cited | source | inferred | absent | ...
    is_heading: bool = False
    level: int | None = None
    confidence: float = 0.0


@dataclass
class Link:
    paras: list[int]     # corpus indices, consecutive
    refs: list[int]      # reference indices, consecutive
    sim: float
    confidence: float = 0.0
    part_confidence: list[float] = field(default_factory=list)   # per paragraph of a split

    def confidence_of(self, i: int) -> float:
        if self.part_confidence:
            return self.part_confidence[self.paras.index(i)]
        return self.confidence

    @property
    def kind(self) -> str:
        if len(self.paras) > 1:
            return "split"
        return "merge" if len(self.refs) > 1 else "1:1"


@dataclass
class Alignment:
    links: list[Link]
    unaligned: list[int]            # corpus paragraphs with no reference rule
    missing: list[int]              # reference rules with no corpus paragraph
    numbering_agrees: bool
    same_lang: bool
    by_para: dict[int, Link] = field(default_factory=dict)
    missing_set: set[int] = field(default_factory=set)

    def numbers_of(self, i: int, refs: list[RefRule]) -> list[str]:
        link = self.by_para.get(i)
        return [refs[j].number for j in link.refs] if link else []


@dataclass
class Params:
    threshold: float
    gap_corpus: float = 0.12
    gap_ref: float = 0.12
    gap_ref_heading: float = 0.03
    span_penalty: float = 0.03
    stated_bonus: float = 0.35
    inferred_bonus: float = 0.15
    prune: float = 0.3


def params_for(same_lang: bool) -> Params:
    if same_lang:
        return Params(threshold=0.5, prune=0.3)
    return Params(threshold=0.42, prune=0.2, span_penalty=0.08)


# Set by a caller that shows progress (the alignment's progress bar): called as progress_hook(done, total)
# while the dynamic programme fills its rows.
progress_hook = None


class Aligner:
    def __init__(self, paras: list[Para], para_lang: str, refs: list[RefRule], ref_lang: str,
                 glossary: Glossary | None = None, titled: list[tuple[str, str]] | None = None):
        glossary = glossary or builtin()
        self.paras, self.refs = paras, refs
        self.same_lang = para_lang == ref_lang
        self.cs: list[Shape] = [measure(p.text, para_lang, glossary, p.is_heading or None) for p in paras]
        self.rs: list[Shape] = [measure(r.full_text(ref_lang), ref_lang, glossary, r.is_heading) for r in refs]
        self.sim = Similarity(self.same_lang, idf_weights(self.cs + self.rs))
        self.p = params_for(self.same_lang)
        self.ref_index = {r.number: j for j, r in enumerate(refs)}
        self._s1: dict[tuple[int, int], float] = {}
        self.clen = [0.0]
        for sh in self.cs:
            self.clen.append(self.clen[-1] + sh.length)
        self.rlen = [0.0]
        for sh in self.rs:
            self.rlen.append(self.rlen[-1] + sh.length)
        self._cmerged: dict[tuple[int, int], Shape] = {}
        self._rmerged: dict[tuple[int, int], Shape] = {}
        self.para_lang, self.glossary = para_lang, glossary
        # Per paragraph: level of its current number (-1: none) and the weight of that number.
        self.p_level = [p.number.count(".") if p.number else -1 for p in paras]
        self.p_number_weight = [
            self.p.stated_bonus if p.number_source in STATED
            else self.p.inferred_bonus * min(max(p.confidence, 0.3), 1.0) if p.number_source == "inferred"
            else 0.0 for p in paras]
        self.titled = list(titled or [])
        self.numbering_agrees = False

    # -- similarity, cached -------------------------------------------------------------------
    def s1(self, i: int, j: int) -> float:
        key = (i, j)
        v = self._s1.get(key)
        if v is None:
            v = self._s1[key] = self.sim(self.cs[i], self.rs[j])
        return v

    def cmerged(self, i0: int, i1: int) -> Shape:
        key = (i0, i1)
        if key not in self._cmerged:
            self._cmerged[key] = merge(self.cs[i0:i1])
        return self._cmerged[key]

    def rmerged(self, j0: int, j1: int) -> Shape:
        key = (j0, j1)
        if key not in self._rmerged:
            self._rmerged[key] = merge(self.rs[j0:j1])
        return self._rmerged[key]

    def bonus(self, i: int, j: int) -> float:
        """Score added to matching paragraph i with rule j, from the paragraph's current number."""
        level = self.p_level[i]
        if level < 0:
            return 0.0
        # The number's level against the paragraph's level in the tree (from its shape): stable across
        # numberings, so it counts even when the numbers themselves do not.
        diff = abs(level - self.refs[j].level)
        score = LEVEL_BONUS if diff == 0 else -LEVEL_BONUS * min(diff, 2) / 2
        if self.numbering_agrees and self.paras[i].number == self.refs[j].number:
            score += self.p_number_weight[i]
        return score

    # -- fixed points -------------------------------------------------------------------------
    def _stated_agreement(self) -> bool | None:
        """Does the reference use the corpus's numbering, judged on the numbers the corpus states
        (cited or printed paragraphs, and cited titles of nodes without text)? The rule of the stated
        number must be the most similar one nearby. None when there are fewer than two such numbers."""
        votes = []
        def vote(shape: Shape, number: str, own: int | None):
            j = self.ref_index[number]
            sim = (lambda k: self.s1(own, k)) if own is not None else (lambda k: self.sim(shape, self.rs[k]))
            s = sim(j)
            near = [sim(k) for k in range(max(0, j - 3), min(len(self.refs), j + 4)) if k != j]
            votes.append(s >= max(near, default=0.0))
        for i, p in enumerate(self.paras):
            if p.number_source in STATED and p.number in self.ref_index:
                vote(self.cs[i], p.number, i)
        for number, title in self.titled:
            if number in self.ref_index and title:
                vote(measure(title, self.para_lang, self.glossary, True), number, None)
        if len(votes) < 2:
            return None
        return sum(votes) / len(votes) >= 0.6

    def _inferred_agreement(self, al: "Alignment") -> bool | None:
        """Judged on a content-only alignment: do confidently aligned paragraphs keep their inferred
        level-0 number? (A dropped heading shifts inferred numbers only locally; another numbering
        shifts them all.) None when fewer than five such paragraphs."""
        same = total = 0
        for link in al.links:
            p = self.paras[link.paras[0]]
            if link.confidence >= 0.9 and p.number and p.number_source == "inferred":
                total += 1
                same += p.number.split(".")[0] == self.refs[link.refs[0]].number.split(".")[0]
        return None if total < 5 else same / total >= 0.5

    def anchors(self) -> list[tuple[int, int]]:
        """Sure pairs, as a strictly increasing chain: identical normalized texts unique on both
        sides, and (when the numberings agree) paragraphs whose stated number the reference has."""
        pairs = []
        if self.same_lang:
            cpos: dict[str, list[int]] = {}
            rpos: dict[str, list[int]] = {}
            for i, s in enumerate(self.cs):
                if len(s.norm) >= 6:
                    cpos.setdefault(s.norm, []).append(i)
            for j, s in enumerate(self.rs):
                if len(s.norm) >= 6:
                    rpos.setdefault(s.norm, []).append(j)
            pairs += [(c[0], rpos[k][0]) for k, c in cpos.items() if len(c) == 1 and len(rpos.get(k, ())) == 1]
        if self.numbering_agrees:
            for i, p in enumerate(self.paras):
                # Only numbers the corpus states: an inferred number is a guess, and one wrong anchor
                # pulls the band off the true path (the paragraph can then only be a gap).
                if p.number in self.ref_index and p.number_source in STATED:
                    pairs.append((i, self.ref_index[p.number]))
        return longest_chain(sorted(set(pairs)))

    def band(self) -> list[tuple[int, int]]:
        n, m = len(self.paras), len(self.refs)
        if (n + 1) * (m + 1) <= FULL_DP_CELLS:
            return [(0, m)] * (n + 1)
        chain = self.anchors()
        starts = [a[0] for a in chain]
        rows = []
        for i in range(n + 1):
            c = guide(i, chain, n, m)
            # Narrow where sure anchors are close, wide across long stretches without any.
            pos = bisect_left(starts, i)
            before = starts[pos - 1] if pos else -10 ** 6
            after = starts[pos] if pos < len(starts) else 10 ** 6
            w = min(BAND, MIN_BAND + (min(i - before, after - i)))
            if chain and (chain[0][1] - (chain[0][0] - i) < 0 or chain[-1][1] + (i - chain[-1][0]) > m):
                w = MIN_BAND   # beyond the reference's ends: these paragraphs can only be gaps
            rows.append([max(0, c - w), min(m, c + w)])
        rows[0][0] = 0
        rows[-1][1] = m
        for i in range(1, n + 1):          # keep the band connected and monotone
            rows[i][0] = min(max(rows[i][0], rows[i - 1][0]), rows[i - 1][1])
            rows[i][1] = max(rows[i][1], rows[i - 1][1])
        return [tuple(r) for r in rows]

    # -- the dynamic programme ----------------------------------------------------------------
    def run(self) -> Alignment:
        """Decide whether the numberings agree (stated numbers first, else a content-only pass),
        then align with the corpus's numbers as fixed points when they do."""
        decided = self._stated_agreement()
        if decided is None and any(p.number for p in self.paras):
            self.numbering_agrees = False
            first = self._run()
            decided = self._inferred_agreement(first)
            if decided is False:
                return first
        self.numbering_agrees = True if decided is None else decided
        return self._run()

    def _run(self) -> Alignment:
        n, m, P = len(self.paras), len(self.refs), self.p
        rows = self.band()
        NEG = -math.inf
        score: list[list[float]] = []
        back: list[list[tuple]] = []
        gap_ref = [P.gap_ref_heading if r.is_heading else P.gap_ref for r in self.refs]
        for i in range(n + 1):
            if progress_hook is not None and i % 32 == 0:
                progress_hook(i, n)
            lo, hi = rows[i]
            srow = [NEG] * (hi - lo + 1)
            brow: list[tuple] = [()] * (hi - lo + 1)
            plo, phi = rows[i - 1] if i else (0, -1)
            prev = score[i - 1] if i else None
            for j in range(lo, hi + 1):
                best, how = (0.0, ("start",)) if i == 0 and j == 0 else (NEG, ())
                if i and j and plo <= j - 1 <= phi and prev[j - 1 - plo] > NEG:
                    s = self.s1(i - 1, j - 1)
                    v = prev[j - 1 - plo] + s - P.threshold + self.bonus(i - 1, j - 1)
                    if v > best:
                        best, how = v, ("m", 1, 1, s)
                if j > lo and srow[j - 1 - lo] > NEG:
                    v = srow[j - 1 - lo] - (0.0 if i == 0 or i == n else gap_ref[j - 1])
                    if v > best:
                        best, how = v, ("r",)
                if i and plo <= j <= phi and prev[j - plo] > NEG:
                    v = prev[j - plo] - (0.0 if j == 0 or j == m else P.gap_corpus)
                    if v > best:
                        best, how = v, ("c",)
                if i and j and self.s1(i - 1, j - 1) < NEAR_PERFECT:
                    rl = self.rs[j - 1].length
                    for k in range(2, MAX_SPAN + 1):          # split: k paragraphs, one rule
                        if i - k < 0:
                            break
                        klo, khi = rows[i - k]
                        if not klo <= j - 1 <= khi:
                            continue
                        base = score[i - k][j - 1 - klo]
                        ratio = (self.clen[i] - self.clen[i - k]) / rl
                        if base == NEG or not LENGTH_LO < ratio < LENGTH_HI:
                            continue
                        if max(self.s1(i - 1, j - 1), self.s1(i - k, j - 1)) < P.prune:
                            continue
                        s = self.sim(self.cmerged(i - k, i), self.rs[j - 1])
                        v = base + s - P.threshold - P.span_penalty * (k - 1) + self.bonus(i - k, j - 1)
                        if v > best:
                            best, how = v, ("m", k, 1, s)
                    if plo <= j - 2 and not self.refs[j - 1].is_heading:
                        for k in range(2, MAX_SPAN + 1):      # merge: one paragraph, k rules
                            if j - k < plo or self.refs[j - k].is_heading:
                                break
                            if j - k > phi:
                                continue
                            base = prev[j - k - plo]
                            ratio = self.cs[i - 1].length / (self.rlen[j] - self.rlen[j - k])
                            if base == NEG or not LENGTH_LO < ratio < LENGTH_HI:
                                continue
                            if max(self.s1(i - 1, j - 1), self.s1(i - 1, j - k)) < P.prune:
                                continue
                            s = self.sim(self.cs[i - 1], self.rmerged(j - k, j))
                            v = base + s - P.threshold - P.span_penalty * (k - 1) + self.bonus(i - 1, j - k)
                            if v > best:
                                best, how = v, ("m", 1, k, s)
                srow[j - lo] = best
                brow[j - lo] = how
            score.append(srow)
            back.append(brow)
        return self._trace(rows, back)

    def _trace(self, rows, back) -> Alignment:
        n, m = len(self.paras), len(self.refs)
        links, unaligned, missing = [], [], []
        i, j = n, m
        while i > 0 or j > 0:
            how = back[i][j - rows[i][0]]
            if how[0] == "m":
                _, k, q, s = how
                links.append(Link(list(range(i - k, i)), list(range(j - q, j)), s))
                i, j = i - k, j - q
            elif how[0] == "r":
                missing.append(j - 1)
                j -= 1
            elif how[0] == "c":
                unaligned.append(i - 1)
                i -= 1
            else:
                raise AssertionError(f"broken alignment path at {(i, j)}")
        links.reverse()
        al = Alignment(links, unaligned[::-1], missing[::-1], self.numbering_agrees, self.same_lang)
        al.missing_set = set(missing)
        for link in links:
            for i in link.paras:
                al.by_para[i] = link
        from judge.rules.align.confidence import score_links

        score_links(self, al)
        return al


def longest_chain(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest subsequence of (i, j) pairs (sorted by i) strictly increasing in both."""
    tails: list[int] = []          # smallest j ending a chain of each length
    tails_at: list[int] = []       # index into pairs of that tail
    prev = [-1] * len(pairs)
    last_i = -1
    pending: list[tuple[int, int]] = []   # pairs of the same i are placed after the i is done
    def flush():
        for k, j in sorted(pending, key=lambda kj: -kj[1]):
            pos = bisect_left(tails, j)
            prev[k] = tails_at[pos - 1] if pos else -1
            if pos == len(tails):
                tails.append(j)
                tails_at.append(k)
            elif j < tails[pos]:
                tails[pos] = j
                tails_at[pos] = k
        pending.clear()
    for k, (i, j) in enumerate(pairs):
        if i != last_i:
            flush()
            last_i = i
        pending.append((k, j))
    flush()
    out = []
    k = tails_at[-1] if tails_at else -1
    while k >= 0:
        out.append(pairs[k])
        k = prev[k]
    return out[::-1]


def guide(i: int, chain: list[tuple[int, int]], n: int, m: int) -> int:
    """Expected reference position of corpus position i, from the anchor chain."""
    if not chain:
        return round(i * m / max(n, 1))
    pos = bisect_left(chain, (i, -1))
    if pos < len(chain) and chain[pos][0] == i:
        return chain[pos][1]
    if pos == 0:
        return max(0, chain[0][1] - (chain[0][0] - i))
    if pos == len(chain):
        return min(m, chain[-1][1] + (i - chain[-1][0]))
    (i0, j0), (i1, j1) = chain[pos - 1], chain[pos]
    return round(j0 + (j1 - j0) * (i - i0) / (i1 - i0))
