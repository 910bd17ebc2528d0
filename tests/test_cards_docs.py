"""Card pages of the rulings site: one per card, linked from the cards index and the FAQ entries that name
the card, found by the site search under the card's Chinese and English names."""

from __future__ import annotations

import json
import re

import pytest
from docs_site import built_site, real_store_available

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site():
    if not real_store_available():
        pytest.skip("the rule tree store is not available")
    return built_site(True)


def _md(site, rel: str) -> str:
    return (site.docs.out_dir / rel).read_text(encoding="utf-8")


def test_one_page_per_card_all_linked_from_the_index(site):
    from judge import cards

    pages = sorted(p.relative_to(site.docs.out_dir / "cards").as_posix()
                   for p in (site.docs.out_dir / "cards").glob("*/*.md"))
    assert len(pages) == len(cards.all_cards()) == 769
    index = _md(site, "cards/index.md")
    assert all(f"]({p})" in index for p in pages)
    assert "769 张卡牌" in index and "1009 个印刷版本" in index


def test_card_page_facts_keywords_rulings_errata_scenarios(site):
    page = _md(site, "cards/ogn/ogn121.md")
    assert page.startswith('---\ntitle: "提莫-军事家 Teemo, Strategist"')
    assert "| 法力费用 | 2 |" in page and "| 战力 | 2 |" in page and "| 关键词 | 待命 |" in page
    assert "- 待命 → [811 待命](../../rules/811.md#r-811)" in page
    assert "(../../faq/errata.md#e-e-l761)" in page
    faq = page[page.index("## FAQ 裁定"):page.index("## 场景")]
    # valid rulings before the partly superseded ones, as `judge card` lists them
    assert faq.index("C&#45;L771") < faq.index("R&#45;L67") < faq.index("C&#45;L755")
    partly = [l for l in faq.splitlines() if "C&#45;L755" in l][0]
    # 383.4.f.2.a: the official number of the defend-trigger rule that replaced part of the ruling (a second
    # trigger); its page is the section 382 触发式技能
    assert "⚠ **部分被取代（结论仍成立）**——现行规则 [383&#46;4&#46;f&#46;2&#46;a](../../rules/382.md#r-383-4-f-2-a)" \
        in partly
    assert "(../../rulings/triggers/teemo-defend-one-target.md)" in page
    assert "## 技能编码" in page and "该卡牌尚无技能编码（" in page  # not encoded: what it still needs


def test_card_page_shows_the_shipped_encoding(site):
    page = _md(site, "cards/ogn/ogn213.md")  # 暗刃, hand-encoded
    encoding = page[page.index("## 技能编码"):]
    assert "judge/cards/encodings/" in encoding and "```text\n卡牌 暗刃" in encoding and "摧毁" in encoding


def test_faq_entries_link_the_cards_they_name(site):
    core = "".join(_md(site, f"faq/{p.name}") for p in (site.docs.out_dir / "faq").glob("core-*.md"))
    assert "**卡牌**：[提莫&#45;军事家](../cards/ogn/ogn121.md)" in core
    # A short form quoted in the text (“隐秘刀锋”, Hidden Blade) links the card it names.
    entry = core[core.index("{#faq-c-l663}"):]
    entry = entry[:entry.index("\n### ")] if "\n### " in entry else entry
    assert "../cards/ogn/ogn213.md" in entry


def test_site_search_finds_cards_by_name(site):
    assert site.mkdocs.returncode == 0 and site.mkdocs.warnings == []
    index = json.loads((site.site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))

    def locations(word: str) -> list[str]:
        return [d["location"] for d in index["docs"]
                if word in re.sub(r"[\u200b\s]", "", d["title"]) and d["location"].startswith("cards/")]

    assert "cards/unl/unl84/" in locations("精灵女王")
    assert "cards/ogn/ogn121/" in locations("提莫-军事家")
    assert any(loc == "cards/ogn/ogn121/" for loc in
               [d["location"] for d in index["docs"] if "Teemo" in d["title"]])


def test_ruling_pages_link_the_real_cards_they_use(site):
    page = _md(site, "rulings/triggers/teemo-defend-one-target.md")
    assert "**卡牌**：[提莫&#45;军事家](../../cards/ogn/ogn121.md)" in page
