"""Chinese text of `judge card`: facts, keywords with their rules, FAQ rulings, errata, scenarios."""

from __future__ import annotations

from judge.cards.model import DOMAINS, SET_NAMES
from judge.cards.names import KIND_LABELS
from judge.rules.ruling_status import DISPUTED, PARTLY_SUPERSEDED, RULE_WORDS, STATUS_LABELS, SUPERSEDED, SUPERSEDED_STATUSES


def _rule_label(rule: dict | None) -> str:
    if not rule:
        return "（现行规则语料中没有此条目的编号）"
    label = f"规则 {rule.get('display_number') or rule['number']}"
    if rule.get("title"):
        label += f" {rule['title']}"
    if rule.get("number_source") == "absent":
        label += "（正文未收录于语料）"
    return label


def power_text(card: dict) -> str:
    out = []
    for key, n in card["power_by_domain"].items():
        names = [DOMAINS[d][0] + f"[{DOMAINS[d][1]}]" for d in key.split("|") if d in DOMAINS]
        out.append(f"{n}（{'或'.join(names) or '无特性'}）")
    return "、".join(out)


def _cost_line(energy, power: str) -> str | None:
    """'费用：法力 2，符能 …', or None for a card with no cost at all."""
    costs = ([f"法力 {energy}"] if energy is not None else []) + ([f"符能 {power}"] if power else [])
    return "费用：" + "，".join(costs) if costs else None


def _domain_names(card: dict) -> list[str]:
    return [f"{DOMAINS[d][0]}（{d}）" for d in card["domains"] if d in DOMAINS]


def facts_lines(card: dict) -> list[str]:
    lines = []
    lines.append(f"类别：{card['category']}")
    cost = _cost_line(card["energy"], power_text(card) if card["power"] else "")
    if cost:
        lines.append(cost)
    if card["might"] is not None:
        lines.append(f"战力：{card['might']}")
    domains = _domain_names(card)
    lines.append("特性：" + ("、".join(domains) if domains else "无"))
    if card["tags"]:
        lines.append("标签：" + "、".join(card["tags"]))
    if card["champion"]:
        lines.append(f"英雄：{card['champion']}")
    if card["region"]:
        lines.append(f"地区：{card['region']}")
    if card["keywords"]:
        lines.append("关键词：" + "、".join(card["keywords"]))
    if card["deck_limit"]:
        lines.append(f"卡组上限：{card['deck_limit']} 张")
    set_name = SET_NAMES.get(card["set"], ("", ""))[0]
    lines.append(f"系列：{card['set']}" + (f"（{set_name}）" if set_name else ""))
    prints = [f"{p['number']}（{p['rarity']}{'·' + p['finish'] if p['finish'] not in ('', '平卡', p['rarity']) else ''}）"
              for p in card["printings"]]
    lines.append(f"印刷（{len(prints)}）：" + "、".join(prints))
    return lines


def _short(text: str, n: int) -> str:
    text = (text or "").replace("\n", " ")
    return text if len(text) <= n else text[:n - 1] + "…"


def render_card(report: dict, full: bool = False) -> str:
    from judge.cards.imported import render_markup

    card = report["card"]
    head = card["name"] + (f" - {card['subtitle']}" if card["subtitle"] else "")
    if card["english"]:
        head += f"  {card['english']}"
    out = [f"{head}  [{card['number']}]"]
    if report["matched_by"] == "faq":
        from judge.cards.names import name_key

        fn = next((f for f in report["faq_names"] if name_key(f["name"]) == name_key(report["query"])), None)
        out.append(f"（“{report['query']}”是 FAQ 对这张卡牌的称呼" + (f"：{fn['note']}" if fn and fn["note"] else "") + "）")
    elif report["matched_by"] and report["matched_by"] not in ("full", "exact", "number"):
        out.append(f"（按{KIND_LABELS.get(report['matched_by'], report['matched_by'])}匹配“{report['query']}”）")
    elif report["matched_by"] == "number":
        typed = _typed_printing(report)
        if typed and typed != card["number"]:
            out.append(f"（收藏编号 {typed} 是这张卡牌的印刷版本之一）")
    out += ["  " + l for l in facts_lines(card)]

    out.append("")
    if report["official_text"]:
        src = report["official_text"][0]["source"]
        label = f"导入的卡牌目录“{src['name']}”" + (f"（抓取于 {src['fetched_at']}）" if src["fetched_at"] else "")
        out.append(f"官方卡牌文本（来源：{label}）：")
        for t in report["official_text"]:
            prefix = f"  [{t['number']}] " if len(report["official_text"]) > 1 else "  "
            out.append(prefix + render_markup(t["text"]).replace("\n", "\n  "))
    else:
        out.append("官方卡牌文本：未随工具提供。可用 judge cards import 目录文件.json 导入发行方的卡牌目录后显示。")

    if report["keywords"]:
        out.append("")
        out.append("关键词与规则：")
        for k in report["keywords"]:
            name = k["keyword"] + (f" {k['value']}" if k["value"] else "")
            if k["english"]:
                name += f" ({k['english']})"
            if k["rules_name"]:
                name += f"，规则中写作“{k['rules_name']}”"
            kind = "" if k["kind"] == "keyword" else "［术语］"
            note = ""
            if k["rule"] and not k["own_rule"] and k["kind"] == "keyword":
                note = "（语料中没有这个关键词自己的条文编号，这是它所属的规则）"
            out.append(f"  {name}{kind} → {_rule_label(k['rule'])}{note}")

    out.append("")
    if report["errata"]:
        out.append(f"勘误（修订文本，{len(report['errata'])} 条）：")
        for e in report["errata"]:
            src = "裁判FAQ" if e["id"].startswith("E-R") else "核心规则FAQ"
            out.append(f"  {e['card_zh']}" + (f" ({e['card_en']})" if e["card_en"] else "") +
                       f" · {src} 第 {e['source_line']} 行" + (f" · 见 {e['faq_id']}" if e["faq_id"] else ""))
            out += ["    " + line for line in e["text"].split("\n")]
    else:
        out.append("勘误：无")

    out.append("")
    if report["faq"]:
        # In the order of judge.cards.rulings: those no rule replaced, the partly superseded, the superseded.
        current = [f for f in report["faq"] if f["status"] not in SUPERSEDED_STATUSES]
        partly = [f for f in report["faq"] if f["status"] == PARTLY_SUPERSEDED]
        old = [f for f in report["faq"] if f["status"] == SUPERSEDED]
        counts = [f"现行 {len(current)}"] + ([f"部分被取代 {len(partly)}（结论仍成立）"] if partly else []) + \
            [f"已被取代 {len(old)}"]
        out.append(f"FAQ 裁定（{len(report['faq'])} 条；{'，'.join(counts)}）：")
        for f in current + partly + old:
            out.append("  " + _faq_line(f, full))
        out.append("  用 judge faq show 编号 查看全文。")
    else:
        out.append("FAQ 裁定：两份 FAQ 都没有提到这张卡牌。")

    out.append("")
    if report["scenarios"]:
        out.append(f"使用此卡的场景（{len(report['scenarios'])}）：")
        for s in report["scenarios"]:
            out.append(f"  {s['file']}  [{s['how']}“{s['name']}”] {_short(s['title'], 40)}")
    else:
        out.append("使用此卡的场景：无")

    out.append("")
    out.append(report["encoding_note"])
    if report.get("encoding"):
        out.extend("  " + line.strip() if i == 0 else line for i, line in enumerate(report["encoding"]["text"].split("\n")))
    return "\n".join(out)


def _typed_printing(report: dict) -> str | None:
    """The printing whose collector number was typed (e.g. an alternate art), if any."""
    from judge.cards.names import parse_number

    typed = parse_number(report["query"])
    if typed is None:
        return None
    for p in report["card"]["printings"]:
        n = parse_number(p["number"])
        if n is not None and n.key == typed.key:
            return p["number"]
    return None


def _faq_line(f: dict, full: bool) -> str:
    text = f["question"] or f["answer"]
    line = f"{f['id']:<7} {f['doc_label']}  {_short(text, 200 if full else 56)}"
    if f["status"] in SUPERSEDED_STATUSES:
        rule = f.get("superseded_rule")
        target = _rule_label(rule).replace("规则 ", "") if rule else (f.get("superseded_by") or "")
        line += f"\n          ⚠ {STATUS_LABELS[f['status']]}" + (f" —— {RULE_WORDS[f['status']]} {target}" if target else "")
    elif f["status"] == DISPUTED:
        line += f"\n          ⚠ {STATUS_LABELS[DISPUTED]}" + (f" —— {RULE_WORDS[DISPUTED]} {f['superseded_by']}" if f.get("superseded_by") else "")
    return line


def render_ambiguous(cards: list) -> str:
    return "\n".join(f"  {c.number:<16}{c.display_name}  {c.category}" for c in cards)


def render_list(summaries: list[dict]) -> str:
    if not summaries:
        return "当前没有导入任何卡牌目录。用 judge cards import 文件.json 导入发行方的卡牌目录。"
    out = []
    for s in summaries:
        out.append(f"{s['name']}  {s['printings']} 张印刷品（{s['with_text']} 张有文本，{s['matched']} 张对应内置卡牌"
                   + (f"，{s['unknown']} 张不在内置目录中" if s["unknown"] else "") + "）")
        out.append(f"  文件：{s['file']}" + (f"  抓取于 {s['fetched_at']}" if s["fetched_at"] else "")
                   + f"  导入于 {s['imported_at']}")
    out.append(f"共 {len(summaries)} 份。judge card 显示最后导入的目录中的文本。")
    return "\n".join(out)


def render_imported_card(report: dict) -> str:
    from judge.cards.imported import render_markup

    card = report["card"]
    head = card["name"] + (f" - {card['subtitle']}" if card["subtitle"] else "")
    out = [f"{head}  [{card['number']}]", f"（{report['note']}）"]
    if card["category"]:
        out.append(f"  类别：{card['category']}")
    cost = _cost_line(card["energy"], card["power"])
    if cost:
        out.append("  " + cost)
    if card["might"] is not None:
        out.append(f"  战力：{card['might']}")
    domains = _domain_names(card)
    if domains:
        out.append("  特性：" + "、".join(domains))
    if card["champion"]:
        out.append(f"  英雄：{card['champion']}")
    out.append("  印刷：" + "、".join(p["number"] for p in card["printings"]))
    out.append("")
    if report["official_text"]:
        src = report["official_text"][0]["source"]
        label = f"导入的卡牌目录“{src['name']}”" + (f"（抓取于 {src['fetched_at']}）" if src["fetched_at"] else "")
        out.append(f"官方卡牌文本（来源：{label}）：")
        for t in report["official_text"]:
            out.append("  " + render_markup(t["text"]).replace("\n", "\n  "))
    out.append("")
    out.append(report["encoding_note"])
    return "\n".join(out)
