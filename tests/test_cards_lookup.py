"""judge.cards: a card found however a judge types it; unknown and ambiguous names get Chinese errors."""

import pytest

from judge import cards
from judge.cards import names as N
from judge.cards.resolver import AmbiguousCard
from judge.errors import NotFoundError


@pytest.mark.parametrize("typed", ["OGN·127", "OGN-127", "ogn127", "ogn 127", "OGN·127/298", "ogn127/298",
                                   "ＯＧＮ·１２７"])
def test_collector_number_spellings(typed):
    assert cards.find(typed).number == "OGN·127/298"


def test_numbers_with_leading_zeros_alternates_tokens_and_runes():
    assert cards.find("UNL-84").name == cards.find("unl084").name == "精灵女王"
    assert cards.find("OGN·121a").number == "OGN·121/298"  # an alternate printing finds its card
    assert cards.find("UNL·T01").name == "男爵巢穴"
    rune = cards.find("SFD·R01a")
    assert "SFD·R01a" in [p.number for p in rune.printings]
    assert cards.find("OGN·999") is None


def test_parse_number():
    n = N.parse_number("SFD·001a/221·P")
    assert (n.set_code, n.prefix, n.value, n.suffix, n.promo) == ("SFD", "", 1, "a", True)
    assert N.parse_number("精灵女王") is None and N.parse_number("OGN") is None


@pytest.mark.parametrize("typed, expected, how", [
    ("精灵女王", "精灵女王", "full"),
    ("精靈女王", "精灵女王", "full"),  # traditional characters
    ("jinglingnvwang", "精灵女王", "pinyin"),
    ("jing ling nv wang", "精灵女王", "pinyin"),
    ("精灵女玉", "精灵女王", "fuzzy"),  # a wrong character
    ("Garen, Commander", "盖伦-剑尉长", "english"),
    ("garen commander", "盖伦-剑尉长", "english"),
    ("盖伦 - 剑尉长", "盖伦-剑尉长", "full"),
    ("魔騰，驚魂夜", "魔腾-惊魂夜", "full"),
    ("疾风剑豪-亚索", "疾风剑豪", "champion"),  # a legend with its champion, as the FAQ writes it
    ("风暴印记", "雷霆之纹", "faq"),  # another FAQ translation
])
def test_names_typed_many_ways(typed, expected, how):
    m = cards.lookup(typed)
    assert m.card is not None and m.card.id == expected and m.kind == how


def test_homophone_typo_uses_pinyin():
    m = cards.lookup("京陵女王")  # two characters of the same sound: too far apart for a character typo
    assert m.card is not None and m.card.id == "精灵女王" and m.kind == "pinyin"


def test_unknown_name_suggests_the_closest_real_names():
    assert cards.find("海兽之钩子王") is None
    with pytest.raises(NotFoundError) as exc:
        cards.resolve("海兽之钩子王")
    message = exc.value.render()
    assert "卡牌目录中没有“海兽之钩子王”" in message and "海兽钓钩" in message
    assert cards.suggest("海兽之钩子王")[0] == "海兽钓钩"


def test_ambiguous_name_lists_the_cards():
    assert cards.find("亚索") is None
    with pytest.raises(AmbiguousCard) as exc:
        cards.resolve("亚索")
    assert "亚索-迷途怅惘" in exc.value.message and "亚索-乘风归" in exc.value.message
    assert "收藏编号" in exc.value.render()


def test_empty_query_is_a_chinese_error():
    from judge.errors import JudgeError

    with pytest.raises(JudgeError) as exc:
        cards.resolve("  ")
    assert "请给出卡牌名称或收藏编号" in exc.value.message
