"""The glossary's pinyin (group letter, anchor) is cached per store: a rebuild reads it instead of
loading pypinyin, and gets the same keys; a new term list computes them again."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from judge.docs import pages_glossary as G


def _ctx(key: str = "k" * 64):
    return SimpleNamespace(data=SimpleNamespace(meta={"cache_key": key}))


def _no_pinyin(term: str):
    raise AssertionError(f"pinyin computed again for {term}")


def test_keys_computed_once_then_read_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path))
    terms = ["燃尽", "结算链", "Buff"]
    first = G._term_keys(_ctx(), terms)
    assert first["燃尽"] == ["R", "t-ran-jin"]
    assert first["结算链"][0] == "J"
    assert first["Buff"][0] == "B"

    monkeypatch.setattr(G, "_initial", _no_pinyin)
    monkeypatch.setattr(G, "term_anchor", _no_pinyin)
    assert G._term_keys(_ctx(), terms) == first
    with pytest.raises(AssertionError, match="computed again"):  # a term the cache does not have
        G._term_keys(_ctx(), terms + ["待命区域"])
    with pytest.raises(AssertionError, match="computed again"):  # another store
        G._term_keys(_ctx("j" * 64), terms)


def test_unwritable_cache_still_gives_the_keys(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(blocker / "cache"))  # under a file: cannot be created
    assert G._term_keys(_ctx(), ["燃尽"]) == {"燃尽": ["R", "t-ran-jin"]}
