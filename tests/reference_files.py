"""Where the tests find the reference documents (English core rules v1.4, the publisher's card catalog).

They never ship: tests read them at test time when present and skip when absent. The folder is
$JUDGE_REFERENCE_DIR, else `shared/reference` beside the repository, else /work/shared/reference
(the first that exists). tools/ honour the same variable.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ENGLISH_NAME = "core-rules-v1.4-2026-06-18.en.txt"


def reference_dir() -> Path | None:
    """The folder holding the reference documents, None when there is none."""
    for base in (os.environ.get("JUDGE_REFERENCE_DIR"), REPO.parent / "shared" / "reference",
                 "/work/shared/reference"):
        if base and Path(base).is_dir():
            return Path(base)
    return None


def _found(pattern: str) -> Path | None:
    base = reference_dir()
    found = sorted(base.glob(pattern)) if base else []
    return found[-1] if found else None


def english_rules() -> Path | None:
    """The English core rules v1.4 (the same numbering as the Chinese 2026-07-17 rules)."""
    return _found(ENGLISH_NAME)


def card_catalog() -> Path | None:
    """The newest publisher's card catalog (Chinese, JSON)."""
    return _found("card-catalog-*.json")


ENGLISH = english_rules()
CATALOG = card_catalog()
needs_english = pytest.mark.skipif(ENGLISH is None, reason="the English reference rules are not present")
needs_catalog = pytest.mark.skipif(CATALOG is None, reason="the reference card catalog is not present")
