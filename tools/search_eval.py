"""Recall of the question sets, by set and kind, for work on the search ranking.

    python tools/search_eval.py                      # every development set: recall@5 (and @1, MRR) overall, recall@5 by kind
    python tools/search_eval.py --sets fresh3,fresh4 --misses   # and each miss with its top three
    python tools/search_eval.py --frozen             # the frozen sets too, figures only
    python tools/search_eval.py --fingerprint        # a hash of the top ten of every query of every set
    python tools/search_eval.py --perturb traditional,typo,noise,spacing   # questions as typed, one fault at a time
    python tools/search_eval.py --perturb typo --sets dev --misses         # and each question the fault lost

--perturb FAULT,... (or "all") rewrites every question of the question sets (the term set eval only when
named) with one fault at a time, deterministically (--seed, default 21), and scores it against the same
targets: per set, recall@5 under the fault beside the set's own figure, the difference, how many questions the
fault changed, and recall@5 by kind under the fault; then the pooled figures. Faults (judge/search/perturb.py):
traditional (OpenCC s2t), taiwan (s2tw), hongkong (s2hk), typo (one or two characters replaced by a
same-pinyin character the corpus uses, never in a card's name or a Latin word), noise (spoken prefixes and
endings: 请问裁判, 裁判裁判, 想问一下, 就是说, 啊, 呢, 哈, 吧, ？？, ……, 对吧), spacing (spaces between words,
half-width punctuation, no punctuation or full-width Latin letters and digits; each also a fault of its own:
spaces, halfwidth, nopunct, fullwidth) and case (the english kind only: lower case, upper case, a plural or
-ing form). With --misses, each question the fault lost (in the first five as written, not as faulted) with
its faulted form and its top three.

A frozen set's misses are never printed (a miss read is a miss tuned on): --misses refuses them, and a
frozen set is perturbed only with --frozen, figures only. The fingerprint prints one hash and no question, so
that it can show a change leaves every ranking as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import sys

from judge.search import evaluation, perturb
from judge.search.engine import search
from judge.search.store import connect


def _line(name: str, report: dict) -> str:
    overall = report["overall"]
    kinds = " ".join(f"{k} {v['r5']:.2f}/{v['n']}" for k, v in sorted(report["by_kind"].items()))
    hits = round(overall["r5"] * overall["n"])
    return (f"{name:8} r5 {overall['r5']:.3f} ({hits}/{overall['n']})  r1 {overall['r1']:.3f}  mrr {overall['mrr']:.3f}"
            f"  {kinds}")


def _fingerprint(conn) -> str:
    digest = hashlib.sha256()
    for name in sorted(evaluation.SETS):
        for case in evaluation.load(evaluation.SETS[name][0]):
            for hit in search(conn, case.query, limit=10).to_dict()["hits"]:
                digest.update(f"{hit['id']}:{hit.get('score', 0):.6f};".encode())
            digest.update(b"\n")
    return digest.hexdigest()[:16]


def _usage_error(message: str) -> int:
    development = [n for n in evaluation.SETS if n not in evaluation.FROZEN_SETS]
    print(f"错误：{message}可用的问题集：{'、'.join(development)}（开发），{'、'.join(evaluation.FROZEN_SETS)}（封存）。",
          file=sys.stderr)
    return 2


def _faults(value: str) -> list[str]:
    """The faults named (in the order given, "all" for every fault), or [] when one is unknown or none given."""
    names = [f for n in value.split(",") if n.strip() for f in (perturb.FAULTS if n.strip() == "all" else [n.strip()])]
    return list(dict.fromkeys(names)) if names and all(n in perturb.ALL_FAULTS for n in names) else []


def _fault_error(value: str) -> int:
    unknown = [n.strip() for n in value.split(",") if n.strip() and n.strip() not in perturb.ALL_FAULTS + ("all",)]
    said = f"没有名为「{'、'.join(unknown)}」的扰动。" if unknown else "--perturb 没有给出扰动。"
    print(f"错误：{said}可用的扰动：{'、'.join(perturb.ALL_FAULTS)}，或 all。", file=sys.stderr)
    return 2


def _perturbed(conn, names: list[str], faults: list[str], seed: int, misses: bool) -> None:
    """Each fault in turn: every named set's questions rewritten, scored beside the set's own figures."""
    perturber = perturb.Perturber(conn, seed)
    cases = {name: evaluation.load(evaluation.SETS[name][0]) for name in names}
    clean = {name: evaluation.evaluate(conn, cases[name]) for name in names}
    for fault in faults:
        only = perturb.KIND_ONLY.get(fault)
        print(f"== {fault} (seed {seed}{f', {only} only' if only else ''})")
        pooled = {"n": 0, "hits": 0, "clean": 0, "changed": 0, "kinds": {}}
        for name in names:
            picked = [i for i, c in enumerate(cases[name]) if not only or c.kind == only]
            if not picked:
                continue
            originals = [cases[name][i] for i in picked]
            faulted = [evaluation.Case(c.kind, perturber.apply(fault, c.query, c.kind), c.targets, c.line) for c in originals]
            report = evaluation.evaluate(conn, faulted)
            before = [clean[name]["ranks"][i] for i in picked]
            after = report["ranks"]
            changed = sum(f.query != c.query for f, c in zip(faulted, originals))
            hits, was = _in5(after), _in5(before)
            kinds = " ".join(f"{k} {v['r5']:.2f}/{v['n']}" for k, v in sorted(report["by_kind"].items()))
            print(f"{name:8} r5 {hits / len(after):.3f} ({hits}/{len(after)})  clean {was / len(before):.3f} "
                  f"({was}/{len(before)})  {hits - was:+d}  changed {changed}  {kinds}")
            pooled["n"] += len(after)
            pooled["hits"] += hits
            pooled["clean"] += was
            pooled["changed"] += changed
            for c, r in zip(faulted, after):
                k = pooled["kinds"].setdefault(c.kind, [0, 0])
                k[0] += r is not None and r <= 5
                k[1] += 1
            if misses and name not in evaluation.FROZEN_SETS:
                for c, f, r0, r1, top in zip(originals, faulted, before, after, _tops(conn, faulted, after)):
                    if r0 is not None and r0 <= 5 and (r1 is None or r1 > 5):
                        print(f"   {c.kind:8} rank {r0} -> {r1}  {c.query}  =>  {f.query}  (line {c.line})")
                        for t in top:
                            print(f"        {t}")
        n = pooled["n"] or 1
        kinds = " ".join(f"{k} {h / m:.2f}/{m}" for k, (h, m) in sorted(pooled["kinds"].items()))
        print(f"{'pooled':8} r5 {pooled['hits'] / n:.3f} ({pooled['hits']:,}/{pooled['n']:,})  clean "
              f"{pooled['clean'] / n:.3f} ({pooled['clean']:,}/{pooled['n']:,})  {pooled['hits'] - pooled['clean']:+d}  "
              f"changed {pooled['changed']:,}  {kinds}")


def _in5(ranks: list[int | None]) -> int:
    return sum(1 for r in ranks if r is not None and r <= 5)


def _tops(conn, faulted: list, ranks: list[int | None]):
    """The top three of each faulted question that left the first five (searched again only for those)."""
    for c, r in zip(faulted, ranks):
        if r is not None and r <= 5:
            yield []
            continue
        hits = search(conn, c.query, limit=3).to_dict()["hits"]
        yield [f"{h['kind_label']} {h['display_number'] or ''} {h['title']}" for h in hits]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", help="comma-separated set names (default: every development set)")
    parser.add_argument("--frozen", action="store_true", help="also the frozen sets (figures only)")
    parser.add_argument("--misses", action="store_true", help="list the misses of the named development sets")
    parser.add_argument("--fingerprint", action="store_true", help="print a hash of every query's top ten")
    parser.add_argument("--perturb", metavar="FAULT,...",
                        help=f"score the questions rewritten with each fault in turn ({','.join(perturb.ALL_FAULTS)}, or all)")
    parser.add_argument("--seed", type=int, default=perturb.SEED, help="seed of --perturb's rewrites (default 21)")
    args = parser.parse_args(argv)
    faults = _faults(args.perturb) if args.perturb is not None else None
    if faults is not None and not faults:
        return _fault_error(args.perturb)
    names = [n.strip() for n in args.sets.split(",") if n.strip()] if args.sets else [
        n for n in evaluation.SETS if n not in evaluation.FROZEN_SETS and (faults is None or n != "eval")]
    if args.frozen:
        names += [n for n in evaluation.FROZEN_SETS if n not in names]
    unknown = [n for n in names if n not in evaluation.SETS]
    if unknown or not names:
        return _usage_error(f"没有名为「{'、'.join(unknown)}」的问题集。" if unknown else "--sets 没有给出问题集。")
    if args.misses and any(n in evaluation.FROZEN_SETS for n in names):
        return _usage_error("封存问题集的未命中从不列出：--misses 只能用于开发问题集。")
    conn = connect()
    if faults is not None:
        _perturbed(conn, names, faults, args.seed, args.misses)
        return 0
    if args.fingerprint:
        print(_fingerprint(conn))
        return 0
    for name in names:
        report = evaluation.evaluate(conn, evaluation.load(evaluation.SETS[name][0]))
        print(_line(name, report))
        if args.misses:
            for miss in report["misses"]:
                print(f"   {miss['kind']:8} rank {miss['rank']}  {miss['query']}  (line {miss['line']})")
                for top in miss["top"]:
                    print(f"        {top}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
