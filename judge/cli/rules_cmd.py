"""`judge rule`, `judge rules export`, `judge diff`, `judge build`."""

from __future__ import annotations

from typing import List, Optional

import typer


# Version ids are typed on the command line; what they are is said in Chinese beside them.
VERSION_NAMES = {"older": "旧版编号摘录", "search": "规则检索摘录"}


def _version_name(version: str) -> str:
    name = VERSION_NAMES.get(version)
    return f"{name}（{version}）" if name else f"{version} 版核心规则"


def register(app: typer.Typer) -> None:
    @app.command("rule", context_settings={"allow_extra_args": False})
    def rule_cmd(
        numbers: List[str] = typer.Argument(..., help="规则编号或范围，如 349、103.2.a、≈355.4、318-323、“规则 349.打出卡牌”"),
        depth: Optional[int] = typer.Option(None, "--depth", "-d", min=0, help="子规则显示的层数（0 = 只显示该条）"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
        version: Optional[str] = typer.Option(None, "--version", help="规则版本（默认 2026-07-17）"),
    ) -> None:
        """按编号查询规则：正文、举例、子规则树、引用与被引用、编号来源。推断的编号以 ≈ 标出。"""
        from judge.cli import rule_fast

        args = list(numbers)
        if depth is not None:
            args += ["--depth", str(depth)]
        if as_json:
            args.append("--json")
        if version:
            args += ["--version", version]
        raise typer.Exit(rule_fast.run(args) or 0)

    rules_app = typer.Typer(help="规则树：导出。", no_args_is_help=True)
    app.add_typer(rules_app, name="rules")

    @rules_app.command("export")
    def export_cmd(
        fmt: str = typer.Option("jsonl", "--format", "-f", help="jsonl | json | csv"),
        version: Optional[str] = typer.Option(None, "--version", help="版本（默认当前版本；all = 全部版本）"),
        output: Optional[str] = typer.Option(None, "--output", "-o", help="写入文件（默认输出到终端）"),
    ) -> None:
        """导出每条规则：编号、编号来源、置信度、父规则、层级、标题、正文、举例、引用、被引用、版本、出处。"""
        import sys

        from judge.errors import JudgeError
        from judge.rules import export, lookup
        from judge.store import open_store

        if fmt not in export.FORMATS:
            raise JudgeError(f"不支持的导出格式“{fmt}”。可选：{' | '.join(export.FORMATS)}")
        conn = open_store()
        if version and version != "all" and version not in [v["version"] for v in lookup.versions(conn)]:
            raise JudgeError(f"没有版本“{version}”。可用版本：{'、'.join(v['version'] for v in lookup.versions(conn))}")
        text = export.dumps(export.export_rows(conn, version), fmt)
        if output:
            try:
                with open(output, "w", encoding="utf-8", newline="") as fh:
                    fh.write(text)
            except OSError as exc:
                from judge.errors import os_reason

                raise JudgeError(f"无法写入 {output}：{os_reason(exc)}", hint="请用 --output 指定一个可写的位置。") from None
            typer.echo(f"已导出到 {output}", err=True)
        else:
            sys.stdout.write(text)

    @app.command("diff")
    def diff_cmd(
        version_a: str = typer.Argument("older", help="旧版本（older = 旧版编号摘录，search = 规则检索摘录）"),
        version_b: Optional[str] = typer.Argument(None, help="新版本（默认当前版本 2026-07-17）"),
        show_same: bool = typer.Option(False, "--all", help="也列出相同的段落"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
    ) -> None:
        """比较两个规则版本：哪些段落不同，旧编号如何对应到新编号（如 346 → 349）。"""
        import json

        from judge.errors import JudgeError
        from judge.rules import lookup, versions
        from judge.rules.render import _snippet
        from judge.store import open_store

        conn = open_store()
        known = [v["version"] for v in lookup.versions(conn)]
        version_b = version_b or lookup.current_version(conn)
        for v in (version_a, version_b):
            if v not in known:
                raise JudgeError(f"没有版本“{v}”。可用版本：{'、'.join(known)}")
        pairs = versions.compare(conn, version_a, version_b)
        # Paragraphs of b that lie outside what a covers are not differences: show b only where a has text.
        covered = [p for p in pairs if p.a is not None]
        if as_json:
            typer.echo(json.dumps({
                "a": version_a, "b": version_b, "summary": versions.summary(covered),
                "pairs": [{"status": p.status, "similarity": p.similarity,
                           "a": p.a and {"number": p.a["number"], "text": p.a["text"], "line": p.a["source_line"]},
                           "b": p.b and {"number": p.b["number"], "display_number": p.b["display_number"],
                                         "text": p.b["text"], "line": p.b["source_line"]}} for p in pairs
                          if p.a is not None or show_same],
                "number_map": [{"old": o, "new": n, "status": s} for o, n, s, _ in versions.number_map(pairs)],
            }, ensure_ascii=False, indent=2))
            return
        s = versions.summary(covered)
        name_a, name_b = _version_name(version_a), _version_name(version_b)
        typer.echo(f"比较 {name_a} → {name_b}：{name_a}的 {len(covered)} 段中，相同 {s['same']}、"
                   f"有改动 {s['changed']}、仅见于{name_a} {s['only_a']}。")
        for p in pairs:
            if p.status == versions.CHANGED:
                typer.echo(f"\n~ {p.a['number'] or p.a['source_line']} → {p.b['display_number'] or ''}（相似度 {p.similarity:.0f}%）")
                typer.echo(f"  - {_snippet(p.a['text'], 100)}")
                typer.echo(f"  + {_snippet(p.b['text'], 100)}")
            elif p.status == versions.ONLY_A:
                typer.echo(f"\n- 仅见于{name_a}（第 {p.a['source_line']} 行）{p.a['number'] or ''}")
                typer.echo(f"  {_snippet(p.a['text'], 100)}")
            elif p.status == versions.SAME and show_same:
                typer.echo(f"\n= {p.a['number'] or ''} → {p.b['display_number'] or ''} {_snippet(p.b['text'], 60)}")
        nmap = versions.number_map(pairs)
        if nmap:
            shifts = versions.level0_shifts(pairs)
            main = next(iter(shifts))
            typer.echo(f"\n编号对应（旧 → 新；主要偏移 {main:+d}，≈ 表示新编号为推断）：")
            for old, new, status, _ in nmap:
                if old.count(".") <= 1:
                    typer.echo(f"  {old} → {new}{'' if status == versions.SAME else '（文字有改动）'}")

    @app.command("build")
    def build_cmd() -> None:
        """重新构建规则数据库（规则树、FAQ、术语表、搜索索引），并显示进度。"""
        import time

        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        from judge.store import build_store, cache

        t0 = time.perf_counter()
        with Progress(TextColumn("[bold]构建规则数据库[/]"), BarColumn(), TextColumn("{task.description}"),
                      TimeElapsedColumn()) as prog:
            task = prog.add_task("准备", total=1)

            def progress(stage: str, i: int, total: int) -> None:
                prog.update(task, total=total, completed=i, description=stage)

            def align_progress(done: int, total: int) -> None:
                prog.update(task, description=f"参考文本对齐 {done}/{total}")

            path = build_store(progress=progress, force=True, align_progress=align_progress)
        conn = cache.check_store(path, cache.cache_key())
        counts = dict(conn.execute("SELECT number_source, count(*) FROM rules WHERE version = "
                                   "(SELECT value FROM meta WHERE key='current_version') GROUP BY number_source").fetchall())
        typer.echo(f"已构建 {path}（{time.perf_counter() - t0:.2f} 秒）")
        from judge.rules.render import SOURCE_LABEL

        typer.echo("当前版本规则（按编号来源）：" + "、".join(f"{SOURCE_LABEL.get(k, k)} {v}" for k, v in sorted(counts.items())))
