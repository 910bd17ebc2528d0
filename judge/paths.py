"""Where the corpus and the per-user cache live. Kept import-light: it sits on every CLI path."""

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def corpus_dir() -> Path:
    """The rules_corpus/ folder: $JUDGE_CORPUS_DIR, else the one beside the package."""
    env = os.environ.get("JUDGE_CORPUS_DIR")
    return Path(env) if env else REPO_DIR / "rules_corpus"


def cache_dir() -> Path:
    """Per-user cache: $JUDGE_CACHE_DIR, else $XDG_CACHE_HOME/riftbound-judge, else ~/.cache/riftbound-judge."""
    env = os.environ.get("JUDGE_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "riftbound-judge"


def scenarios_dir() -> Path:
    return REPO_DIR / "scenarios"
