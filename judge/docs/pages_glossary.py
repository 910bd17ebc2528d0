"""Glossary page (Chinese ↔ English, synonyms) and the version diff page."""

from __future__ import annotations

import re
from collections import defaultdict

from judge.docs.context import SiteContext, number_key
from judge.docs.data import Rule
from judge.docs.markup import esc, heading, slug

GLOSSARY = "glossary.md"
DIFF = "diff.md"
ALIAS_KIND = {"synonym": "同义译名", "english": "英文", "traditional": "繁体", "pinyin": "拼音"}


def _initial(term: str) -> str:
    try:
        from pypinyin import Style, lazy_pinyin

        p = lazy_pinyin(term[:1], style=Style.FIRST_LETTER)
        ch = (p[0][:1] if p else "").upper()
    except Exception:  # pypinyin missing or odd input: group under '#'
        ch = ""
    return ch if ch.isascii() and ch.isalpha() else "#"


_LEADING_ID = re.compile(r"^([A-Za-z0-9][A-Za-z0-9:\-]*)(.*)$", re.S)


def _source(ctx: SiteContext, page: str, source: str) -> str:
    """A term's source: an FAQ entry id (linked), optionally followed by a remark; else text."""
    m = _LEADING_ID.match(source.strip())
    if m and m.group(1) in ctx.data.faq_by_id:
        return ctx.faq_link(page, m.group(1), f"FAQ {m.group(1)}") + esc(m.group(2))
    from judge.docs.pages_rules import linked_text

    return " ".join(linked_text(ctx, page, source, []))


def term_anchor(term: str) -> str:
    """Stable anchor of a term from its pinyin: 燃尽 -> t-ran-jin."""
    try:
        from pypinyin import lazy_pinyin

        return slug("-".join(lazy_pinyin(term)), "t-")
    except Exception:
        return slug(term, "t-")


def render_glossary(ctx: SiteContext) -> str:
    page = GLOSSARY
    lines = ["# 术语表 {#top}", ""]
    terms = ctx.data.terms
    if not terms:
        return "\n".join(lines + ["术语表尚未生成：数据库中没有术语。", ""])
    lines += [f"共 {len(terms)} 个术语：中文名、英文名（来自 FAQ 的中英对照或项目整理的对照表）、同义译名及定义它的规则。", ""]
    groups: dict[str, list] = defaultdict(list)
    for t in terms:
        groups[_initial(t.term)].append(t)
    used: set[str] = set()
    for letter in sorted(groups):
        lines += [heading(2, esc(letter), f"l-{letter.lower()}" if letter != "#" else "l-other"), ""]
        for t in sorted(groups[letter], key=lambda t: t.term):
            anchor = term_anchor(t.term)
            base, n = anchor, 2
            while anchor in used:
                anchor, n = f"{base}-{n}", n + 1
            used.add(anchor)
            title = esc(t.term) + (f"（{esc(t.english)}）" if t.english else "")
            lines += [heading(3, title, anchor), ""]
            rule = ctx.data.rules_by_id.get(t.rule_id) if t.rule_id else None
            if rule is not None:
                lines.append(f"- 定义：{ctx.rule_link(page, rule)}")
            elif t.rule_id:
                lines.append(f"- 定义：{esc(t.rule_id.split(':', 1)[-1])}（不在规则树中）")
            if t.english:
                lines.append(f"- 英文：{esc(t.english)}")
            by_kind: dict[str, list[str]] = defaultdict(list)
            for alias, kind in t.aliases:
                by_kind[kind].append(alias)
            for kind, aliases in by_kind.items():
                lines.append(f"- {esc(ALIAS_KIND.get(kind, kind))}：{'、'.join(esc(a) for a in aliases)}")
            if t.source:
                lines.append(f"- 出处：{_source(ctx, page, t.source)}")
            lines.append("")
    return "\n".join(lines)


_NORM = re.compile(r"[\s\u3000，。、：；“”\"'（）()《》【】\[\]·•*]+")


def _norm(text: str) -> str:
    return _NORM.sub("", text or "")


def _best_match(rule: Rule, choices: dict[str, str], by_id: dict[str, Rule],
                by_text: dict[str, Rule]) -> tuple[Rule | None, float]:
    key = _norm(rule.title + rule.text)
    if key in by_text:
        return by_text[key], 100.0
    from rapidfuzz import fuzz, process

    hit = process.extractOne(key, choices, scorer=fuzz.ratio, score_cutoff=60)
    if not hit:
        return None, 0.0
    return by_id[hit[2]], float(hit[1])


def render_diff(ctx: SiteContext) -> str:
    page = DIFF
    lines = ["# 版本差异 {#top}", ""]
    current = ctx.data.rules
    cur_v = ctx.data.current_version or "—"
    others = ctx.data.other_rules
    if not current or not others:
        return "\n".join(lines + ["没有可比较的版本：数据库中只有一个规则版本。", ""])
    lines += [f"将其他版本的段落与现行版本（{esc(cur_v)}）逐段比较：相同、有改动（列出两版文字）或在现行版本中找不到。"
              "有编号的旧版本同时给出旧编号到新编号的对应。", ""]
    by_text = {_norm(r.title + r.text): r for r in current if r.text or r.title}
    choices = {r.id: _norm(r.title + r.text) for r in current if r.text or r.title}
    by_id = {r.id: r for r in current}
    for version in sorted(others):
        rules = sorted(others[version], key=lambda r: r.ord)
        results = [(r, *_best_match(r, choices, by_id, by_text)) for r in rules if (r.text or r.title)]
        same = sum(1 for _, m, s in results if m is not None and s == 100.0)
        changed = [(r, m, s) for r, m, s in results if m is not None and s < 100.0]
        missing = [r for r, m, _ in results if m is None]
        lines += [heading(2, f"{esc(version)} 与 {esc(cur_v)}", slug(version, "v-")), ""]
        lines += [f"共 {len(results)} 段：相同 {same} 段，有改动 {len(changed)} 段，现行版本中找不到 {len(missing)} 段。", ""]
        numbered = [(r, m) for r, m, _ in results if m is not None and r.number and r.number_source in ("source", "cited")]
        if numbered:
            lines += [heading(3, "编号对应（旧 → 新）", slug(version, "v-") + "-map"), ""]
            lines += ["| 旧编号 | 新编号 | 标题或开头 |", "|---|---|---|"]
            for r, m in sorted(numbered, key=lambda x: number_key(x[0].number)):
                head = esc((r.title or r.text)[:24])
                lines.append(f"| {esc(r.number)} | {ctx.rule_link(page, m)} | {head} |")
            lines.append("")
        if changed:
            lines += [heading(3, "有改动的段落", slug(version, "v-") + "-changed"), ""]
            for r, m, s in changed:
                old_no = esc(r.display_number or r.number or "—")
                lines += [f"- {esc(version)} {old_no} → {ctx.rule_link(page, m)}（相似度 {s:.0f}%）", "",
                          f"    旧：{esc(r.title + ' ' + r.text if r.title else r.text)}", "",
                          f"    新：{esc(m.title + ' ' + m.text if m.title else m.text)}", ""]
        if missing:
            lines += [heading(3, "现行版本中找不到的段落", slug(version, "v-") + "-missing"), ""]
            for r in missing:
                lines.append(f"- {esc(r.display_number or r.number or '')} {esc(r.title + ' ' + r.text if r.title else r.text)}".rstrip())
            lines.append("")
    return "\n".join(lines)
