"""Where the built store lives and whether it is still valid. On every CLI path: stdlib only.

The cache key is the corpus hash (the same formula as manifest.corpus_hash), the schema version
and a hash of the user references in cache_dir()/references/. The key is part of the file name,
so a stale store is simply never opened; a corrupt or truncated file fails the meta check and
is rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

from judge.paths import cache_dir, corpus_dir
from judge.store.schema import SCHEMA_VERSION

MANIFEST_NAME = "MANIFEST.tsv"
REFERENCES_DIR = "references"
STORE_PREFIX = "store-"


def manifest_rows(root: Path | None = None) -> list[list[str]]:
    """MANIFEST.tsv rows as cells, or [] if it cannot be read (the build then reports why)."""
    path = (root or corpus_dir()) / MANIFEST_NAME
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    return [l.split("\t") for l in lines[1:] if l.strip()]


def corpus_hash_light(root: Path | None = None) -> str:
    """manifest.corpus_hash without importing the manifest module (kept equal by a test)."""
    h = hashlib.sha256()
    for cells in manifest_rows(root):
        if len(cells) >= 4:
            file, sha, version, kind = cells[:4]
            h.update(f"{file}\t{sha}\t{version}\t{kind}\n".encode())
    return h.hexdigest()


def references_hash(base: Path | None = None) -> str:
    ref_dir = (base or cache_dir()) / REFERENCES_DIR
    h = hashlib.sha256()
    try:
        names = sorted(os.listdir(ref_dir))
    except OSError:
        return h.hexdigest()
    for name in names:
        p = ref_dir / name
        if p.is_file():
            h.update(name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def corpus_stat_signature(root: Path | None = None) -> str:
    """Sizes and mtimes of the corpus files: a cheap tell that a file changed under the manifest."""
    root = root or corpus_dir()
    parts = []
    for cells in manifest_rows(root):
        try:
            st = os.stat(root / cells[0])
            parts.append(f"{cells[0]}:{st.st_size}:{int(st.st_mtime)}")
        except OSError:
            parts.append(f"{cells[0]}:missing")
    return "|".join(parts)


# Packages whose code shapes the store: an edited builder must not be served a stale store.
BUILDER_PACKAGES = ("corpus", "rules", "store", "search")


def code_signature() -> str:
    """Names, sizes and mtimes of the builder's source files (a few stat calls, no reads)."""
    from judge.paths import PACKAGE_DIR

    parts = []
    # Sub-packages and data folders too (rules/align/, rules/data/, search/data/): they shape the store.
    pending = [(pkg, PACKAGE_DIR / pkg) for pkg in BUILDER_PACKAGES]
    while pending:
        rel, folder = pending.pop()
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    if entry.is_dir() and entry.name != "__pycache__":
                        pending.append((f"{rel}/{entry.name}", entry.path))
                    elif entry.name.endswith((".py", ".lark", ".json", ".tsv", ".txt")):
                        st = entry.stat()
                        parts.append(f"{rel}/{entry.name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            continue
    return "|".join(sorted(parts))


def cache_key(base: Path | None = None) -> str:
    h = hashlib.sha256()
    h.update(corpus_hash_light().encode())
    h.update(f"\nschema={SCHEMA_VERSION}\n".encode())
    h.update(references_hash(base).encode())
    h.update(code_signature().encode())
    return h.hexdigest()


def _writable(d: Path) -> bool:
    try:
        d.mkdir(parents=True, exist_ok=True)
        probe = d / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


_warned = False


def store_dir() -> Path:
    """cache_dir(), or a per-user temp dir when the cache dir cannot be written (said once on stderr)."""
    global _warned
    d = cache_dir()
    if d.is_dir() and os.access(d, os.W_OK) or _writable(d):
        return d
    fallback = Path(tempfile.gettempdir()) / f"riftbound-judge-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
    if not _writable(fallback):
        from judge.errors import StoreError

        raise StoreError(f"缓存目录 {d} 不可写，临时目录 {fallback} 也无法使用。",
                         hint="请设置 JUDGE_CACHE_DIR 为一个可写的目录，例如 JUDGE_CACHE_DIR=$HOME/.cache/riftbound-judge。")
    if not _warned:
        print(f"注意：缓存目录 {d} 不可写，改用临时目录 {fallback}（可设置 JUDGE_CACHE_DIR 指定其他目录）。", file=sys.stderr)
        _warned = True
    return fallback


def store_path(key: str | None = None) -> Path:
    key = key or cache_key()
    return store_dir() / f"{STORE_PREFIX}{key[:16]}.sqlite"


def check_store(path: Path, key: str) -> sqlite3.Connection | None:
    """An open connection if `path` is a complete store for `key`, else None (missing, stale, corrupt)."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        conn.row_factory = sqlite3.Row
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("cache_key") != key or meta.get("complete") != "1":
            conn.close()
            return None
        if str(conn.execute("SELECT count(*) FROM rules").fetchone()[0]) != meta.get("rules_count"):
            conn.close()
            return None
        if meta.get("corpus_stat") != corpus_stat_signature():
            # A corpus file changed without its manifest line: verify now (raises a clear CorpusError).
            from judge.corpus import manifest

            manifest.verify()
        return conn
    except sqlite3.DatabaseError:
        conn.close()
        return None
