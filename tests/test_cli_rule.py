"""`judge rule`, `judge rules export`, `judge diff`: what a judge sees, including bad input."""

import csv
import json
import subprocess
import sys

import pytest

from cli_run import run




def test_rule_heading_shows_its_section(capsys):
    code, out, _ = run(capsys, "rule", "349")
    assert code == 0
    # Official numbers (the shipped numbering map): 350 is the reference's 350, no longer an inferred ≈350.
    assert "规则 349 打出卡牌" in out and "编号来源：与官方编号规则文本（英文核心规则 v1.4，2026-06-18）对齐" in out
    assert "本节规则" in out and "350 玩家使用自己卡牌的行为" in out and "≈350" not in out
    assert "被引用" in out


def test_rule_with_subtree_breadcrumb_examples_and_links(capsys):
    code, out, _ = run(capsys, "rule", "规则 355.6.目标选取")
    assert code == 0 and "355.6 目标选取" in out
    target = json.loads(run(capsys, "rule", "355", "--json")[1])
    numbers = [r["number"] for r in target["subtree"]]
    assert "355.6" in numbers and numbers == sorted(numbers, key=lambda n: [int(x) if x.isdigit() else ord(x) for x in n.split(".")])
    req = next(r for r in target["subtree"] if r["text"].startswith("当目标满足以下所有要求时"))
    code, out, _ = run(capsys, "rule", req["number"])
    assert out.splitlines()[0].startswith(("355 ", "上级：355")) or "› " in out.splitlines()[0]
    # 355.9 in the official numbering (the earlier guess was ≈355.7).
    assert req["number"] == "355.9" and req["number_source"] == "official"
    assert f"规则 {req['number']}" in out and "编号来源：与官方编号规则文本" in out and "├─" in out
    code, out, _ = run(capsys, "rule", "≈" + req["number"] + ".a")
    assert code == 0 and "举例：" in out and "出处：core-rules-2026-07-17.zh.txt 第" in out


@pytest.mark.slow   # a store build of an edited corpus
def test_inferred_numbers_are_always_marked(capsys, edited_corpus):
    from judge.store import open_store

    # Every shipped paragraph has its official number; a paragraph the numbering map does not know
    # (here: one reworded) keeps an inferred number, always shown with "≈".
    conn = open_store()
    number = conn.execute("SELECT number FROM rules WHERE version = '2026-07-17' AND text LIKE ?",
                          (edited_corpus + "%",)).fetchone()[0]
    conn.close()
    data = json.loads(run(capsys, "rule", number, "--json")[1])
    assert data["rule"]["number_source"] == "inferred" and data["rule"]["display_number"] == "≈" + number
    code, out, _ = run(capsys, "rule", number)
    assert f"规则 ≈{number}" in out and "置信度" in out and "编号对照表" in out


def test_absent_rule_says_the_text_is_not_in_the_corpus(capsys):
    code, out, _ = run(capsys, "rule", "459")
    assert code == 0
    assert "459 战斗" in out and "正文不在语料中" in out
    assert "被引用" in out and "请查阅规则459.战斗" in out


def test_range_and_depth(capsys):
    code, out, _ = run(capsys, "rule", "318-323", "--depth", "0")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("318 清理") and any(l.startswith(("319", "≈319")) for l in lines)
    assert all(318 <= int(l.split()[0].lstrip("≈")) <= 323 for l in lines)
    assert all("." not in l.split()[0] for l in lines)  # depth 0: level-0 rules only
    code, out, _ = run(capsys, "rule", "355", "--depth=1", "--json")
    data = json.loads(out)
    assert data["subtree"] and all(r["depth"] == 1 for r in data["subtree"])


@pytest.mark.parametrize("bad", ["352.99", "999", "355.6.zz", "355.6.abc", "abc", "352.8.1"])
def test_unknown_or_malformed_numbers_get_a_chinese_message(capsys, bad):
    code, out, err = run(capsys, "rule", bad)
    assert code == 1 and out == ""
    assert err.startswith("错误：") and "Traceback" not in err
    if bad in ("352.99", "999", "355.6.zz"):  # "zz" is a letter level (702): a number, not in the tree
        assert "找不到规则" in err and "最接近的现有编号" in err
    else:
        assert "不是" in err and "规则编号" in err


def test_bad_depth_is_explained(capsys):
    code, _, err = run(capsys, "rule", "349", "--depth", "x")
    assert code == 1 and "--depth" in err


def test_fast_path_process_has_no_traceback_and_no_heavy_imports():
    code = ("import sys; from judge.cli import main\n"
            "try:\n    main(['rule', '349'])\nexcept SystemExit as e:\n    pass\n"
            "print('HEAVY', sorted(m for m in ('typer', 'rich', 'sqlite_utils', 'jieba', 'rapidfuzz') if m in sys.modules))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "HEAVY []" in p.stdout
    p = subprocess.run([sys.executable, "-c", "from judge.cli import main; main(['rule', 'xyz'])"], capture_output=True, text=True)
    assert p.returncode == 1 and "Traceback" not in p.stderr and "错误：" in p.stderr


def test_typer_help_and_same_renderer(capsys):
    code, out, _ = run(capsys, "rule", "--help")
    assert code == 0 and "--depth" in out and "--json" in out
    from typer.testing import CliRunner

    from judge.cli.app import app

    res = CliRunner().invoke(app, ["rule", "349", "--depth", "0"])
    fast = run(capsys, "rule", "349", "--depth", "0")[1]
    assert res.exit_code == 0 and res.output == fast


def test_export_formats_carry_every_field(capsys, tmp_path):
    code, out, _ = run(capsys, "rules", "export", "--format", "jsonl")
    rows = [json.loads(l) for l in out.splitlines()]
    assert code in (0, None) and len(rows) > 1000
    assert set(rows[0]) >= {"number", "number_source", "confidence", "parent", "level", "title", "text", "examples",
                            "refs_out", "refs_in", "version", "source_file", "source_line"}
    by = {r["number"]: r for r in rows}
    assert by["459"]["number_source"] == "absent" and by["459"]["refs_in"]
    assert any(r["examples"] for r in rows) and any(r["refs_out"] for r in rows)
    run(capsys, "rules", "export", "--format", "csv", "--output", str(tmp_path / "r.csv"))
    with open(tmp_path / "r.csv", encoding="utf-8") as fh:
        assert len(list(csv.DictReader(fh))) == len(rows)
    data = json.loads(run(capsys, "rules", "export", "--format", "json")[1])
    assert len(data) == len(rows)
    code, _, err = run(capsys, "rules", "export", "--format", "xml")
    assert code != 0 and "不支持的导出格式" in err


def test_diff_maps_old_numbers_to_new(capsys):
    code, out, _ = run(capsys, "diff", "older")
    assert "346 → 349" in out and "347 → 350" in out   # 350: official number (was the guess ≈350)
    assert "仅见于旧版编号摘录（older）" in out and "相似度" in out and "比较 older" not in out
    data = json.loads(run(capsys, "diff", "search", "--json")[1])
    assert data["summary"]["changed"] + data["summary"]["only_a"] >= 5
    texts = [p["a"]["text"] for p in data["pairs"] if p["status"] in ("changed", "only_a")]
    assert any("结算后便进入废牌堆" in t for t in texts)
    code, _, err = run(capsys, "diff", "nosuchversion")
    assert code != 0 and "没有版本" in err


def test_absent_rule_lists_faq_entries_about_it(capsys):
    from judge.store import open_store

    conn = open_store()
    if not conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'faq'").fetchone()[0] or \
            not conn.execute("SELECT count(*) FROM faq WHERE topic = '移动'").fetchone()[0]:
        pytest.skip("FAQ tables not built")
    data = json.loads(run(capsys, "rule", "445", "--json")[1])
    assert data["rule"]["number_source"] == "absent"
    assert data["faq"] and all("移动" in (f["topic"] or "") for f in data["faq"] if f["method"] == "topic")
    out = run(capsys, "rule", "445")[1]
    assert "相关 FAQ" in out and "主题：移动" in out


def test_the_number_format_hint_names_rules_that_exist():
    # The hint shown for a malformed number is read as examples: each one must be a real rule.
    import re

    from judge import Rulebook
    from judge.rules.number import _FORM

    examples = re.findall(r"\d{3}(?:\.[0-9a-z]+)*", _FORM)
    assert len(examples) == 4
    book = Rulebook()
    for n in examples:
        assert book.rule(n).number == n
