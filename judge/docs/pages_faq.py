"""FAQ pages: every entry with the rules it rests on (explicit vs. suggested), status, errata by card."""

from __future__ import annotations

from judge.docs.context import FaqPage, SiteContext, doc_label
from judge.docs.data import FaqEntry
from judge.docs.markup import esc, esc_lines, heading, indent, slug
from judge.docs.pages_cards import faq_card_line
from judge.records import GROUNDED_METHODS
from judge.rules.faq_render import METHOD_LABELS, method_label
from judge.rules.ruling_status import PARTLY_SUPERSEDED, SUPERSEDED, SUPERSEDED_STATUSES

ERRATA_PAGE = "faq/errata.md"


def _short(text: str, n: int = 48) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def render_entry(ctx: SiteContext, page: str, e: FaqEntry) -> list[str]:
    title = _short(e.question or e.answer or e.id)
    lines = [heading(3, esc(title), ctx.faq_anchor[e.id]), ""]
    if e.status in SUPERSEDED_STATUSES:
        if e.status == SUPERSEDED:
            lines.append('!!! warning "此裁定已被现行规则取代"')
            body = ["此条 FAQ 写于 2026-07-17 版核心规则之前，其结论已不适用。"]
            replaced_by = "取代它的规则："
        else:
            lines.append('!!! note "此裁定部分被现行规则取代（结论仍成立）"')
            body = ["此条 FAQ 写于 2026-07-17 版核心规则之前。其结论在现行规则下仍然成立，"
                    "但其理由、时点或其中一部分已被取代：以现行规则为准。"]
            replaced_by = "取代其部分内容的规则："
        if e.superseded_by:
            targets = [t.strip() for t in e.superseded_by.replace("，", ",").split(",") if t.strip()]
            body.append(replaced_by + "、".join(ctx.rule_link(page, t) for t in targets))
        if e.status_note:
            body.append(f"说明：{esc(e.status_note)}")
        lines += indent(sum(([b, ""] for b in body), [])) + [""]
    if e.truncated:
        lines += ["*原文中此问题的开头已缺失，以下为残存文字。*", ""]
    if e.question:
        lines += [f"**问**：{esc(e.question)}", ""]
    if e.answer:
        lines += [f"**答**：{esc(e.answer)}", ""]
    for depth, b in e.bullets:
        lines.append(f"{'    ' * min(depth, 5)}- {esc(b)}")
    if e.bullets:
        lines.append("")

    refs = ctx.data.faq_refs_of(e.id)
    explicit = [r for r in refs if r.method in GROUNDED_METHODS]
    suggested = [r for r in refs if r.method == "suggested"]
    if explicit:
        items = []
        for r in explicit:
            rule = ctx.data.rules_by_id.get(r.rule_id or "")
            cited = esc(r.raw) if r.raw else ""
            if rule is not None:
                target = ctx.rule_link(page, rule)
                conf = f"，置信度 {r.confidence:.2f}" if r.method == "mapped" and isinstance(r.confidence, (int, float)) else ""
                label = method_label(r.method, e.status) if r.method in METHOD_LABELS else esc(r.method)
                items.append(f"- {target}（{label}{conf}{'；原文：' + cited if cited else ''}）")
            else:
                items.append(f"- {cited or esc(r.old_number)}（原文引用，未能对应到现行规则）")
        lines += ["**依据规则**：", ""] + items + [""]
    if suggested:
        items = [ctx.rule_link(page, ctx.data.rules_by_id[r.rule_id]) for r in suggested
                 if r.rule_id in ctx.data.rules_by_id]
        if items:
            lines += ["**相关规则（搜索建议，非原文引用）**：" + " · ".join(dict.fromkeys(items)), ""]
    errata = [x for x in ctx.data.errata if x.faq_id == e.id]
    if errata:
        lines += ["**修订文本**：" + " · ".join(
            ctx.page_link(page, ERRATA_PAGE, esc(x.card_zh or x.card_en), slug(x.id, "e-")) for x in errata), ""]
    lines += faq_card_line(ctx, page, e.id)
    rulings = ctx.rulings_citing_faq.get(e.id, [])
    if rulings:
        lines += ["**相关裁定**：" + " · ".join(ctx.ruling_link(page, ru) for ru in rulings), ""]
    if e.source_file:
        loc = f" 第 {e.source_line} 行" if e.source_line else ""
        lines += [f"<small>来源：{esc(e.source_file)}{loc}</small>", ""]
    return lines


def render_faq_page(ctx: SiteContext, fp: FaqPage) -> str:
    lines = [f"# {esc(fp.title)} {{#top}}", ""]
    superseded = sum(1 for e in fp.entries if e.status == SUPERSEDED)
    partly = sum(1 for e in fp.entries if e.status == PARTLY_SUPERSEDED)
    marked = ([f"{superseded} 条已被现行规则取代"] if superseded else []) + \
        ([f"{partly} 条部分被现行规则取代（结论仍成立）"] if partly else [])
    lines += [f"共 {len(fp.entries)} 条。" + (f"其中 {'，'.join(marked)}，已标出。" if marked else ""), ""]
    group = None
    for e in fp.entries:
        g = e.card or e.topic or ""
        if g != group:
            group = g
            if g:
                lines += [heading(2, esc(g), slug(f"{fp.page}-{g}-{e.id}", "g-")), ""]
        lines += render_entry(ctx, fp.page, e)
    return "\n".join(lines)


def render_errata(ctx: SiteContext) -> str:
    page = ERRATA_PAGE
    lines = ["# 修订文本（勘误） {#top}", ""]
    if not ctx.data.errata:
        return "\n".join(lines + ["数据库中没有修订文本。", ""])
    lines += ["核心规则 FAQ 第二部分中修订过的卡牌文本，按卡牌列出（中文名与英文名）。", ""]
    for x in sorted(ctx.data.errata, key=lambda x: (x.card_zh, x.card_en)):
        name = esc(x.card_zh or x.card_en)
        if x.card_en and x.card_zh:
            name += f"（{esc(x.card_en)}）"
        lines += [heading(2, name, slug(x.id, "e-")), ""]
        lines.append('!!! quote "修订文本"')
        lines += indent(sum(([ln, ""] for ln in esc_lines(x.text)), [])) + [""]
        if x.faq_id and x.faq_id in ctx.faq_page:
            lines += ["出处：" + ctx.faq_link(page, x.faq_id), ""]
    return "\n".join(lines)


def render_faq_index(ctx: SiteContext) -> str:
    page = "faq/index.md"
    lines = ["# FAQ 与勘误 {#top}", ""]
    if not ctx.faq_pages:
        lines += ["FAQ 尚未生成：数据库中没有 FAQ 条目。", ""]
    by_doc: dict[str, list[FaqPage]] = {}
    for fp in ctx.faq_pages:
        by_doc.setdefault(fp.doc, []).append(fp)
    for doc, pages in by_doc.items():
        lines += [heading(2, esc(doc_label(doc)), slug(doc, "d-")), ""]
        for fp in pages:
            lines.append(f"- {ctx.page_link(page, fp.page, esc(fp.title))}（{len(fp.entries)} 条）")
        lines.append("")
    lines += ["", f"- {ctx.page_link(page, ERRATA_PAGE, '修订文本（勘误）')}（{len(ctx.data.errata)} 张卡牌）", ""]
    lines += ["FAQ 的权威低于现行核心规则：核心 FAQ 写于 2026-07-17 版规则之前，部分裁定已被取代，页面中已标出并链接到取代它的规则；"
              "“部分被取代（结论仍成立）”的裁定，其结论仍然成立，只是理由、时点或其中一部分已由现行规则取代。"
              "“搜索建议”列出的规则由本项目的搜索找到，并非 FAQ 原文引用。", ""]
    return "\n".join(lines)
