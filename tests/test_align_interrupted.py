"""An interrupted or failed `judge corpus align` leaves nothing behind: the reference is stored only
after its alignment succeeded; stored alignments are results, reused by later store builds instead
of redone; aligning shows progress; references are read bounded (regular files, size, rule count)."""

import os
from pathlib import Path

import pytest

from cli_run import run

REPO = Path(__file__).resolve().parent.parent
OLDER = REPO / "rules_corpus" / "core-rules-playing-cards-excerpt-older-numbering.zh.txt"
pytestmark = pytest.mark.slow  # a few store builds


@pytest.fixture
def env(tmp_path, monkeypatch):
    from judge.store import build

    cache = tmp_path / "cache"
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(cache))
    monkeypatch.setattr(build, "STAGES", ["judge.store.stages:tree"])
    return cache




def reference(tmp_path) -> Path:
    path = tmp_path / "older.txt"
    path.write_bytes(OLDER.read_bytes())
    return path


def test_interrupted_align_stores_nothing_and_later_commands_stay_fast(env, tmp_path, capsys, monkeypatch):
    from judge.rules.align import apply as apply_mod
    from judge.store import cache, open_store

    open_store().close()
    key_before = cache.cache_key()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt  # as Ctrl-C or `timeout` halfway through aligning

    monkeypatch.setattr(apply_mod, "apply", killed)
    code, _, err = run(capsys, "corpus", "align", str(reference(tmp_path)), "--name", "older")
    assert code == 130 and "已中断" in err
    assert not (env / "references").exists() or not list((env / "references").iterdir())
    assert cache.cache_key() == key_before            # nothing stored: the key did not move
    code, _, err = run(capsys, "rule", "349")          # served from the existing store, no rebuild
    assert code == 0 and "正在构建" not in err


def test_stored_alignment_is_reused_not_redone(env, tmp_path, capsys, monkeypatch):
    from judge.rules.align import apply as apply_mod
    from judge.store import alignments, build_store, open_store

    code, out, err = run(capsys, "corpus", "align", str(reference(tmp_path)), "--name", "older")
    assert code == 0, err
    assert "对齐参考文本" in err                        # progress on stderr (not a terminal: one line)
    assert list(alignments.results_dir().glob("*.json"))
    report_before = dict(open_store().execute("SELECT key, value FROM meta").fetchall())["align_report"]
    calls = []

    def must_not_run(*args, **kwargs):
        calls.append(1)
        raise AssertionError("the stored alignment should have been reused")

    monkeypatch.setattr(apply_mod, "apply", must_not_run)
    build_store(force=True)                             # e.g. `judge build`, or a damaged store rebuilt
    meta = dict(open_store().execute("SELECT key, value FROM meta").fetchall())
    assert not calls and "align_error" not in meta and meta["align_report"] == report_before


def test_failed_alignment_leaves_no_store_behind(env, tmp_path, capsys, monkeypatch):
    from judge.rules.align import apply as apply_mod
    from judge.store import open_store

    open_store().close()
    before = sorted(p.name for p in env.glob("store-*.sqlite"))

    def broken(*args, **kwargs):
        raise RuntimeError("simulated failure")

    monkeypatch.setattr(apply_mod, "apply", broken)
    code, _, err = run(capsys, "corpus", "align", str(reference(tmp_path)), "--name", "bad")
    assert code == 2 and "原有编号未改动" in err
    assert sorted(p.name for p in env.glob("store-*.sqlite")) == before
    assert not list((env / "references").glob("*.json")) if (env / "references").exists() else True


def test_special_and_oversized_references_are_refused(env, tmp_path, capsys):
    from judge.rules.align import reference as ref_mod

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        code, _, err = run(capsys, "corpus", "align", path)   # used to hang or end in MemoryError
        assert code == 2 and "不是普通文件" in err and "Traceback" not in err
    many = tmp_path / "many.txt"
    many.write_text("".join(f"{100 + i // 100}.{i % 100 + 1}. 第 {i} 条。\n" for i in range(ref_mod.MAX_REFERENCE_RULES + 1)),
                    encoding="utf-8")
    code, _, err = run(capsys, "corpus", "align", str(many))
    assert code == 2 and "超过上限" in err


def test_progress_line_on_a_terminal(capsys):
    import io

    from judge.store.progress import ProgressLine

    class Tty(io.StringIO):
        def isatty(self):
            return True

    out = Tty()
    p = ProgressLine("对齐参考文本", stream=out, min_interval=0)
    for i in range(0, 101, 50):
        p(i, 100)
    p.done("对齐完成")
    text = out.getvalue()
    assert "\r对齐参考文本 [" in text and "100.0%" in text and "对齐完成（用时" in text


def test_temp_file_of_a_killed_build_is_cleaned_up(tmp_path):
    import fcntl

    from judge.store import cache

    keep = tmp_path / "store-keep.sqlite"
    keep.write_bytes(b"x")
    abandoned = tmp_path / "store-0123456789abcdef.sqlite.k1ll3d.tmp"
    abandoned.write_bytes(b"half a store")
    running = tmp_path / "store-fedcba9876543210.sqlite.busy.tmp"
    running.write_bytes(b"being written")
    lock = open(tmp_path / "store-fedcba9876543210.lock", "a")
    fcntl.flock(lock, fcntl.LOCK_EX)  # a live builder of that store
    try:
        cache.prune(tmp_path, keep)
    finally:
        lock.close()
    assert not abandoned.exists() and running.exists() and keep.exists()


def test_alignment_result_key_ignores_search_code_but_not_rules_code(tmp_path, monkeypatch):
    import shutil

    from judge.rules.align.reference import Reference
    from judge.store import alignments

    pkg = tmp_path / "judge"
    shutil.copytree(REPO / "judge", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr("judge.paths.PACKAGE_DIR", pkg)
    ref = Reference(name="x", lang="zh", source="x.txt", sha256="0", doc_date="", added_at="2026-01-01", rules=[])
    before = alignments.result_key(ref, "2026-07-17")
    (pkg / "search" / "engine.py").write_text("# another search\n", "utf-8")
    assert alignments.result_key(ref, "2026-07-17") == before
    (pkg / "rules" / "align" / "dp.py").write_text("# another aligner\n", "utf-8")
    assert alignments.result_key(ref, "2026-07-17") != before
