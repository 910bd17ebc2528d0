"""`judge docs build|check`: generate the rulings site's Markdown and check its links."""

from __future__ import annotations

from pathlib import Path

import typer


def _unwritable_as_error(build, out: Path):
    """An output folder that cannot be written (read-only, /proc, disk full) is a Chinese error."""
    from judge.errors import JudgeError, os_reason

    try:
        return build(out)
    except OSError as exc:
        where = exc.filename or out
        raise JudgeError(f"无法写入输出目录 {where}：{os_reason(exc)}。",
                         hint="请用 --out 指定一个可写的目录（并确认磁盘有剩余空间）。") from None


def register(app: typer.Typer) -> None:
    docs_app = typer.Typer(help="裁定文档站点：生成 Markdown（供 mkdocs 构建）并检查链接。", no_args_is_help=True)
    app.add_typer(docs_app, name="docs")

    @docs_app.command("build")
    def build_cmd(
        out: Path = typer.Option(None, "--out", "-o", help="输出目录（默认：mkdocs.yml 的 docs_dir，即 docs_build/）。"),
        check: bool = typer.Option(False, "--check", help="生成后检查每个站内链接与锚点（较慢）。"),
    ) -> None:
        """从规则库、FAQ 与场景生成文档站点的 Markdown。之后运行 `mkdocs build --strict` 生成静态网站。"""
        from judge.docs.build import build_docs, default_out_dir

        out = out or default_out_dir()
        typer.echo(f"生成文档站点的 Markdown 到：{out.absolute()}（--out 可指定其他目录）")
        report = _unwritable_as_error(lambda d: build_docs(d, on_wait=lambda message: typer.echo(message, err=True)), out)
        typer.echo(f"已生成 {report.pages} 个页面，{report.links} 个站内链接，"
                   f"{report.rulings} 个裁定场景，用时 {report.seconds:.2f} 秒 → {report.out_dir}")
        for note in report.notes:
            typer.echo(f"注意：{note}")
        if not check:
            return
        from judge.docs.linkcheck import check_dir

        links = check_dir(report.out_dir)
        typer.echo(f"链接检查：{links.internal_links} 个站内链接，{len(links.broken)} 个失效。")
        if links.broken:
            for b in links.broken[:20]:
                typer.echo(f"失效链接：{b}", err=True)
            typer.echo(f"共 {len(links.broken)} 个失效链接。", err=True)
            raise typer.Exit(1)

    @docs_app.command("check")
    def check_cmd(
        directory: Path = typer.Argument(None, help="要检查的目录（默认 docs_build/）。"),
    ) -> None:
        """检查生成的 Markdown 中每个站内链接与锚点都能解析。"""
        from judge.docs.build import default_out_dir
        from judge.docs.linkcheck import check_dir
        from judge.errors import JudgeError

        directory = directory or default_out_dir()
        if not directory.is_dir():
            raise JudgeError(f"找不到文档目录：{directory}", hint="请先运行 judge docs build。")
        links = check_dir(directory)
        typer.echo(f"{links.pages} 个页面，{links.internal_links} 个站内链接，{links.anchors} 个锚点，"
                   f"{len(links.broken)} 个失效链接。")
        for b in links.broken:
            typer.echo(f"失效链接：{b}", err=True)
        if links.broken:
            raise typer.Exit(1)
