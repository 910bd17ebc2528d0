"""Plain-text rendering of search results (ANSI highlight on a terminal). No rich: fast path."""

from __future__ import annotations

import json
import os

from judge.rules import translation_notes
from judge.rules.ruling_status import PARTLY_SUPERSEDED, SUPERSEDED, inline_label

BOLD_YELLOW = "\x1b[1;33m"
DIM = "\x1b[2m"
CYAN = "\x1b[36m"
RED = "\x1b[31m"
RESET = "\x1b[0m"
PLAIN_MARKS = ("「", "」")  # highlight without colour
TRANSLATION_TAG = translation_notes.LABEL  # the note itself: judge rule N


def use_color(mode: str, stream) -> bool:
    if mode == "always":
        return True
    if mode == "never":
        return False
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")


def highlight(snippet: str, spans: list[list[int]], color: bool) -> str:
    out, pos = [], 0
    open_, close = (BOLD_YELLOW, RESET) if color else PLAIN_MARKS
    for start, end in sorted(spans):
        if start < pos:
            continue
        out.append(snippet[pos:start])
        out.append(open_ + snippet[start:end] + close)
        pos = end
    out.append(snippet[pos:])
    return "".join(out)


def _c(text: str, code: str, color: bool) -> str:
    return f"{code}{text}{RESET}" if color and text else text


def render_text(data: dict, color: bool = False) -> str:
    lines: list[str] = []
    for note in data["notes"]:
        lines.append(_c(f"提示：{note}", DIM, color))
    if data.get("step_note"):
        lines.append(_c(data["step_note"], CYAN, color))
    if not data["hits"]:
        lines.append(data.get("message") or f"没有找到与「{data['query'].strip()}」相关的内容。")
        lines.extend(data.get("hints") or [])
    for h in data["hits"]:
        number = h["display_number"] or ""
        if h["kind"] == "rule" and number:
            number = f"规则 {number}"
        head = f"{h['rank']:>2}. [{h['kind_label']}] {number}".rstrip()
        if h["kind"] != "rule" and h["title"]:
            head += f"  {h['title']}"
        elif h["kind"] == "rule" and h["title"]:
            head += f" {h['title']}"
        tags = []
        if h["direct"]:
            tags.append("直接命中")
        if h["inferred"]:
            tags.append("编号为推断")
        if h["number_source"] == "absent":
            tags.append("正文缺失")
        if h.get("translation_note"):
            tags.append(TRANSLATION_TAG)
        if h["superseded"]:
            if h.get("status") == PARTLY_SUPERSEDED:  # its result still holds; the part replaced follows the rule
                by = f"；被取代的部分以 {h['superseded_by']} 为准" if h["superseded_by"] else ""
                tags.append(f"{inline_label(PARTLY_SUPERSEDED)}{by}")
            else:
                by = f"，以 {h['superseded_by']} 为准" if h["superseded_by"] else ""
                tags.append(f"{inline_label(SUPERSEDED)}{by}")
        tag = "".join(f"［{t}］" for t in tags)
        # Why a hit stands where it does (the rule before the FAQ entry asking the same question, a
        # sub-paragraph of the hit above): said on its header line, to keep the first screen short.
        why = f"  ← {h['note']}" if h["note"] and not h["direct"] else ""
        # A paragraph shown for the section it belongs to, though the query's words are not in it.
        # A score that rounds to 0.0 is still above 0: the words are there, far below the first hit's odds.
        score = ("未含查询词" if h["score"] <= 0 and not h["direct"]
                 else "得分 <0.1" if h["score"] < 0.05 else "得分 %.1f" % h["score"])
        lines.append(f"{_c(head, CYAN, color)} {_c(tag, RED, color)}  {_c(score + why, DIM, color)}".rstrip())
        if h["breadcrumb"]:
            lines.append("    " + _c(" › ".join(h["breadcrumb"]), DIM, color))
        if h["snippet"]:
            lines.append("    " + highlight(h["snippet"], h["highlights"], color))
        for sub in h.get("sub_rules") or []:
            # A labelled sub-rule the question is about (judge.search.sublabels): its words are the hit's.
            lines.append("    " + _c(f"子条款 {sub['number']} {sub['title']}（judge rule {sub['number']}）", CYAN, color))
        if h["direct"] and h["note"] and h["note"] != "规则编号直达":
            lines.append("    " + _c(h["note"], DIM, color))
        # A paragraph with no Chinese text says what it is about only in its translation note: shown with it.
        if h.get("translation_note") and (h["direct"] or (h.get("snippet") or "").startswith(translation_notes.EMPTY_TEXT)):
            lines.append("    " + _c(h["translation_note"], RED, color))
        if h["direct"] and h["number"]:
            lines.append("    " + _c(f"完整条文与子条款：judge rule {h['number']}", DIM, color))
    if data["suggestions"] and data["hits"]:
        lines.append("你是不是要找：" + "、".join(data["suggestions"]))
    return "\n".join(lines)


def render_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
