"""No user input may make `judge search` raise: FTS5 syntax, control characters, huge or odd text."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.search.analyze import MAX_QUERY_CHARS
from judge.search.engine import EmptyQuery, QueryTooLong, search
from judge.search.store import connect

FTS_SYNTAX = [
    '"', '""', "'", "燃尽\"", "AND", "OR", "NOT", "NEAR", "NEAR(燃尽 清理, 2)", "燃尽 AND 清理", "燃尽 OR",
    "NOT 燃尽", "(", ")", "((燃尽)", "*", "燃*", "^燃尽", "title:燃尽", "{title chars}: 燃尽", "chars : 燃",
    "- 燃尽", "+燃尽", "燃尽 -清理", ":", "::", "\\", "%", "_", "'; DROP TABLE rules; --", "rowid=1",
    "bm25(search_fts)", "燃尽\x00清理", "燃尽\x1b[31m", "\u200b燃尽\u200b", "燃尽\ud800", "🔥燃尽🔥", "🃏",
    "ﾗﾝｼﾞﾝ", "ＲＡＮＪＩＮ", "燃尽 burn out 燃盡 ranjin 318", "[", "]", "[322.2", "规则 [", "规则 999.9.z",
    "000", "规则 000", "1" * 400, "燃" * 3000, "ã" * 50, "Ω≈ç√∫", "العربية", "русский", "\n\n燃尽\n",
]

_conn = None


def conn():
    global _conn
    if _conn is None:
        _conn = connect()
    return _conn


def check(query: str) -> None:
    try:
        data = search(conn(), query, limit=5).to_dict()
    except EmptyQuery:
        assert not any(ch.isalnum() for ch in query)
        return
    except QueryTooLong:
        assert len(query.strip()) > MAX_QUERY_CHARS
        return
    assert isinstance(data["hits"], list)
    for h in data["hits"]:
        assert h["kind"] in ("rule", "faq", "errata", "term")
        for start, end in h["highlights"]:
            assert 0 <= start < end <= len(h["snippet"])


@pytest.mark.parametrize("query", FTS_SYNTAX)
def test_fts_syntax_and_odd_input(query):
    check(query)


def test_ten_kilobyte_query():
    check(("燃尽 是 什么 AND ( 清理 ) " * 600)[:10240])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_arbitrary_text_never_raises(query):
    check(query)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FTS_SYNTAX[:30] + ["燃尽", "待命", "ranjin", "Hidden", "318", "吗", " "]), max_size=8))
def test_mixtures_of_syntax_and_terms_never_raise(parts):
    check(" ".join(parts))
