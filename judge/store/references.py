"""The user's numbered references in the store: what `judge corpus align` / `--remove` /
`judge corpus references` do (judge.rules.align computes, the store applies and keeps); the CLI only renders.

Adding a reference: parse it (every problem is an error before anything is written), build the
store it will be served from with it applied (the build stage aligns it), and only then store it;
return the stage's report. If the stage could not apply it, nothing is stored and the error raised.
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


def add_reference(path: Path, lang: str | None = None, name: str | None = None,
                  progress=None) -> tuple[dict, bool]:
    """(report, replaced an older reference of the same name).

    The reference is aligned into the store it will be served from (the key it will have once
    stored) and written to the references folder only after that succeeded: an interrupted or
    failed alignment leaves the stored references, and so every later command, as they were.
    `progress(done, total)` is called while aligning.
    """
    from judge.store import build_store, cache

    ref = storage.load_file(Path(path), lang, name)
    file_name = storage.file_name(ref)
    replaced = (storage.references_dir() / file_name).is_file()
    key = cache.cache_key(extra_references={file_name: storage.encode(ref)})
    store = cache.store_path(key)
    with storage.pending(ref):
        build_store(store, key=key, align_progress=progress)
    conn = cache.check_store(store, key)
    if conn is None:
        raise ReferenceError(f"参考文本 {path} 对齐后无法打开规则数据库。", hint="原有编号未改动；请重试，或运行 judge build。")
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('align_error', 'align_report')").fetchall())
    finally:
        conn.close()
    error, raw = meta.get("align_error"), meta.get("align_report")
    if error or not raw:
        try:
            store.unlink()  # built for a reference that is not stored: never served
        except OSError:
            pass
        raise ReferenceError(error or f"参考文本 {path} 未能应用到规则树。", hint="原有编号未改动；请把该文件与此错误信息一并报告。")
    storage.save(ref)
    return json.loads(raw), replaced


def export_numbering_map(path: Path, target: Path, lang: str | None = None, name: str | None = None) -> dict:
    """Align the shipped corpus (numbered from its own text) to the reference at `path` and write
    the numbering map to `target`; nothing is stored in the cache. Returns the figures."""
    from judge.corpus import manifest
    from judge.rules.align.confidence import CONFIDENT
    from judge.rules.align.export_map import export
    from judge.rules.align.glossary import extended, project_pairs

    ref = storage.load_file(Path(path), lang, name)
    docs = manifest.verify()
    command = f"judge corpus align {Path(path).name} --lang {ref.lang} --export-map {Path(target).name}"
    nmap, figures = export(docs, ref, extended(project_pairs(docs)), command)
    try:
        nmap.write(Path(target))
    except OSError as exc:
        raise ReferenceError(f"无法写入编号对照表 {target}：{exc.strerror}", hint="请检查路径与权限。") from None
    figures["threshold"] = CONFIDENT
    return figures


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
