"""Fast path for the hot commands (lookups and `judge run`): no typer, no rich, no sqlite_utils on this path.

Each entry maps a sub-command to a function `(args) -> int | None`; returning None hands
the arguments to the full typer app (for --help, unusual options, or anything it does not parse).
"""

from __future__ import annotations

import importlib

# sub-command -> "module:function"; filled by the modules that own the commands.
FAST_COMMANDS: dict[str, str] = {
    "rule": "judge.cli.rule_fast:run",
    "search": "judge.cli.search_cmd:fast",
    "card": "judge.cli.card_cmd:run",
    "run": "judge.cli.run_fast:run",
}


def dispatch(args: list[str]) -> int | None:
    if not args or args[0] not in FAST_COMMANDS or any(a in ("--help", "-h") for a in args):
        return None
    module, func = FAST_COMMANDS[args[0]].split(":")
    return getattr(importlib.import_module(module), func)(args[1:])
