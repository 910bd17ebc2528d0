"""Recall of the question sets, by set and kind, for work on the search ranking.

    python tools/search_eval.py                      # every development set: recall@5 (and @1, MRR) overall, recall@5 by kind
    python tools/search_eval.py --sets fresh3,fresh4 --misses   # and each miss with its top three
    python tools/search_eval.py --frozen             # the frozen sets too, figures only
    python tools/search_eval.py --fingerprint        # a hash of the top ten of every query of every set

A frozen set's misses are never printed (a miss read is a miss tuned on): --misses refuses them. The
fingerprint prints one hash and no question, so that it can show a change leaves every ranking as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import sys

from judge.search import evaluation
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", help="comma-separated set names (default: every development set)")
    parser.add_argument("--frozen", action="store_true", help="also the frozen sets (figures only)")
    parser.add_argument("--misses", action="store_true", help="list the misses of the named development sets")
    parser.add_argument("--fingerprint", action="store_true", help="print a hash of every query's top ten")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.sets.split(",") if n.strip()] if args.sets else [
        n for n in evaluation.SETS if n not in evaluation.FROZEN_SETS]
    if args.frozen:
        names += [n for n in evaluation.FROZEN_SETS if n not in names]
    unknown = [n for n in names if n not in evaluation.SETS]
    if unknown or not names:
        return _usage_error(f"没有名为「{'、'.join(unknown)}」的问题集。" if unknown else "--sets 没有给出问题集。")
    if args.misses and any(n in evaluation.FROZEN_SETS for n in names):
        return _usage_error("封存问题集的未命中从不列出：--misses 只能用于开发问题集。")
    conn = connect()
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
