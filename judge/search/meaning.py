"""The meaning term of the second look (judge.search.rerank): a small model trained on the project's own data.

A question is the bag of its normalised text's n-grams (grams below), each n-gram a vector, the question's
vector their mean; each store document has a vector, and a document's score is the dot product. The vectors are
trained by tools/train_meaning.py (on the store's texts and the development question sets, never a frozen
one) and shipped as data/meaning.sqlite: int8 vectors with
one float scale each, keyed by n-gram and by a document key that survives a store rebuild (doc_key), and a meta
table (dims, weight, seed, training counts, the hash of the training inputs that tells the file is stale).

The file is opened the first time the second look runs: one query for the question's n-grams, one for the
places'. Without the file every score is 0 and the search ranks as it would without the term.
Stdlib only: this module is on the cold path of every question.
"""

from __future__ import annotations

import sqlite3
from array import array
from functools import reduce
from operator import add, mul

from judge.search.data_files import DATA_DIR
from judge.search.text import is_cjk, is_word_char, norm_text

MEANING_PATH = DATA_DIR / "meaning.sqlite"

_open: dict = {}
_VECTORS: dict = {}  # (path, table) -> {key: (scale, vector) or None}: what the read-only file holds, read once
_VECTORS_LIMIT = 50_000  # keys kept per table before the memo is emptied (the shipped file has about 20,000)


def grams(text: str) -> list[str]:
    """The n-grams of a normalised text: each Chinese character and adjacent pair, each Latin word or number.
    The one definition the training and the query path share."""
    out: list[str] = []
    run: list[str] = []
    word: list[str] = []
    for ch in text + " ":
        if is_cjk(ch):
            run.append(ch)
        elif run:
            out.extend(run)
            out.extend(a + b for a, b in zip(run, run[1:]))
            run = []
        if is_word_char(ch):
            word.append(ch)
        elif word:
            out.append("".join(word))
            word = []
    return out


def doc_key(doc: dict) -> str:
    """A document's key that survives a store rebuild: its kind and rule number (a rule) or its reference (an FAQ
    entry's or erratum's id, a glossary term)."""
    return f"{doc['kind']}:{doc.get('number') if doc['kind'] == 'rule' else doc.get('ref')}"


def _connection(path=None):
    """The model file, opened read-only once per path; None when it is missing or unreadable."""
    path = path or MEANING_PATH
    if path not in _open:
        conn = None
        if path.is_file():
            try:
                conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
                conn.execute("SELECT 1 FROM meta LIMIT 1")
            except sqlite3.Error:
                conn = None
        _open[path] = conn
    return _open[path]


def _vectors(conn, table: str, keys: list[str], path=None) -> dict[str, tuple[float, array]]:
    """The (scale, vector) of each of `keys` the file holds. Kept once read: every question reads many of the
    same documents' vectors, and the file is opened read-only."""
    memo = _VECTORS.setdefault((path or MEANING_PATH, table), {})
    new = [k for k in keys if k not in memo]
    if new:
        if len(memo) + len(new) > _VECTORS_LIMIT:
            memo.clear()
            new = keys
        memo.update(dict.fromkeys(new))
        marks = ",".join("?" * len(new))
        memo.update({k: (scale, array("b", blob)) for k, scale, blob in
                     conn.execute(f"SELECT key, scale, vec FROM {table} WHERE key IN ({marks})", new)})
    return {k: v for k in keys if (v := memo[k]) is not None}


def scores(text: str, docs: list[dict], path=None) -> list[float]:
    """The model's score of each document for a question's normalised text (0 for each without the file, or when
    none of the question's n-grams is known)."""
    conn = _connection(path)
    if conn is None or not docs:
        return [0.0] * len(docs)
    seq = grams(norm_text(text))
    known = _vectors(conn, "grams", list(dict.fromkeys(seq)), path)
    used = [known[g] for g in seq if g in known]
    if not used:
        return [0.0] * len(docs)
    # The mean of the grams' scaled vectors, each dimension summed from 0.0 gram by gram (in C: reduce over a column).
    weights = [scale / len(used) for scale, _vec in used]
    q = [reduce(add, map(mul, weights, column), 0.0) for column in zip(*(vec for _scale, vec in used))]
    keys = [doc_key(d) for d in docs]
    vecs = _vectors(conn, "docs", list(dict.fromkeys(keys)), path)
    out = []
    for k in keys:
        v = vecs.get(k)
        out.append(v[0] * sum(map(mul, q, v[1])) if v else 0.0)
    return out


def meta(path=None) -> dict[str, str]:
    """The file's meta table (empty without the file)."""
    conn = _connection(path)
    return dict(conn.execute("SELECT key, value FROM meta")) if conn is not None else {}
