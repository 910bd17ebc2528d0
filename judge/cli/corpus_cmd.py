"""`judge corpus ...`: the shipped documents and their manifest; numbered references (align)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    corpus_app = typer.Typer(help="语料文件：校验清单、对齐带编号的参考文本。", no_args_is_help=True)
    app.add_typer(corpus_app, name="corpus")

    @corpus_app.command("verify")
    def verify_cmd() -> None:
        """校验 rules_corpus/ 中每个文件的 sha256 与 MANIFEST.tsv 一致。"""
        from judge.corpus import manifest

        for doc in manifest.verify():
            typer.echo(f"✓ {doc.file}  {doc.version}  {doc.kind}  {doc.sha256[:12]}")

    @corpus_app.command("align")
    def align_cmd(
        path: Optional[Path] = typer.Argument(None, help="带编号的规则纯文本（中文或英文），如官方规则 PDF 导出的文本。"),
        lang: Optional[str] = typer.Option(None, "--lang", help="参考文本的语言：zh 或 en（默认自动识别）。"),
        name: Optional[str] = typer.Option(None, "--name", help="参考的名称（默认取文件名）；同名参考会被替换。"),
        remove: Optional[str] = typer.Option(None, "--remove", help="删除已存储的参考 NAME，恢复随附的编号（或上一个参考）。"),
        show_all: bool = typer.Option(False, "--all", help="报告中列出全部条目（默认每类最多 30 条）。"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出对齐报告。"),
        export_map: Optional[Path] = typer.Option(
            None, "--export-map",
            help="不存储参考，而是把对齐结果写成编号对照表（只含编号与结构），如 rules_corpus/numbering-map.tsv。"),
    ) -> None:
        """把语料的段落与用户提供的带编号规则文本对齐，采用其中可靠的编号。"""
        from judge.errors import JudgeError
        from judge.store import references as service
        from judge.rules.align.report import render

        if remove is not None:
            if path is not None:
                raise JudgeError("--remove 不能与参考文件路径同时使用", hint="删除：judge corpus align --remove NAME")
            now = service.remove_reference(remove)
            typer.echo(f"已删除参考「{remove}」。")
            if now is None:
                typer.echo("规则树恢复为随附语料的编号。")
            else:
                typer.echo(f"现在应用的参考：「{now.name}」。")
            return
        if path is None:
            raise JudgeError("缺少参考文件路径", hint="用法：judge corpus align PATH [--lang zh|en] [--name NAME]；或 judge corpus align --remove NAME")
        if export_map is not None:
            figures = service.export_numbering_map(path, export_map, lang, name)
            typer.echo(f"已写入编号对照表 {export_map}：语料 {figures['paragraphs']} 段，"
                       f"{figures['official']} 段采用官方编号（置信度 ≥ {figures['threshold']:.2f}），"
                       f"{figures['inferred']} 段为推断编号；确定比例 {figures['confident_share']:.2%}"
                       f"（其中 {figures['checked']} 段按人工核对表更正或确认）。")
            typer.echo("各类条目：" + "、".join(f"{k} {v}" for k, v in sorted(figures["roles"].items())))
            return
        from judge.store.progress import ProgressLine

        typer.echo(f"正在读取并对齐参考文本 {path}（长文本可能需要几分钟，进度见下）……", err=True)
        progress = ProgressLine("对齐参考文本")
        report, replaced = service.add_reference(path, lang, name, progress=progress)
        progress.done("对齐完成")
        if as_json:
            import json

            typer.echo(json.dumps(report, ensure_ascii=False, indent=2))
            return
        if replaced:
            typer.echo(f"已替换同名参考「{report['reference']['name']}」。")
        typer.echo(render(report, None if show_all else 30))
        typer.echo(f"已存储到用户缓存（不在仓库中）；删除：judge corpus align --remove {report['reference']['name']}")

    @corpus_app.command("references")
    def references_cmd(
        report: bool = typer.Option(False, "--report", help="再次显示当前应用的参考文本的完整对齐报告。"),
        show_all: bool = typer.Option(False, "--all", help="与 --report 同用：列出全部条目。"),
    ) -> None:
        """列出已存储的参考文本（最新添加的一个被应用）。"""
        from judge.rules.align import storage
        from judge.store import references as service
        from judge.rules.align.reference import LANG_NAMES

        if report:
            from judge.rules.align.report import render

            current = service.current_report()
            if current is None:
                typer.echo("没有应用中的参考文本；规则树使用随附语料的编号。")
            else:
                typer.echo(render(current, None if show_all else 30))
            return
        items = service.list_references()
        if not items:
            typer.echo("没有存储任何参考文本；规则树使用随附语料的编号。添加：judge corpus align PATH")
        for it in items:
            r = it.reference
            mark = "▶ 应用中" if it.applied else "  未应用"
            typer.echo(f"{mark}  {r.name}  {LANG_NAMES.get(r.lang, r.lang)}  {r.doc_date or '未注明日期'}  "
                       f"{len(r.rules)} 条  添加于 {r.added_at[:19].replace('T', ' ')}  来源 {r.source}")
            if it.summary:
                s = it.summary
                if s["applied"]:
                    typer.echo(f"          {s['numbered']}/{s['paragraphs']} 段采用参考编号；冲突 {len(s['conflicts'])} 处；"
                               f"参考独有 {len(s['missing'])} 条")
                else:
                    typer.echo("          编号体系与语料不一致，未改动编号（只报告对应关系）")
        for bad in storage.broken():
            typer.echo(f"  已损坏  {bad}（无法读取，已忽略；可直接删除该文件）")
