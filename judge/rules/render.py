"""Plain-text rendering of rules for the terminal (and the JSON shape of `judge rule --json`).

Renders the records of the Python API (judge.api.Rulebook, judge.records). Import-light on purpose:
the `judge rule` fast path renders with this module.
Inferred numbers are always shown with "≈"; absent rules say plainly that their text is not in
the corpus.
"""

from __future__ import annotations

import os
import sys

from judge.rules import citation_review, translation_notes
from judge.rules.ruling_status import STATUS_LABELS
from judge.rules.number import Provenance

SOURCE_LABEL = {p.value: p.label for p in Provenance}


UNTITLED = "〔中文正文缺此标题〕"   # = judge.rules.official.UNTITLED (this module stays import-light)


class Style:
    def __init__(self, enabled: bool):
        self.enabled = enabled

    def _w(self, code: str, s: str) -> str:
        return f"\033[{code}m{s}\033[0m" if self.enabled and s else s

    def num(self, s: str) -> str:
        return self._w("1;36", s)

    def dim(self, s: str) -> str:
        return self._w("2", s)

    def warn(self, s: str) -> str:
        return self._w("33", s)

    def bold(self, s: str) -> str:
        return self._w("1", s)


def want_colour(stream=None) -> bool:
    stream = stream or sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)()) and "NO_COLOR" not in os.environ


def label(rule) -> str:
    """'≈355.7.a' or '349 打出卡牌' (a judge.records.Rule); an untitled heading says so."""
    if rule.title or not rule.is_heading or rule.text:
        return rule.label
    return f"{rule.label} {UNTITLED}"


def provenance(rule) -> str:
    src = _source(rule.number_source)
    text = SOURCE_LABEL.get(src, src)
    if src in ("inferred", "aligned") or (src == "cited" and rule.confidence < 1):
        text += f"，置信度 {rule.confidence:.2f}"
    return f"编号来源：{text}。{rule.evidence or ''}"


def _source(value) -> str | None:
    return value.value if isinstance(value, Provenance) else value


def _snippet(text: str, n: int = 60) -> str:
    text = text or ""
    return text if len(text) <= n else text[: n - 1] + "…"


def _has_next_sibling(rows: list, i: int) -> bool:
    d = rows[i][0]
    for x, _ in rows[i + 1:]:
        if x < d:
            return False
        if x == d:
            return True
    return False


def _tree_lines(rows: list, st: Style) -> list[str]:
    """Box-drawing tree of (depth, Rule) pairs, depth >= 1 relative to the rule shown above them."""
    lines = []
    open_levels: dict[int, bool] = {}
    for i, (depth, r) in enumerate(rows):
        d = max(1, depth)
        more = _has_next_sibling(rows, i)
        open_levels[d] = more
        guide = "".join("│  " if open_levels.get(k) else "   " for k in range(1, d))
        prefix = guide + ("├─ " if more else "└─ ")
        title = st.bold(r.title) if r.title else ""
        tail = st.warn("（正文不在语料中）") if r.absent else _snippet(r.text, 70)
        if not title and not tail and r.is_heading:
            tail = st.dim(UNTITLED)
        if translation_notes.note_of(r.number):
            tail += st.warn(f"［{translation_notes.LABEL}］")
        lines.append(f"{prefix}{st.num(r.display_number or '')} {title}{' ' if title and tail else ''}{tail}".rstrip())
    return lines


class RuleView:
    """Everything `judge rule` shows about one rule, read through the API (a judge.api.Rulebook)."""

    def __init__(self, book, rule, depth: int | None):
        number = rule.number
        base = len(number.split(".")) - 1
        self.rule = rule
        self.breadcrumb = book.breadcrumb(number)[:-1]
        self.subtree = [(r.level - base, r) for r in book.subtree(number, depth) if r.id != rule.id]
        self.section = book.section(number) if depth is None or depth > 0 else []
        self.refs_out = book.refs_out(number)
        self.refs_in = book.refs_in(number)
        self.faq = book.faq_for(number)


def rule_json(rule) -> dict:
    """A judge.records.Rule in the store's column shape (None where the store has no value), as
    `judge rule --json` prints it."""
    return {"id": rule.id, "version": rule.version, "number": rule.number or None,
            "display_number": rule.display_number or None, "number_source": _source(rule.number_source),
            "confidence": rule.confidence, "evidence": rule.evidence, "parent": rule.parent or None,
            "level": rule.level, "ord": rule.ord, "title": rule.title or None, "text": rule.text,
            "is_heading": int(rule.is_heading), "source_file": rule.source_file or None,
            "source_line": rule.source_line}


def _note_json(number) -> dict | None:
    entry = translation_notes.note_of(number)
    return {"kind": entry[0], "note": entry[1]} if entry else None


def rule_payload(book, rule, depth: int | None) -> dict:
    """Everything `judge rule` shows about one rule, as plain data (the --json output)."""
    v = RuleView(book, rule, depth)
    return {
        "rule": rule_json(rule),
        "breadcrumb": [{"number": r.number or None, "display_number": r.display_number or None,
                        "title": r.title or None, "text": _snippet(r.text, 40)} for r in v.breadcrumb],
        "examples": list(rule.examples),
        "translation_note": _note_json(rule.number),
        "subtree": [{**rule_json(r), "depth": d} for d, r in v.subtree],
        "section": [{"number": r.number or None, "display_number": r.display_number or None, "text": r.text}
                    for r in v.section],
        "refs_out": [{"to_number": r.to_number, "to_display": r.to_display, "cited_title": r.cited_title or None,
                      "resolved": r.resolved, "raw": r.raw, "to_source": _source(r.to_source),
                      "note": citation_review.ref_label(r)[1] or None} for r in v.refs_out],
        "refs_in": [{"from_number": r.from_number or None, "from_display": r.from_display or None, "raw": r.raw,
                     "text": r.from_text, "source_line": r.source_line,
                     "note": citation_review.ref_label(r)[1] or None} for r in v.refs_in],
        "faq": [{"id": f.id, "question": f.question, "answer": f.answer, "status": f.status, "method": f.method,
                 "topic": f.topic} for f in v.faq],
    }


def render_rule(book, rule, depth: int | None = None, st: Style | None = None, detail: bool = True) -> str:
    """The terminal text of `judge rule` for one judge.records.Rule, read through a judge.api.Rulebook."""
    st = st or Style(False)
    p = RuleView(book, rule, depth)
    lines = []
    if p.breadcrumb:
        # Numbers with their short titles; an untitled parent shows its number only (its text is a
        # sentence, often an enumerated step, and does not read as a place in the tree).
        crumbs = " › ".join(f"{b.display_number}" + (f" {_snippet(b.title, 12)}" if b.title else "")
                            for b in p.breadcrumb)
        lines.append(st.dim(f"上级：{crumbs}"))
    head = st.num(rule.display_number)
    title = f" {st.bold(rule.title)}" if rule.title else ""
    lines.append(f"规则 {head}{title}")
    if rule.absent:
        lines.append(st.warn(f"此规则的正文不在语料中：{rule.version} 版核心规则的文本在此之前就结束了。"
                             "以下是已知信息（引用它的规则、相关 FAQ）。"))
    elif rule.text:
        lines.append(rule.text)
    elif rule.is_heading:
        lines.append(st.dim("（标题）"))
    for ex in rule.examples:
        lines.append(f"  举例：{ex}")
    note = translation_notes.line_of(rule.number)
    if note:
        lines.append(st.warn(note))
    if detail:
        lines.append(st.dim(provenance(rule)))
        if rule.source_file:
            lines.append(st.dim(f"出处：{rule.source_file} 第 {rule.source_line} 行"))
    if p.subtree:
        lines.append("")
        lines.append("子规则：")
        lines.extend("  " + l for l in _tree_lines(p.subtree, st))
    if p.section:
        lines.append("")
        lines.append("本节规则：")
        for r in p.section:
            lines.append(f"  {st.num(r.display_number)} {_snippet(r.text, 70) or label(r).split(' ', 1)[-1]}")
    if detail and p.refs_out:
        lines.append("")
        lines.append("引用：")
        for r in p.refs_out:
            title, fixed = citation_review.ref_label(r)
            tgt = r.to_display + (f" {title}" if title else "") + (st.warn(f"（{fixed}）") if fixed else "")
            note = "" if r.resolved else st.warn("（树中无此编号）")
            if r.to_source == "absent":
                note = st.warn("（正文不在语料中）")
            lines.append(f"  → {tgt}{note}")
    if detail and p.refs_in:
        lines.append("")
        lines.append(f"被引用（{len(p.refs_in)} 处）：")
        for r in p.refs_in:
            fixed = citation_review.ref_label(r)[1]
            lines.append(f"  ← {st.num(r.from_display or '')} {_snippet(r.from_text, 60)}"
                         + (st.warn(f"（{fixed}）") if fixed else ""))
    if detail and p.faq:
        lines.append("")
        lines.append(f"相关 FAQ（{len(p.faq)} 条）：")
        for f in p.faq:
            status = f" [{STATUS_LABELS.get(f.status, f.status)}]" if f.status else ""
            via = f"（主题：{f.topic}）" if f.method == "topic" else ""
            lines.append(f"  · {f.id}{status}{via} {_snippet(f.question or f.answer or '', 60)}")
    if rule.absent and not p.refs_in and not p.faq:
        lines.append(st.dim("（没有其他已知信息。）"))
    return "\n".join(lines)


def not_found_message(book, number: str) -> str:
    near = book.nearest(number)
    msg = f"找不到规则 {number}。"
    if near:
        rules = [book.get(n) for n in near]
        msg += "最接近的现有编号：" + "、".join(r.display_number for r in rules if r)
    return msg
