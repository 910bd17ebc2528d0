"""The bilingual glossary from the official headings, and the words players bring from other games.

- Every official heading term of judge/search/data/heading_terms.tsv (English, and its Chinese term)
  finds its Chinese rule in the top 5: the rule the heading numbers, a sub-rule of it, or a paragraph
  of its section; a Chinese term heading several rules (结算链: 108.1, 325, 327) may find any of them.
- Words of other card games are aliases with their source noted, inflected forms included.
- English paraphrases of short questions open with the rule, not an FAQ entry about particular cards.
"""

from __future__ import annotations

import re

import pytest

from judge.search.data_files import HEADING_TERMS, read_data
from judge.search.engine import search


ROWS = [tuple(cells) for cells in read_data(HEADING_TERMS, 3)]


def test_the_table_covers_the_official_heading_terms():
    english = {e for e, _z, _n in ROWS}
    assert len(ROWS) >= 180
    assert {"Ready", "Exhaust", "Recalls", "Hold", "Conquer", "Showdowns", "Chains", "Finalize", "Burn Out",
            "Legion", "Hunt"} <= english


@pytest.fixture(scope="module")
def accepted(conn):
    """number -> every rule number that answers for it (sub-rules, a flat heading's paragraphs, and the
    other rules its Chinese term heads)."""
    tops = conn.execute("SELECT number, is_heading FROM search_docs WHERE kind = 'rule' "
                        "AND COALESCE(parent_ref, '') = '' ORDER BY id").fetchall()

    def flat(number: str) -> set[str]:
        out, on = set(), False
        for n, heading in tops:
            if on and heading:
                break
            if on:
                out.add(n)
            on = on or n == number
        return out

    same: dict[str, set[str]] = {}
    for _e, zh, number in ROWS:
        same.setdefault(zh, set()).add(number)
    out = {}
    for _e, zh, number in ROWS:
        base = same[zh] | {number}
        out[number, zh] = base | {m for n in base for m in flat(n)}
    return out


def _finds(conn, query: str, numbers: set[str]) -> list[str] | None:
    hits = search(conn, query, limit=5).to_dict()["hits"]
    got = [h["number"] or "" for h in hits if h["kind"] == "rule"]
    return None if any(g == n or g.startswith(n + ".") for g in got for n in numbers) else got


@pytest.mark.parametrize("english,chinese,number", ROWS, ids=[f"{n}-{e}" for e, _z, n in ROWS])
def test_every_official_heading_term_finds_its_rule(conn, accepted, english, chinese, number):
    numbers = accepted[number, chinese]
    for query in (english, chinese):
        missed = _finds(conn, query, numbers)
        assert missed is None, f"{query!r} should find rule {number} in the top 5, got rules {missed}"


def _inverted(english: str) -> str | None:
    """"Removal of a Player" as players also say it: "player removal" (The Steps of Combat: "combat steps")."""
    m = re.fullmatch(r"(?:the )?([A-Za-z-]+) of (?:the |an? )?([A-Za-z-]+)", english, flags=re.I)
    return f"{m.group(2)} {m.group(1)}".lower() if m else None


INVERTED = [(e, z, n) for e, z, n in ROWS if _inverted(e)]


def test_the_heading_terms_include_x_of_y_forms():
    assert {"Removal of a Player", "The Steps of Combat", "Modes of Play"} <= {e for e, _z, _n in INVERTED}


@pytest.mark.parametrize("english,chinese,number", INVERTED, ids=[f"{n}-{e}" for e, _z, n in INVERTED])
def test_an_x_of_y_heading_term_is_found_as_the_compound_y_x(conn, accepted, english, chinese, number):
    query = _inverted(english)
    missed = _finds(conn, query, accepted[number, chinese])
    assert missed is None, f"{query!r} should find rule {number} in the top 5, got rules {missed}"


# word -> the rule numbers (or a prefix of them) it must find in the top 5
OTHER_GAMES = {
    "stack": ["327"], "the stack": ["327"], "tap": ["414"], "tapped": ["414"], "untap": ["415"],
    "graveyard": ["108.2", "428", "422"], "discard": ["422"], "discarding": ["422"], "discarded": ["422"],
    "counter": ["425"], "countered": ["425"], "counterspell": ["425"], "mana": ["165", "166"],
    "exile": ["427", "108.6"], "exiled": ["427", "108.6"], "mulligan": ["117"], "cast": ["349"],
    "casting": ["349"], "resolve": ["340"], "resolves": ["340", "337"], "priority": ["311", "338.1.b", "652.5.c"],
    "scry": ["436"], "upkeep": ["315.2"], "end of turn": ["317"], "blocker": ["459", "323.2"],
    "deathrattle": ["808"],
}


@pytest.mark.parametrize("word", sorted(OTHER_GAMES))
def test_words_from_other_card_games_find_the_rule(conn, word):
    missed = _finds(conn, word, set(OTHER_GAMES[word]))
    assert missed is None, (word, missed)


@pytest.mark.parametrize("word", ["stack", "tap", "untap", "graveyard", "discard", "counter", "mana", "exile",
                                  "mulligan", "cast", "scry", "upkeep", "blocker", "deathrattle"])
def test_other_game_aliases_note_their_source(conn, word):
    rows = conn.execute("SELECT target, source FROM search_alias WHERE alias = ? AND kind = 'english'", (word,)).fetchall()
    assert rows and all(source.strip() for _t, source in rows), (word, rows)


def test_a_word_no_card_game_shares_is_answered_with_the_closest_terms(conn):
    # Hearthstone's overload has no Riftbound counterpart and no rule that answers for it (lifelink and trample
    # now point at the rules that answer their question: points win, 194; combat damage assignment, 465.2.c.4).
    data = search(conn, "overload", limit=5).to_dict()
    assert data["hits"] == [] and data["message"].startswith("没有找到与「overload」相关的内容")
    assert data["suggestions"] and "最接近的术语" in data["message"]


PARAPHRASES = {
    # question -> rules that answer it (the rule, not an FAQ entry about a particular card, comes first)
    # 310.1.a: by default cards are played only in one's own turn, open and with priority.
    "can I play a spell on my opponent's turn": ["310.1", "155", "153", "316.5.b", "806", "813"],
    "what happens when my deck runs out": ["431", "413.4", "315.4.b.1"],
    "how many cards can I mulligan": ["117"],
}


@pytest.mark.parametrize("question", sorted(PARAPHRASES))
def test_english_paraphrases_put_the_rule_first(conn, question):
    hits = search(conn, question, limit=5).to_dict()["hits"]
    first = hits[0]
    assert first["kind"] == "rule", [(h["kind"], h["display_number"] or h["id"]) for h in hits]
    assert any(first["number"] == n or first["number"].startswith(n + ".") for n in PARAPHRASES[question]), first["number"]


def test_how_big_my_hand_may_be_is_answered_by_the_faq_when_no_rule_says(conn):
    """The rules set no hand limit; the core FAQ says so (C-L187): the answer is in the top 5."""
    hits = search(conn, "how many cards in my hand", limit=5).to_dict()["hits"]
    assert any(h["kind"] == "faq" and "手牌上限" in h["text"] for h in hits)


def test_the_cards_counted_in_an_english_count_question_are_not_its_subject(conn):
    """"how many cards can I have in my hand": "cards" and "hand" are apart, yet the question is about
    the hand's size; the FAQ entry that says there is no hand limit (it never writes 卡牌) comes first."""
    from judge.search.analyze import analyze

    question = "how many cards can I have in my hand"
    assert [c.optional for c in analyze(conn, question).concepts if c.label == "cards"] == [True]
    first = search(conn, question, limit=5).to_dict()["hits"][0]
    assert first["kind"] == "faq" and "手牌上限" in first["text"]
    # Where nothing else is asked, the counted cards stay the subject.
    assert [c.optional for c in analyze(conn, "how many cards").concepts if c.label == "cards"] == [False]


@pytest.mark.parametrize("query", ["Awaken Phase", "唤醒阶段", "暗中破坏", "召回"])
@pytest.mark.parametrize("kind", ["rule", "faq", "errata", "term"])
def test_what_is_brought_in_keeps_to_the_kind_filter(conn, query, kind):
    hits = search(conn, query, kinds=[kind], limit=5).to_dict()["hits"]
    assert all(h["kind"] == kind for h in hits), (query, kind, [h["kind"] for h in hits])
