"""The store as the search reads it: opened (and built if needed) by judge.store.open_store()."""

from __future__ import annotations

from judge.errors import StoreError

CACHE_KIB = 32 * 1024
MMAP_BYTES = 64 * 1024 * 1024


def connect():
    try:
        from judge.store import open_store
    except ImportError:
        raise StoreError("规则数据库模块不可用。", hint="请确认 riftbound-judge 已完整安装。") from None
    conn = open_store()
    conn.row_factory = None  # plain tuples: the search unpacks rows positionally
    # The whole store (a few MB) fits in the page cache, and memory-mapped reads skip a copy per page:
    # the FTS queries of a question read the same index pages again and again.
    conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'search_docs'").fetchone():
        conn.close()
        raise StoreError("规则数据库中没有搜索索引。", hint="请运行 judge build 重新构建数据库。")
    return conn
