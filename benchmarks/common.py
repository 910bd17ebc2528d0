"""Measuring helpers shared by the bench_* modules: medians of repeated runs, cold processes."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def percentiles_ms(samples: list[float]) -> tuple[float, float]:
    """p50 and p95 of samples given in seconds, returned in milliseconds."""
    ordered = sorted(samples)
    p50 = ordered[len(ordered) // 2]
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return p50 * 1000, p95 * 1000


def judge_executable() -> list[str]:
    """The installed `judge` console script beside this interpreter, else `python -m judge`."""
    script = Path(sys.executable).with_name("judge")
    return [str(script)] if script.exists() else [sys.executable, "-m", "judge"]


def cold_process_ratio(args: list[str], repeat: int) -> tuple[float, float, float]:
    """Median wall time of `judge ARGS` and of `python3 -c pass`, interleaved in one run.

    Returns (judge_seconds, baseline_seconds, ratio).
    """
    env = dict(os.environ)
    cmd = judge_executable() + args
    base = [sys.executable, "-c", "pass"]
    subprocess.run(cmd, env=env, capture_output=True)  # warm the store and the OS file cache
    judge_t, base_t = [], []
    for _ in range(repeat):
        for target, bucket in ((cmd, judge_t), (base, base_t)):
            t0 = time.perf_counter()
            subprocess.run(target, env=env, capture_output=True)
            bucket.append(time.perf_counter() - t0)
    j, b = statistics.median(judge_t), statistics.median(base_t)
    return j, b, j / b
