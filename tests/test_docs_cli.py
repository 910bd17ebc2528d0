"""`judge docs build|check` from the command line, on the real store and scenarios."""

from __future__ import annotations

import re


from judge.docs.linkcheck import check_dir
from cli_run import run




def test_docs_build_and_check(tmp_path, capsys):
    out = tmp_path / "site-src"
    code, stdout, stderr = run(capsys, "docs", "build", "--out", str(out))
    assert code == 0, stderr
    assert "已生成" in stdout and "个页面" in stdout
    assert (out / "index.md").is_file() and (out / "rules" / "index.md").is_file()
    report = check_dir(out)
    assert report.broken == []
    # the real tree: every current-version rule has a page, and the burn-out rule its anchor
    assert "{#r-431}" in (out / "rules" / "431.md").read_text(encoding="utf-8")
    # every rule number a ruling cites exists in the tree (rule_link marks any that does not)
    rulings = list((out / "rulings").rglob("*.md"))
    assert len(rulings) > 1
    unknown = sorted({m for p in rulings
                      for m in re.findall(r"([0-9][0-9a-z.&#;]*)（不在规则树中）", p.read_text(encoding="utf-8"))})
    assert unknown == [], f"rule numbers cited by scenario traces but absent from the tree: {unknown}"
    code, stdout, _ = run(capsys, "docs", "check", str(out))
    assert code == 0 and "0 个失效链接" in stdout


def test_docs_build_refuses_foreign_folder_without_traceback(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    code, stdout, stderr = run(capsys, "docs", "build", "--out", str(tmp_path))
    assert code == 2
    assert "输出目录非空" in stderr and "Traceback" not in stderr
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_docs_check_missing_dir(tmp_path, capsys):
    code, _, stderr = run(capsys, "docs", "check", str(tmp_path / "nope"))
    assert code == 2 and "找不到文档目录" in stderr
