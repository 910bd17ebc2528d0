"""`judge run`: the batch of scenario files (shared by the fast path and the typer command) and the
fast path itself — hand-parsed arguments, plain text, no typer or rich. Anything the fast path does
not parse (--interactive, --help, unknown options) goes to the typer command, which renders with
rich and runs the same batch."""

from __future__ import annotations

import sys


def parse_args(args: list[str]) -> dict | None:
    opts = {"path": None, "quiet": False, "format": "terminal", "auto": False}
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--quiet", "-q"):
            opts["quiet"] = True
        elif a == "--json":
            opts["format"] = "json"
        elif a == "--auto":
            opts["auto"] = True
        elif a == "--format" and i + 1 < len(args):
            opts["format"] = args[i + 1]
            i += 1
        elif a.startswith("--format="):
            opts["format"] = a.split("=", 1)[1]
        elif a.startswith("-") or opts["path"] is not None:
            return None
        else:
            opts["path"] = a
        i += 1
    return opts if opts["path"] is not None else None


def _unreadable(path, exc: Exception):
    """A ScenarioError for a failure the parser did not foresee (so a batch can go on)."""
    from judge.dsl.errors import ScenarioError

    return ScenarioError(f"无法读取场景（{type(exc).__name__}），已跳过此文件。", file=str(path))


def execute(path, files, fmt: str, quiet: bool, auto: bool, terminal) -> int:
    """Run each file; print its trace (`terminal(result)` for the terminal format), then the summary.
    Returns the exit code (1 when a scenario failed or could not be read)."""
    from judge.api import load_scenario, run_scenario
    from judge.dsl.errors import ScenarioError
    from judge.trace import render

    if fmt not in ("terminal", "md", "json"):
        raise ScenarioError(f"未知的输出格式“{fmt}”：可用 terminal、md、json。", file=str(path))
    failed = errors = 0
    json_out = []
    for f in files:
        try:
            sc = load_scenario(f)
        except Exception as exc:  # one unreadable file never stops the batch
            errors += 1
            err = exc if isinstance(exc, ScenarioError) else _unreadable(f, exc)
            if fmt == "json":
                json_out.append({"file": str(f), "error": err.to_dict(), "passed": False})
            else:
                print(f"错误：{err.render()}", file=sys.stderr)
            continue
        try:
            result = run_scenario(sc, auto=auto)
        except Exception as err:  # an engine defect: report it per file, never as a traceback
            errors += 1
            print(f"错误：{f}: 引擎内部错误（{type(err).__name__}: {err}），请报告此场景。", file=sys.stderr)
            continue
        failed += 0 if result.passed else 1
        if fmt == "json":
            import json

            json_out.append(json.loads(render.to_json(result, indent=None)))
        elif fmt == "md":
            print(render.to_markdown(result, source_text=f.read_text("utf-8")))
        elif not (quiet and result.passed):  # --quiet: the summary and the failures only
            terminal(result)
    if fmt == "json":
        import json

        out = json_out[0] if len(files) == 1 and path.is_file() else json_out
        print(json.dumps(out, ensure_ascii=False, indent=2))
    elif len(files) > 1 or quiet:
        ok = len(files) - failed - errors
        print(f"\n共 {len(files)} 个场景：{ok} 个通过，{failed} 个未通过，{errors} 个无法读取。")
    return 1 if failed or errors else 0


def files_of(path):
    """The scenario files a path names (a shipped scenario's relative path works too)."""
    from pathlib import Path

    from judge.dsl.errors import ScenarioError
    from judge.scenario.runner import scenario_files

    path = Path(path)
    if not path.exists():
        from judge.paths import scenario_path

        path = scenario_path(path)
    if not path.exists():
        raise ScenarioError("找不到场景文件或目录。", file=str(path))
    files = scenario_files(path)
    if not files:
        raise ScenarioError("目录中没有场景文件（*.场景）。", file=str(path))
    return path, files


def run(args: list[str]) -> int | None:
    opts = parse_args(args)
    if opts is None:
        return None
    from judge.trace import render

    path, files = files_of(opts["path"])
    color = opts["format"] == "terminal" and sys.stdout.isatty()
    return execute(path, files, opts["format"], opts["quiet"], opts["auto"],
                   lambda result: render.to_text(result, quiet=opts["quiet"], color=color))
