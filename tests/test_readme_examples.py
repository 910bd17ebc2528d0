"""Every command the README shows, and every example in `judge ... --help`, runs; where the README
shows output, the real output has the same shape (the same lines in the same order, numbers such as
scores and counts free to change, lines the README elides with "…" matched as prefixes)."""

import re
import shlex
from pathlib import Path

import pytest

from cli_run import run

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
# Commands the README names but that write, rebuild or take minutes: shown, not run here.
NOT_RUN = ("judge build", "judge docs build", "judge bench", "judge corpus align", "judge docs check")




def console_examples(text: str) -> list[tuple[str, list[str]]]:
    """(command, expected output lines) for each `$ judge …` line of the README's console blocks."""
    examples = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        current = None
        for line in block.splitlines():
            if line.startswith("$ "):
                current = (line[2:].strip(), [])
                examples.append(current)
            elif current is not None:
                current[1].append(line)
    return examples


def inline_commands(text: str) -> list[str]:
    """Concrete `judge …` commands in backticks (placeholders such as QUERY, FILE or a|b skipped)."""
    out = []
    for cmd in re.findall(r"`(judge [^`]+)`", text):
        if re.search(r"[A-Z]{2,}|\||\[|\.\.\.|…", cmd) or cmd.startswith(NOT_RUN):
            continue
        if len(cmd.split()) < 3:  # a command's name in a sentence ("`judge rule` processes")
            continue
        out.append(cmd)
    return sorted(set(out))


def norm(line: str) -> str:
    return re.sub(r"\d+(?:\.\d+)*", "#", " ".join(line.split()))


def line_pattern(expected: str) -> re.Pattern:
    """An expected README line as a pattern: "…" stands for any text, the line may go on."""
    pieces = [re.escape(norm(p)) for p in expected.split("…")]
    return re.compile(".*".join(pieces))


def same_shape(expected: list[str], actual: list[str]) -> str | None:
    """None if `actual` has every expected line in order; else the first expected line not found."""
    i = 0
    for exp in expected:
        if exp.strip() in ("", "…"):
            continue
        pattern = line_pattern(exp)
        while i < len(actual):
            got = norm(actual[i])
            i += 1
            if pattern.match(got):
                break
        else:
            return exp
    return None


EXAMPLES = console_examples(README.read_text("utf-8"))


def test_readme_has_examples():
    assert len(EXAMPLES) >= 6 and len(inline_commands(README.read_text("utf-8"))) >= 5


@pytest.mark.parametrize("command,expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_console_example(command, expected, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    args = shlex.split(command)[1:]
    code, out, err = run(capsys, *args)
    shown_error = any(l.startswith("错误：") for l in expected)
    assert (code != 0) == shown_error, (command, code, err)
    actual = (out + err).splitlines()
    missing = same_shape(expected, actual)
    assert missing is None, f"{command}: README line not in the output: {missing!r}\n--- output:\n{out}{err}"


@pytest.mark.parametrize("command", inline_commands(README.read_text("utf-8")))
def test_readme_inline_command_runs(command, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    code, out, err = run(capsys, *shlex.split(command)[1:])
    assert code == 0, (command, err)
    assert out.strip()


def _help_pages(capsys):
    from judge.cli import zh
    from judge.cli.app import app
    import typer.main

    zh.install()
    group = typer.main.get_command(app)
    pages = {}

    def walk(cmd, path):
        if getattr(cmd, "commands", None):
            for name, sub in cmd.commands.items():
                walk(sub, path + [name])
        elif path and path[0] != "bench":
            code, out, _ = run(capsys, *path + ["--help"])
            assert code == 0
            pages[" ".join(path)] = out

    walk(group, [])
    return pages


def test_help_examples_run(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    pages = _help_pages(capsys)
    assert {"rule", "search", "run", "faq show", "corpus align"} <= set(pages)
    commands = set()
    for text in pages.values():
        # an example follows "例", "例如", "：" or "、" (prose such as "此后 judge card 也显示" is not one)
        flat = " ".join(text.split())
        for m in re.finditer(r"(?:：|例如|、|例)\s*(judge [^，。；、（）()]+?)(?=[，。；、（）()]|\s{2,}|$)", flat):
            cmd = m.group(1).strip()
            if "[" in cmd or "{" in cmd or re.search(r"[A-Z]{2,}", cmd) or cmd.startswith(NOT_RUN):
                continue
            commands.add(cmd)
    assert "judge search -- -燃尽" in commands
    for cmd in sorted(commands):
        code, out, err = run(capsys, *shlex.split(cmd)[1:])
        assert code == 0 and out.strip(), (cmd, err)
    # the rule numbers `judge rule --help` gives as examples all exist
    m = re.search(r"如 (.*)", pages["rule"].replace("\n", " "))
    numbers = [n.strip("“”\" ") for n in re.split(r"[、,]", m.group(1).split("[")[0])]
    assert len(numbers) >= 4
    for n in numbers:
        code, out, err = run(capsys, "rule", n)
        assert code == 0, (n, err)


def test_readme_site_anchor_exists(tmp_path):
    from judge.docs.build import build_docs

    m = re.search(r"`rules/(\d+)/#(r-[\w-]+)`", README.read_text("utf-8"))
    assert m, "the README names a rule anchor of the site"
    report = build_docs(tmp_path / "docs")
    page = Path(report.out_dir) / "rules" / f"{m.group(1)}.md"
    assert "{#" + m.group(2) + "}" in page.read_text("utf-8")
