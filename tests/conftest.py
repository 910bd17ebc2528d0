"""Shared fixtures: every test session builds into its own cache directory."""

import os
import tempfile

# Set before any judge module reads it, so tests never touch the user's real cache.
os.environ.setdefault("JUDGE_CACHE_DIR", tempfile.mkdtemp(prefix="judge-test-cache-"))
