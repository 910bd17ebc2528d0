"""The package as a user installs it: sdist -> wheel -> a fresh venv, used from a directory outside the checkout.

The wheel is built from the sdist (so the sdist is shown to carry what the wheel needs) and installed
with --no-deps into a fresh venv; the dependencies come from the test run's own site-packages through
a .pth line, which keeps the test fast and needs no network beyond the build requirements.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCENARIO = "combat/garen_recruit_healed_before_recheck.场景"
COPY_IGNORE = shutil.ignore_patterns(".git", ".venv", "venv", "__pycache__", "*.pyc", "build", "dist", "*.egg-info",
                                     "docs_build", "site", ".pytest_cache", ".hypothesis", "test-artifacts")

pytestmark = pytest.mark.slow


def _run(cmd, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8", **kw)
    assert proc.returncode == 0, f"{cmd} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> dict:
    """An sdist of a clean copy of the checkout, and the wheel built from that sdist."""
    tmp = tmp_path_factory.mktemp("dist")
    src = tmp / "src"
    shutil.copytree(REPO, src, ignore=COPY_IGNORE)
    out = tmp / "out"
    _run([sys.executable, "setup.py", "-q", "sdist", "--dist-dir", str(out)], cwd=src)
    sdist = next(out.glob("*.tar.gz"))
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(sdist)], cwd=tmp)
    wheel = next(out.glob("*.whl"))
    return {"sdist": sdist, "wheel": wheel}


@pytest.fixture(scope="module")
def venv(dist, tmp_path_factory) -> dict:
    """A fresh venv with the wheel installed (no editable link to the checkout)."""
    root = tmp_path_factory.mktemp("venv")
    env_dir = root / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)])
    py = env_dir / "bin" / "python"
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    # The dependencies (typer, lark, ...) from this test run's environment, after the venv's own packages.
    (site / "_judge_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    # pip of this environment installs into the venv (pip >= 22.3 takes --python).
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index", "-q",
          str(dist["wheel"])])
    bin_dir = env_dir / "bin"
    return {"python": py, "judge": bin_dir / "judge", "site": site, "package": site / "judge", "root": root}


def _user_env(home: Path) -> dict:
    """A user's environment: no checkout on the path, no JUDGE_* overrides, caches under `home`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUDGE_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), NO_COLOR="1", PYTHONIOENCODING="utf-8")
    return env


def _judge(venv, args, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(venv["judge"]), *args], capture_output=True, text=True, encoding="utf-8",
                          cwd=cwd, env=env, timeout=600)


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(folder))] = (st.st_size, st.st_mtime_ns)
    return out


def _tracked(folder: str) -> list[Path]:
    """The files of a folder under version control (all its files when git is not available)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", folder], cwd=REPO, capture_output=True, check=True).stdout
        files = [REPO / f for f in out.decode("utf-8").split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
    if not files:
        files = [p for p in (REPO / folder).rglob("*") if "__pycache__" not in p.parts]
    return [p for p in files if p.is_file()]


def test_sdist_carries_the_corpus_scenarios_and_build_mapping(dist):
    with tarfile.open(dist["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for rel in ("setup.py", "pyproject.toml", "README.md", "rules_corpus/MANIFEST.tsv", "judge/dsl/scenario.lark",
                f"scenarios/{SCENARIO}", "scenarios/cards/origins.卡牌", "judge/rules/data/glossary_curated.tsv"):
        assert rel in names, f"{rel} missing from the sdist"


def test_wheel_carries_every_shipped_file(dist):
    with zipfile.ZipFile(dist["wheel"]) as whl:
        names = set(whl.namelist())
    shipped = [(p, "rules_corpus") for p in _tracked("rules_corpus")]
    shipped += [(p, "scenarios") for p in _tracked("scenarios")]
    assert len(shipped) > 100
    missing = [str(p) for p, top in shipped
               if f"judge/_data/{top}/" + p.relative_to(REPO / top).as_posix() not in names]
    assert not missing, f"not in the wheel: {missing[:10]}"
    # Every data file inside the package too (grammar, curated tables, dictionaries, catalogs).
    package_files = [p for p in _tracked("judge") if p.suffix not in (".py", ".pyc")]
    assert any(p.name == "scenario.lark" for p in package_files)
    missing = [str(p) for p in package_files if p.relative_to(REPO).as_posix() not in names]
    assert not missing, f"package data not in the wheel: {missing[:10]}"


def test_installed_judge_works_from_any_directory(venv, tmp_path):
    env = _user_env(tmp_path / "home")
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    rule = _judge(venv, ["rule", "349"], cwd, env)
    assert rule.returncode == 0, rule.stderr
    assert rule.stdout.startswith("规则 349 打出卡牌"), rule.stdout[:200]
    search = _judge(venv, ["search", "燃尽"], cwd, env)
    assert search.returncode == 0, search.stderr
    assert "431 燃尽" in search.stdout
    shipped = venv["package"] / "_data" / "scenarios" / SCENARIO
    run = _judge(venv, ["run", str(shipped)], cwd, env)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "✓ 通过" in run.stdout and "466.1" in run.stdout
    by_name = _judge(venv, ["run", "scenarios/" + SCENARIO], cwd, env)  # as the README writes it, from anywhere
    assert by_name.returncode == 0 and "✓ 通过" in by_name.stdout, by_name.stdout + by_name.stderr
    # The store went to the user's cache, nothing into the working directory.
    assert list((tmp_path / "home" / ".cache" / "riftbound-judge").glob("store-*.sqlite"))
    assert list(cwd.iterdir()) == []


def test_python_api_in_the_fresh_venv(venv, tmp_path):
    code = ("from judge import Rulebook, run_scenario; b = Rulebook(); r = b.rule('349'); "
            f"print(r.number, r.title, r.number_source); print(run_scenario('{SCENARIO}').passed)")
    out = _run([str(venv["python"]), "-c", code], cwd=tmp_path, env=_user_env(tmp_path / "home")).stdout.split("\n")
    assert out[0].startswith("349 打出卡牌 ") and out[1] == "True"


def test_installed_package_reads_its_own_data_not_the_checkout(venv, tmp_path):
    code = ("import judge.paths as p; from importlib.resources import files; print(p.corpus_dir()); "
            "print(p.scenarios_dir()); print(p.checkout_dir()); print(files('judge') / '_data' / 'rules_corpus'); "
            "print(p.data_file('judge.dsl', 'scenario.lark'))")
    out = _run([str(venv["python"]), "-c", code], cwd=tmp_path, env=_user_env(tmp_path)).stdout.split("\n")
    assert out[0] == str(venv["package"] / "_data" / "rules_corpus") == out[3]  # where importlib.resources says
    assert out[1] == str(venv["package"] / "_data" / "scenarios")
    assert out[2] == "None"
    assert out[4] == str(venv["package"] / "dsl" / "scenario.lark")


def test_corpus_dir_override_still_wins(venv, tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(REPO / "rules_corpus", corpus)
    env = {**_user_env(tmp_path / "home"), "JUDGE_CORPUS_DIR": str(corpus)}
    out = _run([str(venv["python"]), "-c", "import judge.paths as p; print(p.corpus_dir())"], cwd=tmp_path, env=env)
    assert out.stdout.strip() == str(corpus)
    (corpus / "MANIFEST.tsv").unlink()
    broken = _judge(venv, ["rule", "349"], tmp_path, env)
    assert broken.returncode != 0 and str(corpus) in broken.stderr and "Traceback" not in broken.stderr


def test_read_only_site_packages_is_never_written(venv, tmp_path):
    """A read-only install: every command works, the store goes to the user cache, the package is untouched."""
    package = venv["package"]
    before = _snapshot(venv["site"])
    modes = {p: p.stat().st_mode for p in [venv["site"], *venv["site"].rglob("*")] if not p.is_symlink()}
    for p, mode in modes.items():
        p.chmod(mode & ~0o222)
    try:
        env = _user_env(tmp_path / "home")
        for args in (["rule", "349"], ["search", "燃尽"], ["run", str(package / "_data" / "scenarios" / SCENARIO)],
                     ["faq", "show", "C-L33"], ["glossary", "燃尽"]):
            proc = _judge(venv, args, tmp_path, env)
            assert proc.returncode == 0, f"{args}: {proc.stdout}{proc.stderr}"
            assert "Traceback" not in proc.stderr
    finally:
        for p, mode in modes.items():
            p.chmod(mode)
    assert _snapshot(venv["site"]) == before
    cache = tmp_path / "home" / ".cache" / "riftbound-judge"
    assert len(list(cache.glob("store-*.sqlite"))) == 1


def test_concurrent_first_use_builds_once_and_every_process_answers(venv, tmp_path):
    env = _user_env(tmp_path / "home")
    procs = [subprocess.Popen([str(venv["judge"]), "rule", "349"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              cwd=tmp_path, env=env, text=True, encoding="utf-8") for _ in range(4)]
    results = [(p.wait(timeout=600), p.stdout.read(), p.stderr.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    for code, out, err in results:
        assert code == 0, err
        assert out.startswith("规则 349 打出卡牌")
    cache = tmp_path / "home" / ".cache" / "riftbound-judge"
    assert len(list(cache.glob("store-*.sqlite"))) == 1
    log = (cache / "build-log.tsv").read_text(encoding="utf-8").splitlines()
    assert len(log) == 1, log
    assert not list(cache.glob("*.tmp"))
