"""Builds the docs site once per test session for the strict-build and browser tests.

Uses the project's real store and scenarios when the rule tree is available, so the browser test
exercises the real site; otherwise the fixture store (the site is then small but complete).
"""

from __future__ import annotations

import functools
import tempfile
from dataclasses import dataclass
from pathlib import Path

from docs_fixture import make_rulings, make_store

from judge.docs.build import BuildReport, build_docs
from judge.docs.mkdocs_run import MkdocsResult, mkdocs_build


@dataclass
class BuiltSite:
    docs: BuildReport
    mkdocs: MkdocsResult
    site_dir: Path
    real: bool


def real_store_available() -> bool:
    try:
        from judge.store import open_store  # noqa: F401
    except ImportError:
        return False
    return True


def built_site(real: bool | None = None) -> BuiltSite:
    """The site built from the real store (real=True), the fixture (False), or whichever exists (None)."""
    return _built(real_store_available() if real is None else bool(real))


@functools.lru_cache(maxsize=None)
def _built(real: bool) -> BuiltSite:
    root = Path(tempfile.mkdtemp(prefix="judge-docs-site-"))
    if real:
        report = build_docs(root / "docs")
    else:
        report = build_docs(root / "docs", conn=make_store(), rulings=make_rulings(), results_md=None)
    result = mkdocs_build(report.out_dir, root / "site")
    return BuiltSite(report, result, root / "site", real)
