"""The `judge` command. Thin: parses arguments, calls the package, renders.

`main` first offers the arguments to the fast path (judge.cli.fast), which answers the hot
lookups (`judge rule`, `judge search`) without importing typer or rich; everything else goes
to the typer app. Both paths call the same package functions and renderers.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    from judge.errors import JudgeError

    args = sys.argv[1:] if argv is None else list(argv)
    try:
        from judge.cli import fast

        code = fast.dispatch(args)
        if code is None:
            from judge.cli.app import app

            app(args=args, prog_name="judge")
            code = 0
    except JudgeError as err:
        print(f"错误：{err.render()}", file=sys.stderr)
        code = err.exit_code
    except KeyboardInterrupt:
        print("已中断。", file=sys.stderr)
        code = 130
    except BrokenPipeError:
        code = 0
    sys.exit(code)
