"""Translation notes (judge/rules/data/translation_notes.tsv): places where the Chinese 2026-07-17 text
differs from the official English v1.4 of the same number. Every row names a rule of the tree, has a
declared kind, and is shown with the rule by `judge rule`, the docs pages and search hits."""

import re

import pytest
from reference_files import ENGLISH as REFERENCE

from judge.cli import main
from judge.rules import translation_notes
from judge.search import render as search_render
from judge.search.engine import search, to_dict



def run(capsys, *args):
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    return exc.value.code, capsys.readouterr().out


@pytest.fixture(scope="module")
def rules(conn):
    return {n: (t or "", x or "") for n, t, x in conn.execute("SELECT number, title, text FROM rules WHERE number IS NOT NULL")}


def test_rows_name_existing_rules_with_declared_kinds(rules):
    notes = translation_notes.notes()
    assert len(notes) >= 20
    for number, (kind, note) in notes.items():
        assert number in rules, number
        assert kind in translation_notes.KINDS, (number, kind)
        assert re.search("[\u4e00-\u9fff]", note) and "v1.4" in note, number
        assert not re.search(r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+", note), f"{number}: an English phrase in the note"


def test_the_flipped_negation_is_noted():
    kind, note = translation_notes.note_of("417.6.b")
    assert kind == "疑似误译" and "未指明" in note


def test_missing_rows_are_empty_in_chinese_and_present_in_english(rules):
    if REFERENCE is None:
        pytest.skip("reference file absent")
    english = {}
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(\d{3}(?:\.\w+)*)\.\s+(\S.*)$", line)
        if m:
            english.setdefault(m.group(1), m.group(2))
    missing = [n for n, (kind, _) in translation_notes.notes().items() if kind == "正文缺失"]
    assert len(missing) >= 10
    for number in missing:
        title, text = rules[number]
        assert not text.strip(), f"{number} has Chinese text: not a missing paragraph"
        assert english.get(number, "").strip(), f"{number} is not in the English reference"


def test_judge_rule_shows_the_note(capsys):
    code, out = run(capsys, "rule", "417.6.b")
    assert code == 0
    assert f"{translation_notes.LABEL}［疑似误译］" in out
    assert translation_notes.note_of("417.6.b")[1] in out
    code, out = run(capsys, "rule", "417.6")
    assert "417.6.b" in out and f"［{translation_notes.LABEL}］" in out  # marked in the sub-rule tree
    assert translation_notes.note_of("417.6.a") is None


def test_judge_rule_json_carries_the_note(capsys):
    import json

    code, out = run(capsys, "rule", "319.8", "--json")
    assert code == 0
    assert json.loads(out)["translation_note"]["kind"] == "正文缺失"


def test_search_hit_carries_the_marker(conn):
    assert search_render.TRANSLATION_TAG == translation_notes.LABEL
    data = to_dict(search(conn, "417.6.b"))
    hit = next(h for h in data["hits"] if h["number"] == "417.6.b")
    assert translation_notes.note_of("417.6.b")[1] in hit["translation_note"]
    assert f"［{translation_notes.LABEL}］" in search_render.render_text(data)
    data = to_dict(search(conn, "417.6.a"))
    assert not next(h for h in data["hits"] if h["number"] == "417.6.a")["translation_note"]


def test_docs_page_of_417_shows_the_note(conn):
    from judge.docs import data as docs_data
    from judge.docs.context import SiteContext
    from judge.docs.markup import esc
    from judge.docs.pages_rules import render_section

    ctx = SiteContext(docs_data.load(conn), [])
    section = next(s for s in ctx.sections if any(r.number == "417.6.b" for r in s.rules))
    page = render_section(ctx, section)
    assert f'!!! warning "{translation_notes.LABEL}［疑似误译］"' in page
    assert esc(translation_notes.note_of("417.6.b")[1]) in page
    assert translation_notes.OWN_WORDS in page


@pytest.mark.parametrize("row, expected, line", [
    ("417.6.b\t疑似误译", "应为三列", 2),
    ("417.6.b\t不明类别\t说明", "不在", 2),
    ("417.6.b\t疑似误译\t说明一\n417.6.b\t疑似误译\t说明二", "已在前面出现", 3),
])
def test_a_malformed_table_is_a_located_chinese_error(tmp_path, row, expected, line):
    from judge.errors import CorpusError

    path = tmp_path / "notes.tsv"
    path.write_text("# comment\n" + row + "\n", encoding="utf-8")
    with pytest.raises(CorpusError) as exc:
        translation_notes.notes(str(path))
    assert expected in str(exc.value) and f"{path} 第 {line} 行" in str(exc.value)
    assert translation_notes.notes()["417.6.b"][0] == "疑似误译"  # the shipped table's cache is untouched
