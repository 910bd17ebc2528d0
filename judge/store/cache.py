"""Where the built store lives and whether it is still valid. On every CLI path: stdlib only.

The cache key is the corpus hash (the same formula as manifest.corpus_hash), the schema version,
a hash of the user references in cache_dir()/references/ and the content hashes of the builder's
code — contents, never timestamps, so checkouts of the same code share a store (a stamp of sizes and
mtimes only remembers the key while no input changed). The key is part of
the file name, so a stale store is simply never opened; a corrupt or truncated file fails the meta
check and is rebuilt; a store file another user could have written is never served. A few recent
stores are kept (see prune).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

try:  # the C module behind sqlite3: the same connect, Row and errors, without the datetime adapters
    import _sqlite3 as sqlite3  # the package imports (a cold `judge run` opens the store only to read)
except ImportError:
    import sqlite3

from judge.paths import cache_dir, corpus_dir
from judge.store.schema import SCHEMA_VERSION

MANIFEST_NAME = "MANIFEST.tsv"
NUMBERING_MAP_NAME = "numbering-map.tsv"   # = judge.rules.official.MAP_NAME (kept equal by a test)
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
    import hashlib  # imported where used: a remembered key needs no hashing (see cache_key)

    h = hashlib.sha256()
    for cells in manifest_rows(root):
        if len(cells) >= 4:
            file, sha, version, kind = cells[:4]
            h.update(f"{file}\t{sha}\t{version}\t{kind}\n".encode())
    return h.hexdigest()


def references_hash(base: Path | None = None, extra: dict[str, bytes] | None = None) -> str:
    """Hash of the stored references; `extra` (file name -> bytes) as if those files were stored too."""
    ref_dir = (base or cache_dir()) / REFERENCES_DIR
    import hashlib

    extra = extra or {}
    h = hashlib.sha256()
    try:
        names = set(os.listdir(ref_dir))
    except OSError:
        names = set()
    for name in sorted(names | set(extra)):
        if name in extra:
            data = extra[name]
        else:
            p = ref_dir / name
            if not p.is_file():
                continue
            data = p.read_bytes()
        h.update(name.encode() + b"\0" + data + b"\0")
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


# ------------------------------------------------------------------ content hashes, memoised by stat
# Keys are content hashes, never timestamps: two checkouts (or two installs) of the same code share
# one store. Hashing a file is memoised per (path, size, mtime) in the cache, so a lookup reads no
# source file unless one changed.
HASH_MEMO = "file-hashes.json"
_memo: dict | None = None
_memo_dirty = False


def _memo_file() -> Path:
    return cache_dir() / HASH_MEMO


def _load_memo() -> dict:
    global _memo
    if _memo is None:
        try:
            import json

            data = json.loads(_memo_file().read_text(encoding="utf-8"))
            _memo = data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            _memo = {}
    return _memo


def file_sha256(path: str | Path, st: os.stat_result | None = None) -> str:
    """sha256 of a file's bytes; "" if it cannot be read."""
    global _memo_dirty
    path = str(path)
    try:
        st = st or os.stat(path)
    except OSError:
        return ""
    memo = _load_memo()
    hit = memo.get(path)
    if isinstance(hit, list) and len(hit) == 3 and hit[0] == st.st_size and hit[1] == st.st_mtime_ns:
        return hit[2]
    import hashlib

    try:
        with open(path, "rb") as fh:
            digest = hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return ""
    memo[path] = [st.st_size, st.st_mtime_ns, digest]
    _memo_dirty = True
    return digest


def save_memo() -> None:
    """Write the hash memo atomically (best effort: a lost memo only costs re-hashing)."""
    global _memo_dirty
    if not _memo_dirty or _memo is None:
        return
    import json
    import tempfile  # imported where used: a cold start never needs it

    target = _memo_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".hashes-", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(_memo, fh)
        os.replace(tmp, target)
        _memo_dirty = False
    except OSError:
        pass


def corpus_matches_manifest(root: Path | None = None) -> bool:
    """Every corpus file's content hash equals its MANIFEST line (memoised: no reads when unchanged)."""
    root = root or corpus_dir()
    rows = manifest_rows(root)
    ok = bool(rows) and all(len(c) >= 2 and file_sha256(root / c[0]) == c[1] for c in rows)
    save_memo()
    return ok


# Packages whose code shapes the store: an edited builder must not be served a stale store.
# cards: the search index takes the card names judges type from the shipped card facts.
BUILDER_PACKAGES = ("corpus", "rules", "store", "search", "cards")


def _code_files(packages: tuple[str, ...]):
    """(relative name, path, stat) of the source and data files of `packages`, sub-packages and data
    folders included (rules/align/, rules/data/, search/data/): they shape the store."""
    from judge.paths import PACKAGE_DIR

    pending = [(pkg, PACKAGE_DIR / pkg) for pkg in packages]
    while pending:
        rel, folder = pending.pop()
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    if entry.is_dir() and entry.name != "__pycache__":
                        pending.append((f"{rel}/{entry.name}", entry.path))
                    elif entry.name.endswith((".py", ".lark", ".json", ".tsv", ".txt")):
                        yield f"{rel}/{entry.name}", entry.path, entry.stat()
        except OSError:
            continue


def code_signature(packages: tuple[str, ...] = BUILDER_PACKAGES) -> str:
    """Relative names and content hashes of the source and data files of `packages` (default: the builder's)."""
    parts = [f"{rel}:{file_sha256(path, st)}" for rel, path, st in _code_files(packages)]
    save_memo()
    return "|".join(sorted(parts))


def numbering_map_signature(root: Path | None = None) -> str:
    """Size and mtime of the shipped numbering map (not a MANIFEST document, but it shapes the tree)."""
    try:
        st = os.stat((root or corpus_dir()) / NUMBERING_MAP_NAME)
    except OSError:
        return "numbering-map:missing"
    return f"numbering-map:{st.st_size}:{st.st_mtime_ns}"


def _hashed_key(base: Path | None, extra_references: dict[str, bytes] | None) -> str:
    import hashlib

    h = hashlib.sha256()
    h.update(corpus_hash_light().encode())
    h.update(numbering_map_signature().encode())
    h.update(f"\nschema={SCHEMA_VERSION}\n".encode())
    h.update(references_hash(base, extra_references).encode())
    h.update(code_signature().encode())
    return h.hexdigest()


# ------------------------------------------------------------------ the key, remembered by stamp
# Computing the key reads the manifest and looks up a content hash per builder file (hashlib and the
# JSON memo: imports a cold `judge run` would otherwise pay for). The key is therefore remembered
# with a stamp: one "path, size, mtime_ns" line per input file and per folder holding them (a folder's
# mtime moves when a file is added, removed or renamed in it). While every line still holds, the key
# is reused: checking it is one stat per line, without listing the folders again; any change to an
# input falls back to the content hashes above.
KEY_STAMP_PREFIX = "key-stamp-"


def _stat_line(path) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}\tmissing"
    return f"{path}\t{st.st_size}\t{st.st_mtime_ns}"


def _stamp_header(base: Path | None) -> list[str]:
    from judge.paths import PACKAGE_DIR

    return [f"schema={SCHEMA_VERSION}", f"package={PACKAGE_DIR}", f"references={(base or cache_dir()) / REFERENCES_DIR}"]


def _code_folders(packages: tuple[str, ...]):
    """The folders _code_files lists (each package and its sub-folders but __pycache__)."""
    from judge.paths import PACKAGE_DIR

    pending = [PACKAGE_DIR / pkg for pkg in packages]
    while pending:
        folder = pending.pop()
        yield folder
        try:
            with os.scandir(folder) as it:
                pending += [entry.path for entry in it if entry.is_dir() and entry.name != "__pycache__"]
        except OSError:
            continue


def input_stamp(base: Path | None = None) -> str:
    """The stamp of everything cache_key() reads: equal stamps, equal keys."""
    root = corpus_dir()
    ref_dir = (base or cache_dir()) / REFERENCES_DIR
    lines = _stamp_header(base) + [_stat_line(root / MANIFEST_NAME), _stat_line(root / NUMBERING_MAP_NAME),
                                   _stat_line(ref_dir)]
    try:
        names = sorted(os.listdir(ref_dir))
    except OSError:
        names = []
    lines += [_stat_line(ref_dir / name) for name in names]
    lines += sorted(_stat_line(folder) for folder in _code_folders(BUILDER_PACKAGES))
    lines += sorted(f"{path}\t{st.st_size}\t{st.st_mtime_ns}" for _rel, path, st in _code_files(BUILDER_PACKAGES))
    return "\n".join(lines)


def _stamp_holds(stamp: str, base: Path | None) -> bool:
    """Whether a saved stamp still describes the inputs: its header is this install's and every
    file and folder line is unchanged (a stat each; no folder is listed)."""
    lines = stamp.split("\n")
    header = _stamp_header(base)
    if lines[:len(header)] != header:
        return False
    return all(_stat_line(line.partition("\t")[0]) == line for line in lines[len(header):])


def _stamp_file(base: Path | None) -> Path:
    import zlib  # already loaded on the CLI paths (grammar tables)

    from judge.paths import PACKAGE_DIR

    # One file per installed package, so checkouts sharing a cache do not overwrite each other's.
    return (base or cache_dir()) / f"{KEY_STAMP_PREFIX}{zlib.crc32(str(PACKAGE_DIR).encode()):08x}"


def _stamped_key(stamp_file: Path, base: Path | None) -> str | None:
    if not trusted_file(stamp_file):
        return None
    try:
        key, _, saved = stamp_file.read_text(encoding="utf-8").partition("\n")
    except (OSError, UnicodeDecodeError):
        return None
    return key if len(key) == 64 and _stamp_holds(saved, base) else None


def _save_stamped_key(stamp_file: Path, stamp: str, key: str) -> None:
    """Best effort, atomic: a lost stamp only costs hashing again."""
    tmp = stamp_file.with_name(f".{stamp_file.name}.{os.getpid()}.tmp")
    try:
        stamp_file.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(key + "\n" + stamp)
        os.replace(tmp, stamp_file)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def cache_key(base: Path | None = None, extra_references: dict[str, bytes] | None = None) -> str:
    if extra_references:  # a reference not stored yet: no stamp describes it
        return _hashed_key(base, extra_references)
    stamp_file = _stamp_file(base)
    key = _stamped_key(stamp_file, base)
    if key is None:
        stamp = input_stamp(base)
        key = _hashed_key(base, None)
        if input_stamp(base) == stamp:  # nothing moved while hashing
            _save_stamped_key(stamp_file, stamp, key)
    return key


def _writable(d: Path) -> bool:
    try:
        d.mkdir(parents=True, exist_ok=True)
        probe = d / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def _uid() -> int | None:
    return os.getuid() if hasattr(os, "getuid") else None


def _private_dir(d: Path) -> bool:
    """`d` exists as a real directory of ours that nobody else can read or write (created 0700)."""
    try:
        os.mkdir(d, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return False
    try:
        st = os.lstat(d)
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode):  # a symlink or a file planted in its place
        return False
    uid = _uid()
    if uid is not None and st.st_uid != uid:  # someone else's: never trust what is inside
        return False
    if uid is not None and st.st_mode & 0o077:
        try:
            os.chmod(d, 0o700)
        except OSError:
            return False
    return _writable(d)


def fallback_dirs() -> list[Path]:
    """Temp-dir candidates, in order: a name taken by another user moves us to the next one."""
    import tempfile

    base = Path(tempfile.gettempdir())
    who = _uid() if _uid() is not None else "user"
    return [base / f"riftbound-judge-{who}"] + [base / f"riftbound-judge-{who}-{n}" for n in range(1, 10)]


_warned = False


def store_dir() -> Path:
    """cache_dir(), or a private per-user temp dir when the cache dir cannot be written (said once on stderr)."""
    global _warned
    d = cache_dir()
    if d.is_dir() and os.access(d, os.W_OK) or _writable(d):
        return d
    fallback = next((f for f in fallback_dirs() if _private_dir(f)), None)
    if fallback is None:
        from judge.errors import StoreError

        raise StoreError(f"缓存目录 {d} 不可写，临时目录 {fallback_dirs()[0]} 也无法使用（或属于其他用户）。",
                         hint="请设置 JUDGE_CACHE_DIR 为一个可写的目录，例如 JUDGE_CACHE_DIR=$HOME/.cache/riftbound-judge。")
    if not _warned:
        print(f"注意：缓存目录 {d} 不可写，改用临时目录 {fallback}（可设置 JUDGE_CACHE_DIR 指定其他目录）。", file=sys.stderr)
        _warned = True
    return fallback


def store_path(key: str | None = None) -> Path:
    key = key or cache_key()
    return store_dir() / f"{STORE_PREFIX}{key[:16]}.sqlite"


def sqlite_uri(path: Path, mode: str = "ro") -> str:
    """A file: URI for `path`: '#', '?' and '%' in a folder name are percent-encoded, not parsed."""
    from urllib.parse import quote

    return "file:" + quote(str(Path(path).absolute()).replace(os.sep, "/"), safe="/:") + f"?mode={mode}"


def trusted_file(path: Path) -> bool:
    """A regular file of ours that no other user can write: only such a store is served."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode):
        return False
    uid = _uid()
    return uid is None or (st.st_uid == uid and not st.st_mode & 0o022)


def check_store(path: Path, key: str) -> sqlite3.Connection | None:
    """An open connection if `path` is a complete, trusted store for `key`, else None (missing, stale,
    corrupt, or not ours)."""
    if not path.is_file() or not trusted_file(path):
        return None
    try:
        conn = sqlite3.connect(sqlite_uri(path), uri=True, check_same_thread=False)
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
        if meta.get("corpus_stat") != corpus_stat_signature() and not corpus_matches_manifest():
            # A corpus file changed without its manifest line: verify now (raises a clear CorpusError).
            from judge.corpus import manifest

            manifest.verify()
        mark_in_use(path)
        return conn
    except sqlite3.DatabaseError:
        conn.close()
        return None


# ------------------------------------------------------------------ keeping and pruning stores
# A few recent stores are kept, so two checkouts or installed versions with different code do not
# rebuild on every command. A reader holds a shared lock on <store>.readers for its lifetime and
# touches it; a store is deleted only if it is not among the KEEP_STORES most recently used, unused
# for IN_USE_SECONDS, and no reader holds its lock.
KEEP_STORES = 3
IN_USE_SECONDS = 600
_reader_locks: dict = {}


def readers_file(path: Path) -> Path:
    return path.with_name(path.name + ".readers")


def mark_in_use(path: Path) -> None:
    held = _reader_locks.get(path)
    if held is not None:  # one lock per store and process, however often it is opened
        try:
            os.utime(held.fileno())
        except (OSError, NotImplementedError, TypeError, ValueError):
            pass
        return
    try:
        fh = open(readers_file(path), "a")
    except OSError:
        return
    try:
        os.utime(fh.fileno())
    except (OSError, NotImplementedError, TypeError):
        pass
    try:
        import fcntl

        fcntl.flock(fh, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except (ImportError, OSError):
        pass
    _reader_locks[path] = fh  # held until the process exits


def last_used(path: Path) -> float:
    times = []
    for p in (path, readers_file(path)):
        try:
            times.append(os.stat(p).st_mtime)
        except OSError:
            pass
    return max(times, default=0.0)


def prune(directory: Path, keep: Path) -> list[Path]:
    """Delete old stores no process may be reading; returns what was deleted."""
    import time

    stores = [p for p in directory.glob(STORE_PREFIX + "*.sqlite") if p != keep]
    stores.sort(key=last_used, reverse=True)
    now = time.time()
    removed = []
    for old in stores[KEEP_STORES - 1:]:
        if now - last_used(old) < IN_USE_SECONDS:
            continue
        lock = None
        try:
            lock = open(readers_file(old), "a")
            try:
                import fcntl

                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except ImportError:
                pass
            old.unlink()
            removed.append(old)
            for extra in (readers_file(old), old.with_suffix(".lock")):
                try:
                    extra.unlink()
                except OSError:
                    pass
        except OSError:  # a reader holds it, or it cannot be removed: leave it
            continue
        finally:
            if lock is not None:
                lock.close()
    removed += _remove_abandoned_builds(directory)
    return removed


def _remove_abandoned_builds(directory: Path) -> list[Path]:
    """Temp files of builds that were killed (e.g. an interrupted `judge corpus align`, whose key is
    never built again): removed when no builder holds their store's lock."""
    removed = []
    for stray in directory.glob(STORE_PREFIX + "*.sqlite.*.tmp"):
        store_name = stray.name.split(".sqlite.", 1)[0] + ".sqlite"
        try:
            lock = open(directory / Path(store_name).with_suffix(".lock").name, "a")
        except OSError:
            continue
        try:
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:
            import time

            if time.time() - last_used(stray) < IN_USE_SECONDS:
                lock.close()
                continue
        except OSError:  # a build of that store is running
            lock.close()
            continue
        try:
            stray.unlink()
            removed.append(stray)
        except OSError:
            pass
        finally:
            lock.close()
    return removed
