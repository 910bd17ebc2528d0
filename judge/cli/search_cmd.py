"""`judge search QUERY`: rules, FAQ, errata and glossary, however the query is written.

Two entry points call the same `run`: `fast` (no typer/rich; registered in judge.cli.fast) and the
typer command (for --help and anything the fast parser does not take).
"""

from __future__ import annotations

import sys

HELP = (
    "搜索规则、FAQ、勘误与术语：中文词语或问题（对手的回合我可以打法术吗）、英文术语或其他卡牌游戏的说法"
    "（Hidden、tap、stack）、拼音（ranjin）、繁体（燃盡）、错别字（燃烬）、卡牌名称（中文、英文或拼音，"
    "先列出该卡的FAQ裁定与勘误），以及规则编号（规则 318、349 打出卡牌、[322.2.]）。"
    "命中某一节的标题时，随后列出该节最相关的条款；每条结果注明所在章节。"
    "\n\n以“-”开头的查询请先写 --：judge search -- -燃尽。"
    "\n\n退出状态：0 = 完成（没有结果也是 0：会用中文说明并列出最接近的术语，--json 给出 hits: [] 与 message）；"
    "2 = 查询无效（为空、只有标点、超过 256 个字符）或选项有误。"
)
USAGE = "用法：judge search 查询内容 [--limit N] [--kind 规则|FAQ|勘误|术语] [--json] [--color auto|always|never] [--no-color]"
MAX_LIMIT = 200


def run(query: str, *, limit: int = 10, kinds: list[str] | None = None, as_json: bool = False,
        color: str = "auto", out=None) -> int:
    """Search and print; 0 also when nothing was found (the output says so and names the closest
    terms; JSON has `hits: []`). Bad input raises (exit 2)."""
    from judge.search import engine, render

    out = out or sys.stdout
    kind_list = engine.parse_kinds(kinds)
    engine.check_query(query)
    from judge.api import Rulebook

    with Rulebook() as book:
        result = book.search(query, kinds=kind_list, limit=limit)
    data = result.data  # the whole document, as `--json` prints it and the renderer reads it
    if result.message:  # it may quote a 100 KB query: never echoed whole
        from judge.errors import clip_echo

        data = dict(data, message=clip_echo(result.message))
    if as_json:
        out.write(render.render_json(data) + "\n")
    else:
        out.write(render.render_text(data, color=render.use_color(color, out)) + "\n")
    return 0


def fast(args: list[str]) -> int | None:
    """Parse `judge search ...` without typer; None hands anything unusual to the typer app."""
    words: list[str] = []
    limit, kinds, as_json, color = 10, [], False, "auto"
    i = 0
    try:
        while i < len(args):
            a = args[i]
            if a == "--":
                words.extend(args[i + 1 :])
                break
            if a in ("--limit", "-n"):
                limit = int(args[i + 1])
                i += 2
                continue
            if a.startswith("--limit="):
                limit = int(a.split("=", 1)[1])
            elif a in ("--kind", "-k"):
                kinds.append(args[i + 1])
                i += 2
                continue
            elif a.startswith("--kind="):
                kinds.append(a.split("=", 1)[1])
            elif a == "--json":
                as_json = True
            elif a == "--no-color":
                color = "never"
            elif a.startswith("--color="):
                color = a.split("=", 1)[1]
            elif a.startswith("-") and len(a) > 1 and not a[1:].replace(".", "").isdigit():
                return None  # an option the fast path does not know: typer reports it
            else:
                words.append(a)
            i += 1
    except (IndexError, ValueError):
        return None
    if color not in ("auto", "always", "never") or not 1 <= limit <= MAX_LIMIT:
        return None
    return run(" ".join(words), limit=limit, kinds=kinds, as_json=as_json, color=color)


def register(app) -> None:
    import typer

    @app.command("search", help=HELP)
    def search_command(
        query: list[str] = typer.Argument(None, metavar="查询内容", help="要搜索的内容（可含空格）。"),
        limit: int = typer.Option(10, "--limit", "-n", min=1, max=MAX_LIMIT, help="最多显示多少条结果（1–200）。"),
        kind: list[str] = typer.Option(None, "--kind", "-k", help="只看某类结果：规则(rule)、FAQ(faq)、勘误(errata)、术语(term)；可重复或用逗号分隔。"),
        as_json: bool = typer.Option(False, "--json", help="输出 JSON（字段说明见 judge/search/__init__.py）。"),
        color: str = typer.Option("auto", "--color", help="高亮：auto（终端里才着色，设置了 NO_COLOR 时不着色）、always、never。"),
        no_color: bool = typer.Option(False, "--no-color", help="不着色，同 --color never。"),
    ) -> None:
        if color not in ("auto", "always", "never"):
            raise typer.BadParameter("只能是 auto、always 或 never。", param_hint="--color")
        if no_color:
            color = "never"
        code = run(" ".join(query or []), limit=limit, kinds=kind or None, as_json=as_json, color=color)
        raise typer.Exit(code)
