"""`python -m benchmarks [--quick] [--json FILE|-] [--results-md [FILE]] [--only AREA ...]` (also `judge bench`).

Runs every benchmarks/bench_*.py, prints one table, writes JSON, and with --results-md rewrites
benchmarks/RESULTS.md with the figures and the machine they came from. Never gates on absolute
times: a figure over its target is reported, not failed; only a benchmark that crashes fails the run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import os
import platform
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
if str(REPO) not in sys.path:  # `python benchmarks/__main__.py` and `judge bench` both find the package
    sys.path.insert(0, str(REPO))


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
    try:
        load = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = ""
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory": mem,
        "load_before": load,
        # Whether this process and the cold processes it starts may write bytecode (a cold process
        # without cached bytecode compiles every module it imports); bench_engine sets it per condition.
        "dont_write_bytecode": os.environ.get("PYTHONDONTWRITEBYTECODE", ""),
    }


def discover() -> dict[str, str]:
    """area -> module name, for every benchmarks/bench_<area>.py."""
    return {p.stem[len("bench_"):]: f"benchmarks.{p.stem}" for p in sorted(HERE.glob("bench_*.py"))}


def run_all(quick: bool, only: list[str] | None, modules: dict[str, str] | None = None,
            log=None) -> tuple[list[dict], list[str], dict[str, float]]:
    """Run each area's run(quick); a crashing area is recorded as a failure and the others still run."""
    modules = discover() if modules is None else modules
    rows, failures, seconds = [], [], {}
    for area, modname in modules.items():
        if only and area not in only:
            continue
        if log:
            log(f"… {area}")
        t0 = time.perf_counter()
        try:
            mod = importlib.import_module(modname)
            produced = list(mod.run(quick))
            for r in produced:
                if not isinstance(r, dict) or "name" not in r or "value" not in r:
                    raise ValueError(f"bad row from {area}: {r!r} (needs name and value)")
            rows.extend({"area": area, **r} for r in produced)
        except Exception:
            failures.append(f"{area}: {traceback.format_exc()}")
        seconds[area] = round(time.perf_counter() - t0, 3)
    return rows, failures, seconds


def fmt(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def meets(row: dict) -> str:
    """✓ / ✗ against the row's target ("<= 3", ">= 0.95", "< x", "> x"), "" if there is none."""
    target = row.get("target")
    if not target:
        return ""
    op, _, num = str(target).strip().partition(" ")
    try:
        limit = float(num)
        value = float(row.get("ratio") if row.get("target_on") == "ratio" else row["value"])
    except (TypeError, ValueError, KeyError):
        return ""
    checks = {"<=": value <= limit, ">=": value >= limit, "<": value < limit, ">": value > limit}
    if op not in checks:
        return ""
    return "✓" if checks[op] else "✗"


def _cell(text) -> str:
    return fmt(text).replace("|", "\\|").replace("\n", " ")


def table(rows: list[dict]) -> str:
    header = ["area", "figure", "value", "unit", "ratio", "target", "", "note"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        ratio = r.get("ratio")
        ratio = f"{ratio:.2f}×" if isinstance(ratio, (int, float)) and not isinstance(ratio, bool) else ratio
        cells = [r["area"], r["name"], r["value"], r.get("unit", ""), ratio, r.get("target", ""),
                 meets(r), r.get("note", "")]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines)


def results_markdown(report: dict) -> str:
    m = report["machine"]
    cmd = "python -m benchmarks" + (" --quick" if report["quick"] else "")
    md = [
        "# Benchmark results",
        "",
        f"Measured {report['started']} with `{cmd}` (or `judge bench`) on {m['cpu']}, {m['cores']} cores, "
        f"{m['memory']}, Python {m['python']} ({m['platform']}); load average before the run: {m['load_before']}, after: {m.get('load_after', '')} "
        "(other work on a shared machine slows absolute times; ratios measured side by side are steadier).",
        "",
        "Each time is the median of repeated runs; ratios compare figures measured side by side in this one "
        "run (a cold `judge` process against `python3 -c pass` started alternately). ✓/✗ compare with the "
        "target of the issue; targets are reported, never gated on. "
        f"PYTHONDONTWRITEBYTECODE in the environment: {m.get('dont_write_bytecode') or 'unset'}; "
        "cold processes run with the package's bytecode cached unless a row says otherwise.",
        "",
        table(report["rows"]),
        "",
        "Seconds spent per area: " + ", ".join(f"{a} {s:g}" for a, s in report["area_seconds"].items()) + ".",
        "",
    ]
    if report["failures"]:
        md += ["## Benchmarks that failed to run", ""]
        md += [f"- {f.splitlines()[0]} {f.strip().splitlines()[-1]}" for f in report["failures"]]
        md.append("")
    return "\n".join(md)


def main(argv: list[str] | None = None, prog: str = "python -m benchmarks") -> int:
    known = discover()
    ap = argparse.ArgumentParser(prog=prog, description="riftbound-judge 的速度与质量指标（同一次运行中对比测量）。")
    ap.add_argument("--quick", action="store_true", help="少量重复：只证明基准能运行（CI 用）")
    ap.add_argument("--json", metavar="FILE", help="把全部指标写成 JSON（'-' 表示标准输出，此时表格改写到标准错误）")
    ap.add_argument("--results-md", nargs="?", const=str(HERE / "RESULTS.md"), metavar="FILE",
                    help="把表格与机器信息写成 Markdown（默认 benchmarks/RESULTS.md）")
    ap.add_argument("--only", nargs="*", metavar="AREA", help=f"只运行这些方面：{'、'.join(known) or '（暂无）'}")
    args = ap.parse_args(argv)

    unknown = sorted(set(args.only or ()) - set(known))
    if unknown:
        print(f"未知的基准区域：{', '.join(unknown)}；可用：{', '.join(known) or '（无）'}", file=sys.stderr)
        return 2
    if not known:
        print("benchmarks/ 下没有 bench_*.py 模块。", file=sys.stderr)
        return 2

    to_stdout = args.json == "-"
    out = sys.stderr if to_stdout else sys.stdout
    started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    mach = machine()
    rows, failures, seconds = run_all(args.quick, args.only, known, log=lambda s: print(s, file=sys.stderr, flush=True))
    try:
        mach["load_after"] = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        mach["load_after"] = ""
    report = {"started": started, "quick": args.quick, "machine": mach, "rows": rows,
              "area_seconds": seconds, "failures": failures}
    print(table(rows), file=out)
    text = json.dumps(report, ensure_ascii=False, indent=2)
    if to_stdout:
        print(text)
    elif args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    if args.results_md:
        Path(args.results_md).write_text(results_markdown(report), encoding="utf-8")
    for f in failures:
        print(f"benchmark failed: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
