"""Output confinement: the generator writes only inside the chosen folder and never clears a
folder it did not make."""

from __future__ import annotations

import pytest
from docs_fixture import make_rulings, make_store

from judge.docs.build import build_docs
from judge.docs.rulings_model import Ruling
from judge.docs.writer import MARKER, DocsOutputError, SiteWriter


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
