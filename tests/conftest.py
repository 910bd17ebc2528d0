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
