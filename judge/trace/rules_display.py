"""How a cited rule number is shown: the rule tree's display_number (inferred numbers carry ≈),
looked up once per process. Without a store the bare number is shown."""

from __future__ import annotations

_cache: dict[str, str] = {}
_failed = False


def display(number: str) -> str:
    global _failed
    if number in _cache:
        return _cache[number]
    shown = number
    if not _failed:
        try:
            from judge.rules.lookup import get_rule
            from judge.store import open_store

            conn = _conn()
            row = get_rule(conn, number)
            if row and row.get("display_number"):
                shown = row["display_number"]
        except Exception:
            _failed = True
    _cache[number] = shown
    return shown


_connection = None


def _conn():
    global _connection
    if _connection is None:
        from judge.store import open_store

        _connection = open_store()
    return _connection


def title(number: str) -> str | None:
    """The rule's title in the tree, if any (used for tooltips in rendered traces)."""
    try:
        from judge.rules.lookup import get_rule

        row = get_rule(_conn(), number)
        return row.get("title") if row else None
    except Exception:
        return None
