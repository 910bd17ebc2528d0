"""Questions as typed (judge/search/perturb.py, tools/search_eval.py --perturb): each fault is deterministic, really
changes a question the way its name says, and the search keeps a floor of recall under it."""

from __future__ import annotations

import re
import unicodedata

import pytest

from judge.search import evaluation, perturb
from judge.search.store import connect
from tool_module import load_tool


@pytest.fixture(scope="module")
def conn():
    return connect()


@pytest.fixture(scope="module")
def perturber(conn):
    return perturb.Perturber(conn)


@pytest.fixture(scope="module")
def questions():
    return [c for name in ("dev", "fresh20") for c in evaluation.load(evaluation.SETS[name][0])]


def test_every_fault_is_deterministic_and_depends_on_the_seed(conn, questions):
    first, again, other = perturb.Perturber(conn), perturb.Perturber(conn), perturb.Perturber(conn, seed=7)
    sample = questions[::7]
    for fault in perturb.ALL_FAULTS:
        rewritten = [first.apply(fault, c.query, c.kind) for c in sample]
        assert rewritten == [again.apply(fault, c.query, c.kind) for c in sample], fault
    # A question's rewrite does not depend on which questions were rewritten before it.
    assert first.apply("typo", sample[3].query) == perturb.Perturber(conn).apply("typo", sample[3].query)
    typos = [first.apply("typo", c.query) for c in sample]
    assert typos != [other.apply("typo", c.query) for c in sample]


# The questions a fault can change: full-width marks, punctuation, Latin letters or digits, an English word.
CAN_CHANGE = {
    "halfwidth": lambda q: any(c in perturb.HALF_WIDTH for c in q),
    "nopunct": lambda q: any(unicodedata.category(c).startswith("P") for c in q),
    "fullwidth": lambda q: any(c.isascii() and c.isalnum() for c in q),
    "case": lambda q: re.search("[A-Za-z]", q) is not None,
}


def test_every_fault_changes_the_questions_it_can(perturber, questions):
    for fault in perturb.ALL_FAULTS:
        picked = [c for c in questions if fault not in perturb.KIND_ONLY or c.kind == perturb.KIND_ONLY[fault]]
        picked = [c for c in picked if CAN_CHANGE.get(fault, bool)(c.query)]
        changed = sum(perturber.apply(fault, c.query, c.kind) != c.query for c in picked)
        # Exact: a mark or letter is always rewritten; a question may have no character s2t changes, no word
        # boundary, or no character with a homophone outside card names.
        least = 1.0 if fault in CAN_CHANGE or fault in ("noise", "spacing") else 0.8
        assert len(picked) > 50 and changed >= least * len(picked), (fault, changed, len(picked))


def test_traditional_forms_are_the_regional_ones(perturber):
    question = "单位在战场里面打几张牌"
    assert perturber.apply("traditional", question) == "單位在戰場裏面打幾張牌"
    assert perturber.apply("taiwan", question) == "單位在戰場裡面打幾張牌"
    assert "裏" in perturber.apply("hongkong", question)


def _readings(text: str) -> dict[int, str]:
    """Position -> toneless pinyin of each Chinese character of `text`, read run by run in context."""
    from pypinyin import Style, lazy_pinyin

    return {m.start() + i: s for m in re.finditer("[\u4e00-\u9fff]+", text)
            for i, s in enumerate(lazy_pinyin(m.group(), style=Style.NORMAL))}


def test_a_typo_is_a_same_pinyin_character_the_corpus_uses_outside_card_names_and_latin(perturber, conn):
    corpus = {c for (norm,) in conn.execute("SELECT norm FROM search_docs") for c in norm or ""}
    question = "提莫军事家打出后Hidden的单位在战场上能不能移动到基地去呢"
    name = "提莫军事家"
    assert name in perturber.card_names()
    said = _readings(question)
    for seed in range(12):
        typo = perturb.Perturber(conn, seed=seed).apply("typo", question)
        assert len(typo) == len(question) and typo.startswith(name) and "Hidden" in typo
        wrong = [i for i, (a, b) in enumerate(zip(question, typo)) if a != b]
        assert 1 <= len(wrong) <= 2
        for i in wrong:
            assert typo[i] in corpus
            # The corpus reads the replacement as the question reads the character it replaces.
            assert typo[i] in [c for c, _n in perturber.homophones()[said[i]]]


def test_noise_wraps_the_question_in_spoken_words(perturber):
    question = "每回合能打几张牌？"
    noisy = perturber.apply("noise", question)
    assert noisy.startswith(perturb.NOISE_PREFIXES) and "每回合能打几张牌" in noisy and noisy != question
    english = perturber.apply("noise", "can I move a unit twice")
    assert english.startswith(perturb.ENGLISH_PREFIXES) and "can I move a unit twice" in english


def test_spacing_forms(perturber):
    question = "待命的卡牌，能在对手的回合用吗？2v2也一样吗"
    assert perturber.apply("spaces", question).replace(" ", "") == question.replace(" ", "")
    assert " " in perturber.apply("spaces", question)
    assert perturber.apply("halfwidth", question) == "待命的卡牌,能在对手的回合用吗?2v2也一样吗"
    assert not any(unicodedata.category(c).startswith("P") for c in perturber.apply("nopunct", question))
    assert "２ｖ２" in perturber.apply("fullwidth", question)
    assert perturber.apply("spacing", question) in {perturber.apply(f, question) for f in perturb.SPACING_FORMS}
    # A card's name is never split by a space.
    assert "德莱厄斯" in perturber.apply("spaces", "德莱厄斯作为第三张牌打出还会触发吗").split()


def test_case_touches_english_questions_only(perturber):
    assert perturber.apply("case", "单位能移动吗", "can") == "单位能移动吗"
    assert perturber.apply("case", "Can a Hidden card be played", "can") == "Can a Hidden card be played"
    forms = {perturb.Perturber(perturber.conn, seed=s).apply("case", "Can I attack with a Ready unit", "english")
             for s in range(20)}
    assert "can i attack with a ready unit" in forms and "CAN I ATTACK WITH A READY UNIT" in forms
    assert any(re.search(r"\battacking\b|\bunits\b|\breadying\b", f) for f in forms)


def test_the_tool_refuses_an_unknown_fault_in_chinese(capsys):
    tool = load_tool("search_eval")
    assert tool.main(["--perturb", "typo,nosuchfault"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("错误：") and "「nosuchfault」" in err and "typo" in err and len(err.splitlines()) == 1


def test_the_tool_never_lists_a_frozen_sets_faulted_questions(capsys):
    tool = load_tool("search_eval")
    assert tool.main(["--sets", "frozen", "--perturb", "typo", "--misses"]) == 2
    assert capsys.readouterr().err.startswith("错误：")


# Recall@5 under each fault on two development sets, about 0.05 below the figure measured with seed 21 (main ebff038;
# typo: with the repair by context, judge.search.ngrams, 0.981 on both).
FLOORS = {
    "fresh14": {"traditional": 0.94, "taiwan": 0.94, "hongkong": 0.94, "typo": 0.93, "noise": 0.94, "spacing": 0.94},
    "fresh18": {"traditional": 0.95, "typo": 0.93, "noise": 0.95, "spacing": 0.95},
}
CASE_FLOORS = {"dev": 0.95, "fresh19": 0.95}  # the english kind only


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_recall_under_each_fault_keeps_its_floor(conn, perturber, name):
    cases = evaluation.load(evaluation.SETS[name][0])
    for fault, floor in FLOORS[name].items():
        faulted = [evaluation.Case(c.kind, perturber.apply(fault, c.query, c.kind), c.targets, c.line) for c in cases]
        r5 = evaluation.evaluate(conn, faulted)["overall"]["r5"]
        assert r5 >= floor, (name, fault, r5)


@pytest.mark.parametrize("name", sorted(CASE_FLOORS))
def test_recall_of_english_questions_in_another_case_keeps_its_floor(conn, perturber, name):
    cases = [c for c in evaluation.load(evaluation.SETS[name][0]) if c.kind == "english"]
    faulted = [evaluation.Case(c.kind, perturber.apply("case", c.query, c.kind), c.targets, c.line) for c in cases]
    r5 = evaluation.evaluate(conn, faulted)["overall"]["r5"]
    assert r5 >= CASE_FLOORS[name], (name, r5)


def _top(conn, query: str) -> list:
    from judge.search.engine import search

    return [(h["id"], round(h["score"], 6)) for h in search(conn, query, limit=10).to_dict()["hits"]]


def test_spaces_between_chinese_words_change_no_ranking(conn):
    from judge.search.text import join_cjk_spaces

    for spaced in ("结算 链上 有 东西 的 时候 还 能 打牌 吗", "什么 时候 选 目标", "卡 在 手里 的 时候 它 的 技能 有用吗",
                   "单位 被 摧毁 会 去 哪"):
        assert _top(conn, spaced) == _top(conn, spaced.replace(" ", "")), spaced
    # A space beside a Latin word or a number is a word break and stays.
    assert join_cjk_spaces("is 待命 like a trap") == "is 待命 like a trap"
    assert join_cjk_spaces("我 手里 2 费 的 单位") == "我手里 2 费的单位"


@pytest.mark.parametrize("said, meant", [
    ("请问裁判，就是说，法术把我的单位挪进一个别人正在打架的战场，会发生什么哈？", "法术把我的单位挪进一个别人正在打架的战场，会发生什么？"),
    ("裁判裁判，+3和-2谁先算哈……", "+3和-2谁先算"),
    ("想问一下，已经横过的符文还能拿去回收吗啊，对吧？", "已经横过的符文还能拿去回收吗？"),
    ("hey judge, what is focus in a showdown...", "what is focus in a showdown"),
    ("quick question: who gets priority first? lol", "who gets priority first?"),
    # Words that look like fillers but are the question's own.
    ("那个战场算谁的", "那个战场算谁的"), ("对决里都让过了，接下来干嘛", "对决里都让过了，接下来干嘛"),
    ("domain identity", "domain identity"), ("Mighty", "Mighty"), ("单位能移动吗？", "单位能移动吗？"),
    ("so what is a showdown?", "what is a showdown?"), ("裁判", "裁判"), ("玛尔扎哈", "玛尔扎哈"),
])
def test_spoken_words_around_a_question_are_no_part_of_it(said, meant):
    from judge.search import intent

    assert intent.strip_spoken(said) == meant


def test_a_question_said_with_spoken_words_finds_what_it_finds_without(conn):
    for noisy, plain in (("裁判，想问一下，我打下了他的战场，他在那儿还盖着一张牌，那张牌呢？", "我打下了他的战场，他在那儿还盖着一张牌，那张牌呢？"),
                         ("请问裁判，就是说，打赢了架，分是啥时候到手的吧，对吧？", "打赢了架，分是啥时候到手的吧？"),
                         ("hey judge, stack??", "stack"), ("um so Ganking?", "Ganking")):
        assert _top(conn, noisy) == _top(conn, plain), noisy


def test_a_traditional_character_with_several_simplified_forms_reads_as_the_rules_use_it(conn):
    from judge.search import lexicon

    trad = lexicon.Traditional()
    assert trad.char_map()["鍊"] == "炼"  # OpenCC's first form
    assert trad.char_map(used={"链": 300, "炼": 1})["鍊"] == "链"
    assert "覆" not in trad.char_map(used={"复": 300})  # a character that is its own simplified form stays
    # OpenCC writes 上链 as 上鍊: the question still asks about the chain.
    assert _top(conn, "進攻觸發和防守觸發誰先上鍊") == _top(conn, "进攻触发和防守触发谁先上链")


@pytest.mark.parametrize("typed, frame", [
    ("清理时先判胜符害是先摧毁单位", ("害是", "还是")), ("什么是候选目标", ("什么是候", "什么时候")),
    ("被晕的单位沙时候恢复", ("沙时候", "啥时候")), ("开技能要先交钱再指目标玛", ("玛", "吗")),
])
def test_a_frame_word_misspelt_by_the_input_method_is_read_as_the_frame(conn, typed, frame):
    from judge.search.analyze import analyze

    a = analyze(conn, typed)
    # Repaired by the frame table or, first, by context (judge.search.ngrams, which shows the characters it changed
    # with a neighbour: 符害 -> 负还 of 胜负还是).
    assert frame[1] in a.normalized and a.intent and a.corrections


@pytest.mark.parametrize("typed", ["战斗伤害是谁先分配", "加攻的光环是不是也跟着没了", "1v1后手第一回合多召几枚符文", "那个战场算谁的", "罗马"])
def test_words_that_sound_like_a_frame_word_are_not_misspelt_frames(conn, typed):
    from judge.search.analyze import analyze

    assert analyze(conn, typed).corrections == []
