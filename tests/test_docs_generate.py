"""The generator on the fixture store: content, links and anchors, escaping, empty tables."""

from __future__ import annotations

import json
import re

import pytest
from docs_fixture import XSS, make_rulings, make_store

from judge.docs.build import build_docs
from judge.docs.linkcheck import check_dir, page_anchors, page_links
from judge.docs.markup import esc, rule_anchor
from judge.records import FAQ_REF_METHODS
from judge.rules.faq_render import METHOD_LABELS, RULE_SIDE_LABELS, method_label


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("docs") / "out"
    report = build_docs(out, conn=make_store(), rulings=make_rulings(), results_md=None)
    return report


def read(site, name):
    return (site.out_dir / name).read_text(encoding="utf-8")


def test_rule_anchor_is_stable():
    assert rule_anchor("352.8.a") == "r-352-8-a"
    assert rule_anchor("001") == "r-001"
    assert rule_anchor("466.1") == "r-466-1"


def test_every_internal_link_and_anchor_resolves(site):
    report = check_dir(site.out_dir)
    assert report.broken == []
    assert report.external == []
    assert report.pages == site.pages
    assert report.internal_links > 30


def test_linkcheck_detects_broken_links(tmp_path):
    (tmp_path / "a.md").write_text("# A {#top}\n\n[ok](b.md#x) [bad](b.md#nope) [gone](c.md)\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("# B {#top}\n\n## X {#x}\n", encoding="utf-8")
    report = check_dir(tmp_path)
    assert len(report.broken) == 2
    assert any("#nope" in b for b in report.broken) and any("c.md" in b for b in report.broken)


def test_rules_pages_anchor_every_rule_and_mark_inferred(site):
    md = read(site, "rules/349.md")
    anchors = page_anchors(md)
    assert {"r-349", "r-349-1", "r-352-8-a"} <= anchors
    assert "#### ≈352&#46;8&#46;a {#r-352-8-a}" in md
    assert "≈ 推断编号（并非原文所印，也未被正文引用确认，置信度 0.72" in md
    assert '!!! note "编号说明"' in md
    # a cited number is shown without the mark
    assert "### 349&#46;1 {#r-349-1}" in md
    # examples are set apart in their own block
    assert '!!! example "举例"' in md


def test_cross_reference_is_a_link_with_backlink(site):
    md = read(site, "rules/318.md")
    assert "../rules/431.md#r-431" not in md  # same folder: relative link is short
    assert "431.md#r-431" in page_links(md)[0] or "431.md#r-431" in page_links(md)
    target = read(site, "rules/431.md")
    tail = target[target.index("{#links}"):]
    assert '??? info "被引用于（1 处）"' in tail
    assert "318.md#r-318-3-b" in page_links(tail)


def test_rule_page_puts_rule_text_before_backlinks_faq_and_rulings(site):
    md = read(site, "rules/349.md")
    links_at = md.index("## 引用与相关裁定 {#links}")
    head, tail = md[:links_at], md[links_at:]
    # the rule text reads straight through: every rule's heading and text precede the related material
    for anchor in ("{#r-349}", "{#r-349-1}", "{#r-352-8-a}"):
        assert anchor in head
    assert "打出卡牌时先将其置于结算链上" in head and "举例：打出" in head
    assert not [link for link in page_links(head) if "faq/" in link or "rulings/" in link]
    # grouped by kind, each group collapsible (pymdownx.details, closed by default), then by rule
    assert '??? question "相关 FAQ（1 条）"' in tail and '??? example "相关裁定（1 个）"' in tail
    assert "    **≈352&#46;8&#46;a**" in tail and "    - turn\n        - [空牌堆抽牌：燃尽" in tail
    assert "../rulings/turn/burn-out.md" in page_links(tail)
    assert any(link.startswith("../faq/core-2.md#") for link in page_links(tail))
    # each rule with related material says so under its text, pointing to the end of the page
    assert "相关 FAQ 1 条（[见本页末](#links)）" in head
    assert "相关裁定 1 个（[见本页末](#links)）" in head


def test_absent_section_says_so_with_what_is_known(site):
    md = read(site, "rules/459.md")
    assert "本节正文不在语料中" in md
    # the citing rule is listed as known information
    assert "349.md#r-349-1" in page_links(md)


def test_faq_explicit_suggested_and_superseded(site):
    core1 = read(site, "faq/core-1.md")
    assert "**依据规则**" in core1 and f"（{METHOD_LABELS['explicit']}" in core1
    assert "此裁定已被现行规则取代" in core1
    assert "318.md#r-318-3-b" in " ".join(page_links(core1))
    # nested answer bullets keep their nesting
    assert "- 然后继续抽牌。\n    - 嵌套的子项 &lt;b&gt;" in core1
    core2 = read(site, "faq/core-2.md")
    assert "搜索建议，非原文引用" in core2
    referee = read(site, "faq/referee-1.md")
    assert f"{METHOD_LABELS['mapped']}，置信度 0.80" in referee and "原文中此问题的开头已缺失" in referee
    # An old number checked by hand is labelled as `judge faq show` labels it, without a confidence.
    assert "旧编号，已按官方编号 v1.4 人工核对；原文：" + esc("规则 [440.1.b.]") in referee
    assert "置信度 1.00" not in referee


def test_faq_partly_superseded_marked_with_its_rule(site):
    core1 = read(site, "faq/core-1.md")
    assert "共 3 条。其中 1 条已被现行规则取代，1 条部分被现行规则取代（结论仍成立），已标出。" in core1
    entry = core1[core1.index("结论仍成立的旧裁定"):]
    assert '!!! note "此裁定部分被现行规则取代（结论仍成立）"' in entry
    assert "取代其部分内容的规则：" in entry and "此裁定已被现行规则取代" not in entry
    assert "318.md#r-318-1" in " ".join(page_links(entry))
    assert f"（{method_label('status', 'partly_superseded')}）" in entry  # the rule it rests on, said as such
    assert "<script>" not in entry
    # from the rule's side: the rule replaced part of the ruling, whose result still holds
    rule = read(site, "rules/318.md")
    assert "此规则取代了该裁定的部分内容（部分被取代，结论仍成立）" in rule
    index = read(site, "faq/index.md")
    assert "“部分被取代（结论仍成立）”的裁定，其结论仍然成立" in index


def test_faq_ref_labels_cover_every_method():
    # The CLI's `faq show`, the docs' FAQ pages and the docs' rule pages name each way an entry is tied to
    # a rule from one table.
    assert set(METHOD_LABELS) == set(FAQ_REF_METHODS) == set(RULE_SIDE_LABELS)
    assert len(set(METHOD_LABELS.values())) == len(METHOD_LABELS)


def test_errata_by_card_with_both_names(site):
    md = read(site, "faq/errata.md")
    assert "暴走萝莉（Jinx, Loose Cannon）" in md


def test_ruling_page_trace_links_rules_and_marks_expectations(site):
    md = read(site, "rulings/turn/burn-out.md")
    links = page_links(md)
    assert "../../rules/318.md#r-318-3-b" in links
    assert "../../rules/431.md#r-431" in links
    assert "../../rules/349.md#r-352-8-a" in links
    assert "- ✓ B 的分数为 1" in md and "- ✗ A 输掉游戏" in md
    # rules pages link back to the ruling that cites them
    assert "../rulings/turn/burn-out.md" in page_links(read(site, "rules/431.md"))


def test_home_lists_versions_hashes_coverage_and_absent(site):
    md = read(site, "index.md")
    assert "9d99" * 16 in md and "2026-07-17" in md
    assert "| 推断（以 ≈ 标出） | 1 |" in md
    assert "rules/459.md" in page_links(md)


def test_glossary_and_diff(site):
    gl = read(site, "glossary.md")
    assert "燃尽（Burn Out）" in gl and "燃盡" in gl and "{#t-ran-jin}" in gl
    assert "- 出处：[FAQ core&#45;1](faq/core-1.md#faq-core-1)（FAQ 写作“连锁”）" in gl
    assert "- 出处：[规则 431](rules/431.md#r-431)" in gl
    diff = read(site, "diff.md")
    assert "这是旧版独有的段落" in diff  # only in the older excerpt
    assert "| 346 | [349](rules/349.md#r-349) |" in diff  # old number mapped to the new rule
    assert "清理时依次执行以下步骤" in diff and "相似度" in diff  # a changed paragraph, both texts


def test_generated_nav_covers_every_page(site):
    nav = json.loads(read(site, ".nav.json"))
    flat = json.dumps(nav, ensure_ascii=False)
    cards_index = read(site, "cards/index.md")
    for page in site.out_dir.rglob("*.md"):
        rel = page.relative_to(site.out_dir).as_posix()
        if rel.startswith("cards/") and rel.count("/") == 2:
            # Card pages stay out of the navigation (mkdocs.yml not_in_nav): the cards index links each.
            assert f"]({rel[len('cards/'):]})" in cards_index, rel
            continue
        assert rel in flat


def test_no_raw_html_from_corpus_in_markdown(site):
    for page in site.out_dir.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        # outside fenced code blocks there is no raw tag from the corpus
        outside = re.sub(r"(`{3,}).*?\1", "", text, flags=re.S)
        assert "<script" not in outside, page
        assert "<img" not in outside, page
        assert "](http://evil" not in text, page


def test_esc_neutralises_markdown_and_html():
    assert "<" not in esc(XSS) and ">" not in esc(XSS)
    for ch in "*_[]()#|`!":
        assert esc(f"a{ch}b") == f"a&#{ord(ch)};b"
    assert esc("1. 第一步") == "1&#46; 第一步"
    assert esc("中文，保持不变") == "中文，保持不变"


def test_empty_store_builds_a_site(tmp_path):
    report = build_docs(tmp_path / "out", conn=make_store(empty=True), rulings=[], results_md=None)
    assert report.pages >= 8
    assert check_dir(report.out_dir).broken == []
    assert "规则树尚未生成" in (report.out_dir / "rules/index.md").read_text(encoding="utf-8")


def test_store_without_tables_builds_a_site(tmp_path):
    import sqlite3

    report = build_docs(tmp_path / "out", conn=sqlite3.connect(":memory:"), rulings=[], results_md=None)
    assert check_dir(report.out_dir).broken == []
    assert "尚未生成的数据表" in (report.out_dir / "index.md").read_text(encoding="utf-8")


def test_benchmarks_page_embeds_results_without_links(tmp_path):
    results = tmp_path / "RESULTS.md"
    results.write_text("# Results\n\n| a | b |\n|---|---|\n| x | [y](nowhere.md) <b>z</b> |\n", encoding="utf-8")
    report = build_docs(tmp_path / "out", conn=make_store(empty=True), rulings=[], results_md=results)
    md = (report.out_dir / "benchmarks.md").read_text(encoding="utf-8")
    assert "| x | y &lt;b&gt;z&lt;/b&gt; |" in md
    assert check_dir(report.out_dir).broken == []
