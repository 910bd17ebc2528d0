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
