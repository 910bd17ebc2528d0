import shutil

import pytest

from judge.corpus import manifest
from judge.errors import CorpusError
from judge.paths import corpus_dir


def test_shipped_corpus_matches_manifest():
    docs = manifest.verify()
    assert {d.kind for d in docs} == {"rules", "rules-excerpt-numbered", "rules-excerpt", "faq-core", "faq-referee"}
    assert len(manifest.corpus_hash(docs)) == 64


@pytest.fixture
def corpus_copy(tmp_path):
    dst = tmp_path / "rules_corpus"
    shutil.copytree(corpus_dir(), dst)
    return dst


def test_missing_file_is_named(corpus_copy):
    (corpus_copy / "origins-referee-faq.zh.txt").unlink()
    with pytest.raises(CorpusError) as exc:
        manifest.verify(corpus_copy)
    assert "缺少文件" in exc.value.message and "origins-referee-faq.zh.txt" in exc.value.message


def test_altered_file_is_named(corpus_copy):
    p = corpus_copy / "core-rules-search-excerpt.zh.txt"
    p.write_bytes(p.read_bytes() + b"x")
    with pytest.raises(CorpusError) as exc:
        manifest.verify(corpus_copy)
    assert "已被改动" in exc.value.message and "core-rules-search-excerpt.zh.txt" in exc.value.message


def test_empty_and_broken_encoding_are_clear_errors(corpus_copy):
    docs = {d.file: d for d in manifest.load_manifest(corpus_copy)}
    doc = docs["core-rules-search-excerpt.zh.txt"]
    doc.path.write_bytes(b"")
    with pytest.raises(CorpusError, match="为空"):
        doc.read_text()
    doc.path.write_bytes("规则".encode("gbk"))
    with pytest.raises(CorpusError, match="UTF-8"):
        doc.read_text()


def test_readme_test_command_is_what_ci_runs():
    from judge.paths import REPO_DIR

    readme = (REPO_DIR / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- test-command -->")[1].split("<!-- /test-command -->")[0]
    cmd = [l for l in block.splitlines() if l.strip() and not l.startswith("```")][0]
    assert "pytest" in cmd and "pip install" in cmd
    ci = (REPO_DIR / ".ci" / "run").read_text(encoding="utf-8")
    assert "test-command" in ci  # CI extracts the command from between the README markers
