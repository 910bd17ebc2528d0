"""Labelled sub-rules named under the hit that stands for them (judge.search.sublabels): a sub-rule of 440-829 with
a display label only is not indexed, its drafted questions are searched on its nearest titled ancestor, and the
sub-rule a question is about is named under that hit, so the answer is on the first screen; the order of the
hits is never touched."""

import json

import pytest

from judge.cli import main
from judge.rules import drafted
from judge.search import sublabels
from judge.search.engine import search


def _hits(conn, query, **kw):
    return search(conn, query, limit=10, **kw).to_dict()["hits"]


def _named(hit):
    return [s["number"] for s in hit["sub_rules"]]


@pytest.mark.parametrize("query, owner, sub", [
    ("瞬息的单位什么时候死", "816.1", "816.1.b"),                      # dies at the start of the turn, before scoring
    ("瞬息单位回合开始时先死还是先得分", "816.1", "816.1.b"),
    ("战斗打到一半我用法术把单位送进去，它算进攻的吗", "464.2", "464.2.c.3.a"),  # a unit arriving mid-combat
    ("等级的能力在经验减少后什么时候失效", "824.1", "824.1.d"),        # off as soon as XP drops below N
])
def test_the_sub_rule_a_question_is_about_is_named_under_its_hit(conn, query, owner, sub):
    hits = _hits(conn, query)
    top = [h for h in hits[:sublabels.PLACES] if h["number"] == owner]
    assert top, [h["number"] for h in hits[:5]]
    assert _named(top[0])[0] == sub
    assert top[0]["sub_rules"][0]["title"] == drafted.labels()[sub] + drafted.MARK


def test_naming_sub_rules_never_moves_a_hit(conn, monkeypatch):
    queries = ["瞬息的单位什么时候死", "2v2的回合顺序是怎样的", "燃尽", "Weaponmaster equip cost", "规则 816.1"]
    named = [[h["id"] for h in _hits(conn, q)] for q in queries]
    monkeypatch.setattr(sublabels, "name_them", lambda *a: None)
    assert [[h["id"] for h in _hits(conn, q)] for q in queries] == named


def test_a_hit_names_only_its_own_labelled_sub_rules_and_at_most_two(conn):
    for query in ["瞬息的单位什么时候死", "2v2的回合顺序是怎样的", "百炼装配的费用怎么算", "装配能装到对手的单位上吗"]:
        for h in _hits(conn, query):
            assert len(h["sub_rules"]) <= sublabels.SHOWN
            for sub in h["sub_rules"]:
                assert h["rank"] <= sublabels.PLACES and h["kind"] == "rule"
                assert sub["number"].startswith(h["number"] + ".") and drafted.is_label(sub["number"])


def test_nothing_is_named_where_no_labelled_sub_rule_is_asked_about(conn):
    for query in ["燃尽", "对手的回合我可以打法术吗", "每回合能打几张牌"]:
        assert all(h["sub_rules"] == [] for h in _hits(conn, query))


def test_every_labelled_sub_rule_belongs_to_its_nearest_titled_ancestor(conn):
    owners = dict(conn.execute("SELECT s.number, d.number FROM search_sublabels s JOIN search_docs d ON d.id = s.owner"))
    assert set(owners) == set(drafted.labels())
    titled = {n for (n,) in conn.execute("SELECT number FROM search_docs WHERE kind = 'rule' AND (title != '' OR "
                                          "text NOT LIKE '（本条正文不在当前语料中%')")}
    for number, owner in owners.items():
        assert number.startswith(owner + ".") and owner in titled, (number, owner)
        between = number[len(owner) + 1:].split(".")[:-1]  # the labelled ancestors between them, if any
        for k in range(len(between)):
            assert drafted.is_label(owner + "." + ".".join(between[:k + 1])), number


def test_the_cli_prints_the_sub_rule_with_the_command_that_shows_it(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["search", "瞬息的单位什么时候死", "-n", "3"])
    out = capsys.readouterr().out
    assert exc.value.code == 0
    assert f"子条款 816.1.b {drafted.labels()['816.1.b']}{drafted.MARK}（judge rule 816.1.b）" in out
    with pytest.raises(SystemExit):
        main(["search", "瞬息的单位什么时候死", "-n", "3", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["hits"][0]["sub_rules"][0]["number"] == "816.1.b"
