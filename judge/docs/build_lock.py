"""One `judge docs build` at a time per output folder: an advisory lock held for the whole build.

The lock file lives in the user's cache (named after the output folder's absolute path), never beside
the output, so a build leaves nothing outside the folder it was asked to write. The OS releases the
lock when the process dies, so a killed build never blocks the next one.
"""

from __future__ import annotations

import hashlib
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from judge.errors import JudgeError

WAIT_SECONDS = 600.0
POLL_SECONDS = 0.2


class DocsLockError(JudgeError):
    """Another build kept the output folder for too long."""


def lock_path(out_dir: Path) -> Path:
    from judge.paths import cache_dir

    key = hashlib.sha256(str(Path(out_dir).resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:24]
    return cache_dir() / "docs-locks" / f"{key}.lock"


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextmanager
def output_lock(out_dir: Path, on_wait: Callable[[str], None] | None = None,
                wait_seconds: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the output folder's lock; wait (saying so once through `on_wait`) while another build holds it."""
    path = lock_path(out_dir)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as err:
        raise DocsLockError(f"无法创建文档构建锁文件：{path}（{err.strerror or err}）",
                            hint="请检查缓存目录是否可写，或用 JUDGE_CACHE_DIR 指定另一个缓存目录。") from None
    try:
        deadline = time.monotonic() + wait_seconds
        told = False
        while not _try_lock(fd):
            if not told and on_wait is not None:
                on_wait(f"另一个 judge docs build 正在写入 {Path(out_dir).resolve()}，等待其完成……")
                told = True
            if time.monotonic() > deadline:
                raise DocsLockError(
                    f"等待另一个 judge docs build 写完 {Path(out_dir).resolve()} 超过 {wait_seconds:.0f} 秒。",
                    hint="请确认没有卡住的构建进程，或用 --out 指定另一个目录。")
            time.sleep(POLL_SECONDS)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
