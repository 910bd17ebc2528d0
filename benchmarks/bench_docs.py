"""Docs site: `judge docs build` (whole process, warm store) ≤ 5 s; `mkdocs build` of the site ≤ 60 s.

A warm build reuses the scenario runs of the previous one (judge/docs/rulings_cache.py); a build
after a change to the program or the scenarios runs them all again, and is reported beside it.

Also reports the size of the generated site (pages, internal links, anchors) from the link checker.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.common import judge_executable, repeats, row


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _judge_docs_build(out: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one `judge docs build` process.

    CPU time is reported beside the wall time: on this shared 2-core machine the wall time mostly
    measures the other processes' load."""
    cmd = judge_executable() + ["docs", "build", "--out", str(out)]
    cpu0, t0 = _children_cpu(), time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ))
    elapsed, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    if proc.returncode != 0:
        raise RuntimeError(f"judge docs build failed: {proc.stderr[-2000:]}")
    return elapsed, cpu


def run(quick: bool) -> list[dict]:
    from judge.docs import rulings_cache
    from judge.docs.linkcheck import check_dir
    from judge.docs.mkdocs_run import mkdocs_build

    with tempfile.TemporaryDirectory(prefix="bench-docs-") as tmp:
        out = Path(tmp) / "docs"
        _judge_docs_build(out)  # warm: store built, suggestion cache filled, OS caches hot
        runs = [_judge_docs_build(out) for _ in range(repeats(quick, full=3, fast=1))]
        # After any change to the program or the scenarios the scenario runs are not reused.
        rulings_cache.path().unlink(missing_ok=True)
        fresh = _judge_docs_build(out)
        links = check_dir(out)
        cpu0 = _children_cpu()
        result = mkdocs_build(out, Path(tmp) / "site")
        mkdocs_cpu = _children_cpu() - cpu0
        if result.returncode != 0:
            raise RuntimeError(f"mkdocs build failed: {result.output[-2000:]}")
        rows = [
            row("judge docs build (process, warm store)", round(statistics.median(r[0] for r in runs), 3), "s",
                target="<= 5", note=f"CPU {statistics.median(r[1] for r in runs):.2f} s"),
            row("judge docs build, scenario runs not reused (after a change to the program or the scenarios)",
                round(fresh[0], 3), "s", note=f"CPU {fresh[1]:.2f} s; the row above reuses the last build's runs"),
            row("mkdocs build --strict of the generated site", round(result.seconds, 2), "s", target="<= 60",
                note=f"{len(result.warnings)} warnings; CPU {mkdocs_cpu:.1f} s"),
            row("docs pages", links.pages, "pages"),
            row("docs internal links (all resolve)", links.internal_links, "links",
                note=f"{len(links.broken)} broken"),
            row("docs anchors", links.anchors, "anchors"),
        ]
    return rows
