"""The SQLite store: built from the corpus into the per-user cache, opened read-only by readers.

open_store() is the one entry point for readers: it returns a plain sqlite3 connection
(row_factory=sqlite3.Row) to a valid store, building it first if it is missing, stale or corrupt.
"""

from __future__ import annotations

from collections.abc import Callable  # already imported at startup, unlike typing
from pathlib import Path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import sqlite3


# Set by the CLI: a judge waiting at the terminal is told why the first lookup takes seconds.
ANNOUNCE_BUILDS = False


def open_store() -> sqlite3.Connection:
    from judge.store import cache

    key = cache.cache_key()
    path = cache.store_path(key)
    conn = cache.check_store(path, key)
    if conn is not None:
        return conn
    align_progress = None
    if ANNOUNCE_BUILDS:
        import sys

        from judge.store.progress import ProgressLine

        print("正在构建规则数据库（首次使用，或语料、参考文本、程序有更新；约需几秒）……", file=sys.stderr, flush=True)
        align_progress = ProgressLine("对齐参考文本")
    build_store(path, key=key, align_progress=align_progress)
    if ANNOUNCE_BUILDS:
        align_progress.done("参考文本已对齐")
        print(f"规则数据库已就绪：{path}", file=sys.stderr, flush=True)
    conn = cache.check_store(path, key)
    if conn is None:
        from judge.errors import StoreError

        raise StoreError(f"规则数据库构建后仍无法打开：{path}", hint="请删除该文件后运行 judge build。")
    return conn


def build_store(path: Path | str | None = None, progress: Callable[[str, int, int], None] | None = None,
                *, key: str | None = None, force: bool = False,
                align_progress: Callable[[int, int], None] | None = None) -> Path:
    from judge.store.build import build

    return build(Path(path) if path else None, progress=progress, key=key, force=force,
                 align_progress=align_progress)
