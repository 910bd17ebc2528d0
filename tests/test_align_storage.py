"""Stored references: JSON in the user's cache, the latest applied, removal, names, broken files."""

import json
from pathlib import Path

import pytest

from judge.rules.align import storage
from judge.rules.align.reference import ReferenceError

FIX = Path(__file__).parent / "fixtures" / "align"


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_save_load_latest_and_remove(cache):
    zh = storage.load_file(FIX / "numbered.zh.txt")
    storage.save(zh)
    en = storage.load_file(FIX / "numbered.en.txt", lang="en", name="official-en")
    storage.save(en)
    assert zh.name == "numbered.zh" and zh.lang == "zh" and zh.doc_date == "2026-03-03"
    assert sorted(p.name for p in (cache / "references").iterdir()) == ["numbered.zh.json", "official-en.json"]
    latest = storage.latest()
    assert latest.name == "official-en" and len(latest.rules) == 44 and latest.rules[0].number == "300"
    assert latest.rules[5].examples == en.rules[5].examples
    storage.remove("official-en")
    assert storage.latest().name == "numbered.zh"
    storage.remove("numbered.zh")
    assert storage.latest() is None
    with pytest.raises(ReferenceError, match="没有名为 numbered.zh 的参考文本"):
        storage.remove("numbered.zh")


def test_names_are_checked(cache):
    for bad in ["../x", "a/b", "", ".hidden", "x.json", "a" * 65]:
        with pytest.raises(ReferenceError, match="参考名称无效"):
            storage.check_name(bad)
    assert storage.check_name("官方-2026.07_en") == "官方-2026.07_en"
    assert storage.default_name(Path("/tmp/Core Rules (EN) v1.2.txt")) == "Core-Rules-EN-v1.2"


def test_broken_reference_file_is_skipped_and_listed(cache):
    storage.save(storage.load_file(FIX / "numbered.zh.txt"))
    (cache / "references" / "broken.json").write_text("{not json", encoding="utf-8")
    assert [r.name for r in storage.load_all()] == ["numbered.zh"]
    assert [p.name for p in storage.broken()] == ["broken.json"]


def test_saved_json_round_trips(cache):
    ref = storage.load_file(FIX / "numbered.en.txt")
    path = storage.save(ref)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == 1 and data["lang"] == "en" and data["source"].endswith("numbered.en.txt")
    assert storage.load_all()[0].rules == ref.rules
