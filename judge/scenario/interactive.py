"""Interactive runs (`judge run --interactive FILE`): when strict mode stops for a missing choice,
ask the judge at the terminal (the legal options listed), insert the answer as a scenario line just
before the action that needed it, and run again until no choice is missing. The answered lines can
then be appended to the scenario file, so the next run is fully scripted.

The prompts are injected (`ask`, `confirm`, `say`) so the CLI can use typer/rich and tests can pipe input.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

MAX_QUESTIONS = 50


@dataclass
class InteractiveRun:
    result: object  # judge.scenario.runner.ScenarioResult of the last run
    text: str  # the scenario text with the answers inserted
    added: list[tuple[int, str]] = field(default_factory=list)  # (line number, inserted line)
    saved: bool = False


def choice_line(example: str, options: list[str], answer: str) -> str:
    """The scenario line for an answer: an option number, an option's text, or a whole line."""
    answer = answer.strip()
    if answer.isdigit() and 1 <= int(answer) <= len(options):
        answer = options[int(answer) - 1]
    elif answer not in options:
        return answer  # the judge typed a complete scenario line
    first = options[0] if options else ""
    if first and first in example:
        return example.replace(first, answer, 1)
    head = example.split()[:2]  # "<player> <verb>"
    return " ".join(head + [answer.replace(" , ", ", ")])


def insert_before(text: str, line_no: int, new_line: str) -> str:
    lines = text.split("\n")
    idx = max(0, min(line_no - 1, len(lines)))
    target = lines[idx] if idx < len(lines) else ""
    indent = target[: len(target) - len(target.lstrip())]
    lines.insert(idx, indent + new_line)
    return "\n".join(lines)


def run_interactive(path: Path, ask: Callable[[str, list[str]], str], confirm: Callable[[str], bool],
                    say: Callable[[str], None] = print) -> InteractiveRun:
    from judge.dsl.errors import ScenarioError
    from judge.dsl.parser import parse_text
    from judge.dsl.validate import validate
    from judge.scenario.runner import run_scenario

    path = Path(path)
    text = path.read_text("utf-8")
    added: list[tuple[int, str]] = []
    for _ in range(MAX_QUESTIONS):
        sc = parse_text(text, str(path), base_dir=path.parent)
        validate(sc)
        result = run_scenario(sc)
        stop = result.stop
        if stop is None or stop.kind != "choice":
            break
        say(f"第 {stop.line} 行需要一个选择：{stop.message}")
        while True:
            answer = ask(stop.message, stop.options)
            line = choice_line(stop.example, stop.options, answer)
            candidate = insert_before(text, stop.line, line)
            try:
                validate(parse_text(candidate, str(path), base_dir=path.parent))
            except ScenarioError as err:
                say(f"无法使用这个回答：{err.render()}")
                continue
            break
        say(f"已在第 {stop.line} 行之前加入：{line}")
        added.append((stop.line, line))
        text = candidate
    run = InteractiveRun(result, text, added)
    if added and confirm(f"把 {len(added)} 个选择写入场景文件 {path}？"):
        path.write_text(text, "utf-8")
        run.saved = True
    return run
