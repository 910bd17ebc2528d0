"""Where the shipped data and the per-user cache live. Kept import-light: it sits on every CLI path.

The shipped data folders (the corpus, the scenarios and their card files) are package data: an
installed wheel carries them as judge/_data/<name>, found through importlib.resources; an editable
install or a plain checkout reads the repository's top-level folders. Nothing is ever written
inside the package: builds and caches go to cache_dir().
"""

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent

CORPUS_FOLDER = "rules_corpus"
SCENARIOS_FOLDER = "scenarios"
DATA_PACKAGE_FOLDER = "_data"  # inside the installed package; mapped from the top-level folders by setup.py


def shipped_dir(name: str) -> Path:
    """A shipped data folder: judge/_data/<name> of an installed package, else <checkout>/<name>."""
    # For a package that is a plain folder importlib.resources.files("judge") is PACKAGE_DIR itself;
    # asking it costs a cold `judge rule` about 4 ms (it imports tempfile and zipfile), so it is asked
    # only for an install that is not a plain folder (a zip, another loader).
    here = PACKAGE_DIR / DATA_PACKAGE_FOLDER / name
    if here.is_dir():
        return here
    if not Path(__file__).is_file():
        from importlib.resources import files

        installed = files("judge").joinpath(DATA_PACKAGE_FOLDER, name)
        if installed.is_dir():
            return Path(str(installed))
    return REPO_DIR / name


def data_file(package: str, *parts: str) -> Path:
    """A data file shipped inside a package of judge (grammar, curated tables, dictionaries)."""
    from importlib.resources import files

    return Path(str(files(package).joinpath(*parts)))


def corpus_dir() -> Path:
    """The rules corpus: $JUDGE_CORPUS_DIR, else the shipped rules_corpus/."""
    env = os.environ.get("JUDGE_CORPUS_DIR")
    return Path(env) if env else shipped_dir(CORPUS_FOLDER)


def scenarios_dir() -> Path:
    """The shipped scenarios and card files."""
    return shipped_dir(SCENARIOS_FOLDER)


def scenario_path(path: str | os.PathLike) -> Path:
    """A scenario path as given, else the same relative path among the shipped scenarios
    ("combat/x.场景" or "scenarios/combat/x.场景" from any directory)."""
    p = Path(path)
    if p.exists():
        return p
    parts = p.parts[1:] if p.parts and p.parts[0] == SCENARIOS_FOLDER else p.parts
    shipped = scenarios_dir().joinpath(*parts) if parts and not p.is_absolute() else None
    return shipped if shipped is not None and shipped.exists() else p


def checkout_dir() -> Path | None:
    """The source checkout the package runs from (editable install), or None for an installed wheel."""
    return REPO_DIR if (REPO_DIR / "pyproject.toml").is_file() and (REPO_DIR / CORPUS_FOLDER).is_dir() else None


def cache_dir() -> Path:
    """Per-user cache: $JUDGE_CACHE_DIR, else $XDG_CACHE_HOME/riftbound-judge, else ~/.cache/riftbound-judge."""
    env = os.environ.get("JUDGE_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "riftbound-judge"
