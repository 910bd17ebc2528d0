"""The character-pair ranking fused with the concept ranking (judge.search.fusion)."""

import pytest

from judge.search import fusion
from judge.search.analyze import analyze
from judge.search.engine import search
from judge.search.rank import Hit
from judge.search.text import norm_text


def test_pairs_are_the_questions_words_not_its_phrasing(conn):
    pairs = fusion.char_pairs(analyze(conn, "同一层的两个效果先算哪个"))
    assert {"同一", "一层", "效果"} <= set(pairs)
    assert "哪个" not in pairs  # question phrasing
    assert len(pairs) == len(set(pairs))


def test_a_paragraph_sharing_the_questions_characters_is_found(conn):
    # "卡背" is no concept the rules' vocabulary reads in this question; the paragraph saying how many
    # kinds of card back there are shares its characters.
    hits = search(conn, "卡牌一共有几种卡背", limit=5).to_dict()["hits"]
    assert any("每个类别的卡背各不相同" in norm_text(h["text"]) for h in hits if h["kind"] == "rule")


def test_direct_hits_stay_first_and_nothing_is_lost(conn):
    a = analyze(conn, "规则 416 回收的牌放到哪里")
    res = search(conn, "规则 416 回收的牌放到哪里", limit=40)
    fused = fusion.fuse(conn, a, res.hits, None)
    assert fused[0].direct
    ids = [h.doc["id"] for h in fused]
    assert len(ids) == len(set(ids))
    assert {h.doc["id"] for h in res.hits} <= set(ids)
    assert all(isinstance(h, Hit) for h in fused)


def test_term_queries_are_not_fused(conn):
    # A term is found by its words; only questions get the second ranking.
    hits = search(conn, "燃尽", limit=3).to_dict()["hits"]
    assert hits[0]["title"].startswith("燃尽")


@pytest.mark.parametrize("kind", ["rule", "faq"])
def test_a_question_searched_in_one_kind_gets_only_that_kind(conn, kind):
    hits = search(conn, "对手的回合我可以打法术吗", limit=10, kinds=[kind]).to_dict()["hits"]
    assert len(hits) == 10
    assert {h["kind"] for h in hits} == {kind}
