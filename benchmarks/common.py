"""Measuring helpers shared by the bench_* modules: medians of repeated runs, cold processes, rows.

A row is a dict {"name", "value", "unit", optional "target" ("<= 3" or ">= 0.95"), "ratio", "note",
"target_on"}; the target applies to "value" unless target_on == "ratio" (e.g. a cold process must stay
under 2.5x `python3 -c pass`). `row()` builds one so every module spells the keys the same way.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent


def repeats(quick: bool, full: int = 7, fast: int = 2) -> int:
    """How many times to repeat a measurement: a few in quick mode (CI proves it runs), more otherwise."""
    return fast if quick else full


def row(name: str, value, unit: str = "", *, target: str | None = None, ratio: float | None = None,
        note: str | None = None, target_on: str = "value") -> dict:
    out = {"name": name, "value": value, "unit": unit}
    if target_on != "value":
        out["target_on"] = target_on
    if target is not None:
        out["target"] = target
    if ratio is not None:
        out["ratio"] = ratio
    if note:
        out["note"] = note
    return out


def samples_seconds(fn: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(max(1, repeat)):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    return statistics.median(samples_seconds(fn, repeat))


def percentiles_ms(samples: list[float]) -> tuple[float, float]:
    """p50 and p95 of samples given in seconds, returned in milliseconds (nearest-rank)."""
    if not samples:
        raise ValueError("no samples")
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))]
    return p50 * 1000, p95 * 1000


def judge_executable() -> list[str]:
    """The installed `judge` console script beside this interpreter, else `python -c` calling judge.cli."""
    script = Path(sys.executable).with_name("judge")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from judge.cli import main; main()"]


def cold_process_ratio(args: list[str], repeat: int) -> tuple[float, float, float]:
    """Median wall time of `judge ARGS` and of `python3 -c pass`, interleaved in one run.

    Interleaving puts both under the same machine load, so the ratio is meaningful even when the
    absolute times drift. The package's bytecode is cached (the warm-up writes it, as an installed
    package ships it), whatever PYTHONDONTWRITEBYTECODE says here. Returns (judge_seconds,
    baseline_seconds, ratio).
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cmd = judge_executable() + args
    base = [sys.executable, "-c", "pass"]
    warm = subprocess.run(cmd, env=env, capture_output=True)  # warm the store and the OS file cache
    if warm.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(args)} exited {warm.returncode}: {warm.stderr.decode(errors='replace')[-500:]}")
    judge_t, base_t = [], []
    for _ in range(max(1, repeat)):
        for target, bucket in ((cmd, judge_t), (base, base_t)):
            t0 = time.perf_counter()
            subprocess.run(target, env=env, capture_output=True)
            bucket.append(time.perf_counter() - t0)
    j, b = statistics.median(judge_t), statistics.median(base_t)
    return j, b, j / b
