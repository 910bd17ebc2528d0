"""Bounded reads of scenario files: over-long lines and over-large files are refused with a located
error before the parser sees them; only regular files are read; include chains have a depth
bound; one bad file never stops a `judge run DIR` batch."""

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge.dsl import limits
from judge.dsl.errors import ScenarioError
from judge.dsl.parser import load_scenario, parse_text

REPO = Path(__file__).resolve().parent.parent
GOOD = REPO / "scenarios" / "scoring" / "victory_needs_lead.场景"


def judge(*args, timeout=120):
    def cap_memory():  # before the limits, a 1 MB line needed more than 4 GB
        resource.setrlimit(resource.RLIMIT_AS, (2 * 1024 ** 3, 2 * 1024 ** 3))

    return subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, preexec_fn=cap_memory)


def test_long_line_is_located_and_not_echoed_whole():
    text = "场景 x\n模式 1v1\n玩家 甲 " + "名" * 50_000 + "\n"
    with pytest.raises(ScenarioError) as exc:
        parse_text(text, "长行.场景")
    err = exc.value
    assert (err.line, err.column) == (3, limits.MAX_LINE_CHARS + 1)
    assert "这一行过长" in err.message
    assert len(err.render()) < 1000


def test_megabyte_single_token_line_is_refused_fast(tmp_path):
    f = tmp_path / "一行.场景"
    f.write_text("场景 x\n" + "a" * 1_000_000 + "\n", "utf-8")
    res = judge("check", f, timeout=60)
    assert res.returncode == 2 and "文件过大" in res.stderr and "Traceback" not in res.stderr
    assert len(res.stderr) < 2000
    g = tmp_path / "长行.场景"
    g.write_text("场景 x\n" + "a" * 300_000 + "\n", "utf-8")
    res = judge("check", g, timeout=60)
    assert res.returncode == 2 and f"{g}:2:{limits.MAX_LINE_CHARS + 1}" in res.stderr
    assert "这一行过长" in res.stderr and len(res.stderr) < 2000


def test_special_files_are_not_read(tmp_path):
    fifo = tmp_path / "管道.场景"
    os.mkfifo(fifo)
    res = judge("run", fifo, timeout=30)  # used to block forever
    assert res.returncode != 0 and "不是普通文件" in res.stderr
    res = judge("run", "/dev/zero", timeout=30)  # used to end in MemoryError
    assert res.returncode != 0 and "不是普通文件" in res.stderr and "MemoryError" not in res.stderr
    inc = tmp_path / "包含零.场景"
    inc.write_text('场景 z\n包含 "/dev/zero"\n', "utf-8")
    with pytest.raises(ScenarioError) as exc:
        load_scenario(inc)
    assert exc.value.line == 2 and "不是普通文件" in exc.value.message


def test_include_chain_depth_is_bounded(tmp_path):
    for i in range(500):
        (tmp_path / f"c{i}.卡牌").write_text(f'包含 "c{i + 1}.卡牌"\n' if i < 499 else "", "utf-8")
    (tmp_path / "深.场景").write_text('场景 深\n包含 "c0.卡牌"\n', "utf-8")
    with pytest.raises(ScenarioError) as exc:
        load_scenario(tmp_path / "深.场景")
    assert "包含层数过深" in exc.value.message


def test_one_bad_file_never_stops_a_batch(tmp_path):
    shutil.copy(GOOD, tmp_path / "a_good.场景")
    os.mkfifo(tmp_path / "b_fifo.场景")  # not a regular file: skipped by the directory scan
    (tmp_path / "c_zero.场景").write_text('场景 z\n包含 "/dev/zero"\n', "utf-8")
    for i in range(500):
        (tmp_path / f"c{i}.卡牌").write_text(f'包含 "c{i + 1}.卡牌"\n' if i < 499 else "", "utf-8")
    (tmp_path / "d_deep.场景").write_text('场景 深\n包含 "c0.卡牌"\n', "utf-8")
    (tmp_path / "e_long.场景").write_text("场景 x\n" + "a" * 600_000 + "\n", "utf-8")
    shutil.copy(GOOD, tmp_path / "z_good.场景")
    res = judge("run", tmp_path, "--quiet", timeout=120)
    assert res.returncode == 1
    assert "共 5 个场景：2 个通过，0 个未通过，3 个无法读取。" in res.stdout
    assert "Traceback" not in res.stderr and "RecursionError" not in res.stderr
