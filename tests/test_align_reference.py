"""Reading numbered reference documents, and the errors for bad ones (each names the file)."""

from pathlib import Path

import pytest

from judge.rules.align.reference import ReferenceError, number_key, parse_file, parse_text

FIX = Path(__file__).parent / "fixtures" / "align"


def test_zh_fixture_numbers_levels_headings_examples_and_wrapped_lines():
    lang, rules, date = parse_file(FIX / "numbered.zh.txt")
    assert lang == "zh" and date == "2026-03-03"
    by = {r.number: r for r in rules}
    assert len(rules) == 44
    assert [r.number for r in rules[:4]] == ["300", "301", "301.1", "301.2"]
    assert by["300"].is_heading and by["300"].text == "游戏结构" and by["300"].level == 0
    assert by["303.1"].is_heading and by["303.1"].level == 1          # sub-heading
    assert not by["303"].is_heading                                   # ends with "："
    assert by["303.1.a"].level == 2
    # wrapped line joined without a space between CJK characters
    assert by["301"].text.endswith("轮流进行回合，从先手玩家开始。")
    assert by["303.2.a"].text == "回合玩家抽 1 张牌。如果无法抽牌，则改为失去1 分。"
    assert by["303.2.a"].examples == ["主牌堆为空且拥有 3 分的玩家，分数会降至 2 分。"]
    assert by["306.1"].text.startswith("1.展示该卡牌")                # step number kept in the text
    assert by["310.2"].examples and "[绝念]" in by["310.2"].examples[0]


def test_en_fixture_wraps_with_spaces_and_reads_examples():
    lang, rules, date = parse_file(FIX / "numbered.en.txt")
    assert lang == "en" and date == "2026-03-03"
    by = {r.number: r for r in rules}
    assert len(rules) == 44
    assert by["301"].text == ("A game is played over a series of turns. Players take turns in clockwise order, "
                              "starting with the first player.")
    assert by["303.2.a"].text.endswith("they lose 1 point instead.")
    assert by["303.2.a"].examples == ["A player with an empty main deck and 3 points would go down to 2 points."]
    assert by["305"].is_heading and by["305"].text == "Playing Cards"
    assert not by["306.1"].is_heading


def test_older_excerpt_bullets_and_inline_examples():
    path = Path(__file__).parent.parent / "rules_corpus" / "core-rules-playing-cards-excerpt-older-numbering.zh.txt"
    lang, rules, _ = parse_file(path)
    by = {r.number: r for r in rules}
    assert lang == "zh" and rules[0].number == "346" and by["346"].is_heading
    assert "352.8.a.1" in by and by["352.8.a.1"].level == 3
    assert len(by["352.4.a"].examples) == 2 and by["352.4.a"].text.startswith("这不包括")


def test_number_order_key():
    order = ["352.8", "352.8.a", "352.8.a.1", "352.8.b", "352.9", "352.10", "353"]
    assert sorted(order, key=number_key) == order


@pytest.mark.parametrize("content, expected", [
    (b"", "参考文件为空"),
    (b"   \n\n  \n", "参考文件为空"),
    ("这是一段没有任何编号的文字。\n第二行。\n".encode(), "没有找到带编号的规则"),
    ("300. 游戏结构\n301. 第一条。\n302. 第二条。\n301.1. 乱序。\n".encode(), "编号不是递增的"),
    ("300. 游戏结构\n300. 重复。\n".encode(), "编号不是递增的"),
    (b"%PDF-1.4\x00\x01\x02binary", "无法读取 PDF 文件"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "不是纯文本"),
    (b"300. \xff\xfe\xfa bad", "不是有效的 UTF-8"),
])
def test_bad_files_get_a_clear_chinese_error_naming_the_file(tmp_path, content, expected):
    path = tmp_path / "bad-ref.txt"
    path.write_bytes(content)
    with pytest.raises(ReferenceError) as err:
        parse_file(path)
    assert expected in err.value.message
    assert "bad-ref.txt" in err.value.message


def test_out_of_order_error_gives_both_lines(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text("300. 游戏结构\n\n301. 第一条。\n\n300.1. 回头了。\n", encoding="utf-8")
    with pytest.raises(ReferenceError) as err:
        parse_file(path)
    assert "第 5 行" in err.value.message and "第 3 行" in err.value.message and "300.1" in err.value.message


def test_wrong_language_flag():
    with pytest.raises(ReferenceError) as err:
        parse_file(FIX / "numbered.en.txt", lang="zh")
    assert "英文" in err.value.message and "--lang zh" in err.value.message and "numbered.en.txt" in err.value.message
    assert "--lang en" in err.value.hint
    with pytest.raises(ReferenceError) as err:
        parse_file(FIX / "numbered.zh.txt", lang="en")
    assert "中文" in err.value.message
    with pytest.raises(ReferenceError):
        parse_text("300. x", "f.txt", lang="fr")


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(ReferenceError, match="找不到参考文件"):
        parse_file(tmp_path / "nope.txt")
    with pytest.raises(ReferenceError, match="目录"):
        parse_file(tmp_path)


def test_pdf_artifacts_wrapped_cross_references_and_page_numbers(tmp_path):
    path = tmp_path / "pdf.txt"
    path.write_text(
        "360. Abilities\n"
        "361. An ability is text on a card. For more information about playing cards, see rule\n"
        "349. Playing Cards. It may be\n"
        "12\n"
        "Page 13 of 80\n"
        "activated or triggered.\n"
        "361.1. Abilities can be written on any card, see rule\n"
        "800. Keywords.\n"
        "362. Next rule.\n", encoding="utf-8")
    lang, rules, _ = parse_file(path)
    assert [r.number for r in rules] == ["360", "361", "361.1", "362"]
    assert rules[1].text == ("An ability is text on a card. For more information about playing cards, see rule "
                             "349. Playing Cards. It may be activated or triggered.")
    assert rules[2].text.endswith("see rule 800. Keywords.")


def test_out_of_order_after_a_finished_sentence_is_still_an_error(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text("360. Abilities\n361. An ability is text.\n349. Playing Cards\n", encoding="utf-8")
    with pytest.raises(ReferenceError, match="编号不是递增的"):
        parse_file(path)
