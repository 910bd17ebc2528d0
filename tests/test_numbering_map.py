"""The shipped numbering map (rules_corpus/numbering-map.tsv): official numbers out of the box.

The map is an alignment of the Chinese rules to the official numbered rules text (English core
rules v1.4, 2026-06-18, which numbers every rule the Chinese 2026-07-17 text cites the same way).
"""

import re

import pytest

from judge.corpus import manifest
from judge.paths import corpus_dir
from judge.rules import CURRENT_VERSION, citation_review, drafted, lookup
from judge.rules.citations import find_citations
from judge.rules.model import ABSENT, INFERRED, OFFICIAL, parse_number
from judge.rules.official import (
    MAP_NAME, NumberingConflict, check_citations, free_number, load_shipped, read_map, text_sha,
)
from judge.rules.tree import build_trees
from judge.store import open_store
from judge.store.cache import NUMBERING_MAP_NAME


@pytest.fixture(scope="module")
def nmap():
    return load_shipped()


@pytest.fixture(scope="module")
def tree():
    return build_trees(manifest.verify())[CURRENT_VERSION]


def test_map_is_tied_to_the_corpus_document_it_was_made_from(nmap):
    # A changed corpus file makes the map visibly stale: regenerate it (README, "Official numbers").
    docs = {d.file: d for d in manifest.verify()}
    doc = docs[nmap.document]
    assert doc.version == CURRENT_VERSION
    assert nmap.corpus_sha256 == doc.sha256, (
        f"{MAP_NAME} was made from another version of {doc.file}: regenerate it with "
        f"judge corpus align REFERENCE --lang en --export-map rules_corpus/{MAP_NAME}")
    assert NUMBERING_MAP_NAME == MAP_NAME


def test_every_paragraph_key_matches_the_corpus_text(nmap, tree):
    lines = tree.doc.read_text().splitlines()
    paras = {(p.line, text_sha(p.text)) for p in tree.paragraphs}
    for row in nmap.rows:
        if row.role in ("para", "part"):
            assert (row.line, row.text_sha) in paras, (row.number, row.line, lines[row.line - 1][:20])


# A title cut out of a sentence keeps the word before it ("…迅捷或反应 (Reaction)" gave 或反应) or stops
# before the word after it: a title never starts with a connective or preposition, nor ends with one.
_FRAGMENT = re.compile(r"^[或和与及在的]|[的和或与及在之把将对]$")


def test_fragment_shape_catches_cut_out_titles():
    assert _FRAGMENT.search("或反应") and _FRAGMENT.search("在优先权") and _FRAGMENT.search("战斗的")
    assert not any(_FRAGMENT.search(t) for t in ("反应", "优先行动权", "被动技能", "在场单位的战力"[2:]))


def test_no_title_is_a_fragment_of_a_sentence(nmap):
    bad = [(row.number, row.title) for row in nmap.rows if row.title and _FRAGMENT.search(row.title)]
    assert not bad, bad
    titles = {row.number: row.title for row in nmap.rows}
    assert titles["159.2.b"] == "反应" and titles["652.5.c"] == "优先行动权"  # Reaction, Priority


def test_faq_pairs_starting_with_a_connective_pair_the_reviewed_term():
    from judge.rules.align.glossary import project_pairs

    pairs = project_pairs(manifest.verify())
    assert ("反应", "Reaction") in pairs and ("优先行动权", "priority") in pairs
    assert not {"或反应", "在优先权"} & {zh for zh, _en in pairs}


def test_map_holds_numbers_and_structure_only(nmap):
    text = (corpus_dir() / MAP_NAME).read_text(encoding="utf-8")
    body = [l for l in text.splitlines() if not l.startswith("#")][1:]
    for line in body:
        title = line.split("\t")[10]
        # Titles are Chinese terms (from citations or the glossary); never English prose.
        assert not re.search(r"[A-Za-z]{3,}", title), line
    # Levels and parents are consistent with the numbers.
    for row in nmap.rows:
        key = parse_number(row.number)
        assert key and row.level == len(key) - 1


def test_every_paragraph_of_the_text_has_a_number_and_most_are_official(tree):
    paras = [r for r in tree.rules if r.source_line]
    assert paras and all(r.number for r in paras)
    official = [r for r in paras if r.number_source == OFFICIAL]
    # Every paragraph officially numbered: confident alignment, or checked by hand (tools/numbering-review.md).
    assert len(official) == len(paras)
    assert all(r.number_source in (OFFICIAL, INFERRED) for r in paras)
    numbers = [r.number for r in tree.rules]
    assert len(numbers) == len(set(numbers))
    keys = [parse_number(r.number) for r in sorted(paras, key=lambda r: r.source_line)]
    assert keys == sorted(keys), "numbers follow the document order"


def test_the_four_wrong_certain_numbers_are_fixed(tree):
    by = tree.by_number()
    # The cited number used to be pinned on the paragraph that is, officially, its first child.
    for number, child, opening in [("103.3", "103.3.a.1", "符文牌堆中的卡牌必须符合"),
                                   ("108.6", "108.6.d", "放逐区域中的卡牌是无序的"),
                                   ("142.4", "142.4.a", "致命伤害是指"),
                                   ("410.1", "410.1.a", "自决行动是一种游戏行动")]:
        assert not by[number].text.startswith(opening), number
        assert by[child].text.startswith(opening) and by[child].number_source == OFFICIAL, child
    # Dropped headings are nodes of their own, titled by the citation that names them.
    for number, title in [("103.3", "符文牌堆"), ("108.6", "放逐"), ("410.1", "自决行动")]:
        assert by[number].source_line == 0 and by[number].is_heading and title in by[number].title, number
    assert by["142.4"].text.startswith("伤害反映的是")


def test_untitled_dropped_headings_take_the_term_their_first_rule_defines(tree):
    by = tree.by_number()
    # "抵挡伤害指的是…" opens 437.1, "洞察一张卡牌指的是…" 436.1: the Chinese text's own terms.
    assert by["437"].title == "抵挡伤害" and by["436"].title == "洞察" and by["423"].title == "眩晕"
    # "抽一张牌指的是…" names no term of two characters or more: the title is the tool's, marked.
    assert by["413"].title == drafted.title_of("413") and drafted.is_drafted(by["413"].title)
    assert by["413"].is_heading and not by["413"].text


def test_every_citation_agrees_with_the_map(tree):
    cites = [c for p in tree.paragraphs for c in find_citations(p.text)]
    assert len(cites) > 80
    # Read as written, only the reviewed stale citations (data/citation_corrections.tsv) disagree...
    raw = check_citations(tree.rules, cites)
    assert raw == ["正文引用“规则 317.2.回合结束阶段”，但编号对照表把 317.2 给了“失效步骤”"]
    # ...and with the reviewed corrections applied, none does.
    assert check_citations(tree.rules, citation_review.for_titles(tree.doc.file, cites)) == []


def test_a_disagreeing_citation_stops_the_build(tree):
    cites = find_citations("想获取更多有关信息，请查阅规则103.3.a.1.致命伤害。")
    problems = check_citations(tree.rules, cites)
    assert problems and "103.3.a.1" in problems[0]
    assert issubclass(NumberingConflict, Exception)


def test_absent_chapters_are_a_skeleton(tree):
    by = tree.by_number()
    skeleton = [r for r in tree.rules if r.key and r.key[0] >= 440]
    assert len(skeleton) > 800 and all(r.number_source == ABSENT and not r.text for r in skeleton)
    for r in skeleton:
        parent = r.number.rsplit(".", 1)[0] if "." in r.number else None
        assert parent is None or parent in by, r.number
    assert by["465.2.c"].level == 2 and "正文未收录于语料" in by["465.2.c"].evidence
    assert by["459"].title == "战斗" and by["805"].title == "急速"


def test_rule_465_2_c_answers_with_the_node():
    conn = open_store()
    rule = lookup.get_rule(conn, "465.2.c")
    assert rule is not None and rule["number_source"] == "absent" and rule["parent"] == "465.2"
    assert lookup.children(conn, "465.2.c")


def test_exported_rules_always_have_a_number():
    conn = open_store()
    nulls = conn.execute("SELECT count(*) FROM rules WHERE version = ? AND number IS NULL", (CURRENT_VERSION,))
    assert nulls.fetchone()[0] == 0
    # The paragraphs the user-reference alignment used to leave without a number.
    for opening in ("卡面文字与规则文本拥有各自的术语体系", "此区域不被视为位置。", "玩家的手牌为私密信息。"):
        row = conn.execute("SELECT number FROM rules WHERE version = ? AND text LIKE ?",
                           (CURRENT_VERSION, opening + "%")).fetchone()
        assert row and row[0], opening


def test_hand_checked_corrections_are_in_the_map(nmap, tree):
    from judge.rules.align.export_map import read_corrections

    corrections = read_corrections()
    rows = {(r.line, r.number): r for r in nmap.rows if r.role in ("para", "part")}
    for c in corrections:
        assert (c.line, c.number) in rows and rows[(c.line, c.number)].checked, c
    by = tree.by_number()
    # "卡面位于卡背的反面，也被称为正面。" holds 130.1 and 130.2; 319.2-319.3 have no Chinese paragraph.
    assert by["130.1"].text.startswith("卡面位于卡背的反面") and "130.1" in by["130.2"].evidence
    assert by["319.4"].text.startswith("待处理项目变为结算链上的已确认项目后")
    assert by["319.3"].source_line == 0 and not by["319.3"].text


def test_free_number_fits_between_neighbours():
    assert free_number("315.4.b", "316", {"315.4.c"}) == "315.5"
    assert free_number("315.4.b", "315.4.b.1", set()) is None
    assert free_number("103", "103.1", set()) is None
    assert free_number("210.2.a", "210.2.b", set()) == "210.2.a.1"


def test_malformed_map_is_a_chinese_error(tmp_path):
    from judge.errors import CorpusError

    bad = tmp_path / MAP_NAME
    bad.write_text("number\trole\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="表头"):
        read_map(bad)


def test_a_fresh_map_skips_the_recovery_and_numbers_alike(nmap):
    """When the map was made from the very corpus file, the tree is numbered by the map alone (the
    recovery from the text is skipped, for speed); a stale map goes through the recovery. Both give
    every paragraph the same number."""
    import dataclasses

    docs = manifest.verify()
    fast = build_trees(docs, numbering=nmap)[CURRENT_VERSION]
    stale = dataclasses.replace(nmap, header={**nmap.header, "corpus_sha256": "0" * 64})
    slow = build_trees(docs, numbering=stale)[CURRENT_VERSION]
    numbers = lambda t: {r.source_line: (r.number, r.number_source) for r in t.rules if r.source_line}  # noqa: E731
    assert numbers(fast) == numbers(slow)
    assert {r.number for r in fast.rules} == {r.number for r in slow.rules}


def test_every_official_heading_is_a_heading_in_the_tree(nmap, tree):
    """The map's heading flag is the official text's structure: every row flagged a heading is one in the
    tree, whoever titles it (the text, a citation, the glossary or the tool's draft: 473, 484, 741 …); a node
    of the chapters the corpus lacks is a heading exactly when the flag says so (466.1 战斗清理, named by a
    citation, is a step of the official text, not a heading)."""
    by = tree.by_number()
    assert [r.number for r in nmap.rows if r.heading and not by[r.number].is_heading] == []
    absent = [r for r in nmap.rows if r.role == "absent"]
    assert [r.number for r in absent if by[r.number].is_heading != r.heading] == []
    assert {"473", "484", "741", "477.3.e.1"} <= {r.number for r in absent if r.heading and not r.title}
