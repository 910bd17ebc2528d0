"""Chinese titles the tool drafts (judge/rules/data/drafted_titles.tsv) for the skeleton nodes of 440-829
and for the headings of 000-439 the Chinese text dropped: always marked, never rule text, never glossary
terms, and used by `judge rule`, the docs and `judge search`."""

import re

import pytest
from reference_files import ENGLISH as REFERENCE

from judge.cli import main
from judge.paths import REPO_DIR
from judge.rules import drafted
from judge.rules.official import read_map
from judge.search.engine import search

# The chapters a judge needs most: movement and recall, combat, scoring, modes, conceding, the 700s, keywords.
CHAPTERS = [(440, 472), (481, 489), (649, 652), (700, 767), (800, 829)]


def run(capsys, *args):
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out = capsys.readouterr()
    return exc.value.code, out.out


@pytest.fixture(scope="module")
def nmap():
    return {row.number: row for row in read_map(REPO_DIR / "rules_corpus" / "numbering-map.tsv").rows}


def test_drafted_titles_are_for_untitled_skeleton_nodes_and_dropped_headings(nmap):
    for number, (title, words) in drafted.drafted().items():
        row = nmap.get(number)
        assert row is not None and row.role == ("heading" if int(number.split(".")[0]) < 440 else "absent"), number
        assert not row.title, f"{number}: the numbering map already titles it ({row.title})"
        assert title and re.search("[\u4e00-\u9fff]", title), number
        assert not re.search(r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+", title), f"{number}: an English phrase in {title}"
        assert all(w and "\t" not in w for w in words), number


def test_every_level_0_and_1_node_of_the_judges_chapters_has_a_title(nmap):
    untitled = [n for n, row in nmap.items() if row.role == "absent" and n.count(".") <= 1 and not row.title
                and any(lo <= int(n.split(".")[0]) <= hi for lo, hi in CHAPTERS) and n not in drafted.drafted()]
    assert not untitled


def test_every_dropped_heading_of_000_439_has_a_title(nmap):
    """A heading the Chinese text lost is titled by a citation, the glossary, or the tool (marked)."""
    untitled = [n for n, row in nmap.items() if row.role == "heading" and not row.title and n not in drafted.drafted()]
    assert untitled == ["108.1"]  # left untitled on purpose: see the header of data/drafted_titles.tsv


def test_table_rows_are_in_number_order():
    from judge.rules.model import parse_number

    numbers = list(drafted.drafted())
    assert numbers == sorted(numbers, key=parse_number)


def test_no_title_copies_the_reference(nmap):
    """The English reference, when present, shares no phrase with the drafted titles (they are Chinese);
    and no title is the reference heading word for word."""
    if REFERENCE is None:
        pytest.skip("reference file absent")
    text = REFERENCE.read_text(encoding="utf-8")
    for number, (title, _w) in drafted.drafted().items():
        latin = re.findall(r"[A-Za-z][A-Za-z\-]+", title)
        assert len(latin) <= 1, (number, title)
        assert f"{number}. {title}" not in text


def test_store_marks_drafted_titles_and_keeps_them_out_of_the_glossary(conn):
    rows = conn.execute("SELECT number, title, text, evidence, number_source, is_heading FROM rules "
                        "WHERE version = (SELECT MAX(version) FROM rules WHERE number_source = 'absent')").fetchall()
    marked = {n: (t, x, e) for n, t, x, e, _s, _h in rows if t and t.endswith(drafted.MARK)}
    assert set(marked) == set(drafted.drafted()) | set(drafted.labels())
    for number, (title, text, evidence) in marked.items():
        assert not text, number  # the rule's text stays absent; a dropped heading has none
        assert "本工具所拟" in evidence and "不是官方规则文本" in evidence
    headings = {n: (s, h) for n, t, _x, _e, s, h in rows if n in marked and int(n.split(".")[0]) < 440}
    assert headings and all(v == ("official", 1) for v in headings.values())  # still an official heading
    terms = {r[0] for r in conn.execute("SELECT term FROM terms")}
    assert not any(drafted.MARK in t for t in terms)
    # Only keyword names (term pairs the glossary has from elsewhere) may coincide with a glossary term.
    phrases = {drafted.strip_mark(t) for t, _x, _e in marked.values() if len(drafted.strip_mark(t)) > 4}
    assert not phrases & terms


def test_judge_rule_shows_the_mark(capsys):
    code, out = run(capsys, "rule", "456")
    assert code == 0
    assert "规则 456 召回不是移动" + drafted.MARK in out
    assert "456.3 禁止移动的效果挡不住召回" + drafted.MARK in out
    assert "不是官方规则文本" in out
    code, out = run(capsys, "rule", "459")
    assert "本节规则" in out and "462 战斗仅限两名玩家之间" + drafted.MARK in out


def test_judge_rule_shows_an_official_heading_the_tool_titled_with_its_section(capsys):
    """473 (the layers) is a heading of the official text that no Chinese source names: a heading still,
    with its section (474-480, up to 481 游戏模式), its title marked as the tool's."""
    import json

    code, out = run(capsys, "rule", "473", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["rule"]["is_heading"] == 1 and data["rule"]["title"] == drafted.title_of("473")
    assert [r["number"] for r in data["section"]] == [str(n) for n in range(474, 481)]
    code, out = run(capsys, "rule", "473")
    assert "规则 473 效果层" + drafted.MARK in out
    assert "本节规则" in out and "477 " + drafted.title_of("477") in out and "481 " not in out


def test_judge_rule_shows_the_mark_on_a_dropped_heading(capsys):
    code, out = run(capsys, "rule", "315")
    assert code == 0
    assert "315.1 唤醒阶段" + drafted.MARK in out and "315.3 召出阶段" + drafted.MARK in out
    assert "中文正文缺此标题" not in out
    code, out = run(capsys, "rule", "315.1")
    assert "规则 315.1 唤醒阶段" + drafted.MARK in out and "不是官方规则文本" in out


def test_docs_page_shows_the_mark_on_a_dropped_heading(conn):
    from judge.docs import data as docs_data
    from judge.docs.context import SiteContext
    from judge.docs.markup import esc
    from judge.docs.pages_rules import render_section

    ctx = SiteContext(docs_data.load(conn), [])
    section = next(s for s in ctx.sections if any(r.number == "315.1" for r in s.rules))
    page = render_section(ctx, section)
    assert esc("315.1") + " " + esc("唤醒阶段" + drafted.MARK) in page


def test_search_finds_a_dropped_heading_by_its_drafted_title(conn):
    for query in ("唤醒阶段", "金规则"):
        hits = search(conn, query, limit=5).to_dict()["hits"]
        top = [h for h in hits if h["kind"] == "rule"]
        assert top and top[0]["title"].endswith(drafted.MARK), query
        assert top[0]["number"] in {"315.1", "001"} and top[0]["number_source"] == "official"


def test_search_finds_skeleton_rules_by_their_drafted_title(conn):
    hits = search(conn, "召回的单位伤害还在吗", limit=5).to_dict()["hits"]
    top = [h for h in hits if h["kind"] == "rule"]
    assert top and top[0]["number"] in {"458", "458.1"}
    assert top[0]["title"].endswith(drafted.MARK) and top[0]["number_source"] == "absent"
    assert "不是官方条文" in top[0]["text"]
    # The mark is shown, never searched.
    assert not [h for h in search(conn, "本工具所拟", limit=5).to_dict()["hits"] if h["number_source"] == "absent"]


def test_display_labels_are_for_untitled_skeleton_nodes_only(nmap):
    """data/drafted_labels.tsv: the sub-rules of 440-829 no source and no drafted title names, in number order,
    Chinese, never the reference's words."""
    from judge.rules.model import parse_number

    labels = drafted.labels()
    assert len(labels) >= 150
    assert list(labels) == sorted(labels, key=parse_number)
    assert not set(labels) & set(drafted.drafted())
    reference = REFERENCE.read_text(encoding="utf-8") if REFERENCE is not None else ""
    for number, label in labels.items():
        row = nmap.get(number)
        assert row is not None and row.role == "absent" and not row.title, number
        assert 440 <= int(number.split(".")[0]) <= 829, number
        assert re.search("[\u4e00-\u9fff]", label) and len(re.findall(r"[A-Za-z][A-Za-z\-]+", label)) <= 1, number
        assert f"{number}. {label}" not in reference


def test_a_broken_labels_table_is_refused_in_chinese(tmp_path):
    from judge.errors import JudgeError

    bad = tmp_path / "labels.tsv"
    bad.write_text("466.3.a\t赢得战斗\n466.3.a\t又一次\n", encoding="utf-8")
    with pytest.raises(JudgeError) as exc:
        drafted.labels(str(bad))
    assert "已在前面出现" in str(exc.value) and "labels.tsv" in str(exc.value) and "2" in str(exc.value)
    bad.write_text("816.1\t瞬息\n", encoding="utf-8")  # drafted_titles.tsv titles it (and searches it) already
    with pytest.raises(JudgeError) as exc:
        drafted.labels(str(bad))
    assert "已在拟定标题表中" in str(exc.value)


def test_judge_rule_shows_the_labels_marked(capsys):
    code, out = run(capsys, "rule", "466.3")
    assert code == 0
    assert "466.3.a " + drafted.labels()["466.3.a"] + drafted.MARK in out
    assert "466.3.d.1 " + drafted.labels()["466.3.d.1"] + drafted.MARK in out
    code, out = run(capsys, "rule", "816.1.b")
    assert "规则 816.1.b " + drafted.labels()["816.1.b"] + drafted.MARK in out and "不是官方规则文本" in out


def test_the_search_shows_a_label_but_never_indexes_it(conn):
    """A label is shown on the node's result line and in its children's breadcrumbs, marked; the index holds the
    node as untitled (indexing the labels cost answers in the first five: drafted.py), so the label's own words
    are not what finds it."""
    from judge.search.text import norm_text

    title, norm = conn.execute("SELECT title, norm FROM search_docs WHERE kind = 'rule' AND number = '816.1.b'").fetchone()
    assert not title and norm_text(drafted.labels()["816.1.b"]) not in (norm or "")
    hit = search(conn, "816.1.b", limit=1).to_dict()["hits"][0]
    assert hit["number"] == "816.1.b" and hit["title"] == drafted.labels()["816.1.b"] + drafted.MARK
    hit = search(conn, "464.2.c.3.a", limit=1).to_dict()["hits"][0]
    assert "464.2.c.3 " + drafted.labels()["464.2.c.3"] + drafted.MARK in hit["breadcrumb"]


def test_docs_page_shows_a_label_marked(conn):
    from judge.docs import data as docs_data
    from judge.docs.context import SiteContext
    from judge.docs.markup import esc
    from judge.docs.pages_rules import render_section

    ctx = SiteContext(docs_data.load(conn), [])
    section = next(s for s in ctx.sections if any(r.number == "466.3.a" for r in s.rules))
    page = render_section(ctx, section)
    assert esc("466.3.a") + " " + esc(drafted.labels()["466.3.a"] + drafted.MARK) in page
