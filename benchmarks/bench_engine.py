"""Scenario engine speed: every shipped scenario in one process (parse + validate + run), a
1000-step random legal playout with invariant checks, and the cold `judge run` of one file.

The cold run is timed against `python -c pass` of the same interpreter, started alternately, under
two conditions: with the package's bytecode cached (as an installed package has it) and without any
(PYTHONDONTWRITEBYTECODE=1 and a copy of the package without __pycache__, as in a checkout where
Python may not write bytecode: every module is compiled again in every process). The scenario
grammar's parse tables are cached in both; the first run after a grammar change, which has Lark
export them, is timed separately. Wall times and CPU times (user + sys of the child) are both
reported: on a shared machine the CPU ratio is the steadier one."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import REPO, judge_executable, repeats, row


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


ONE = REPO / "scenarios/combat/garen_recruit_healed_before_recheck.场景"


def _timed(cmd: list[str], env: dict, cwd: str) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + sys) and exit status of one process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - t0, usage.ru_utime + usage.ru_stime, proc.returncode


def _cold(repeat: int) -> dict:
    """Interleaved medians (wall, cpu) of: python -c pass, judge run with bytecode, judge run without
    bytecode, python3 on PATH -c pass; and one first run after a grammar change."""
    base_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    work = Path(tempfile.mkdtemp(prefix="bench-cold-"))
    try:
        cwd = work / "cwd"  # not the checkout: the current directory must not shadow either package copy
        cwd.mkdir()
        copy = work / "nobytecode"
        shutil.copytree(REPO / "judge", copy / "judge", ignore=shutil.ignore_patterns("__pycache__"))
        with_pyc = dict(base_env, PYTHONPATH=str(REPO))
        without_pyc = dict(base_env, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
        run = judge_executable() + ["run", "--quiet", str(ONE)]
        cases = {
            "pass": ([sys.executable, "-c", "pass"], with_pyc),
            "pyc": (run, with_pyc),
            "nopyc": (run, without_pyc),
            "trace": (judge_executable() + ["run", str(ONE)], with_pyc),  # the full trace printed
            "path_python3": ([shutil.which("python3") or sys.executable, "-c", "pass"], with_pyc),
        }
        for key in ("pyc", "nopyc", "trace"):  # warm: bytecode written (first case only), tables cached, OS cache
            _w, _c, code = _timed(*cases[key], str(cwd))
            if code != 0:
                raise RuntimeError(f"judge run ({key}) exited {code}")
        samples = {k: [] for k in cases}
        for _ in range(max(1, repeat)):
            for key, (cmd, env) in cases.items():
                samples[key].append(_timed(cmd, env, str(cwd))[:2])
        out = {k: (statistics.median(s[0] for s in v), statistics.median(s[1] for s in v)) for k, v in samples.items()}
        fresh = dict(with_pyc, JUDGE_CACHE_DIR=str(work / "fresh-cache"))  # no cached grammar tables
        out["first_after_grammar_change"] = _timed(run, fresh, str(cwd))[:2]
        return out
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _compile_cost(env: dict, cwd: str) -> tuple[int, int, float]:
    """(modules, source bytes, best CPU seconds of compile()) for the judge modules a cold quiet run imports.

    This is the floor of the no-bytecode row: a process without cached bytecode compiles each of them,
    whatever the code does once they are loaded."""
    # main() given its arguments returns by SystemExit (without them the command ends the process).
    probe = ("import json, sys\nfrom judge.cli import main\n"
             "try:\n    main(['run', '--quiet', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
             "print(json.dumps(sorted(m.__file__ for m in list(sys.modules.values())"
             " if (m.__name__ == 'judge' or m.__name__.startswith('judge.')) and getattr(m, '__file__', None))))")
    import json

    proc = subprocess.run([sys.executable, "-c", probe, str(ONE)], env=env, cwd=cwd, capture_output=True, text=True)
    files = json.loads(proc.stdout.strip().splitlines()[-1])
    sources = [(f, Path(f).read_bytes()) for f in files]
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for f, src in sources:
            compile(src, f, "exec", dont_inherit=True)
        best = min(best, time.process_time() - t0)
    return len(sources), sum(len(src) for _, src in sources), best


def run(quick: bool) -> list[dict]:
    n = repeats(quick, full=5, fast=2)
    # The first pass in this process pays for loading the grammar tables; the target is for all of them.
    first, count, passed = _all_scenarios()
    times = [_all_scenarios()[0] for _ in range(n)]
    play = [_playout(seed) for seed in range(n)]
    violations = sum(len(s["violations"]) for _, s in play)
    cold = _cold(repeats(quick, full=11, fast=3))
    n_modules, source_bytes, compile_c = _compile_cost(
        {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")} | {"PYTHONPATH": str(REPO)},
        tempfile.gettempdir())
    (pass_w, pass_c), (pyc_w, pyc_c), (nopyc_w, nopyc_c) = cold["pass"], cold["pyc"], cold["nopyc"]
    path_w = cold["path_python3"][0]
    trace_w, trace_c = cold["trace"]
    first_w, first_c = cold["first_after_grammar_change"]
    base_note = f"python -c pass (same interpreter): {pass_w * 1000:.1f} ms wall, {pass_c * 1000:.1f} ms CPU"
    return [
        row(f"all {count} shipped scenarios, one process (first pass incl. grammar tables)", round(first, 3), "s",
            target="<= 4"),
        row(f"all {count} shipped scenarios, one process (warm, median)", round(statistics.median(times), 3), "s",
            target="<= 4"),
        row("shipped scenarios passing", passed, f"of {count}", target=f">= {count}"),
        row("1000-step random playout (1v1, invariants checked each step)",
            round(statistics.median(t for t, _ in play), 3), "s", target="<= 1"),
        row("random playout invariant violations", violations, "violations", target="<= 0"),
        row("cold judge run of one scenario / python -c pass, bytecode cached (wall)", round(pyc_w * 1000, 1), "ms",
            ratio=round(pyc_w / pass_w, 2), target="<= 4", target_on="ratio",
            note=f"{base_note}; python3 on PATH -c pass: {path_w * 1000:.1f} ms ({pyc_w / path_w:.2f}×); "
                 "grammar tables cached"),
        row("cold judge run, bytecode cached (CPU user+sys)", round(pyc_c * 1000, 1), "ms",
            ratio=round(pyc_c / pass_c, 2), target="<= 4", target_on="ratio", note="steadier than wall on a loaded machine"),
        row("cold judge run printing the whole trace (cited rule numbers looked up in the rules store), bytecode cached (wall)",
            round(trace_w * 1000, 1), "ms", ratio=round(trace_w / pass_w, 2), target="<= 4", target_on="ratio",
            note=f"CPU {trace_c * 1000:.1f} ms ({trace_c / pass_c:.2f}×); the rows above run with --quiet"),
        row("cold judge run / python -c pass, no bytecode (PYTHONDONTWRITEBYTECODE=1, no __pycache__) (wall)",
            round(nopyc_w * 1000, 1), "ms", ratio=round(nopyc_w / pass_w, 2), target="<= 4", target_on="ratio",
            note=f"every judge module compiled in the process; python -c pass has its bytecode either way. "
                 f"Compiling the {n_modules} judge modules the run imports ({source_bytes // 1024} KB of source) "
                 f"takes {compile_c * 1000:.0f} ms CPU by itself ({compile_c / pass_c:.1f}× python -c pass): "
                 "out of reach of the target without bytecode, whatever the code does; installs have it "
                 "(pip compiles at install time by default)"),
        row("cold judge run, no bytecode (CPU user+sys)", round(nopyc_c * 1000, 1), "ms",
            ratio=round(nopyc_c / pass_c, 2)),
        row("first judge run after a grammar change (Lark exports the parse tables)", round(first_w, 3), "s",
            note=f"CPU {first_c:.2f} s; once per grammar text and cache directory"),
    ]
