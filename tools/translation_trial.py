"""Trial of a learned word-translation feature for the second look (judge/search/rerank.py), measured held out.

The translation language model of question retrieval (Berger & Lafferty 1999; Xue, Jeon & Croft 2008): learn
p(question word | rule word) from question -> paragraph pairs by IBM Model 1 EM, then describe a candidate by how
well its words translate the question's words. Training pairs, all from the repository: the drafted questions
(data/asked/) -> their paragraph, FAQ questions -> the rules their answers cite, glossary aliases -> their term.
Never a question set under tests/.

    python tools/translation_trial.py collect --out F.json   # search every development question + drafted ones
    python tools/translation_trial.py measure --data F.json --lbfgs  # held-out recall@5, 21 features against 22

(pip install numpy scipy first: --lbfgs minimises train_rerank's loss by L-BFGS, which gives the gradient
descent's held-out figures set by set, in a fraction of the time.)

Units: the query path's own segmentation (analyze._segment) on both sides; on the question side also the character
pairs of the stretches it leaves in single characters, where the spoken words are (--unit pairs: every character
pair of the question instead). The feature variants, each added as a 22nd feature: `translated` (per question unit
the paragraph lacks, its best p(rule word | unit) among the rule words the paragraph has, averaged over the units),
`translated_any` (the share of units the paragraph lacks but has a translation of), `translated_unseen` (the same
for units no document of the store writes), `tlm` (a smoothed mean log of exact-or-translated presence).

`collect` records, per question, the second look's 21 features of its first places, their ids, which answer, and
the question's normalised text; drafted questions are searched leave-one-out as tools/train_rerank.py does.
`measure` estimates the tables (per paragraph fold: a question's feature is computed with a table that never saw
a drafted row of its answer's paragraph fold; the "full" variant uses one table of every row, as shipping would),
adds each variant of the feature to the 21 and fits with each development set held out in turn.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import zlib
from collections import defaultdict
from pathlib import Path

from judge.search import analyze, rerank
from judge.search.data_files import read_asked
from judge.search.store import connect
from judge.search.text import norm_text, runs

sys.path.insert(0, str(Path(__file__).resolve().parent))
import train_rerank  # noqa: E402

try:  # a trial aid, never on the query path: measure needs numpy (and scipy for --lbfgs)
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

SETS = ("dev", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "eval")
FOLDS = 10


def capture_normalized():
    """Patch analyze so the last analysed query's normalised text is kept (the engine analyses once per search)."""
    seen: list[str] = []
    original = analyze.analyze

    def wrapped(conn, raw):
        a = original(conn, raw)
        seen.append(a.normalized)
        return a

    import judge.search.engine as engine
    engine.analyze = wrapped
    return seen


def collect(args) -> None:
    conn = connect()
    seen = capture_normalized()
    out = []
    for name in SETS:
        for _name, case, rows, ids, labels in train_rerank.labelled(conn, [name]):
            out.append({"set": name, "query": case.query, "norm": seen[-1], "rows": rows, "ids": ids,
                        "labels": labels})
        print(f"{name}: {sum(q['set'] == name for q in out)}", file=sys.stderr)
    out += collect_drafted(conn, seen, args.drafted)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(out, fh, ensure_ascii=False)
    print(f"{len(out)} questions written", file=sys.stderr)


def collect_drafted(conn, seen: list[str], n: int, folds: int = 20, seed: int = 17) -> list[dict]:
    """train_rerank.collect_drafted's questions (the same sample, folds and leave-one-out copies), each kept with
    its query and its paragraph's number."""
    out: list[dict] = []

    def done(fold: int, folds: int) -> None:
        print(f"drafted fold {fold}/{folds}: {len(out)}", file=sys.stderr)

    for r, feats, ids, labels in train_rerank.drafted(conn, n, folds, seed, done):
        out.append({"set": "drafted", "query": r.question, "norm": seen[-1], "rows": feats, "ids": ids,
                    "labels": labels, "number": r.number})
    return out


class Units:
    """Question and paragraph units: the query path's own segmentation (analyze._segment, by dynamic programming
    over the index vocabulary). Paragraph side: its words of 2+ characters and Latin words. Question side: the
    same, and the character pairs of each stretch the segmentation leaves in single characters (打掉 is cut
    打 / 掉: the spoken words the rules lack are exactly the ones it cannot cut whole)."""

    def __init__(self, conn, pairs: bool = False) -> None:
        self.pairs = pairs
        self.vocab = analyze._Vocab(conn)
        self.memo: dict[str, list[str]] = {}

    def words(self, run: str) -> list[str]:
        if run not in self.memo:
            self.memo[run] = analyze._segment(self.vocab, run)
        return self.memo[run]

    def paragraph(self, text: str) -> set[str]:
        out = set()
        for kind, run in runs(text):
            if kind == "latin":
                out.update(w for w in run.split() if len(w) > 2)
                continue
            out.update(w for w in self.words(run) if len(w) >= 2 and w not in analyze.STOPWORDS)
        return out

    def question(self, text: str) -> list[str]:
        if self.pairs:  # every character pair of the Chinese runs, as the pair ranking reads a question
            return list(dict.fromkeys(
                run[i:i + 2] for kind, run in runs(text) if kind == "cjk" for i in range(len(run) - 1)
                if run[i] not in analyze.FUNCTION_CHARS and run[i + 1] not in analyze.FUNCTION_CHARS))
        out: list[str] = []
        for kind, run in runs(text):
            if kind == "latin":
                out.extend(w for w in run.split() if len(w) > 2)
                continue
            single: list[str] = []
            for w in self.words(run) + [""]:
                if len(w) == 1:
                    single.append(w)
                    continue
                out.extend(a + b for a, b in zip(single, single[1:])
                           if a not in analyze.FUNCTION_CHARS and b not in analyze.FUNCTION_CHARS)
                single = []
                if len(w) >= 2 and w not in analyze.STOPWORDS:
                    out.append(w)
        return list(dict.fromkeys(out))


def fold_of(number: str | None) -> int:
    return zlib.crc32((number or "").encode()) % FOLDS


def training_pairs(conn, units: Units, with_faq_answer: bool = False) -> list[tuple[int, list[str], set[str]]]:
    """(fold of the paragraph or -1, question units, paragraph units): drafted rows, FAQ questions -> the rules
    their answers cite, glossary aliases -> their term and its rule."""
    by_number = {n: t for n, t in conn.execute("SELECT number, norm FROM search_docs WHERE kind = 'rule'")}
    by_ref = {r: t for r, t in conn.execute("SELECT ref, norm FROM search_docs WHERE kind = 'rule'")}
    para: dict[str, set[str]] = {}

    def words_of(number: str) -> set[str]:
        if number not in para:
            para[number] = units.paragraph(by_number.get(number, ""))
        return para[number]

    out = []
    for r in read_asked():
        if r.question and r.number in by_number:
            out.append((fold_of(r.number), units.question(norm_text(r.question)), words_of(r.number)))
    cited = defaultdict(list)
    for faq_id, rule_id in conn.execute("SELECT faq_id, rule_id FROM faq_refs WHERE rule_id IS NOT NULL"):
        if rule_id in by_ref:
            cited[faq_id].append(rule_id)
    for faq_id, question, answer in conn.execute("SELECT id, question, answer FROM faq"):
        q = units.question(norm_text(question or ""))
        for rule_id in cited.get(faq_id, []):
            out.append((-1, q, units.paragraph(by_ref[rule_id])))
        if with_faq_answer and answer:
            out.append((-1, q, units.paragraph(norm_text(answer))))
    for alias, term, rule_id in conn.execute(
            "SELECT a.alias, a.term, t.rule_id FROM term_aliases a JOIN terms t ON t.term = a.term"):
        words = {norm_text(term)} | (units.paragraph(by_ref[rule_id]) if rule_id in by_ref else set())
        out.append((-1, units.question(norm_text(alias)), words))
    return [(f, q, d) for f, q, d in out if q and d]


NULL = "\0"


def model1(pairs, iterations: int = 5) -> dict[str, dict[str, float]]:
    """IBM Model 1, t(q|d), question units generated by paragraph units (and a NULL word); returns p(d|q) from the
    last E-step's expected alignment counts (a rare paragraph word seen once with q does not dominate)."""
    t: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(lambda: 1.0))
    counts: dict[str, dict[str, float]] = {}
    for it in range(iterations):
        counts = defaultdict(lambda: defaultdict(float))
        total: dict[str, float] = defaultdict(float)
        for q_units, d_units in pairs:
            src = list(d_units) + [NULL]
            for q in q_units:
                row = [t[d][q] for d in src]
                z = sum(row)
                for d, v in zip(src, row):
                    c = v / z
                    counts[d][q] += c
                    total[d] += c
        t = defaultdict(lambda: defaultdict(lambda: 1e-9))
        for d, row in counts.items():
            for q, c in row.items():
                t[d][q] = c / total[d]
    by_q: dict[str, dict[str, float]] = defaultdict(dict)
    for d, row in counts.items():
        if d == NULL:
            continue
        for q, c in row.items():
            by_q[q][d] = c
    return by_q


def table(by_q, k: int, threshold: float, min_count: float) -> dict[str, list[tuple[str, float]]]:
    """q -> its top-k paragraph words by p(d|q) (with at least `min_count` expected alignments)."""
    out = {}
    for q, row in by_q.items():
        z = sum(row.values())
        best = sorted(((d, c / z) for d, c in row.items() if c >= min_count), key=lambda x: -x[1])[:k]
        best = [(d, p) for d, p in best if p >= threshold]
        if best:
            out[q] = best
    return out


def translated(q_units: list[str], norm: str, tab) -> float:
    """The share of the question's units the paragraph lacks but has a translation of (weighted by p(d|q))."""
    if not q_units:
        return 0.0
    got = 0.0
    for q in q_units:
        if q in norm:
            continue
        got += max((p for d, p in tab.get(q, ()) if d != q and d in norm), default=0.0)
    return got / len(q_units)


def translated_any(q_units: list[str], norm: str, tab) -> float:
    """The same as a count: a unit the paragraph lacks but has one of its translations of."""
    if not q_units:
        return 0.0
    return sum(1 for q in q_units if q not in norm and any(d != q and d in norm for d, _p in tab.get(q, ()))) / len(q_units)


def translated_unseen(q_units: list[str], norm: str, tab) -> float:
    """translated_any over the question's units no document of the store writes (the spoken words)."""
    unseen = [q for q in q_units if q not in CORPUS[0]]
    if not unseen:
        return 0.0
    return sum(1 for q in unseen if any(d in norm for d, _p in tab.get(q, ()))) / len(q_units)


CORPUS = [""]


def tlm(q_units: list[str], norm: str, tab, lam: float = 0.2) -> float:
    """Xue et al.'s mixture, per question unit: (1-lam) * (exact or translated presence) + lam * smoothing, as a
    mean log; the presence is 1 for the unit itself, p(d|q) for a translation."""
    if not q_units:
        return 0.0
    s = 0.0
    for q in q_units:
        hit = 1.0 if q in norm else max((p for d, p in tab.get(q, ()) if d in norm), default=0.0)
        s += math.log((1 - lam) * hit + lam * 0.05)
    return s / len(q_units) - math.log(lam * 0.05)


# The feature forms measure can add to the second look's features.
FEATURES = {"translated_unseen": translated_unseen, "translated": translated, "translated_any": translated_any, "tlm": tlm}


def _read_data(path: str) -> list[dict]:
    """The questions `collect` wrote, or a Chinese error naming the file (and line:column for bad JSON)."""
    hint = "提示：先用 collect --out 文件 生成它。"
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as e:
        sys.exit(f"错误：读不到 {path}（{e.strerror}）。{hint}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        where = f"{path}:{e.lineno}:{e.colno}" if isinstance(e, json.JSONDecodeError) else path
        sys.exit(f"{where}: 错误：不是 collect 写出的 JSON（{e}）。{hint}")
    if not isinstance(data, list) or not all(isinstance(q, dict) and {"set", "norm", "rows", "ids", "labels"} <= q.keys()
                                             for q in data):
        sys.exit(f"{path}: 错误：不是 collect 写出的问题列表（每项需有 set、norm、rows、ids、labels）。{hint}")
    return data


def measure(args) -> None:
    data = _read_data(args.data)
    conn = connect()
    units = Units(conn, args.unit == "pairs")
    norms = dict(conn.execute("SELECT id, norm FROM search_docs"))
    numbers = dict(conn.execute("SELECT id, number FROM search_docs"))
    pairs = training_pairs(conn, units, args.faq_answer)
    print(f"{len(pairs)} training pairs", file=sys.stderr)
    folds = {}
    for f in list(range(FOLDS)) + [None]:
        by_q = model1([(q, d) for g, q, d in pairs if f is None or g != f], args.iterations)
        folds[f] = table(by_q, args.k, args.threshold, args.min_count)
        print(f"table {'full' if f is None else f}: {len(folds[f])} question units", file=sys.stderr)
    if args.show:
        for w in args.show.split(","):
            print(w, folds[None].get(w))
    for q in data:
        q["units"] = units.question(q["norm"])
        if q["set"] == "drafted":
            q["fold"] = fold_of(q["number"])
        else:
            first = next(i for i, y in zip(q["ids"], q["labels"]) if y)
            q["fold"] = fold_of(numbers.get(first)) if numbers.get(first) else None
    CORPUS[0] = "\n".join(t or "" for t in norms.values())
    unseen = [q for q in data if q["set"] in COUNTED and any(u not in CORPUS[0] for u in q["units"])]
    print(f"development questions with a unit no document writes: {len(unseen)}; with one the full table "
          f"translates: {sum(any(u not in CORPUS[0] and u in folds[None] for u in q['units']) for q in unseen)}",
          file=sys.stderr)
    feats = FEATURES
    base = rerank.FEATURES
    sets = [s for s in args.sets.split(",") if s]
    for name, fn in [(None, None)] + [(n, feats[n]) for n in args.features.split(",")]:
        for variant in ("fold", "full") if name else ("",):
            rows_of = []
            for q in data:
                tab = folds[q["fold"] if variant == "fold" or q["set"] == "drafted" else None]
                rows = q["rows"]
                if name:
                    rows = [r + [fn(q["units"], norms[i] or "", tab)] for r, i in zip(rows, q["ids"])]
                rows_of.append((rows, q["labels"]))
            if name:
                pos = [r[-1] for rows, labels in rows_of for r, y in zip(rows, labels) if y]
                neg = [r[-1] for rows, labels in rows_of for r, y in zip(rows, labels) if not y]
                print(f"{name} {variant}: answers {np.mean(pos):.4f} (nonzero {np.mean(np.array(pos) != 0):.3f}), "
                      f"other places {np.mean(neg):.4f} (nonzero {np.mean(np.array(neg) != 0):.3f})", flush=True)
            rerank.FEATURES = base + ((name,) if name else ())
            by_set = {s: [x for x, q in zip(rows_of, data) if q["set"] == s] for s in sets}
            drafted = [x for x, q in zip(rows_of, data) if q["set"] == "drafted"]
            line = []
            total = 0
            for s in sets:
                rest = [x for o, d in by_set.items() if o != s for x in d]
                share = [1.0] * len(rest) + [0.5 * len(rest) / len(drafted)] * len(drafted)
                w = (fit_lbfgs(rest + drafted, share) if args.lbfgs
                     else train_rerank.fit(rest + drafted, 0.01, 3000, 0.5, None, None, share))
                got = train_rerank.hits5(by_set[s], w)
                line.append(f"{s} {got}")
                total += got if s in COUNTED else 0
            rerank.FEATURES = base
            print(f"{name or 'none'} {variant}: total {total} | " + ", ".join(line), flush=True)


def fit_lbfgs(data, share, l2: float = 0.01) -> list[float]:
    """train_rerank.fit's objective (listwise softmax, L2 towards the fused order, shares), minimised by L-BFGS."""
    from scipy.optimize import minimize
    x, y, mask = train_rerank.padded(data, len(data[0][0][0]))
    q = np.array(share) / sum(share)
    prior = np.array([train_rerank.START.get(f, 0.0) for f in rerank.FEATURES])

    def loss(w):
        s = x @ w + mask
        top = s.max(axis=1, keepdims=True)
        e = np.exp(s - top)
        z, zpos = e.sum(axis=1), (e * y).sum(axis=1)
        value = float((q * (np.log(z) - np.log(zpos))).sum() + 0.5 * l2 * ((w - prior) ** 2).sum())
        g = e / z[:, None] - e * y / zpos[:, None]
        return value, np.einsum("qd,qdf->f", g * q[:, None], x) + l2 * (w - prior)

    return [float(v) for v in minimize(loss, prior.copy(), jac=True, method="L-BFGS-B").x]


COUNTED = ("dev", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--out", required=True)
    c.add_argument("--drafted", type=int, default=5000)
    m = sub.add_parser("measure")
    m.add_argument("--data", required=True)
    m.add_argument("--sets", default="dev,fresh,fresh2,fresh3,fresh4,fresh5,fresh6,eval")
    m.add_argument("--features", default="translated,translated_any,tlm")
    m.add_argument("--k", type=int, default=8)
    m.add_argument("--threshold", type=float, default=0.05)
    m.add_argument("--min-count", type=float, default=1.0)
    m.add_argument("--iterations", type=int, default=5)
    m.add_argument("--faq-answer", action="store_true", help="also FAQ questions -> their own answers")
    m.add_argument("--lbfgs", action="store_true", help="minimise the same loss by L-BFGS (faster, same figures)")
    m.add_argument("--unit", choices=("words", "pairs"), default="words")
    m.add_argument("--show", help="print the full table's translations of these units")
    args = ap.parse_args(argv)
    if args.cmd == "measure":
        unknown = [f for f in args.features.split(",") if f not in FEATURES]
        if unknown:
            ap.error(f"未知的特征：{'、'.join(unknown)}；可选：{'、'.join(FEATURES)}")
        if np is None:
            sys.exit("错误：measure 需要 numpy（--lbfgs 还需要 scipy）。提示：pip install numpy scipy")
        if args.lbfgs and importlib.util.find_spec("scipy") is None:
            sys.exit("错误：--lbfgs 需要 scipy。提示：pip install scipy，或不加 --lbfgs")
    elif not Path(args.out).resolve().parent.is_dir():
        sys.exit(f"错误：{args.out} 所在的目录不存在。提示：先建好目录，或换一个 --out 路径")
    if args.cmd == "collect":
        collect(args)
    else:
        measure(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
