"""Chinese questions with English game words in them, as Chinese players type them at a table: each English word
is read as the rules' Chinese term inside the Chinese frame, and the question finds the paragraph that answers it."""

import pytest

from judge.search.analyze import analyze
from judge.search.engine import search


def _forms(conn, query):
    return {c.label.lower(): c.forms for c in analyze(conn, query).concepts}


def _numbers(conn, query, limit=5):
    return [h.get("number") or "" for h in search(conn, query, limit=limit).to_dict()["hits"]]


@pytest.mark.parametrize("query,word,term", [
    ("我的unit被stun了还能defend吗", "unit", "单位"),
    ("我的unit被stun了还能defend吗", "stun", "眩晕"),
    ("我的unit被stun了还能defend吗", "defend", "防守"),
    ("对手回合能不能cast个instant", "instant", "反应"),
    ("对手回合能不能cast个instant", "cast", "打出"),
    ("tap掉的rune还能用吗", "tap", "休眠"),
    ("ETB效果什么时候上chain", "etb", "打出效果"),
    ("ETB效果什么时候上chain", "chain", "结算链"),
    ("打到对面的bf要几pts", "bf", "战场"),
    ("atk 3的unit能打过Might 4的吗", "atk", "战力"),
])
def test_an_english_word_in_a_chinese_question_reads_as_the_rules_term(conn, query, word, term):
    forms = _forms(conn, query)
    assert term in forms.get(word, []), (query, forms)


@pytest.mark.parametrize("query", ["when does the game end once i hit 8 pts", "我hit 8分就赢了吗",
                                   "what if my opp hits the victory score"])
def test_hitting_a_score_is_reaching_it_not_damage(conn, query):
    forms = [f for fs in _forms(conn, query).values() for f in fs]
    assert "达到" in forms and "伤害" not in forms, (query, forms)


def test_hitting_a_zone_is_going_there_not_damage(conn):
    forms = _forms(conn, "what happens to my buff when the unit hits the graveyard")
    assert "伤害" not in [f for fs in forms.values() for f in fs], forms
    assert "废牌堆" in forms["graveyard"], forms


def test_hitting_a_unit_is_still_damage(conn):
    assert "伤害" in _forms(conn, "can i hit a unit for 3")["hit"]


@pytest.mark.parametrize("query,rule,top", [
    ("我的unit被stun了还能defend吗", "423.1.b", 1),         # a stunned unit adds no Might to combat damage
    ("haste的unit进场就能move吗", "805.6", 3),             # Accelerate: enters ready (805.6)
    ("token算不算card", "185", 3),                          # a token is no card (185)
    ("XP是什么 怎么拿", "728", 3),                           # Experience (728)
    ("我hit 8分就赢了吗", "472", 3),                         # the winner is decided in a cleanup (472)
    ("when does the game end once i hit 8 pts", "472", 3),
])
def test_a_mixed_question_finds_its_answer(conn, query, rule, top):
    numbers = _numbers(conn, query)
    assert rule in numbers[:top], (query, numbers)
