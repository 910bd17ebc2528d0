"""Chinese text rendering of FAQ entries, errata and glossary terms (CLI; the docs reuse the labels)."""

from __future__ import annotations

from judge.rules.faq_lookup import DOCS
from judge.rules.faq_status import STATUS_LABELS

METHOD_LABELS = {
    "status": "取代此条的现行规则",
    "reviewed": "已核对，依据的现行规则",
    "explicit": "FAQ 直接引用",
    "mapped": "旧编号按内容对应",
    "suggested": "内容相近",
}


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


def status_line(entry: dict) -> str | None:
    status = entry.get("status") or "valid"
    if status == "valid":
        return None
    rule = entry.get("superseded_rule")
    target = rule_label(rule["number"], rule["display_number"], rule["number_source"], rule.get("title")) if rule \
        else (entry.get("superseded_by") or "")
    verb = "现行规则" if status == "superseded" else "相关规则"
    return f"⚠ {STATUS_LABELS[status]}" + (f" —— {verb} {target}" if target else "")


def _short(text: str, n: int = 48) -> str:
    text = (text or "").replace("\n", " ")
    return text if len(text) <= n else text[:n - 1] + "…"


def entry_list(rows: list[dict]) -> str:
    if not rows:
        return "（没有符合条件的 FAQ 条目）"
    out = []
    for r in rows:
        head = r["question"] or (f"（问题缺失）{r['answer']}" if r["truncated"] else f"【澄清】{r['answer']}")
        flags = []
        if r["status"] != "valid":
            flags.append(f"[{STATUS_LABELS[r['status']]}" + (f" → {r['superseded_by']}" if r["superseded_by"] else "") + "]")
        if r["truncated"] and r["question"]:
            flags.append("[问题开头缺失]")
        topic = r["topic"] or r["part"]
        out.append(f"{r['id']:<7} {DOCS[r['doc']]}·{topic}  {_short(head)} {' '.join(flags)}".rstrip())
    out.append(f"共 {len(rows)} 条。用 judge faq show 编号 查看全文。")
    return "\n".join(out)


def _bullets(items: list[dict], depth: int = 1) -> list[str]:
    lines = []
    for b in items:
        text = b["text"].split("\n")
        lines.append("  " * depth + "• " + text[0])
        lines += ["  " * depth + "  " + t for t in text[1:]]
        lines += _bullets(b.get("children", []), depth + 1)
    return lines


def entry_detail(e: dict) -> str:
    where = [DOCS[e["doc"]], e["part"]]
    if e["topic"]:
        where.append(e["topic"])
    out = [f"{e['id']}  {' › '.join(where)}"]
    if e["card"]:
        out.append(f"卡牌：{e['card']}")
    status = status_line(e)
    if status:
        out.append(status)
    elif e.get("status_note"):
        out.append("✓ 有效（已与现行规则核对）")
    if e.get("status_note"):
        out.append(f"  说明：{e['status_note']}")
    if e["question"]:
        out.append(f"问：{e['question']}" + ("（问题开头在原文提取时缺失）" if e["truncated"] else ""))
    elif e["truncated"]:
        out.append("问：（原文提取时问题缺失）")
    out.append(("答：" if e["doc"] == "core" or e["question"] or e["truncated"] else "") + e["answer"])
    out += _bullets(e["bullets"])
    refs = [r for r in e.get("refs", []) if r.get("rule_id") or r.get("old_number")]
    if refs:
        out.append("相关规则：")
        for r in refs:
            label = rule_label(r["number"], r["display_number"], r["number_source"], r["title"])
            how = METHOD_LABELS.get(r["method"], r["method"])
            if r["method"] == "status" and e["status"] == "disputed":
                how = "争议涉及的现行规则"
            if r["method"] == "mapped":
                how = f"原文“{r['raw']}”为旧编号，{how}"
            conf = f"，置信度 {r['confidence']:.2f}" if r["method"] in ("mapped", "suggested") else ""
            snippet = f"  {_short(r['text'], 40)}" if r.get("text") else ""
            out.append(f"  {label}  [{how}{conf}]{snippet}")
    out.append(f"出处：{e['source_file']} 第 {e['source_line']} 行")
    return "\n".join(out)


def errata_list(rows: list[dict]) -> str:
    if not rows:
        return "（没有勘误）"
    out = []
    for r in rows:
        name = r["card_zh"] + (f" ({r['card_en']})" if r["card_en"] else "")
        src = "裁判FAQ" if r["id"].startswith("E-R") else "核心规则FAQ"
        out.append(f"{name}  修订文本 · {src} 第 {r['source_line']} 行" + (f" · 见 {r['faq_id']}" if r["faq_id"] else ""))
        out += ["  " + line for line in r["text"].split("\n")]
        out.append("")
    out.append(f"共 {len(rows)} 条勘误。")
    return "\n".join(out)


KIND_LABELS = {"keyword": "关键词", "term": "术语", "definition": "规则定义", "heading": "规则标题", "card": "卡牌"}
ALIAS_LABELS = {"synonym": "FAQ 译名", "english": "英文", "traditional": "繁体", "pinyin": "拼音"}


def glossary_detail(rows: list[dict]) -> str:
    out = []
    for r in rows:
        head = r["term"] + (f"  {r['english']}" if r["english"] else "")
        out.append(f"{head}  [{KIND_LABELS.get(r['kind'], r['kind'])}]")
        if r.get("number"):
            out.append(f"  定义规则：{rule_label(r['number'], r['display_number'], r['number_source'], r['title'])}"
                       + (f"  {_short(r['text'], 50)}" if r.get("text") else ""))
        groups: dict[str, list[str]] = {}
        for a in r["aliases"]:
            groups.setdefault(a["kind"], []).append(a["alias"] + (f"（{a['source']}）" if a["source"] and a["kind"] == "synonym" else ""))
        for kind, names in groups.items():
            out.append(f"  {ALIAS_LABELS.get(kind, kind)}：{'、'.join(names)}")
        out.append(f"  来源：{r['source']}")
    return "\n".join(out)


def glossary_list(rows: list[dict]) -> str:
    out = []
    for r in rows:
        syn = [a["alias"] for a in r["aliases"] if a["kind"] == "synonym"]
        rule = f"  规则 {r['display_number'] or r['number']}" if r.get("number") else ""
        out.append(f"{r['term']:<8}{(r['english'] or ''):<22}{KIND_LABELS.get(r['kind'], r['kind'])}{rule}"
                   + (f"  又作：{'、'.join(syn)}" if syn else ""))
    out.append(f"共 {len(rows)} 个术语。用 judge glossary 术语 查看详情。")
    return "\n".join(out)
