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

import pytest  # noqa: E402

# One paragraph of the rules (officially 350.2) reworded: the shipped numbering map no longer knows it.
EDITED_FROM = "指示物不属于卡牌，但依旧可以被 打出。"
EDITED_TO = "指示物不属于卡牌，但同样可以被打出。"


def make_edited_corpus(root):
    """A copy of the corpus at `root` with the EDITED_FROM paragraph reworded, MANIFEST updated."""
    from corpus_copy import copy_corpus

    def edit(text):
        assert EDITED_FROM in text
        return text.replace(EDITED_FROM, EDITED_TO)

    return copy_corpus(root, edit)


@pytest.fixture
def edited_corpus(tmp_path_factory):
    """The edited corpus in force (JUDGE_CORPUS_DIR and a private cache) for the test: the reworded
    paragraph keeps an inferred number (≈). Yields the start of its new text."""
    root = make_edited_corpus(tmp_path_factory.mktemp("edited") / "rules_corpus")
    mp = pytest.MonkeyPatch()
    mp.setenv("JUDGE_CORPUS_DIR", str(root))
    mp.setenv("JUDGE_CACHE_DIR", str(tmp_path_factory.mktemp("edited-cache")))
    yield EDITED_TO
    mp.undo()


@pytest.fixture(scope="module")
def conn():
    """The rules store as search reads it, one connection per test module (a module may define its own)."""
    from judge.search.store import connect

    c = connect()
    yield c
    c.close()
