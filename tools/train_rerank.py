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

--holdout writes nothing: for each named set it fits on the others and prints the held-out set's recall@5
over its reranked questions, next to the fused order alone and the shipped weights. A fit that does not
beat the fused order on held-out sets only remembers the questions it was fitted on.
"""

from __future__ import annotations

import argparse
import json
import math
import operator
import os
import sys

from judge.search import engine, evaluation, rank, rerank
from judge.search.store import connect

START = {"fused": 4.0}  # the fused order, before any evidence


def collect(conn, names: list[str]) -> list[tuple[list[list[float]], list[bool]]]:
    captured: list = []
    original = rerank.rerank

    def capture(analysis, hits, ranks, pairs):
        top = hits[: rerank.DEPTH]
        captured.append((rerank.features(analysis, top, ranks, pairs), [h.doc["id"] for h in top]))
        return hits

    rerank.rerank = capture
    data = []
    try:
        for name in names:
            for case in evaluation.load(evaluation.SETS[name][0]):
                captured.clear()
                engine.search(conn, case.query, limit=10)
                if not captured:
                    continue  # not a question: not reranked
                rows, ids = captured[0]
                docs = rank.fetch_docs(conn, ids)
                labels = []
                for i in ids:
                    d = dict(docs[i])
                    d["examples"] = json.loads(d.get("examples") or "[]")
                    labels.append(any(evaluation.relevant(d, t) for t in case.targets))
                if any(labels):
                    data.append((rows, labels))
    finally:
        rerank.rerank = original
    return data


def fit(data, l2: float, steps: int, rate: float, start: dict[str, float] | None = None,
        only: set[str] | None = None) -> list[float]:
    """Weights from `start` (default START: the fused order alone), pulled back towards it by the L2 penalty;
    with `only`, the other weights stay as they start."""
    n = len(rerank.FEATURES)
    free = [not only or f in only for f in rerank.FEATURES]
    w = [(start or START).get(f, 0.0) for f in rerank.FEATURES]
    prior = list(w)
    for _ in range(steps):
        grad = [0.0] * n
        for rows, labels in data:
            scores = [sum(map(operator.mul, w, r)) for r in rows]
            top = max(scores)
            exp = [math.exp(s - top) for s in scores]
            z = sum(exp)
            zpos = sum(e for e, y in zip(exp, labels) if y)
            for r, e, y in zip(rows, exp, labels):
                # d(-log zpos/z)/ds = e/z - (y * e/zpos)
                g = e / z - (e / zpos if y else 0.0)
                for k in range(n):
                    grad[k] += g * r[k]
        for k in range(n):
            grad[k] = grad[k] / len(data) + l2 * (w[k] - prior[k])
            w[k] -= rate * grad[k] if free[k] else 0.0
    return w


def hits5(data, w: list[float]) -> int:
    """How many of the collected questions have an answer in the first 5 reordered places."""
    n = 0
    for rows, labels in data:
        scores = [sum(map(operator.mul, w, r)) for r in rows]
        order = sorted(range(len(rows)), key=lambda i: (scores[i], -i), reverse=True)
        n += any(labels[i] for i in order[:5])
    return n


def holdout(by_set: dict[str, list], args) -> None:
    """Leave one set out: fit on the others, count the held-out set's questions answered in the top 5."""
    fused = [1.0 if f == "fused" else 0.0 for f in rerank.FEATURES]
    shipped = [rerank.weights().get(f, 0.0) for f in rerank.FEATURES]
    for name, data in by_set.items():
        rest = [q for other, d in by_set.items() if other != name for q in d]
        w = fit(rest, args.l2, args.steps, args.rate, dict(rerank.weights()) if args.from_shipped else None,
                set(args.only.split(",")) if args.only else None)
        if args.ascent:
            w = ascent(rest, w, args.ascent)
        print(f"{name}: {len(data)} questions with an answer in the first places; in the top 5: fused order "
              f"{hits5(data, fused)}, shipped weights {hits5(data, shipped)}, fitted without {name} {hits5(data, w)}")


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="dev")
    ap.add_argument("--l2", type=float, default=0.01)
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--rate", type=float, default=0.5)
    ap.add_argument("--out", default=str(rerank.WEIGHTS_PATH))
    ap.add_argument("--cache", help="keep the collected features in this file (a development aid)")
    ap.add_argument("--ascent", type=int, default=0, help="rounds of coordinate ascent on recall@5 after the fit")
    ap.add_argument("--holdout", action="store_true", help="fit on all sets but one, for each; write nothing")
    ap.add_argument("--from-shipped", action="store_true",
                    help="start from the shipped weights and pull towards them (new features start at 0)")
    ap.add_argument("--only", help="fit only these features (comma-separated); the others keep their start")
    args = ap.parse_args(argv)
    names = [s for s in args.sets.split(",") if s]
    if any(n.startswith("frozen") or n not in evaluation.SETS for n in names):
        print("只能用开发集训练（不能用冻结集）。", file=sys.stderr)
        return 2
    if args.holdout:
        conn = connect()
        holdout({n: collect(conn, [n]) for n in names}, args)
        return 0
    if args.cache and os.path.isfile(args.cache):
        with open(args.cache, encoding="utf-8") as fh:
            data = json.load(fh)
    else:
        data = collect(connect(), names)
        if args.cache:
            with open(args.cache, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
    only = set(args.only.split(",")) if args.only else None
    w = fit(data, args.l2, args.steps, args.rate, dict(rerank.weights()) if args.from_shipped else None, only)
    if args.ascent:
        w = ascent(data, w, args.ascent)
    lines = ["# Weights of judge/search/rerank.py, fitted by tools/train_rerank.py "
             f"(sets {','.join(names)}: {len(data)} questions; l2 {args.l2}, {args.steps} steps"
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
