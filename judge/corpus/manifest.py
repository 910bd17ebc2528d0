"""The MANIFEST.tsv of rules_corpus/: which documents exist, their hashes, versions and kinds.

Verification tells the user exactly which file is missing or altered.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from judge.errors import CorpusError
from judge.paths import corpus_dir

MANIFEST_NAME = "MANIFEST.tsv"
COLUMNS = ["file", "sha256", "version", "kind", "description"]


@dataclass(frozen=True)
class Document:
    file: str
    sha256: str
    version: str
    kind: str
    description: str
    path: Path

    def read_text(self) -> str:
        """The document as text; a clear error for an empty file or broken encoding."""
        data = self.path.read_bytes()
        if not data.strip():
            raise CorpusError(f"语料文件为空：{self.path}", hint="请从原始来源重新复制该文件，并更新 MANIFEST.tsv。")
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CorpusError(
                f"语料文件不是有效的 UTF-8 文本：{self.path}（第 {exc.start} 字节处）",
                hint="请确认该文件以 UTF-8 编码保存。",
            ) from None


def load_manifest(root: Path | None = None) -> list[Document]:
    root = root or corpus_dir()
    path = root / MANIFEST_NAME
    if not path.is_file():
        raise CorpusError(f"找不到语料清单：{path}", hint="rules_corpus/ 目录应包含 MANIFEST.tsv；请检查 JUDGE_CORPUS_DIR 或重新检出仓库。")
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise CorpusError(f"语料清单不是有效的 UTF-8 文本：{path}") from None
    if not lines or lines[0].split("\t") != COLUMNS:
        raise CorpusError(f"语料清单 {path} 第 1 行应为表头：{' '.join(COLUMNS)}")
    docs = []
    for lineno, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) != len(COLUMNS):
            raise CorpusError(f"语料清单 {path} 第 {lineno} 行应有 {len(COLUMNS)} 列（以制表符分隔），实有 {len(cells)} 列")
        file, sha, version, kind, description = cells
        docs.append(Document(file, sha, version, kind, description, root / file))
    if not docs:
        raise CorpusError(f"语料清单 {path} 没有列出任何文件")
    return docs


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def verify(root: Path | None = None) -> list[Document]:
    """Check every listed file exists and matches its hash; raise naming each bad file."""
    docs = load_manifest(root)
    problems = []
    for doc in docs:
        if not doc.path.is_file():
            problems.append(f"缺少文件：{doc.path}")
        elif file_sha256(doc.path) != doc.sha256:
            problems.append(f"文件已被改动（sha256 与清单不符）：{doc.path}")
    if problems:
        raise CorpusError(
            "语料校验失败：\n  " + "\n  ".join(problems),
            hint="从 ../shared/corpus/ 重新复制原文件；若是有意添加新版本，请在 MANIFEST.tsv 中更新其 sha256。",
        )
    return docs


def corpus_hash(docs: list[Document]) -> str:
    """One hash for the whole corpus, from the manifest's hashes: the store is rebuilt when it changes."""
    h = hashlib.sha256()
    for doc in docs:
        h.update(f"{doc.file}\t{doc.sha256}\t{doc.version}\t{doc.kind}\n".encode())
    return h.hexdigest()


def by_kind(docs: list[Document], kind: str) -> list[Document]:
    return [d for d in docs if d.kind == kind]
