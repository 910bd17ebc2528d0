"""Card pages: one per card of the shipped catalog (facts, keywords -> rules, FAQ rulings, errata,
scenarios), an index by set, and the links FAQ pages give to the cards they name.

The card pages are not in the navigation (a thousand entries would be repeated on every page of the
site): the cards index links every one, FAQ pages link the cards they name, and the site search finds
a card by its Chinese name, English name, the FAQs' other names or its collector number.
"""

from __future__ import annotations

from collections import defaultdict

from judge.docs.context import SiteContext
from judge.docs.markup import esc, heading, slug
from judge.rules.drafted import strip_mark
from judge.rules.ruling_status import DISPUTED, RULE_WORDS, STATUS_LABELS, STATUS_ORDER, SUPERSEDED_STATUSES

INDEX = "cards/index.md"


class CardSite:
    """What the card pages need, computed once per build from the site's data and judge.cards."""

    def __init__(self, ctx: SiteContext) -> None:
        from judge.cards import names as N
        from judge.cards import rulings
        from judge.cards.catalog import catalog

        self.cat = catalog()
        self.cards = list(self.cat.cards.values())
        self.page = {c.id: f"cards/{slug(c.set)}/{slug(N.parse_number(c.number).key)}.md" for c in self.cards}
        self.faq: dict[str, list] = defaultdict(list)  # card id -> FAQ entries (docs records)
        self.cards_of_faq: dict[str, list[str]] = {}
        for e in ctx.data.faq:
            text = "\n".join([e.question or "", e.answer or ""] + [b for _, b in e.bullets])
            ids = rulings.entry_cards(e.card, text, self.cat)
            self.cards_of_faq[e.id] = ids
            for cid in ids:
                self.faq[cid].append(e)
        by_name = self.cat.faq_name_index()
        self.errata: dict[str, list] = defaultdict(list)
        for x in ctx.data.errata:
            fn = by_name.get(x.card_zh)
            if fn is not None and fn.card_id:
                self.errata[fn.card_id].append(x)
        self.scenarios = self._scenarios()
        self.cards_of_file: dict[str, list[str]] = defaultdict(list)  # scenario/card file -> card ids
        for cid, uses in self.scenarios.items():
            for path in dict.fromkeys(u["file"] for u in uses):
                self.cards_of_file[path].append(cid)
        # A keyword's own rule is the 800s rule titled with it; other terms go through the glossary.
        self.keyword_rule = {r.title: r for r in ctx.data.rules
                             if r.title and r.number and len(r.number) == 3 and r.number.startswith("8")}
        self.term = {t.term: t for t in ctx.data.terms}

    def _scenarios(self) -> dict[str, list[dict]]:
        from judge.cards.report import scenario_usage

        return scenario_usage()

    def card_link(self, ctx: SiteContext, from_page: str, cid: str) -> str:
        card = self.cat.card(cid)
        return ctx.page_link(from_page, self.page[cid], esc(card.display_name))


def card_site(ctx: SiteContext) -> CardSite:
    """One CardSite per SiteContext (kept on the context: the FAQ pages and the card pages share it)."""
    site = getattr(ctx, "_card_site", None)
    if site is None:
        site = CardSite(ctx)
        ctx._card_site = site
    return site


def faq_card_line(ctx: SiteContext, page: str, entry_id: str) -> list[str]:
    """"**卡牌**：…" under a FAQ entry, linking the card pages of the cards it names."""
    site = card_site(ctx)
    ids = site.cards_of_faq.get(entry_id, [])
    if not ids:
        return []
    return ["**卡牌**：" + " · ".join(site.card_link(ctx, page, cid) for cid in ids), ""]


def ruling_card_line(ctx: SiteContext, page: str, ruling) -> list[str]:
    """"**卡牌**：…" on a ruling page, linking the real cards its scenario defines or puts on the board."""
    site = card_site(ctx)
    path = f"scenarios/{ruling.path}"
    ids = list(site.cards_of_file.get(path, ()))
    if not ids:
        return []
    ids.sort(key=lambda cid: site.page[cid])
    return ["**卡牌**：" + " · ".join(site.card_link(ctx, page, cid) for cid in ids), ""]


def _keyword_rule(ctx: SiteContext, site: CardSite, page: str, name: str, kind: str) -> str:
    """The linked rule of a keyword: its own 800s rule, else the glossary's rule; only rules of the tree."""
    from judge.cards.rulings import RULES_SPELLING

    rules_name = RULES_SPELLING.get(name, name)
    r = site.keyword_rule.get(rules_name) if kind == "keyword" else None
    if r is not None:
        return ctx.rule_link(page, r, f"{r.display_number or r.number} {r.title}")
    term = site.term.get(rules_name)
    if term is not None and term.rule_id:
        rule = ctx.data.rules_by_id.get(term.rule_id)
        if rule is not None:
            linked = ctx.rule_link(page, rule, f"{rule.display_number or rule.number} {rule.title or ''}".strip())
            if kind == "keyword" and strip_mark(rule.title) != rules_name:
                linked += "（语料中没有这个关键词自己的条文编号，这是它所属的规则）"
            return linked
    return "（现行规则中没有此条目的编号）"


def _short(text: str, n: int = 60) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[: n - 1] + "…"


def render_card(ctx: SiteContext, site: CardSite, card) -> str:
    from judge.cards.model import DOMAINS, SET_NAMES
    from judge.cards.render import power_text

    page = site.page[card.id]
    d = card.to_dict()
    title = card.display_name + (f"（{card.english}）" if card.english else "")
    lines = [f"# {esc(title)} {{#top}}", ""]
    lines += [f"{ctx.page_link(page, INDEX, '卡牌目录')} · 收藏编号 {esc(card.number)}", ""]
    rows = [("类别", card.category)]
    if card.energy is not None:
        rows.append(("法力费用", str(card.energy)))
    if card.power:
        rows.append(("符能费用", power_text(d)))
    if card.might is not None:
        rows.append(("战力", str(card.might)))
    rows.append(("特性", "、".join(f"{DOMAINS[x][0]}（{x}）" for x in card.domains if x in DOMAINS) or "无"))
    for label, value in (("标签", "、".join(card.tags)), ("英雄", card.champion), ("地区", card.region),
                         ("关键词", "、".join(card.keywords)), ("其他标记术语", "、".join(card.terms))):
        if value:
            rows.append((label, value))
    set_name = SET_NAMES.get(card.set, ("", ""))[0]
    rows.append(("系列", card.set + (f"（{set_name}）" if set_name else "")))
    rows.append(("印刷", "、".join(f"{p.number}（{p.rarity}）" for p in card.printings)))
    names = [fn.name + (f"（{fn.note}）" if fn.note else "") for fn in site.cat.names_in_faq(card)
             if fn.name != card.display_name]
    if names:
        rows.append(("FAQ 中的名称", "、".join(names)))
    rows.append(("拼音", card.pinyin.replace("|", " ")))
    lines += ["| 项目 | 内容 |", "|---|---|"] + [f"| {label} | {esc(value)} |" for label, value in rows] + [""]
    lines += ["卡牌文本不随工具提供：可用 `judge cards import 目录文件.json` 导入发行方的卡牌目录，"
              "之后 `judge card` 会显示官方文本并注明来源。", ""]

    kws = [(k, "keyword") for k in card.keywords] + [(t, "term") for t in card.terms]
    lines += [heading(2, "关键词与规则", "keywords"), ""]
    if kws:
        for item, kind in kws:
            name = item.split(" ")[0]
            lines.append(f"- {esc(item)}{'（术语）' if kind == 'term' else ''} → {_keyword_rule(ctx, site, page, name, kind)}")
        lines.append("")
    else:
        lines += ["（此卡牌没有关键词。）", ""]

    lines += [heading(2, "勘误", "errata"), ""]
    errata = site.errata.get(card.id, [])
    if errata:
        from judge.docs.pages_faq import ERRATA_PAGE

        for x in errata:
            lines.append(f"- {ctx.page_link(page, ERRATA_PAGE, esc(x.card_zh + (f' ({x.card_en})' if x.card_en else '')), slug(x.id, 'e-'))}"
                         + (f"（见 {ctx.faq_link(page, x.faq_id, x.faq_id)}）" if x.faq_id else ""))
        lines.append("")
    else:
        lines += ["（FAQ 中没有此卡牌的修订文本。）", ""]

    lines += [heading(2, "FAQ 裁定", "faq"), ""]
    entries = site.faq.get(card.id, [])
    if entries:
        for e in sorted(entries, key=lambda e: (STATUS_ORDER.get(e.status or "valid", 0), e.doc != "referee", e.source_line or 0)):
            label = f"{e.id} {_short(e.question or e.answer)}"
            mark = ""
            if e.status in SUPERSEDED_STATUSES:
                targets = [t.strip() for t in (e.superseded_by or "").replace("，", ",").split(",") if t.strip()]
                mark = f" ⚠ **{STATUS_LABELS[e.status]}**" + (f"——{RULE_WORDS[e.status]} " + "、".join(ctx.rule_link(page, t) for t in targets) if targets else "")
            elif e.status == DISPUTED:
                mark = f" ⚠ {STATUS_LABELS[DISPUTED]}"
            lines.append(f"- {ctx.faq_link(page, e.id, label)}{mark}")
        lines.append("")
    else:
        lines += ["（两份 FAQ 都没有提到这张卡牌。）", ""]

    lines += [heading(2, "场景", "scenarios"), ""]
    uses = site.scenarios.get(card.id, [])
    if uses:
        for u in uses:
            rel_path = u["file"].split("/", 1)[1] if u["file"].startswith("scenarios/") else u["file"]
            ruling = ctx.ruling_of_path.get(rel_path)
            target = ctx.ruling_link(page, ruling) if ruling is not None else f"`{esc(u['file'])}`"
            lines.append(f"- {target}（{u['how']}“{esc(u['name'])}”）")
        lines.append("")
    else:
        lines += ["（没有场景使用这张卡牌。）", ""]
    from judge.cards.report import encoding_note, encoding_of

    encoding = encoding_of(card)
    lines += [heading(2, "技能编码", "encoding"), "", esc(encoding_note(card, encoding)), ""]
    if encoding is not None:
        lines += ["```text", encoding["text"], "```", ""]
    return "\n".join(lines)


def render_index(ctx: SiteContext, site: CardSite) -> str:
    from judge.cards.model import SET_NAMES

    lines = ["# 卡牌目录 {#top}", ""]
    with_faq = sum(1 for c in site.cards if site.faq.get(c.id))
    lines += [f"发行方中文卡牌目录（2026-04-27）中的 {len(site.cards)} 张卡牌，"
              f"共 {sum(len(c.printings) for c in site.cards)} 个印刷版本；其中 {with_faq} 张有 FAQ 裁定。"
              "每张卡牌一页：事实、关键词对应的规则、FAQ 裁定、勘误与使用它的场景。卡牌文本不随工具提供。", ""]
    by_set: dict[str, list] = defaultdict(list)
    for c in site.cards:
        by_set[c.set].append(c)
    for set_code, cards in by_set.items():
        name = SET_NAMES.get(set_code, ("", ""))[0]
        lines += [heading(2, esc(f"{set_code} {name}".strip()) + f"（{len(cards)}）", slug(set_code, "set-")), ""]
        lines += ["| 编号 | 卡牌 | 类别 | 费用 | 战力 | FAQ |", "|---|---|---|---|---|---|"]
        for c in cards:
            cost = "" if c.energy is None else str(c.energy) + (f"+{c.power}符能" if c.power else "")
            faq_n = len(site.faq.get(c.id, []))
            lines.append(f"| {esc(c.number)} | {site.card_link(ctx, INDEX, c.id)} | {esc(c.category)} | {cost} | "
                         f"{'' if c.might is None else c.might} | {faq_n or ''} |")
        lines.append("")
    return "\n".join(lines)


def write_pages(page, ctx: SiteContext) -> None:
    """Write the index and every card page through `page(path, title, body, boost)`."""
    site = card_site(ctx)
    page(INDEX, "卡牌目录", render_index(ctx, site))
    for card in site.cards:
        # The search finds a card by its title (Chinese and English names); no boost, so that the pages
        # of 769 cards listing a keyword never outrank the keyword's rule.
        title = card.display_name + (f" {card.english}" if card.english else "")
        page(site.page[card.id], title, render_card(ctx, site, card))
