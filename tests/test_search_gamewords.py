"""Words players bring from other card games (Magic, Hearthstone, Legends of Runeterra, Yu-Gi-Oh!,
Pokémon TCG, Gwent), in English and in those communities' Chinese: each row of the player-word table's
block for them names its game and the Riftbound rule that answers for the word; searching the word
alone puts that rule in the first five."""

import re

import pytest

from judge.search.analyze import analyze
from judge.search.engine import search
from judge.search.data_files import PLAYER_WORDS

BLOCK_START = "# ---- Words from other card games"
GAMES = ("MTG", "HS", "LoR", "YGO", "PTCG", "Gwent", "Lorcana", "Marvel Snap", "every card game", "tournament",
         "player usage")
RULE = re.compile(r"\brules? (\d{3}(?:\.[0-9a-z]+)*)")


def _rows():
    text = PLAYER_WORDS.read_text(encoding="utf-8")
    assert BLOCK_START in text
    rows = []
    for line in text[text.index(BLOCK_START):].splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


ROWS = _rows()


def test_the_block_is_broad_and_every_row_names_its_game_and_rule():
    assert len(ROWS) >= 100
    english = [r for r in ROWS if r[2] in ("english", "absent")]
    chinese = [r for r in ROWS if r[2] not in ("english", "absent")]
    assert len(english) >= 60 and len(chinese) >= 40
    for phrase, targets, mode, source in ROWS:
        # class: the word names one of the things the rules' word names (HS 随从, a minion, is a 单位).
        # absent: an English word of another game with no Riftbound term (trample), searched as the rules' words
        # that answer it, with a note that the game has no such term.
        assert mode in ("english", "rewrite", "related", "class", "absent"), phrase
        assert targets, phrase
        assert any(g in source for g in GAMES), phrase
        assert RULE.search(source), phrase
    # One game's word, one row per spelling (a second row for the same spelling would be a clash).
    assert len({(r[0].lower(), r[2] in ("english", "absent")) for r in ROWS}) == len(ROWS)


def test_cited_rules_exist(conn):
    known = {n for (n,) in conn.execute("SELECT number FROM rules")}
    missing = [(r[0], RULE.search(r[3]).group(1)) for r in ROWS if RULE.search(r[3]).group(1) not in known]
    assert not missing, missing


def test_words_without_a_riftbound_counterpart_say_so():
    # Riftbound has no flying, lifelink or windfury: no blocking (every unit of the two players at the battlefield
    # fights, 461), no life total (points win, 194), no extra attack (a move exhausts the unit, 144.2). A player
    # asking for them, in English or in the Chinese of their game, is told the game has no such term and shown the
    # rule that answers the question (mode absent), as for trample and first strike. Overload has no rule that
    # answers for it; the Chinese 过载 and 压制 (Runeterra's overwhelm) stay out: they are also everyday words.
    modes = {r[0].lower(): r[2] for r in ROWS}
    for word in ("windfury", "lifelink", "flying", "trample", "first strike", "风怒", "吸血", "飞行", "践踏", "先攻"):
        assert modes.get(word) == "absent", word
    for word in ("overload", "过载", "压制"):
        assert word not in modes, word


@pytest.mark.parametrize("word,rule", [
    ("吸血", "194"), ("飞行", "461"), ("风怒", "144"), ("警戒", "144"), ("死触", "142.4.a"),
    ("走脸", "469.1"), ("践踏", "465.2.c.4"), ("先攻", "465.2.c.1.a"),
])
def test_another_games_chinese_word_says_the_game_has_no_such_term(conn, word, rule):
    result = search(conn, f"{word}是怎么算的", limit=5).to_dict()
    numbers = [h.get("number") or "" for h in result["hits"]]
    assert any(n == rule or n.startswith(rule + ".") for n in numbers), (word, numbers)
    assert any(f"符文战场没有「{word}」" in n for n in result["notes"]), result["notes"]


def test_a_chinese_word_of_the_rules_gets_no_such_note(conn):
    for query in ("溢出伤害会怎么处理", "绝念是怎么算的", "随从被弹回手会怎样"):
        assert not any("符文战场没有" in n for n in search(conn, query, limit=3).to_dict()["notes"]), query


@pytest.mark.parametrize("question,rule", [
    ("does Riftbound have trample", "465.2.c.4"), ("溢出伤害会怎么处理", "465.2.c.4"),
    ("战斗伤害能穿透到玩家身上吗", "465.2.c.4"), ("is there first strike in combat", "465.2.c.1.a"),
    ("先攻的单位会先造成伤害吗", "465.2.c.1.a"),
])
def test_trample_and_first_strike_find_the_rule_that_answers_them(conn, question, rule):
    numbers = [h.get("number") or "" for h in search(conn, question, limit=5).to_dict()["hits"]]
    assert rule in numbers, (question, numbers)


@pytest.mark.parametrize("phrase,rule", [(r[0], RULE.search(r[3]).group(1)) for r in ROWS], ids=lambda v: str(v))
def test_the_word_alone_finds_its_rule(conn, phrase, rule):
    hits = search(conn, phrase, limit=5).to_dict()["hits"]
    numbers = [h.get("number") or "" for h in hits]
    assert any(n == rule or n.startswith(rule + ".") for n in numbers), (phrase, rule, numbers)


@pytest.mark.parametrize("word,rule", [
    ("blocked", "459"), ("blockers", "459"), ("milling", "440"), ("fizzled", "359.3.e.9"), ("dies", "428"),
    ("casting", "349"), ("deathrattles", "808"), ("scrying", "436"),
])
def test_inflected_english_forms_find_the_rule(conn, word, rule):
    numbers = [h.get("number") or "" for h in search(conn, word, limit=5).to_dict()["hits"]]
    assert any(n == rule or n.startswith(rule + ".") for n in numbers), (word, numbers)


@pytest.mark.parametrize("question,rules", [
    # 随从 is Hearthstone's minion (a unit) and the name of Riftbound's 1-Might Recruit token (rule 187.1), a
    # card name too; 衍生物 / 召唤物 are other games' tokens (指示物, rule 180). A token put into a non-board
    # zone ceases to exist (186.1); a token is not a card (185, 350.2).
    ("随从被弹回手会怎样", ("186.1",)), ("衍生物被弹回手会怎样", ("186.1",)), ("召唤物被弹回手会怎样", ("186.1",)),
    ("衍生物算不算卡牌", ("185", "350.2")),
])
def test_minions_and_tokens_in_other_games_words(conn, question, rules):
    numbers = [h.get("number") or "" for h in search(conn, question, limit=5).to_dict()["hits"]]
    assert any(n in rules for n in numbers), (question, numbers)


@pytest.mark.parametrize("question,rules", [
    # MTG ward: an opponent's spell targeting it costs more. Deflect (809) does it: choosing it as a target costs
    # an additional cost (809.1.c), a mandatory one (809.1.d).
    ("does deflect work like ward in magic", ("809.1.c", "809.1.d")), ("how does ward work here", ("809.1.c",)),
    ("法盾和万智牌的ward一样吗", ("809.1.c", "809.1.d")),
])
def test_a_question_about_ward_finds_what_ward_does(conn, question, rules):
    numbers = [h.get("number") or "" for h in search(conn, question, limit=3).to_dict()["hits"]]
    assert set(rules) & set(numbers), (question, numbers)


def test_ward_alone_is_the_keyword_and_no_other_word_hides_it(conn):
    """Typed alone, ward names Deflect (its heading first), not the cost a question about it asks for; and ward read
    inside another English word ("toward") is none."""
    assert search(conn, "ward", limit=1).to_dict()["hits"][0]["number"] == "809"
    forms = {f for c in analyze(conn, "can i respond when a unit moves toward a battlefield").concepts for f in c.forms}
    assert not forms & {"选为目标", "多付", "额外费用", "法盾"}
