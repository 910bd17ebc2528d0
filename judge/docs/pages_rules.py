"""Rule pages: one per section, every rule anchored by its number, every citation a link."""

from __future__ import annotations

from judge.docs.context import RuleSection, SiteContext, citation_spans, faq_label
from judge.docs.data import Ref, Rule
from judge.docs.markup import esc, heading, indent, slug
from judge.rules import citation_review, translation_notes
from judge.rules.faq_render import rule_side_label
from judge.rules.ruling_status import SUPERSEDED_STATUSES, inline_label

SOURCE_LABEL = {
    "cited": "编号由正文引用确认",
    "source": "编号为原文所印",
    "inferred": "编号为推断",
    "absent": "正文不在语料中，编号取自官方编号规则，标题来自正文引用或为本工具所拟（带〔标题为本工具所拟〕）",
    "aligned": "编号来自用户提供的对照",
}


def linked_text(ctx: SiteContext, page: str, text: str, refs: list[Ref]) -> list[str]:
    """Rule text as escaped Markdown paragraphs, each citation in it a link to the cited rule.

    Returns the paragraphs; citations of `refs` not found in the text are left for a 参见 line.
    """
    out = []
    for line in text.splitlines() or [text]:
        spans: list[tuple[int, int, object]] = []
        taken = [False] * (len(line) + 1)
        for ref in sorted(refs, key=lambda r: -len(r.raw)):
            if not ref.raw:
                continue
            start = line.find(ref.raw)
            while start >= 0:
                end = start + len(ref.raw)
                if not any(taken[start:end]):
                    spans.append((start, end, ref))
                    for i in range(start, end):
                        taken[i] = True
                start = line.find(ref.raw, end)
        for start, end, number in citation_spans(line):
            if not any(taken[start:end]):
                spans.append((start, end, number))
                for i in range(start, end):
                    taken[i] = True
        spans.sort(key=lambda s: s[0])
        pos, parts = 0, []
        for start, end, target in spans:
            parts.append(esc_keep_space(line[pos:start]))
            label = line[start:end]
            if isinstance(target, Ref):
                rule = ctx.data.rules_by_id.get(target.to_rule or "") or ctx.resolve_number(target.to_number)
            else:
                rule = ctx.resolve_number(target)
            if rule is not None and ctx.rule_href(page, rule):
                parts.append(ctx.rule_link(page, rule, label=label))
            else:
                parts.append(esc_keep_space(label))
            fixed = citation_review.ref_label(target)[1] if isinstance(target, Ref) else ""
            if fixed:   # a reviewed stale citation: the link goes to the rule it means, and says so
                parts.append(esc(f"（{fixed}）"))
            pos = end
        parts.append(esc_keep_space(line[pos:]))
        para = "".join(parts).strip()
        if para:
            out.append(para)
    return out


def esc_keep_space(text: str) -> str:
    """Escape a fragment keeping its edge spaces (esc strips them)."""
    if not text:
        return ""
    lead = " " if text[0].isspace() else ""
    trail = " " if text[-1].isspace() and len(text) > 1 else ""
    body = esc(text)
    return f"{lead}{body}{trail}" if body else (" " if lead or trail else "")


def _level_heading(rule: Rule) -> int:
    return min(2 + max(rule.level, 0), 6)


def render_rule(ctx: SiteContext, page: str, rule: Rule, level: int | None = None,
                links: RelatedLinks | None = None) -> list[str]:
    """One rule; `level` forces the heading level (the section's own heading rule is the page's h1).

    Its backlinks, FAQ entries and rulings go to `links`, rendered after the page's rule text.
    """
    lines: list[str] = []
    number = rule.display_number or rule.number or "（无编号）"
    title = esc(rule.title) if rule.title else ""
    head = esc(number) + (f" {title}" if title else "")
    if rule.number_source == "absent":
        head += " （语料缺失）"
    lines += [heading(level or _level_heading(rule), head, ctx.rule_anchor[rule.id]), ""]

    provenance = SOURCE_LABEL.get(rule.number_source, rule.number_source or "来源未知")
    if rule.number_source == "absent":
        lines += [
            '!!! danger "本节正文不在语料中"',
            "    2026-07-17 版核心规则的文本提取止于游戏行动一章，本节没有正文。"
            "以下仅列出已知信息：编号与标题（来自正文引用；带〔标题为本工具所拟〕者是本工具为便于查找所拟的概括，"
            "不是官方条文）、引用它的规则、相关 FAQ 与裁定。",
            "",
        ]

    refs = ctx.data.refs_out(rule.id)
    body = linked_text(ctx, page, rule.text, refs) if rule.text else []
    for para in body:
        lines += [para, ""]
    inlined = {r.raw for r in refs if r.raw and r.raw in rule.text}
    extra = [r for r in refs if r.raw not in inlined]
    if extra:
        items = []
        for r in extra:
            target = ctx.data.rules_by_id.get(r.to_rule or "") or ctx.resolve_number(r.to_number)
            items.append(ctx.rule_link(page, target) if target else esc(r.raw or r.to_number) + "（未能解析）")
        lines += ["**参见**：" + " · ".join(items), ""]

    note = translation_notes.note_of(rule.number)
    if note:
        lines += [f'!!! warning "{translation_notes.LABEL}［{note[0]}］"',
                  f"    {esc(note[1])}{translation_notes.OWN_WORDS}", ""]

    if rule.examples:
        lines.append('!!! example "举例"')
        ex_lines: list[str] = []
        for ex in rule.examples:
            ex_lines += linked_text(ctx, page, ex, refs) + [""]
        lines += indent(ex_lines) + [""]

    meta = []
    if rule.source_file:
        loc = f"第 {rule.source_line} 行" if rule.source_line else ""
        meta.append(f"来源：{esc(rule.source_file)} {loc}".strip())
    if rule.number_source == "inferred":
        # Marked on every inferred rule: the number is a reconstruction, never shown as certain.
        conf = f"，置信度 {rule.confidence:.2f}" if isinstance(rule.confidence, (int, float)) else ""
        ev = f"，依据：{esc(rule.evidence)}" if rule.evidence else ""
        provenance = f"≈ 推断编号（并非原文所印，也未被正文引用确认{conf}{ev}）"
    meta.append(provenance)
    if links is not None:
        counts = links.collect(ctx, page, rule)
        if counts:
            meta.append("、".join(counts) + f"（[见本页末](#{LINKS_ANCHOR})）")
    lines += ["<small>" + "；".join(meta) + "</small>", ""]
    return lines


LINKS_ANCHOR = "links"
LINKS_TITLE = "引用与相关裁定"


class RelatedLinks:
    """What points at a page's rules — citing rules, FAQ entries, rulings — gathered while the rule
    text is rendered and shown after all of it, grouped by kind and by rule, each group collapsible."""

    def __init__(self):
        self.cited_by: list[tuple[Rule, list[str]]] = []
        self.faq: list[tuple[Rule, list[str]]] = []
        self.rulings: list[tuple[Rule, dict[str, list[str]]]] = []

    def collect(self, ctx: SiteContext, page: str, rule: Rule) -> list[str]:
        """Record the rule's incoming links; returns short counts for the line under its text."""
        counts = []
        cited_by = []
        for ref in ctx.data.refs_in(rule.id):
            src = ctx.data.rules_by_id.get(ref.from_rule)
            if src is not None and src.id in ctx.rule_page and src.id != rule.id:
                cited_by.append(ctx.rule_link(page, src))
        cited_by = list(dict.fromkeys(cited_by))
        if cited_by:
            self.cited_by.append((rule, cited_by))
            counts.append(f"被 {len(cited_by)} 条规则引用")

        faq_items = []
        for fr in ctx.data.faq_refs_to(rule.id):
            entry = ctx.data.faq_by_id.get(fr.faq_id)
            if entry is None:
                continue
            mark = rule_side_label(fr.method, entry.status)
            status = f"（{inline_label(entry.status)}）" if entry.status in SUPERSEDED_STATUSES else ""
            faq_items.append(f"{ctx.faq_link(page, entry.id, faq_label(entry))} · {esc(mark)}{status}")
        faq_items = list(dict.fromkeys(faq_items))
        if faq_items:
            self.faq.append((rule, faq_items))
            counts.append(f"相关 FAQ {len(faq_items)} 条")

        by_topic: dict[str, list[str]] = {}
        for ru in ctx.rulings_citing.get(rule.id, []):
            by_topic.setdefault(ru.topic, []).append(ctx.ruling_link(page, ru))
        if by_topic:
            self.rulings.append((rule, by_topic))
            counts.append(f"相关裁定 {sum(len(v) for v in by_topic.values())} 个")
        return counts

    def render(self) -> list[str]:
        if not (self.cited_by or self.faq or self.rulings):
            return []
        lines = [heading(2, LINKS_TITLE, LINKS_ANCHOR), ""]
        if self.cited_by:
            total = sum(len(items) for _, items in self.cited_by)
            body: list[str] = []
            for rule, items in self.cited_by:
                body += [f"**{_rule_name(rule)}** 被引用于：" + " · ".join(items), ""]
            lines += [f'??? info "被引用于（{total} 处）"', ""] + indent(body) + [""]
        if self.faq:
            total = sum(len(items) for _, items in self.faq)
            body = []
            for rule, items in self.faq:
                body += [f"**{_rule_name(rule)}**", ""] + [f"- {item}" for item in items] + [""]
            lines += [f'??? question "相关 FAQ（{total} 条）"', ""] + indent(body) + [""]
        if self.rulings:
            total = sum(len(v) for _, topics in self.rulings for v in topics.values())
            body = []
            for rule, topics in self.rulings:
                body += [f"**{_rule_name(rule)}**", ""]
                for topic, items in topics.items():
                    body.append(f"- {esc(topic)}")
                    body += [f"    - {item}" for item in items]
                body.append("")
            lines += [f'??? example "相关裁定（{total} 个）"', ""] + indent(body) + [""]
        return lines


def _rule_name(rule: Rule) -> str:
    number = esc(rule.display_number or rule.number or "（无编号）")
    return number + (f" {esc(rule.title)}" if rule.title else "")


def render_section(ctx: SiteContext, section: RuleSection) -> str:
    rules = list(section.rules)
    lines: list[str] = []
    links = RelatedLinks()
    if rules and rules[0].number == section.first:
        lines += render_rule(ctx, section.page, rules.pop(0), level=1, links=links)
    else:
        lines += [f"# {esc(section.title)} {{#top}}", ""]
    if section.absent:
        lines += ["本节的规则正文不在现有语料中；本页列出已知的编号、标题，以及页末的引用与相关裁定。", ""]
    if any(r.number_source == "inferred" for r in section.rules):
        lines += ['!!! note "编号说明"', "    编号前带“≈”者为推断编号：2026-07-17 版原文的编号在提取中丢失，"
                  "此编号由文档结构推断，并非原文所印。未带“≈”者由正文中的引用确认。", ""]
    for rule in rules:
        lines += render_rule(ctx, section.page, rule, links=links)
    lines += links.render()
    return "\n".join(lines)


def render_rules_index(ctx: SiteContext) -> str:
    page = "rules/index.md"
    lines = ["# 规则目录 {#top}", ""]
    if not ctx.sections:
        lines += ["规则树尚未生成：数据库中没有当前版本的规则。", ""]
        return "\n".join(lines)
    version = ctx.data.current_version or ""
    lines += [f"当前版本：{esc(version)}。编号前带“≈”者为推断编号；标注“语料缺失”的章节没有正文。", ""]
    chapter = None
    for s in ctx.sections:
        if s.chapter != chapter:
            chapter = s.chapter
            lines += ["", heading(2, esc(chapter), slug(chapter, "c-")), ""]
        mark = "（语料缺失）" if s.absent else ""
        lines.append(f"- {ctx.page_link(page, s.page, esc(s.title))}{mark}")
    return "\n".join(lines)
