"""A second, word-free ranking of a question, fused with the concept ranking (judge.search.rank).

The concept ranking needs the question's words as written in the rules ("同层", "重选"); a player
writes "同一层", "重新选". Character pairs of the question (and of the forms its concepts were read
as) matched by bm25 over the characters of titles, paragraphs and their sections find the paragraph
that shares most of the question's rare character pairs whatever the words; the same pairs against the
questions drafted for each paragraph (data/asked/) make a third list. The lists are merged by reciprocal
rank fusion: a paragraph near the top of any list rises, and the concept ranking, which knows the rules'
words, keeps the larger weight.
"""

from __future__ import annotations

from judge.search import pairs as pair_postings
from judge.search.analyze import FUNCTION_CHARS, STOPWORDS, Analysis
from judge.search.rank import SCORE_COLUMNS, Hit, fetch_docs, keep_kinds
from judge.search.text import is_cjk

BM25_WEIGHTS = (1.0, 0.0, 1.0, 0.0, 0.5)  # title, words, chars, extra, context
# The columns the pair ranking reads, with their weights (judge.search.pairs keeps their postings).
PAIR_COLUMNS = {c: w for c, w in zip(("title", "words", "chars", "extra", "context"), BM25_WEIGHTS) if w}
ASKED_COLUMNS = {"chars": 1.0}
DEPTH = 30  # how far down each list fusion looks
RRF_K = 10.0  # small: the first few places of each list matter most
PAIR_WEIGHT = 0.3  # the character-pair list's weight against the concept ranking's 1.0
# The drafted questions' list (pairs against index.search_asked): it brings the paragraph whose drafted
# questions a player's words match into the second look's places, whose features read it again. Only for
# a question naming a few things: one or two words are in the drafted questions of many paragraphs.
ASKED_WEIGHT = 0.2
ASKED_MIN_CONCEPTS = 3
_STOP_PAIRS = frozenset(w for w in STOPWORDS if len(w) == 2)


def cjk_pairs(text: str) -> list[str]:
    """The adjacent Chinese character pairs of a text, in order (a pair never spans another character)."""
    out: list[str] = []
    run: list[str] = []
    for ch in text + " ":
        if is_cjk(ch):
            run.append(ch)
            continue
        out.extend(a + b for a, b in zip(run, run[1:]))
        run = []
    return out


def char_pairs(analysis: Analysis) -> list[str]:
    """Adjacent Chinese character pairs of the question and of its concepts' forms, minus phrasing."""
    out = [pair for text in [analysis.normalized] + [f for c in analysis.concepts if c.via != "sign" for f in c.forms]
           for pair in cjk_pairs(text)
           if pair not in _STOP_PAIRS and not (pair[0] in FUNCTION_CHARS and pair[1] in FUNCTION_CHARS)]
    return list(dict.fromkeys(out))


def _pair_ranking(conn, pairs: list[str], kinds: list[str] | None, table: str, columns: str, bm25: str) -> list[int]:
    """Documents of one FTS table ranked by the question's character pairs (an OR of two-character phrases)."""
    if not pairs:
        return []
    # Kinds are filtered here, not in the query: an FTS5 MATCH restricted by `rowid IN (subquery)`
    # is evaluated row by row (seconds instead of milliseconds).
    depth = DEPTH * 4 if kinds else DEPTH
    # The same list from the store's pair postings (judge.search.pairs: FTS5's bm25, bit for bit), unless
    # a character of the question is no token of the index.
    ids = pair_postings.ranking(conn, table, pairs, depth)
    if ids is None:
        expr = " OR ".join(f'{columns}"{p[0]} {p[1]}"' for p in pairs)
        sql = f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY {bm25} LIMIT {depth}"
        ids = [r[0] for r in conn.execute(sql, (expr,))]
    rows = [(i, 0.0) for i in ids]
    return [i for i, _s in keep_kinds(conn, rows, kinds)][:DEPTH]


def pair_ranking(conn, analysis: Analysis, kinds: list[str] | None, pairs: list[str] | None = None) -> list[int]:
    """Documents by the question's character pairs (`pairs`: char_pairs(analysis), when the caller has them)
    in their title, text and section."""
    return _pair_ranking(conn, char_pairs(analysis) if pairs is None else pairs, kinds, "search_fts", "{" + " ".join(PAIR_COLUMNS) + "} : ",
                         f"bm25(search_fts, {', '.join(map(str, BM25_WEIGHTS))})")


def asked_ranking(conn, analysis: Analysis, kinds: list[str] | None, pairs: list[str] | None = None) -> list[int]:
    """Paragraphs by the question's character pairs (`pairs`, as pair_ranking) found in the questions drafted for
    them (data/asked/): fused with a small weight, and a feature of the re-ranker (their place in this list)."""
    return _pair_ranking(conn, char_pairs(analysis) if pairs is None else pairs, kinds, "search_asked", "", "bm25(search_asked)")


def fuse(conn, analysis: Analysis, hits: list[Hit], kinds: list[str] | None,
         ranks: dict[int, tuple[int | None, int | None, int | None]] | None = None,
         asked: list[int] | None = None, question_pairs: list[str] | None = None) -> list[Hit]:
    """`hits` (direct hits first, then the concept ranking) merged with the character-pair ranking.
    `ranks`, when given, receives each fused document's place in the concept ranking, the character-pair
    ranking and the drafted questions' ranking (None: not in it). `asked`: that last ranking, when the
    caller already has it (asked_ranking); `question_pairs`: char_pairs(analysis), likewise."""
    direct = [h for h in hits if h.direct]
    rest = [h for h in hits if not h.direct]
    ranked = rest[:DEPTH]
    if question_pairs is None:
        question_pairs = char_pairs(analysis)
    pairs = pair_ranking(conn, analysis, kinds, question_pairs)
    if asked is None:
        asked = asked_ranking(conn, analysis, kinds, question_pairs)
    if ranks is not None:
        place = {i: r for r, i in enumerate(pairs, start=1)}
        aplace = {i: r for r, i in enumerate(asked, start=1)}
        for r, h in enumerate(ranked, start=1):
            ranks[h.doc["id"]] = (r, place.get(h.doc["id"]), aplace.get(h.doc["id"]))
        for i, r in place.items():
            ranks.setdefault(i, (None, r, aplace.get(i)))
        for i, r in aplace.items():
            ranks.setdefault(i, (None, None, r))
    if not pairs:  # the drafted questions use the same pairs: no pairs, no list
        return hits
    score: dict[int, float] = {}
    by_id = {h.doc["id"]: h for h in ranked}
    for r, h in enumerate(ranked, start=1):
        score[h.doc["id"]] = 1.0 / (RRF_K + r)
    seen = {h.doc["id"] for h in direct}
    for r, i in enumerate(pairs, start=1):
        if i not in seen:
            score[i] = score.get(i, 0.0) + PAIR_WEIGHT / (RRF_K + r)
    said = sum(1 for c in analysis.concepts if not c.optional)
    for r, i in enumerate(asked if said >= ASKED_MIN_CONCEPTS else [], start=1):
        if i not in seen:
            score[i] = score.get(i, 0.0) + ASKED_WEIGHT / (RRF_K + r)
    new = [i for i in score if i not in by_id]
    for i, doc in fetch_docs(conn, new, SCORE_COLUMNS).items():
        by_id[i] = Hit(doc, 0.0)
    order = sorted((i for i in score if i in by_id), key=lambda i: -score[i])  # stable: ties keep rank order
    return direct + [by_id[i] for i in order] + [h for h in rest[DEPTH:] if h.doc["id"] not in score]
