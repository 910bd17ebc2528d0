"""`judge run` output that is piped or saved: one line per trace line (never hard-wrapped), and
`--quiet` prints the summary and the failures only, as the README and the scenario guide say."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "scenarios" / "combat" / "garen_recruit_healed_before_recheck.场景"


def judge(*args, cwd=None):
    env = dict(os.environ, COLUMNS="80")
    return subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=300, cwd=cwd)


def scenario_dir(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "scenarios" / "cards", tmp_path / "cards")
    (tmp_path / "combat").mkdir()
    shutil.copy(SCENARIO, tmp_path / "combat" / "ok.场景")
    failing = SCENARIO.read_text("utf-8").replace("r 伤害 0", "r 伤害 3")
    assert failing != SCENARIO.read_text("utf-8")
    (tmp_path / "combat" / "fails.场景").write_text(failing, "utf-8")
    return tmp_path / "combat"


def test_piped_trace_is_not_wrapped():
    res = judge("run", SCENARIO)
    assert res.returncode == 0
    first = res.stdout.splitlines()[0]
    assert first.startswith("盖伦与新兵") and "✓ 通过" in first and first.endswith(".场景")
    assert max(len(l) for l in res.stdout.splitlines()) > 80  # long trace lines kept whole
    cleanup = [l for l in res.stdout.splitlines() if "战斗清理" in l]
    assert cleanup and all("（规则" in l for l in cleanup if "特殊清理" in l)


def test_quiet_prints_summary_and_failures_only(tmp_path):
    folder = scenario_dir(tmp_path)
    res = judge("run", folder, "--quiet")
    assert res.returncode == 1
    lines = [l for l in res.stdout.splitlines() if l.strip()]
    assert lines[-1] == "共 2 个场景：1 个通过，1 个未通过，0 个无法读取。"
    assert any("✗ 未通过" in l for l in lines)
    assert not any("✓ 通过" in l for l in lines)  # the passing scenario is only counted
    assert any("r 伤害 3" in l for l in lines)
    (folder / "fails.场景").unlink()
    res = judge("run", folder, "--quiet")
    assert res.returncode == 0
    assert [l for l in res.stdout.splitlines() if l.strip()] == ["共 1 个场景：1 个通过，0 个未通过，0 个无法读取。"]


def test_fast_exit_keeps_every_line_and_the_exit_status(tmp_path):
    """A fast-path command ends without the interpreter's teardown: what it printed (tens of KB of
    JSON here) still arrives whole, and a failure still exits 1."""
    import json

    folder = scenario_dir(tmp_path)
    res = judge("run", folder, "--json")
    assert res.returncode == 1  # fails.场景
    runs = json.loads(res.stdout)
    assert len(res.stdout.encode()) > 20000 and [r["passed"] for r in sorted(runs, key=lambda r: r["file"])] == [False, True]
    res = judge("run", folder / "ok.场景")
    assert res.returncode == 0 and res.stdout.rstrip().endswith("✓ 追踪 包含 \"步骤3c\"")
