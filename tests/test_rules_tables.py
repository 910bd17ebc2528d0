"""The rules side's shipped tables (judge/rules/tables.py): a malformed row of any of them is a Chinese
error naming the file and line, never a row silently dropped."""

import pytest

from judge.errors import CorpusError
from judge.rules import citation_review, drafted, tables, translation_notes


def _table(tmp_path, body: str) -> str:
    path = tmp_path / "table.tsv"
    path.write_text("# a comment\n\n" + body + "\n", encoding="utf-8")
    return str(path)


def test_rows_skip_comments_and_pad_optional_cells(tmp_path):
    path = _table(tmp_path, "466.1\t战斗清理\n466.2\t标题\t词一、词二")
    assert tables.rows(path, "表", ["编号", "标题", "检索词"], optional=1) == [
        (3, ["466.1", "战斗清理", ""]), (4, ["466.2", "标题", "词一、词二"])]
    assert tables.rows(str(tmp_path / "absent.tsv"), "表", ["编号"]) == []


@pytest.mark.parametrize("body, expected", [
    ("466.1", "应为两列：编号、标题，实有 1 列"),
    ("466.1\t标题\t多余", "实有 3 列"),
    ("466.1\t", "“标题”一列为空"),
])
def test_rows_name_the_file_and_line(tmp_path, body, expected):
    path = _table(tmp_path, body)
    with pytest.raises(CorpusError) as exc:
        tables.rows(path, "某表", ["编号", "标题"])
    assert str(exc.value).startswith(f"某表 {path} 第 3 行：") and expected in str(exc.value)


@pytest.mark.parametrize("body, expected, line", [
    ("466.1", "应为三列", 3),                      # a title missing: it used to be skipped silently
    ("466.1\t\t召回", "“标题”一列为空", 3),
    ("战斗\t战斗清理", "不是规则编号", 3),
    ("466.1\t战斗清理\n466.1\t别的标题", "已在前面出现", 4),
])
def test_a_malformed_drafted_row_fails_loudly(tmp_path, body, expected, line):
    path = _table(tmp_path, body)
    with pytest.raises(CorpusError) as exc:
        drafted.drafted(path)
    assert f"{drafted.WHAT} {path} 第 {line} 行" in str(exc.value) and expected in str(exc.value)
    assert drafted.drafted()  # the shipped table's cache is untouched


def test_a_well_formed_drafted_table(tmp_path):
    path = _table(tmp_path, "466.1\t战斗清理\t清理、战斗\n466.2\t别的标题\t")
    assert drafted.drafted(path) == {"466.1": ("战斗清理", ("清理", "战斗")), "466.2": ("别的标题", ())}


@pytest.mark.parametrize("body, expected", [
    ("x.txt\t12\t317.2\t回合结束阶段\t317\t317", "应为七列"),
    ("x.txt\t十二\t317.2\t回合结束阶段\t317\t317\t说明", "应为行号"),
    ("x.txt\t12\t317.2\t回合结束阶段\t回合\t317\t说明", "应为规则编号"),
])
def test_a_malformed_citation_correction_fails_loudly(tmp_path, body, expected):
    path = _table(tmp_path, "\t".join(citation_review.COLUMNS) + "\n" + body)
    with pytest.raises(CorpusError) as exc:
        citation_review.corrections(path)
    assert f"{citation_review.WHAT} {path} 第 4 行" in str(exc.value) and expected in str(exc.value)


def test_a_malformed_translation_note_fails_loudly(tmp_path):
    path = _table(tmp_path, "417.6.b\t疑似误译\t")
    with pytest.raises(CorpusError) as exc:
        translation_notes.notes(path)
    assert f"{translation_notes.WHAT} {path} 第 3 行" in str(exc.value) and "“说明”一列为空" in str(exc.value)
