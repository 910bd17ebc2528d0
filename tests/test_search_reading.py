"""How a question's words are read before they are searched: a potential complement (打得到, 挡得住, 拿不到) is a can-I
frame on its verb, not the word its last two characters make (得到 "obtain"); a spoken filler in mid-sentence (嗯, 呃)
is no concept; a negating prefix joined to a rules term (非征服, 非场地) stays one concept."""

import pytest

from judge.search import intent
from judge.search.analyze import analyze
from judge.search.engine import search


def _labels(conn, question: str) -> set[str]:
    return {c.label for c in analyze(conn, question).concepts}


def _top(conn, question: str, n: int = 5) -> list[str]:
    return [h["number"] for h in search(conn, question, limit=n).to_dict()["hits"]]


@pytest.mark.parametrize("text,read", [
    ("这个法术打得到对面的单位吗", "这个法术打对面的单位吗"),
    ("坚毅不倒挡不挡得住战斗伤害", "坚毅不倒挡战斗伤害"),  # the verb's A-not-A goes with it
    ("那张牌打不出来的话去哪", "那张牌打出 不 的话去哪"),  # a direction stays with its verb, the negation apart
    ("休眠的单位还走得动吗", "休眠的单位还走吗"),
    ("打到一半发现打不过", "打到一半发现打 不 "),
])
def test_a_potential_complement_is_read_as_its_verb(text, read):
    assert intent.read_potential(text) == (read, True)


@pytest.mark.parametrize("text", [
    "我获得了不少分", "单位得到增益会怎样", "这个战场本回合已经据守得过分了",  # 得 of a word, 得过 of the past
    "场上不到三个单位", "这回合出不出牌", "单位不能移动",
])
def test_words_with_de_or_bu_are_no_potential_complement(text):
    assert intent.read_potential(text) == (text, False)


def test_the_player_word_tables_phrases_stay_for_the_table(conn):
    assert intent.read_potential("付不起费用会怎样", {"付不起"}) == ("付不起费用会怎样", False)
    a = analyze(conn, "付不起费用会怎样")
    assert ("付不起", "无法支付") in a.rewrites


def test_da_de_dao_asks_whether_it_can_hit_not_about_obtaining(conn):
    """打得到 read as 打 / 得到 made "obtain" a required concept of a question about whether a spell still hits."""
    a = analyze(conn, "这个法术打得到对面后排的单位吗")
    assert a.intent == intent.CAN
    assert not {"得到", "得", "到"} & {c.label for c in a.concepts}
    assert "得到" not in _labels(conn, "法术的目标被召回基地后还打得到吗")
    assert "获得" in _labels(conn, "我获得了不少分吗")  # a true word with 得 reads as itself
    # the target left the board, so it stops being a legal target (359.3.e.2)
    assert "359.3.e.2" in _top(conn, "法术的目标被召回基地后还打得到吗")


def test_dang_de_zhu_is_whether_it_blocks(conn):
    a = analyze(conn, "禁止移动的效果挡得住召回吗")
    assert a.intent == intent.CAN
    assert "住" not in {c.label for c in a.concepts}


def test_a_situation_is_still_told_in_the_words_as_said(conn):
    # 还打得到它吗 tells that the target changed (judge.search.situations), read before the complement is
    assert "目标变化" in analyze(conn, "我选了对面那个单位，他把它弄回基地了，我这张法术还打得到它吗").situations


@pytest.mark.parametrize("text,read", [
    ("对手打了法术，嗯，我能回应吗", "对手打了法术，我能回应吗"),
    ("对手打了法术，呃我能回应吗", "对手打了法术，我能回应吗"),
    ("对手打了法术，额，我能回应吗", "对手打了法术，我能回应吗"),
    ("这张牌的额外费用要付吗", "这张牌的额外费用要付吗"),  # 额外 is a word
])
def test_spoken_fillers_are_cut_wherever_they_stand(text, read):
    assert intent.strip_fillers(text) == read


def test_a_filler_is_no_concept(conn):
    labels = _labels(conn, "我的单位身上有个增益，嗯，它会再拿一个变+2吗")
    assert not labels & {"嗯", "呃"}


def test_a_negating_prefix_stays_with_the_term(conn):
    """非征服 (points scored by other means than a conquer) cut into 非 / 征服 asked about conquering: the last point's
    limit on conquering (471.1.b.1) came before the rule that says other points are not limited (471.1.a.1)."""
    assert "非征服" in _labels(conn, "差一分的时候，非征服的得分能拿最后一分吗")
    assert _top(conn, "差一分的时候，非征服的得分能拿最后一分吗", 1) == ["471.1.a.1"]
    assert "非场地" in _labels(conn, "非场地区域的卡牌算不算我控制的")
