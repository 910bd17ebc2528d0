"""Renderers of a scenario result: Markdown (docs site), JSON (tools), terminal (rich, or plain text
with ANSI colours on the fast CLI path).

Rule numbers are shown with the tree's display_number (≈ marks inferred numbers); FAQ entries by id.
"""

from __future__ import annotations

from judge.trace.rules_display import display, faq_display, faq_status, prefetch

KIND_MARK = {"action": "▶", "step": "•", "change": "→", "choice": "◆", "auto": "◇", "result": "★", "illegal": "⊘",
             "check": "☑", "stop": "■", "note": "·"}


def _refs(ev, rule_link=None, faq_link=None) -> str:
    parts = []
    rules = [f"[{display(r)}]({rule_link(r)})" if rule_link else display(r) for r in ev.rules]
    if rules:
        parts.append("规则 " + "、".join(rules))
    faqs = [f"[{faq_display(f)}]({faq_link(f)})" if faq_link else faq_display(f) for f in ev.faq]
    if faqs:
        parts.append("FAQ " + "、".join(faqs))
    return "；".join(parts)


def _look_up_citations(result) -> None:
    """Every rule number and FAQ entry the trace cites, read from the store at once."""
    prefetch([r for ev in result.events for r in ev.rules], [f for ev in result.events for f in ev.faq])


def _header_lines(result) -> list[str]:
    sc = result.scenario
    lines = [f"# {sc.title or sc.file}", ""]
    for s in sc.sources:
        lines.append(f"- 来源：{s}")
    for n in sc.notes:
        lines.append(f"- 说明：{n}")
    if sc.sources or sc.notes:
        lines.append("")
    return lines


def to_markdown(result, rule_link=None, faq_link=None, source_text: str | None = None) -> str:
    """Markdown trace. `rule_link(number)` / `faq_link(id)` return URLs when the caller wants links."""
    _look_up_citations(result)
    lines = _header_lines(result)
    if source_text is not None:
        lines += ["## 场景", "", "```text", source_text.rstrip(), "```", ""]
    lines += ["## 推演过程", ""]
    for ev in result.events:
        indent = "  " * ev.depth
        refs = _refs(ev, rule_link, faq_link)
        text = ev.text.replace("\n", " ")
        lines.append(f"{indent}- {KIND_MARK.get(ev.kind, '-')} {text}" + (f"（{refs}）" if refs else ""))
        for c in ev.changes:
            lines.append(f"{indent}  - {c.text()}")
    lines += ["", "## 期望", ""]
    for c in result.checks:
        mark = "✓" if c.ok else "✗"
        extra = "" if c.ok else f" —— 实际：{c.actual}"
        kind = {"checkpoint": "检查点 ", "illegal": "", "final": ""}[c.kind]
        lines.append(f"- {mark} {kind}{c.text}{extra}")
    if result.stop is not None:
        lines += ["", f"**推演中止（第 {result.stop.line} 行）**：{result.stop.message}"]
        for o in result.stop.options:
            lines.append(f"- {o}")
    lines += ["", f"**结果：{'通过' if result.passed else '未通过'}**", ""]
    return "\n".join(lines)


def to_json(result, indent: int | None = 2) -> str:
    _look_up_citations(result)
    d = result.to_dict()
    for ev in d["events"]:
        ev["rules_display"] = [display(r) for r in ev["rules"]]
        ev["faq_status"] = {f: faq_status(f)[0] for f in ev["faq"]}
    import json

    return json.dumps(d, ensure_ascii=False, indent=indent)


def to_terminal(result, console=None, quiet: bool = False) -> None:
    """The trace on a rich console (colours, wrapping)."""
    from rich.console import Console
    from rich.markup import escape

    con = console or Console(highlight=False)

    def out(line: str, end: str = "\n") -> None:
        con.print(line, end=end)

    _terminal_lines(result, quiet, out, lambda style, text: f"[{style}]{escape(text)}[/{style}]", escape)


_ANSI = {"bold": "1", "dim": "2", "green": "32", "red": "31", "cyan": "36", "magenta": "35", "bold red": "1;31",
         "bold yellow": "1;33"}


def to_text(result, quiet: bool = False, color: bool = False, write=None) -> None:
    """The same trace as plain text (ANSI colours when `color`), without rich: the fast CLI path."""
    import sys

    write = write or sys.stdout.write

    def styled(style: str, text: str) -> str:
        return f"\x1b[{_ANSI[style]}m{text}\x1b[0m" if color and style in _ANSI else text

    _terminal_lines(result, quiet, lambda line, end="\n": write(line + end), styled, lambda t: t)


def _terminal_lines(result, quiet, out, styled, escape) -> None:
    sc = result.scenario
    status = styled("green", "✓ 通过") if result.passed else styled("red", "✗ 未通过")
    out(f"{styled('bold', sc.title or sc.file)}  {status}  {styled('dim', sc.file)}")
    if quiet:
        for c in result.failures:
            out(f"  {styled('red', '✗ ' + c.text)} —— 实际：{escape(c.actual)}")
        if result.stop is not None:
            out(f"  {styled('red', f'■ 第 {result.stop.line} 行：{result.stop.message}')}")
        return
    _look_up_citations(result)
    for s in sc.sources:
        out(f"  {styled('dim', '来源：' + s)}")
    for ev in result.events:
        indent = "  " * (ev.depth + 1)
        refs = _refs(ev)
        style = {"action": "bold", "result": "bold yellow", "stop": "bold red", "auto": "magenta",
                 "illegal": "cyan", "check": "green" if ev.ok else "red"}.get(ev.kind, "")
        text = f"{KIND_MARK.get(ev.kind, '-')} {ev.text}"
        out(f"{indent}{styled(style, text)}" if style else f"{indent}{escape(text)}", end="")
        out(f" {styled('dim', f'（{refs}）')}" if refs else "")
        for c in ev.changes:
            out(f"{indent}    {styled('cyan', c.text())}")
    out("  期望：")
    for c in result.checks:
        if c.ok:
            out(f"    {styled('green', '✓')} {escape(c.text)}")
        else:
            out(f"    {styled('red', '✗ ' + c.text)} —— 实际：{escape(c.actual)}")
    if result.stop is not None:
        out(f"  {styled('bold red', f'推演中止（第 {result.stop.line} 行）：{result.stop.message}')}")
        for o in result.stop.options:
            out(f"    - {escape(o)}")
        if result.stop.example:
            out(f"    例如：{escape(result.stop.example)}")
