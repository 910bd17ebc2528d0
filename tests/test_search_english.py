"""English questions and terms: the official rules' defined terms, English question frames, typos.

- Terms the official rules define inside a paragraph (Turn Player, Contested, Standard Move, Alone, …)
  are pairs of judge/search/data/heading_terms.tsv like the headings: each names an existing rule and a
  Chinese term of the corpus, and the English term alone finds that rule in the top 5.
- An English question's frame ("can I", "do I have to", "what happens if", "how many", "who goes
  first", "at what point") says what kind of answer is wanted and is not searched itself.
- A misspelt English rules term inside a question is read as the term; a plain word is left alone.
"""

from __future__ import annotations

import pytest

from judge.search import intent
from judge.search.analyze import analyze
from judge.search.data_files import HEADING_TERMS, read_data
from judge.search.engine import search
from judge.search.text import strip_tones


DEFINED = [(e, z, n) for e, z, n, source in read_data(HEADING_TERMS, 4) if source.startswith("defined term")]


def test_the_defined_terms_are_many_and_include_the_core_ones():
    english = {e for e, _z, _n in DEFINED}
    assert len(DEFINED) >= 50
    assert {"Turn Player", "Open State", "Closed State", "Contested", "Standard Move", "Lethal Damage", "Showdown State",
            "Attacker", "Defender", "Chain Item", "Tie", "Alone"} <= english


@pytest.mark.parametrize("english,chinese,number", DEFINED, ids=[f"{n}-{e}" for e, _z, n in DEFINED])
def test_a_defined_term_names_an_existing_rule_and_a_corpus_term(conn, english, chinese, number):
    assert conn.execute("SELECT count(*) FROM rules WHERE number = ?", (number,)).fetchone()[0], (english, number)
    # The Chinese term is written in the rule itself, a sub-rule, or its (drafted) title.
    found = conn.execute(
        "SELECT count(*) FROM rules WHERE (number = ? OR number LIKE ?) AND (instr(coalesce(text, ''), ?) > 0 "
        "OR instr(coalesce(title, ''), ?) > 0)", (number, number + ".%", chinese, chinese)).fetchone()[0]
    assert found, (english, chinese, number)


@pytest.mark.parametrize("english,number", [
    ("Turn Player", "304"), ("Standard Move", "144"), ("Contested", "190.3.a"), ("Lethal Damage", "142.4.a"),
    ("Outstanding Task", "319"), ("Alone", "740.2.a"), ("Tie", "740.3.a"), ("Final Point", "471.1.a"),
    ("Window of Opportunity", "316.8.c"), ("Trigger Condition", "383.2.a.1"),
])
def test_a_defined_english_term_alone_finds_its_rule(conn, english, number):
    for query in (english, english.lower()):
        numbers = [h.get("number") or "" for h in search(conn, query, limit=5).to_dict()["hits"]]
        assert any(n == number or n.startswith(number + ".") for n in numbers), (query, numbers)


@pytest.mark.parametrize("question,kind", [
    ("can i play a spell on my opponents turn", intent.CAN),
    ("am i allowed to look at my deck", intent.CAN),
    ("is it legal to hide two cards", intent.CAN),
    ("do i have to pay the cost", intent.CAN),
    ("must i assign all damage", intent.CAN),
    ("what happens if my deck is empty", intent.WHATIF),
    ("does a stunned unit still count as attacking", intent.WHATIF),
    ("how many cards can i draw", intent.HOWMANY),
    ("how often can i channel", intent.HOWMANY),
    ("what is the maximum hand size", intent.HOWMANY),
    ("is there a cap on units in my base", intent.HOWMANY),
    ("who goes first", intent.ORDER),
    ("in what order do triggers resolve", intent.ORDER),
    ("which one resolves first", intent.ORDER),
    ("when can i play a reaction", intent.WHEN),
    ("at what point do i score", intent.WHEN),
    ("where does a countered spell go", intent.WHERE),
    ("what happens to gear when the unit it is attached to dies", intent.WHATIF),
    ("does a buff stay after the unit leaves play", intent.WHATIF),
    ("does recall count as a move", intent.WHATIF),
    ("who gets focus first in a showdown", intent.ORDER),
    ("what does hidden mean", intent.DEFINE),
    # "when" inside a yes-or-no question states a condition; opening a clause or before an auxiliary it asks when.
    ("does my opponent get a point when i burn out", None),
    ("in combat, when i play a spell who can respond", intent.WHEN),
    ("so when does the showdown end", intent.WHEN),
    ("what happens when a unit dies", intent.WHEN),
    ("two replacement effects apply to one event. who chooses the order?", intent.ORDER),
    ("both players have triggers. whose go on the chain first?", intent.ORDER),
    # "when" ending the question asks when, as typed at a table; a question told as a condition, or asking whether a
    # thing keeps or loses what it had, asks what happens; "who gets / decides" asks which player acts.
    ("stun wears off when?", intent.WHEN),
    ("rune pool empties when", intent.WHEN),
    ("if my unit is recalled does it keep its damage", intent.WHATIF),
    ("does a unit lose its buffs when it moves", intent.WHATIF),
    ("can i respond if my opponent plays a spell", intent.CAN),
    ("who decides which combat resolves first", intent.ORDER),
    ("who gets priority once my spell is on the chain", intent.ORDER),
])
def test_an_english_frame_says_what_is_asked(question, kind):
    assert intent.detect(question) == kind


@pytest.mark.parametrize("question,kept,gone", [
    ("at what point do i score", ["score"], ["point"]),
    ("in what order do triggers resolve", ["triggers", "resolve"], ["order"]),
    ("is it legal to hide two cards", ["hide", "two", "cards"], ["legal"]),
    ("how many cards can i draw", ["cards", "draw"], ["many"]),
])
def test_the_english_frame_is_not_searched(question, kept, gone):
    words = intent.strip_frames(question).split()
    assert all(w in words for w in kept) and not any(w in words for w in gone), words


@pytest.mark.parametrize("question,forms", [
    ("can i hide a card at opps bf", {"对手", "战场"}),
    ("how much dmg does a unit take", {"伤害"}),
    ("do i get pts for holding my bf", {"分数", "战场"}),
    ("does stun go away at eot", {"回合结束阶段"}),
])
def test_chat_shorthand_in_an_english_question_is_read_as_the_rules_words(conn, question, forms):
    read = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert forms <= read, read


def test_phrasing_words_are_no_subject_of_an_english_question(conn):
    a = analyze(conn, "can i do something with a rune")
    assert not [c for c in a.concepts if c.label == "something"], a.concepts


@pytest.mark.parametrize("question,number", [
    ("stun wears off when?", "423.1.a.2"),
    ("if a unit is recalled does it keep its dmg", "458.1"),
    ("who decides which combat resolves first", "461.1"),
    ("do i get pts for holding my bf", "315.2.b.2"),
    ("how many bfs in a 1v1 game", "485.4"),
])
def test_a_short_english_question_as_typed_finds_its_rule(conn, question, number):
    shown = [h.get("number") for h in search(conn, question, limit=5).to_dict()["hits"]]
    assert number in shown, shown


def test_a_chinese_query_compiles_no_english_frame():
    intent._compiled.clear()
    assert intent.detect("对手的回合我可以打法术吗") == intent.CAN
    intent.strip_frames("对手的回合我可以打法术吗")
    assert not [k for k in intent._compiled if k.startswith("en-") or k == "strip-en"]


@pytest.mark.parametrize("query,numbers", [
    ("final point rule", {"471.1"}), ("ganking rules", {"810"}), ("how does ganking work", {"810"}),
    # Hidden's keyword rule 811 (no Chinese text) is shown by its glossary entry; 421 (Hide, 待命) is the rule
    # with text that the keyword allows, shown as the term's rule with the FAQ rulings after it.
    ("hidden ruling", {"811", "421"}),
])
def test_rule_and_work_are_no_subject(conn, query, numbers):
    """"X rules", "X ruling", "how does X work": every answer is a rule, so the word asks about X alone (it was
    searched as a required literal and pushed X's rules below the glossary)."""
    a = analyze(conn, query)
    assert not [c for c in a.concepts if c.label in ("rule", "rules", "ruling", "work")], a.concepts
    shown = [h.get("number") for h in search(conn, query, limit=5).to_dict()["hits"] if h["kind"] == "rule"]
    assert numbers & set(shown), shown


def test_a_named_rule_keeps_its_word(conn):
    assert any("卡面文字" in c.forms for c in analyze(conn, "golden rule").concepts)


def test_a_misspelt_term_in_an_english_question_is_read_as_the_term(conn):
    a = analyze(conn, "can i exhuast a unit twice")
    assert ("exhuast", "exhaust") in a.corrections
    assert any("休眠" in c.forms for c in a.concepts)
    # A plain English word that is no rules term stays as typed.
    b = analyze(conn, "can a unit move twice in one turn")
    assert not [w for w, _t in b.corrections if w == "twice"]


def test_a_mode_name_starting_with_a_digit_is_no_pinyin():
    assert strip_tones("2v2") == "2v2" and strip_tones("ran2jin4") == "ranjin"


@pytest.mark.parametrize("word,number", [
    ("readied", "415"), ("exerted", "414"), ("lanes", "103.4"), ("on reveal", "383.4.a"), ("owner", "127"),
    ("golden rule", "001"), ("experience", "728"), ("knocked out", "428"), ("colors", "134"), ("name a card", "759"),
    ("naming cards", "759"), ("emptied", "167"), ("top-most card", "434.1"), ("equipped", "818.3"),
    ("leaves play", "705"), ("non-combat showdown", "190.3.c"), ("face down", "129.4"),
])
def test_other_words_and_forms_find_the_rule(conn, word, number):
    numbers = [h.get("number") or "" for h in search(conn, word, limit=5).to_dict()["hits"]]
    assert any(n == number or n.startswith(number + ".") for n in numbers), (word, numbers)


def test_the_start_of_ones_turn_is_the_start_of_turn_section(conn):
    # start of my turn / beginning of the turn -> 回合开始: the section itself first, not one of its steps.
    assert search(conn, "what happens at the beginning of the turn", limit=1).to_dict()["hits"][0]["number"] == "315"
    # Asked about readying, the step that readies everything the turn player controls (315.1.b) answers it; the
    # meaning term puts it first, the section (a heading without text) second.
    top = [h["number"] for h in search(conn, "do I untap at the start of my turn", limit=2).to_dict()["hits"]]
    assert top == ["315.1.b", "315"], top


def test_cant_draw_is_a_burn_out(conn):
    numbers = [h.get("number") or "" for h in search(conn, "what happens if I can't draw", limit=3).to_dict()["hits"]]
    assert any(n.startswith("431") for n in numbers), numbers
