"""The character-pair rankings from the store's postings (judge.search.pairs) are FTS5's, bit for bit."""

from judge.search import evaluation, fusion, pairs
from judge.search.analyze import analyze

FTS = ("search_fts", "{" + " ".join(fusion.PAIR_COLUMNS) + "} : ",
       f"bm25(search_fts, {', '.join(map(str, fusion.BM25_WEIGHTS))})")
ASKED = ("search_asked", "", "bm25(search_asked)")


def _fts5(conn, spec, pair_list, depth=None):
    table, columns, bm25 = spec
    expr = " OR ".join(f'{columns}"{p[0]} {p[1]}"' for p in pair_list)
    if depth is None:
        return {r[0]: -r[1] for r in conn.execute(f"SELECT rowid, {bm25} FROM {table} WHERE {table} MATCH ?", (expr,))}
    return [r[0] for r in conn.execute(
        f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY {bm25} LIMIT {depth}", (expr,))]


def _questions(conn, n):
    cases = evaluation.load(evaluation.SETS["dev"][0])
    out = []
    for case in cases[:: max(1, len(cases) // n)]:
        found = fusion.char_pairs(analyze(conn, case.query))
        if found:
            out.append(found)
    return out


def test_scores_and_order_are_fts5s(conn):
    questions = _questions(conn, 40)
    assert len(questions) >= 30
    for pair_list in questions:
        for spec in (FTS, ASKED):
            assert pairs.scores(conn, spec[0], pair_list) == _fts5(conn, spec, pair_list)  # every float equal
            for depth in (fusion.DEPTH, fusion.DEPTH * 4):
                assert pairs.ranking(conn, spec[0], pair_list, depth) == _fts5(conn, spec, pair_list, depth)


def test_ties_are_in_rowid_order(conn):
    # A lone common pair gives many rows the same score: SQLite lists them by rowid, and so must the postings.
    got = pairs.ranking(conn, "search_fts", ["单位"], 200)
    score = pairs.scores(conn, "search_fts", ["单位"])
    assert len(set(score[i] for i in got)) < len(got)
    assert got == _fts5(conn, FTS, ["单位"], 200)


def test_a_character_no_column_holds_matches_nothing_when_the_tokenizer_keeps_it(conn):
    # "鱻" is in no paragraph, and the tokenizer keeps it as a token (the store lists the ones it drops): a phrase
    # with it matches no row and adds nothing, so the postings answer, with FTS5's own scores and order.
    assert "鱻" not in pairs._dropped(conn)
    for pair_list in (["单位", "鱻鱻"], ["单位", "鱻单"], ["鱻鱻"]):
        for spec in (FTS, ASKED):
            assert pairs.scores(conn, spec[0], pair_list) == _fts5(conn, spec, pair_list)
            assert pairs.ranking(conn, spec[0], pair_list, 30) == _fts5(conn, spec, pair_list, 30)
    a = analyze(conn, "鱻鱻单位能移动吗")
    assert fusion.pair_ranking(conn, a, None)


def test_a_character_the_tokenizer_may_drop_is_left_to_fts5(conn, monkeypatch):
    # Listed as dropped, or on a store that does not list them: the phrase may be the other character alone.
    for listed in ("鱻", None):
        monkeypatch.setattr(pairs, "_dropped", lambda _conn, listed=listed: listed)
        assert pairs.ranking(conn, "search_fts", ["单位", "鱻鱻"], 30) is None
        assert pairs.ranking(conn, "search_fts", ["单位", "鱻单"], 30) is None
        assert pairs.ranking(conn, "search_fts", ["单位", "单元"], 30) is not None  # every character held
        a = analyze(conn, "鱻鱻单位能移动吗")
        assert fusion.pair_ranking(conn, a, None)  # answered by FTS5 instead


def test_dropped_chars_are_probed_on_the_tables_tokenizer():
    import sqlite3

    probe = sqlite3.connect(":memory:")
    probe.execute("CREATE VIRTUAL TABLE search_fts USING fts5(x, tokenize='unicode61 remove_diacritics 2')")
    probe.execute("CREATE VIRTUAL TABLE search_asked USING fts5(x, tokenize=\"unicode61 separators '鱻'\")")
    assert pairs.dropped_chars(probe) == "鱻"  # the second table's tokenizer drops it; every other one is kept
    assert pairs.dropped_chars(probe, ("search_fts",)) == ""
    assert not probe.execute("SELECT name FROM sqlite_temp_master").fetchall()  # the probe tables are gone
