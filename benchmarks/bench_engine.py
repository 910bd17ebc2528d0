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


def _cold_run() -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", "run", "--quiet",
                    "scenarios/combat/garen_recruit_healed_before_recheck.场景"],
                   cwd=REPO, capture_output=True, check=False)
    return time.perf_counter() - t0


def run(quick: bool) -> list[dict]:
    n = repeats(quick, full=5, fast=2)
    # The first pass in this process pays for compiling the grammar; the target is for all of them.
    first, count, passed = _all_scenarios()
    times = [_all_scenarios()[0] for _ in range(n)]
    play = [_playout(seed) for seed in range(n)]
    violations = sum(len(s["violations"]) for _, s in play)
    cold = statistics.median(_cold_run() for _ in range(repeats(quick, full=3, fast=1)))
    return [
        row(f"all {count} shipped scenarios, one process (first pass incl. grammar)", round(first, 3), "s",
            target="<= 2"),
        row(f"all {count} shipped scenarios, one process (warm, median)", round(statistics.median(times), 3), "s",
            target="<= 2"),
        row("shipped scenarios passing", passed, f"of {count}", target=f">= {count}"),
        row("1000-step random playout (1v1, invariants checked each step)",
            round(statistics.median(t for t, _ in play), 3), "s", target="<= 1"),
        row("random playout invariant violations", violations, "violations", target="<= 0"),
        row("judge run one scenario (cold process)", round(cold, 3), "s"),
    ]
