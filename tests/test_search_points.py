"""Questions about points and thresholds, and the player words of a combat's outcome.

- A score one point short of a mode's victory score (7分 in 1v1, 10分 in 2v2), 差一分 or 第8分 points at the
  final point (rule 471.1.b); a score at the victory score (8分, 11分) at winning (rules 472, 194.2).
- The count frame 几分 is cut from the question; what it counts, a player's points, stays asked about.
- 谁赢 asks who wins the game or the combat (rule 466.3, the combat's result); 打不死 says a unit survives;
  清掉 a status cleared (the Contested status, rule 466.5.a).
"""

from __future__ import annotations

import pytest

from judge.search.analyze import analyze
from judge.search.engine import search


def _labels(conn, query):
    return {c.label: c for c in analyze(conn, query).concepts}


def _numbers(conn, query, n=5):
    return [h.get("number") for h in search(conn, query, limit=n).to_dict()["hits"]]


@pytest.mark.parametrize("query", ["我已经7分了，再征服一个战场会怎样", "2v2我们队10分，征服拿第11分有条件吗", "差一分的时候征服有什么限制"])
def test_one_point_short_is_the_final_point(conn, query):
    concepts = analyze(conn, query).concepts
    assert any("最后一分" in c.forms for c in concepts), concepts


def test_a_plain_count_of_points_is_no_threshold(conn):
    for query in ("燃尽一次对手得几分", "17分的时候"):
        assert not any("最后一分" in c.forms for c in analyze(conn, query).concepts), query


def test_the_victory_score_is_winning(conn):
    concepts = analyze(conn, "两边都到了11分会怎样").concepts
    assert any("胜利得分" in c.forms for c in concepts), concepts


def test_what_a_count_of_points_counts_stays_asked(conn):
    assert "分数" in _labels(conn, "队友据守拿了分，我现在算几分")
    assert "489.8.d" in _numbers(conn, "2v2队友得分了，我自己算几分")


def test_who_wins_a_combat_is_its_result(conn):
    numbers = _numbers(conn, "进攻方单位都被弹回手了，这场战斗谁赢")
    assert {"466.3", "466.3.d"} & set(numbers), numbers


def test_a_unit_not_killed_survives(conn):
    concepts = analyze(conn, "伤害打不死对面的单位会怎样").concepts
    assert any("存活" in c.forms for c in concepts), concepts


def test_the_contested_status_cleared(conn):
    numbers = _numbers(conn, "战场的争夺状态什么时候清掉")
    assert "466.5.a" in numbers, numbers
