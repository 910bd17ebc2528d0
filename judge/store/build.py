"""Building the store: documents -> rule tree -> SQLite, in stages.

A stage is `stage(db: sqlite_utils.Database, ctx: BuildContext) -> None`; stages run in the order of
STAGES and may read what earlier stages wrote (both in the db and in ctx.data).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from judge.corpus.manifest import Document

# "module:function", in order. Each owner adds its own line.
STAGES: list[str] = [
]


@dataclass
class BuildContext:
    docs: list[Document]
    # Free-form hand-over between stages, e.g. data["rules"] = list of rule rows of the current version.
    data: dict[str, Any] = field(default_factory=dict)


def run_stages(db, ctx: BuildContext) -> None:
    for spec in STAGES:
        module, func = spec.split(":")
        getattr(importlib.import_module(module), func)(db, ctx)
