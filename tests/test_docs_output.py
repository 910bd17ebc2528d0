"""Output confinement: the generator writes only inside the chosen folder and never clears a
folder it did not make."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from docs_fixture import make_rulings, make_store

from judge.docs.build import build_docs
from judge.docs.build_lock import DocsLockError, output_lock
from judge.docs.linkcheck import check_dir
from judge.docs.rulings_model import Ruling
from judge.docs.writer import GENERATED_TOP, MARKER, DocsOutputError, SiteWriter, looks_generated


@pytest.mark.parametrize("bad", ["../x.md", "/etc/x.md", "a/../../x.md", "", "a\\..\\x.md", "a/\x00.md"])
def test_writer_rejects_paths_outside(tmp_path, bad):
    w = SiteWriter(tmp_path / "out")
    w.prepare()
    with pytest.raises(DocsOutputError):
        w.write(bad, "x")


def test_writer_rejects_symlink_escape(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    w = SiteWriter(tmp_path / "out")
    w.prepare()
    (w.root / "link").symlink_to(outside)
    with pytest.raises(DocsOutputError):
        w.write("link/x.md", "x")
    assert not (outside / "x.md").exists()


def test_refuses_to_clear_a_foreign_folder(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "precious.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(DocsOutputError) as err:
        build_docs(out, conn=make_store(), rulings=[], results_md=None)
    assert "非空" in err.value.message
    assert (out / "precious.txt").read_text(encoding="utf-8") == "keep"


def test_rebuild_replaces_previous_output(tmp_path):
    out = tmp_path / "out"
    build_docs(out, conn=make_store(), rulings=make_rulings(), results_md=None)
    assert (out / "rulings/turn/burn-out.md").is_file() and (out / MARKER).is_file()
    build_docs(out, conn=make_store(), rulings=[], results_md=None)
    assert not (out / "rulings/turn/burn-out.md").exists()


def test_hostile_scenario_names_stay_inside(tmp_path):
    ru = make_rulings()[0]
    evil = Ruling(slug="../../../../etc/passwd", path="../../evil.rbs", topic="../..", title="坏名字",
                  source_text="x", steps=ru.steps, expectations=ru.expectations)
    out = tmp_path / "out"
    build_docs(out, conn=make_store(), rulings=[evil], results_md=None)
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert all(out in p.parents for p in written)
    assert (out / "rulings/x/etc-passwd.md").is_file()


# ---------------------------------------------------------------- concurrent and interrupted builds
def _judge(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "from judge.cli import main; main()", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, encoding="utf-8", env={**os.environ, "PYTHONIOENCODING": "utf-8"})


def _finish(proc: subprocess.Popen) -> tuple[int, str, str]:
    stdout, stderr = proc.communicate(timeout=600)
    return proc.returncode, stdout, stderr


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.slow
def test_concurrent_builds_of_one_folder_leave_a_complete_site(tmp_path):
    from judge.store import open_store

    open_store().close()  # the store exists before the race: only the docs output is contended
    out = tmp_path / "site-src"
    procs = [_judge("docs", "build", "--out", str(out)) for _ in range(3)]
    results = [_finish(p) for p in procs]
    for code, stdout, stderr in results:
        assert code == 0, stderr[-2000:]
        assert "已生成" in stdout and "Traceback" not in stderr
    reference = tmp_path / "reference"
    code, _, stderr = _finish(_judge("docs", "build", "--out", str(reference)))
    assert code == 0, stderr
    assert _files(out) == _files(reference)
    assert check_dir(out).broken == []
    # nothing left beside the output: no staging or retired folders
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reference", "site-src"]


def test_second_build_waits_for_the_first(tmp_path):
    out = tmp_path / "out"
    waited: list[str] = []
    with output_lock(out):
        # another build holds the folder: this one waits, says so, and gives up after its limit
        with pytest.raises(DocsLockError) as err:
            with output_lock(out, on_wait=waited.append, wait_seconds=0.5):
                pass
    assert waited and "等待其完成" in waited[0]
    assert "超过" in err.value.message
    with output_lock(out, wait_seconds=0.5):  # released when the holder is done
        pass


def test_failed_build_keeps_the_previous_site(tmp_path, monkeypatch):
    out = tmp_path / "out"
    build_docs(out, conn=make_store(), rulings=make_rulings(), results_md=None)
    before = {p: (out / p).read_bytes() for p in _files(out)}

    def boom(*args, **kwargs):
        raise RuntimeError("renderer failed")

    monkeypatch.setattr("judge.docs.build.render_glossary", boom)
    with pytest.raises(RuntimeError):
        build_docs(out, conn=make_store(), rulings=[], results_md=None)
    assert {p: (out / p).read_bytes() for p in _files(out)} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_fresh_build_is_recognised_as_ours_without_its_marker(tmp_path):
    """What a build writes at the top stays within what recovery recognises (a new page must be listed)."""
    out = tmp_path / "out"
    build_docs(out, conn=make_store(), rulings=make_rulings(), results_md=None)
    assert {p.name for p in out.iterdir()} <= GENERATED_TOP
    (out / MARKER).unlink()
    assert looks_generated(out)


def test_build_killed_while_clearing_the_old_folder_is_recovered(tmp_path):
    """The state a build killed mid-clear leaves: marker gone, some pages gone, the rest still there."""
    out = tmp_path / "out"
    build_docs(out, conn=make_store(), rulings=make_rulings(), results_md=None)
    (out / MARKER).unlink()
    (out / "index.md").unlink()
    (out / "faq" / "core-1.md.tmp").write_text("half", encoding="utf-8")  # a page cut off mid-write
    report = build_docs(out, conn=make_store(), rulings=make_rulings(), results_md=None)
    assert (out / MARKER).is_file() and (out / "index.md").is_file()
    assert check_dir(out).broken == []
    assert not (out / "faq" / "core-1.md.tmp").exists()
    assert any("被中断" in n for n in report.notes)


def test_interrupted_build_leftovers_beside_the_output_are_removed(tmp_path):
    out = tmp_path / "out"
    build_docs(out, conn=make_store(), rulings=make_rulings(), results_md=None)
    staging = tmp_path / ".out.judge-new-k1ll3d"        # killed while writing the new site
    (staging / "rules").mkdir(parents=True)
    (staging / MARKER).write_text("x", encoding="utf-8")
    (staging / "rules" / "318.md").write_text("---\ntitle: x\n---\n", encoding="utf-8")
    retired = tmp_path / ".out.judge-old-123-abcd"      # killed while deleting the previous site
    (retired / "rulings").mkdir(parents=True)
    (retired / "rulings" / "x.md").write_text("---\ntitle: y\n---\n", encoding="utf-8")
    foreign = tmp_path / ".out.judge-new-notours"       # same pattern, someone else's content: kept
    foreign.mkdir()
    (foreign / "precious.txt").write_text("keep", encoding="utf-8")
    build_docs(out, conn=make_store(), rulings=make_rulings(), results_md=None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.judge-new-notours", "out"]
    assert (foreign / "precious.txt").read_text(encoding="utf-8") == "keep"


def test_a_folder_with_one_foreign_file_among_pages_is_still_refused(tmp_path):
    out = tmp_path / "out"
    build_docs(out, conn=make_store(), rulings=[], results_md=None)
    (out / MARKER).unlink()
    (out / "rules" / "my-notes.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(DocsOutputError):
        build_docs(out, conn=make_store(), rulings=[], results_md=None)
    assert (out / "rules" / "my-notes.txt").read_text(encoding="utf-8") == "keep"
