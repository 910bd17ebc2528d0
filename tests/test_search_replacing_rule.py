"""A superseded FAQ ruling on the first screen is shown with the rule that replaced it (judge.search.arrange).

The 2026-07-17 rules outrank the older core and referee FAQs. A ruling whose result no longer holds (core FAQ 718:
Sun Disc counting itself for its Legion, replaced by 812.1.c) comes right after the rule that replaced it, which
says why it is there. A ruling whose result still holds and only a part was replaced (core FAQ 93: units heal from
damage, the time is now the combat's cleanup, 466.1) stays where the ranking put it; its tag names the rule.
"""

from __future__ import annotations

import pytest

from judge.search import arrange, render
from judge.search.engine import search


def _hits(conn, query, limit=5):
    return search(conn, query, limit=limit).to_dict()["hits"]


def _key(h):
    return h["number"] if h["kind"] == "rule" else h["id"]


@pytest.mark.parametrize("query", ["太阳圆盘打出当回合能用技能吗", "Sun Disc 刚打出来能算自己的鼓舞吗"])
def test_a_superseded_ruling_follows_the_rule_that_replaced_it(conn, query):
    keys = [_key(h) for h in _hits(conn, query)]
    assert "C-L718" in keys
    at = keys.index("C-L718")
    assert at > 0 and keys[at - 1] == "812.1.c"
    rule = _hits(conn, query)[at - 1]
    assert rule["note"] == arrange.REPLACING_RULE_NOTE


def test_a_partly_superseded_ruling_stays_where_it_is_and_names_its_rule(conn):
    hits = _hits(conn, "单位会从战斗伤害中恢复吗")
    keys = [_key(h) for h in hits]
    assert keys[0] == "C-L93" and "466.1" not in keys
    assert not any(h["note"] == arrange.REPLACING_RULE_NOTE for h in hits)
    text = render.render_text({"query": "q", "hits": hits, "notes": [], "suggestions": []})
    assert "部分被取代，结论仍成立；被取代的部分以 466.1 战斗清理 为准" in text


def test_the_placed_rule_shows_its_rulings_score(conn):
    hits = _hits(conn, "太阳圆盘打出当回合能用技能吗")
    scores = [h["score"] for h in hits]
    assert scores == sorted(scores, reverse=True)


def test_a_rule_already_above_its_ruling_is_not_repeated(conn):
    hits = _hits(conn, "太阳圆盘打出当回合能用技能吗", limit=10)
    keys = [_key(h) for h in hits]
    assert keys.count("812.1.c") == 1


def test_only_the_first_screen_is_arranged():
    from judge.search.rank import Hit

    class NoConn:  # the function must not look anything up for rulings below the first screen
        def execute(self, *_a):
            raise AssertionError("looked up a ruling below the window")

    hits = [Hit({"id": i, "kind": "rule", "number": str(i)}, 10.0 - i) for i in range(5)]
    hits.append(Hit({"id": 99, "kind": "faq", "status": "superseded"}, 1.0))
    assert arrange.replacing_rule_first(NoConn(), hits) == hits


def test_a_rule_filter_leaves_rulings_alone(conn):
    hits = search(conn, "太阳圆盘打出当回合能用技能吗", kinds=["faq"], limit=5).to_dict()["hits"]
    assert all(h["kind"] == "faq" for h in hits)


def test_an_inferred_replacing_rule_is_found_by_its_number():
    import sqlite3

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE search_docs (id INTEGER, kind TEXT, number TEXT, superseded_by TEXT)")
    conn.executemany("INSERT INTO search_docs VALUES (?, ?, ?, ?)", [
        (1, "faq", None, "≈352.4 打出流程"),  # the label of a rule whose number was inferred (judge.search.index)
        (2, "rule", "352.4", None),
    ])
    assert arrange._replacing_rule_id(conn, 1) == 2
