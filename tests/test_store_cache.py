"""The store in the per-user cache: built on first use, rebuilt when stale or corrupt, never left broken."""

import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from judge.errors import CorpusError
from judge.paths import corpus_dir
from judge.store import build_store, cache, open_store


def db_path(conn):
    """The file behind a connection (the cache key may move while colleagues edit builder code)."""
    from pathlib import Path

    return Path(conn.execute("PRAGMA database_list").fetchone()[2])


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(d))
    return d


def test_light_corpus_hash_equals_manifest_hash():
    from judge.corpus import manifest

    assert cache.corpus_hash_light() == manifest.corpus_hash(manifest.load_manifest())


def test_first_use_builds_then_reuses(fresh_cache):
    conn = open_store()
    path = db_path(conn)
    assert path.is_file() and path.parent == fresh_cache
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    assert meta["schema_version"] and meta["corpus_hash"] and meta["complete"] == "1"
    mtime = path.stat().st_mtime_ns
    assert db_path(open_store()) == path and path.stat().st_mtime_ns == mtime  # not rebuilt


def test_corrupt_store_is_detected_and_rebuilt(fresh_cache):
    path = db_path(open_store())
    path.write_bytes(b"this is not a database" * 100)
    conn = open_store()
    assert db_path(conn) == path and conn.execute("SELECT count(*) FROM rules").fetchone()[0] > 1000


def test_truncated_store_is_detected_and_rebuilt(fresh_cache):
    path = db_path(open_store())
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    conn = open_store()
    assert conn.execute("SELECT count(*) FROM rules").fetchone()[0] > 1000


def test_new_reference_file_changes_the_key(fresh_cache):
    open_store().close()
    before = cache.cache_key()
    refs = fresh_cache / "references"
    refs.mkdir(parents=True, exist_ok=True)
    (refs / "ref.json").write_text("{}", encoding="utf-8")
    assert cache.cache_key() != before
    open_store().close()
    # the previous store is kept: a few recent stores stay (see test_store_sharing.py for pruning)
    assert len(list(fresh_cache.glob("store-*.sqlite"))) == 2


def _boom_stage(db, ctx):
    raise KeyboardInterrupt  # as if the user pressed Ctrl-C halfway through a build


def test_killed_build_leaves_no_broken_store(fresh_cache, monkeypatch):
    from judge.store import build as build_mod

    monkeypatch.setattr(build_mod, "STAGES", build_mod.STAGES + [f"{__name__}:_boom_stage"])
    with pytest.raises(KeyboardInterrupt):
        build_store()
    assert not cache.store_path().exists()
    assert not list(fresh_cache.glob("*.tmp"))


_COLLECTOR_SEEN: list[bool] = []


def _collector_stage(db, ctx):
    import gc

    _COLLECTOR_SEEN.append(gc.isenabled())


def test_build_pauses_the_cyclic_collector_and_restores_it(fresh_cache, monkeypatch):
    import gc

    from judge.store import build as build_mod

    probe, boom = f"{__name__}:_collector_stage", f"{__name__}:_boom_stage"
    _COLLECTOR_SEEN.clear()
    monkeypatch.setattr(build_mod, "STAGES", [probe])
    build_store(force=True)
    assert _COLLECTOR_SEEN == [False] and gc.isenabled()
    monkeypatch.setattr(build_mod, "STAGES", [probe, boom])
    with pytest.raises(KeyboardInterrupt):
        build_store(force=True)
    assert _COLLECTOR_SEEN == [False, False] and gc.isenabled()
    gc.disable()  # a caller that paused it itself keeps it paused
    try:
        monkeypatch.setattr(build_mod, "STAGES", [probe])
        build_store(force=True)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_two_concurrent_builds_leave_one_valid_store(fresh_cache):
    code = "from judge.store import open_store; c = open_store(); print(c.execute('select count(*) from rules').fetchone()[0])"
    env = dict(os.environ, JUDGE_CACHE_DIR=str(fresh_cache))
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    counts = {o[0].strip() for o in outs}
    assert len(counts) == 1 and int(counts.pop()) > 1000
    assert len(list(fresh_cache.glob("store-*.sqlite"))) == 1
    assert not list(fresh_cache.glob("*.tmp"))


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root can write anywhere")
def test_read_only_cache_dir_falls_back_to_temp(tmp_path, monkeypatch, capsys):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(ro / "cache"))
    monkeypatch.setattr(cache, "_warned", False)
    try:
        conn = open_store()
        assert conn.execute("SELECT count(*) FROM rules").fetchone()[0] > 1000
        assert "不可写" in capsys.readouterr().err
    finally:
        ro.chmod(0o700)


def test_unwritable_cache_dir_falls_back_to_temp(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(blocker / "cache"))  # a path under a file: never creatable
    monkeypatch.setattr(cache, "_warned", False)
    conn = open_store()
    assert conn.execute("SELECT count(*) FROM rules").fetchone()[0] > 1000
    err = capsys.readouterr().err
    assert "不可写" in err and "临时目录" in err


def test_missing_corpus_file_is_named(tmp_path, monkeypatch, fresh_cache):
    dst = tmp_path / "corpus"
    shutil.copytree(corpus_dir(), dst)
    (dst / "core-rules-2026-07-17.zh.txt").unlink()
    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(dst))
    with pytest.raises(CorpusError) as exc:
        open_store()
    assert "core-rules-2026-07-17.zh.txt" in exc.value.message


def test_store_is_plain_sqlite_with_the_contract_tables(fresh_cache):
    from judge.store.schema import TABLES

    conn = open_store()
    assert isinstance(conn, sqlite3.Connection) and conn.row_factory is sqlite3.Row
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert set(TABLES) <= names
    for table, cols in TABLES.items():
        have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        assert set(cols) <= have, table


def _copied_package(tmp_path, monkeypatch):
    """A copy of the package whose files a test may change, used as the store's inputs, with its own cache."""
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    pkg = tmp_path / "judge"
    shutil.copytree(repo / "judge", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr("judge.paths.PACKAGE_DIR", pkg)
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    return pkg


def test_remembered_key_is_reused_until_an_input_changes(tmp_path, monkeypatch):
    pkg = _copied_package(tmp_path, monkeypatch)
    key = cache.cache_key()
    assert key == cache._hashed_key(None, None)
    assert list((tmp_path / "cache").glob(cache.KEY_STAMP_PREFIX + "*"))

    hashed = []
    real = cache._hashed_key
    monkeypatch.setattr(cache, "_hashed_key", lambda *a: hashed.append(a) or real(*a))
    assert cache.cache_key() == key and hashed == []  # fast path: no content hashed

    f = pkg / "rules" / "lookup.py"
    f.write_text(f.read_text("utf-8") + "\n# changed\n", "utf-8")
    changed = cache.cache_key()
    assert len(hashed) == 1 and changed != key  # the stamp moved: hashed again, new key (a rebuild)
    assert cache.cache_key() == changed and len(hashed) == 1

    refs = tmp_path / "cache" / "references"
    refs.mkdir()
    (refs / "ref.json").write_text("{}", encoding="utf-8")
    assert cache.cache_key() not in (key, changed) and len(hashed) == 2


def test_a_stamp_file_of_another_input_state_is_not_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    key = cache.cache_key()
    stamp_file = next((tmp_path / "cache").glob(cache.KEY_STAMP_PREFIX + "*"))
    stamp_file.write_text("0" * 64 + "\n" + "some other stamp", encoding="utf-8")
    assert cache.cache_key() == key


def test_a_file_added_to_a_builder_package_moves_the_key(tmp_path, monkeypatch):
    """The remembered key is checked by stat alone: a new file shows as its folder's changed mtime."""
    pkg = _copied_package(tmp_path, monkeypatch)
    key = cache.cache_key()
    assert cache.cache_key() == key
    (pkg / "search" / "data" / "added.tsv").write_text("新\t词\n", "utf-8")
    added = cache.cache_key()
    assert added != key
    (pkg / "search" / "data" / "added.tsv").unlink()
    assert cache.cache_key() == key  # the same contents as at first: the same key
