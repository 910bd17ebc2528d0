"""`judge card NAME|NUMBER [--json]` (fast path, stdlib + sqlite3) and `judge cards import|list`."""

from __future__ import annotations

import json
import sys

USAGE = ("用法：judge card 名称或收藏编号 [--json] [--full]   "
         "例：judge card 精灵女王、judge card OGN·127、judge card \"Garen, Commander\"")


def parse_args(args: list[str]) -> dict | None:
    opts = {"query": [], "json": False, "full": False}
    for a in args:
        if a == "--json":
            opts["json"] = True
        elif a == "--full":
            opts["full"] = True
        elif a.startswith("--"):
            return None  # unknown option: the typer app explains
        else:
            opts["query"].append(a)
    return opts


def show(query: str, as_json: bool = False, full: bool = False) -> int:
    from judge.cards import resolver
    from judge.cards.render import render_card
    from judge.cards.report import card_report
    from judge.store import open_store

    match = resolver.lookup(query)
    if match.card is None and match.imported is not None:
        from judge.cards.render import render_imported_card
        from judge.cards.report import imported_card_report

        report = imported_card_report(match.imported, query)
        print(json.dumps(report, ensure_ascii=False, indent=2) if as_json else render_imported_card(report))
        return 0
    card, how = resolver.resolve_match(match)
    report = card_report(open_store(), card, query=query, matched_by=how)
    if as_json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(render_card(report, full=full))
    return 0


def run(args: list[str]) -> int | None:
    opts = parse_args(args)
    if opts is None:
        return None
    if not opts["query"]:
        print(f"错误：请给出卡牌名称或收藏编号。\n{USAGE}", file=sys.stderr)
        return 1
    return show(" ".join(opts["query"]), opts["json"], opts["full"])


def register(app) -> None:
    import typer

    @app.command("card")
    def card_cmd(
        query: list[str] = typer.Argument(..., help="卡牌名称（中文、英文、拼音、繁体，可有错字）或收藏编号（OGN·127、ogn127）"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
        full: bool = typer.Option(False, "--full", help="FAQ 条目显示更长的摘录"),
    ) -> None:
        """一张卡牌的事实、关键词对应的规则、FAQ 裁定与勘误、使用它的场景。"""
        raise typer.Exit(show(" ".join(query), as_json, full))

    cards_app = typer.Typer(help="卡牌目录：导入发行方的卡牌目录（显示官方卡牌文本）、列出已导入的目录。",
                            no_args_is_help=True)
    app.add_typer(cards_app, name="cards")

    @cards_app.command("import")
    def import_cmd(
        file: str | None = typer.Argument(None, help="发行方格式的卡牌目录 JSON 文件"),
        name: str | None = typer.Option(None, "--name", help="保存的名称（默认取文件名）"),
        remove: str | None = typer.Option(None, "--remove", help="删除一份已导入的目录（按名称）"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
    ) -> None:
        """导入卡牌目录：校验后原子地保存到用户缓存，此后 judge card 也显示官方卡牌文本（注明来源）。"""
        from judge.cards import imported
        from judge.errors import JudgeError

        if remove:
            if file:
                raise JudgeError("--remove 与导入文件不能同时给出。", hint="删除：judge cards import --remove 名称")
            path = imported.remove(remove)
            typer.echo(f"已删除导入的卡牌目录 {remove}（{path}）。")
            return
        if not file:
            raise JudgeError("请给出要导入的卡牌目录文件。", hint="例如 judge cards import card-catalog.json；"
                                                           "删除用 judge cards import --remove 名称")
        summary = imported.import_file(file, name)
        if as_json:
            typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
            return
        typer.echo(f"已导入卡牌目录 {summary['name']}：{summary['printings']} 张印刷品，"
                   f"{summary['with_text']} 张有卡牌文本，{summary['matched']} 张对应内置卡牌。")
        if summary["unknown"]:
            typer.echo(f"  {summary['unknown']} 张印刷品不在内置目录中（可能是更新的卡牌）：judge card 按其准确名称或收藏编号"
                       "显示导入目录中的事实与文本（没有 FAQ 裁定与规则链接）。")
        typer.echo("judge card 现在会显示这些卡牌的官方文本，并注明来源。")

    @cards_app.command("list")
    def list_cmd(as_json: bool = typer.Option(False, "--json", help="以 JSON 输出")) -> None:
        """列出已导入的卡牌目录。"""
        from judge.cards import imported
        from judge.cards.render import render_list

        summaries = [imported.summary(r) for r in imported.stored()]
        if as_json:
            typer.echo(json.dumps(summaries, ensure_ascii=False, indent=2))
        else:
            typer.echo(render_list(summaries))
