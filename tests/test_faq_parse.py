"""The two FAQ documents parsed into entries, errata and citations (counts verified by reading the files)."""

from collections import Counter

import pytest

from judge.errors import CorpusError
from judge.rules import faq_status, ruling_status
from judge.rules.faq import PART_APPENDIX, PART_CLARIFICATION, PART_FAQ, PART_QA, PART_RULINGS, parse_core, parse_referee, parse_shipped


@pytest.fixture(scope="module")
def parsed():
    return parse_shipped()


@pytest.fixture(scope="module")
def core(parsed):
    return parsed[0]


@pytest.fixture(scope="module")
def referee(parsed):
    return parsed[1]


def by_id(p, entry_id):
    return next(e for e in p.entries if e.id == entry_id)


def test_core_entry_counts_per_part_and_topic(core):
    # 97 "问：" lines (L584's has no bullet) plus the appendix.
    parts = Counter(e.part for e in core.entries)
    assert parts == {PART_FAQ: 33, PART_RULINGS: 64, PART_APPENDIX: 1}
    topics = Counter(e.topic for e in core.entries if e.part == PART_FAQ)
    assert topics == {"得分": 2, "移动": 5, "战斗": 3, "资源": 4, "关键词": 2, "待命": 7, "时机": 5, "杂项": 5}


def test_ids_are_source_lines_and_unique(core, referee):
    ids = [e.id for e in core.entries + referee.entries]
    assert len(ids) == len(set(ids))
    for e in core.entries + referee.entries:
        assert e.id == f"{e.id[0]}-L{e.source_line}"


def test_scoring_question(core):
    e = by_id(core, "C-L33")
    assert e.part == PART_FAQ and e.topic == "得分"
    assert e.question.startswith("我如何得分？征服 (conquer) 和据守 (hold) 有什么区别")
    assert e.answer.endswith("这称为征服。")
    assert [b["text"] for b in e.bullets] == ["如果你在回合开始时控制一个战场，你得1分。这称为据守。"]


def test_nested_bullets_follow_indentation(core):
    e = by_id(core, "C-L39")
    assert [b["text"][:8] for b in e.bullets] == ["例如，在一个8分", "在一个8分的4人"]
    assert [len(b["children"]) for b in e.bullets] == [4, 3]
    assert e.bullets[0]["children"][1]["line"] == 47


def test_stray_spaces_removed_without_gluing_latin(core):
    e = by_id(core, "C-L181")
    assert "迅捷或反应。" in e.answer or "迅捷或反应" in e.question
    assert "“海兽钓钩”" in by_id(core, "C-L290").question
    assert "交锋 (showdown)" in by_id(core, "C-L63").answer


def test_question_without_bullet_and_answer_at_level_zero(core):
    e = by_id(core, "C-L584")
    assert e.question.startswith("我可以用这些卡牌拯救一个已经在基地的单位吗")
    assert e.answer.startswith("可以。你可以拯救任何符合替代能力条件描述的单位")


def test_part_two_topics_and_cards(core):
    e = by_id(core, "C-L445")
    assert e.topic == "星落 & 艾卡西亚暴雨"
    assert e.cards[:2] == ["星落", "艾卡西亚暴雨"]
    assert by_id(core, "C-L328").topic == "为法术和能力做出选择（目标选择）"
    assert by_id(core, "C-L494").topic == "具有“待命”的卡牌"
    darius = by_id(core, "C-L680")
    assert darius.topic == "其他卡牌" and darius.cards[0] == "德莱厄斯-崔法利"
    assert by_id(core, "C-L298").topic == "印刷错误" and by_id(core, "C-L298").cards[0] == "聚合变异"


def test_appendix_entry(core):
    e = by_id(core, "C-L796")
    assert e.part == PART_APPENDIX and e.topic == "目标选择"
    assert e.answer.startswith("本节详细介绍目标选择规则的完整分解")
    numbered = [b for b in e.bullets if b["text"].startswith("2. “由你且仅由你选择”")]
    assert numbered and len(numbered[0]["children"]) == 3


def test_core_errata(core):
    assert len(core.errata) == 31
    names = {x.card_zh: x for x in core.errata}
    teemo = names["提莫-军事家"]
    assert teemo.card_en == "Teemo, Strategist" and teemo.faq_id == "C-L755"
    assert teemo.text.startswith("[潜伏]") and "每以此法展示一张带有[潜伏]的牌" in teemo.text
    # continuation line at column 0 belongs to the errata text
    assert names["暴怒冲动"].text.split("\n")[1].startswith("每位对手展示其主牌库顶的牌")
    # "**…(修订文本) text`" on one line
    assert names["奇妙行囊"].text == "[E]：将另一个友方装备、单位或面朝下卡牌返回其拥有者的手牌。"
    # header without bullet after an empty bullet, and text after a blank line
    assert names["沙丘亚龙"].faq_id == "C-L308" and "+2 [M]" in names["沙丘亚龙"].text
    assert names["娑娜，清心谐律"].text == "在你的回合结束时，如果我位于一个战场，则重置最多4个友方符文。"
    assert names["风暴印记"].card_en == "Sigil of the Storm"


def test_errata_bullet_in_entry(core):
    e = by_id(core, "C-L755")
    errata_bullets = [b for b in e.bullets if b.get("errata")]
    assert [b["errata"] for b in errata_bullets] == ["E-L761"]
    # the second "答：" after the errata stays in the same entry
    assert any(b["text"].startswith("答：根据更新后的规则") for b in e.bullets)


def test_alternative_card_names_grouped_by_english(core):
    assert sorted(core.card_aliases["sigilofthestorm"]) == ["雷霆之纹", "风暴印记"]
    assert sorted(core.card_aliases["wraithofechoes"]) == ["回响幽魂", "残响之魂"]
    assert "绝念" not in core.cards  # a keyword quoted like a card


def test_referee_counts(referee):
    parts = Counter(e.part for e in referee.entries)
    # 23 lines carry "A：" (example Q&A); the other 27 are clarifications.
    assert parts == {PART_QA: 23, PART_CLARIFICATION: 27}


def test_referee_truncation(referee):
    flags = {e.id: e.truncated for e in referee.entries}
    assert flags["R-L7"] == 1          # "果可以，【拉文布鲁姆学生】…"
    assert flags["R-L11"] == 1         # "之媒】技能…"
    assert flags["R-L15"] == 0         # starts with a card name: a whole question
    assert flags["R-L3"] == 0          # a plain clarification
    assert flags["R-L37"] == 1         # "所控制单位导致…": the statement lost its start
    assert flags["R-L51"] == 1 and by_id(referee, "R-L51").question == ""  # only "A：…" survives
    e = by_id(referee, "R-L13")        # question tail, then the ruling
    assert e.question == "做？我可以自行选择这些待处理效果加入结算链的顺序吗？"
    assert e.answer.startswith("不可以。")


def test_referee_qa_split_and_cards(referee):
    e = by_id(referee, "R-L73")
    assert e.question.endswith("从而不摧毁对手的【警觉的哨兵】？")
    assert e.answer.startswith("不可以。")
    assert e.cards == ["侦察飞鹰", "警觉的哨兵"]


def test_referee_citations_raw(referee):
    olds = [c.old_number for c in referee.citations]
    assert len(olds) == 19
    assert set(olds) == {"342.1.a", "376.3.b.1", "333.1.c.3", "319", "322", "317.2.a", "440.1.a", "440.1.a.1",
                         "440.1.a.2", "440.1.a.3", "322.2", "322.3", "440.1.b", "322.8"}
    first = referee.citations[0]
    assert first.faq_id == "R-L21" and first.raw == "规则 [342.1.a.]"


def test_referee_errata(referee):
    [x] = referee.errata
    assert x.card_zh == "幻梦之树" and x.text.startswith("When a player chooses a friendly unit here")


def test_status_file_matches_entries(core, referee):
    entries = core.entries + referee.entries
    assert faq_status.apply_status(entries) == []
    status = {e.id: (e.status, e.superseded_by) for e in entries}
    partly, superseded = ruling_status.PARTLY_SUPERSEDED, ruling_status.SUPERSEDED
    # Partly superseded: the ruling's result holds under the current rules (v1.4), one part of it does not.
    # Teemo (core FAQ 755): played from Hidden into a combat he triggers once; "moved out and back in, he triggers
    # twice" is replaced by 383.4.f.2.a (a defend trigger's condition is checked once per combat).
    assert status["C-L755"] == (partly, "383.4.f.2.a")
    # Burn out (core FAQ 195): the trash is recycled and an opponent gains 1 point; with an empty trash the chosen
    # opponent still wins, by repeated burn outs of 1 point each (431.3; in the tree, 431.3.a whose words are the
    # row's anchor), not by "infinite points".
    assert status["C-L195"] == (partly, "431.3")
    # Both sides survive (core FAQ 89): attackers recalled, the defender keeps control; the recall is now step 3d
    # of the combat cleanup (466.1.a.2) and the result is "No Result" (466.3.d).
    assert status["C-L89"] == (partly, "466")
    # Kog'Maw and 贪玩的小鬼 (referee FAQ 63): the imp survives with 4 damage, the combat damage being healed in
    # the combat cleanup before the Deathknell resolves; only the old step numbers ([322.8.]) are replaced.
    assert status["R-L63"] == (partly, "466.1")
    assert status["R-L61"] == (partly, "466.1")
    # Superseded: the result itself no longer holds.
    assert status["C-L718"] == (superseded, "812.1.c")  # Sun Disc: 鼓舞 needs a card other than itself
    # A tie (core FAQ 724): "the defender keeps control" fails when both sides' units all died (466.5.b).
    assert status["C-L724"] == (superseded, "466")
    # Control while contested (referee FAQ 41): locked only while a showdown or combat is ongoing (190.4.b-c).
    assert status["R-L41"] == (superseded, "190.4")
    assert status["C-L33"] == ("valid", None)                 # reviewed valid: no superseded_by
    assert by_id(core, "C-L33").status_rule == "467" and by_id(core, "C-L33").status_note
    counts = Counter(s for s, _ in status.values())
    assert counts[partly] == 9 and counts[superseded] == 3 and counts[ruling_status.DISPUTED] == 0
    assert sum(s != "valid" for s, _ in status.values()) == 12
    assert sum(bool(e.status_note) for e in entries) == 25       # 12 changed + 13 reviewed valid
    # A partly superseded entry's note says, in Chinese, what still holds and what was replaced.
    for e in entries:
        if e.status == partly:
            assert e.status_note.startswith("结论仍成立") and "被取代的是" in e.status_note, e.id


def test_status_file_statuses_are_the_four_documented_ones():
    rows = faq_status.load_status_rows()
    assert {r.status for r in rows} <= set(ruling_status.STATUSES)
    assert set(ruling_status.STATUSES) == {"valid", "disputed", "partly_superseded", "superseded"}
    # each has a Chinese label; the two replaced by a rule are ranked alike and named with "现行规则"
    assert set(ruling_status.STATUS_LABELS) == set(ruling_status.STATUSES) == set(ruling_status.STATUS_ORDER)
    assert ruling_status.STATUS_LABELS["partly_superseded"] == "部分被取代（结论仍成立）"
    assert ruling_status.SUPERSEDED_STATUSES == {"superseded", "partly_superseded"}
    assert ruling_status.inline_label("partly_superseded") == "部分被取代，结论仍成立"
    # the file's header documents every status
    header = "\n".join(line for line in faq_status.data_path(faq_status.STATUS_FILE_NAME)
                       .read_text(encoding="utf-8").splitlines() if line.startswith("#"))
    for status in ruling_status.STATUSES:
        assert status in header, status
    assert "partly_superseded: the ruling's stated result still" in header


def test_unknown_status_is_refused(tmp_path):
    path = tmp_path / "faq_status.tsv"
    path.write_text("doc\tline\tfirst_words\tstatus\trule\tanchor\tnote\n"
                    "core\t39\t最后一分如何运作\tpartly\t467\t\t说明\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="未知状态"):
        faq_status.load_status_rows(path)


def test_referee_topics(referee):
    assert faq_status.apply_referee_topics(referee.entries) == []
    topics = {e.id: e.topic for e in referee.entries}
    assert topics["R-L63"] == "特殊清理与战斗清理"
    assert topics["R-L101"] == "燃尽"
    assert all(topics.values())


def test_status_row_with_wrong_first_words_is_reported(core):
    rows = [faq_status.StatusRow("core", 33, "完全不同的开头", "superseded", "467", "", "说明", 9)]
    problems = faq_status.apply_status(core.entries, rows)
    assert problems and "第 9 行" in problems[0]


def test_parsers_survive_odd_input():
    assert parse_core("").entries == []
    p = parse_core("第一部分\n得分 (Scoring)\n• 问：Q？\n  • 答：A。\n  • 更多\n第二部分\n附录：X (Appendix)\n文本\n")
    assert [e.question for e in p.entries] == ["Q？", "附录：X"]
    r = parse_referee("标题\n\nA：可以。\n问题尾巴？ A：答案。\n")
    assert [(e.part, e.question, e.answer) for e in r.entries] == [("问答", "", "可以。"), ("问答", "问题尾巴？", "答案。")]
