"""Home page (what the tool is, corpus versions, coverage) and the benchmarks page."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from judge.docs.context import SiteContext
from judge.docs.markup import esc, heading
from judge.rules.ruling_status import PARTLY_SUPERSEDED, SUPERSEDED

KIND_LABEL = {
    "rules": "核心规则（完整）",
    "rules-excerpt-numbered": "旧版编号规则节选（打出卡牌）",
    "rules-excerpt": "规则检索页节选",
    "faq-core": "核心规则 FAQ（起源）",
    "faq-referee": "裁判 FAQ（起源）",
}
SOURCE_LABEL = {"cited": "正文引用确认", "source": "原文所印", "inferred": "推断（以 ≈ 标出）",
                "absent": "语料缺失（仅编号与标题）", "aligned": "用户对照"}
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def render_home(ctx: SiteContext) -> str:
    page = "index.md"
    d = ctx.data
    lines = ["# 《符文战场》规则裁定参考 {#top}", ""]
    lines += [
        "riftbound-judge 是为《符文战场：英雄联盟对战卡牌》（Riftbound）裁判与资深玩家准备的规则查询与裁定工具。"
        "本站由 `judge docs build` 从规则树数据库自动生成：核心规则逐条带锚点与交叉引用，FAQ 链接到其依据的规则，"
        "每个裁定场景给出问题、局面、逐步推演（标注所依据的规则编号）与期望结果。",
        "",
        "权威顺序（由高到低）：卡面文字 > 2026-07-17 版核心规则 > 裁判 FAQ > 核心规则 FAQ（写于现行规则之前，部分裁定已被取代；"
        "有些裁定只是理由、时点或其中一部分被取代，结论仍成立，标为“部分被取代（结论仍成立）”）。",
        "",
        "- " + ctx.page_link(page, "rules/index.md", "规则目录"),
        "- " + ctx.page_link(page, "faq/index.md", "FAQ 与勘误"),
        "- " + ctx.page_link(page, "rulings/index.md", "注释裁定（场景推演）"),
        "- " + ctx.page_link(page, "glossary.md", "术语表"),
        "- " + ctx.page_link(page, "diff.md", "版本差异"),
        "- " + ctx.page_link(page, "benchmarks.md", "性能与质量指标"),
        "",
        "命令行：`judge rule 349`、`judge search 燃尽`、`judge run scenarios/`、`judge docs build`。",
        "",
    ]

    lines += [heading(2, "语料版本", "versions"), ""]
    if d.versions:
        lines += ["| 版本 | 日期 | 文件 | 类型 | 段落数 | sha256 |", "|---|---|---|---|---|---|"]
        for v in d.versions:
            date = v.version if _DATE.match(v.version) else "—"
            cur = "（现行）" if v.version == d.current_version and v.kind == "rules" else ""
            kind = KIND_LABEL.get(v.kind, v.kind)
            paras = "" if v.paragraphs is None else str(v.paragraphs)
            lines.append(f"| {esc(v.version)}{cur} | {esc(date)} | {esc(v.file)} | {esc(kind)} | {paras} | `{esc_code(v.sha256)}` |")
        lines.append("")
    else:
        lines += ["数据库中没有版本信息。", ""]
    if d.meta.get("corpus_hash"):
        lines += [f"语料总哈希：`{esc_code(d.meta['corpus_hash'])}`；数据库结构版本："
                  f"{esc(d.meta.get('schema_version', '—'))}；生成时间：{esc(d.meta.get('built_at', '—'))}。", ""]

    lines += [heading(2, "覆盖情况", "coverage"), ""]
    counts = Counter(r.number_source for r in d.rules)
    if d.rules:
        lines += ["| 编号来源 | 条数 |", "|---|---|"]
        for key in ("cited", "source", "inferred", "aligned", "absent"):
            if counts.get(key):
                lines.append(f"| {SOURCE_LABEL[key]} | {counts[key]} |")
        for key, n in counts.items():
            if key not in SOURCE_LABEL:
                lines.append(f"| {esc(key)} | {n} |")
        lines.append(f"| 合计 | {len(d.rules)} |")
        lines.append("")
        examples = sum(len(r.examples) for r in d.rules)
        linked = sum(1 for ref in d.refs if ref.to_rule)
        lines += [f"举例 {examples} 条；交叉引用 {len(d.refs)} 处（{linked} 处已解析到规则）；"
                  f"FAQ 条目 {len(d.faq)} 条（已被取代 {sum(1 for f in d.faq if f.status == SUPERSEDED)} 条，"
                  f"部分被取代但结论仍成立 {sum(1 for f in d.faq if f.status == PARTLY_SUPERSEDED)} 条）；"
                  f"修订文本 {len(d.errata)} 条；术语 {len(d.terms)} 个；裁定场景 {len(ctx.rulings)} 个。", ""]
    else:
        lines += ["规则树尚未生成。", ""]
    if d.missing_tables:
        lines += ["尚未生成的数据表：" + "、".join(esc(t) for t in d.missing_tables) + "。", ""]

    absent = [s for s in ctx.sections if s.absent]
    lines += [heading(2, "语料中缺失的章节", "absent"), ""]
    if absent:
        lines += ["2026-07-17 版文本在游戏行动一章之后中断：以下章节被正文引用，但语料中没有其正文。"
                  "它们在本站中只显示编号、标题、引用它们的规则和相关 FAQ，绝不以推测内容充当规则原文。", ""]
        for s in absent:
            lines.append(f"- {ctx.page_link(page, s.page, esc(s.title))}")
        lines.append("")
    else:
        lines += ["没有标记为缺失的章节。", ""]
    return "\n".join(lines)


def esc_code(text: str) -> str:
    return str(text).replace("`", "'").replace("|", "/")


def _strip_links(md: str) -> str:
    """Project Markdown made safe to embed: links become their text, raw HTML becomes text."""
    md = md.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    md = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", md)
    return md


def render_benchmarks(results_md: Path | None) -> str:
    lines = ["# 性能与质量指标 {#top}", ""]
    if results_md is None or not results_md.is_file():
        lines += ["尚无基准结果：运行 `python -m benchmarks --results-md` 生成 benchmarks/RESULTS.md 后重新生成文档。", ""]
        return "\n".join(lines)
    lines += ["以下内容来自 benchmarks/RESULTS.md（由 `python -m benchmarks --results-md` 生成）。", ""]
    body = _strip_links(results_md.read_text(encoding="utf-8", errors="replace"))
    n = 0
    for line in body.splitlines():
        m = re.match(r"^(#{1,5})\s+(.*?)\s*#*\s*$", line)
        if m:  # demote under the page title, with a stable explicit anchor
            n += 1
            text = re.sub(r"\{[^}]*\}\s*$", "", m.group(2)).strip()
            lines.append(heading(len(m.group(1)) + 1, text, f"b-{n}"))
        else:
            lines.append(line)
    return "\n".join(lines)
