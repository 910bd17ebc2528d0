"""Typos and "你是不是要找" (judge.search.fuzzy): only candidates that share a character with the text are scored, and
a typo's homophones only among the terms of its length; the answers are those of scoring every candidate."""

from __future__ import annotations

import pytest
from rapidfuzz import fuzz, process

from judge.search import fuzzy


def _suggestions_over_every_candidate(conn, text, limit=5, loose=False):
    words, latin = fuzzy._candidates(conn)
    text = text.strip()
    if any("\u4e00" <= ch <= "\u9fff" for ch in text):
        scored = process.extract(text, words, scorer=fuzz.WRatio, limit=limit * 20 if loose else limit * 3,
                                 score_cutoff=30 if loose else 55)
        out = [w for w, _s, _i in scored]
    else:
        scored = process.extract(text, list(latin), scorer=fuzz.ratio, limit=limit * 20 if loose else limit * 3,
                                 score_cutoff=30 if loose else 70)
        out = [latin[w] for w, _s, _i in scored]
    if loose:
        terms = {r[0] for r in conn.execute(
            f"SELECT word FROM search_lex WHERE is_term = 1 AND word IN ({','.join('?' * len(out))})", out)} if out else set()
        out = [w for w in out if w in terms]
    return list(dict.fromkeys(out))[:limit]


@pytest.mark.parametrize("text, loose", [
    ("燃进", False), ("待名区域", False), ("我的单位被对手弹回手牌了那个增益还在不在", False), ("deflct", False),
    ("acelerate", False), ("zzzzqqq", True), ("鬼鬼祟祟", True), ("qqqxx", True),
])
def test_suggestions_are_those_of_every_candidate(conn, text, loose):
    got = fuzzy.suggestions(conn, text, loose=loose)
    assert got == _suggestions_over_every_candidate(conn, text, loose=loose)


def test_a_near_homophone_is_found_among_terms_of_its_length(conn):
    assert fuzzy.closest(conn, "洞擦") == "洞察"
