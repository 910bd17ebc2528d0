"""Shared fixtures: every test session builds into its own cache directory, and everything the
session writes to the temp folder (stores, jieba's dictionary cache, built sites, subprocesses'
files) goes into one session folder that is removed at the end."""

import atexit
import os
import shutil
import tempfile

# One folder for the whole session (and the processes it starts, through TMPDIR), removed at exit.
_SESSION_TMP = tempfile.mkdtemp(prefix="judge-tests-")
os.environ["TMPDIR"] = _SESSION_TMP
tempfile.tempdir = _SESSION_TMP
atexit.register(shutil.rmtree, _SESSION_TMP, ignore_errors=True)

# Set before any judge module reads it, so tests never touch the user's real cache.
os.environ.setdefault("JUDGE_CACHE_DIR", os.path.join(_SESSION_TMP, "cache"))

import hashlib  # noqa: E402

import pytest  # noqa: E402

EDITED_FROM = "玩家使用自己卡牌的行为，即视为打出卡牌。"
EDITED_TO = "玩家从任意区域使用自己卡牌的行为，均视为打出卡牌。"


@pytest.fixture
def edited_corpus(tmp_path_factory):
    """A copy of the corpus with one paragraph of the rules reworded, in force (JUDGE_CORPUS_DIR and a
    private cache) for the test: the shipped numbering map no longer knows that paragraph, so it
    keeps an inferred number (≈). Yields the new text."""
    from judge.paths import corpus_dir

    root = tmp_path_factory.mktemp("edited") / "rules_corpus"
    shutil.copytree(corpus_dir(), root)
    rules = root / "core-rules-2026-07-17.zh.txt"
    rules.write_text(rules.read_text(encoding="utf-8").replace(EDITED_FROM, EDITED_TO), encoding="utf-8")
    lines = (root / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        cells = line.split("\t")
        cells[1] = hashlib.sha256((root / cells[0]).read_bytes()).hexdigest()
        out.append("\t".join(cells))
    (root / "MANIFEST.tsv").write_text("\n".join(out) + "\n", encoding="utf-8")
    mp = pytest.MonkeyPatch()
    mp.setenv("JUDGE_CORPUS_DIR", str(root))
    mp.setenv("JUDGE_CACHE_DIR", str(tmp_path_factory.mktemp("edited-cache")))
    yield EDITED_TO
    mp.undo()
