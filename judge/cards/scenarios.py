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


def _usage(files: list[str], base: str, resolve) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for path, info in sorted(_scan(files).items()):
        rel = os.path.relpath(path, base)
        for names, how in ((info["defined"], "定义"), (info["placed"], "上场")):
            for n in names:
                cid = resolve(n)
                if cid and not any(u["file"] == rel for u in out.get(cid, [])):
                    out.setdefault(cid, []).append({"file": rel, "title": info["title"], "how": how, "name": n})
    return out


def usage_all(root: str, resolve, catalog_stamp: str = "") -> dict[str, list[dict]]:
    """card id -> [{"file" (relative to root's parent), "title", "how": 定义 | 上场, "name"}] for every card used
    by a scenario or card file under root. Cached in cache_dir() while no file was added, removed or changed
    (size and mtime) and the catalog (`catalog_stamp`) is the same, so a cold `judge card` reads no scenario."""
    import json
    import zlib  # a checksum is enough to notice a change (hashlib would cost a cold `judge card` more)

    from judge.paths import cache_dir

    root = os.path.abspath(root)
    files, signature = _signature(root)
    data = f"{catalog_stamp}|{signature}".encode()
    digest = f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}-{len(data)}"
    cache = os.path.join(str(cache_dir()), "scenario-cards.json")
    try:
        with open(cache, encoding="utf-8") as fh:
            cached = json.load(fh)
        if cached.get("signature") == digest:
            return cached["usage"]
    except (OSError, ValueError, AttributeError):
        pass
    usage = _usage(files, os.path.dirname(root), resolve)
    try:
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        tmp = f"{cache}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump({"signature": digest, "usage": usage}, fh, ensure_ascii=False)
        os.replace(tmp, cache)
    except OSError:
        pass  # a read-only cache only costs the scan next time
    return usage
