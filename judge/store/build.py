"""Building the store: documents -> rule tree, FAQ, glossary (pure, in memory) -> SQLite, in stages.

A stage (judge.store.stages) is `stage(db: sqlite_utils.Database, ctx: BuildContext) -> None`; stages
run in the order of STAGES and may read what earlier stages wrote (both in the db and in ctx.data).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from judge.corpus.manifest import Document

# "module:function", in order: judge.store.stages writes what the pure builders compute.
STAGES: list[str] = [
    "judge.store.stages:tree",
    "judge.store.stages:faq",
    "judge.store.stages:glossary",
    "judge.store.stages:search",
]


@dataclass
class BuildContext:
    docs: list[Document]
    # Free-form hand-over between stages, e.g. data["rules"] = list of rule rows of the current version.
    data: dict[str, Any] = field(default_factory=dict)


# What each stage builds, as the progress display names it.
STAGE_LABELS = {"tree": "规则树", "align": "参考文本对齐", "faq": "FAQ", "glossary": "术语表",
                "search": "搜索索引", "cards": "卡牌"}


def _stage_label(spec: str) -> str:
    name = spec.split(":")[1]
    return STAGE_LABELS.get(name, name)


BUILD_LOG = "build-log.tsv"


def _log_build(path, key: str, seconds: float) -> None:
    """One line per finished build beside the store (time, pid, key, seconds): when and how often it was built."""
    import os
    import time

    line = f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}\t{os.getpid()}\t{key[:16]}\t{seconds:.2f}\n"
    try:
        with open(path.parent / BUILD_LOG, "a", encoding="utf-8") as fh:
            fh.write(line)
    except OSError:  # the log is a diagnostic, never a reason to fail a build
        pass


def _write_failure(exc: BaseException, path):
    """A StoreError for a build that could not write (disk full, file-size limit, read-only, I/O), else None.
    The temp file is gone by then and any previous store is untouched."""
    import errno
    import sqlite3

    from judge.errors import StoreError, os_reason

    text = str(exc).lower()
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        reason = "磁盘空间不足或超出文件大小限制"
    elif isinstance(exc, OSError) and exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        reason = f"目录不可写（{os_reason(exc)}）"
    elif isinstance(exc, OSError) and exc.errno == errno.EIO:
        reason = "磁盘读写错误"
    elif isinstance(exc, sqlite3.OperationalError) and ("full" in text or "disk i/o" in text or "too big" in text):
        reason = "磁盘空间不足、超出文件大小限制或磁盘读写错误"
    elif isinstance(exc, sqlite3.OperationalError) and "readonly" in text:
        reason = "目录不可写"
    else:
        return None
    return StoreError(f"无法写入规则数据库（{reason}）：{path.parent}。已有的数据库未被改动。",
                      hint="请释放磁盘空间（约需 50 MB），或设置 JUDGE_CACHE_DIR 指向另一个磁盘上的目录，然后重试。")


def build(path=None, progress=None, *, key: str | None = None, force: bool = False, align_progress=None):
    """Build the whole store (see _build), with the cyclic garbage collector paused.

    The build allocates millions of small containers and frees them by reference counting; the
    collector's passes over the growing heap took about a third of its time. The few cycles it makes
    are collected once the collector runs again.
    """
    import gc

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _build(path, progress, key=key, force=force, align_progress=align_progress)
    finally:
        if was_enabled:
            gc.enable()


def _build(path, progress, *, key: str | None, force: bool, align_progress):
    """Build the whole store into `path` (default: the cache path for the current key).

    Written into a temp file in the same directory and renamed over `path` atomically, under a
    lock file: a concurrent builder waits, then finds the finished store and returns; a build
    killed halfway leaves only a stray temp file, never a broken store.
    """
    import os
    import tempfile
    import time
    from pathlib import Path

    import sqlite_utils

    from judge.corpus import manifest
    from judge.errors import StoreError
    from judge.store import cache
    from judge.store.schema import PRIMARY_KEYS, SCHEMA_VERSION, TABLES

    key = key or cache.cache_key()
    path = Path(path) if path else cache.store_path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = path.with_suffix(".lock")
    try:
        lock = open(lock_path, "a+")
    except OSError as exc:
        from judge.errors import os_reason

        raise StoreError(f"无法在 {path.parent} 创建规则数据库：{os_reason(exc)}", hint="请检查目录权限，或设置 JUDGE_CACHE_DIR。") from None
    try:
        try:
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX)
        except ImportError:  # no flock: the atomic rename alone keeps the store whole
            pass
        if not force:
            existing = cache.check_store(path, key)
            if existing is not None:  # another process finished it while we waited
                existing.close()
                return path
        if path.is_dir():
            raise StoreError(f"规则数据库的位置被一个目录占用：{path}", hint="请删除或移走该目录后重试，或设置 JUDGE_CACHE_DIR 指定其他目录。")
        # Temp files of builds of this store that were killed (SIGKILL skips the cleanup below); the
        # lock guarantees no live builder of this path is writing one.
        for stray in path.parent.glob(path.name + ".*.tmp"):
            try:
                stray.unlink()
            except OSError:
                pass
        docs = manifest.verify()
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        os.close(fd)
        try:
            db = sqlite_utils.Database(tmp)
            db.conn.execute("PRAGMA journal_mode=OFF")
            db.conn.execute("PRAGMA synchronous=OFF")
            for table, columns in TABLES.items():
                db[table].create(columns, pk=PRIMARY_KEYS.get(table), if_not_exists=True)
            ctx = BuildContext(docs)
            from judge.store import alignments

            ctx.data["alignment_results"] = alignments  # finished alignments are reused, not redone
            ctx.data["align_progress"] = align_progress
            total = len(STAGES)
            t0 = time.perf_counter()
            for i, spec in enumerate(STAGES):
                if progress:
                    progress(_stage_label(spec), i, total)
                module, func = spec.split(":")
                getattr(importlib.import_module(module), func)(db, ctx)
            if progress:
                progress("完成", total, total)
            rules_count = db.conn.execute("SELECT count(*) FROM rules").fetchone()[0]
            db["meta"].insert_all([
                {"key": "corpus_hash", "value": manifest.corpus_hash(docs)},
                {"key": "schema_version", "value": str(SCHEMA_VERSION)},
                {"key": "cache_key", "value": key},
                {"key": "corpus_stat", "value": cache.corpus_stat_signature()},
                {"key": "built_at", "value": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
                {"key": "build_seconds", "value": f"{time.perf_counter() - t0:.3f}"},
                {"key": "rules_count", "value": str(rules_count)},
                {"key": "complete", "value": "1"},
            ], pk="key", replace=True)
            db.conn.commit()
            db.conn.close()
            os.replace(tmp, path)
            _log_build(path, key, time.perf_counter() - t0)
        except BaseException as exc:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            write_error = _write_failure(exc, path)
            if write_error is not None:
                raise write_error from None
            raise
        # Stores of other keys: keep the few most recent, never one a process may be reading.
        cache.prune(path.parent, path)
        return path
    finally:
        lock.close()
