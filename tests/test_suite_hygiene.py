"""The test suite leaves nothing in the temp folder: stores, jieba caches and built files go into a
session folder that is removed when the session ends."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_a_test_session_leaves_the_temp_folder_as_it_found_it(tmp_path):
    scratch = tmp_path / "tmpdir"
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("JUDGE_CACHE_DIR", "PYTEST_ADDOPTS")}
    env["TMPDIR"] = str(scratch)
    # A search: builds a store in the default test cache and initialises jieba.
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/test_cli_chinese.py::test_query_starting_with_dash_explains_double_dash"],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    assert sorted(p.name for p in scratch.iterdir()) == []
