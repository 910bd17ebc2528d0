"""`judge run FILE|DIR` and `judge check FILE`: play scenarios and print their rule-cited traces."""

from __future__ import annotations

import sys
from pathlib import Path

import typer


def _load(path: Path):
    from judge.api import load_scenario

    return load_scenario(path)


def _given_or_shipped(path: Path) -> Path:
    """The path as given, else the same relative path among the shipped scenarios (an installed package)."""
    from judge.paths import scenario_path

    return scenario_path(path)


def _unreadable(path: Path, exc: Exception):
    """A ScenarioError for a failure the parser did not foresee (so a batch can go on)."""
    from judge.dsl.errors import ScenarioError

    return ScenarioError(f"无法读取场景（{type(exc).__name__}），已跳过此文件。", file=str(path))


def register(app: typer.Typer) -> None:
    @app.command("run")
    def run_cmd(
        path: Path = typer.Argument(..., help="场景文件或目录（目录下所有 .场景 文件）"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
        fmt: str = typer.Option("terminal", "--format", help="输出格式：terminal | md | json"),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="只输出汇总与未通过的场景"),
        auto: bool = typer.Option(False, "--auto", help="缺少选择时按文档中的默认方式决定（并在追踪中注明）"),
        interactive: bool = typer.Option(False, "--interactive", "-i",
                                         help="缺少选择时在终端询问（列出合法选项），并可把回答写入场景文件"),
    ) -> None:
        """推演场景：打印逐步追踪（含规则编号）与每条期望的 ✓/✗；有失败时退出码非零。"""
        from judge.cli.run_fast import execute, files_of
        from judge.trace import render

        path, files = files_of(path)
        fmt = "json" if as_json else fmt
        if interactive:
            _run_interactive(path, files)
            return
        console = None
        if fmt == "terminal":
            from rich.console import Console

            # Wrapping is for a screen: a saved or piped trace keeps each line whole (grep-able).
            console = Console(highlight=False, soft_wrap=not sys.stdout.isatty())
        if execute(path, files, fmt, quiet, auto, lambda result: render.to_terminal(result, console, quiet=quiet)):
            raise typer.Exit(1)

    def _run_interactive(path: Path, files) -> None:
        """Ask for missing choices at the terminal (judge.scenario.interactive)."""
        from rich.console import Console

        from judge.dsl.errors import ScenarioError
        from judge.scenario.interactive import run_interactive
        from judge.trace import render

        if len(files) != 1 or not path.is_file():
            raise ScenarioError("--interactive 只能用于单个场景文件。", file=str(path))
        console = Console(highlight=False)

        def ask(prompt: str, options: list[str]) -> str:
            for i, opt in enumerate(options, 1):
                console.print(f"  {i}. {opt}")
            return typer.prompt("请输入选项编号（或直接写出一行场景语句）")

        run = run_interactive(path, ask, lambda q: typer.confirm(q, default=False), console.print)
        render.to_terminal(run.result, console)
        if run.added and not run.saved:
            console.print("未写入文件；加入的行：" + "；".join(f"第 {n} 行前：{line}" for n, line in run.added))
        if not run.result.passed:
            raise typer.Exit(1)

    @app.command("check")
    def check_cmd(path: Path = typer.Argument(..., help="场景文件或目录")) -> None:
        """只解析并校验场景（语法、引用、不可能的局面），不推演。"""
        from judge.dsl.errors import ScenarioError
        from judge.scenario.runner import scenario_files
        from judge.scenario.setup import build_game

        path = _given_or_shipped(path)
        if not path.exists():
            raise ScenarioError("找不到场景文件或目录。", file=str(path))
        bad = 0
        for f in scenario_files(path):
            try:
                sc = _load(f)
                build_game(sc)
            except ScenarioError as err:
                bad += 1
                print(f"错误：{err.render()}", file=sys.stderr)
                continue
            except Exception as exc:  # one unreadable file never stops the batch
                bad += 1
                print(f"错误：{_unreadable(f, exc).render()}", file=sys.stderr)
                continue
            print(f"✓ {f}：{sc.title or '（无标题）'}，{len(sc.players)} 名玩家，{len(sc.steps)} 个步骤，"
                  f"{len(sc.expectations)} 条期望")
        if bad:
            raise typer.Exit(2)
