"""The concept query from the store's postings (judge.search.phrases) is FTS5's, bit for bit."""

from judge.search import evaluation, fusion, phrases, rank
from judge.search.analyze import analyze

BM25 = f"bm25(search_fts, {', '.join(map(str, rank.BM25_WEIGHTS))})"


def _fts5(conn, expr):
    return {r[0]: -r[1] for r in conn.execute(f"SELECT rowid, {BM25} FROM search_fts WHERE search_fts MATCH ?", (expr,))}


def _analyses(conn, n):
    out = []
    for name in ("dev", "fresh", "eval"):
        cases = evaluation.load(evaluation.SETS[name][0])
        for case in cases[:: max(1, len(cases) // n)]:
            a = analyze(conn, case.query)
            if a.concepts:
                out.append(a)
    return out


def _lexicon(conn, a):
    forms = [f for c in a.concepts for f in c.forms]
    return {r[0] for r in conn.execute(
        f"SELECT word FROM search_lex WHERE word IN ({','.join('?' * len(forms))})", forms)}


def test_every_phrase_scores_as_fts5_does(conn):
    keyed = 0
    for a in _analyses(conn, 30):
        parts = [p for g in rank.query_groups(a.concepts, _lexicon(conn, a)) for p in g]
        for (expr, _column, key), (docs, terms) in zip(parts, phrases.postings(conn, parts, BM25)):
            keyed += key is not None
            assert dict(zip(docs, terms)) == _fts5(conn, expr), expr  # every matching row, every float
    assert keyed >= 100


def _fts5_candidates(conn, monkeypatch, a, kinds, asked):
    with monkeypatch.context() as m:
        m.setattr(phrases, "postings", lambda *args: None)  # as when the store keeps no postings
        return rank.candidates(conn, a, kinds, asked)


def test_candidates_are_the_fts5_queries(conn, monkeypatch):
    # The ranked OR of every form and the AND of the concepts a question needs: the same rows, scores and order.
    compared = 0
    for a in _analyses(conn, 60):
        for kinds in (None, ["rule"], ["faq", "errata"]):
            asked = fusion.asked_ranking(conn, a, kinds) if a.question_like else []
            got = rank.candidates(conn, a, kinds, asked)
            assert got == _fts5_candidates(conn, monkeypatch, a, kinds, asked), a.normalized
            compared += 1
    assert compared >= 300


def test_a_character_no_column_holds_is_left_to_fts5(conn):
    # "鱻" is in no paragraph: it may be a character the tokenizer drops, so the postings do not answer.
    parts = [(phrases.TEXT + '"鱻 单"', phrases.TEXT, "鱻单"), (phrases.TEXT + '"单 位"', phrases.TEXT, "单位")]
    found = phrases.postings(conn, parts, BM25)
    assert [dict(zip(*p)) for p in found] == [_fts5(conn, e) for e, _c, _k in parts]


def test_a_long_phrase_outside_the_vocabulary_is_one_fts5_query(conn):
    expr = phrases.TEXT + '"单 位 的 战 力"'
    assert phrases.text_key(["单", "位", "的", "战", "力"]) == "单位的战力"
    assert not conn.execute("SELECT 1 FROM search_phrases WHERE key = '单位的战力'").fetchone()
    [(docs, terms)] = phrases.postings(conn, [(expr, phrases.TEXT, "单位的战力")], BM25)
    assert dict(zip(docs, terms)) == _fts5(conn, expr)


def test_ties_are_in_rowid_order(conn, monkeypatch):
    # A lone common word gives many rows the same score: SQLite lists them by rowid, and so must the postings.
    a = analyze(conn, "单位")
    got = rank.candidates(conn, a, None, [])
    assert len({s for _i, s in got}) < len(got)
    assert got == _fts5_candidates(conn, monkeypatch, a, None, [])
