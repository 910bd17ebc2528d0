"""How a question's own words are read: a Latin token with a digit is read whole unless its digits are tone digits
of pinyin (FFA3 is the three-player mode, not FFA and a 3); the homophone fixer changes no character a word of the
question holds (已经离场 is not 已经历场) nor a measure word after a number (一只迅捷蟹 is no 一致); a question that
ends in 会…吗 or 要…吗 with no frame word asks yes or no (whether it happens, whether it must be done) about the verb
after 会 or 要."""

import pytest

from judge.search import intent
from judge.search.analyze import analyze
from judge.search.engine import search


def _concepts(conn, question: str) -> dict[str, list[str]]:
    return {c.label: c.forms for c in analyze(conn, question).concepts}


def _top(conn, question: str, n: int = 5) -> list[str]:
    return [h["number"] for h in search(conn, question, limit=n).to_dict()["hits"]]


def test_a_mode_named_with_its_player_count_is_that_mode(conn):
    """ffa3 read as ffa (any free-for-all) asked about the four-player mode too."""
    assert _concepts(conn, "FFA3要几分才赢")["ffa3"][0] == "三人混战"
    assert "四人混战" not in _concepts(conn, "FFA3要几分才赢")["ffa3"]
    assert _concepts(conn, "FFA4 (War)")["ffa4"][0] == "四人混战"
    assert "487.3" in _top(conn, "FFA3要几分才赢")
    assert "488.4" in _top(conn, "FFA4一共用几个战场")


def test_a_token_named_as_typed_keeps_its_digit(conn):
    assert "三局两胜" in _concepts(conn, "BO3第一局我摆出来的那块地，第二局还能接着摆吗")["bo3"]


@pytest.mark.parametrize("typed", ["ran2 jin4", "ranjin4", "rán jìn"])
def test_tone_digits_of_pinyin_are_still_dropped(conn, typed):
    assert ["燃尽"] in _concepts(conn, typed).values()


@pytest.mark.parametrize("question,word", [
    ("已经离场的单位还能被选中吗", "离场"),  # not 已 / 经历 / 场
    ("混战里谁先结算", "混战"),  # not 混 / 战力
    ("对面只有一只迅捷蟹在战场防守", "只有"),  # not 一致
])
def test_no_homophone_is_fixed_across_a_words_edge_or_in_a_count(conn, question, word):
    a = analyze(conn, question)
    assert a.corrections == []
    assert word in {c.label for c in a.concepts}
    assert "一致" not in {c.label for c in a.concepts}


def test_questions_the_fixer_once_misread_find_their_rules(conn):
    # a target that changed zones is illegal when the spell resolves (359.3.e.2); a lone defender does not stop a move
    assert "359.3.e.2" in _top(conn, "单位已经离场了，法术还能选它当目标吗")
    assert "144.4.a.1" in _top(conn, "对面一只迅捷蟹挡在战场上，我能移过去吗")


@pytest.mark.parametrize("question,kind,verb", [
    ("这时会触发吗", intent.WHATIF, "触"),
    ("瑟提铁拳吃掉增益会死吗", intent.WHATIF, "死"),
    ("这个费用要付吗", intent.CAN, "付"),
    ("手牌要弃吗", intent.CAN, "弃"),
])
def test_a_final_hui_or_yao_ma_is_a_yes_no_frame(conn, question, kind, verb):
    a = analyze(conn, question)
    assert a.intent == kind
    assert intent.yes_no_verb(a.normalized) == verb
    if len(verb) == 1 and verb in {c.label for c in a.concepts}:
        assert not next(c for c in a.concepts if c.label == verb).optional  # the verb asked about stays the subject


@pytest.mark.parametrize("question", ["我有机会出牌吗", "这个很重要吗", "对手马上就要赢了吗", "卡图有影响吗"])
def test_hui_or_yao_of_a_word_is_no_yes_no_frame(question):
    assert intent.detect(question) is None


def test_a_yes_no_question_finds_its_ruling(conn):
    # the FAQ on Sett, the Brawler spending his buff: the cleanup kills him if his damage now reaches his Might
    assert search(conn, "瑟提铁拳用掉自己的增益以后会死吗", limit=1).to_dict()["hits"][0]["id"] == "R-L55"
    assert "809.1.d" in _top(conn, "这个法术的额外费用要付吗")  # a mandatory additional cost must be paid
