"""How a cited rule number is shown: the rule tree's display_number (inferred numbers carry ≈),
looked up once per process. Without a store the bare number is shown.

A renderer first hands the numbers and FAQ ids a whole trace cites to `prefetch`, which reads them
in one query each (a trace cites a few dozen); `display` and `faq_status` then answer from memory."""

from __future__ import annotations

from judge.rules.ruling_status import DISPUTED, RULE_WORDS, STATUS_LABELS, SUPERSEDED_STATUSES, inline_label

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
_CHUNK = 500  # bound variables per query (SQLite allows at least 999)


def prefetch(numbers, faq_ids=()) -> None:
    """Look up the cited `numbers` and `faq_ids` not looked up yet, one query for each kind.

    A cited number the tree stores exactly as written (the engine cites canonical numbers) gets the
    row get_rule would return; any other is left to `display`, which normalizes it first."""
    global _failed
    numbers = [n for n in dict.fromkeys(numbers) if n not in _cache]
    if numbers and not _failed:
        try:
            sql = "SELECT number, display_number FROM rules WHERE version = ? AND number"
            for number, shown in _rows_in(sql, numbers, _version()):
                _cache.setdefault(number, shown or number)
        except Exception:
            _failed = True
    faq_ids = [f for f in dict.fromkeys(faq_ids) if f not in _faq_cache]
    if faq_ids:
        try:
            for fid, status, by in _rows_in("SELECT id, status, superseded_by FROM faq WHERE id", faq_ids):
                _faq_cache.setdefault(fid, (status or "valid", by))
        except Exception:
            pass  # faq_status asks again, one id at a time


def _rows_in(sql: str, keys: list[str], *params):
    """The rows of `sql` + " IN (keys)", the keys bound in chunks of _CHUNK after `params`."""
    for i in range(0, len(keys), _CHUNK):
        part = keys[i:i + _CHUNK]
        yield from _conn().execute(f"{sql} IN ({','.join('?' * len(part))})", (*params, *part)).fetchall()


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
    """'C-L724（已被取代，现行规则 466）' for superseded rulings, 'C-L89（部分被取代，结论仍成立，现行规则 466）'
    for partly superseded ones (the trace still follows and cites the rule), 'C-L598' otherwise."""
    status, by = faq_status(fid)
    if status in SUPERSEDED_STATUSES:
        return f"{fid}（{inline_label(status)}" + (f"，{RULE_WORDS[status]} {display(by)}）" if by else "）")
    if status == DISPUTED:
        return f"{fid}（{STATUS_LABELS[DISPUTED]}）"
    return fid
