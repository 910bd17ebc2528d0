"""Glossary page (Chinese ↔ English, synonyms) and the version diff page."""

from __future__ import annotations

import re
from collections import defaultdict

from judge.docs.context import SiteContext, number_key
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


PINYIN_CACHE_VERSION = "1"


def _pinyin_cache_path(ctx: SiteContext):
    """Per store (as the FAQ suggestions' cache) and per installed pypinyin, or None without a store key."""
    key = ctx.data.meta.get("cache_key") or ctx.data.meta.get("corpus_hash")
    if not key:
        return None
    import importlib.util
    import os
    import zlib

    from judge.paths import cache_dir

    try:
        st = os.stat(importlib.util.find_spec("pypinyin").origin)
        lib = f"{st.st_size}:{st.st_mtime_ns}"
    except Exception:  # not installed: the fallbacks of _initial / term_anchor are cached as such
        lib = "none"
    return cache_dir() / f"docs-pinyin-{PINYIN_CACHE_VERSION}-{key[:24]}-{zlib.crc32(lib.encode()):08x}.json"


def _term_keys(ctx: SiteContext, terms: list[str]) -> dict[str, list[str]]:
    """term -> [initial, anchor] of every term. Importing pypinyin's phrase tables costs a large share of
    a docs build, so the results are cached (best effort) and pypinyin is loaded only for a new term list."""
    from judge.docs import json_cache

    path = _pinyin_cache_path(ctx)
    cached = json_cache.load(path, lambda c: isinstance(c, dict) and all(isinstance(c.get(t), list) for t in terms))
    if cached is not None:
        return cached
    out = {t: [_initial(t), term_anchor(t)] for t in terms}
    json_cache.save(path, out)
    return out


def render_glossary(ctx: SiteContext) -> str:
    page = GLOSSARY
    lines = ["# 术语表 {#top}", ""]
    terms = ctx.data.terms
    if not terms:
        return "\n".join(lines + ["术语表尚未生成：数据库中没有术语。", ""])
    lines += [f"共 {len(terms)} 个术语：中文名、英文名（来自 FAQ 的中英对照或项目整理的对照表）、同义译名及定义它的规则。", ""]
    keys = _term_keys(ctx, [t.term for t in terms])
    groups: dict[str, list] = defaultdict(list)
    for t in terms:
        groups[keys[t.term][0]].append(t)
    used: set[str] = set()
    for letter in sorted(groups):
        lines += [heading(2, esc(letter), f"l-{letter.lower()}" if letter != "#" else "l-other"), ""]
        for t in sorted(groups[letter], key=lambda t: t.term):
            anchor = keys[t.term][1]
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
                if not (kind == "english" and alias == t.english):  # already on the 英文 line
                    by_kind[kind].append(alias)
            for kind, aliases in by_kind.items():
                lines.append(f"- {esc(ALIAS_KIND.get(kind, kind))}：{'、'.join(esc(a) for a in aliases)}")
            if t.source:
                lines.append(f"- 出处：{_source(ctx, page, t.source)}")
            lines.append("")
    return "\n".join(lines)


def render_diff(ctx: SiteContext) -> str:
    """Each other version against the current one, as `judge diff` compares them (judge.rules.versions)."""
    page = DIFF
    lines = ["# 版本差异 {#top}", ""]
    cur_v = ctx.data.current_version or "—"
    diffs = ctx.data.diffs
    if not ctx.data.rules or not diffs:
        return "\n".join(lines + ["没有可比较的版本：数据库中只有一个规则版本。", ""])
    lines += [f"将其他版本的段落与现行版本（{esc(cur_v)}）逐段比较（与 `judge diff` 相同的比较）："
              "相同、有改动（列出两版文字）、只在旧版本中出现。有编号的旧版本同时给出旧编号到新编号的对应。", ""]
    for version in sorted(diffs):
        pairs = diffs[version]
        same = [p for p in pairs if p.status == "same"]
        changed = [p for p in pairs if p.status == "changed"]
        only_old = [p for p in pairs if p.status == "only_a"]
        only_new = [p for p in pairs if p.status == "only_b"]
        anchor = slug(version, "v-")
        lines += [heading(2, f"{esc(version)} 与 {esc(cur_v)}", anchor), ""]
        lines += [f"相同 {len(same)} 段，有改动 {len(changed)} 段，只在 {esc(version)} 中 {len(only_old)} 段；"
                  f"现行版本另有 {len(only_new)} 段不在 {esc(version)} 中。", ""]
        numbered = [p for p in pairs if p.a and p.b and p.a.get("number") and p.a.get("number_source") in ("source", "cited")]
        if numbered:
            lines += [heading(3, "编号对应（旧 → 新）", anchor + "-map"), ""]
            lines += ["| 旧编号 | 新编号 | 比较 | 标题或开头 |", "|---|---|---|---|"]
            for p in sorted(numbered, key=lambda p: number_key(p.a["number"])):
                new_rule = ctx.data.rules_by_id.get(p.b["id"])
                target = ctx.rule_link(page, new_rule) if new_rule else esc(p.b.get("display_number") or "")
                status = "相同" if p.status == "same" else f"有改动（相似度 {p.similarity:.0f}%）"
                head = esc(((p.a.get("title") or "") or (p.a.get("text") or ""))[:24])
                lines.append(f"| {esc(p.a['number'])} | {target} | {status} | {head} |")
            lines.append("")
        if changed:
            lines += [heading(3, "有改动的段落", anchor + "-changed"), ""]
            for p in changed:
                new_rule = ctx.data.rules_by_id.get(p.b["id"])
                target = ctx.rule_link(page, new_rule) if new_rule else esc(p.b.get("display_number") or "")
                old_no = esc(p.a.get("display_number") or p.a.get("number") or "—")
                lines += [f"- {esc(version)} {old_no} → {target}（相似度 {p.similarity:.0f}%）", "",
                          f"    旧：{esc(_para(p.a))}", "", f"    新：{esc(_para(p.b))}", ""]
        if only_old:
            lines += [heading(3, f"只在 {esc(version)} 中的段落", anchor + "-missing"), ""]
            for p in only_old:
                lines.append(f"- {esc(p.a.get('display_number') or p.a.get('number') or '')} {esc(_para(p.a))}".rstrip())
            lines.append("")
    return "\n".join(lines)


def _para(r: dict) -> str:
    title, text = r.get("title") or "", r.get("text") or ""
    return f"{title} {text}".strip()
