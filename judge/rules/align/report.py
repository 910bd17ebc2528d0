"""The Chinese report of `judge corpus align`, rendered from the plain data the build stage stored."""

from __future__ import annotations

from judge.rules.align.reference import LANG_NAMES

SOURCE_NAMES = {"cited": "正文引用", "source": "文档印有", "inferred": "推断"}


def _num(n: str | None, inferred: bool = False) -> str:
    if not n:
        return "（无编号）"
    return f"≈{n}" if inferred else n


def _group_missing(missing: list[dict]) -> list[str]:
    """Missing rules, each sub-rule folded under a missing ancestor that heads it."""
    lines = []
    shown: dict[str, list] = {}
    order = []
    for m in missing:
        parts = m["number"].split(".")
        owner = next((".".join(parts[:k]) for k in range(1, len(parts)) if ".".join(parts[:k]) in shown), None)
        if owner:
            shown[owner][1] += 1
            continue
        shown[m["number"]] = [m, 0]
        order.append(m["number"])
    for number in order:
        m, subs = shown[number]
        label = m["title"] or m["text"]
        kind = "（标题）" if m.get("heading") else ""
        tail = f"（及 {subs} 条子规则）" if subs else ""
        lines.append(f"      {number} {label}{kind}{tail}")
    return lines


def render(report: dict, limit: int | None = None) -> str:
    ref = report["reference"]
    lang = LANG_NAMES.get(ref["lang"], ref["lang"])
    date = ref["doc_date"] or "文档未注明日期"
    out = [f"参考文本「{ref['name']}」：{lang}，{date}，共 {ref['rules']} 条规则（来源 {ref['source']}）"]

    def listing(items, fmt):
        shown = items if limit is None else items[:limit]
        lines = [fmt(x) for x in shown]
        if len(shown) < len(items):
            lines.append(f"      ……另有 {len(items) - len(shown)} 条（加 --all 查看全部）")
        return lines

    shift = report.get("shift")
    if shift and shift["offset"]:
        out.append(f"编号偏移：参考文本的一级编号与本语料相差 {shift['offset']:+d}（如参考 {shift['example'][0]} 对应语料"
                   f" {shift['example'][1]}），依据 {shift['support']} 组对应。")
    if not report["applied"]:
        out.append(report["note"])
        out.append(f"  对应关系（参考 → 语料，共 {len(report['pairs'])} 组）：")
        out += listing(report["pairs"], lambda p: f"      {p['ref']} → {_num(p['corpus'], p['source'] == 'inferred')}"
                       f"  {p['text']}  （置信度 {p['confidence']:.2f}）")
    else:
        out.append(f"对齐：语料 {report['paragraphs']} 段中，{report['numbered']} 段采用参考文本的编号"
                   f"（置信度 ≥ {report['confident_threshold']:.2f}，标记为 aligned）。")
        out.append(f"  · 推断编号得到确认：{report['confirmed']} 段")
        out.append(f"  · 推断编号被更正：{len(report['changed'])} 段")
        out += listing(report["changed"], lambda c: f"      ≈{c['old']} → {c['new']}  {c['text']}（第 {c['line']} 行）")
        if report.get("merged"):
            out.append(f"  · 语料中与上一条合为一段的规则（已加指向该段的条目）：{len(report['merged'])} 条")
            out += listing(report["merged"], lambda m: f"      {m['number']} → 见 {m['into']}  {m['text']}")
        if report.get("numbered_new"):
            out.append(f"  · 原无编号、现由参考得到编号：{report['numbered_new']} 段")
        out.append(f"  · 语料自身陈述的编号经参考确认：{report['stated_confirmed']} 处")
    out.append(f"  · 与语料自身陈述的编号冲突（保留语料编号，未改动，请核对）：{len(report['conflicts'])} 处")
    out += listing(report["conflicts"], lambda c: f"      语料 {c['corpus']}（{SOURCE_NAMES.get(c['source'], c['source'])}）"
                   f" ↔ 参考 {c['reference']}  {c['text']}（第 {c['line']} 行）")
    if report.get("outside"):
        out.append(f"  · 参考文本覆盖范围之外的段落：{report['outside']} 段（参考只含部分章节；这些段落保持原编号）")
    out.append(f"  · 参考文本中没有的段落（语料新增或改写）：{len(report['unaligned'])} 段")
    out += listing(report["unaligned"], lambda u: f"      {_num(u.get('number') or u.get('old'), True)}  {u['text']}（第 {u['line']} 行）")
    if report["applied"]:
        out.append(f"  · 对齐不够确定、仍为推断编号的段落：{len(report['uncertain'])} 段")
        out += listing(report["uncertain"], lambda u: f"      {_num(u['number'], True)}  {u['text']}"
                       f"（第 {u['line']} 行，置信度 {u['confidence']:.2f}）")
    missing = report["missing"]
    out.append(f"  · 参考文本有而语料缺少的规则：{len(missing)} 条"
               + ("（已作为“仅见于参考文本”的条目加入规则树，judge rule 可按编号查看）" if report["applied"] and missing else ""))
    grouped = _group_missing(missing)
    if limit is not None and len(grouped) > limit:
        grouped = grouped[:limit] + [f"      ……另有 {len(grouped) - limit} 组（加 --all 查看全部）"]
    out += grouped
    if report.get("filled"):
        out.append(f"  · 语料引用但缺正文、现由参考文本补上标题与文字的条目：{len(report['filled'])} 条")
    return "\n".join(out)
