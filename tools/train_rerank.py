"""Fit the weights of judge/search/rerank.py on the development questions and write
judge/search/data/rerank_weights.tsv.

Only the development sets are read (tests/search_questions_dev.tsv by default; --sets names others of
judge.search.evaluation.SETS except the frozen ones, which are refused). For each question the search
runs as usual up to the fused list; the features of its first rerank.DEPTH places are recorded with
whether each answers the question (its targets). A linear score is fitted by gradient descent on the
listwise softmax loss (the answering places against all of them), with an L2 penalty that pulls every
weight but the fused place's towards zero: with no evidence the fused order stands.

    python tools/train_rerank.py [--sets dev] [--l2 0.01] [--steps 3000] [--out PATH]
    python tools/train_rerank.py --sets dev,fresh,fresh2,fresh3 --holdout   # does a fit generalise?
    python tools/train_rerank.py --sets dev,fresh3 --drafted 3000 --holdout  # + drafted questions as training

--drafted N adds N of the questions drafted for the rule paragraphs (data/asked/) as training questions, each
answered by its own paragraph. They are searched leave-one-out: the rows are split in folds by (file,
paragraph), and a fold's questions are searched in a copy of the store whose drafted-question index
(search_asked, search_docs.norm_questions) lacks every row of that fold, so a question never finds itself or
the rows its writer drafted with it for the same paragraph. With --holdout they only ever train: each named
set is measured by a fit on the drafted questions alone and by one on them plus the other named sets.

--holdout writes nothing: for each named set it fits on the others and prints the held-out set's recall@5
over its reranked questions, next to the fused order alone and the shipped weights, then the totals (and the
reworded sets' part). A fit that does not beat the fused order on held-out sets only remembers the questions
it was fitted on. --measure SETS writes nothing either: it fits once on the named sets and measures on these,
which it never fits on (a split that imitates new questions).

    python tools/train_rerank.py --sets dev,fresh,reword --measure fresh9,reword5 --cache F.json
    python tools/train_rerank.py --sets dev,fresh,reword,eval --holdout --set-weight 'reword*=2'

--set-weight gives the questions of the sets a pattern matches that weight in the fit (default 1; patterns as
fnmatch's, comma-separated). --cache keeps each set's collected features in a JSON file, by set name; a set it
lacks is collected and added (a development aid: delete it when the search changes).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import math
import operator
import os
import random
import sqlite3
import sys
import zlib

from judge.search import engine, evaluation, rank, rerank
from judge.search.data_files import read_asked
from judge.search.store import connect
from judge.search.text import char_tokens, norm_text

try:  # the fit is ~100x faster with numpy (a training aid, never on the query path)
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

START = {"fused": 4.0}  # the fused order, before any evidence


def reranked(conn, query: str) -> tuple[list[list[float]], list[int]] | None:
    """The features and ids of the places the re-ranker sees for `query` (None: not a question)."""
    captured: list = []
    original = rerank.rerank

    def capture(analysis, hits, ranks, pairs, plain=None):
        top = hits[: rerank.DEPTH]
        captured.append((rerank.features(analysis, top, ranks, pairs), [h.doc["id"] for h in top]))
        if plain is not None:  # the places in the linear score's order, as rerank.rerank fills them
            plain[:] = hits
        return hits

    rerank.rerank = capture
    try:
        engine.search(conn, query, limit=10)
    finally:
        rerank.rerank = original
    return captured[0] if captured else None


def labelled(conn, names: list[str]):
    """For each question of the named sets whose answer is among the first places: (set name, case, feature
    rows, paragraph ids, which of them answer)."""
    for name in names:
        for case in evaluation.load(evaluation.SETS[name][0]):
            got = reranked(conn, case.query)
            if got:
                rows, ids = got
                docs = rank.fetch_docs(conn, ids)
                labels = []
                for i in ids:
                    d = dict(docs[i])
                    d["examples"] = json.loads(d.get("examples") or "[]")
                    labels.append(any(evaluation.relevant(d, t) for t in case.targets))
                if any(labels):
                    yield name, case, rows, ids, labels


def collect(conn, names: list[str]) -> list[tuple[list[list[float]], list[bool]]]:
    return [(rows, labels) for _name, _case, rows, _ids, labels in labelled(conn, names)]


def _without(conn, questions: dict[int, list[str]], drop: set[str]) -> sqlite3.Connection:
    """An in-memory copy of the store whose drafted-question index lacks the questions in `drop`
    (normalised, as index.build writes them)."""
    copy = sqlite3.connect(":memory:")
    conn.backup(copy)
    copy.execute("INSERT INTO search_asked (search_asked) VALUES ('delete-all')")
    rows = []
    for i, lines in questions.items():
        kept = "\n".join(x for x in lines if x not in drop)
        copy.execute("UPDATE search_docs SET norm_questions = ? WHERE id = ?", (kept, i))
        if kept:
            rows.append((i, char_tokens(kept)))
    copy.executemany("INSERT INTO search_asked (rowid, chars) VALUES (?,?)", rows)
    copy.execute("DROP TABLE IF EXISTS search_pairs")  # its postings are the full index's: FTS5 answers
    copy.commit()
    return copy


def drafted(conn, n: int, folds: int = 20, seed: int = 17, done=lambda fold, folds: None):
    """`n` drafted questions as training questions, searched leave-one-out (module docstring): for each whose
    answer is among the first places, (its drafted row, feature rows, paragraph ids, which of them answer).
    `done(fold, folds)` is called after each fold."""
    questions = {i: q.split("\n") for i, q in conn.execute(
        "SELECT id, norm_questions FROM search_docs WHERE norm_questions IS NOT NULL AND norm_questions != ''")}
    answers: dict[str, set[int]] = {}
    for i, lines in questions.items():
        for x in lines:
            answers.setdefault(x, set()).add(i)
    rows = [(r, norm_text(r.question)) for r in read_asked() if r.question]
    rows = [(r, q) for r, q in rows if q in answers]  # indexed (a paragraph keeps its first MAX_QUESTIONS)

    def fold(r) -> int:
        return zlib.crc32(f"{r.file}\t{r.number}".encode()) % folds

    picked = random.Random(seed).sample(rows, min(n, len(rows)))
    for f in range(folds):
        asked = [(r, q) for r, q in picked if fold(r) == f]
        if not asked:
            continue
        copy = _without(conn, questions, {q for r, q in rows if fold(r) == f})
        try:
            for r, q in asked:
                got = reranked(copy, r.question)
                if got:
                    feats, ids = got
                    labels = [i in answers[q] for i in ids]
                    if any(labels):
                        yield r, feats, ids, labels
        finally:
            copy.close()
        done(f + 1, folds)


def collect_drafted(conn, n: int, folds: int = 20, seed: int = 17) -> list[tuple[list[list[float]], list[bool]]]:
    """`n` drafted questions as training questions, searched leave-one-out (module docstring)."""
    data: list[tuple[list[list[float]], list[bool]]] = []

    def done(fold: int, folds: int) -> None:
        print(f"drafted fold {fold}/{folds}: {len(data)} questions with an answer in the first places", file=sys.stderr)

    data += ((feats, labels) for _r, feats, _ids, labels in drafted(conn, n, folds, seed, done))
    return data


def fit(data, l2: float, steps: int, rate: float, start: dict[str, float] | None = None,
        only: set[str] | None = None, share: list[float] | None = None) -> list[float]:
    """Weights from `start` (default START: the fused order alone), pulled back towards it by the L2 penalty;
    with `only`, the other weights stay as they start. `share`: each question's weight in the loss (default 1)."""
    n = len(rerank.FEATURES)
    free = [not only or f in only for f in rerank.FEATURES]
    w = [(start or START).get(f, 0.0) for f in rerank.FEATURES]
    prior = list(w)
    if np is not None:
        return _fit_np(data, l2, steps, rate, w, free, share)
    share = share or [1.0] * len(data)
    for _ in range(steps):
        grad = [0.0] * n
        for (rows, labels), weight in zip(data, share):
            scores = [sum(map(operator.mul, w, r)) for r in rows]
            top = max(scores)
            exp = [math.exp(s - top) for s in scores]
            z = sum(exp)
            zpos = sum(e for e, y in zip(exp, labels) if y)
            for r, e, y in zip(rows, exp, labels):
                # d(-log zpos/z)/ds = e/z - (y * e/zpos)
                g = weight * (e / z - (e / zpos if y else 0.0))
                for k in range(n):
                    grad[k] += g * r[k]
        for k in range(n):
            grad[k] = grad[k] / sum(share) + l2 * (w[k] - prior[k])
            w[k] -= rate * grad[k] if free[k] else 0.0
    return w


def padded(data, features: int):
    """The questions as arrays padded to the longest list: features (question, place, feature), labels (question,
    place) and a mask adding -inf to the softmax of the padded places."""
    depth = max(len(rows) for rows, _l in data)
    x = np.zeros((len(data), depth, features))
    y = np.zeros((len(data), depth))
    mask = np.full((len(data), depth), -np.inf)
    for q, (rows, labels) in enumerate(data):
        x[q, : len(rows)] = rows
        y[q, : len(rows)] = labels
        mask[q, : len(rows)] = 0.0
    return x, y, mask


def _fit_np(data, l2: float, steps: int, rate: float, w: list[float], free: list[bool],
            share: list[float] | None) -> list[float]:
    """fit()'s gradient descent, on arrays: questions padded to rerank.DEPTH places."""
    x, y, mask = padded(data, len(w))
    wv, prior, move = np.array(w), np.array(w), np.array(free, dtype=float)
    q = np.array(share or [1.0] * len(data))[:, None] / sum(share or [1.0] * len(data))
    for _ in range(steps):
        s = x @ wv + mask
        e = np.exp(s - s.max(axis=1, keepdims=True))
        g = e / e.sum(axis=1, keepdims=True) - e * y / (e * y).sum(axis=1, keepdims=True)
        grad = np.einsum("qd,qdf->f", g * q, x) + l2 * (wv - prior)
        wv -= rate * grad * move
    return [float(v) for v in wv]


def hits5(data, w: list[float]) -> int:
    """How many of the collected questions have an answer in the first 5 reordered places."""
    n = 0
    for rows, labels in data:
        scores = [sum(map(operator.mul, w, r)) for r in rows]
        order = sorted(range(len(rows)), key=lambda i: (scores[i], -i), reverse=True)
        n += any(labels[i] for i in order[:5])
    return n


def set_weights(spec: str):
    """The weight of a set's questions in the fit, from --set-weight ('reword*=2,dev=0.5'; default 1)."""
    rules = []
    for part in filter(None, spec.split(",")):
        pattern, _, value = part.partition("=")
        rules.append((pattern.strip(), float(value)))
    return lambda name: next((x for p, x in rules if fnmatch.fnmatch(name, p)), 1.0)


def training(by_set: dict[str, list], weight, drafted: list, drafted_weight: float):
    """The questions of the sets and the drafted ones with each one's weight in the loss: the drafted questions
    weigh `drafted_weight` times the sets' questions together."""
    data, share = [], []
    for name, d in by_set.items():
        data += d
        share += [weight(name)] * len(d)
    if drafted:
        share += [drafted_weight * sum(share) / len(drafted)] * len(drafted)
        data += drafted
    return data, share


def reworded(name: str) -> bool:
    return name.startswith("reword")


def compare(train: dict[str, list], test: dict[str, list], args, drafted: list) -> list[tuple[str, int, int, int]]:
    """Fit on the `train` sets (+ the drafted questions) and count each `test` set's questions answered in the top
    5 by the fused order, the shipped weights and the fit: (set, fused, shipped, fitted) per test set."""
    fused = [1.0 if f == "fused" else 0.0 for f in rerank.FEATURES]
    shipped = [rerank.weights().get(f, 0.0) for f in rerank.FEATURES]
    start = dict(rerank.weights()) if args.from_shipped else None
    only = set(args.only.split(",")) if args.only else None
    data, share = training(train, set_weights(args.set_weight), drafted, args.drafted_weight)
    w = fit(data, args.l2, args.steps, args.rate, start, only, share)
    if args.ascent:
        w = ascent(data, w, args.ascent)
    counts = []
    for name, d in test.items():
        counts.append((name, hits5(d, fused), hits5(d, shipped), hits5(d, w)))
        print(f"{name}: {len(d)} questions with an answer in the first places; in the top 5: fused order "
              f"{counts[-1][1]}, shipped weights {counts[-1][2]}, fitted without {name} {counts[-1][3]}", flush=True)
    return counts


def totals(counts: list[tuple[str, int, int, int]]) -> None:
    for label, part in (("all", counts), ("reworded", [c for c in counts if reworded(c[0])])):
        if part:
            fused, shipped, fitted = (sum(c[k] for c in part) for k in (1, 2, 3))
            print(f"held out, {label} ({len(part)} sets): fused order {fused}, shipped weights {shipped}, "
                  f"fitted {fitted} ({fitted - shipped:+d}; lowest set {min(c[3] - c[2] for c in part):+d})")


def holdout(by_set: dict[str, list], args, drafted: list | None = None) -> None:
    """Leave one set out: fit on the others, count the held-out set's questions answered in the top 5.
    With `drafted` (training only): also a fit on the drafted questions alone, and the others are fitted with them."""
    if drafted:
        fused = [1.0 if f == "fused" else 0.0 for f in rerank.FEATURES]
        shipped = [rerank.weights().get(f, 0.0) for f in rerank.FEATURES]
        only = set(args.only.split(",")) if args.only else None
        alone = fit(drafted, args.l2, args.steps, args.rate, dict(rerank.weights()) if args.from_shipped else None,
                    only)
        print(f"drafted ({len(drafted)} questions): in the top 5: fused order {hits5(drafted, fused)}, shipped weights "
              f"{hits5(drafted, shipped)}, fitted on them {hits5(drafted, alone)}")
        print("fitted on the drafted questions alone:",
              " ".join(f"{f} {x:.2f}" for f, x in zip(rerank.FEATURES, alone)))
    counts = []
    for name in by_set:
        rest = {other: d for other, d in by_set.items() if other != name}
        counts += compare(rest, {name: by_set[name]}, args, drafted or [])
    totals(counts)


def recall5(data, w: list[float]) -> tuple[float, float]:
    """recall@5 and MRR of the reordered places over the collected questions."""
    hit, mrr = 0, 0.0
    for rows, labels in data:
        scores = [sum(a * b for a, b in zip(w, r)) for r in rows]
        order = sorted(range(len(rows)), key=lambda i: (scores[i], -i), reverse=True)
        first = next(p for p, i in enumerate(order, start=1) if labels[i])
        hit += first <= 5
        mrr += 1.0 / first
    return hit / len(data), mrr / len(data)


def ascent(data, w: list[float], rounds: int) -> list[float]:
    """Coordinate ascent on recall@5 (MRR breaks ties): each weight tried at a few multiples."""
    best = recall5(data, w)
    for _ in range(rounds):
        for k in range(len(w)):
            for step in (-1.0, -0.5, -0.25, 0.25, 0.5, 1.0):
                trial = list(w)
                trial[k] += step
                got = recall5(data, trial)
                if got > best:
                    best, w = got, trial
    print(f"recall@5 {best[0]:.3f}, MRR {best[1]:.3f} on the questions with an answer in the first places",
          file=sys.stderr)
    return w


def cached(path: str | None, make):
    """make(), kept in the JSON file `path` when given (read back if it exists)."""
    if path and os.path.isfile(path):
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    data = make()
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
    return data


def collect_sets(names: list[str], path: str | None) -> dict[str, list]:
    """Each named set's collected questions, kept by set name in the JSON file `path` when given (the sets it
    lacks are collected and added)."""
    kept: dict[str, list] = {}
    if path and os.path.isfile(path):
        with open(path, encoding="utf-8") as fh:
            kept = json.load(fh)
    missing = [n for n in names if n not in kept]
    if missing:
        conn = connect()
        for n in missing:
            kept[n] = collect(conn, [n])
        if path:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(kept, fh)
    return {n: kept[n] for n in names}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="dev")
    ap.add_argument("--l2", type=float, default=0.01)
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--rate", type=float, default=0.5)
    ap.add_argument("--out", default=str(rerank.WEIGHTS_PATH))
    ap.add_argument("--cache", help="keep each set's collected features in this file (a development aid)")
    ap.add_argument("--ascent", type=int, default=0, help="rounds of coordinate ascent on recall@5 after the fit")
    ap.add_argument("--holdout", action="store_true", help="fit on all sets but one, for each; write nothing")
    ap.add_argument("--measure", help="fit on --sets, measure on these sets (comma-separated); write nothing")
    ap.add_argument("--set-weight", default="",
                    help="the weight of these sets' questions in the fit, e.g. 'reword*=2' (comma-separated; default 1)")
    ap.add_argument("--from-shipped", action="store_true",
                    help="start from the shipped weights and pull towards them (new features start at 0)")
    ap.add_argument("--only", help="fit only these features (comma-separated); the others keep their start")
    ap.add_argument("--drafted", type=int, default=0, help="add this many drafted questions (leave-one-out) to training")
    ap.add_argument("--drafted-weight", type=float, default=0.5,
                    help="the drafted questions' weight in the fit, as a multiple of all the named sets' questions")
    ap.add_argument("--drafted-cache", help="keep the drafted questions' features in this file (a development aid)")
    args = ap.parse_args(argv)
    names = [s for s in args.sets.split(",") if s]
    measured = [s for s in (args.measure or "").split(",") if s]
    if any(n in evaluation.FROZEN_SETS or n not in evaluation.SETS for n in names + measured):
        print("只能用开发集训练和衡量（不能用冻结集）。", file=sys.stderr)
        return 2
    if set(names) & set(measured):
        print("衡量的问题集不能同时用来训练：" + "、".join(sorted(set(names) & set(measured))), file=sys.stderr)
        return 2
    drafted = cached(args.drafted_cache, lambda: collect_drafted(connect(), args.drafted)) if args.drafted else []
    by_set = collect_sets(names + measured, args.cache)
    if args.holdout:
        holdout({n: by_set[n] for n in names}, args, drafted)
        return 0
    if measured:
        totals(compare({n: by_set[n] for n in names}, {n: by_set[n] for n in measured}, args, drafted))
        return 0
    data, share = training(by_set, set_weights(args.set_weight), drafted, args.drafted_weight)
    only = set(args.only.split(",")) if args.only else None
    w = fit(data, args.l2, args.steps, args.rate, dict(rerank.weights()) if args.from_shipped else None, only, share)
    if args.ascent:
        w = ascent(data, w, args.ascent)
    lines = ["# Weights of judge/search/rerank.py, fitted by tools/train_rerank.py "
             f"(sets {','.join(names)}" + (f" + {len(drafted)} drafted questions, leave-one-out, weight {args.drafted_weight}" if drafted else "")
             + f": {len(data)} questions; l2 {args.l2}, {args.steps} steps"
             + (f", set weights {args.set_weight}" if args.set_weight else "")
             + (", from the weights shipped before" if args.from_shipped else "")
             + (f", only {args.only}" if args.only else "") + ").",
             "feature\tweight"]
    lines += [f"{f}\t{x:.4f}" for f, x in zip(rerank.FEATURES, w)]
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
