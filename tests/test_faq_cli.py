"""`judge faq …` and `judge glossary …` from the command line: outputs and Chinese errors, never a traceback."""

import json

import pytest

from cli_run import run




def test_show_superseded_entry_marks_it(capsys):
    # Sun Disc (core FAQ 718) counting itself for 鼓舞: reversed by 812.1.c (a card other than the one with Legion).
    code, out, _ = run(capsys, "faq", "show", "C-L718")
    assert code == 0
    assert "⚠ 已被取代 —— 现行规则 812.1.c" in out and "[取代此条的现行规则]" in out
    assert "出处：origins-core-rules-faq.zh.txt 第 718 行" in out


def test_show_partly_superseded_entry_marks_it_with_the_replacing_rule(capsys):
    # Teemo (core FAQ 755): his defend trigger still fires once when he is played from Hidden into a combat and
    # has one target; only "out of the combat and back in, it triggers twice" is replaced by 383.4.f.2.a.
    code, out, _ = run(capsys, "faq", "show", "C-L755")
    assert code == 0
    assert "⚠ 部分被取代（结论仍成立） —— 现行规则 383.4.f.2.a" in out and "⚠ 已被取代" not in out
    assert "  说明：结论仍成立" in out and "被取代的是“移出战斗再移回可再次触发”的说法" in out
    assert "383.4.f.2.a" in out and "[取代此条部分内容的现行规则]" in out
    assert "修订文本：提莫-军事家 (Teemo, Strategist)" in out
    assert "出处：origins-core-rules-faq.zh.txt 第 755 行" in out
    code, out, _ = run(capsys, "faq", "show", "C-L755", "--json")
    data = json.loads(out)
    assert data["status"] == "partly_superseded" and data["superseded_by"] == "383.4.f.2.a"


def test_show_referee_entry_lists_mapped_citations(capsys):
    code, out, _ = run(capsys, "faq", "show", "r-l61")
    assert code == 0
    assert "466.1 战斗清理（正文未收录于语料）" in out
    assert "原文“规则 [440.1.b.]”为旧编号" in out and "置信度" in out


def test_show_accepts_short_ids_and_json(capsys):
    code, out, _ = run(capsys, "faq", "show", "c33", "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == "C-L33" and data["status"] == "valid"
    depth, text = data["bullets"][0]
    assert depth == 0 and text.endswith("这称为据守。")
    assert data["refs"] and all(r["faq_id"] == "C-L33" for r in data["refs"])


def test_show_unknown_id_suggests(capsys):
    code, _, err = run(capsys, "faq", "show", "C-L9999")
    assert code == 1 and "没有编号为 C-L9999 的 FAQ 条目" in err and "C-L796" in err
    code, _, err = run(capsys, "faq", "show", "提莫")
    assert code == 2 and "不是 FAQ 条目编号" in err


def test_list_filters(capsys):
    code, out, _ = run(capsys, "faq", "list", "--doc", "core", "--topic", "战斗")
    assert code == 0 and "C-L89" in out and "[部分被取代（结论仍成立） → 466]" in out and "R-L" not in out
    code, out, _ = run(capsys, "faq", "list", "--status", "superseded", "--json")
    assert sorted(e["id"] for e in json.loads(out)) == ["C-L718", "C-L724", "R-L41"]
    code, out, _ = run(capsys, "faq", "list", "--status", "partly_superseded", "--json")
    assert len(json.loads(out)) == 9 and {e["status"] for e in json.loads(out)} == {"partly_superseded"}
    code, out, _ = run(capsys, "faq", "list", "--doc", "referee")
    assert "[问题开头缺失]" in out and "共 50 条" in out


def test_list_bad_options(capsys):
    assert run(capsys, "faq", "list", "--doc", "foo")[2].count("未知的 FAQ 文档") == 1
    code, _, err = run(capsys, "faq", "list", "--topic", "不存在的主题")
    assert code == 1 and "可用主题" in err
    assert "未知的状态" in run(capsys, "faq", "list", "--status", "maybe")[2]


def test_errata_by_chinese_english_alias_and_typo(capsys):
    code, out, _ = run(capsys, "faq", "errata", "提莫")
    assert code == 0 and "提莫-军事家 (Teemo, Strategist)" in out and "共 1 条勘误" in out
    assert "风暴印记 (Sigil of the Storm)" in run(capsys, "faq", "errata", "雷霆之纹")[1]  # the FAQ's other name
    assert "回响幽魂" in run(capsys, "faq", "errata", "wraith of echos")[1]               # typo
    code, out, _ = run(capsys, "faq", "errata")
    assert "共 32 条勘误" in out and "幻梦之树" in out


def test_errata_unknown_card(capsys):
    code, _, err = run(capsys, "faq", "errata", "妖异狐火")  # discussed in the FAQ, but no revised text
    assert code == 1 and "没有“妖异狐火”的勘误" in err and "你是不是要找" in err


def test_glossary_term(capsys):
    code, out, _ = run(capsys, "glossary", "Deathknell")
    assert code == 0 and out.startswith("绝念  Deathknell  [关键词]") and "临终遗言（C-L606）" in out
    assert "待命  Hidden" in run(capsys, "glossary", "潜伏")[1]
    out = run(capsys, "glossary", "trash")[1]
    assert "废牌堆  Trash" in out and "坟场" in out
    data = json.loads(run(capsys, "glossary", "Shield", "--json")[1])
    assert [d["term"] for d in data] == ["坚守"]


def test_glossary_list_and_unknown(capsys):
    code, out, _ = run(capsys, "glossary")
    assert code == 0 and "绝念      Deathknell" in out and "个术语" in out
    code, _, err = run(capsys, "glossary", "zzqqxx")
    assert code == 1 and "术语表中没有“zzqqxx”" in err


def test_show_reviewed_valid_entry(capsys):
    code, out, _ = run(capsys, "faq", "show", "R-L99")
    assert code == 0 and "✓ 有效（已与现行规则核对）" in out and "已核对，依据的现行规则" in out


def test_starfall_do_this_twice_is_valid_under_387_1_a(capsys):
    # "进行两次" is a reflexive trigger put on the chain twice (387.1.a, 428.5.d example): the FAQ ruling stands.
    code, out, _ = run(capsys, "faq", "show", "C-L445", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "valid" and not data["superseded_by"]
    assert any(r["method"] == "reviewed" and r["number"] == "387.1.a" for r in data["refs"]), data["refs"]
    code, out, _ = run(capsys, "faq", "show", "C-L445")
    assert "✓ 有效（已与现行规则核对）" in out and "387.1.a" in out and "已被取代" not in out


@pytest.mark.parametrize("text", ["🙂", "'; DROP TABLE faq; --", "a" * 10000, "\x00\x07", "C-L", "R-L-1"])
def test_odd_input_never_raises(capsys, text):
    for args in (("faq", "show", text), ("faq", "errata", text), ("glossary", text), ("faq", "list", "--topic", text)):
        code, out, err = run(capsys, *args)
        assert code in (0, 1, 2), args
        assert code == 0 or err.startswith("错误：")
