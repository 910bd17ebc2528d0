"""The character-pair rankings of a question (judge.search.fusion) read from postings kept in the store.

FTS5 answers a question's pair ranking (an OR of 30-60 two-character phrases, ORDER BY bm25) by reading
the doclists of common characters and, for bm25, running every phrase once more to count its documents.
Everything bm25 needs for one phrase is a property of the store: its document count (so its idf), and per
document its column-weighted frequency and the document's token count. So the store keeps, for every pair of
adjacent tokens of the columns a pair ranking reads, each document's bm25 term for that phrase
(`search_pairs`, built with the FTS tables), and a question sums them.

The sums are FTS5's own, bit for bit (sqlite's fts5_aux.c, fts5Bm25Function): idf = log((N - n + 0.5) /
(n + 0.5)), 1e-6 when not positive; a document's term idf * (f * (k1 + 1)) / (f + k1 * (1 - b + b * D /
avgdl)) with f the column-weighted count of the phrase's instances (in column, then offset order), D the
document's tokens in every column and avgdl every row's tokens over the row count; the terms summed phrase
by phrase in query order (a phrase a document lacks adds 0.0, which changes no sum). The same double
operations in the same order with the same libm log, so every score is the one FTS5 computes, and the
order is SQLite's for ORDER BY ... LIMIT: score, then rowid (the rows come in rowid order and the sorter
keeps ties in arrival order). The tokens are the strings index.build inserts (one token per Chinese
character or Latin word), checked row by row and column by column against FTS5's own token counts.

A pair with a character that no column read holds as a token of its own matches no row when the tokenizer keeps
that character as a token (it adds 0.0 to every sum, like any phrase a row lacks), but is the other character
alone when the tokenizer drops it: the store lists the Chinese characters the tokenizer drops (search_info, key
DROPPED_KEY, probed at build time on the tables' own tokenizer), and a question with a character it drops, or
held nowhere on a store without that list, is left to FTS5 (`ranking` returns None).
"""

from __future__ import annotations

import math
import re
from array import array

from judge.search.store import connection_memo
from judge.search.text import CJK_RANGES, is_cjk

K1 = 1.2  # fts5_aux.c's bm25 constants
B = 0.75
# The FTS table -> the column of search_pairs holding its postings.
TABLES = {"search_fts": "fts", "search_asked": "asked"}

SCHEMA = """
DROP TABLE IF EXISTS search_pairs;
CREATE TABLE search_pairs (pair TEXT PRIMARY KEY, fts BLOB, asked BLOB) WITHOUT ROWID;
"""


def build(conn, rows: dict[str, list[tuple]], weights: dict[str, dict[str, float]]) -> int | None:
    """(Re)build search_pairs for the FTS tables `rows` names (their rows as inserted: rowid, then every
    column's text, which index.build wrote one token per Chinese character or Latin word); `weights`
    gives, per table, the columns its pair ranking reads and their bm25 weights. A key of two characters
    holds postings (doc ids, then bm25 terms, as native int32 and double arrays); a key of one character
    says that a column read holds it as a token of its own. Returns the number of pairs, or None when
    FTS5 tokenised a row otherwise (then no table: FTS5 answers every ranking)."""
    conn.executescript(SCHEMA)
    chars: set[str] = set()
    postings: dict[str, dict[str, bytes]] = {}
    for table, column in TABLES.items():
        got = _postings(conn, table, rows[table], weights[table], chars)
        if got is None:
            conn.execute("DROP TABLE search_pairs")
            return None
        postings[column] = got
    fts, asked = postings["fts"], postings["asked"]
    pairs = sorted(fts.keys() | asked.keys())
    out = [(p, fts.get(p), asked.get(p)) for p in pairs]
    out += [(c, None, None) for c in sorted(chars)]
    conn.executemany("INSERT INTO search_pairs (pair, fts, asked) VALUES (?,?,?)", out)
    return len(pairs)


def _postings(conn, table: str, rows: list[tuple], weights: dict[str, float], chars: set[str]) -> dict[str, bytes] | None:
    columns = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
    read = [(columns.index(c), w) for c, w in weights.items()]
    read.sort()  # instances in column order (then offset), as fts5 lists them
    sizes, avgdl = docsizes(conn, table)
    if any(a[0] >= b[0] for a, b in zip(rows, rows[1:])):
        rows = sorted(rows)
    # Rows in rowid order: each pair's counts below are filled in rowid order, its postings' order.
    freq: dict[str, dict[int, float]] = {}
    tokens_seen: set[str] = set()
    for row in rows:
        rowid, size = row[0], sizes[row[0]]
        for col, w in read:
            tokens = row[1 + col].split()
            if len(tokens) != size[col]:
                return None  # a character FTS5 does not keep as a token: offsets would differ
            tokens_seen.update(tokens)
            for pair in map(str.__add__, tokens, tokens[1:]):
                if len(pair) == 2:  # two tokens of one character (Chinese ones kept below)
                    counts = freq.setdefault(pair, {})
                    counts[rowid] = counts.get(rowid, 0.0) + w  # instance by instance, as fts5 sums them
    chars.update(t for t in tokens_seen if len(t) == 1 and is_cjk(t))
    norm = row_norms(sizes, avgdl)
    out = {}
    for pair, counts in freq.items():
        if is_cjk(pair[0]) and is_cjk(pair[1]):
            out[pair] = encode(list(counts), list(counts.values()), len(sizes), norm)
    return out


def docsizes(conn, table: str) -> tuple[dict[int, list[int]], float]:
    """Each row's tokens per column, as FTS5 counted them (its docsize table, read by bm25 as D), and every
    row's tokens over the row count (avgdl); the table is new, so its rows are the row count bm25 reads."""
    sizes = {rowid: _varints(sz) for rowid, sz in conn.execute(f"SELECT id, sz FROM {table}_docsize")}
    return sizes, (sum(sum(s) for s in sizes.values()) / len(sizes) if sizes else 0.0)


def row_norms(sizes: dict[int, list[int]], avgdl: float) -> dict[int, float]:
    """The part of a row's bm25 term that depends on the row alone, as fts5_aux.c computes it."""
    return {d: K1 * (1 - B + B * sum(s) / avgdl) for d, s in sizes.items()}


def encode(docs: list[int], fs: list[float], n_rows: int, norm: dict[int, float]) -> bytes:
    """One phrase's postings: its rows `docs` (ascending; native int32) and their bm25 terms (native doubles)
    from each row's column-weighted instance count `fs`, computed as fts5_aux.c computes them: idf =
    log((N - n + 0.5) / (n + 0.5)), 1e-6 when not positive; a row's term idf * (f * (k1 + 1)) / (f + k1 *
    (1 - b + b * D / avgdl))."""
    n = len(docs)
    idf = math.log((n_rows - n + 0.5) / (n + 0.5))
    if idf <= 0.0:
        idf = 1e-6
    k1_1 = K1 + 1.0  # the same double as written in the formula
    terms = [idf * ((f * k1_1) / (f + norm[d])) for d, f in zip(docs, fs)]
    return array("i", docs).tobytes() + array("d", terms).tobytes()


def _varints(blob: bytes) -> list[int]:
    """The column sizes of an fts5 docsize record (SQLite varints)."""
    out, value, i = [], 0, 0
    while i < len(blob):
        byte = blob[i]
        i += 1
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            out.append(value)
            value = 0
    return out


# Rows already read (decoded), by key, for the last connection only (held here, so that another connection
# can never be taken for it): the store does not change under an open connection.
_ROWS: dict = {}
ROWS_CACHE = 50000


DROPPED_KEY = "fts dropped chars"  # search_info: the Chinese characters the FTS tables' tokenizer drops


def dropped_chars(conn, tables=tuple(TABLES)) -> str:
    """The Chinese characters (text.is_cjk) that a tokenizer of `tables` does not keep as tokens, probed on a
    temporary FTS5 table with each table's tokenizer: SQLite's tokenizer tables may predate a character."""
    clauses = set()
    for table in tables:
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        clause = re.search(r"""tokenize\s*=\s*('(?:[^']|'')*'|"(?:[^"]|"")*")""", sql)
        clauses.add(clause.group(1) if clause else "")
    chars = [chr(c) for lo, hi in CJK_RANGES for c in range(lo, hi + 1)]
    kept = set(chars)
    for clause in sorted(clauses):
        kept &= _kept(conn, clause, chars)
    return "".join(c for c in chars if c not in kept)


def _kept(conn, tokenize: str, chars: list[str]) -> set[str]:
    """The characters of `chars` an FTS5 tokenizer (a `tokenize='...'` argument, or the default) keeps as tokens."""
    conn.execute("DROP TABLE IF EXISTS temp.tokenizer_probe_vocab")
    conn.execute("DROP TABLE IF EXISTS temp.tokenizer_probe")
    conn.execute("CREATE VIRTUAL TABLE temp.tokenizer_probe USING fts5(x" + (f", tokenize={tokenize}" if tokenize else "") + ")")
    conn.execute("CREATE VIRTUAL TABLE temp.tokenizer_probe_vocab USING fts5vocab(temp, tokenizer_probe, row)")
    conn.execute("INSERT INTO temp.tokenizer_probe (x) VALUES (?)", (" ".join(chars),))
    kept = {r[0] for r in conn.execute("SELECT term FROM temp.tokenizer_probe_vocab")}
    conn.execute("DROP TABLE temp.tokenizer_probe_vocab")
    conn.execute("DROP TABLE temp.tokenizer_probe")
    return kept


def ranking(conn, table: str, pairs: list[str], depth: int) -> list[int] | None:
    """The first `depth` rowids of `table` by FTS5's bm25 over an OR of the phrases `pairs` (two characters
    each), as `ORDER BY bm25(...) LIMIT depth` returns them; None when FTS5 must answer (`scores`)."""
    score = scores(conn, table, pairs)
    if score is None:
        return None
    # Rowids in order, then a stable sort by score, highest first: ties keep rowid order.
    return sorted(sorted(score), key=score.__getitem__, reverse=True)[:depth]


def scores(conn, table: str, pairs: list[str]) -> dict[int, float] | None:
    """Rowid -> -bm25 of every row of `table` matching an OR of the phrases `pairs`; None when the store has
    no postings or a pair's character is no token of a column read (it may be one the tokenizer drops)."""
    rows = _rows(conn, pairs + [c for p in pairs for c in p])
    if rows is None:
        return None
    at = 1 if TABLES[table] == "fts" else 2
    score: dict[int, float] = {}
    get = score.get
    for p in pairs:
        row = rows[p]
        if row is None:
            if rows[p[0]] is None or rows[p[1]] is None:
                # Held nowhere: the phrase matches no row, unless the tokenizer drops the character.
                dropped = _dropped(conn)
                if dropped is None or any(c in dropped for c in p if rows[c] is None):
                    return None
            continue
        postings = row[at]
        if postings:
            for doc, term in zip(*postings):
                score[doc] = get(doc, 0.0) + term
    return score


def _dropped(conn) -> str | None:
    """The characters the tokenizer drops (DROPPED_KEY), or None on a store that does not list them."""
    cache = connection_memo(_ROWS, conn)
    if "dropped" not in cache:
        row = conn.execute("SELECT value FROM search_info WHERE key = ?", (DROPPED_KEY,)).fetchone()
        cache["dropped"] = row[0] if row else None
    return cache["dropped"]


def _rows(conn, keys: list[str]) -> dict[str, tuple | None] | None:
    cache = connection_memo(_ROWS, conn)
    if "present" not in cache:
        cache["present"] = bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'search_pairs'").fetchone())
    if not cache["present"]:
        return None
    keys = list(dict.fromkeys(keys))
    memo = memo_rows(cache, conn, "SELECT pair, fts, asked FROM search_pairs WHERE pair", keys,
                     lambda r: (r[0], _decode(r[1]), _decode(r[2])), ROWS_CACHE)
    return {k: memo[k] for k in keys}


def memo_rows(cache: dict, conn, select: str, keys, decode, limit: int) -> dict:
    """The connection's memo of decoded rows by key (`cache`: store.connection_memo's), with every key of
    `keys` in it: the rows of `select` (a SELECT of the key, then the columns, ending in the key column's
    name) for the keys not read yet, each `decode`d, None for a key with no row. Emptied first once it holds
    more than `limit` keys."""
    memo = cache.setdefault("rows", {})
    if len(memo) > limit:
        memo.clear()
    missing = [k for k in keys if k not in memo]
    if missing:
        found = {r[0]: r for r in conn.execute(f"{select} IN ({','.join('?' * len(missing))})", missing)}
        for k in missing:
            r = found.get(k)
            memo[k] = None if r is None else decode(r)
    return memo


def _decode(blob: bytes | None) -> tuple[array, array] | None:
    if not blob:
        return None
    n = len(blob) // 12
    docs, terms = array("i"), array("d")
    docs.frombytes(blob[: 4 * n])
    terms.frombytes(blob[4 * n :])
    return docs, terms
