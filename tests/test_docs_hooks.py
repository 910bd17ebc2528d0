"""The mkdocs hook: the generated navigation and the rules' words for Material's search segmentation."""

from __future__ import annotations

import json

import pytest

from judge.docs import mkdocs_hooks

jieba = pytest.importorskip("jieba")


def test_user_words_are_loaded_and_each_distinct_run_is_cut_once(tmp_path, monkeypatch):
    original, calls = jieba.cut, []
    # Counted, and restored after the test (the hook replaces jieba.cut with its memo).
    monkeypatch.setattr(jieba, "cut", lambda *a, **k: calls.append(a) or original(*a, **k))
    (tmp_path / ".nav.json").write_text(json.dumps(["index.md"]), encoding="utf-8")
    (tmp_path / ".jieba_user.txt").write_text("待命区域 100000 n\n", encoding="utf-8")
    config = mkdocs_hooks.on_config({"docs_dir": str(tmp_path)})
    assert config["nav"] == ["index.md"]
    text = "单位进入待命区域后燃尽".encode("utf-8")  # Material cuts UTF-8 bytes
    expected = list(original(text))
    assert "待命区域" in expected
    assert ["\u200b".join(jieba.cut(text)) for _ in range(3)] == ["\u200b".join(expected)] * 3
    mkdocs_hooks.on_config({"docs_dir": str(tmp_path)})  # a second build (mkdocs serve) keeps one memo
    assert list(jieba.cut(text)) == expected and len(calls) == 1
    assert list(jieba.cut(text, HMM=False)) == list(original(text, HMM=False)) and len(calls) == 2


class _Item:
    def __init__(self, url=None, children=(), active=False):
        self.url, self.children, self.active = url, list(children), active


def test_navigation_items_outside_the_page_are_rendered_once_per_directory():
    calls = []

    def render(item, path, level, parent=None):
        calls.append((item.url, path))
        return f"<li>{item.url}</li>"

    once = mkdocs_hooks._NavItems().render
    other, section = _Item("cards/b/"), _Item(children=[_Item("cards/c/"), _Item("cards/d/")])
    for url in ("cards/a/", "cards/e/"):
        page = _Item(url, active=True)
        assert once(page, render, other, "__nav_1", 2, section) == "<li>cards/b/</li>"
        assert once(page, render, section, "__nav_2", 1)
    assert len(calls) == 2  # the second page of the directory reuses both
    once(_Item("rules/a/", active=True), render, other, "__nav_1", 2, section)  # another directory
    once(_Item("cards/b/", active=True), render, other, "__nav_1", 2, section)  # the item is the page
    once(_Item("cards/", active=True), render, other, "__nav_1", 2, section)  # the item is under the page
    once(_Item("cards/a/", active=True), render, _Item("cards/f/", active=True), "__nav_3", 2)  # holds the page
    once(None, render, other, "__nav_1", 2, section)  # a page outside the navigation (404)
    assert len(calls) == 7


def test_the_theme_templates_take_the_navigation_memo():
    theme = pytest.importorskip("mkdocs.theme")
    env = theme.Theme(name="material").get_env()
    mkdocs_hooks.on_env(env, config=None, files=None)
    assert "nav_item_once" in env.globals
    for name in mkdocs_hooks._RENDER_CALLS:
        source = env.loader.get_source(env, name)[0]
        assert "nav_item_once(page, " in source
        env.get_template(name)  # still compiles


class _Page:
    def __init__(self, src_uri):
        self.file = type("File", (), {"src_uri": src_uri})()


def test_board_figures_skip_the_parsers_and_come_back_as_written():
    markdown = pytest.importorskip("markdown")
    figure = ('<figure class="judge-board-figure" data-search-exclude>\n<svg viewBox="0 0 10 10">\n'
              '<text x="1" y="2" font-family="&quot;A&quot;, sans-serif">甲 *1* 分 &amp; [x](y)</text>\n</svg>\n'
              "<figcaption>开始时的局面</figcaption>\n</figure>")
    source = f"# 标题 {{#top}}\n\n段落 **粗**\n\n{figure}\n\n??? note \"写法\"\n\n    文本\n\n{figure}\n\n结尾\n"
    page = _Page("rulings/x.md")
    held = mkdocs_hooks.on_page_markdown(source, page=page)
    assert "<svg" not in held and held.count("data-judge-held=") == 2

    def html(text):
        return markdown.Markdown(extensions=["attr_list", "admonition", "toc", "pymdownx.superfences",
                                             "pymdownx.details"]).convert(text)

    assert mkdocs_hooks.on_post_page(html(held), page=page) == html(source)
    assert mkdocs_hooks.on_post_page("<p>x</p>", page=page) == "<p>x</p>"  # nothing held any more
    assert mkdocs_hooks.on_page_markdown("no figure", page=_Page("a.md")) == "no figure"


def test_code_blocks_share_their_styles_token_classes():
    formatters = pytest.importorskip("pygments.formatters.html")
    before = formatters.HtmlFormatter(style="default", classprefix="p-")
    mkdocs_hooks._share_stylesheets()
    mkdocs_hooks._share_stylesheets()  # a second build keeps one memo
    shared = [formatters.HtmlFormatter(style="default", classprefix="p-") for _ in range(2)]
    assert shared[0].ttype2class == shared[1].ttype2class == before.ttype2class
    assert shared[0].class2style == before.class2style and shared[0].get_style_defs() == before.get_style_defs()
    assert formatters.HtmlFormatter(style="default").ttype2class != before.ttype2class  # per class prefix
