"""Players' words in questions on what comes first, when something happens and whether one may: each spoken word
is read as the rules' word (player_words.tsv), so that the paragraph that answers ranks in the first five."""

import pytest

from judge.search.analyze import analyze
from judge.search.engine import search


def _numbers(conn, question, limit=5):
    return [h.get("display_number") or "" for h in search(conn, question, limit=limit).to_dict()["hits"]]


@pytest.mark.parametrize("question,rules", [
    # 死单位: units destroyed in the cleanup (323 3b); the victory check is task 1 of the same list (323.1).
    ("清理时死单位跟判胜负的先后", {"323", "323.1", "323.5"}),
    # 清伤害: the heal inserted into the combat cleanup (466.1.a.1), task 1 of the resolution step, before
    # control and conquer (466.5).
    ("打完架先清伤害还是先算征服", {"466.1.a", "466.1.a.1"}),
    ("活下来的单位什么时候清身上的伤害", {"466.1.a.1", "143.3.b"}),
])
def test_spoken_order_words_find_the_rule(conn, question, rules):
    numbers = _numbers(conn, question)
    assert rules & set(numbers), (question, numbers)


def test_clearing_damage_is_removing_it(conn):
    forms = {f for c in analyze(conn, "回合结束的时候清伤害吗").concepts for f in c.forms}
    assert "移除伤害" in forms


def test_a_free_for_all_and_a_unit_in_spoken_words(conn):
    """混战: a free-for-all game (the core FAQ's 自由混战); 一个兵: a unit, as 的兵."""
    question = "混战中我在那片战场一个兵都没有，还能打反应牌进去吗"
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert {"自由混战", "单位"} <= forms
    assert "C-L181" in _numbers(conn, question)


def test_walking_up_to_a_battlefield_is_moving(conn):
    question = "单位走上去那边有敌人，什么时候才开打"
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert "移动" in forms
    assert {"452", "460"} & set(_numbers(conn, question))


def test_an_item_hanging_on_the_chain_is_the_closed_state(conn):
    """链上挂着: the chain exists, so the turn is closed (309.1, 331.1), where only Reactions are played."""
    question = "链上挂着对手的法术，我能盖牌吗"
    a = analyze(conn, question)
    assert "闭环" in {f for c in a.concepts for f in c.forms}
    assert "309.1.a" in _numbers(conn, question)
