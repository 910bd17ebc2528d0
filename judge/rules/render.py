"""Plain-text rendering of rules for the terminal (and the JSON shape of `judge rule --json`).

Import-light on purpose: the `judge rule` fast path renders with this module and nothing else.
Inferred numbers are always shown with "≈"; absent rules say plainly that their text is not in
the corpus.
"""

from __future__ import annotations

import os
import sys

from judge.rules import lookup
from judge.rules.faq_status import STATUS_LABELS
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


def label(rule: dict) -> str:
    """'≈355.7.a' or '349 打出卡牌'."""
    num = rule["display_number"] or f"p{rule['ord']}"
    if rule.get("title"):
        return f"{num} {rule['title']}"
    return f"{num} {UNTITLED}" if rule.get("is_heading") and not rule.get("text") else num


def provenance(rule: dict) -> str:
    src = rule["number_source"]
    text = SOURCE_LABEL.get(src, src)
    if src in ("inferred", "aligned") or (src == "cited" and rule["confidence"] < 1):
        text += f"，置信度 {rule['confidence']:.2f}"
    return f"编号来源：{text}。{rule['evidence'] or ''}"


def _snippet(text: str, n: int = 60) -> str:
    text = text or ""
    return text if len(text) <= n else text[: n - 1] + "…"


def _has_next_sibling(rows: list[dict], i: int) -> bool:
    d = rows[i]["depth"]
    for x in rows[i + 1:]:
        if x["depth"] < d:
            return False
        if x["depth"] == d:
            return True
    return False


def _tree_lines(rows: list[dict], st: Style) -> list[str]:
    """Box-drawing tree of rows, each with "depth" >= 1 relative to the rule shown above them."""
    lines = []
    open_levels: dict[int, bool] = {}
    for i, r in enumerate(rows):
        d = max(1, r["depth"])
        more = _has_next_sibling(rows, i)
        open_levels[d] = more
        guide = "".join("│  " if open_levels.get(k) else "   " for k in range(1, d))
        prefix = guide + ("├─ " if more else "└─ ")
        title = st.bold(r["title"]) if r.get("title") else ""
        tail = st.warn("（正文不在语料中）") if r["number_source"] == "absent" else _snippet(r["text"], 70)
        if not title and not tail and r.get("is_heading"):
            tail = st.dim(UNTITLED)
        lines.append(f"{prefix}{st.num(r['display_number'] or '')} {title}{' ' if title and tail else ''}{tail}".rstrip())
    return lines


def _faq(conn, rule: dict) -> list[dict]:
    """FAQ entries resting on the rule; for a rule absent from the corpus also those filed under its title."""
    entries = lookup.faq_for(conn, rule["id"])
    if rule["number_source"] == "absent" and rule["title"]:
        seen = {e["id"] for e in entries}
        entries += [e for e in lookup.faq_about(conn, rule["title"]) if e["id"] not in seen]
    return entries


def rule_payload(conn, rule: dict, depth: int | None) -> dict:
    """Everything `judge rule` shows about one rule, as plain data (also the --json output)."""
    number = rule["number"]
    sub = lookup.subtree(conn, number, rule["version"], depth)
    sec = lookup.section(conn, number, rule["version"]) if depth is None or depth > 0 else []
    out = {
        "rule": rule,
        "breadcrumb": [{"number": r["number"], "display_number": r["display_number"], "title": r["title"],
                        "text": _snippet(r["text"], 40)} for r in lookup.breadcrumb(conn, number, rule["version"])[:-1]],
        "examples": [e["text"] for e in lookup.examples(conn, rule["id"])],
        "subtree": [r for r in sub if r["id"] != rule["id"]],
        "section": [{"number": r["number"], "display_number": r["display_number"], "text": r["text"]} for r in sec],
        "refs_out": [{"to_number": r["to_number"], "to_display": r["to_display"] or r["to_number"],
                      "cited_title": r["cited_title"], "resolved": r["to_rule"] is not None, "raw": r["raw"],
                      "to_source": r["to_source"]} for r in lookup.refs_out(conn, rule["id"])],
        "refs_in": [{"from_number": r["from_number"], "from_display": r["from_display"], "raw": r["raw"],
                     "text": r["from_text"], "source_line": r["source_line"]} for r in lookup.refs_in(conn, rule["id"])],
        "faq": [{"id": f["id"], "question": f["question"], "answer": f["answer"], "status": f["status"],
                 "method": f["method"], "topic": f.get("topic")} for f in _faq(conn, rule)],
    }
    return out


def render_rule(conn, rule: dict, depth: int | None = None, st: Style | None = None, detail: bool = True) -> str:
    st = st or Style(False)
    p = rule_payload(conn, rule, depth)
    lines = []
    if p["breadcrumb"]:
        # Numbers with their short titles; an untitled parent shows its number only (its text is a
        # sentence, often an enumerated step, and does not read as a place in the tree).
        crumbs = " › ".join(f"{b['display_number']}" + (f" {_snippet(b['title'], 12)}" if b["title"] else "")
                            for b in p["breadcrumb"])
        lines.append(st.dim(f"上级：{crumbs}"))
    head = st.num(rule["display_number"])
    title = f" {st.bold(rule['title'])}" if rule["title"] else ""
    lines.append(f"规则 {head}{title}")
    if rule["number_source"] == "absent":
        lines.append(st.warn(f"此规则的正文不在语料中：{rule['version']} 版核心规则的文本在此之前就结束了。"
                             "以下是已知信息（引用它的规则、相关 FAQ）。"))
    elif rule["text"]:
        lines.append(rule["text"])
    elif rule["is_heading"]:
        lines.append(st.dim("（标题）"))
    for ex in p["examples"]:
        lines.append(f"  举例：{ex}")
    if detail:
        lines.append(st.dim(provenance(rule)))
        if rule["source_file"]:
            lines.append(st.dim(f"出处：{rule['source_file']} 第 {rule['source_line']} 行"))
    if p["subtree"]:
        lines.append("")
        lines.append("子规则：")
        lines.extend("  " + l for l in _tree_lines(p["subtree"], st))
    if p["section"]:
        lines.append("")
        lines.append("本节规则：")
        for r in p["section"]:
            lines.append(f"  {st.num(r['display_number'])} {_snippet(r['text'], 70) or label(r).split(' ', 1)[-1]}")
    if detail and p["refs_out"]:
        lines.append("")
        lines.append("引用：")
        for r in p["refs_out"]:
            tgt = r["to_display"] + (f" {r['cited_title']}" if r["cited_title"] else "")
            note = "" if r["resolved"] else st.warn("（树中无此编号）")
            if r["to_source"] == "absent":
                note = st.warn("（正文不在语料中）")
            lines.append(f"  → {tgt}{note}")
    if detail and p["refs_in"]:
        lines.append("")
        lines.append(f"被引用（{len(p['refs_in'])} 处）：")
        for r in p["refs_in"]:
            lines.append(f"  ← {st.num(r['from_display'] or '')} {_snippet(r['text'], 60)}")
    if detail and p["faq"]:
        lines.append("")
        lines.append(f"相关 FAQ（{len(p['faq'])} 条）：")
        for f in p["faq"]:
            status = f" [{STATUS_LABELS.get(f['status'], f['status'])}]" if f["status"] else ""
            via = f"（主题：{f['topic']}）" if f["method"] == "topic" else ""
            lines.append(f"  · {f['id']}{status}{via} {_snippet(f['question'] or f['answer'] or '', 60)}")
    if rule["number_source"] == "absent" and not p["refs_in"] and not p["faq"]:
        lines.append(st.dim("（没有其他已知信息。）"))
    return "\n".join(lines)


def not_found_message(conn, number: str, version: str | None = None) -> str:
    near = lookup.nearest(conn, number, version)
    msg = f"找不到规则 {number}。"
    if near:
        rows = [lookup.get_rule(conn, n, version) for n in near]
        msg += "最接近的现有编号：" + "、".join(r["display_number"] for r in rows if r)
    return msg
