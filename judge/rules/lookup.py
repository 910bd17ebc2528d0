"""The read API of the rule tree, on a plain sqlite3 connection from judge.store.open_store().

Numbers may be typed the way judges and the text write them: "349", "349.", "规则 349.打出卡牌",
"352.8.a", "≈352.4", full-width digits. Every function takes an optional version (default: the
store's current version, normally CURRENT_VERSION). Rows come back as dicts.
Kept import-light: it is on the `judge rule` fast path.
"""

from __future__ import annotations

import re
import unicodedata

from judge.rules import CURRENT_VERSION, drafted
from judge.rules.number import BadNumber, RuleNumber  # noqa: F401  (BadNumber re-exported)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:  # annotations only: connections come from judge.store
    import sqlite3

_RANGE = re.compile(r"^\s*(.+?)\s*(?:-|–|—|~|～|到|至)\s*(.+?)\s*$")


def _key(number: str) -> tuple[int, ...] | None:
    n = RuleNumber.strict(number)
    return n.key if n else None


def normalize_number(text: str) -> str:
    """'规则 349.打出卡牌' -> '349'; '≈352.4' -> '352.4'; '352.8.A.' -> '352.8.a'. Raises BadNumber."""
    return str(RuleNumber.parse(text))


def current_version(conn: sqlite3.Connection) -> str:
    row = conn.execute("SELECT value FROM meta WHERE key = 'current_version'").fetchone()
    return row[0] if row else CURRENT_VERSION


def _v(conn, version):
    return version or current_version(conn)


def _dict(row) -> dict | None:
    return dict(row) if row is not None else None


def get_rule(conn: sqlite3.Connection, number: str, version: str | None = None) -> dict | None:
    number = normalize_number(number)
    row = conn.execute("SELECT * FROM rules WHERE version = ? AND number = ?", (_v(conn, version), number)).fetchone()
    return _dict(row)


def children(conn: sqlite3.Connection, number: str, version: str | None = None) -> list[dict]:
    number = normalize_number(number)
    rows = conn.execute("SELECT * FROM rules WHERE version = ? AND parent = ? ORDER BY ord",
                        (_v(conn, version), number)).fetchall()
    return [dict(r) for r in rows]


def subtree(conn: sqlite3.Connection, number: str, version: str | None = None, depth: int | None = None) -> list[dict]:
    """The rule and its descendants in document order, each with "depth" relative to the rule."""
    number = normalize_number(number)
    version = _v(conn, version)
    base = len(number.split(".")) - 1
    # [number, number + "/") is exactly the rule and its descendants ('/' sorts right after '.', and
    # before the digits, so 355.1 does not take in 355.10): one index range scan.
    rows = conn.execute(
        "SELECT * FROM rules WHERE version = ? AND number >= ? AND number < ? ORDER BY ord",
        (version, number, number + "/"),
    ).fetchall()
    out = []
    for r in rows:
        d = dict(r)
        d["depth"] = d["level"] - base
        if depth is None or d["depth"] <= depth:
            out.append(d)
    return out


def breadcrumb(conn: sqlite3.Connection, number: str, version: str | None = None) -> list[dict]:
    """Ancestors from the top-level rule down to the rule itself."""
    number = normalize_number(number)
    version = _v(conn, version)
    parts = number.split(".")
    chain = []
    for i in range(1, len(parts) + 1):
        row = conn.execute("SELECT * FROM rules WHERE version = ? AND number = ?", (version, ".".join(parts[:i]))).fetchone()
        if row is not None:
            chain.append(dict(row))
    return chain


def examples(conn: sqlite3.Connection, rule_id: str) -> list[dict]:
    return [dict(r) for r in conn.execute("SELECT * FROM examples WHERE rule_id = ? ORDER BY ord", (rule_id,))]


def refs_out(conn: sqlite3.Connection, rule_id: str) -> list[dict]:
    """Citations made by the rule ("见规则…"), with the cited rule's display number and title when it exists."""
    rows = conn.execute(
        "SELECT refs.*, r.display_number AS to_display, r.title AS to_title, r.number_source AS to_source "
        "FROM refs LEFT JOIN rules r ON r.id = refs.to_rule WHERE refs.from_rule = ? ORDER BY refs.rowid",
        (rule_id,)).fetchall()
    return [dict(r) for r in rows]


def refs_in(conn: sqlite3.Connection, rule_id: str) -> list[dict]:
    """Rules that cite this one ("被…引用")."""
    rows = conn.execute(
        "SELECT refs.*, r.number AS from_number, r.display_number AS from_display, r.text AS from_text, "
        "r.version AS from_version FROM refs JOIN rules r ON r.id = refs.from_rule "
        "WHERE refs.to_rule = ? ORDER BY r.ord",
        (rule_id,)).fetchall()
    return [dict(r) for r in rows]


def _all_numbers(conn, version) -> list[str]:
    return [r[0] for r in conn.execute("SELECT number FROM rules WHERE version = ? AND number IS NOT NULL ORDER BY ord", (version,))]


def nearest(conn: sqlite3.Connection, number: str, version: str | None = None, k: int = 5) -> list[str]:
    """Existing numbers closest to `number`: same parent first, then numerically nearest."""
    number = normalize_number(number)
    key = _key(number)
    nums = _all_numbers(conn, _v(conn, version))
    keyed = [(n, _key(n)) for n in nums]

    def distance(item):
        n, kk = item
        common = 0
        for a, b in zip(key, kk):
            if a != b:
                break
            common += 1
        first_diff = abs((kk + (0,) * 4)[common] - (key + (0,) * 4)[common]) if common < 4 else 0
        return (-common, abs(len(kk) - len(key)), first_diff)

    ranked = sorted(keyed, key=distance)
    return [n for n, _ in ranked[:k]]


def parse_range(text: str) -> tuple[str, str] | None:
    """'318-323' -> ('318', '323'); None if `text` is not a range."""
    m = _RANGE.match(unicodedata.normalize("NFKC", text))
    if not m or "." in m.group(1)[:0]:
        return None
    try:
        return normalize_number(m.group(1)), normalize_number(m.group(2))
    except BadNumber:
        return None


def rule_range(conn: sqlite3.Connection, start: str, end: str, version: str | None = None) -> list[dict]:
    """Rules numbered from `start` to `end` inclusive (with the sub-rules of `end`), in order."""
    start, end = normalize_number(start), normalize_number(end)
    ks, ke = _key(start), _key(end)
    if ks > ke:
        ks, ke = ke, ks
    rows = conn.execute("SELECT * FROM rules WHERE version = ? AND number IS NOT NULL ORDER BY ord", (_v(conn, version),)).fetchall()
    out = []
    for r in rows:
        kk = _key(r["number"])
        if kk is not None and ks <= kk and (kk <= ke or kk[: len(ke)] == ke):
            out.append(dict(r))
    return out


def faq_for(conn: sqlite3.Connection, rule_id: str) -> list[dict]:
    """FAQ entries resting on a rule, when the FAQ tables have been built; [] otherwise."""
    import sqlite3

    try:
        rows = conn.execute(
            "SELECT faq.*, faq_refs.method, faq_refs.confidence AS ref_confidence, faq_refs.raw AS ref_raw "
            "FROM faq_refs JOIN faq ON faq.id = faq_refs.faq_id WHERE faq_refs.rule_id = ? ORDER BY faq.id",
            (rule_id,)).fetchall()
    except sqlite3.Error:
        return []
    return [dict(r) for r in rows]


def faq_about(conn: sqlite3.Connection, title: str, limit: int = 12) -> list[dict]:
    """FAQ entries filed under a topic of that name (exact topic first, then topics containing it).

    For rules absent from the corpus, whose FAQ links cannot come from their text.
    """
    if not title:
        return []
    import sqlite3

    try:
        rows = conn.execute(
            "SELECT *, 'topic' AS method FROM faq WHERE topic = ? OR topic LIKE ? "
            "ORDER BY topic != ?, source_line LIMIT ?",
            (title, f"%{title}%", title, limit)).fetchall()
    except sqlite3.Error:
        return []
    return [dict(r) for r in rows]


def versions(conn: sqlite3.Connection) -> list[dict]:
    return [dict(r) for r in conn.execute("SELECT * FROM versions ORDER BY version")]


def section(conn: sqlite3.Connection, number: str, version: str | None = None) -> list[dict]:
    """For a level-0 heading ("349 打出卡牌"): the level-0 rules of its section, up to the next heading."""
    rule = get_rule(conn, number, version)
    if rule is None or rule["level"] != 0 or not rule["is_heading"]:
        return []
    rows = conn.execute(
        "SELECT * FROM rules WHERE version = ? AND level = 0 AND ord > ? ORDER BY ord",
        (rule["version"], rule["ord"])).fetchall()
    out = []
    for r in rows:
        if r["is_heading"]:
            break
        if r["number_source"] == "absent" and not (rule["number_source"] == "absent" and drafted.is_drafted(r["title"])):
            # A chapter the corpus lacks: its section lists the rules the tool titled (marked as such).
            break
        out.append(dict(r))
    return out
