"""The typer application: every sub-command, registered by its own module."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="judge",
    help="《符文战场》规则裁判工具：规则查询、搜索、场景推演与裁定文档。",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
)

# Each module defines register(app). Listed here so the app is assembled in one obvious place.
COMMAND_MODULES = [
    "judge.cli.run_cmd",
    "judge.cli.corpus_cmd",
    "judge.cli.search_cmd",
    "judge.cli.rules_cmd",
    "judge.cli.docs_cmd",
    "judge.cli.bench_cmd",
    "judge.cli.faq_cmd",
    "judge.cli.card_cmd",
    "judge.cli.playout_cmd",
]

for _name in COMMAND_MODULES:
    importlib.import_module(_name).register(app)
