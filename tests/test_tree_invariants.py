"""Invariants of the recovered rule tree, on the shipped corpus (built once per session)."""


import pytest

from judge.corpus import manifest
from judge.corpus.cleanup import normalise_for_match
from judge.rules import CURRENT_VERSION
from judge.rules.model import ABSENT, CITED, INFERRED, OFFICIAL, SOURCE, parse_number
from judge.rules.tree import build_trees
from judge.store.rows import rule_row


@pytest.fixture(scope="module")
def trees():
    return build_trees(manifest.verify())


@pytest.fixture(scope="module")
def current(trees):
    return trees[CURRENT_VERSION]


def numbered(tree):
    return [r for r in tree.rules if r.number]


@pytest.mark.parametrize("version", [CURRENT_VERSION, "older"])
def test_numbers_unique_and_strictly_increasing_in_document_order(trees, version):
    rules = numbered(trees[version])
    keys = [parse_number(r.number) for r in rules]
    assert all(k is not None for k in keys)
    assert len(set(keys)) == len(keys)
    bad = [(a.number, b.number) for a, b in zip(rules, rules[1:]) if not parse_number(a.number) < parse_number(b.number)]
    assert bad == []
    assert [r.ord for r in trees[version].rules] == sorted(r.ord for r in trees[version].rules)


@pytest.mark.parametrize("version", [CURRENT_VERSION, "older"])
def test_parent_is_numeric_prefix_and_exists(trees, version):
    rules = numbered(trees[version])
    present = {r.number for r in rules}
    for r in rules:
        row = rule_row(r)
        if r.level == 0:
            assert row["parent"] is None
        else:
            assert r.number.startswith(row["parent"] + ".")
            assert row["parent"].count(".") == r.level - 1
            if version == CURRENT_VERSION:  # the older excerpt starts mid-section, its parents may lie outside it
                assert row["parent"] in present, r.number


def test_every_citation_resolves_to_a_rule_with_the_cited_title(current):
    """A titled citation lands on a rule whose title or text is that title, or whose section holds it.

    The text sometimes names a sub-rule by its section's title ("规则 317.2.回合结束阶段") or a
    section by one of its sub-headings ("规则 349.打出过程"): ancestors and the section's headings count.
    """
    by_num = current.by_number()
    problems = []
    for ref in current.refs:
        target = by_num.get(ref.to_number)
        if target is None:
            problems.append((ref.raw, "unresolved"))
            continue
        if not ref.cited_title:
            continue
        t = normalise_for_match(ref.cited_title)
        texts = [target.title, target.text]
        parts = target.number.split(".")
        texts += [by_num[".".join(parts[:i])].title for i in range(1, len(parts)) if ".".join(parts[:i]) in by_num]
        # "规则 349.打出过程": the heading of 349's section that holds that title.
        idx = current.rules.index(target)
        # Under the official numbering "打出过程" is 353, the heading right after 349's own rules.
        for r in current.rules[idx + 1:]:
            texts.append(r.title)
            if r.level == 0 and r.is_heading and r.number_source in (CITED, OFFICIAL, ABSENT):
                break
        if not any(normalise_for_match(x or "").startswith(t) for x in texts):
            problems.append((ref.raw, target.number, target.title, target.text[:20]))
    assert problems == []


def test_no_source_paragraph_lost_or_duplicated(current):
    text = current.doc.read_text()
    lines = {i for i, l in enumerate(text.splitlines(), start=1) if l.strip()}
    header = {ln for p in current.header for ln in p.lines}
    seen = []
    for r in current.rules:
        seen.extend(r.source_lines)
    assert len(seen) == len(set(seen)), "a source line is in two rules"
    assert set(seen) | header == lines

    # The rules' text and examples, concatenated, are the source text (spaces, bullets and "举例：" aside).
    def norm(s):
        return normalise_for_match(s.replace("举例：", "").replace("*", ""))

    source = norm("".join(l for i, l in enumerate(text.splitlines(), start=1) if i not in header))
    # (The source lines each rule was read from: a rule the extraction split over two paragraphs is one
    # rule under its official number, its text the two paragraphs in order.)
    tree = norm("".join(r.raw.replace("\n", "") for r in current.rules))
    assert tree == source


def test_every_number_has_provenance_and_inferred_is_marked(current):
    for r in current.rules:
        row = rule_row(r)
        assert r.number_source in (CITED, SOURCE, OFFICIAL, INFERRED, ABSENT)
        assert 0.0 <= r.confidence <= 1.0 and r.evidence
        if r.number_source == INFERRED:
            assert row["display_number"] == "≈" + r.number and r.confidence < 1.0
        else:
            assert row["display_number"] == r.number


def test_citation_anchors_fix_the_headings_they_name(current):
    by_num = current.by_number()
    for number, title in [("349", "打出卡牌"), ("318", "清理"), ("327", "结算链"), ("197", "位置"),
                          ("382", "触发式技能"), ("431", "燃尽"), ("355.6", "目标选取")]:
        r = by_num[number]
        # The shipped numbering map states these numbers (official); the citation must agree with it.
        assert r.number_source in (CITED, OFFICIAL) and title in (r.title + r.text), number


def test_absent_sections_are_nodes_with_their_cited_titles(current):
    by_num = current.by_number()
    for number, title in [("445", "移动"), ("459", "战斗"), ("466.1", "战斗清理"), ("467", "得分计算"),
                          ("805", "急速"), ("819", "灵便"), ("649", "认输")]:
        r = by_num[number]
        assert r.number_source == ABSENT and r.title == title and r.text == ""
    assert by_num["447"].number_source == ABSENT  # the parent of the cited 447.2
    incoming = [ref for ref in current.refs if ref.to_number == "459"]
    assert incoming and all(ref.to_rule == by_num["459"].id for ref in incoming)


def test_older_excerpt_keeps_its_printed_numbers(trees):
    older = trees["older"].by_number()
    assert older["346"].text == "打出卡牌" and older["346"].number_source == SOURCE
    assert older["352.8.a.1"].text.startswith("除非另有说明")
    assert rule_row(older["352.8.a.1"])["parent"] == "352.8.a"


def test_excerpt_structure_transfers_with_the_renumbering_shift(current):
    """The older excerpt's 352.8 (valid-target requirements) is 355.x in the new numbering, same children."""
    by_num = current.by_number()
    req = next(r for r in current.rules if r.text.startswith("当目标满足以下所有要求时"))
    assert req.number.startswith("355.")
    kids = [r for r in current.rules if r.number and r.number.startswith(req.number + ".") and r.level == req.level + 1]
    assert [k.text[:4] for k in kids] == ["其为场地", "其满足所", "其不是该"]
    assert by_num["350"].text.startswith("玩家使用自己卡牌的行为")
