"""Same-pinyin typos repaired by context: a character model counted from the indexed texts.

A pinyin input method that picks the wrong candidate leaves a character that sounds right and reads wrong:
"阶算链" for 结算链, "答法述" for 打法术, "量给别人" for 亮给别人. Where a character of the question makes a
character sequence the indexed texts (rules, FAQ entries, examples, drafted questions) never use, each character
the corpus uses with the same reading is tried in its place, and the one the model finds far likelier in that
context replaces it. Context decides: "打几张" stays (几张 is said everywhere), "打击张" would not.

The model: character unigram, bigram and trigram counts of the Chinese runs of the indexed texts, interpolated
as Witten-Bell does (a context followed by many different characters lends more weight to the shorter one),
so that a function character's unseen neighbour costs little and a term's costs much.

Built with the index (`build`); the query side reads a few rows of search_ngram and search_sound.
"""

from __future__ import annotations

import math
from collections import Counter

from judge.search.store import connection_memo
from judge.search.text import CJK

SCHEMA = """
DROP TABLE IF EXISTS search_ngram;
DROP TABLE IF EXISTS search_sound;
CREATE TABLE search_ngram (gram TEXT PRIMARY KEY, n INTEGER, t INTEGER) WITHOUT ROWID;
CREATE TABLE search_sound (py TEXT, ch TEXT, PRIMARY KEY (py, ch)) WITHOUT ROWID;
"""
# A character is a candidate (and a typed one a suspect) only if the texts use it this often: an input
# method offers common characters first, and a rare one typed is likelier meant.
MIN_CHAR = 3
# How much likelier (natural log) the repaired context must be than the typed one: a typo is rare.
MIN_GAIN = 8.0
MAX_REPAIRS = 3
# Characters that stand for one another in a question without a typo (他 / 它 / 她 of a card).
INTERCHANGEABLE = frozenset("他它她")

_MEMO: dict = {}


def count_grams(texts) -> Counter:
    """Every character n-gram (n = 1..3) of the texts' Chinese runs with its count. The runs are joined into one
    string and only its trigrams are sliced out (those across a join dropped): a shorter gram is the head of a
    trigram or sits at the end of its run, so its count is the sum of the trigrams it heads plus its count at run
    ends. A third of the slicing, in one pass (the build counts about 270,000 characters)."""
    import re  # build time only: the query path compiles no regex over the CJK class

    find_runs = re.compile(f"[{CJK}]+").findall
    runs = [run for text in texts for run in find_runs(text or "")]
    joined = "\x00".join(runs)
    counts: Counter = Counter(joined[i:i + 3] for i in range(len(joined) - 2))
    for gram in [g for g in counts if "\x00" in g]:
        del counts[gram]
    tails: Counter = Counter(run[-1] for run in runs)  # the last character and the last bigram of each run
    tails.update(run[-2:] for run in runs if len(run) > 1)
    for gram, n in list(counts.items()):
        counts[gram[:2]] += n
    counts.update(tails)
    heads: Counter = Counter()  # each bigram counted so far is headed by one character occurrence
    for gram, n in counts.items():
        if len(gram) == 2:
            heads[gram[0]] += n
    counts.update(heads)
    return counts


def build(conn, texts, readings: dict[str, str]) -> dict:
    """search_ngram from `texts` (every character n-gram of their Chinese runs, n = 1..3, with its count and,
    for n < 3, how many different characters follow it) and search_sound (the first reading of each character
    the texts use at least MIN_CHAR times -> the character; `readings`: char -> "reading,reading,...")."""
    conn.executescript(SCHEMA)
    counts = count_grams(texts)
    followers: Counter = Counter(g[:-1] for g in counts if len(g) > 1)
    conn.executemany("INSERT INTO search_ngram (gram, n, t) VALUES (?,?,?)",
                     sorted((g, n, followers.get(g, 0)) for g, n in counts.items()))
    sounds = sorted({(readings[c].split(",")[0], c) for c, n in counts.items()
                     if len(c) == 1 and n >= MIN_CHAR and readings.get(c)})
    conn.executemany("INSERT INTO search_sound (py, ch) VALUES (?,?)", sounds)
    chars = [n for g, n in counts.items() if len(g) == 1]
    return {"ngram_total": str(sum(chars)), "ngram_chars": str(len(chars))}


class Model:
    """The counts a question needs, read in batches and kept for the connection."""

    def __init__(self, conn, info: dict) -> None:
        self.conn = conn
        self.total = int(info.get("ngram_total") or 0)
        self.vocab = int(info.get("ngram_chars") or 0)
        memo = connection_memo(_MEMO, conn)
        self.grams: dict[str, tuple[int, int]] = memo.setdefault("grams", {})
        self.sounds: dict[str, list[str]] = memo.setdefault("sounds", {})

    def load(self, grams) -> None:
        want = [g for g in dict.fromkeys(grams) if g not in self.grams]
        for i in range(0, len(want), 400):
            chunk = want[i:i + 400]
            found = dict((g, (n, t)) for g, n, t in self.conn.execute(
                f"SELECT gram, n, t FROM search_ngram WHERE gram IN ({','.join('?' * len(chunk))})", chunk))
            for g in chunk:
                self.grams[g] = found.get(g, (0, 0))
        if len(self.grams) > 200000:
            self.grams.clear()

    def count(self, gram: str) -> int:
        return self.grams.get(gram, (0, 0))[0]

    def homophones(self, syllables: list[str]) -> None:
        want = [s for s in dict.fromkeys(syllables) if s not in self.sounds]
        if want:
            for s in want:
                self.sounds[s] = []
            for py, ch in self.conn.execute(
                    f"SELECT py, ch FROM search_sound WHERE py IN ({','.join('?' * len(want))})", want):
                self.sounds[py].append(ch)

    def _p1(self, c: str) -> float:
        return (self.count(c) + 0.5) / (self.total + self.vocab + 1)

    def _p2(self, a: str, b: str) -> float:
        n, t = self.grams.get(a, (0, 0))
        lam = n / (n + max(1, t)) if n else 0.0
        return lam * (self.count(a + b) / n if n else 0.0) + (1 - lam) * self._p1(b)

    def _p3(self, a: str, b: str, c: str) -> float:
        n, t = self.grams.get(a + b, (0, 0))
        lam = n / (n + max(1, t)) if n else 0.0
        return lam * (self.count(a + b + c) / n if n else 0.0) + (1 - lam) * self._p2(b, c)

    def logp(self, s: list[str], lo: int, hi: int) -> float:
        """Log-probability of s[lo:hi] after what precedes it in s."""
        out = 0.0
        for i in range(lo, hi):
            if i >= 2:
                out += math.log(self._p3(s[i - 2], s[i - 1], s[i]))
            elif i == 1:
                out += math.log(self._p2(s[0], s[1]))
            else:
                out += math.log(self._p1(s[0]))
        return out


def _grams_around(s: list[str], i: int, x: str | None = None) -> list[str]:
    """Every n-gram (n <= 3) the character at `i` (or `x` in its place) takes part in, and their contexts."""
    t = list(s)
    if x is not None:
        t[i] = x
    n = len(t)
    out = []
    for lo in range(max(0, i - 2), i + 1):
        for hi in range(i + 1, min(n, lo + 3) + 1):
            out.append("".join(t[lo:hi]))
    for lo in range(max(0, i - 2), min(n, i + 3)):  # contexts of the n-grams after it
        out.append(t[lo])
        if lo + 1 < n:
            out.append("".join(t[lo:lo + 2]))
    return out


def _suspect(model: Model, s: list[str], i: int) -> bool:
    """Does the character at `i` make a sequence the texts never use (a bigram with a neighbour, or a trigram)?"""
    n = len(s)
    if i > 0 and not model.count(s[i - 1] + s[i]):
        return True
    if i + 1 < n and not model.count(s[i] + s[i + 1]):
        return True
    return any(not model.count("".join(s[lo:lo + 3])) for lo in range(max(0, i - 2), min(i + 1, n - 2)))


def _options(model: Model, s: list[str], i: int, readings: dict[str, list[str]]) -> list[str]:
    """The characters that may have been meant at `i`: those the texts use that share its first reading."""
    c = s[i]
    if model.count(c) < MIN_CHAR or not readings.get(c):
        return []
    return [x for x in model.sounds.get(readings[c][0], ())
            if x != c and not (x in INTERCHANGEABLE and c in INTERCHANGEABLE)]


def _net(model: Model, s: list[str], change: dict[int, str]) -> float:
    """How much likelier the texts make `s` with `change` (position -> character) than as typed, less the cost of
    as many typos."""
    t = list(s)
    for i, x in change.items():
        t[i] = x
    lo, hi = min(change), min(len(s), max(change) + 3)
    model.load(g for i in change for g in _grams_around(t, i))
    return model.logp(t, lo, hi) - model.logp(s, lo, hi) - MIN_GAIN * len(change)


def repair_run(model: Model, run: str, readings: dict[str, list[str]], keep: set[int]) -> tuple[str, list[int]]:
    """`run` (Chinese characters only) with its typos repaired, and the positions changed; `keep`: positions
    never changed (a card's name). One character, or two side by side ("答处" for 打出), at a time."""
    s = list(run)
    n = len(s)
    if n < 2:
        return run, []
    # Every gram around every character: the run's substrings of one to three characters.
    model.load(run[lo:lo + k] for k in (1, 2, 3) for lo in range(n - k + 1))
    model.homophones([readings[c][0] for c in s if readings.get(c)])
    changed: list[int] = []
    for _ in range(MAX_REPAIRS):
        best: tuple[float, dict[int, str]] | None = None
        options: dict[int, list[str]] = {}
        for i in range(n):
            if i not in keep and i not in changed and _suspect(model, s, i):
                options[i] = _options(model, s, i, readings)
        # The repair must read as the texts write: each neighbour pair it makes is used somewhere.
        model.load(g for i, xs in options.items() for x in xs for g in (
            s[i - 1] + x if i > 0 else "", x + s[i + 1] if i + 1 < n else ""))
        fits = {i: [x for x in xs if (i == 0 or model.count(s[i - 1] + x)) and (i + 1 == n or model.count(x + s[i + 1]))]
                for i, xs in options.items()}
        changes = [{i: x} for i, xs in fits.items() for x in xs]
        for i in options:
            if i + 1 in options:
                lefts = [x for x in options[i] if i == 0 or model.count(s[i - 1] + x)]
                rights = [y for y in options[i + 1] if i + 2 == n or model.count(y + s[i + 2])]
                model.load(x + y for x in lefts for y in rights)
                changes += [{i: x, i + 1: y} for x in lefts for y in rights if model.count(x + y)]
        for change in changes:
            net = _net(model, s, change)
            if net > 0 and (best is None or net > best[0]):
                best = (net, change)
        if best is None:
            break
        for i, x in best[1].items():
            s[i] = x
            changed.append(i)
        model.load(g for j in range(max(0, min(best[1]) - 2), min(n, max(best[1]) + 3)) for g in _grams_around(s, j))
    return "".join(s), sorted(changed)


def shown(before: str, after: str, changed: list[int], model: Model) -> list[tuple[str, str]]:
    """The repairs as the user is told them: each changed character with the neighbour it forms the commoner pair
    with (the word it belongs to: "阶算" -> "结算"), changes one character apart together ("答法述" -> "打法术")."""
    if len(after) <= 4:  # a term typed alone ("结算连") is shown whole
        return [(before, after)]
    out: list[tuple[str, str]] = []
    groups: list[list[int]] = []
    for i in changed:
        if groups and i <= groups[-1][-1] + 2:
            groups[-1].append(i)
        else:
            groups.append([i])
    for g in groups:
        lo, hi = g[0], g[-1] + 1
        left = model.count(after[lo - 1:hi]) if lo > 0 else -1
        right = model.count(after[lo:hi + 1]) if hi < len(after) else -1
        if hi - lo == 1:
            if left > right:
                lo -= 1
            elif hi < len(after):
                hi += 1
            else:
                lo -= 1
        out.append((before[lo:hi], after[lo:hi]))
    return out
