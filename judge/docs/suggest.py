"""Rules the project's search finds for an FAQ entry: shown beside the entry, marked as suggested.

Searching every entry costs seconds, so results are cached per store (keyed by the store's
cache key / corpus hash) in the per-user cache dir; a rebuilt store gets fresh suggestions.
"""

from __future__ import annotations

import re
import sqlite3

from judge.docs import json_cache
from judge.docs.data import DocsData, FaqEntry
from judge.paths import cache_dir

LIMIT = 3
CACHE_VERSION = "1"


def _query(entry: FaqEntry) -> str:
    # The question says what the entry is about; a truncated question needs its answer too.
    text = entry.question if entry.question and not entry.truncated else f"{entry.question} {entry.answer}"
    text = re.sub(r"\s+", " ", text or entry.answer or "").strip()
    return text[:80]


def search_rules(conn: sqlite3.Connection, text: str, data: DocsData, limit: int = LIMIT) -> list[str]:
    from judge.search.engine import search

    try:
        result = search(conn, text, limit=limit * 3, kinds=["rule"])
    except Exception:  # a query the search rejects (empty after cleaning, ...) just has no suggestion
        return []
    out: list[str] = []
    for hit in result.hits:
        doc = getattr(hit, "doc", None) or {}
        rule_id = doc.get("ref") or doc.get("rule_id") or doc.get("id")
        if rule_id not in data.rules_by_id:
            number = doc.get("number")
            rule = data.rule_by_number.get(number) if number else None
            rule_id = rule.id if rule else None
        if rule_id and rule_id in data.rules_by_id and data.rules_by_id[rule_id].version == data.current_version:
            if rule_id not in out:
                out.append(rule_id)
        if len(out) >= limit:
            break
    return out


def _cache_path(data: DocsData):
    key = data.meta.get("cache_key") or data.meta.get("corpus_hash")
    if not key:
        return None
    return cache_dir() / f"docs-suggest-{CACHE_VERSION}-{key[:24]}.json"


def suggestions(conn: sqlite3.Connection, data: DocsData) -> dict[str, list[str]]:
    """FAQ id -> suggested rule ids, from the cache when the store has not changed."""
    path = _cache_path(data)
    cached = json_cache.load(path)
    if cached is not None:
        return cached
    out = {e.id: search_rules(conn, _query(e), data) for e in data.faq if _query(e)}
    json_cache.save(path, out)
    return out
