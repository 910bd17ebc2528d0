"""The concept query of a question (judge.search.rank.candidates) read from postings kept in the store.

rank.candidates asks FTS5 for an OR of a question's forms, each a phrase over title, chars, extra and
context (`{title chars extra context} : "燃 尽"`) and, for a word of the lexicon, a one-token phrase over
the jieba words (`words : "燃尽"`), ORDER BY bm25 with five column weights; then the documents naming every
concept (the same phrases, ANDed by concept). FTS5 reads the doclists of every phrase twice (once more to
count its documents for the idf) and scores every matching row. What bm25 needs for one phrase is a property
of the store: its document count, and per document the column-weighted count of its instances and the
document's token count (judge.search.pairs says how FTS5 computes it; the same formula, the same order of
operations). So the store keeps each document's bm25 term (`search_phrases`) for every text phrase that is
a word of the vocabulary a query's forms come from (the lexicon, the aliases and what they stand for; a word
no text holds is kept as an empty row) or one Latin word or number, and for every lexicon word of the words
column. A query sums its phrases' terms in query order, as bm25 does (a phrase a document lacks adds 0.0,
which changes no sum), and orders by score, then rowid, as SQLite's ORDER BY ... LIMIT does.

Any other phrase (a form outside the vocabulary, a Latin phrase of several words, a phrase with a character
no text column holds as a token of its own, which the tokenizer might drop: the store lists the characters
held, key "") is one FTS5 query of its own: the bm25 of a one-phrase query is minus that phrase's term, bit
for bit (bm25 sums from 0.0), so every score is the one the whole query gives.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter

from judge.search.pairs import _decode, docsizes, encode, memo_rows, row_norms
from judge.search.store import connection_memo
from judge.search.text import CJK, is_cjk

TABLE = "search_fts"
TEXT_COLUMNS = ("title", "chars", "extra", "context")  # a form's phrase, as rank.fts_query writes it
WORDS_COLUMN = "words"
TEXT = "{" + " ".join(TEXT_COLUMNS) + "} : "
WORDS = WORDS_COLUMN + " : "
LATIN = "\x00"  # a Latin token in a text column's tokens, one character each (build)
_LATIN_RUN = re.compile("[a-z0-9]+")

SCHEMA = """
DROP TABLE IF EXISTS search_phrases;
CREATE TABLE search_phrases (key TEXT PRIMARY KEY, text BLOB, words BLOB) WITHOUT ROWID;
"""


def build(conn, rows: list[tuple], weights: tuple[float, ...], lexicon: set[str], vocabulary: set[str]) -> int | None:
    """(Re)build search_phrases from search_fts's rows as inserted (rowid, then every column's text: one
    token per Chinese character or Latin word, but the words column's jieba words). `weights`: the bm25
    column weights as SQLite reads them from the query text; `lexicon`: the words a query may look for in the
    words column; `vocabulary`: the words a query's forms are made of (the lexicon, the aliases and what they
    stand for), whose text phrases are kept. Returns the number of keys, or None (no table: FTS5 answers)
    when FTS5 tokenised a row otherwise or a column holds a character whose tokenising is not known here."""
    conn.executescript(SCHEMA)
    # The vocabulary's words written in Chinese characters: those of one or two characters, the longer ones
    # by their first two.
    chinese = {w for w in vocabulary if w and all(is_cjk(ch) for ch in w)}
    short = {w for w in chinese if len(w) <= 2}
    starts: dict[str, list[str]] = {}
    for word in chinese - short:
        starts.setdefault(word[:2], []).append(word)
    columns = [r[1] for r in conn.execute(f"PRAGMA table_info({TABLE})")]
    sizes, avgdl = docsizes(conn, TABLE)
    read = sorted((columns.index(c), weights[columns.index(c)]) for c in TEXT_COLUMNS)  # instances in column order
    text = _postings(rows, read, sizes, short, starts)
    words = _words_postings(rows, columns.index(WORDS_COLUMN), weights[columns.index(WORDS_COLUMN)], sizes, lexicon)
    if text is None or words is None:
        conn.execute("DROP TABLE search_phrases")
        return None
    norm = row_norms(sizes, avgdl)
    text, held = _blobs(text[0], len(sizes), norm), text[1]
    words = _blobs(words, len(sizes), norm)
    for word in chinese:  # a word of the vocabulary no text holds: kept, so that it matches nothing
        text.setdefault(word, b"")
    keys = sorted(text.keys() | words.keys())
    out = [(k, text.get(k), words.get(k)) for k in keys]
    # Key "": the Chinese characters the text columns hold as tokens (a phrase with another one is left to FTS5).
    out.append(("", "".join(sorted(held)).encode(), None))
    conn.executemany("INSERT INTO search_phrases (key, text, words) VALUES (?,?,?)", out)
    return len(keys)


def _postings(rows: list[tuple], read: list[tuple[int, float]], sizes: dict[int, list[int]], short: set[str],
              starts: dict[str, list[str]]) -> tuple[dict[str, tuple[list[int], list[float]]], set[str]] | None:
    """The column-weighted instance counts, row by row, over the columns `read` (index, weight; in column
    order) of the vocabulary's words (`short` ones, and longer ones by their first two characters: `starts`)
    and of every Latin token, with the Chinese characters the columns hold; None when a row's tokens are not
    the ones FTS5 counted (`sizes`) or not Chinese characters and [a-z0-9] words alone (FTS5 folds an accent)."""
    # Compiled here, not on import: a pattern over the Chinese range takes milliseconds to compile.
    tokens_only = re.compile(f"[{CJK}{LATIN}]*")
    freq: dict[str, tuple[list[int], list[float]]] = {}
    held: set[str] = set()
    start_pairs = starts.keys()
    for row in rows:
        rowid, size = row[0], sizes[row[0]]
        weighted: dict[str, float] = {}
        get = weighted.get
        for col, w in read:
            # One character per token: a Chinese character itself, a Latin word or number LATIN.
            text = row[1 + col]
            latin = _LATIN_RUN.findall(text)
            line = (_LATIN_RUN.sub(LATIN, text) if latin else text).replace(" ", "")
            if len(line) != size[col] or not tokens_only.fullmatch(line):
                return None
            chars = set(line)
            held |= chars
            pairs = set(map(str.__add__, line, line[1:]))
            found = list(Counter(latin).items()) if latin else []
            found += [(k, line.count(k)) for k in chars & short]
            # Two characters overlap themselves only when they are the same one ("哈哈" in "哈哈哈").
            found += [(k, line.count(k) if k[0] != k[1] else _occurrences(line, k)) for k in pairs & short]
            found += [(word, _occurrences(line, word)) for pair in pairs & start_pairs for word in starts[pair]]
            for key, n in found:
                if n == 1:
                    weighted[key] = get(key, 0.0) + w
                elif n:
                    f = get(key, 0.0)
                    for _ in range(n):
                        f += w  # instance by instance, as fts5 sums them: the same floats
                    weighted[key] = f
        _append(freq, rowid, weighted)
    held.discard(LATIN)
    return freq, held


def _append(freq: dict[str, tuple[list[int], list[float]]], rowid: int, weighted: dict[str, float]) -> None:
    """A row's column-weighted instance counts, by phrase, added to the phrases' postings (rows in rowid order)."""
    for key, f in weighted.items():
        postings = freq.get(key)
        if postings is None:
            freq[key] = ([rowid], [f])
        else:
            postings[0].append(rowid)
            postings[1].append(f)


def _words_postings(rows: list[tuple], at: int, weight: float, sizes: dict[int, list[int]],
                    lexicon: set[str]) -> dict[str, tuple[list[int], list[float]]] | None:
    """The lexicon words' instance counts, row by row, in search_fts's words column (index `at`), weighted;
    None when a row's tokens are not the ones FTS5 counted (`sizes`) or not known."""
    word_run = re.compile(f"[{CJK}a-z0-9]+")
    other = re.compile("[^\\W_]|[\ue000-\uf8ff]")  # a letter, digit or private-use character
    freq: dict[str, tuple[list[int], list[float]]] = {}
    for row in rows:
        tokens = _word_tokens(row[1 + at], word_run, other)
        if tokens is None or len(tokens) != sizes[row[0]][at]:
            return None
        weighted = {}
        counts = Counter(tokens)
        for key in counts.keys() & lexicon:
            f = 0.0
            for _ in range(counts[key]):
                f += weight
            weighted[key] = f
        _append(freq, row[0], weighted)
    return freq


def _occurrences(line: str, word: str) -> int:
    """Instances of `word` in `line`, overlapping ones too (as a phrase matches at every offset)."""
    n, at = 0, line.find(word)
    while at >= 0:
        n += 1
        at = line.find(word, at + 1)
    return n


def _blobs(freq: dict[str, tuple[list[int], list[float]]], n_rows: int, norm: dict[int, float]) -> dict[str, bytes]:
    """Each phrase's postings and bm25 terms (judge.search.pairs.encode)."""
    return {key: encode(docs, fs, n_rows, norm) for key, (docs, fs) in freq.items()}


def _word_tokens(text: str, word_run: re.Pattern, other: re.Pattern) -> list[str] | None:
    """The tokens FTS5's unicode61 makes of the words column (runs of Chinese characters, lower-case ASCII
    letters and digits), or None when it holds another letter or digit, whose tokenising is not copied here."""
    if other.search(word_run.sub(" ", text)):
        return None  # an upper-case letter (folded by FTS5), an accent, another script
    return word_run.findall(text)


def _ascii_token_char(ch: str) -> bool:
    return "a" <= ch <= "z" or "0" <= ch <= "9"


def text_key(tokens: list[str]) -> str | None:
    """The key of a text phrase (its tokens) the store may keep postings for: Chinese characters (kept when a
    word of the vocabulary), one Latin word or number (always kept). None for any other phrase."""
    if len(tokens) == 1 and all(_ascii_token_char(ch) for ch in tokens[0]):
        return tokens[0]
    if all(len(t) == 1 and is_cjk(t) for t in tokens):
        return "".join(tokens)
    return None


def words_key(word: str) -> str | None:
    """The key of a words-column phrase that is one token (Chinese characters, ASCII letters and digits)."""
    if word and all(is_cjk(ch) or _ascii_token_char(ch) for ch in word):
        return word
    return None


# Rows already read (decoded), by key, for the last connection only (held here, so that another connection
# can never be taken for it): the store does not change under an open connection.
_ROWS: dict = {}
ROWS_CACHE = 20000
_EMPTY = (array("i"), array("d"))


def postings(conn, parts: list[tuple[str, str, str | None]], bm25: str) -> list[tuple[array, array]] | None:
    """For each part of a query of search_fts (its FTS5 expression, TEXT or WORDS, its key: text_key / words_key,
    or None), (rowids, terms) of the rows it matches, each with its bm25 term under the column weights of
    `bm25` (the SQL the whole query orders by; the store's postings were built with the same weights). None
    when the store keeps no postings."""
    cache = connection_memo(_ROWS, conn)
    if "held" not in cache:
        row = conn.execute("SELECT text FROM search_phrases WHERE key = ''").fetchone() if conn.execute(
            "SELECT 1 FROM sqlite_master WHERE name = 'search_phrases'").fetchone() else None
        cache["held"] = row and set(row[0].decode())
    if not cache["held"]:
        return None
    memo = memo_rows(cache, conn, "SELECT key, text, words FROM search_phrases WHERE key",
                     dict.fromkeys(k for _e, _c, k in parts if k),
                     lambda r: tuple(_EMPTY if b == b"" else _decode(b) for b in r[1:]), ROWS_CACHE)
    held = cache["held"]
    out = []
    for expr, column, key in parts:
        row = memo.get(key) if key else None
        if column == TEXT and key and (not is_cjk(key[0]) or (row and row[0] and all(ch in held for ch in key))):
            # A Latin word (every one is kept), or a word of the vocabulary whose characters are all tokens of
            # a text column (a phrase no row holds matches nothing).
            out.append(row[0] if row and row[0] else _EMPTY)
        elif column == WORDS and key:
            out.append(row[1] if row and row[1] else _EMPTY)
        else:
            # A one-phrase query: its bm25 is minus the phrase's term, bit for bit.
            rows = conn.execute(f"SELECT rowid, {bm25} FROM {TABLE} WHERE {TABLE} MATCH ?", (expr,)).fetchall()
            out.append((array("i", [r[0] for r in rows]), array("d", [-r[1] for r in rows])))
    return out
