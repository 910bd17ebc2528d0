"""Ruling pages: one per scenario — question, board, trace with linked rules, expectations ✓/✗."""

from __future__ import annotations

import html
from collections import defaultdict

from judge.docs.board_svg import render_board
from judge.docs.context import SiteContext
from judge.docs.markup import esc, esc_lines, fence, heading, indent, slug
from judge.docs.pages_cards import ruling_card_line
from judge.docs.rulings_model import BoardView, Ruling
from judge.docs.site_css import TEXT_STACK

INDEX = "rulings/index.md"


KIND_MARK = {"action": "▶", "result": "★", "illegal": "⊘", "check": "☑", "stop": "■", "auto": "◇", "choice": "◆"}


def _mark(ok: bool | None) -> str:
    return "✓" if ok else ("✗" if ok is False else "–")


def render_ruling(ctx: SiteContext, ru: Ruling) -> str:
    page = ctx.ruling_page[ru.path]
    lines = [f"# {esc(ru.title)} {{#top}}", ""]
    verdict = "引擎结果符合全部期望 ✓" if ru.passed else ("引擎未能运行此场景 ✗" if ru.error else "引擎结果与期望不符 ✗")
    lines += [f"主题：{ctx.page_link(page, INDEX, esc(ru.topic), topic_anchor(ru))} · 场景文件：`scenarios/{esc_code(ru.path)}` · {verdict}", ""]

    lines += [heading(2, "问题", "question"), ""]
    lines += [p + "\n" for p in esc_lines(ru.question)] or ["（场景未写明问题。）", ""]
    if ru.sources:
        lines += ["**出处**：" + "；".join(_source(ctx, page, s) for s in ru.sources), ""]
    lines += ruling_card_line(ctx, page, ru)

    lines += [heading(2, "局面", "board"), ""]
    start = next((b for b in ru.boards if b.at == "start"), None)
    if start is not None:
        lines += [board_figure(start, "开始时的局面"), ""]
        lines += ['???+ note "局面的场景写法"', ""] + indent(fence(ru.board or ru.source_text).splitlines()) + [""]
    else:
        lines += [fence(ru.board or ru.source_text), ""]

    lines += [heading(2, "推演过程", "trace"), ""]
    if ru.error:
        lines += ['!!! failure "无法运行"', f"    {esc(ru.error)}", ""]
    if not ru.steps and not ru.error:
        lines += ["（没有推演步骤。）", ""]
    checkpoints = [b for b in ru.boards if b.at == "checkpoint"]
    pictures = iter(checkpoints)
    for step in ru.steps:
        rules = " ".join(f"〔{ctx.rule_link(page, n)}〕" for n in step.rules)
        faqs = " ".join(f"〔{ctx.faq_link(page, f, 'FAQ ' + f)}〕" for f in step.faq)
        mark = KIND_MARK.get(step.kind, "")
        text = (f"{mark} " if mark else "") + esc(step.text)
        if rules or faqs:
            text += f" {rules} {faqs}".rstrip()
        if step.kind == "check":
            board = next(pictures, None)
            if board is not None:
                text += f" 〔[局面图](#{board.anchor})〕"
        # top-level steps are numbered; sub-steps of a procedure nest under them
        depth = min(step.depth, 4)
        lines.append(("    " * depth) + ("1. " if depth == 0 else "- ") + text)
        for change in step.changes:
            lines.append(("    " * (depth + 1)) + f"- → {esc(change)}")
    lines.append("")

    if checkpoints:
        lines += [heading(2, "检查点的局面", "checkpoints"), ""]
        for board in checkpoints:
            title = f"第 {board.line} 行：{esc(board.label)} {_mark(board.ok)}"
            lines += [heading(3, title, board.anchor), "", board_figure(board, f"第 {board.line} 行检查点时的局面"), ""]
    end = next((b for b in ru.boards if b.at == "end"), None)
    if end is not None:
        lines += [heading(2, "推演结束时的局面" + ("（推演中止处）" if ru.error else ""), end.anchor), ""]
        lines += [board_figure(end, "推演结束时的局面"), ""]

    lines += [heading(2, "期望", "expectations"), ""]
    if not ru.expectations:
        lines += ["（场景没有写期望。）", ""]
    for ex in ru.expectations:
        detail = f" —— {esc(ex.detail)}" if ex.detail else ""
        lines.append(f"- {_mark(ex.ok)} {esc(ex.text)}{detail}")
    lines.append("")

    cited = ru.cited_rules
    if cited:
        lines += [heading(2, "引用的规则", "rules"), ""]
        lines += ["、".join(ctx.rule_link(page, n) for n in cited), ""]
    lines += [heading(2, "场景源文件", "source"), "", fence(ru.source_text or "", "text"), ""]
    return "\n".join(lines)


def board_figure(board: BoardView, caption: str) -> str:
    """A raw-HTML figure holding the board's SVG: one block with no blank line, so Markdown leaves it whole.
    Kept out of the site search (data-search-exclude): every page's board words would drown the rules."""
    svg = render_board(board.board, caption, font_family=TEXT_STACK)
    return "\n".join(['<figure class="judge-board-figure" data-search-exclude>', svg,
                      f"<figcaption>{html.escape(caption)}</figcaption>", "</figure>"])


def esc_code(text: str) -> str:
    """Text inside an inline code span: no backticks can close it early."""
    return text.replace("`", "'")


def topic_anchor(ru: Ruling) -> str:
    return slug(ru.folder or ru.topic, "t-")


def _source(ctx: SiteContext, page: str, source: str) -> str:
    """A source line: an FAQ id, a bare rule number, or free text whose rule citations become links."""
    if source in ctx.data.faq_by_id:
        return ctx.faq_link(page, source)
    rule = ctx.resolve_number(source)
    if rule is not None:
        return ctx.rule_link(page, rule, label=source)
    from judge.docs.pages_rules import linked_text

    return " ".join(linked_text(ctx, page, source, []))


def render_rulings_index(ctx: SiteContext) -> str:
    page = INDEX
    lines = ["# 注释裁定 {#top}", ""]
    if not ctx.rulings:
        return "\n".join(lines + ["暂无场景：scenarios/ 中没有可运行的场景，或场景引擎尚未就绪。", ""])
    passed = sum(1 for r in ctx.rulings if r.passed)
    lines += [f"共 {len(ctx.rulings)} 个场景，{passed} 个完全符合期望。每个场景从问题到局面、到逐步推演与所依据的规则。", ""]
    by_topic: dict[str, list[Ruling]] = defaultdict(list)
    for ru in ctx.rulings:
        by_topic[ru.topic].append(ru)
    for topic in sorted(by_topic):
        lines += [heading(2, esc(topic), topic_anchor(by_topic[topic][0])), ""]
        for ru in by_topic[topic]:
            lines.append(f"- {_mark(ru.passed)} {ctx.ruling_link(page, ru)}")
        lines.append("")
    return "\n".join(lines)
