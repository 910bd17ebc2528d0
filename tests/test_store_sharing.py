"""The store cache on unfriendly machines: two checkouts sharing one cache, odd characters in its
path, a full disk, and a temp fallback folder someone else prepared."""

import os
import tempfile
import shutil
import signal
import resource
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.store import cache, open_store

REPO = Path(__file__).resolve().parent.parent


def judge(*args, env=None, preexec_fn=None, cwd=None):
    return subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", *map(str, args)],
                          capture_output=True, text=True, timeout=300, env=env, preexec_fn=preexec_fn, cwd=cwd)


def current_store() -> Path:
    conn = open_store()
    try:
        return Path(conn.execute("PRAGMA database_list").fetchone()[2])
    finally:
        conn.close()


def seeded_cache(tmp_path: Path, name="cache") -> Path:
    """A cache folder holding a copy of the current store (saves a build)."""
    d = tmp_path / name
    d.mkdir(parents=True)
    store = current_store()
    shutil.copy(store, d / store.name)
    return d


# ------------------------------------------------------------------ defect 3: keys on content
def test_second_checkout_of_the_same_code_has_the_same_key(tmp_path):
    other = tmp_path / "checkout"
    other.mkdir()
    shutil.copytree(REPO / "judge", other / "judge", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "rules_corpus", other / "rules_corpus")
    shutil.copy(REPO / "pyproject.toml", other / "pyproject.toml")
    time.sleep(0.05)
    for f in (other / "judge").rglob("*.py"):  # every file newer than in this checkout
        os.utime(f)
    code = "from judge.store import cache; import judge; print(judge.__file__); print(cache.cache_key())"
    env = dict(os.environ, PYTHONPATH=str(other))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=other,
                         timeout=60).stdout.split()
    assert out[0].startswith(str(other))
    assert out[1] == cache.cache_key()


def test_edited_builder_code_changes_the_key(tmp_path, monkeypatch):
    pkg = tmp_path / "judge"
    shutil.copytree(REPO / "judge", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr("judge.paths.PACKAGE_DIR", pkg)
    before = cache.code_signature()
    f = pkg / "store" / "schema.py"
    st = f.stat()
    f.write_text(f.read_text("utf-8") + "\n# changed\n", "utf-8")
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))  # same mtime: only the content differs
    assert cache.code_signature() != before


def test_old_stores_are_kept_unless_old_unused_and_unlocked(tmp_path):
    d = tmp_path / "stores"
    d.mkdir()
    keep = d / "store-keep.sqlite"
    keep.write_bytes(b"x")
    old = time.time() - 2 * cache.IN_USE_SECONDS
    names = ["recent1", "recent2", "stale", "stale_locked", "fresh_but_extra"]
    for i, n in enumerate(names):
        p = d / f"store-{n}.sqlite"
        p.write_bytes(b"x")
        t = time.time() - 60 * (i + 1) if n.startswith("recent") else old - i
        if n == "fresh_but_extra":
            t = time.time() - 120  # used two minutes ago: maybe still being read
        os.utime(p, (t, t))
    # recency: recent1, recent2, fresh_but_extra, then the stale ones
    import fcntl

    reader = open(cache.readers_file(d / "store-stale_locked.sqlite"), "a")
    fcntl.flock(reader, fcntl.LOCK_SH)
    os.utime(reader.fileno(), (old, old))
    try:
        removed = {p.name for p in cache.prune(d, keep)}
    finally:
        reader.close()
    assert removed == {"store-stale.sqlite"}
    left = {p.name for p in d.glob("store-*.sqlite")}
    assert left == {"store-keep.sqlite", "store-recent1.sqlite", "store-recent2.sqlite",
                    "store-stale_locked.sqlite", "store-fresh_but_extra.sqlite"}


def test_open_store_marks_itself_in_use(tmp_path, monkeypatch):
    d = seeded_cache(tmp_path)
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(d))
    path = current_store()
    assert cache.readers_file(path).is_file()
    assert time.time() - cache.last_used(path) < 60


# ------------------------------------------------------------------ defect 6: odd cache paths
@pytest.mark.parametrize("name", ["a#b", "c?d", "e%20f", "g h&i=1"])
def test_cache_path_with_uri_characters(tmp_path, name):
    d = seeded_cache(tmp_path, name)
    env = dict(os.environ, JUDGE_CACHE_DIR=str(d))
    res = judge("rule", "349", env=env)
    assert res.returncode == 0 and "规则 349 打出卡牌" in res.stdout
    assert "正在构建" not in res.stderr  # the seeded store was opened, not rebuilt
    assert "uri=" not in cache.sqlite_uri(d / "x")
    res = judge("build", env=env)
    assert res.returncode == 0 and "Traceback" not in res.stderr


# ------------------------------------------------------------------ defect 8: disk full
def test_full_disk_during_build_is_a_clear_error_and_keeps_the_store(tmp_path):
    d = seeded_cache(tmp_path)
    store = next(d.glob("store-*.sqlite"))
    before = store.read_bytes()
    env = dict(os.environ, JUDGE_CACHE_DIR=str(d))

    def small_files():  # as a full disk: writes past 256 KB fail (EFBIG) instead of killing us
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, 256 * 1024))

    res = judge("build", env=env, preexec_fn=small_files)
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr and "OperationalError" not in res.stderr
    assert "无法写入规则数据库" in res.stderr and "JUDGE_CACHE_DIR" in res.stderr
    assert store.read_bytes() == before
    assert not list(d.glob("*.tmp"))
    res = judge("rule", "349", env=env)
    assert res.returncode == 0 and "正在构建" not in res.stderr


def test_unwritable_docs_output_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for out in ("/proc/riftbound-judge-docs", blocker / "docs"):
        res = judge("docs", "build", "--out", out)
        assert res.returncode != 0
        assert "Traceback" not in res.stderr and res.stderr.startswith("错误：") and "--out" in res.stderr


# ------------------------------------------------------------------ defect 10: the temp fallback
OTHER_UID = 65534


@pytest.fixture
def real_store() -> Path:
    return current_store()


@pytest.fixture
def unwritable_cache(tmp_path, monkeypatch):
    cache_dir = tmp_path / "readonly-cache"
    cache_dir.mkdir()
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(cache_dir))
    real_writable = cache._writable
    monkeypatch.setattr(cache, "_writable", lambda d: False if Path(d) == cache_dir else real_writable(d))
    real_access = os.access
    monkeypatch.setattr(cache.os, "access", lambda p, m: False if Path(p) == cache_dir else real_access(p, m))
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp))
    monkeypatch.setattr(cache, "_warned", False)
    return tmp


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to create a folder owned by another user")
def test_fallback_owned_by_someone_else_is_not_used(real_store, unwritable_cache, capsys):
    planted = unwritable_cache / f"riftbound-judge-{os.getuid()}"
    planted.mkdir(mode=0o777)
    store = real_store
    fake = planted / store.name
    shutil.copy(store, fake)
    with sqlite3.connect(fake) as conn:
        conn.execute("UPDATE rules SET title = '被篡改的标题' WHERE number = '349'")
    os.chown(fake, OTHER_UID, OTHER_UID)
    os.chown(planted, OTHER_UID, OTHER_UID)
    d = cache.store_dir()
    assert d != planted and d.parent == unwritable_cache
    assert oct(d.stat().st_mode & 0o777) == "0o700" and d.stat().st_uid == os.getuid()
    assert str(d) in capsys.readouterr().err
    conn = open_store()  # built afresh in the private folder, not the planted store
    assert Path(conn.execute("PRAGMA database_list").fetchone()[2]).parent == d
    assert conn.execute("SELECT title FROM rules WHERE number = '349'").fetchone()[0] != "被篡改的标题"


def test_fallback_is_private_and_tightened(unwritable_cache):
    d = cache.store_dir()
    assert d == unwritable_cache / f"riftbound-judge-{os.getuid()}"
    assert d.stat().st_mode & 0o777 == 0o700
    os.chmod(d, 0o777)
    cache._warned = False
    assert cache.store_dir() == d and d.stat().st_mode & 0o777 == 0o700


def test_symlink_in_place_of_the_fallback_is_refused(unwritable_cache, tmp_path):
    target = tmp_path / "elsewhere"
    target.mkdir()
    (unwritable_cache / f"riftbound-judge-{os.getuid()}").symlink_to(target)
    assert cache.store_dir().name == f"riftbound-judge-{os.getuid()}-1"


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to chown a file to another user")
def test_store_written_by_someone_else_is_never_served(tmp_path, monkeypatch):
    d = seeded_cache(tmp_path)
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(d))
    store = next(d.glob("store-*.sqlite"))
    with sqlite3.connect(store) as conn:
        conn.execute("UPDATE rules SET title = '被篡改的标题' WHERE number = '349'")
    os.chown(store, OTHER_UID, OTHER_UID)
    key = cache.cache_key()
    assert cache.check_store(store, key) is None
    conn = open_store()
    assert conn.execute("SELECT title FROM rules WHERE number = '349'").fetchone()[0] != "被篡改的标题"


def test_group_writable_store_is_never_served(tmp_path, monkeypatch):
    d = seeded_cache(tmp_path)
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(d))
    store = next(d.glob("store-*.sqlite"))
    key = cache.cache_key()
    assert cache.check_store(store, key) is not None
    os.chmod(store, 0o666)
    assert cache.check_store(store, key) is None


def test_opening_the_store_often_holds_one_lock(tmp_path, monkeypatch):
    d = seeded_cache(tmp_path)
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(d))
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(50):
        open_store().close()
    assert len(os.listdir("/proc/self/fd")) - before <= 2
