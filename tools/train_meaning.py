"""Train a small question -> document model on the project's own data and measure it on the development sets.

The model is fastText-like: a question is a bag of the n-grams of its normalised text (each Chinese character,
each pair of adjacent Chinese characters, each Latin word), each n-gram has a DIM-dimensional vector, the
question's vector is their mean, each document (rule paragraph, FAQ entry, erratum, glossary term) has a vector,
and a document's score is the dot product. It is fitted with a full softmax over every document.

Training data:
  - the questions drafted for the rule paragraphs (data/asked/, as the store indexes them: search_docs.norm_questions),
    each answered by its paragraph;
  - each FAQ entry's own question (问:) -> the entry;
  - each document's title, and (--self) its own title and text, -> the document;
  - (--sets, the default) every question of the development sets (tests/search_questions_*.tsv but the frozen
    ones, and the eval set's questions) -> each document its targets name. NEVER a frozen set, and never a set
    of UNSEEN_SETS (`--unseen`): a set kept out so that the shipped model's figure on it stays out of sample.
    A question's answers weigh one question together (`--set-split`, the default).

Because the shipped model is trained on the development sets, the development figures of tools/search_eval.py read
high since (the term has seen those very questions): they no longer tell what the term adds. The held-out figure is
`--folds 5`: five models, each trained without a fold of the sets (a reworded question held with its original, a
question worded as a held-out one held too), each fold measured by the model alone and by the search with it as the
term, against the shipped model on the same folds; the frozen sets, never trained on, stay the final measure.

    python tools/train_meaning.py --folds 5 --fold-dir /tmp/folds --weights 0.2,0.3   # held out (5 trainings)
    python tools/train_meaning.py --folds 5 --fold-dir /tmp/folds --weights 0.8 --seeds 17,18,19
                                     # held out at three seeds (15 trainings): each seed's figures, mean and spread
    python tools/train_meaning.py --no-sets           # train on no set, then measure alone on the development sets
    python tools/train_meaning.py --no-sets --fused 0.2,0.3   # and as the search's term (several weights)
    python tools/train_meaning.py --dim 64 --epochs 20 --seed 17
    python tools/train_meaning.py --folds 5 --fold-dir /tmp/folds --weights 0.8 --seeds 17,19,21 --ensemble 2 --dim 48
                                     # ensembles of two models at seeds 17+18, 19+20, 21+22 (30 trainings)

An ensemble (`--ensemble K`): K models of DIM dimensions trained at seeds SEED..SEED+K-1, a document's score the mean
of their K scores. It is written as one model of K x DIM dimensions (each model's vectors side by side, scaled by
1/sqrt(K)), so the query path reads it as any model: one dot product. One model's places move from seed to seed; the
mean of several moves less.

    python tools/train_meaning.py --write             # train and write judge/search/data/meaning.sqlite (shipped)

Deterministic for a seed: two trainings write identical bytes. numpy is needed (in the test extra:
`pip install -e '.[test]'`), never by `judge search`, which reads the written file with sqlite3
(judge.search.meaning). The file must be written again whenever the store's drafted questions, titles or texts
change (tests/test_search_meaning.py compares the hash of those inputs). The question sets are hashed apart
(sets_hash in the meta, information only): editing a set does not make the file stale, but retrain after adding
or changing questions so that the model learns them. Figures: benchmarks/SEARCH_MEASUREMENTS.md ("A model trained
here").
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import inspect
import json
import sqlite3
import sys
import time
from collections import Counter
from pathlib import Path

try:  # a training aid, never on the query path
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

from judge.rules.drafted import strip_mark
from judge.search import evaluation, rerank
from judge.search.meaning import MEANING_PATH, doc_key, grams
from judge.search.store import connect
from judge.search.text import norm_text


def documents(conn) -> list[dict]:
    cols = ["id", "kind", "ref", "number", "title", "text", "examples", "norm", "norm_questions"]
    rows = [dict(zip(cols, r)) for r in conn.execute(f"SELECT {', '.join(cols)} FROM search_docs ORDER BY id")]
    for r in rows:
        r["key"] = doc_key(r)
    return rows


def training_pairs(docs: list[dict], use_self: bool) -> list[tuple[str, int, str]]:
    """(text, document index, source) for every training example."""
    out = []
    for i, d in enumerate(docs):
        norm = d["norm"] or ""
        title, _, body = norm.partition("\n")
        for q in (d["norm_questions"] or "").split("\n"):
            if q.strip():
                out.append((q, i, "drafted"))
        if d["kind"] == "faq":
            start = norm.find("问:")
            if start >= 0:
                end = norm.find("答:", start)
                out.append((norm[start + 2:end if end > 0 else None], i, "faq"))
        if title.strip():
            out.append((title, i, "title"))
        if use_self and body.strip():
            out.append((norm[:200], i, "self"))
    return out


class Model:
    def __init__(self, vocab: dict[str, int], emb: np.ndarray, docs: np.ndarray) -> None:
        self.vocab, self.emb, self.docs = vocab, emb, docs

    def question(self, text: str) -> np.ndarray:
        ids = [self.vocab[g] for g in grams(norm_text(text)) if g in self.vocab]
        if not ids:
            return np.zeros(self.emb.shape[1], dtype=np.float32)
        return self.emb[ids].mean(axis=0)

    def scores(self, text: str) -> np.ndarray:
        return self.docs @ self.question(text)


def train(pairs, n_docs: int, dim: int, epochs: int, lr: float, batch: int, min_count: int, drop: float,
          seed: int, l2: float, set_repeat: int = 1, set_split: bool = False) -> Model:
    """`set_repeat`: each question of a set ("set" examples) counts this many times an epoch. `set_split`: a set
    question's n examples (its answers, in every set that asks it in the same words) count 1/n each, so that a
    question naming three paragraphs pulls as hard as one naming one."""
    rng = np.random.default_rng(seed)
    if set_repeat > 1:
        pairs = list(pairs) + [p for p in pairs if p[2] == "set"] * (set_repeat - 1)
    answers_of = Counter(t for t, _i, s in pairs if s == "set") if set_split else Counter()
    counts = Counter(g for text, _i, _s in pairs for g in set(grams(text)))
    vocab = {g: k for k, g in enumerate(sorted(g for g, c in counts.items() if c >= min_count))}
    seqs = [np.array([vocab[g] for g in grams(t) if g in vocab], dtype=np.int64) for t, _i, _s in pairs]
    keep = [k for k, s in enumerate(seqs) if len(s)]
    seqs = [seqs[k] for k in keep]
    labels = np.array([pairs[k][1] for k in keep], dtype=np.int64)
    weight = np.array([1.0 / answers_of[pairs[k][0]] if pairs[k][2] == "set" and answers_of else 1.0 for k in keep],
                      dtype=np.float32)
    emb = (rng.standard_normal((len(vocab), dim)) * 0.1).astype(np.float32)
    docs = np.zeros((n_docs, dim), dtype=np.float32)
    params = [emb, docs]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(len(seqs))
        total = 0.0
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            parts = []
            for k in idx:
                s = seqs[k]
                if drop > 0 and len(s) > 2:
                    kept = s[rng.random(len(s)) >= drop]
                    s = kept if len(kept) else s
                parts.append(s)
            lens = np.array([len(s) for s in parts])
            flat = np.concatenate(parts)
            offsets = np.concatenate([[0], np.cumsum(lens)[:-1]])
            q = np.add.reduceat(emb[flat], offsets, axis=0) / lens[:, None]
            logits = q @ docs.T
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            y = labels[idx]
            total += -(weight[idx] * np.log(p[np.arange(len(idx)), y] + 1e-12)).sum()
            p[np.arange(len(idx)), y] -= 1.0
            if set_split:
                p *= weight[idx][:, None]
            p /= len(idx)
            g_docs = p.T @ q + l2 * docs
            g_q = p @ docs
            # The n-grams' gradients summed per distinct n-gram (bincount per dimension: far faster than add.at).
            seen, inverse = np.unique(flat, return_inverse=True)
            spread = np.repeat(g_q / lens[:, None], lens, axis=0)
            g_emb = np.zeros_like(emb)
            g_emb[seen] = np.stack([np.bincount(inverse, spread[:, j], len(seen)) for j in range(dim)], axis=1)
            step += 1
            for j, g in enumerate((g_emb, g_docs)):
                m[j] = 0.9 * m[j] + 0.1 * g
                v[j] = 0.999 * v[j] + 0.001 * g * g
                params[j] -= lr * (m[j] / (1 - 0.9 ** step)) / (np.sqrt(v[j] / (1 - 0.999 ** step)) + 1e-8)
        print(f"epoch {epoch + 1}/{epochs}: loss {total / len(seqs):.3f}", file=sys.stderr)
    return Model(vocab, emb, docs)


def member_seeds(seed: int, k: int) -> list[int]:
    """The seeds of an ensemble of k models: seed, seed + 1, ..., seed + k - 1."""
    return [seed + j for j in range(k)]


def ensemble(models: list[Model]) -> Model:
    """One model whose score is the mean of the models' scores: each model's n-gram and document vectors side by
    side, both scaled by 1/sqrt(k), so that one dot product is the mean of the k dot products (the query path reads
    it as any model). The models share their vocabulary (the same texts give the same n-grams)."""
    if len(models) == 1:
        return models[0]
    vocab = models[0].vocab
    assert all(m.vocab == vocab for m in models), "ensemble members trained on different texts"
    scale = np.float32(1.0 / np.sqrt(len(models)))
    return Model(vocab, np.concatenate([m.emb for m in models], axis=1) * scale,
                 np.concatenate([m.docs for m in models], axis=1) * scale)


def fit(args, pairs, n_docs: int) -> Model:
    """The model of the settings in `args`: `args.ensemble` models of `args.dim` dimensions at the seeds from
    `args.seed` on (member_seeds), as one (ensemble)."""
    return ensemble([train(pairs, n_docs, args.dim, args.epochs, args.lr, args.batch, args.min_count, args.drop, s,
                           args.l2, args.set_repeat, args.set_split)
                     for s in member_seeds(args.seed, args.ensemble)])


def inputs_hash(docs: list[dict], pairs: list[tuple[str, int, str]]) -> str:
    """A hash of what the model is trained on from the store: every document's key, in store order, and every
    drafted question, FAQ question, title and text with its document's key and source. A store whose drafted
    questions, titles or texts changed gives another hash. The question sets' examples are left out (their own
    hash, sets_hash, is information only): editing a set's targets does not make the file stale."""
    h = hashlib.sha256()
    for d in docs:
        h.update(f"doc\t{d['key']}\n".encode("utf-8"))
    for text, i, source in pairs:
        if source == "set":
            continue
        h.update(f"{source}\t{docs[i]['key']}\t{text}\n".encode("utf-8"))
    return h.hexdigest()[:16]


def quantised(matrix: np.ndarray) -> list[tuple[float, bytes]]:
    """Each row as int8 with one float scale (the row's largest magnitude is 127)."""
    out = []
    for row in matrix.astype(np.float64):
        top = float(np.abs(row).max())
        scale = top / 127.0 if top > 0 else 0.0
        q = np.zeros(row.shape, dtype=np.int8) if scale == 0 else np.round(row / scale).astype(np.int8)
        out.append((float(np.float32(scale)), q.tobytes()))
    return out


def write_model(model: Model, docs: list[dict], pairs, settings: dict, path: Path, info: dict | None = None) -> None:
    """The shipped file: n-gram and document vectors (int8, a scale each) keyed by n-gram and by doc_key, and the
    meta table. Rows in key order into a fresh file: the same training writes the same bytes."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID")
    for table in ("grams", "docs"):
        conn.execute(f"CREATE TABLE {table} (key TEXT PRIMARY KEY, scale REAL, vec BLOB) WITHOUT ROWID")
    grams_sorted = sorted(model.vocab, key=model.vocab.get)
    conn.executemany("INSERT INTO grams VALUES (?, ?, ?)", sorted(
        (g, *sv) for g, sv in zip(grams_sorted, quantised(model.emb))))
    conn.executemany("INSERT INTO docs VALUES (?, ?, ?)", sorted(
        (d["key"], *sv) for d, sv in zip(docs, quantised(model.docs))))
    counts = Counter(s for _t, _i, s in pairs)
    info = dict(settings, **(info or {}), weight=rerank.MEANING_WEIGHT, inputs_hash=inputs_hash(docs, pairs), documents=len(docs),
                grams=len(model.vocab), texts=len(pairs),
                **{f"texts_{k}": counts[k] for k in sorted(counts)})
    conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted((k, str(v)) for k, v in info.items()))
    conn.commit()
    conn.execute("VACUUM")
    conn.close()
    tmp.replace(path)


def hit_dict(d: dict) -> dict:
    return {"kind": d["kind"], "number": d["number"], "title": d["title"], "text": d["text"],
            "examples": json.loads(d["examples"] or "[]")}


def development_sets() -> list[str]:
    return [n for n in evaluation.SETS if n not in evaluation.FROZEN_SETS and n != "eval"]


_BODY_KINDS = {"r": "rule", "f": "faq", "e": "errata", "any": None}


def answers(docs: list[dict], case) -> set[int]:
    """The documents that answer a case, as evaluation.relevant judges a hit (its text tests read once)."""
    if "_hit" not in docs[0]:
        for d in docs:
            d["_hit"] = h = hit_dict(d)
            d["_body"] = norm_text("\n".join([h["title"] or "", h["text"] or ""] + list(h["examples"])))
            d["_rt"] = norm_text(strip_mark(h["title"])) if d["kind"] == "rule" else None
    out = set()
    for t in case.targets:
        code, _, value = t.partition(":")
        if code == "rt":  # as evaluation.relevant, its normalised title read once
            out.update(i for i, d in enumerate(docs) if d["_rt"] is not None and d["_rt"] == norm_text(value))
        elif code in _BODY_KINDS:
            kind, value_n = _BODY_KINDS[code], norm_text(value)
            out.update(i for i, d in enumerate(docs) if (kind is None or d["kind"] == kind) and value_n in d["_body"])
        else:
            out.update(i for i, d in enumerate(docs) if evaluation.relevant(d["_hit"], t))
    return out


# Development sets never trained on, so that their figures stay out of sample (a set kept unseen to measure the
# shipped model, or one still being written): `--unseen` changes the list. A name here whose file does not exist yet
# (a set still being written) excludes nothing until the file lands, and then keeps it out; any other name that is
# no development set is an error (unwritten). fresh16-fresh38, english, askenglish, askmixed, askcan, askcount and
# askenglish2 are the blind sets the shipped model has not seen: a model trained with fresh16-fresh20 in moved pinned
# answers at every seed and in every ensemble tried, some to a wrong paragraph first (SEARCH_MEASUREMENTS, "Trained on
# fresh16 and fresh17 too", "An ensemble of seeds"), and held out by fold a model trained on all of them too answered
# 9 fewer of their 1,711 questions in the first five ("The meaning model trained on every development set"), so they
# stay out. The shipped vectors were trained on the other sets' keys as they stood then; keys completed since give a
# retrain a few more or fewer answers to learn, so it writes other vectors (measured before it ships, like any).
UNSEEN_SETS: tuple[str, ...] = ("fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22",
                                "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29",
                                "fresh30", "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
                                "fresh38",
                                "english", "askenglish", "askmixed", "askcan", "askcount", "askenglish2")

VAGUE = 3  # a target that more documents than this answer (a short r:TEXT) names no answer to train on


def target_answers(docs: list[dict], target: str) -> set[int]:
    """The documents that answer one target, as evaluation.relevant judges a hit."""
    return answers(docs, evaluation.Case("", "", [target], 0))


def unwritten(unseen: tuple[str, ...]) -> list[str]:
    """The names of `unseen` with no file yet: each must be one of UNSEEN_SETS (a set still being written: nothing to
    leave out until its file lands). Any other name that is no development set (a misspelt one, a frozen set, never
    trained on anyway) raises ValueError, its message in Chinese naming the sets that exist."""
    known = development_sets() + ["eval"]
    pending = [n for n in unseen if n not in known]
    bad = [n for n in pending if n not in UNSEEN_SETS]
    if bad:
        raise ValueError(f"--unseen 的「{'、'.join(bad)}」不是开发问题集（封存问题集从不参与训练）。"
                         f"现有的开发问题集：{'、'.join(known)}。")
    return pending


def set_cases(unseen: tuple[str, ...] = UNSEEN_SETS) -> dict[str, list]:
    """Every development set's cases (the eval set's questions only: its terms, pinyin and citations are not
    questions), by set. Never a frozen set, nor one of `unseen` (a name that is no set: ValueError, see unwritten)."""
    unwritten(unseen)
    out = {}
    for name in [n for n in development_sets() + ["eval"] if n not in unseen]:
        cases = evaluation.load(evaluation.SETS[name][0])
        out[name] = [c for c in cases if c.kind in ("question", "english")] if name == "eval" else cases
    return out


def case_pairs(docs: list[dict], name: str, cases) -> list[tuple[str, int, str, object]]:
    """(normalised question, answer index, "set", case) for each answer of each case: every document a target
    names, a target that names more than VAGUE documents left out."""
    out = []
    for c in cases:
        good: set[int] = set()
        for t in c.targets:
            hit = target_answers(docs, t)
            if len(hit) <= VAGUE:
                good |= hit
        text = norm_text(c.query)
        out.extend((text, i, "set", c) for i in sorted(good))
    return out


def sets_hash(cases: dict[str, list]) -> str:
    """A hash of the question sets trained on (information in the file's meta: editing a set's targets does not
    make the file stale; the next retrain picks it up)."""
    h = hashlib.sha256()
    for name in sorted(cases):
        for c in cases[name]:
            h.update(f"{name}\t{c.kind}\t{c.query}\t{' || '.join(c.targets)}\n".encode("utf-8"))
    return h.hexdigest()[:16]


def is_reword(name: str) -> bool:
    return evaluation.family_of(name)[0] == "reword"


def folds(cases: dict[str, list], k: int) -> list[dict]:
    """k folds by set: the sets that are not rewordings, each whole, dealt largest first to the lightest fold;
    each reworded question joins the fold of the first set holding a question with the same targets (its
    original: a rewording copies its original's targets), and is kept out of training wherever a set holding such a
    question is held out (measure_folds also keeps out of training every question worded as a held-out one). Each fold: {"sets": names, "held": [(set, case)], "leak": ids of reworded cases}."""
    base = [n for n in cases if not is_reword(n)]
    out = [{"sets": [], "held": [], "leak": set()} for _ in range(k)]
    for name in sorted(base, key=lambda n: -len(cases[n])):  # stable: set order among equal sizes
        fold = min(out, key=lambda f: sum(len(cases[n]) for n in f["sets"]))
        fold["sets"].append(name)
    home = {name: f for f in out for name in f["sets"]}
    by_targets: dict[tuple, list[str]] = {}
    for name in base:
        for c in cases[name]:
            by_targets.setdefault(tuple(sorted(c.targets)), []).append(name)
    for f in out:
        f["held"] = [(n, c) for n in f["sets"] for c in cases[n]]
    orphans = 0
    for name in cases:
        if not is_reword(name):
            continue
        for c in cases[name]:
            sources = by_targets.get(tuple(sorted(c.targets)))
            if not sources:  # no original found: measured in a fold of its own turn, never trained on there
                sources_folds = [out[orphans % k]]
                orphans += 1
            else:
                sources_folds = list({id(home[s]): home[s] for s in sources}.values())
            sources_folds[0]["held"].append((name, c))
            for f in sources_folds:
                f["leak"].add(id(c))
    return out


def load_model(path: Path, docs: list[dict]) -> Model:
    """A written model file's vectors (int8 times their scale) as a Model over `docs` (a missing vector: 0)."""
    db = sqlite3.connect(path)
    rows = db.execute("SELECT key, scale, vec FROM grams ORDER BY key").fetchall()
    vocab = {g: k for k, (g, _s, _v) in enumerate(rows)}
    emb = np.array([np.frombuffer(v, dtype=np.int8) * s for _g, s, v in rows], dtype=np.float32)
    vec = {key: np.frombuffer(v, dtype=np.int8) * s for key, s, v in db.execute("SELECT key, scale, vec FROM docs")}
    db.close()
    dims = emb.shape[1]
    return Model(vocab, emb, np.array([vec.get(d["key"], np.zeros(dims)) for d in docs], dtype=np.float32))


def meta_of(path: Path) -> dict[str, str]:
    """A fold file's meta table, read through a connection closed at once. Not judge.search.meaning.meta: that keeps
    its connection open per path, and a fold file rewritten after this look (write_model renames a fresh file over
    it) would then still be read from the old one when the fold is measured as the search's term."""
    db = sqlite3.connect(path)
    try:
        return dict(db.execute("SELECT key, value FROM meta"))
    finally:
        db.close()


def ranks_alone(model: Model, docs: list[dict], cases) -> list:
    """The model's own place of each case's first answer among every document (None: not in the first ten)."""
    out = []
    for c in cases:
        good = answers(docs, c)
        order = np.argsort(-model.scores(c.query), kind="stable")
        out.append(next((r for r, i in enumerate(order[:10], start=1) if i in good), None))
    return out


def ranks_search(path: Path | None, weight: float, cases) -> list:
    """The search's place of each case's first answer with the model file at `path` as the meaning term at
    `weight` (0: the search without the term)."""
    from judge.search import meaning
    from judge.search.engine import search

    conn = connect()
    shipped = meaning.MEANING_PATH, rerank.MEANING_WEIGHT
    meaning.MEANING_PATH, rerank.MEANING_WEIGHT = (path or shipped[0]), weight
    try:
        return [evaluation.first_relevant_rank(search(conn, c.query, limit=10).to_dict()["hits"], c.targets)
                for c in cases]
    finally:
        meaning.MEANING_PATH, rerank.MEANING_WEIGHT = shipped


def counts(rs: list) -> tuple[int, int, float]:
    """Recall@5 and recall@1 (questions) and MRR of a list of places."""
    return (sum(1 for r in rs if r and r <= 5), sum(1 for r in rs if r == 1),
            sum(1.0 / r for r in rs if r) / (len(rs) or 1))


def figures(rs: list) -> str:
    r5, r1, mrr = counts(rs)
    return f"{r5:4}/{len(rs)} r1 {r1:4} mrr {mrr:.3f}"


def measure_folds(args, docs: list[dict], base_pairs, k: int, weights: list[float], fold_dir: Path,
                  unseen: tuple[str, ...] = UNSEEN_SETS, memo: dict | None = None) -> dict:
    """Train a model without each fold's questions (on the base texts and every other fold's), write it to
    fold_dir (a fold's file already there, of the same sets and settings, is read back instead: the same training),
    and measure the fold's questions: the model alone (every document scored), the search with it as the term at
    each weight; against the shipped model (trained on no set) at the same weights and the search without the term.
    Returns {"rows": {label: places}, "by_set": {label: {set: places}}, "questions": n} (a place: the first
    answer's, None beyond ten). `memo` keeps the rows that do not depend on the fold model (the shipped model's,
    the search's without the term) from one call to the next: measured once for several seeds."""
    cases = set_cases(unseen)
    plan = folds(cases, k)
    pairs_by_set = {name: case_pairs(docs, name, cs) for name, cs in cases.items()}
    shipped = load_model(MEANING_PATH, docs)
    fold_dir.mkdir(parents=True, exist_ok=True)
    memo = {} if memo is None else memo
    rows: dict[str, list] = {}
    by_set: dict[str, dict[str, list]] = {}

    def add(label: str, held, rs) -> None:
        rows.setdefault(label, []).extend(rs)
        for (name, _c), r in zip(held, rs):
            by_set.setdefault(label, {}).setdefault(name, []).append(r)

    def fixed(n: int, label: str, measure) -> list:
        if (n, label) not in memo:
            memo[(n, label)] = measure()
        return memo[(n, label)]

    for n, fold in enumerate(plan):
        if args.only and n + 1 not in args.only:
            continue
        held_ids = {id(c) for _n, c in fold["held"]}
        # A question another set asks in the same words (the eval set's keywords are dev questions too) is held too.
        held_texts = {norm_text(c.query) for _n, c in fold["held"]}
        extra = [(t, i, s) for name, ps in pairs_by_set.items() for t, i, s, c in ps
                 if id(c) not in held_ids and id(c) not in fold["leak"] and t not in held_texts]
        path = fold_dir / f"fold{n + 1}of{k}.sqlite"
        info = {"sets": ",".join(cases), "held_sets": ",".join(fold["sets"])}
        print(f"fold {n + 1}/{k}: sets {','.join(fold['sets'])}; {len(fold['held'])} questions held out; "
              f"{len(extra)} set texts trained on", file=sys.stderr)
        want = dict(info, **{key: str(value) for key, value in settings_of(args).items()})
        if path.is_file() and all(meta_of(path).get(key) == value for key, value in want.items()):
            model = load_model(path, docs)
        else:
            model = fit(args, base_pairs + extra, len(docs))
            write_model(model, docs, base_pairs + extra, settings_of(args), path, info)
            model = load_model(path, docs)
        held = [c for _n, c in fold["held"]]
        add("alone, shipped", fold["held"], fixed(n, "alone, shipped", lambda: ranks_alone(shipped, docs, held)))
        add("alone, fold model", fold["held"], ranks_alone(model, docs, held))
        add("search, off", fold["held"], fixed(n, "search, off", lambda: ranks_search(None, 0.0, held)))
        for w in weights:
            add(f"search, shipped at {w}", fold["held"],
                fixed(n, f"search, shipped at {w}", lambda: ranks_search(None, w, held)))
            add(f"search, fold model at {w}", fold["held"], ranks_search(path, w, held))
        for label in rows:
            print(f"  {label:28} {figures(rows[label][-len(held):])}", file=sys.stderr)
    return {"rows": rows, "by_set": by_set, "questions": sum(len(f["held"]) for f in plan)}


def print_folds(result: dict, k: int) -> None:
    print(f"held out by fold ({k} folds, {result['questions']} questions): recall@5, recall@1, MRR")
    for label, rs in result["rows"].items():
        print(f"{label:28} {figures(rs)}")
    print("by set, recall@5 (recall@1):")
    for label, sets in result["by_set"].items():
        cells = ((name, counts(rs)) for name, rs in sets.items())
        print(f"{label:28} " + ", ".join(f"{name} {r5} ({r1})" for name, (r5, r1, _mrr) in cells))


def seed_summary(by_seed: dict[int, dict[str, list]]) -> list[str]:
    """One line a label: each seed's recall@5 / recall@1 / MRR, their mean and spread (largest minus smallest), and
    how steady the places are from seed to seed: the questions whose first answer's place is not the same at every
    seed ("moved"), and those first at some seed but not at all ("first moved")."""
    out = []
    seeds = list(by_seed)
    for label in by_seed[seeds[0]]:
        each = [counts(by_seed[s][label]) for s in seeds]
        means = [sum(c[j] for c in each) / len(each) for j in range(3)]
        spread = [max(c[j] for c in each) - min(c[j] for c in each) for j in range(3)]
        places = list(zip(*(by_seed[s][label] for s in seeds)))
        moved = sum(1 for p in places if len(set(p)) > 1)
        first_moved = sum(1 for p in places if len({r == 1 for r in p}) > 1)
        cells = "; ".join(f"seed {s} {c[0]}/{c[1]}/{c[2]:.3f}" for s, c in zip(seeds, each))
        out.append(f"{label:28} mean {means[0]:.1f} / {means[1]:.1f} / {means[2]:.4f} "
                   f"(spread {spread[0]} / {spread[1]} / {spread[2]:.4f}; moved {moved}, first moved {first_moved})"
                   f" | {cells}")
    return out


def settings_of(args) -> dict:
    """The training's settings as the file's meta lists them ("dims": the written vectors' length, K x DIM)."""
    return {"dims": args.dim * args.ensemble, "ensemble": args.ensemble,
            "seeds": ",".join(map(str, member_seeds(args.seed, args.ensemble))), "seed": args.seed,
            "epochs": args.epochs, "lr": args.lr,
            "batch": args.batch, "min_count": args.min_count, "drop": args.drop, "l2": args.l2,
            "self": args.use_self, "set_repeat": args.set_repeat, "set_split": args.set_split}


def measure_alone(model: Model, docs: list[dict]) -> dict[str, list]:
    """Recall@5 / @1 / MRR of the model's own ranking of every document, by development set; each question's
    place of its first answer (None: not in the first ten), by set."""
    tot = Counter()
    places: dict[str, list] = {}
    for name in development_sets():
        cases = evaluation.load(evaluation.SETS[name][0])
        places[name] = ranks_alone(model, docs, cases)
        r5 = sum(1 for r in places[name] if r and r <= 5)
        r1 = sum(1 for r in places[name] if r == 1)
        mrr = sum(1.0 / r for r in places[name] if r)
        tot.update({"n": len(cases), "r5": r5})
        print(f"alone {name:8} r5 {r5 / len(cases):.3f} ({r5}/{len(cases)})  r1 {r1 / len(cases):.3f}  "
              f"mrr {mrr / len(cases):.3f}")
    print(f"alone total   r5 {tot['r5'] / tot['n']:.3f} ({tot['r5']}/{tot['n']})")
    return places


@contextlib.contextmanager
def meaning_in_search(model: Model, docs: list[dict], state: dict, list_weight: float = 0.0, list_depth: int = 10):
    """Within the block, the search adds the model's score of each re-ranked place to the re-ranker's linear score,
    times state["w"] (0: the search as it is); with `list_weight`, the model's first `list_depth` documents are also
    fused (reciprocal rank, fusion.RRF_K) with the fused list before the re-ranker sees it. The wrappers take
    whatever call the engine makes (bound to the originals' signatures), so a new parameter cannot break them."""
    from judge.search import fusion, rank

    by_id = {d["id"]: k for k, d in enumerate(docs)}
    original_features, original_fuse = rerank.features, fusion.fuse
    features_signature, fuse_signature = inspect.signature(original_features), inspect.signature(original_fuse)

    def features(*args, **kwargs):
        rows = original_features(*args, **kwargs)
        call = features_signature.bind(*args, **kwargs).arguments
        if state["w"]:
            qv = model.question(call["analysis"].normalized)
            for row, h in zip(rows, call["hits"]):
                # the fused feature's weight multiplies row[0]: the meaning score rides on it as an offset
                row[0] += state["w"] * float(model.docs[by_id[h.doc["id"]]] @ qv) / rerank.weights()["fused"]
        return rows

    def fuse(*args, **kwargs):
        out = original_fuse(*args, **kwargs)
        if not (state["w"] and list_weight):
            return out
        call = fuse_signature.bind(*args, **kwargs).arguments
        conn, analysis, kinds = call["conn"], call["analysis"], call["kinds"]
        direct = [h for h in out if h.direct]
        rest = [h for h in out if not h.direct]
        seen = {h.doc["id"] for h in direct}
        top = [docs[k]["id"] for k in np.argsort(-model.scores(analysis.normalized), kind="stable")[:list_depth * 2]
               if not kinds or docs[k]["kind"] in kinds]
        top = [i for i in top if i not in seen][:list_depth]
        score = {h.doc["id"]: 1.0 / (fusion.RRF_K + r) for r, h in enumerate(rest[:fusion.DEPTH], start=1)}
        for r, i in enumerate(top, start=1):
            score[i] = score.get(i, 0.0) + list_weight / (fusion.RRF_K + r)
        by_doc = {h.doc["id"]: h for h in rest}
        for i, doc in rank.fetch_docs(conn, [i for i in score if i not in by_doc], rank.SCORE_COLUMNS).items():
            by_doc[i] = rank.Hit(doc, 0.0)
        order = sorted(score, key=lambda i: -score[i])
        return direct + [by_doc[i] for i in order] + [h for h in rest[fusion.DEPTH:] if h.doc["id"] not in score]

    rerank.features, fusion.fuse = features, fuse
    shipped, rerank.MEANING_WEIGHT = rerank.MEANING_WEIGHT, 0.0  # weight 0: the search without the shipped term
    try:
        yield
    finally:
        rerank.features, fusion.fuse, rerank.MEANING_WEIGHT = original_features, original_fuse, shipped


def measure_fused(model: Model, docs: list[dict], weights: list[float], alone: dict[str, list],
                  list_weight: float = 0.0, list_depth: int = 10) -> None:
    """The search with the model as a re-ranker term (meaning_in_search), times each weight (0: the search as it
    is), by development set: recall@5 and the answers entering / leaving the top 5."""
    from judge.search.engine import search

    conn = connect()
    state = {"w": 0.0}
    places: dict[float, dict[str, list]] = {}
    with meaning_in_search(model, docs, state, list_weight, list_depth):
        for w in [0.0] + weights:
            state["w"] = w
            places[w] = {}
            for name in development_sets():
                out = []
                for c in evaluation.load(evaluation.SETS[name][0]):
                    hits = search(conn, c.query, limit=10).to_dict()["hits"]
                    out.append(evaluation.first_relevant_rank(hits, c.targets))
                places[w][name] = out
    base = places[0.0]
    misses = [(name, k) for name in base for k, r in enumerate(base[name]) if not (r and r <= 5)]
    found = sum(1 for name, k in misses if alone[name][k] and alone[name][k] <= 5)
    print(f"main's {len(misses)} misses (first answer not in the top 5): the model alone has {found} in its top 5")
    for w in [0.0] + weights:
        cells, t5, t1, tm, tn, gained, lost = [], 0, 0, 0.0, 0, 0, 0
        for name in development_sets():
            rs = places[w][name]
            r5 = sum(1 for r in rs if r and r <= 5)
            r1 = sum(1 for r in rs if r == 1)
            mrr = sum(1.0 / r for r in rs if r)
            g = sum(1 for a, b in zip(base[name], rs) if not (a and a <= 5) and (b and b <= 5))
            lo = sum(1 for a, b in zip(base[name], rs) if (a and a <= 5) and not (b and b <= 5))
            cells.append(f"{name} {r5}(+{g}-{lo})/{r1}")
            t5, t1, tm, tn, gained, lost = t5 + r5, t1 + r1, tm + mrr, tn + len(rs), gained + g, lost + lo
        print(f"fused w={w:<5} r5 {t5}/{tn} r1 {t1} mrr {tm / tn:.3f} (+{gained} -{lost}) | " + " ".join(cells))


def number_list(convert, example: str):
    """An argparse type: comma-separated numbers read with `convert`; anything else (an empty item too) is refused
    in Chinese by argparse (exit 2) before any training starts."""
    def parse(value: str) -> list:
        try:
            return [convert(x) for x in value.split(",")]
        except ValueError:
            raise argparse.ArgumentTypeError(f"「{value}」应为逗号分隔的数，例如 {example}") from None
    return parse


def positive(value: str) -> int:
    """An argparse type: a whole number from 1; anything else is refused in Chinese (exit 2)."""
    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"「{value}」应为正整数，例如 2")
    return n


int_list = number_list(int, "17,18,19")
float_list = number_list(float, "0.4,0.8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dim", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--min-count", type=int, default=2)
    ap.add_argument("--drop", type=float, default=0.3, help="share of a question's n-grams dropped per step")
    ap.add_argument("--l2", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--ensemble", type=positive, default=1, metavar="K",
                    help="K models of DIM dimensions at seeds SEED..SEED+K-1, a document's score the mean of theirs "
                         "(written as one model of K x DIM dimensions); with --seeds, each seed starts an ensemble")
    ap.add_argument("--self", dest="use_self", action=argparse.BooleanOptionalAction, default=True,
                    help="also each document's own title and text (its first 200 characters) -> itself")
    ap.add_argument("--save", help="keep the trained vectors in this .npz file (a development aid)")
    ap.add_argument("--load", help="measure the vectors of this .npz file instead of training")
    ap.add_argument("--write", nargs="?", const=str(MEANING_PATH), metavar="PATH",
                    help=f"write the model the search ships (default {MEANING_PATH.name} in judge/search/data) and stop")
    ap.add_argument("--sets", action=argparse.BooleanOptionalAction, default=True,
                    help="also train on the development question sets (never a frozen one); the development "
                         "figures then read high: measure held out with --folds")
    ap.add_argument("--unseen", default=",".join(UNSEEN_SETS),
                    help="with --sets: comma-separated development sets never trained on (their figures stay held out)")
    ap.add_argument("--set-split", action=argparse.BooleanOptionalAction, default=True,
                    help="with --sets: a question with n answers counts 1/n for each (together one question), not 1")
    ap.add_argument("--set-repeat", type=int, default=1, help="with --sets: each set question counts this many times")
    ap.add_argument("--folds", type=int, default=0, metavar="K",
                    help="measure held out: K models, each trained without a fold of the sets (and with the rest), "
                         "each measured on its fold alone and as the search's term, against the shipped model")
    ap.add_argument("--fold-dir", default="meaning-folds", help="with --folds: where the fold models are written "
                    "(a fold's file already there, of the same sets, held-out sets and settings, is read, not trained "
                    "again: remove the directory after changing the store)")
    ap.add_argument("--seeds", type=int_list, default=None,
                    help="with --folds: comma-separated seeds, each a training of every fold (in FOLD_DIR/seedS), "
                         "then each seed's figures and their mean and spread")
    ap.add_argument("--only", type=lambda v: set(int_list(v)), default=None,
                    help="with --folds: only these folds (comma-separated, from 1): to train folds side by side")
    ap.add_argument("--weights", type=float_list, default="0.2", help="with --folds: comma-separated weights of the term")
    ap.add_argument("--fused", type=float_list, default=None, help="comma-separated weights: measure the model as a re-ranker term")
    ap.add_argument("--list-weight", type=float, default=0.0, help="with --fused: also fuse the model's own list")
    ap.add_argument("--list-depth", type=int, default=10)
    args = ap.parse_args(argv)
    unseen = tuple(n.strip() for n in args.unseen.split(",") if n.strip())
    try:
        pending = unwritten(unseen)
    except ValueError as e:
        print(f"错误：{e}", file=sys.stderr)
        return 2
    for name in pending:
        print(f"提示：问题集 {name} 还没有文件（仍在编写），暂无问题可排除；文件落地后它不参与训练。", file=sys.stderr)
    if np is None:
        sys.exit("错误：训练与测量需要 numpy。提示：pip install numpy")
    conn = connect()
    docs = documents(conn)
    pairs = training_pairs(docs, args.use_self)
    if args.folds:
        weights = args.weights
        if not args.seeds:
            print_folds(measure_folds(args, docs, pairs, args.folds, weights, Path(args.fold_dir), unseen), args.folds)
            return 0
        by_seed, memo = {}, {}
        for seed in args.seeds:  # the same folds at each seed; the fold files of seed S in FOLD_DIR/seedS
            args.seed = seed
            result = measure_folds(args, docs, pairs, args.folds, weights, Path(args.fold_dir) / f"seed{seed}",
                                   unseen, memo)
            print(f"seed {seed}:")
            print_folds(result, args.folds)
            by_seed[seed] = result["rows"]
        print(f"{len(args.seeds)} seeds, {result['questions']} questions: recall@5 / recall@1 / MRR, mean (spread) "
              f"and each seed")
        print("\n".join(seed_summary(by_seed)))
        return 0
    info = {}
    if args.sets:
        cases = set_cases(unseen)
        pairs = pairs + [(t, i, s) for name, cs in cases.items() for t, i, s, _c in case_pairs(docs, name, cs)]
        info = {"sets": ",".join(cases), "sets_hash": sets_hash(cases), "unseen": ",".join(unseen)}
    print(f"{len(docs)} documents, {len(pairs)} training texts: "
          + ", ".join(f"{k} {v}" for k, v in Counter(s for _t, _i, s in pairs).items()), file=sys.stderr)
    t = time.perf_counter()
    if args.load:
        saved = np.load(args.load, allow_pickle=False)
        model = Model({g: k for k, g in enumerate(saved["grams"].tolist())}, saved["emb"], saved["docs"])
    else:
        model = fit(args, pairs, len(docs))
        print(f"trained in {time.perf_counter() - t:.1f} s; {len(model.vocab)} n-grams x {model.emb.shape[1]}",
              file=sys.stderr)
    if args.save:
        np.savez(args.save, grams=np.array(sorted(model.vocab, key=model.vocab.get)), emb=model.emb, docs=model.docs)
    if args.write:
        write_model(model, docs, pairs, settings_of(args), Path(args.write), info)
        print(f"wrote {args.write} ({Path(args.write).stat().st_size:,} bytes)", file=sys.stderr)
        return 0
    alone = measure_alone(model, docs)
    if args.fused:
        measure_fused(model, docs, args.fused, alone, args.list_weight, args.list_depth)
    return 0


if __name__ == "__main__":
    sys.exit(main())
