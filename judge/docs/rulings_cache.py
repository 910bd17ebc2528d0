"""The ruling pages' scenario runs, kept between docs builds while nothing they depend on changed.

Running every shipped scenario is most of `judge docs build`; its result depends only on the scenario
files, the program (every file of the judge package: engine, language, card encodings and facts) and
the rules corpus. The key is the content hash of all of them (memoised by size and mtime), so any
edit runs everything again. Best effort, like json_cache: an unreadable or stale file is ignored,
and a cache directory that cannot be written only costs speed.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

NAME = "docs-rulings.pickle"
FORMAT = 1  # bump when Ruling (judge.docs.rulings_model) changes shape


def path() -> Path:
    from judge.paths import cache_dir

    return cache_dir() / NAME


def _files(folder: Path):
    """(path relative to `folder`, path) of every file below it, build leftovers excluded."""
    for base, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(names):
            if not name.endswith((".pyc", ".tmp")):
                full = os.path.join(base, name)
                yield os.path.relpath(full, folder), full


def key(root: Path) -> str:
    """Content hash of the scenarios under `root`, the judge package and the corpus."""
    import hashlib

    from judge.paths import PACKAGE_DIR, corpus_dir
    from judge.store import cache

    h = hashlib.sha256(f"format={FORMAT}\nroot={Path(root).resolve()}\n".encode())
    for label, folder in (("scenarios", Path(root)), ("judge", PACKAGE_DIR), ("corpus", corpus_dir())):
        for rel, full in _files(folder):
            h.update(f"{label}/{rel}:{cache.file_sha256(full)}\n".encode())
    cache.save_memo()
    return h.hexdigest()


def load(run_key: str):
    """The (rulings, notes) saved under `run_key`, or None."""
    try:
        with open(path(), "rb") as fh:
            saved_key, value = pickle.load(fh)
    except Exception:  # absent, truncated or from another version: run the scenarios
        return None
    return value if saved_key == run_key else None


def save(run_key: str, value) -> None:
    target = path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            pickle.dump((run_key, value), fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except (OSError, pickle.PicklingError):  # a read-only cache only costs speed
        pass
