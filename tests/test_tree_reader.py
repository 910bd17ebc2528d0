"""Reading the documents: cleanup of extraction damage, joined lines, examples, numbered structure."""

from judge.corpus.cleanup import clean_text
from judge.corpus.reader import read_document, read_numbered, read_unnumbered
from judge.rules.citations import find_citations


def test_stray_spaces_removed_without_gluing_latin_or_numbers():
    assert clean_text("也被称为 正面 。") == "也被称为正面。"
    assert clean_text("请查阅 规则 349.打出卡牌。") == "请查阅规则349.打出卡牌。"
    assert clean_text("带有 [反应 ]标签") == "带有[反应]标签"
    assert clean_text("“金克丝 - 反抗者 ”") == "“金克丝 - 反抗者”"
    assert clean_text("Chemtech Enforcer") == "Chemtech Enforcer"
    assert clean_text("在 2v2游戏中") == "在2v2游戏中"


def test_rule_split_over_two_lines_is_joined_and_examples_separated():
    text = "卡面位于卡背的反面，\n\n也被称为 正面 。\n\n单位会自称为“我”。举例： “提伯斯”拥有标签。举例：另一个。\n\n举例： 独立一行的举例。\n"
    paras = read_unnumbered(text)
    assert [p.text for p in paras] == ["卡面位于卡背的反面，也被称为正面。", "单位会自称为“我”。"]
    assert paras[0].lines == [1, 3]
    assert [e for e, _ in paras[1].examples] == ["“提伯斯”拥有标签。", "另一个。", "独立一行的举例。"]


def test_see_also_line_belongs_to_the_rule_above():
    paras = read_unnumbered("规则正文。\n\n想获取更多有关信息，请查阅 规则 382.触发式技能 。\n")
    assert len(paras) == 1 and paras[0].text.endswith("请查阅规则382.触发式技能。")


def test_numbered_excerpt_depth_from_numbers_and_bullets():
    text = "346. 打出卡牌\n\n• 347.1. 完成整个过程后。\n\n  • 352.4.a. 这不包括。 举例：例子。\n\n    • 352.8.a.1. 除非另有说明。\n"
    paras = read_numbered(text)
    assert [(p.number, p.depth) for p in paras] == [("346", 0), ("347.1", 1), ("352.4.a", 2), ("352.8.a.1", 3)]
    assert paras[2].examples[0][0] == "例子。"


def test_read_document_detects_numbered_documents():
    assert read_document("346. 打出卡牌\n\n347. 玩家。\n\n• 347.1. 完成。\n")[0].number == "346"
    assert read_document("普通段落。\n\n另一段。\n")[0].number is None


def test_citation_forms():
    cites = find_citations("请查阅规则349.打出卡牌。见规则103.2.a.选定英雄，规则466.1.战斗清理，规则356.2施加该额外费用，规则165.符文池和规则429.获得")
    assert [(c.number, c.title) for c in cites] == [
        ("349", "打出卡牌"), ("103.2.a", "选定英雄"), ("466.1", "战斗清理"), ("356.2", ""), ("165", "符文池"), ("429", "获得")]
