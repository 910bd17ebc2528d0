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
