"""Alignments kept as results: a reference is aligned once, and later store builds reuse the result.

Handed to the alignment build stage as ctx.data["alignment_results"] by the store builder.

Aligning a long reference takes minutes; a store is rebuilt whenever the cache key changes (another
reference removed, a forced `judge build`, a damaged store). The result of `apply` — the renumbered
rules and the report — is saved in cache_dir()/alignments/ under a key of everything it depends
on: the stored reference's bytes, the corpus and the code of judge/corpus and judge/rules. Written
atomically; a file that is not ours, not readable or of another format is ignored (and redone).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import asdict
from pathlib import Path

from judge.paths import cache_dir

RESULTS_DIR = "alignments"
FORMAT = 1
KEEP = 8  # results of the most recently used references
# The code an alignment depends on (the tree it aligns and the aligner): a new search or store
# module does not make a finished alignment stale.
ALIGNMENT_PACKAGES = ("corpus", "rules")


def results_dir() -> Path:
    return cache_dir() / RESULTS_DIR


def result_key(ref, version: str) -> str:
    from judge.store import cache

    h = hashlib.sha256()
    h.update(json.dumps(ref.to_json(), ensure_ascii=False, sort_keys=True).encode("utf-8"))
    h.update(f"\0{version}\0{FORMAT}\0".encode())
    h.update(cache.corpus_hash_light().encode())
    h.update(cache.numbering_map_signature().encode())   # the shipped numbers the alignment starts from
    h.update(cache.code_signature(ALIGNMENT_PACKAGES).encode())
    return h.hexdigest()


def _path(key: str) -> Path:
    return results_dir() / f"{key[:32]}.json"


def load(ref, version: str):
    """(rules, report) of an earlier alignment of `ref` to this corpus and code, or None."""
    from judge.rules.model import Rule
    from judge.store.cache import trusted_file

    key = result_key(ref, version)
    path = _path(key)
    if not trusted_file(path):
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("key") != key:
            return None
        rules = []
        for d in data["rules"]:
            d["examples"] = [tuple(e) for e in d.get("examples", [])]
            rules.append(Rule(**d))
        os.utime(path)  # recently used: kept by prune()
        return rules, data["report"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def save(ref, version: str, rules: list, report: dict) -> None:
    """Best effort: a result that cannot be saved is only recomputed next time."""
    key = result_key(ref, version)
    folder = results_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".align-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"format": FORMAT, "key": key, "rules": [asdict(r) for r in rules], "report": report},
                      fh, ensure_ascii=False)
        os.replace(tmp, _path(key))
    except (OSError, TypeError, ValueError):
        return
    prune(folder)


def prune(folder: Path) -> None:
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[KEEP:]:
        try:
            old.unlink()
        except OSError:
            pass
