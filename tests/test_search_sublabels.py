"""Labelled sub-rules brought by the hit that stands for them (judge.search.sublabels): a sub-rule of 440-829 with
a display label only is not indexed, its drafted questions are searched on its nearest titled ancestor, and the
sub-rule a question is about follows that hit as a hit (the next closest is named under it), so the answer is on
the first screen; the hits the ranking placed keep their order."""

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


def _brought(hit):
    return hit["note"] == sublabels.NOTE


@pytest.mark.parametrize("query, owner, sub", [
    ("瞬息的单位什么时候死", "816.1", "816.1.b"),                      # dies at the start of the turn, before scoring
    ("瞬息单位回合开始时先死还是先得分", "816.1", "816.1.b"),
    ("战斗打到一半我用法术把单位送进去，它算进攻的吗", "464.2", "464.2.c.3.a"),  # a unit arriving mid-combat
    ("等级的能力在经验减少后什么时候失效", "824.1", "824.1.d"),        # off as soon as XP drops below N
])
def test_the_sub_rule_a_question_is_about_follows_its_hit_as_a_hit(conn, query, owner, sub):
    hits = _hits(conn, query)
    place = next(i for i, h in enumerate(hits) if h["number"] == owner)
    assert place < sublabels.PLACES, [h["number"] for h in hits[:5]]
    after = hits[place + 1]
    assert (after["number"], after["kind"], after["note"]) == (sub, "rule", sublabels.NOTE)
    assert after["title"] == drafted.labels()[sub] + drafted.MARK
    assert any(b.startswith(owner + " ") for b in after["breadcrumb"])  # read under the hit it belongs to
    assert sub not in _named(hits[place])  # shown once


def test_bringing_sub_rules_keeps_the_ranked_hits_in_their_order(conn, monkeypatch):
    queries = ["瞬息的单位什么时候死", "2v2的回合顺序是怎样的", "燃尽", "Weaponmaster equip cost", "规则 816.1",
               "等级的能力在经验减少后什么时候失效"]
    brought = [_hits(conn, q) for q in queries]
    assert any(_brought(h) for hits in brought for h in hits)
    monkeypatch.setattr(sublabels, "bring", lambda conn, hits, pairs, promote=True: hits)
    for q, hits in zip(queries, brought):
        plain = [h["id"] for h in _hits(conn, q)]
        kept = [h["id"] for h in hits if not _brought(h)]
        assert kept == plain[:len(kept)], q


def test_a_search_brings_at_most_one_sub_rule_and_a_hit_only_its_own(conn):
    for query in ["瞬息的单位什么时候死", "2v2的回合顺序是怎样的", "百炼装配的费用怎么算", "装配能装到对手的单位上吗",
                  "等级的能力在经验减少后什么时候失效", "我的单位冲过去准备打对面，结果对手用法术把它弹回手牌了，那这场战斗会怎么样"]:
        hits = _hits(conn, query)
        assert sum(map(_brought, hits)) <= sublabels.PROMOTED
        for i, h in enumerate(hits):
            assert len(h["sub_rules"]) <= sublabels.SHOWN + sublabels.PROMOTED
            for sub in h["sub_rules"]:
                assert h["kind"] == "rule" and not _brought(h)
                assert sub["number"].startswith(h["number"] + ".") and drafted.is_label(sub["number"])
            if _brought(h):
                owner = hits[i - 1]
                assert not _brought(owner) and h["number"].startswith(owner["number"] + ".")
                assert drafted.is_label(h["number"]) and len(owner["sub_rules"]) <= sublabels.SHOWN
                assert [x["number"] for x in hits].count(h["number"]) == 1


def test_a_combat_story_keeps_the_rule_the_one_brought_sub_rule_moves_down(conn):
    # One place for a sub-rule: the attacker bounced mid-combat still finds 465.1 (damage only with both sides).
    hits = _hits(conn, "我的单位冲过去准备打对面，结果对手用法术把它弹回手牌了，那这场战斗会怎么样")
    assert "465.1" in [h["number"] for h in hits[:5]]


@pytest.mark.parametrize("query, owner", [("life total", "483.3"), ("胜利得分", "483.3")])
def test_a_query_that_is_no_question_names_sub_rules_and_moves_nothing(conn, query, owner):
    hits = _hits(conn, query)
    assert not any(_brought(h) for h in hits)
    named = [s["number"] for h in hits[:sublabels.PLACES] if h["number"] == owner for s in h["sub_rules"]]
    assert named and all(n.startswith(owner + ".") for n in named)


def test_nothing_is_brought_where_no_labelled_sub_rule_is_asked_about(conn):
    for query in ["燃尽", "对手的回合我可以打法术吗", "每回合能打几张牌"]:
        assert all(h["sub_rules"] == [] and not _brought(h) for h in _hits(conn, query))


def test_every_labelled_sub_rule_belongs_to_its_nearest_titled_ancestor(conn):
    owners = dict(conn.execute("SELECT s.number, d.number FROM search_sublabels s JOIN search_docs d ON d.id = s.owner"))
    assert set(owners) == set(drafted.labels())
    own = conn.execute("SELECT COUNT(*) FROM search_sublabels s JOIN search_docs d ON d.id = s.doc "
                       "WHERE d.number = s.number AND d.kind = 'rule'").fetchone()[0]
    assert own == len(owners)  # the document a brought sub-rule is shown from
    titled = {n for (n,) in conn.execute("SELECT number FROM search_docs WHERE kind = 'rule' AND (title != '' OR "
                                          "text NOT LIKE '（本条正文不在当前语料中%')")}
    for number, owner in owners.items():
        assert number.startswith(owner + ".") and owner in titled, (number, owner)
        between = number[len(owner) + 1:].split(".")[:-1]  # the labelled ancestors between them, if any
        for k in range(len(between)):
            assert drafted.is_label(owner + "." + ".".join(between[:k + 1])), number


def test_the_cli_prints_the_brought_sub_rule_as_a_hit_and_the_next_named(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["search", "瞬息的单位什么时候死", "-n", "3"])
    out = capsys.readouterr().out
    assert exc.value.code == 0
    assert f" 2. [规则] 规则 816.1.b {drafted.labels()['816.1.b']}{drafted.MARK}" in out
    assert f"← {sublabels.NOTE}" in out
    assert f"子条款 816.1.c {drafted.labels()['816.1.c']}{drafted.MARK}（judge rule 816.1.c）" in out
    with pytest.raises(SystemExit):
        main(["search", "瞬息的单位什么时候死", "-n", "3", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert [h["number"] for h in data["hits"][:2]] == ["816.1", "816.1.b"]
    assert data["hits"][0]["sub_rules"][0]["number"] == "816.1.c"
