"""`judge docs build`: the store (and the scenarios) -> a folder of Markdown for mkdocs.

Besides the pages it writes two dotfiles that mkdocs does not publish but our mkdocs hook reads:
`.nav.json` (the generated navigation) and `.jieba_user.txt` (the rules' own terms, so the search
index keeps 燃尽, 结算链, 待命区域 whole).
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from judge.docs import data as docs_data
from judge.docs.build_lock import output_lock
from judge.docs.context import SiteContext, doc_label
from judge.docs.pages_cards import INDEX as CARDS_INDEX
from judge.docs.pages_cards import write_pages as write_card_pages
from judge.docs.pages_faq import ERRATA_PAGE, render_errata, render_faq_index, render_faq_page
from judge.docs.pages_glossary import DIFF, GLOSSARY, render_diff, render_glossary
from judge.docs.pages_home import render_benchmarks, render_home
from judge.docs.pages_rules import render_rules_index, render_section
from judge.docs.pages_rulings import INDEX as RULINGS_INDEX
from judge.docs.pages_rulings import render_ruling, render_rulings_index
from judge.docs.rulings_model import Ruling
from judge.docs.markup import front_matter
from judge.docs.site_css import CSS
from judge.docs.writer import SiteWriter
from judge.docs.pages_api import API_PAGE, render_api
from judge.paths import REPO_DIR, checkout_dir

NAV_FILE = ".nav.json"
JIEBA_FILE = ".jieba_user.txt"


@dataclass
class BuildReport:
    out_dir: Path
    pages: int
    links: int
    rulings: int
    seconds: float
    notes: list[str] = field(default_factory=list)


def default_out_dir() -> Path:
    """docs_build/ beside mkdocs.yml (its docs_dir): the current folder's if it has one, else the
    checkout's; an installed package writes to the current folder, never inside itself."""
    here = Path.cwd()
    if (here / "mkdocs.yml").is_file():
        return here / "docs_build"
    checkout = checkout_dir()
    return (checkout or here) / "docs_build"


def _t(title: str) -> str:
    """Nav titles reach the HTML unescaped by mkdocs' templates: escape them here."""
    return html.escape(" ".join(title.split()), quote=False)


def _nav(ctx: SiteContext) -> list:
    rules_nav: list = ["rules/index.md"]
    chapter_items: dict[str, list] = {}
    for s in ctx.sections:
        chapter_items.setdefault(s.chapter, []).append({_t(s.title): s.page})
    rules_nav += [{_t(ch): items} for ch, items in chapter_items.items()]

    faq_nav: list = ["faq/index.md"]
    faq_nav += [{_t(fp.title): fp.page} for fp in ctx.faq_pages]
    faq_nav.append({"修订文本（勘误）": ERRATA_PAGE})

    rulings_nav: list = [RULINGS_INDEX]
    topics: dict[str, list[Ruling]] = {}
    for ru in ctx.rulings:
        topics.setdefault(ru.topic, []).append(ru)
    rulings_nav += [{_t(topic): _topic_nav(ctx, items)} for topic, items in sorted(topics.items())]

    return [
        {"首页": "index.md"},
        {"规则": rules_nav},
        {"FAQ": faq_nav},
        {"注释裁定": rulings_nav},
        {"卡牌": CARDS_INDEX},
        {"术语表": GLOSSARY},
        {"版本差异": DIFF},
        {"性能与质量指标": "benchmarks.md"},
        {"Python 接口": API_PAGE},
    ]


# The theme renders the whole open branch of the navigation on every page of it: a topic of n rulings
# costs n entries on each of its n pages. A long topic is shown in groups of at most this many.
NAV_GROUP = 50
_CARD_FILE = re.compile(r"([A-Z]+)-([0-9A-Z]+)-")


def _topic_nav(ctx: SiteContext, rulings: list[Ruling]) -> list:
    """A topic's rulings in the navigation, in order. A long topic whose scenarios sit in sub-folders
    (the card rulings: one folder per set) is grouped by folder, and a long folder by collector-number
    range, never splitting one card's rulings."""
    entries = [{_t(ru.title): ctx.ruling_page[ru.path]} for ru in rulings]
    if len(rulings) <= NAV_GROUP:
        return entries
    folders: dict[str, list[int]] = {}
    for i, ru in enumerate(rulings):
        parts = ru.path.split("/")
        folders.setdefault(parts[1] if len(parts) > 2 else "", []).append(i)
    if len(folders) < 2 and "" in folders:
        return entries
    from judge.cards.model import SET_NAMES

    nav: list = []
    for folder, indexes in folders.items():
        name = " ".join(x for x in (folder, SET_NAMES.get(folder, ("", ""))[0]) if x) or "其他"
        chunks = _number_chunks([(i, _card_number(rulings[i])) for i in indexes])
        for chunk in chunks:
            numbers = [n for _, n in chunk if n]
            label = name
            if len(chunks) > 1 and numbers:
                label += f" {numbers[0]}–{numbers[-1]}" if numbers[0] != numbers[-1] else f" {numbers[0]}"
            nav.append({_t(label): [entries[i] for i, _ in chunk]})
    return nav


def _card_number(ru: Ruling) -> str:
    """The collector number a card ruling's scenario file starts with ("OGN-001-灼焰飞龙.场景" -> "001")."""
    m = _CARD_FILE.match(ru.path.rsplit("/", 1)[-1])
    return m.group(2) if m else ""


def _number_chunks(items: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Consecutive runs of about equal size, at most NAV_GROUP long where a card's rulings allow, cut
    only between two collector numbers."""
    parts = -(-len(items) // NAV_GROUP)
    size = -(-len(items) // parts)
    chunks: list[list[tuple[int, str]]] = [[]]
    for item in items:
        last = chunks[-1]
        if len(last) >= size and item[1] and item[1] != next((n for _, n in reversed(last) if n), ""):
            chunks.append([])
        chunks[-1].append(item)
    return chunks


def _jieba_words(ctx: SiteContext) -> list[str]:
    words: dict[str, None] = {}
    for t in ctx.data.terms:
        words.setdefault(t.term, None)
        for alias, kind in t.aliases:
            if kind in ("synonym", "traditional"):
                words.setdefault(alias, None)
    for r in ctx.data.rules:
        if r.title and len(r.title) <= 8:
            words.setdefault(r.title, None)
    # jieba's user dict is "word freq" per line: words with spaces cannot be expressed.
    return [w for w in words if w and not any(c.isspace() for c in w) and len(w) >= 2]


def _write_site(writer: SiteWriter, ctx: SiteContext, rulings: list[Ruling], results_md: Path) -> int:
    """Every page and support file; returns the number of pages."""

    def page(path: str, title: str, body: str, boost: float | None = None) -> None:
        writer.write(path, front_matter(title, boost) + body)

    page("index.md", "首页", render_home(ctx))
    page("rules/index.md", "规则目录", render_rules_index(ctx))
    for section in ctx.sections:
        # Rule text outranks pages that only mention a term (FAQ, rulings, absent sections) in search.
        page(section.page, section.title, render_section(ctx, section), None if section.absent else 2)
    page("faq/index.md", "FAQ 与勘误", render_faq_index(ctx))
    for fp in ctx.faq_pages:
        page(fp.page, fp.title, render_faq_page(ctx, fp))
    page(ERRATA_PAGE, "修订文本（勘误）", render_errata(ctx))
    page(RULINGS_INDEX, "注释裁定", render_rulings_index(ctx))
    for ru in rulings:
        page(ctx.ruling_page[ru.path], ru.title, render_ruling(ctx, ru))
    write_card_pages(page, ctx)
    page(GLOSSARY, "术语表", render_glossary(ctx))
    page(DIFF, "版本差异", render_diff(ctx))
    page("benchmarks.md", "性能与质量指标", render_benchmarks(results_md))
    page(API_PAGE, "Python 接口", render_api())
    pages = len(writer.written)
    writer.write("assets/judge.css", CSS)
    writer.write(NAV_FILE, json.dumps(_nav(ctx), ensure_ascii=False, indent=1))
    writer.write(JIEBA_FILE, "\n".join(f"{w} 50000" for w in _jieba_words(ctx)))
    return pages


def build_docs(
    out_dir: Path | None = None,
    conn: sqlite3.Connection | None = None,
    rulings: list[Ruling] | None = None,
    results_md: Path | None = None,
    on_wait: Callable[[str], None] | None = None,
) -> BuildReport:
    started = time.perf_counter()
    out_dir = Path(out_dir) if out_dir else default_out_dir()
    notes: list[str] = []
    own_conn = conn is None
    if conn is None:
        from judge.docs.sources import open_store_readonly

        conn = open_store_readonly()
    from judge.docs.sources import add_suggested_refs, add_version_diffs

    try:
        data = docs_data.load(conn)
        notes += add_suggested_refs(data, conn)
        notes += add_version_diffs(data, conn)
    finally:
        if own_conn:
            conn.close()
    if rulings is None:
        from judge.docs.sources import load_rulings

        rulings, ruling_notes = load_rulings()
        notes += ruling_notes
    if results_md is None:
        results_md = REPO_DIR / "benchmarks" / "RESULTS.md"

    ctx = SiteContext(data, rulings)
    writer = SiteWriter(out_dir)
    # One build per output folder at a time; pages go to a staging folder swapped in when complete.
    with output_lock(writer.dest, on_wait=on_wait):
        writer.prepare()
        try:
            pages = _write_site(writer, ctx, rulings, results_md)
            writer.commit()
        except BaseException:
            writer.abort()
            raise
    notes += writer.notes
    if data.missing_tables:
        notes.append("数据库中缺少数据表：" + "、".join(data.missing_tables))
    return BuildReport(out_dir=writer.root, pages=pages, links=ctx.link_count, rulings=len(rulings),
                       seconds=time.perf_counter() - started, notes=notes)


__all__ = ["BuildReport", "build_docs", "default_out_dir", "doc_label"]
