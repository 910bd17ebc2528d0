"""The user's numbered references in the store: what `judge corpus align` / `--remove` /
`judge corpus references` do (judge.rules.align computes, the store applies and keeps); the CLI only renders.

Adding a reference: parse it (every problem is an error before anything is written), store it,
rebuild the store (the build stage applies it) and return the stage's report. If the stage could
not apply it, the previous state is restored and the error raised.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from judge.rules.align import storage
from judge.rules.align.reference import Reference, ReferenceError


@dataclass
class Listing:
    reference: Reference
    applied: bool
    summary: dict | None


def _store_meta(key: str) -> str | None:
    from judge.store import open_store

    conn = open_store()
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    finally:
        conn.close()
    return row[0] if row else None


def add_reference(path: Path, lang: str | None = None, name: str | None = None) -> tuple[dict, bool]:
    """(report, replaced an older reference of the same name)."""
    ref = storage.load_file(Path(path), lang, name)
    target = storage.references_dir() / f"{ref.name}.json"
    previous = target.read_bytes() if target.is_file() else None
    storage.save(ref)
    try:
        error = _store_meta("align_error")
        raw = _store_meta("align_report")
    except BaseException:
        _restore(target, previous)
        raise
    if error or not raw:
        _restore(target, previous)
        raise ReferenceError(error or f"参考文本 {path} 未能应用到规则树。", hint="已恢复原有编号；请把该文件与此错误信息一并报告。")
    return json.loads(raw), previous is not None


def _restore(target: Path, previous: bytes | None) -> None:
    if previous is None:
        target.unlink(missing_ok=True)
    else:
        target.write_bytes(previous)


def remove_reference(name: str) -> Reference | None:
    """Remove a stored reference; returns the reference now applied (None: the shipped numbering)."""
    storage.remove(name)
    return storage.latest()


def current_report() -> dict | None:
    raw = _store_meta("align_report") if storage.latest() else None
    return json.loads(raw) if raw else None


def list_references() -> list[Listing]:
    refs = storage.load_all()
    latest = refs[-1] if refs else None
    report = current_report() if refs else None
    return [Listing(r, r is latest, report if r is latest else None) for r in refs]
