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

            conn = _conn()
            row = get_rule(conn, number, _version())
            if row and row.get("display_number"):
                shown = row["display_number"]
        except Exception:
            _failed = True
    _cache[number] = shown
    return shown


_connection = None
_current_version: str | None = None


def _version() -> str:
    """The store's current version, read once (get_rule would ask the store on every lookup)."""
    global _current_version
    if _current_version is None:
        from judge.rules.lookup import current_version

        _current_version = current_version(_conn())
    return _current_version


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


_faq_cache: dict[str, tuple[str, str | None]] = {}


def faq_status(fid: str) -> tuple[str, str | None]:
    """(status, superseded_by) of an FAQ entry from the store's faq table; ("valid", None) if unknown."""
    if fid in _faq_cache:
        return _faq_cache[fid]
    out = ("valid", None)
    try:
        row = _conn().execute("SELECT status, superseded_by FROM faq WHERE id = ?", (fid,)).fetchone()
        if row is not None:
            out = (row[0] or "valid", row[1])
    except Exception:
        pass
    _faq_cache[fid] = out
    return out


def faq_display(fid: str) -> str:
    """'C-L89（已被取代，现行规则 466）' for superseded rulings, 'C-L598' otherwise."""
    status, by = faq_status(fid)
    if status == "superseded":
        return f"{fid}（已被取代" + (f"，现行规则 {display(by)}）" if by else "）")
    if status == "disputed":
        return f"{fid}（有争议）"
    return fid
