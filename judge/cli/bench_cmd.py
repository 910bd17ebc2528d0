"""`judge bench`: the benchmark runner of the checkout (benchmarks/ is not an installed package)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer


def benchmarks_root() -> Path | None:
    """The checkout holding benchmarks/__main__.py beside the judge package, or None when installed elsewhere."""
    from judge import paths

    repo = Path(paths.REPO_DIR)
    return repo if (repo / "benchmarks" / "__main__.py").is_file() else None


def run_benchmarks(argv: list[str]) -> int:
    from judge.errors import JudgeError

    repo = benchmarks_root()
    if repo is None:
        raise JudgeError(
            "找不到 benchmarks/ 目录：`judge bench` 只能在源码检出中运行（基准测试不随安装包发布）。",
            hint="请先 git clone 本项目，在检出目录中执行 `pip install -e .` 后再运行 `judge bench`，"
                 "或在检出目录中运行 `python -m benchmarks`。",
        )
    if str(repo) not in sys.path:
        sys.path.insert(0, str(repo))
    import importlib

    from judge.cli import zh

    zh.install_argparse()
    runner = importlib.import_module("benchmarks.__main__")
    return runner.main(argv, prog="judge bench")


def register(app: typer.Typer) -> None:
    @app.command("bench", context_settings={"allow_extra_args": True, "ignore_unknown_options": True,
                                            "help_option_names": []})
    def bench_cmd(ctx: typer.Context) -> None:
        """运行基准测试（速度与质量指标），输出表格与 JSON；参数同 `python -m benchmarks`（--quick、--json、--results-md、--only）。"""
        code = run_benchmarks(list(ctx.args))
        if code:
            raise typer.Exit(code)
