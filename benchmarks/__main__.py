"""`python -m benchmarks [--quick] [--json FILE] [--results-md] [--only AREA]`.

Runs every benchmarks/bench_*.py, prints one table, writes JSON, and with --results-md rewrites
benchmarks/RESULTS.md with the figures and the machine they came from. Never gates on absolute
times: a figure over its target is reported, not failed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import os
import platform
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent


def machine() -> dict:
    mem = ""
    try:
        with open("/proc/meminfo") as fh:
            mem = fh.readline().split(":")[1].strip()
    except OSError:
        pass
    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory": mem,
    }


def areas() -> list[str]:
    return sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))


def run_all(quick: bool, only: list[str] | None) -> tuple[list[dict], list[str]]:
    rows, failures = [], []
    for area in areas():
        if only and area not in only:
            continue
        try:
            mod = importlib.import_module(f"benchmarks.bench_{area}")
            for row in mod.run(quick):
                rows.append({"area": area, **row})
        except Exception:  # a broken benchmark is reported and fails the run, others still run
            failures.append(f"{area}: {traceback.format_exc()}")
    return rows, failures


def fmt(value) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def meets(row: dict) -> str:
    target = row.get("target")
    if not target:
        return ""
    op, _, num = str(target).partition(" ")
    try:
        limit = float(num)
        value = float(row["value"])
    except (TypeError, ValueError):
        return ""
    ok = value <= limit if op == "<=" else value >= limit if op == ">=" else None
    return "" if ok is None else ("✓" if ok else "✗")


def table(rows: list[dict]) -> str:
    header = ["area", "figure", "value", "unit", "ratio", "target", ""]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        cells = [r["area"], r["name"], fmt(r["value"]), r.get("unit", ""), fmt(r.get("ratio", "")),
                 r.get("target", ""), meets(r)]
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks")
    ap.add_argument("--quick", action="store_true", help="few repeats: proves the benchmarks run (CI)")
    ap.add_argument("--json", metavar="FILE", help="write all figures as JSON")
    ap.add_argument("--results-md", action="store_true", help="rewrite benchmarks/RESULTS.md")
    ap.add_argument("--only", nargs="*", help=f"areas to run: {', '.join(areas())}")
    args = ap.parse_args(argv)

    started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    rows, failures = run_all(args.quick, args.only)
    report = {"started": started, "quick": args.quick, "machine": machine(), "rows": rows, "failures": failures}
    print(table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    if args.results_md:
        m = report["machine"]
        md = [
            "# Benchmark results",
            "",
            f"Measured {started} with `python -m benchmarks{' --quick' if args.quick else ''}` on "
            f"{m['cpu']}, {m['cores']} cores, {m['memory']}, Python {m['python']} ({m['platform']}).",
            "Ratios compare figures measured side by side in this one run; ✓/✗ compare with the target.",
            "",
            table(rows),
            "",
        ]
        (HERE / "RESULTS.md").write_text("\n".join(md), encoding="utf-8")
    for f in failures:
        print(f"benchmark failed: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
