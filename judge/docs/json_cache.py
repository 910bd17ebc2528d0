"""Best-effort JSON caches of the docs build (in the user's cache directory).

A cache only saves time: an unreadable or stale file is ignored, and a directory that cannot be written
only costs speed. Writes go through a temporary file so that a parallel build never reads half a file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path


def load(path: Path | None, valid: Callable[[object], bool] = lambda cached: isinstance(cached, dict)):
    """The cached value at `path`, or None when there is none or it is not `valid`."""
    if path is None or not path.is_file():
        return None
    try:
        cached = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return cached if valid(cached) else None


def save(path: Path | None, value) -> None:
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:  # a read-only cache only costs speed
        pass
