"""Running `mkdocs build` on a generated docs dir anywhere (tests, benchmarks): the top-level
mkdocs.yml with docs_dir/site_dir/hooks made absolute, in a temporary config file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from judge.paths import REPO_DIR

CONFIG = REPO_DIR / "mkdocs.yml"


@dataclass
class MkdocsResult:
    returncode: int
    output: str
    seconds: float

    @property
    def warnings(self) -> list[str]:
        # mkdocs log lines look like "WARNING -  message"
        return [ln for ln in self.output.splitlines() if re.match(r"^\s*(WARNING|ERROR)\b", ln)]


def config_for(docs_dir: Path, site_dir: Path, dest: Path) -> Path:
    import yaml

    cfg = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    cfg["docs_dir"] = str(Path(docs_dir).resolve())
    cfg["site_dir"] = str(Path(site_dir).resolve())
    cfg["hooks"] = [str((CONFIG.parent / h).resolve()) for h in cfg.get("hooks", [])]
    dest.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return dest


def mkdocs_build(docs_dir: Path, site_dir: Path, strict: bool = True, timeout: float = 300) -> MkdocsResult:
    with tempfile.TemporaryDirectory(prefix="judge-mkdocs-") as tmp:
        cfg = config_for(docs_dir, site_dir, Path(tmp) / "mkdocs.yml")
        cmd = [sys.executable, "-m", "mkdocs", "build", "-f", str(cfg)] + (["--strict"] if strict else [])
        started = time.perf_counter()
        # Material prints an end-of-life banner on every build; it is not a build warning.
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=tmp, env=env)
        return MkdocsResult(proc.returncode, proc.stdout + proc.stderr, time.perf_counter() - started)
