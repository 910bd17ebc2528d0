"""A query naming a keyword or rules term shows the term's rule first and the FAQ rulings on it right after;
English kind words beside a term ("Exhaust rule", "Deflect keyword") name no subject; every short official
heading finds its rule, by the drafted title where the Chinese text lost the heading."""

import importlib.util

import pytest

from judge.paths import REPO_DIR
from judge.search.engine import search


def _hits(conn, query, n=6):
    return search(conn, query, limit=10).to_dict()["hits"][:n]


def _ids(hits):
    return [h["id"] if h["kind"] == "faq" else f"{h['kind']}:{h['number']}" for h in hits]


@pytest.mark.parametrize("query", ["Legion", "鼓舞是什么", "what does Legion do", "Legion keyword"])
def test_keyword_rule_then_its_rulings(conn, query):
    hits = _hits(conn, query)
    kinds = [h["kind"] for h in hits]
    assert "rule" in kinds[:2], _ids(hits)
    rule_at = kinds.index("rule")
    assert hits[rule_at]["number"] == "812"
    faqs = [h["id"] for h in hits if h["kind"] == "faq"]
    assert "C-L129" in faqs, _ids(hits)
    assert all(i > rule_at for i, k in enumerate(kinds) if k == "faq")


def test_hidden_rulings_follow_its_rule(conn):
    hits = _hits(conn, "Hidden")
    assert hits[0]["kind"] == "term" and hits[1]["kind"] == "rule"
    assert hits[2]["kind"] == "rule" and hits[2]["number"].startswith(hits[1]["number"] + ".")  # not bare
    assert [h["id"] for h in hits[3:6]] == ["C-L135", "C-L139", "C-L143"]


def test_a_term_named_in_passing_is_no_ruling(conn):
    """Questions that state a unit's 战力 are not rulings on Might: a non-keyword term takes only entries that
    name it as a term (heading, quotes, the English beside it)."""
    hits = _hits(conn, "Might rule")
    assert hits[0]["kind"] == "term" and hits[0]["title"].startswith("战力")
    assert not [h for h in hits if h["kind"] == "faq"], _ids(hits)


def test_a_query_naming_a_longer_heading_is_not_the_shorter_term(conn):
    """"Rune Deck Zones" reads as 符文牌堆, but it names the zone, not the term Rune Deck: no rulings inserted."""
    hits = _hits(conn, "Rune Deck Zones")
    assert "rule:108.5" in _ids(hits)


@pytest.mark.parametrize("query, number", [("Exhaust rule", "414"), ("Ready rule", "415"), ("Deflect keyword", "809"),
                                           ("Conquer rule", "469.1"), ("Priority rule", "312")])
def test_kind_word_beside_a_term(conn, query, number):
    hits = _hits(conn, query, 2)
    assert any((h["number"] or "").startswith(number) for h in hits), _ids(hits)


@pytest.mark.parametrize("query, number", [("Spaces", "105"), ("Referents", "359.3.f"), ("Beginning Step", "315.2.a"),
                                           ("Ending Step", "317.1"), ("Battlefield Count", "483.4")])
def test_heading_named_by_its_drafted_title(conn, query, number):
    hits = _hits(conn, query)
    assert any(h["kind"] == "rule" and h["number"] == number for h in hits), _ids(hits)


def test_drafted_term_reads_a_short_title_only():
    spec = importlib.util.spec_from_file_location("heading_terms", REPO_DIR / "tools" / "heading_terms.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    titles = {"464": "第一步：战斗法术对决步骤", "105": "游戏区域", "487.2": "三人混战：各自为战",
              "829": "关键词 Flow（中文名未见于语料）"}
    assert tool.drafted_term("464", titles) == "战斗法术对决步骤"
    assert tool.drafted_term("105", titles) == "游戏区域"
    assert tool.drafted_term("487.2", titles) is None
    assert tool.drafted_term("829", titles) is None
    assert tool.drafted_term("999", titles) is None
