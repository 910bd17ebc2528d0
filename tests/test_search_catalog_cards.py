"""Cards of the catalog the FAQs do not rule on (judge/cards/data/cards.tsv): a query naming one reads the whole
name as the card, not the keyword or the words inside it (longest match), says the card has no ruling, and a
name alone finds the rules of the keywords the card carries (the catalog's facts)."""

from __future__ import annotations

import re

import pytest

from judge.search.analyze import analyze
from judge.search.engine import search


def _card_concepts(conn, query: str) -> list:
    return [c for c in analyze(conn, query).concepts if c.via == "card"]


@pytest.mark.parametrize("query, card, inside", [
    ("迅捷蟹", "迅捷蟹", "迅捷"),  # UNL-053/219, a unit; 迅捷 is a keyword (rule 806)
    ("强制征召", "强制征召", "强制"),  # UNL-140/219, a spell
    ("丛林伏击", "丛林伏击", "伏击"),  # a spell; 伏击 is a keyword
])
def test_a_catalog_name_beats_the_keyword_it_contains(conn, query, card, inside):
    a = analyze(conn, query)
    assert [c.label for c in a.concepts if c.via == "card"] == [card], a.concepts
    assert not any(inside in f for c in a.concepts if c.via != "card" for f in c.forms), a.concepts
    assert any(f"卡牌「{card}」没有FAQ裁定或勘误" in n for n in a.notes), a.notes


def test_every_catalog_name_is_read_whole(conn):
    """Every Chinese card name the store knows (the FAQs' and the catalog's), typed alone and without its marks
    ("扑咚!" typed 扑咚), is one card concept: none is cut into the words it contains."""
    rows = conn.execute("SELECT DISTINCT target FROM search_alias WHERE kind = 'card'").fetchall()
    assert len(rows) > 500
    wrong = []
    for (name,) in rows:
        if re.search("[a-z]", name):
            continue
        cards = _card_concepts(conn, re.sub(r"[!?(),]", "", name))
        if len(cards) != 1 or name not in cards[0].forms:
            wrong.append((name, analyze(conn, name).concepts))
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("query, rule", [
    ("迅捷蟹", "808"),  # the catalog: 迅捷蟹 carries 绝念 (Deathknell, rule 808)
    ("风之障壁", "813"),  # OGN·064/298 carries 反应 (Reaction, rule 813; 159.2.b)
])
def test_a_catalog_name_alone_finds_its_keywords_rules(conn, query, rule):
    hits = search(conn, query, limit=5).to_dict()["hits"]
    assert any((h["display_number"] or "").split(".")[0] in (rule, "159") for h in hits[:3]), [h["display_number"] for h in hits]
    assert not any((h["display_number"] or "").startswith("806") for h in hits), [h["display_number"] for h in hits]


def test_a_catalog_card_in_a_question_is_no_required_word(conn):
    """A question about a card no document names: the name is no word to find nor a typo to correct, the
    question's other words find the rule (142.4.b: lethal damage is a non-zero amount; the card has 0 Might)."""
    a = analyze(conn, "对面只有一只迅捷蟹（0战力）在战场防守，我的小鲨鱼冲过去打完，迅捷蟹会死吗")
    cards = [c for c in a.concepts if c.via == "card"]
    assert {c.label for c in cards} == {"迅捷蟹", "小鲨鱼"} and all(c.optional for c in cards), a.concepts
    assert not any("蟹" in wrong or "鲨" in wrong for wrong, _right in a.corrections), a.corrections
    assert len([n for n in a.notes if "迅捷蟹" in n]) == 1, a.notes  # named twice, noted once


def test_a_card_named_twice_is_one_concept(conn):
    """"盖伦-剑尉长 … 把盖伦召回": the champion's name said again is the same card, weighed once."""
    cards = _card_concepts(conn, "我用惩戒打对面战场上的盖伦-剑尉长，对手回应把盖伦召回到基地，惩戒结算时还能打到他吗？")
    assert [c.label for c in cards] == ["惩戒", "盖伦-剑尉长"], cards
    assert "盖伦" in cards[1].forms


@pytest.mark.parametrize("word", ["精灵", "狩猎", "牺牲"])
def test_a_name_the_rules_or_players_use_as_a_word_stays_a_word(conn, word):
    """精灵 and 狩猎 are written by the rules and FAQs, 牺牲 is a row of the player-word table: each is also a
    card's name in the catalog, and is read as the word."""
    assert not _card_concepts(conn, word), analyze(conn, word).concepts
