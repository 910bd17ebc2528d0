"""Regenerate the construct table in scenarios/README.md from the engine's registries, and the table of
the scenarios that use each construct (tools/construct_usage.py).

    python tools/construct_table.py          # rewrite the marked section
    python tools/construct_table.py --check  # exit 1 when the section is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[1] / "scenarios" / "README.md"
START, END = "<!-- 注册表：开始", "<!-- 注册表：结束 -->"
USAGE_START, USAGE_END = "<!-- 场景用例：开始", "<!-- 场景用例：结束 -->"


def _section(text: str, start: str, end: str, body: str) -> str:
    head, rest = text.split(start, 1)
    marker_line, rest = rest.split("\n", 1)
    _, tail = rest.split(end, 1)
    return f"{head}{start}{marker_line}\n{body}\n{end}{tail}"


def regenerate(text: str, usage: bool = False) -> str:
    """The guide with its construct table regenerated (and, with `usage`, the table of scenarios per construct)."""
    from judge.engine.standard import construct_table

    text = _section(text, START, END, construct_table())
    if usage and USAGE_START in text:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import construct_usage

        text = _section(text, USAGE_START, USAGE_END, construct_usage.table())
    return text


def main(argv: list[str]) -> int:
    text = GUIDE.read_text("utf-8")
    new = regenerate(text, usage="--check" not in argv)
    if "--check" in argv:
        return 0 if new == text else 1
    GUIDE.write_text(new, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
