"""Regenerate the construct table in scenarios/README.md from the engine's registries.

    python tools/construct_table.py          # rewrite the marked section
    python tools/construct_table.py --check  # exit 1 when the section is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[1] / "scenarios" / "README.md"
START, END = "<!-- 注册表：开始", "<!-- 注册表：结束 -->"


def regenerate(text: str) -> str:
    from judge.engine.standard import construct_table

    head, rest = text.split(START, 1)
    marker_line, rest = rest.split("\n", 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}{marker_line}\n{construct_table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    text = GUIDE.read_text("utf-8")
    new = regenerate(text)
    if "--check" in argv:
        return 0 if new == text else 1
    GUIDE.write_text(new, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
