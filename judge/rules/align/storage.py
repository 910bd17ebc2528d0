"""References the judge has added, stored as JSON in the user's cache (never in the repository).

One file per reference: cache_dir()/references/<name>.json. The store's cache key hashes this
folder, so adding or removing a reference rebuilds the store; the latest added is applied.
Writes are atomic (temp file outside the folder, then rename), so a failed command leaves the
stored numbering as it was; a reference is written only after its alignment succeeded (`pending`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

from judge.paths import cache_dir
from judge.rules.align.reference import Reference, ReferenceError, decode, parse_text

REFERENCES_DIR = "references"
NAME_RE = re.compile(r"^[\w\u3400-\u9fff][\w\u3400-\u9fff.\-]{0,63}$")


def references_dir() -> Path:
    return cache_dir() / REFERENCES_DIR


def check_name(name: str) -> str:
    if not NAME_RE.match(name) or name.endswith(".json"):
        raise ReferenceError(
            f"参考名称无效：{name!r}",
            hint="名称只能包含字母、数字、汉字、“.”、“-”和“_”，长度不超过 64，例如 --name en-2026-07。",
        )
    return name


def default_name(path: Path) -> str:
    stem = re.sub(r"[^\w\u3400-\u9fff.\-]+", "-", path.stem).strip("-.") or "reference"
    return stem[:64]


def load_file(path: Path, lang: str | None = None, name: str | None = None) -> Reference:
    """Parse a reference document the judge gives (plain text or PDF); raises ReferenceError (Chinese,
    naming the file)."""
    from judge.rules.align.pdf import is_pdf, pdf_text

    text = pdf_text(path) if is_pdf(path) else decode(path)   # the hash below is of the text read
    lang, rules, doc_date = parse_text(text, path, lang)
    name = check_name(name or default_name(path))
    return Reference(
        name=name, lang=lang, source=str(path), sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        doc_date=doc_date, added_at=dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        rules=rules,
    )


def file_name(ref: Reference) -> str:
    return f"{ref.name}.json"


def encode(ref: Reference) -> bytes:
    """The stored file's bytes (the store's cache key hashes exactly these)."""
    return json.dumps(ref.to_json(), ensure_ascii=False).encode("utf-8")


# A reference being added: the build stage applies it before it is stored, so it is stored only
# once its alignment has succeeded (a killed `judge corpus align` leaves nothing behind).
_pending: Reference | None = None


@contextlib.contextmanager
def pending(ref: Reference):
    global _pending
    _pending = ref
    try:
        yield
    finally:
        _pending = None


def save(ref: Reference) -> Path:
    folder = references_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".ref-", suffix=".tmp", dir=folder.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(encode(ref))
        target = folder / file_name(ref)
        os.replace(tmp, target)
    except OSError as exc:
        raise ReferenceError(f"无法保存参考文本到 {folder}：{exc.strerror}", hint="请检查缓存目录的权限，或设置 JUDGE_CACHE_DIR。") from None
    return target


def load_all() -> list[Reference]:
    """Every stored reference, oldest first; unreadable files are skipped (listed by `broken()`)."""
    refs = []
    for path in sorted(references_dir().glob("*.json")):
        try:
            refs.append(Reference.from_json(json.loads(path.read_text(encoding="utf-8"))))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sorted(refs, key=lambda r: r.added_at)


def broken() -> list[Path]:
    out = []
    for path in sorted(references_dir().glob("*.json")):
        try:
            Reference.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            out.append(path)
    return out


def latest() -> Reference | None:
    """The reference the tree applies: one being added, else the latest stored."""
    if _pending is not None:
        return _pending
    refs = load_all()
    return refs[-1] if refs else None


def remove(name: str) -> Path:
    path = references_dir() / f"{check_name(name)}.json"
    if not path.is_file():
        names = [r.name for r in load_all()]
        raise ReferenceError(
            f"没有名为 {name} 的参考文本",
            hint=("已存储的参考：" + "、".join(names)) if names else "当前没有存储任何参考文本（judge corpus references 可列出）。",
        )
    path.unlink()
    return path
