"""Chinese text rendering of FAQ entries, errata and glossary terms (judge.records) for the CLI."""

from __future__ import annotations

from judge.records import Erratum, FaqEntry, Term
from judge.rules import citation_review
from judge.rules.faq_lookup import DOCS
from judge.rules.ruling_status import DISPUTED, PARTLY_SUPERSEDED, RULE_WORDS, STATUS_LABELS

# How an FAQ entry is tied to a rule (records.FAQ_REF_METHODS), said from the entry (the CLI's `faq show`,
# the docs' FAQ pages) and from the rule (the docs' rule pages): one table, so both say the same thing.
_LABELS = {
    "status": ("取代此条的现行规则", "此规则取代了该裁定"),
    "reviewed": ("已核对，依据的现行规则", "已核对：该裁定依据此规则"),
    "explicit": ("FAQ 直接引用", "FAQ 直接引用此规则"),
    "renumbered": ("旧编号，" + citation_review.CHECKED,) * 2,
    "mapped": ("旧编号按内容对应", "旧编号按内容对应到此规则"),
    "suggested": ("搜索建议（内容相近）",) * 2,
}
METHOD_LABELS = {method: entry_side for method, (entry_side, _) in _LABELS.items()}
RULE_SIDE_LABELS = {method: rule_side for method, (_, rule_side) in _LABELS.items()}
# The "status" link of a ruling that is not simply superseded: said the same way from both sides.
_STATUS_LINK = {
    PARTLY_SUPERSEDED: ("取代此条部分内容的现行规则", "此规则取代了该裁定的部分内容"),
    DISPUTED: ("争议涉及的现行规则", "该裁定与此规则有争议"),
}


def method_label(method: str, status: str | None) -> str:
    """How an FAQ entry is tied to a rule, said from the entry; the "status" link says what the status is."""
    if method == "status" and status in _STATUS_LINK:
        return _STATUS_LINK[status][0]
    return METHOD_LABELS.get(method, method)


def rule_side_label(method: str, status: str | None) -> str:
    """The same tie said from the rule (the site's rule pages)."""
    if method == "status" and status in _STATUS_LINK:
        return _STATUS_LINK[status][1]
    return RULE_SIDE_LABELS.get(method, method)


def rule_label(number: str | None, display: str | None, source: str | None, title: str | None = None) -> str:
    """"≈385.32" for inferred numbers; absent chapters say their text is not in the corpus."""
    if not number:
        return "（未能对应）"
    label = display or number
    if title:
        label += f" {title}"
    if source == "absent":
        label += "（正文未收录于语料）"
    return label


def status_line(entry: FaqEntry) -> str | None:
    status = entry.status or "valid"
    if status == "valid":
        return None
    rule = entry.superseded_rule
    target = rule_label(rule.number, rule.display_number, rule.number_source, rule.title) if rule \
        else (entry.superseded_by or "")
    return f"⚠ {STATUS_LABELS[status]}" + (f" —— {RULE_WORDS.get(status, '相关规则')} {target}" if target else "")


def _short(text: str, n: int = 48) -> str:
    text = (text or "").replace("\n", " ")
    return text if len(text) <= n else text[:n - 1] + "…"


def entry_list(entries: list[FaqEntry]) -> str:
    if not entries:
        return "（没有符合条件的 FAQ 条目）"
    out = []
    for e in entries:
        head = e.question or (f"（问题缺失）{e.answer}" if e.truncated else f"【澄清】{e.answer}")
        flags = []
        if e.status != "valid":
            flags.append(f"[{STATUS_LABELS[e.status]}" + (f" → {e.superseded_by}" if e.superseded_by else "") + "]")
        if e.truncated and e.question:
            flags.append("[问题开头缺失]")
        topic = e.topic or e.part
        out.append(f"{e.id:<7} {DOCS[e.doc]}·{topic}  {_short(head)} {' '.join(flags)}".rstrip())
    out.append(f"共 {len(entries)} 条。用 judge faq show 编号 查看全文。")
    return "\n".join(out)


def _bullets(bullets: list[tuple[int, str]]) -> list[str]:
    lines = []
    for depth, text in bullets:
        indent = "  " * (depth + 1)
        first, *rest = text.split("\n")
        lines.append(indent + "• " + first)
        lines += [indent + "  " + t for t in rest]
    return lines


def entry_detail(e: FaqEntry) -> str:
    where = [DOCS[e.doc], e.part]
    if e.topic:
        where.append(e.topic)
    out = [f"{e.id}  {' › '.join(where)}"]
    if e.card:
        out.append(f"卡牌：{e.card}")
    status = status_line(e)
    if status:
        out.append(status)
    elif e.status_note:
        out.append("✓ 有效（已与现行规则核对）")
    if e.status_note:
        out.append(f"  说明：{e.status_note}")
    if e.question:
        out.append(f"问：{e.question}" + ("（问题开头在原文提取时缺失）" if e.truncated else ""))
    elif e.truncated:
        out.append("问：（原文提取时问题缺失）")
    out.append(("答：" if e.doc == "core" or e.question or e.truncated else "") + e.answer)
    out += _bullets(e.bullets)
    refs = [r for r in e.refs if r.rule_id or r.old_number]
    if refs:
        out.append("相关规则：")
        for r in refs:
            label = rule_label(r.number, r.display_number, r.number_source, r.title)
            how = method_label(r.method, e.status)
            if r.method == "mapped":
                how = f"原文“{r.raw}”为旧编号，{how}"
            elif r.method == "renumbered":
                how = f"原文“{r.raw}”为旧编号，{citation_review.CHECKED}"
            conf = f"，置信度 {r.confidence:.2f}" if r.method in ("mapped", "suggested") and r.confidence is not None \
                else ""
            snippet = f"  {_short(r.text, 40)}" if r.text else ""
            out.append(f"  {label}  [{how}{conf}]{snippet}")
    out.append(f"出处：{e.source_file} 第 {e.source_line} 行")
    return "\n".join(out)


def errata_list(errata: list[Erratum]) -> str:
    if not errata:
        return "（没有勘误）"
    out = []
    for x in errata:
        name = x.card_zh + (f" ({x.card_en})" if x.card_en else "")
        src = "裁判FAQ" if x.id.startswith("E-R") else "核心规则FAQ"
        out.append(f"{name}  修订文本 · {src} 第 {x.source_line} 行" + (f" · 见 {x.faq_id}" if x.faq_id else ""))
        out += ["  " + line for line in x.text.split("\n")]
        out.append("")
    out.append(f"共 {len(errata)} 条勘误。")
    return "\n".join(out)


KIND_LABELS = {"keyword": "关键词", "term": "术语", "definition": "规则定义", "heading": "规则标题", "card": "卡牌"}
ALIAS_LABELS = {"synonym": "FAQ 译名", "english": "英文", "traditional": "繁体", "pinyin": "拼音"}


def glossary_detail(terms: list[Term]) -> str:
    out = []
    for t in terms:
        head = t.term + (f"  {t.english}" if t.english else "")
        out.append(f"{head}  [{KIND_LABELS.get(t.kind, t.kind)}]")
        if t.number:
            out.append(f"  定义规则：{rule_label(t.number, t.display_number, t.number_source, t.rule_title)}"
                       + (f"  {_short(t.rule_text, 50)}" if t.rule_text else ""))
        groups: dict[str, list[str]] = {}
        for alias, kind in t.aliases:
            source = t.alias_sources.get(alias, "")
            groups.setdefault(kind, []).append(alias + (f"（{source}）" if source and kind == "synonym" else ""))
        for kind, names in groups.items():
            out.append(f"  {ALIAS_LABELS.get(kind, kind)}：{'、'.join(names)}")
        out.append(f"  来源：{source_label(t.source)}")
    return "\n".join(out)


def source_label(source: str | None) -> str:
    """A glossary row's source in Chinese: curated rows carry a maintainer's English note, not shown."""
    import re

    source = source or ""
    if source.startswith("curated"):
        cited = re.findall(r"\b[CR]-L\d+\b", source)
        return "人工核对的术语对照（依据核心规则）" + (f"；参见 {'、'.join(cited)}" if cited else "")
    return source


def glossary_list(terms: list[Term]) -> str:
    out = []
    for t in terms:
        syn = [alias for alias, kind in t.aliases if kind == "synonym"]
        rule = f"  规则 {t.display_number or t.number}" if t.number else ""
        out.append(f"{t.term:<8}{(t.english or ''):<22}{KIND_LABELS.get(t.kind, t.kind)}{rule}"
                   + (f"  又作：{'、'.join(syn)}" if syn else ""))
    out.append(f"共 {len(terms)} 个术语。用 judge glossary 术语 查看详情。")
    return "\n".join(out)
