"""Robustness of the scenario parser: mutated and generated scenario files give only located ScenarioErrors.

Every input is either accepted (and then runs without crashing) or rejected with judge.dsl's own
ScenarioError carrying file:line:column; never another exception, never a hang (each input runs
under an alarm). Seeds are the shipped scenarios. Set JUDGE_FUZZ_EXAMPLES to fuzz longer locally.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.dsl import parse_text
from judge.dsl.errors import ScenarioError, keyword_spellings
from judge.dsl.parser import load_scenario
from judge.scenario.runner import run_scenario, scenario_files
from judge.scenario.setup import build_game
from judge.paths import scenarios_dir
from timeouts import time_limit

SEEDS = [p for p in scenario_files(scenarios_dir()) if p.suffix == ".场景"]
EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "60"))
PER_INPUT_SECONDS = 30  # a hang, not slowness under a loaded machine
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

pytestmark = pytest.mark.skipif(not SEEDS, reason="no shipped scenarios to mutate")


def assert_located(err: ScenarioError, file: str) -> None:
    assert err.file, err.render()
    assert err.line >= 1 and err.column >= 1, f"error without line/column: {err.render()}"
    rendered = err.render()
    assert rendered.startswith(f"{err.file}:{err.line}:{err.column}: "), rendered
    assert re.search(r"[\u4e00-\u9fff]", err.message), f"message not in Chinese: {err.message}"


def accept_or_located_error(text: str, path: Path) -> None:
    """Parse, validate, set up and run `text` as if it were the file `path`."""
    with time_limit(PER_INPUT_SECONDS):
        try:
            sc = parse_text(text, str(path), base_dir=path.parent)
            build_game(sc)
            run_scenario(sc)
        except ScenarioError as err:
            assert_located(err, str(path))


# ---------------------------------------------------------------- mutations of shipped scenarios
HUGE = ["9" * 5000, "99999999999999999999999999", "-1", "0", "+7", str(2**63)]


@st.composite
def mutated(draw):
    path = draw(st.sampled_from(SEEDS))
    lines = path.read_text("utf-8").splitlines()
    for _ in range(draw(st.integers(1, 4))):
        n = len(lines)
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "truncate", "insert", "char", "number",
                                   "nest", "indent", "shuffle_words"]))
        i = draw(st.integers(0, max(n - 1, 0)))
        if op == "delete" and n:
            del lines[i]
        elif op == "duplicate" and n:
            lines.insert(i, lines[i])
        elif op == "swap" and n > 1:
            j = draw(st.integers(0, n - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "truncate" and n:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif op == "insert":
            lines.insert(i, draw(st.text(max_size=40)))
        elif op == "char" and n and lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + draw(st.characters()) + lines[i][k + 1:]
        elif op == "number":
            huge = draw(st.sampled_from(HUGE))
            lines = [re.sub(r"\d+", huge, l, count=1) if draw(st.booleans()) else l for l in lines]
        elif op == "nest" and n:
            depth = draw(st.integers(1, 3000))
            lines[i] = lines[i] + " " + draw(st.sampled_from(["(", "[", "{", "->", "：", "\""])) * depth
        elif op == "indent" and n:
            lines[i] = " " * draw(st.integers(1, 400)) + lines[i]
        elif op == "shuffle_words" and n:
            words = lines[i].split()
            lines[i] = " ".join(draw(st.permutations(words))) if words else lines[i]
    return path, "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n", "\n\n\n"]))


@FUZZ
@given(mutated())
def test_mutated_scenarios_give_only_located_errors(case):
    path, text = case
    accept_or_located_error(text, path)


# ---------------------------------------------------------------- token soup from the grammar's own words
WORDS = sorted({w for spellings in keyword_spellings().values() for w in spellings})
ATOMS = WORDS + [":", "：", "=", ",", "，", "->", "#", "\"x\"", "甲", "乙", "bf1", "a1", "战士", "1", "-3", "+2",
                 "466.1", "\n", "\n  ", "玩家 甲", "玩家 乙", "行动:", "期望:"]


@FUZZ
@given(st.lists(st.sampled_from(ATOMS), max_size=60), st.sampled_from(SEEDS))
def test_keyword_soup_gives_only_located_errors(atoms, path):
    accept_or_located_error(" ".join(atoms), path)


@FUZZ
@given(st.text(max_size=300), st.sampled_from(SEEDS))
def test_arbitrary_text_gives_only_located_errors(text, path):
    accept_or_located_error(text, path)


# ---------------------------------------------------------------- bytes on disk (encoding errors)
@FUZZ
@given(st.binary(max_size=200), st.sampled_from(SEEDS), st.integers(0, 10_000))
def test_random_bytes_in_a_file_give_located_errors(tmp_path_factory, blob, seed, at):
    base = seed.read_bytes()
    at = at % (len(base) + 1)
    f = tmp_path_factory.mktemp("fuzz") / "x.场景"
    f.write_bytes(base[:at] + blob + base[at:])
    with time_limit(PER_INPUT_SECONDS):
        try:
            build_game(load_scenario(f))
        except ScenarioError as err:
            assert_located(err, str(f))


def test_invalid_utf8_points_at_the_bad_byte(tmp_path):
    f = tmp_path / "bad.场景"
    f.write_bytes("玩家 甲\n基地: a".encode() + b"\xff\xfe" + b"\n")
    with pytest.raises(ScenarioError) as err:
        load_scenario(f)
    assert (err.value.line, err.value.column) == (2, 6)
    assert "UTF-8" in err.value.message


def test_zone_line_before_any_player_is_located():
    seed = SEEDS[0]
    with pytest.raises(ScenarioError) as err:
        parse_text("模式 1v1\n分数 3\n玩家 甲\n", str(seed), base_dir=seed.parent)
    assert (err.value.line, err.value.column) == (2, 1)


def test_number_with_thousands_of_digits_is_located():
    seed = SEEDS[0]
    with pytest.raises(ScenarioError) as err:
        parse_text("模式 1v1\n玩家 甲\n分数 " + "9" * 5000 + "\n玩家 乙\n", str(seed), base_dir=seed.parent)
    assert err.value.line == 3 and "数字太大" in err.value.message


@pytest.mark.parametrize("target", ["dir", "binary"])
def test_include_of_a_directory_or_binary_file_is_located(tmp_path, target):
    (tmp_path / "sub").mkdir()
    (tmp_path / "bin.卡牌").write_bytes(b"\xff\xfe\x00")
    name = "sub" if target == "dir" else "bin.卡牌"
    f = tmp_path / "inc.场景"
    f.write_text(f'包含 "{name}"\n模式 1v1\n玩家 甲\n玩家 乙\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(f)
    assert (err.value.line, err.value.column) == (1, 1) and err.value.text == name


# ---------------------------------------------------------------- through the CLI: exit code, no traceback
def _cli_mutations(seed: Path) -> dict[str, bytes]:
    text = seed.read_text("utf-8")
    lines = text.splitlines()
    player = next(i for i, l in enumerate(lines) if l.startswith(("玩家", "player")))
    return {
        "no_players.场景": "\n".join(l for l in lines if not l.startswith(("玩家", "player"))).encode(),
        "swapped.场景": "\n".join([lines[-1], *lines[1:-1], lines[0]]).encode(),
        "invalid_utf8.场景": text.encode()[:40] + b"\xc3\x28\xff" + text.encode()[40:],
        "huge.场景": "\n".join(lines[: player + 1] + ["分数 " + "9" * 5000] + lines[player + 1:]).encode(),
        "nested.场景": (text + "\n" + "(" * 5000 + "\n").encode(),
        "random.场景": bytes(range(256)) * 4,
    }


def test_judge_check_and_run_on_mutated_files_exit_nonzero_without_traceback(tmp_path):
    seed = SEEDS[0]
    for name, data in _cli_mutations(seed).items():
        f = tmp_path / name
        f.write_bytes(data)
        for argv in (["check", str(f)], ["run", "--format", "md", str(f)]):
            proc = subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", *argv],
                                  capture_output=True, text=True, timeout=120)
            assert proc.returncode != 0, (name, argv)
            assert "Traceback" not in proc.stderr, f"{name}: {proc.stderr[-2000:]}"
            assert f"{f}:" in proc.stderr and "错误" in proc.stderr, f"{name}: {proc.stderr[-500:]}"
