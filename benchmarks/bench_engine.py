"""Scenario engine speed: every shipped scenario in one process (parse + validate + run), a
1000-step random legal playout with invariant checks, and the cold `judge run` of one file."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from benchmarks.common import REPO, repeats, row


def _all_scenarios() -> tuple[float, int, int]:
    from judge.scenario.runner import run_file, scenario_files

    files = scenario_files(REPO / "scenarios")
    t0 = time.perf_counter()
    results = [run_file(f) for f in files]
    return time.perf_counter() - t0, len(files), sum(r.passed for r in results)


def _playout(seed: int) -> tuple[float, dict]:
    from judge.scenario.playout import random_playout

    t0 = time.perf_counter()
    stats = random_playout(1000, seed=seed)
    return time.perf_counter() - t0, stats


ONE = "scenarios/combat/garen_recruit_healed_before_recheck.场景"


def _cold_ratio(repeat: int) -> tuple[float, float, float]:
    """`judge run` of one scenario in a new process against `python3 -c pass`, interleaved in one
    run. Bytecode is written on the warm-up run (an installed package ships it; PYTHONDONTWRITEBYTECODE
    would otherwise make every process recompile the package)."""
    import os

    from benchmarks.common import judge_executable

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    import shutil

    cmd = judge_executable() + ["run", "--quiet", ONE]
    base = [sys.executable, "-c", "pass"]
    path_python = [shutil.which("python3") or sys.executable, "-c", "pass"]  # the literal baseline
    subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, check=False)
    runs, bases, path_bases = [], [], []
    for _ in range(max(1, repeat)):
        for target, bucket in ((cmd, runs), (base, bases), (path_python, path_bases)):
            t0 = time.perf_counter()
            subprocess.run(target, cwd=REPO, env=env, capture_output=True, check=False)
            bucket.append(time.perf_counter() - t0)
    r, b = statistics.median(runs), statistics.median(bases)
    return r, b, r / b, statistics.median(path_bases)


def run(quick: bool) -> list[dict]:
    n = repeats(quick, full=5, fast=2)
    # The first pass in this process pays for compiling the grammar; the target is for all of them.
    first, count, passed = _all_scenarios()
    times = [_all_scenarios()[0] for _ in range(n)]
    play = [_playout(seed) for seed in range(n)]
    violations = sum(len(s["violations"]) for _, s in play)
    cold, base, ratio, path_base = _cold_ratio(repeats(quick, full=7, fast=3))
    return [
        row(f"all {count} shipped scenarios, one process (first pass incl. grammar)", round(first, 3), "s",
            target="<= 2"),
        row(f"all {count} shipped scenarios, one process (warm, median)", round(statistics.median(times), 3), "s",
            target="<= 2"),
        row("shipped scenarios passing", passed, f"of {count}", target=f">= {count}"),
        row("1000-step random playout (1v1, invariants checked each step)",
            round(statistics.median(t for t, _ in play), 3), "s", target="<= 1"),
        row("random playout invariant violations", violations, "violations", target="<= 0"),
        row("judge run one scenario (cold process) vs python3 -c pass", round(cold, 3), "s", ratio=round(ratio, 2),
            target="<= 4", target_on="ratio",
            note=f"same interpreter -c pass: {base:.3f} s; python3 on PATH -c pass: {path_base:.3f} s "
                 f"({cold / path_base:.1f}x)"),
    ]
