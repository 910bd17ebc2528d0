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
    try:
        tune(conn)
    except StoreError:
        conn.close()
        raise
    return conn


def connection_memo(cache: dict, conn) -> dict:
    """`cache`, emptied first when it was filled from another connection. The store does not change under
    an open connection, so rows read once stay true while it is open; the cache names its connection, so
    that a new one (even at a reused address) never takes another's rows."""
    if cache.get("conn") is not conn:
        cache.clear()
        cache["conn"] = conn
    return cache


def tune(conn) -> None:
    """The store's page cache and memory-mapped reads for the search, or a StoreError when the store has
    no search index."""
    # The whole store (a few MB) fits in the page cache, and memory-mapped reads skip a copy per page:
    # the FTS queries of a question read the same index pages again and again.
    conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'search_docs'").fetchone():
        raise StoreError("规则数据库中没有搜索索引。", hint="请运行 judge build 重新构建数据库。")


class TupleRows:
    """A connection whose rows are sqlite3.Row, as the search reads it: its queries' rows as plain
    tuples (a cursor of its own per query), so that one open store serves both."""

    def __init__(self, conn) -> None:
        self.conn = conn

    def execute(self, sql: str, params=()):
        cur = self.conn.cursor()
        cur.row_factory = None
        return cur.execute(sql, params)
