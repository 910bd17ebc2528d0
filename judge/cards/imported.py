"""Card catalogs the judge imports (`judge cards import FILE`): the official card text, shown by
`judge card` beside the shipped facts and labelled with its source. Never shipped, never in the store.

A catalog is the publisher's JSON (an object whose "cards" list holds one object per printing with
"cardNo", "cardName", optional "subTitle" and the card text "cardEffect"). It is validated whole
before anything is written; what is kept (number, names, text per printing, and where it came from)
goes to cache_dir()/cards/<name>.json through a temp file and a rename, so a bad or interrupted
import leaves the stored catalogs exactly as they were.
"""

from __future__ import annotations

import json
import os
import re

from judge.errors import JudgeError

CARDS_DIR = "cards"
MAX_BYTES = 64 * 1024 * 1024  # the 2026 catalog is 1.3 MB; anything this large is not a card catalog
MAX_CARDS = 50_000
NAME_PATTERN = r"^[\w\u3400-\u9fff][\w\u3400-\u9fff.\-]{0,63}$"  # compiled when used: not on `judge card`
FORMAT_HINT = ('卡牌目录应为发行方网站导出的 JSON：一个对象，其 "cards" 列表中每张印刷品是一个对象，'
               '含 "cardNo"（收藏编号）、"cardName"（名称）与 "cardEffect"（卡牌文本）。')


class CardImportError(JudgeError):
    """A catalog file that cannot be imported; nothing was written."""


def cards_dir() -> str:
    from judge.paths import cache_dir

    return os.path.join(str(cache_dir()), CARDS_DIR)


def check_name(name: str) -> str:
    if not re.match(NAME_PATTERN, name or "") or name.endswith(".json"):
        raise CardImportError(f"目录名称无效：{name!r}",
                              hint="名称只能包含字母、数字、汉字、“.”、“-”和“_”，长度不超过 64，例如 --name zh-2026-04。")
    return name


def default_name(path: str) -> str:
    stem = os.path.splitext(os.path.basename(path.rstrip("/")))[0]
    return re.sub(r"[^\w\u3400-\u9fff.\-]+", "-", stem).strip("-.")[:64] or "catalog"


def _read(path: str) -> bytes:
    """The file's bytes, refusing directories, devices and anything over MAX_BYTES before reading it."""
    import stat

    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise CardImportError(f"找不到卡牌目录文件：{path}", hint="请检查路径是否正确。") from None
    except OSError as exc:
        raise CardImportError(f"无法读取卡牌目录文件：{path}（{exc.strerror}）") from None
    if stat.S_ISDIR(st.st_mode):
        raise CardImportError(f"给出的路径是一个目录，不是文件：{path}", hint="请给出卡牌目录 JSON 文件的路径。")
    if not stat.S_ISREG(st.st_mode):
        raise CardImportError(f"给出的路径不是普通文件（设备、管道或套接字）：{path}", hint="请给出卡牌目录 JSON 文件的路径。")
    if st.st_size > MAX_BYTES:
        raise CardImportError(f"卡牌目录文件过大：{path}（{st.st_size // (1024 * 1024)} MB，上限 {MAX_BYTES // (1024 * 1024)} MB）",
                              hint="这不像一份卡牌目录。" + FORMAT_HINT)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CardImportError(f"无法读取卡牌目录文件：{path}（{exc.strerror}）") from None
    if len(data) > MAX_BYTES:  # grew while being read
        raise CardImportError(f"卡牌目录文件过大：{path}", hint=FORMAT_HINT)
    return data


def _json_error(path: str, text: str, exc: json.JSONDecodeError) -> CardImportError:
    line_text = text.split("\n")[exc.lineno - 1] if exc.lineno - 1 < len(text.split("\n")) else ""
    excerpt = line_text[max(0, exc.colno - 21):exc.colno + 20].strip()
    what = {
        "Expecting value": "此处应为一个值（对象、列表、字符串或数字）",
        "Expecting ',' delimiter": "此处应为逗号“,”",
        "Expecting ':' delimiter": "此处应为冒号“:”",
        "Expecting property name enclosed in double quotes": "此处应为用双引号括起的字段名",
        "Unterminated string starting at": "字符串没有结束的双引号",
        "Extra data": "JSON 结束后还有多余内容",
        "Invalid control character at": "字符串中有未转义的控制字符",
    }.get(exc.msg, f"JSON 语法错误（{exc.msg}）")
    return CardImportError(f"卡牌目录不是有效的 JSON：{path} 第 {exc.lineno} 行第 {exc.colno} 列：{what}"
                           + (f"\n  附近内容：{excerpt}" if excerpt else ""),
                           hint="请确认文件是完整导出的 JSON（未被截断或改动）。" + FORMAT_HINT)


def _field(card: dict, key: str, i: int, path: str, required: bool = True) -> str:
    value = card.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        got = "缺少该字段" if value is None else f"实为 {type(value).__name__}"
        raise CardImportError(f"{path}：第 {i + 1} 张卡牌（cards[{i}]）的字段 “{key}” 应为非空字符串，{got}",
                              hint=FORMAT_HINT)
    return value.strip()


def _facts(card: dict) -> dict:
    """The facts of a printing the shipped catalog may lack (a card newer than it): kept when well-typed."""

    def num(key):
        v = card.get(key)
        return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000 else None

    def text(key):
        v = card.get(key)
        return v.strip()[:40] if isinstance(v, str) else ""

    colours = card.get("cardColorList")
    return {"category": text("cardCategoryName"), "energy": num("energy"), "power": num("returnEnergy"),
            "might": num("power"), "champion": text("hero"), "tags": text("tag"),
            "domains": [c for c in colours if isinstance(c, str)][:6] if isinstance(colours, list) else []}


def parse(data: bytes, path: str) -> dict:
    """Validate a catalog and keep what `judge card` shows: {"fetched_at", "source_url", "printings": [...]}."""
    if not data.strip():
        raise CardImportError(f"卡牌目录文件为空：{path}", hint=FORMAT_HINT)
    if b"\x00" in data[:65536]:
        raise CardImportError(f"卡牌目录文件含二进制内容，不是 JSON 文本：{path}", hint=FORMAT_HINT)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardImportError(f"卡牌目录不是有效的 UTF-8 文本：{path}（第 {exc.start} 字节处）",
                              hint="请将文件另存为 UTF-8 编码后重试。") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _json_error(path, text, exc) from None
    except RecursionError:
        raise CardImportError(f"卡牌目录的 JSON 嵌套过深：{path}", hint=FORMAT_HINT) from None
    if not isinstance(doc, dict):
        raise CardImportError(f"{path}：顶层应为 JSON 对象，实为{'列表' if isinstance(doc, list) else type(doc).__name__}",
                              hint=FORMAT_HINT)
    cards = doc.get("cards")
    if not isinstance(cards, list):
        raise CardImportError(f"{path}：缺少 “cards” 列表" + ("" if cards is None else f"（实为 {type(cards).__name__}）"),
                              hint=FORMAT_HINT)
    if not cards:
        raise CardImportError(f"{path}：“cards” 列表为空，没有可导入的卡牌", hint=FORMAT_HINT)
    if len(cards) > MAX_CARDS:
        raise CardImportError(f"{path}：“cards” 中有 {len(cards)} 项，超过上限 {MAX_CARDS}", hint=FORMAT_HINT)
    total = doc.get("total")
    if isinstance(total, int) and not isinstance(total, bool) and total != len(cards):
        raise CardImportError(f"{path}：文件声明共 {total} 张（“total”），“cards” 中实有 {len(cards)} 张",
                              hint="文件可能被截断或改动，请重新导出完整目录。")
    printings = []
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            raise CardImportError(f"{path}：第 {i + 1} 张卡牌（cards[{i}]）应为 JSON 对象，实为 {type(card).__name__}",
                                  hint=FORMAT_HINT)
        number = _field(card, "cardNo", i, path)
        name = _field(card, "cardName", i, path)
        subtitle = _field(card, "subTitle", i, path, required=False)
        effect = card.get("cardEffect")
        if effect is not None and not isinstance(effect, str):
            raise CardImportError(f"{path}：第 {i + 1} 张卡牌（{number}）的 “cardEffect” 应为字符串，实为 {type(effect).__name__}",
                                  hint=FORMAT_HINT)
        if number in seen:
            raise CardImportError(f"{path}：收藏编号 {number} 出现了两次（第 {i + 1} 张）", hint="请重新导出完整目录。")
        seen.add(number)
        printings.append({"number": number, "name": name, "subtitle": subtitle, "text": (effect or "").strip(),
                          **_facts(card)})
    if not any(p["text"] for p in printings):
        raise CardImportError(f"{path}：{len(printings)} 张卡牌都没有卡牌文本（“cardEffect”）", hint=FORMAT_HINT)
    fetched = doc.get("fetchedAt") if isinstance(doc.get("fetchedAt"), str) else ""
    source_url = doc.get("source") if isinstance(doc.get("source"), str) else ""
    return {"fetched_at": fetched[:32], "source_url": source_url[:200], "printings": printings}


def import_file(path: str, name: str | None = None) -> dict:
    """Validate `path` and store it; returns the stored record's summary. Raises CardImportError."""
    import datetime as dt
    import hashlib

    path = os.fspath(path)
    name = check_name(name or default_name(path))
    data = _read(path)
    parsed = parse(data, path)
    record = {
        "format": 2, "name": name, "file": os.path.abspath(path), "sha256": hashlib.sha256(data).hexdigest(),
        "imported_at": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), **parsed,
    }
    _save(record)
    return summary(record)


def _save(record: dict) -> None:
    import tempfile

    folder = cards_dir()
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".cards-", suffix=".tmp", dir=os.path.dirname(folder))
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(record, fh, ensure_ascii=False)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, os.path.join(folder, f"{record['name']}.json"))
        tmp = None
    except OSError as exc:
        raise CardImportError(f"无法保存卡牌目录到 {folder}：{exc.strerror}",
                              hint="请检查缓存目录的权限，或设置 JUDGE_CACHE_DIR。") from None
    finally:
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)


def _stored_paths() -> list[str]:
    folder = cards_dir()
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names if n.endswith(".json") and not n.startswith(".")]


def _load(path: str) -> dict | None:
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
        if isinstance(record, dict) and isinstance(record.get("printings"), list) and record.get("name"):
            return record
    except (OSError, ValueError):
        pass
    return None


def stored() -> list[dict]:
    """Every stored catalog, oldest import first (unreadable files skipped)."""
    records = [r for r in (_load(p) for p in _stored_paths()) if r is not None]
    return sorted(records, key=lambda r: r.get("imported_at", ""))


def summary(record: dict) -> dict:
    from judge.cards.catalog import catalog

    known = catalog().number_to_card
    printings = record["printings"]
    matched = sum(1 for p in printings if p["number"] in known)
    return {"name": record["name"], "file": record.get("file", ""), "fetched_at": record.get("fetched_at", ""),
            "imported_at": record.get("imported_at", ""), "sha256": record.get("sha256", ""),
            "printings": len(printings), "with_text": sum(1 for p in printings if p["text"]),
            "matched": matched, "unknown": len(printings) - matched}


def remove(name: str) -> str:
    path = os.path.join(cards_dir(), f"{check_name(name)}.json")
    if not os.path.isfile(path):
        names = [r["name"] for r in stored()]
        raise CardImportError(f"没有名为 {name} 的已导入卡牌目录",
                              hint=("已导入：" + "、".join(names)) if names else "当前没有导入任何卡牌目录（judge cards list 可列出）。")
    os.unlink(path)
    return path


def official_text(card) -> list[dict]:
    """The card's text from the latest import that has it: [{"number", "text", "source"}], one per distinct
    text among its printings (alternate printings usually share it); [] when nothing is imported."""
    paths = _stored_paths()
    if not paths:
        return []
    numbers = [p.number for p in card.printings]
    for record in reversed(stored()):
        by_number = {p["number"]: p for p in record["printings"] if p.get("text")}
        found = [by_number[n] for n in numbers if n in by_number]
        if not found:
            continue
        source = {"name": record["name"], "file": record.get("file", ""), "fetched_at": record.get("fetched_at", ""),
                  "imported_at": record.get("imported_at", "")}
        out, seen = [], set()
        for p in found:
            if p["text"] not in seen:
                seen.add(p["text"])
                out.append({"number": p["number"], "text": p["text"], "source": source})
        return out
    return []


def render_markup(text: str) -> str:
    """Card text markup for the terminal: {{急速}} -> [急速], {{S}} -> [战力], {{A}} -> [任意符能]."""
    symbols = {"S": "战力", "s": "战力", "A": "任意符能", "C": "此牌特性符能"}

    def sub(m):
        token = m.group(1).strip()
        return f"[{symbols.get(token, token)}]"

    return re.sub(r"\{\{([^}]*)\}\}", sub, text)


def find_card(text: str) -> dict | None:
    """A card that only an imported catalog has (newer than the shipped one), by collector number or exact
    name: {"name", "subtitle", "printings": [...], "source": {...}} from the latest import that has it."""
    from judge.cards import names as N

    if not _stored_paths():
        return None
    number = N.parse_number(text)
    key = N.name_key(text)
    for record in reversed(stored()):
        hits = []
        for p in record["printings"]:
            n = N.parse_number(p["number"])
            if number is not None and n is not None and n.key.rstrip("abP*") == number.key.rstrip("abP*"):
                hits.append(p)
            elif number is None and key and key in (N.name_key(p["name"] + p.get("subtitle", "")), N.name_key(p["name"])):
                hits.append(p)
        if hits:
            first = hits[0]
            same = [p for p in record["printings"] if p["name"] == first["name"] and p.get("subtitle") == first.get("subtitle")]
            source = {"name": record["name"], "file": record.get("file", ""), "fetched_at": record.get("fetched_at", ""),
                      "imported_at": record.get("imported_at", "")}
            return {"name": first["name"], "subtitle": first.get("subtitle", ""), "printings": same, "source": source}
    return None
