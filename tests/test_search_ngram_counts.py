"""ngrams.count_grams (trigrams sliced once, shorter grams summed from them and from run ends) counts every
character n-gram of the Chinese runs exactly as slicing each run for n = 1, 2 and 3 does."""

import random
from collections import Counter

from judge.search.ngrams import count_grams
from judge.search.text import is_cjk


def _naive(texts) -> Counter:
    counts: Counter = Counter()
    for text in texts:
        runs, run = [], ""
        for ch in (text or "") + " ":
            if is_cjk(ch):
                run += ch
            elif run:
                runs.append(run)
                run = ""
        for run in runs:
            for n in (1, 2, 3):
                counts.update(run[i:i + n] for i in range(len(run) - n + 1))
    return counts


def test_examples():
    counts = count_grams(["先手玩家先手", "a先b", None, ""])
    assert counts["先"] == 3 and counts["先手"] == 2 and counts["先手玩"] == 1 and counts["手玩家"] == 1
    assert "手a" not in counts and not any("\x00" in g for g in counts)


def test_same_as_slicing_every_run():
    pool = "先手玩家回合战场ab 1，。\u3400\ufaff"
    rng = random.Random(5)
    for _ in range(3000):
        texts = ["".join(rng.choice(pool) for _ in range(rng.randint(0, 14))) for _ in range(rng.randint(0, 4))]
        assert count_grams(texts) == _naive(texts), texts
