"""The concept query of a question (judge.search.rank.candidates) read from postings kept in the store.

rank.candidates asks FTS5 for an OR of a question's forms, each a phrase over title, chars, extra and
context (`{title chars extra context} : "燃 尽"`) and, for a word of the lexicon, a one-token phrase over
the jieba words (`words : "燃尽"`), ORDER BY bm25 with five column weights; then the documents naming every
concept (the same phrases, ANDed by concept). FTS5 reads the doclists of every phrase twice (once more to
count its documents for the idf) and scores every matching row. What bm25 needs for one phrase is a property
of the store: its document count, and per document the column-weighted count of its instances and the
document's token count (judge.search.pairs says how FTS5 computes it; the same formula, the same order of
operations). So the store keeps each document's bm25 term (`search_phrases`) for every phrase of the text
columns of one or two Chinese characters, of one Latin word or number, or of a word of three or more Chinese
characters of the vocabulary a query's forms come from (the lexicon, the aliases and what they stand for; a
word no text holds is kept as an empty row), and for every lexicon word of the words column. A query sums its
phrases' terms in query order, as bm25 does (a phrase a document lacks adds 0.0, which changes no sum), and
orders by score, then rowid, as SQLite's ORDER BY ... LIMIT does.

Any other phrase (a longer form outside the vocabulary, a Latin phrase of several words, a phrase with a
character no text column holds as a token of its own, which the tokenizer might drop) is one FTS5 query of its
own: the bm25 of a one-phrase query is minus that phrase's term, bit for bit (bm25 sums from 0.0), so every
score is the one the whole query gives.
"""

from __future__ import annotations

import math
import re
from array import array
from collections import Counter

from judge.search.pairs import B, K1, _decode, _varints
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
    column weights as SQLite reads them from the query text; `lexicon`: the words a query may look for in
    the words column; `vocabulary`: the words a query's forms are made of (the lexicon, the aliases and what
    they stand for), whose text phrases of three or more characters are kept too. Returns the number of
    keys, or None (no table: FTS5 answers) when FTS5 tokenised a row otherwise or a column holds a character
    whose tokenising is not known here."""
    conn.executescript(SCHEMA)
    columns = [r[1] for r in conn.execute(f"PRAGMA table_info({TABLE})")]
    text = sorted((columns.index(c), weights[columns.index(c)]) for c in TEXT_COLUMNS)  # instances in column order
    words_at = columns.index(WORDS_COLUMN)
    words_w = weights[words_at]
    sizes = {rowid: _varints(sz) for rowid, sz in conn.execute(f"SELECT id, sz FROM {TABLE}_docsize")}
    n_rows = len(sizes)
    if not n_rows:
        conn.execute("DROP TABLE search_phrases")
        return None
    avgdl = sum(sum(s) for s in sizes.values()) / n_rows
    # The vocabulary's words of three or more Chinese characters, by their first two.
    long_words = {w for w in vocabulary if len(w) >= 3 and all(is_cjk(ch) for ch in w)}
    starts: dict[str, list[str]] = {}
    for word in long_words:
        starts.setdefault(word[:2], []).append(word)
    text_freq: dict[str, dict[int, float]] = {}
    words_freq: dict[str, dict[int, float]] = {}
    # Compiled here, not on import: a pattern over the Chinese range takes milliseconds to compile.
    tokens_only = re.compile(f"[{CJK}{LATIN}]*")
    word_run = re.compile(f"[{CJK}a-z0-9]+")
    other = re.compile("[^\\W_]|[\ue000-\uf8ff]")  # a letter, digit or private-use character
    for row in rows:
        rowid, size = row[0], sizes[row[0]]
        for col, w in text:
            # One character per token: a Chinese character itself, a Latin word or number LATIN (tokens are
            # Chinese characters, [a-z0-9] words and nothing else, or no table: FTS5 folds an accent).
            latin = _LATIN_RUN.findall(row[1 + col])
            line = _LATIN_RUN.sub(LATIN, row[1 + col]).replace(" ", "")
            if len(line) != size[col] or not tokens_only.fullmatch(line):
                conn.execute("DROP TABLE search_phrases")
                return None
            found = Counter(line)
            found.update(latin)
            found.pop(LATIN, None)
            for pair, n in Counter(map(str.__add__, line, line[1:])).items():
                if LATIN not in pair:
                    found[pair] = n
                    for word in starts.get(pair, ()):
                        found[word] = _occurrences(line, word)
            for key, n in found.items():
                if n:
                    _add(text_freq, key, rowid, w, n)
        tokens = _word_tokens(row[1 + words_at], word_run, other)
        if tokens is None or len(tokens) != size[words_at]:
            conn.execute("DROP TABLE search_phrases")
            return None
        for key, n in Counter(t for t in tokens if t in lexicon).items():
            _add(words_freq, key, rowid, words_w, n)
    # The part of a row's bm25 term that depends on the row alone, as fts5_aux.c computes it.
    norm = {d: K1 * (1 - B + B * sum(s) / avgdl) for d, s in sizes.items()}
    text_blobs = {k: _blob(c, n_rows, norm) for k, c in text_freq.items()}
    for word in long_words:
        text_blobs.setdefault(word, b"")  # a word of the vocabulary no text holds: kept, so it matches nothing
    words_blobs = {k: _blob(c, n_rows, norm) for k, c in words_freq.items()}
    out = [(k, text_blobs.get(k), words_blobs.get(k)) for k in sorted(text_blobs.keys() | words_blobs.keys())]
    conn.executemany("INSERT INTO search_phrases (key, text, words) VALUES (?,?,?)", out)
    return len(out)


def _add(freq: dict[str, dict[int, float]], key: str, rowid: int, w: float, n: int) -> None:
    """`n` instances of a phrase in one column of a row, added one by one (as fts5 sums them: the same floats)."""
    counts = freq.setdefault(key, {})
    f = counts.get(rowid, 0.0)
    for _ in range(n):
        f += w
    counts[rowid] = f


def _occurrences(line: str, word: str) -> int:
    """Instances of `word` in `line`, overlapping ones too (as a phrase matches at every offset)."""
    n, at = 0, line.find(word)
    while at >= 0:
        n += 1
        at = line.find(word, at + 1)
    return n


def _blob(counts: dict[int, float], n_rows: int, norm: dict[int, float]) -> bytes:
    n = len(counts)
    idf = math.log((n_rows - n + 0.5) / (n + 0.5))
    if idf <= 0.0:
        idf = 1e-6
    docs = sorted(counts)
    terms = [idf * ((counts[d] * (K1 + 1.0)) / (counts[d] + norm[d])) for d in docs]
    return array("i", docs).tobytes() + array("d", terms).tobytes()


def _word_tokens(text: str, word_run: re.Pattern, other: re.Pattern) -> list[str] | None:
    """The tokens FTS5's unicode61 makes of the words column (runs of Chinese characters, lower-case ASCII
    letters and digits), or None when it holds another letter or digit, whose tokenising is not copied here."""
    if other.search(word_run.sub(" ", text)):
        return None  # an upper-case letter (folded by FTS5), an accent, another script
    return word_run.findall(text)


def _ascii_token_char(ch: str) -> bool:
    return "a" <= ch <= "z" or "0" <= ch <= "9"


def text_key(tokens: list[str]) -> str | None:
    """The key of a text phrase (its tokens) the store may keep postings for: Chinese characters (one or two
    always, more when a word of the vocabulary), one Latin word or number. None for any other phrase."""
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
    """For each part of a query (its FTS5 expression, TEXT or WORDS, its key: text_key / words_key, or None),
    (rowids, terms) of the rows of search_fts it matches, each with its bm25 term under the column weights
    of `bm25` (the SQL the whole query orders by; the store's postings were built with the same weights).
    None when the store keeps no postings."""
    cache = connection_memo(_ROWS, conn)
    if "present" not in cache:
        cache["present"] = bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'search_phrases'").fetchone())
    if not cache["present"]:
        return None
    memo = cache.setdefault("rows", {})
    if len(memo) > ROWS_CACHE:
        memo.clear()
    keys = {k for _e, _c, k in parts if k}
    keys |= {ch for _e, c, k in parts if k and c == TEXT and is_cjk(k[0]) for ch in k}
    missing = [k for k in keys if k not in memo]
    if missing:
        found = {r[0]: r for r in conn.execute(
            f"SELECT key, text, words FROM search_phrases WHERE key IN ({','.join('?' * len(missing))})", missing)}
        for k in missing:
            r = found.get(k)
            memo[k] = None if r is None else (_EMPTY if r[1] == b"" else _decode(r[1]), _decode(r[2]))
    out = []
    for expr, column, key in parts:
        row = memo.get(key) if key else None
        if column == TEXT and key and (not is_cjk(key[0]) or (
                (len(key) <= 2 or (row and row[0])) and all(memo[ch] and memo[ch][0] for ch in key))):
            # A Latin word, or Chinese characters each a token of a text column: one or two of them, or a word
            # of the vocabulary; a phrase no row holds matches nothing.
            out.append(row[0] if row and row[0] else _EMPTY)
        elif column == WORDS and key:
            out.append(row[1] if row and row[1] else _EMPTY)
        else:
            # A one-phrase query: its bm25 is minus the phrase's term, bit for bit.
            rows = conn.execute(f"SELECT rowid, {bm25} FROM {TABLE} WHERE {TABLE} MATCH ?", (expr,)).fetchall()
            out.append((array("i", [r[0] for r in rows]), array("d", [-r[1] for r in rows])))
    return out
