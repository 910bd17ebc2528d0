"""The pipeline is document-agnostic: altered or added rules documents are parsed with no code change."""

import pytest
from corpus_copy import RULES, copy_corpus

from judge.corpus import manifest
from judge.paths import corpus_dir
from judge.rules import CURRENT_VERSION
from judge.rules.model import ABSENT, CITED, OFFICIAL
from judge.rules.tree import build_trees


def make_corpus(tmp_path, edit=None, extra=None):
    """A copy of rules_corpus/ with the rules document edited and/or an extra version added; MANIFEST updated."""
    return copy_corpus(tmp_path / "rules_corpus", edit, extra)


def tree_of(root, version=CURRENT_VERSION):
    return build_trees(manifest.verify(root))[version]


@pytest.fixture(scope="module")
def shipped():
    return tree_of(corpus_dir())


def test_changed_paragraph_keeps_the_numbering(tmp_path, shipped):
    old = "玩家使用自己卡牌的行为，即视为打出卡牌。"
    new = "玩家从任意区域使用自己卡牌的行为，均视为打出卡牌。"
    root = make_corpus(tmp_path, edit=lambda t: t.replace(old, new))
    tree = tree_of(root)
    before = {r.number: r.text for r in shipped.rules}
    after = {r.number: r.text for r in tree.rules}
    # 350 is the official number. The edited paragraph is no longer in the map (its text hash changed):
    # it keeps its place with an inferred number, the only free one between 349 and 351.
    assert before["350"] == old and after["350"] == new
    edited = next(r for r in tree.rules if r.text == new)
    assert edited.number == "350" and edited.number_source == "inferred"
    assert sorted(before) == sorted(after)
    assert sum(1 for n in before if before[n] != after[n]) == 1


def test_removed_section_becomes_absent(tmp_path, shipped):
    def cut(text):
        lines = text.splitlines(keepends=True)
        start = next(i for i, l in enumerate(lines) if l.replace(" ", "").startswith("燃尽是一种限定行动"))
        return "".join(lines[:start])

    tree = tree_of(make_corpus(tmp_path, edit=cut))
    by = tree.by_number()
    assert shipped.by_number()["431"].number_source == OFFICIAL
    # The heading 431 燃尽 stays an official node; the paragraphs cut away lose their numbers instead
    # of being invented, and the cited rules after the cut have no text.
    assert by["431"].title == "燃尽" and by["431"].source_line == 0
    assert not any(r.text.startswith("燃尽是一种限定行动") for r in tree.rules)
    assert len([r for r in tree.rules if r.text]) < len([r for r in shipped.rules if r.text])
    assert all(not r.text for r in tree.rules if r.key and r.key[0] >= 440)


def test_added_section_fills_an_absent_node(tmp_path, shipped):
    addition = "\n移动\n\n移动是指将常驻牌从一个位置移至另一个位置。\n\n移动是一种限定行动。\n"
    tree = tree_of(make_corpus(tmp_path, edit=lambda t: t + addition))
    by = tree.by_number()
    assert shipped.by_number()["445"].number_source == ABSENT
    assert by["445"].number_source == CITED and by["445"].title == "移动" and by["445"].source_line > 2890
    nxt = tree.rules[tree.rules.index(by["445"]) + 1]
    assert nxt.text.startswith("移动是指") and nxt.number.startswith("44")
    assert all(ref.to_rule == by["445"].id for ref in tree.refs if ref.to_number == "445")


def test_new_version_in_manifest_is_parsed_and_diffed(tmp_path, monkeypatch):
    src = (corpus_dir() / RULES).read_text(encoding="utf-8")
    newer = src.replace("法术卡牌会创造出可供执行的游戏效果， 打出后便进入废牌堆。", "法术卡牌会创造出可供执行的游戏效果，结算后便进入废牌堆。")
    assert newer != src
    root = make_corpus(tmp_path, extra=("core-rules-2026-09-01.zh.txt", "2026-09-01", newer))
    trees = build_trees(manifest.verify(root))
    assert set(trees) >= {CURRENT_VERSION, "2026-09-01", "older", "search"}
    assert trees["2026-09-01"].by_number()["349"].number_source == OFFICIAL   # its unchanged paragraphs keep the map's numbers

    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(root))
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    from judge.rules import lookup, versions
    from judge.store import open_store

    conn = open_store()
    assert lookup.current_version(conn) == CURRENT_VERSION
    pairs = versions.compare(conn, CURRENT_VERSION, "2026-09-01")
    changed = [p for p in pairs if p.status == versions.CHANGED]
    assert len(changed) == 1 and changed[0].b["text"] == "法术卡牌会创造出可供执行的游戏效果，结算后便进入废牌堆。"
