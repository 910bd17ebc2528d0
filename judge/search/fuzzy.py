"""Typos: the closest known term or title (rapidfuzz). Imported only when a query matched badly.

Candidates are the user-dictionary words (glossary terms, rule titles, keywords, card names), the
English names and pinyin keys: a Chinese typo is compared with Chinese words, a Latin one with
English names and pinyin.
"""

from __future__ import annotations

import re

from judge.search.store import connection_memo
from judge.search.text import CJK

_CACHE: dict = {}


def _candidates(conn) -> tuple[list[str], dict[str, str]]:
    cache = connection_memo(_CACHE, conn)
    if "words" not in cache:
        words = [r[0] for r in conn.execute("SELECT word FROM search_lex WHERE is_term = 1 OR (freq >= 3 AND length(word) >= 2)")]
        latin = {a: t for a, t in conn.execute("SELECT alias, target FROM search_alias WHERE kind IN ('english', 'pinyin')")}
        cache["words"] = (words, latin)
    return cache["words"]


def closest(conn, text: str, cutoff: float = 72.0) -> str | None:
    """The known word `text` was most likely meant to be, or None if nothing is close enough."""
    from rapidfuzz import fuzz, process

    words, latin = _candidates(conn)
    if re.search(f"[{CJK}]", text):
        if len(text) < 2:
            return None
        pool = [w for w in words if abs(len(w) - len(text)) <= 1]
        best = process.extractOne(text, pool, scorer=fuzz.ratio, score_cutoff=cutoff)
        if best:
            return best[0]
        return _near_homophone(conn, text, latin)
    if len(text) < 4:
        return None
    best = process.extractOne(text, list(latin), scorer=fuzz.ratio, score_cutoff=max(cutoff, 80.0))
    return latin[best[0]] if best else None


def suggestions(conn, text: str, limit: int = 5, loose: bool = False) -> list[str]:
    """"你是不是要找：…" — terms and titles that look like what was typed (`loose`: the closest ones
    even when none is close, for a query that matched nothing)."""
    from rapidfuzz import fuzz, process

    words, latin = _candidates(conn)
    text = text.strip()
    if not text:
        return []
    # A candidate sharing no character with the text scores 0, below every cutoff: only the others are scored (in
    # their own order, so that ties come out as from the whole list).
    chars = set(text)
    if re.search(f"[{CJK}]", text):
        pool = [w for w in words if not chars.isdisjoint(w)]
        scored = process.extract(text, pool, scorer=fuzz.WRatio, limit=limit * 20 if loose else limit * 3,
                                 score_cutoff=30 if loose else 55)
        out = [w for w, _s, _i in scored]
    else:
        pool = [w for w in latin if not chars.isdisjoint(w)]
        scored = process.extract(text, pool, scorer=fuzz.ratio, limit=limit * 20 if loose else limit * 3,
                                 score_cutoff=30 if loose else 70)
        out = [latin[w] for w, _s, _i in scored]
    if loose:  # only the glossary's terms and the rules' titles: words a judge can search next
        terms = {r[0] for r in conn.execute(
            f"SELECT word FROM search_lex WHERE is_term = 1 AND word IN ({','.join('?' * len(out))})", out)} if out else set()
        out = [w for w in out if w in terms]
    return list(dict.fromkeys(out))[:limit]


def _near_homophone(conn, text: str, latin: dict[str, str]) -> str | None:
    """"洞擦" -> 洞察: same length, a character in common, pinyin nearly equal (ca/cha, n/l, an/ang)."""
    from rapidfuzz import fuzz, process

    readings = dict(conn.execute(
        f"SELECT ch, py FROM search_py WHERE ch IN ({','.join('?' * len(set(text)))})", tuple(set(text))
    ).fetchall())
    if any(c not in readings for c in text):
        return None
    key = "".join(readings[c].split(",")[0] for c in text)
    pool = {a: t for a, t in _by_length(conn, latin).get(len(text), ()) if any(x == y for x, y in zip(t, text))}
    best = process.extractOne(key, list(pool), scorer=fuzz.ratio, score_cutoff=85)
    return pool[best[0]] if best else None


def _by_length(conn, latin: dict[str, str]) -> dict[int, list[tuple[str, str]]]:
    """The (alias, target) pairs of `latin` by the length of their target, each list in `latin`'s order; built once
    per connection (a typo is compared only with the terms of its own length)."""
    cache = connection_memo(_CACHE, conn)
    if "by length" not in cache:
        by_length: dict[int, list[tuple[str, str]]] = {}
        for a, t in latin.items():
            by_length.setdefault(len(t), []).append((a, t))
        cache["by length"] = by_length
    return cache["by length"]
