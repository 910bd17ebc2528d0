"""Order questions told as a story of the board: the clause that asks outweighs the story's words.

- The asked clause is the clause holding the question's last order frame (with a clause before it that says at
  which moment, "分配伤害的时候，"); the story's words that it does not repeat weigh half (judge.search.analyze), except
  a keyword a unit of the story has (壁垒, 后排: the mechanics the order is about).
- A chain told play by play ("我打出…，对面回应…，我又回应…，按什么顺序结算") is read as the chain's order (rule 340.1,
  the newest item resolves first; 159.2.b.3): in a story, that reading is the subject and the plays are scenery.
- A combat's showdown against its damage ("先对决还是先算伤害") is read as the combat's steps (464 before 465).
"""

from __future__ import annotations

import pytest

from judge.search import intent, situations
from judge.search.analyze import SCENERY_WEIGHT, analyze
from judge.search.engine import search

CHAIN_STORY = "我打出一张法术，对面回应了一张反应牌，我又回应了一张，嗯，这几张牌是按什么顺序结算的？"


def _numbers(conn, query, n=5):
    return [h.get("number") for h in search(conn, query, limit=n).to_dict()["hits"]]


def _concept(a, label):
    return next(c for c in a.concepts if c.label == label)


def test_the_asked_clause_of_a_story():
    text = "对手打了一张法术,我回应了一张,他又翻开一张待命牌,这三张牌按什么顺序结算?"
    assert text[intent.asked_from(text, intent.ORDER):] == "这三张牌按什么顺序结算?"
    either = "我的单位移到一个战场,对手在那里有单位,是先开法术对决,还是先算战斗伤害?"
    assert either[intent.asked_from(either, intent.ORDER):] == "是先开法术对决,还是先算战斗伤害?"


def test_the_moment_before_the_asked_clause_is_part_of_it():
    text = "对手进攻我的两个单位,一个有壁垒,分配伤害的时候,他要先给哪个分?"
    assert text[intent.asked_from(text, intent.ORDER):] == "分配伤害的时候,他要先给哪个分?"


@pytest.mark.parametrize("text,kind", [
    ("回合开始先抽牌还是先召出符文", intent.ORDER),  # a short question has no story
    ("对手打了一张法术,我回应了一张,他又翻开一张待命牌,这三张牌最后会怎样?", intent.WHATIF),
])
def test_no_asked_clause(text, kind):
    assert intent.asked_from(text, kind) == 0


def test_story_words_weigh_less_than_the_asked_clause(conn):
    short = _concept(analyze(conn, "伤害翻倍和别的效果按什么顺序结算"), "翻倍")
    story = analyze(conn, "对手打了一张法术，我回应了一张让伤害翻倍的牌，他又回应一张，嗯，那翻倍和他那张按什么顺序结算")
    assert _concept(story, "翻倍").weight == pytest.approx(short.weight)  # said again in the asked clause
    told = analyze(conn, "对手打了一张法术，我回应了一张让伤害翻倍的牌，他又翻开一张，嗯，这三张牌按什么顺序结算？")
    assert _concept(told, "翻倍").weight == pytest.approx(short.weight * SCENERY_WEIGHT)


def test_a_keyword_of_the_story_keeps_its_weight(conn):
    short = _concept(analyze(conn, "壁垒单位先分伤害吗"), "壁垒")
    story = analyze(conn, "对手进攻过来，我防守的两个单位里一个有壁垒，嗯，分配伤害的时候，他要先给哪个分？")
    assert _concept(story, "壁垒").weight == pytest.approx(short.weight)


def test_a_chain_told_play_by_play_is_the_subject(conn):
    assert "链的顺序" in dict(situations.read(CHAIN_STORY))
    a = analyze(conn, CHAIN_STORY)
    assert not _concept(a, "链的顺序").optional
    assert _concept(a, "对手").optional  # a player of the story, not what is ordered


def test_a_short_chain_question_keeps_its_words(conn):
    a = analyze(conn, "我回应了一张反应牌，谁先结算")
    assert _concept(a, "链的顺序").optional


@pytest.mark.parametrize("question,rules", [
    (CHAIN_STORY, {"340", "340.1"}),
    ("他先打了一张法术，我拿一张反应牌回应，他又拿一张回应我，嗯，最后到底哪张先生效？", {"340", "340.1", "159.2.b.3"}),
    ("我在自己回合移动单位到对面的战场，他那里有两个单位，嗯，打起来以后是先对决还是先算伤害？", {"464", "464.1"}),
    ("对手进攻过来，我防守的两个单位里一个有壁垒，嗯，分配伤害的时候，他要先给哪个分？", {"465.2.c.6", "815.1.b", "815.1"}),
])
def test_story_order_questions_find_the_order(conn, question, rules):
    numbers = _numbers(conn, question)
    assert rules & set(numbers), (question, numbers)
