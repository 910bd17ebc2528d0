"""`judge search` from the command line: fast path and typer path, text and JSON output, errors."""

import json
import os
import subprocess
import sys
from pathlib import Path


JUDGE = [str(Path(sys.executable).with_name("judge"))] if Path(sys.executable).with_name("judge").exists() else [sys.executable, "-m", "judge"]


def run(*args, env=None):
    e = dict(os.environ, **(env or {}))
    e.pop("NO_COLOR", None)
    return subprocess.run(JUDGE + ["search", *args], capture_output=True, text=True, env=e, timeout=120)


def test_text_output_lists_hits_with_kind_number_and_highlight():
    r = run("燃尽", "--limit", "3")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].lstrip().startswith("1. [")
    assert "「燃尽」" in r.stdout  # highlighted without colour when not a terminal
    assert "得分" in r.stdout
    assert "Traceback" not in r.stderr


def test_color_always_uses_ansi():
    r = run("燃尽", "--color=always", "-n", "2")
    assert "\x1b[1;33m燃尽\x1b[0m" in r.stdout


def test_json_schema_is_stable():
    r = run("Hidden", "--json", "--limit", "5")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["schema_version"] == 1
    for key in ("query", "normalized", "question_like", "concepts", "citations", "corrections", "notes", "suggestions", "hits"):
        assert key in data
    hit = data["hits"][0]
    for key in ("rank", "kind", "kind_label", "id", "number", "display_number", "number_source", "inferred",
                "breadcrumb", "title", "snippet", "highlights", "text", "score", "coverage", "matched", "direct",
                "note", "status", "status_label", "superseded", "superseded_by", "status_note", "source", "sub_rules"):
        assert key in hit, key
    assert hit["kind_label"] in ("规则", "FAQ", "勘误", "术语")


def test_partly_superseded_faq_in_json_and_text():
    # core FAQ 89 (both sides survive): its result holds (attackers recalled, the defender keeps control, no
    # point); the recall is now step 3d of the combat cleanup and the result "No Result", under 466.
    r = run("战斗双方都有单位存活会发生什么", "--kind", "FAQ", "--json", "--limit", "20")
    hit = next(h for h in json.loads(r.stdout)["hits"] if h["id"] == "C-L89")
    assert hit["status"] == "partly_superseded" and hit["status_label"] == "部分被取代（结论仍成立）"
    assert hit["superseded"] is True  # replaced in part: ranked as a superseded entry
    assert hit["superseded_by"].startswith("466 ") and hit["status_note"].startswith("结论仍成立")
    text = run("战斗双方都有单位存活会发生什么", "--kind", "FAQ", "--limit", "20").stdout
    line = next(l for l in text.splitlines() if "C-L89" in l)
    assert "［部分被取代，结论仍成立；被取代的部分以 466 " in line and "已被取代" not in line
    # a superseded entry keeps its tag: core FAQ 718 (Sun Disc counting itself), replaced by 812.1.c
    text = run("太阳圆盘 鼓舞 自己", "--kind", "FAQ", "--limit", "20").stdout
    line = next(l for l in text.splitlines() if "C-L718" in l)
    assert "［已被取代，以 812.1.c" in line


def test_kind_filter_from_cli():
    r = run("待命", "--kind", "FAQ", "--json")
    data = json.loads(r.stdout)
    assert data["hits"] and {h["kind"] for h in data["hits"]} == {"faq"}


def test_citation_is_a_direct_hit():
    r = run("规则", "318", "--json")
    data = json.loads(r.stdout)
    assert data["hits"][0]["direct"] and data["hits"][0]["number"] == "318"
    assert "直接命中" in run("规则", "318").stdout


def test_empty_query_is_a_clear_error():
    for args in ([], ["   "]):
        r = run(*args)
        assert r.returncode == 2
        assert "搜索内容为空" in r.stderr and "judge search 燃尽" in r.stderr
        assert "Traceback" not in r.stderr


def test_unknown_kind_is_a_clear_error():
    r = run("燃尽", "--kind", "卡牌")
    assert r.returncode == 2
    assert "未知的结果类型「卡牌」" in r.stderr


def test_nothing_found_is_an_answer_with_exit_0():
    r = run("qqqqzzzzxxxx")
    assert r.returncode == 0, r.stderr
    assert "没有找到与「qqqqzzzzxxxx」相关的内容" in r.stdout
    r = run("qqqqzzzzxxxx", "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["hits"] == []
    assert data["message"].startswith("没有找到")


def test_nothing_found_names_the_closest_terms():
    r = run("燃尽规则书签页", "--json", "--kind", "勘误")
    data = json.loads(r.stdout)
    if not data["hits"]:
        assert data["suggestions"], data
        assert "最接近的术语" in data["message"]


def test_help_goes_through_typer():
    r = run("--help")
    assert r.returncode == 0
    assert "--limit" in r.stdout and "--kind" in r.stdout and "--json" in r.stdout


def test_fts_syntax_from_the_command_line_does_not_crash():
    for q in ("NEAR(", "燃尽 AND", "title:x", "燃尽^", "{chars}:燃"):
        r = run(q)
        assert r.returncode == 0, (q, r.stderr)
        assert "Traceback" not in r.stderr
    for q in ('"', "*", "^", "()", "？？！"):  # nothing searchable at all: said so, exit 2
        r = run(q)
        assert r.returncode == 2 and "只有标点或符号" in r.stderr and "Traceback" not in r.stderr, q


def test_cold_path_loads_no_heavy_library():
    """jieba, typer, rich, sqlite_utils, opencc, pypinyin, dataclasses (and rapidfuzz for a plain query)
    stay unloaded."""
    code = (
        "import sys, io, contextlib\n"
        "from judge.cli import main\n"
        "buf = io.StringIO()\n"
        "try:\n"
        "    with contextlib.redirect_stdout(buf):\n"
        "        main(['search', '燃尽'])\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0, e.code\n"
        "heavy = {'jieba', 'typer', 'rich', 'sqlite_utils', 'opencc', 'pypinyin', 'rapidfuzz', 'click', 'dataclasses'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    assert run("燃尽").returncode == 0  # the store exists (building it is not the query path)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"


def test_too_long_query_is_a_clear_error_not_echoed():
    from judge.search.analyze import MAX_QUERY_CHARS

    r = run("燃尽" * MAX_QUERY_CHARS)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "搜索内容过长" in r.stderr and f"最多 {MAX_QUERY_CHARS} 个" in r.stderr
    assert len(r.stderr) < 300  # the query is not echoed back
    assert run("燃" * MAX_QUERY_CHARS, "--limit", "1").returncode == 0  # the limit itself is allowed


def test_nothing_found_json_has_the_message_and_closest_terms():
    r = run("zzburnoutzz", "--json")
    data = json.loads(r.stdout)
    assert r.returncode == 0 and data["hits"] == []
    assert data["message"].startswith("没有找到与「zzburnoutzz」相关的内容")
    assert "燃尽" in data["suggestions"] and "最接近的术语：" + "、".join(data["suggestions"]) in data["message"]
    text = run("zzburnoutzz")
    assert text.returncode == 0 and data["message"] in text.stdout


def test_help_documents_every_option_the_fast_parser_takes():
    """Both parsers take the same options, and `--help` explains each, the exit status and the limits."""
    import re

    from judge.cli import search_cmd
    from judge.search.analyze import MAX_QUERY_CHARS

    source = Path(search_cmd.__file__).read_text(encoding="utf-8")
    fast_src = source[source.index("def fast("):source.index("def register(")]
    options = set(re.findall(r'"(--?[a-z][a-z-]*)', fast_src)) - {"--"}
    assert {"--limit", "-n", "--kind", "-k", "--json", "--color", "--no-color"} <= options
    r = run("--help")
    assert r.returncode == 0
    for opt in options:
        assert re.search(rf"(^|[\s,]){re.escape(opt)}\b", r.stdout), opt
    for said in ("退出状态", "hits: []", str(MAX_QUERY_CHARS), "卡牌名称", "规则编号", "judge search -- -燃尽"):
        assert said in r.stdout, said
    assert "query" not in r.stdout  # the argument is named in Chinese too
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    search_part = readme[readme.index("## Search"):]
    for opt in options:
        if opt.startswith("--"):
            assert f"`{opt}" in search_part, f"README's Search section does not document {opt}"
    for opt in ("--no-color", "--color=never"):  # the fast path and typer agree on each option
        assert run("燃尽", opt, "-n", "1").returncode == 0
        assert run("燃尽", opt, "-n", "1", "--bogus-typer-fallback").returncode == 2
