"""Which shipped scenarios use a card: card definitions (`卡牌 名称 …`) and objects placed on the board
(`基地: a1=名称`, `战场 bf1 = 名称`) in scenarios/**/*.场景 and the card files they include (*.卡牌).

A plain scan, no DSL parse, cached in the user cache until a file changes: the cold `judge card` path
then costs one stat per file.
A name counts when it names the card exactly (name, name-subtitle, name-champion, a FAQ's name).
"""

from __future__ import annotations

import os
import re

# Compiled on first scan only (a cached scan needs none of them).
_PATTERNS = {
    # `卡牌 "盖伦-剑尉长" …`, `卡牌 新兵 …`: a card definition.
    "definition": r'^\s*卡牌\s+(?:"([^"]+)"|(\S+))',
    # `a1=巨人`, `g="盖伦-剑尉长"`, `战场 bf1 = 虚空之门`: the name placed on the board.
    "placed": r'=\s*(?:"([^"]+)"|([^\s,，"#]+))',
    "title": r"^\s*场景\s+(.+)$",
    "include": r'^\s*包含\s+"([^"]+)"',
}


def _strip_comment(line: str) -> str:
    """The line without its `# …` comment (a '#' inside double quotes is text)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def names_in(text: str) -> tuple[set[str], set[str], str, list[str]]:
    """(defined names, placed names, title, included files) of one scenario or card file."""
    rx = {k: re.compile(v) for k, v in _PATTERNS.items()}
    defined: set[str] = set()
    placed: set[str] = set()
    title = ""
    includes: list[str] = []
    for line in text.split("\n"):
        line = _strip_comment(line)
        m = rx["definition"].match(line)
        if m:
            defined.add(m.group(1) or m.group(2))
            continue
        t = rx["title"].match(line)
        if t and not title:
            title = t.group(1).strip()
            continue
        inc = rx["include"].match(line)
        if inc:
            includes.append(inc.group(1))
            continue
        if "=" in line and not line.lstrip().startswith(("检查", "期望", "追踪")):
            for p in rx["placed"].finditer(line):
                placed.add(p.group(1) or p.group(2))
    return defined, placed, title, includes


def _signature(root: str) -> tuple[list[str], str]:
    """(files, a signature of their paths, sizes and mtimes): a stat per file, no reads."""
    files, parts = [], []
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            if e.is_dir():
                pending.append(e.path)
            elif e.name.endswith((".场景", ".卡牌")):
                st = e.stat()
                files.append(e.path)
                parts.append(f"{e.path}:{st.st_size}:{st.st_mtime_ns}")
    return sorted(files), "|".join(sorted(parts))


def _scan(files: list[str]) -> dict[str, dict]:
    out = {}
    for path in files:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError):
            continue
        defined, placed, title, _ = names_in(text)
        out[path] = {"title": title, "defined": sorted(defined), "placed": sorted(placed - defined)}
    return out


def names_by_file(root: str) -> dict[str, dict]:
    """path -> {"title", "defined", "placed"} for every scenario and card file under root, from a cache
    in cache_dir() that is valid while no file was added, removed or changed (checked by size and mtime)."""
    import hashlib
    import json

    from judge.paths import cache_dir

    files, signature = _signature(os.path.abspath(root))
    digest = hashlib.sha256(signature.encode()).hexdigest()[:16]
    cache = os.path.join(str(cache_dir()), "scenario-card-names.json")
    try:
        with open(cache, encoding="utf-8") as fh:
            cached = json.load(fh)
        if cached.get("signature") == digest:
            return cached["files"]
    except (OSError, ValueError, AttributeError):
        pass
    scanned = _scan(files)
    try:
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        tmp = f"{cache}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump({"signature": digest, "files": scanned}, fh, ensure_ascii=False)
        os.replace(tmp, cache)
    except OSError:
        pass  # a read-only cache only costs the scan next time
    return scanned


def usage_all(root: str, resolve) -> dict[str, list[dict]]:
    """card id -> the files that use it (for the docs: every card at once)."""
    base = os.path.dirname(os.path.abspath(root))
    out: dict[str, list[dict]] = {}
    for path, info in sorted(names_by_file(root).items()):
        for names, how in ((info["defined"], "定义"), (info["placed"], "上场")):
            for n in names:
                cid = resolve(n)
                if cid and not any(u["file"] == os.path.relpath(path, base) for u in out.get(cid, [])):
                    out.setdefault(cid, []).append({"file": os.path.relpath(path, base), "title": info["title"],
                                                    "how": how, "name": n})
    return out


def usage_of(root: str, resolve, card_id: str) -> list[dict]:
    """[{"file", "title", "how": 定义 | 上场, "name"}] for the files that use one card."""
    base = os.path.dirname(os.path.abspath(root))
    out: list[dict] = []
    for path, info in names_by_file(root).items():
        for names, how in ((info["defined"], "定义"), (info["placed"], "上场")):
            hit = next((n for n in names if resolve(n) == card_id), None)
            if hit:
                out.append({"file": os.path.relpath(path, base), "title": info["title"], "how": how, "name": hit})
                break
    return sorted(out, key=lambda u: u["file"])
