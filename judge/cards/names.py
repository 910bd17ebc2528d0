"""How a card is typed: collector numbers, name keys and the index that resolves them. Stdlib only.

Collector numbers are printed "OGN·127/298", "UNL-084/219", "SFD·R01a", "UNL·T01"; a judge types
"OGN-127", "ogn127", "ogn 127/298" or "UNL-84". Names are compared by a key that ignores case, width,
spaces and the separators the catalog and the FAQs use between a name and its subtitle ("-", " - ",
"，", "·"), with traditional characters mapped to simplified.
"""

from __future__ import annotations

import unicodedata

# Deleted from name keys (str.translate: no regex to compile on the cold path).
_SEPARATORS = str.maketrans("", "", " \t\n\r\u00a0\u3000-‐‑–—－·・,，、:：'’\"“”「」【】()（）.。!！?？")


class Number:
    __slots__ = ("set_code", "prefix", "value", "suffix", "promo")
    set_code: str
    prefix: str  # "" for numbered cards, "T" for tokens, "R" for runes
    value: int
    suffix: str  # "" | "a" | "b" | "*" (alternate printings)
    promo: bool

    def __init__(self, set_code: str, prefix: str, value: int, suffix: str, promo: bool) -> None:
        self.set_code, self.prefix, self.value, self.suffix, self.promo = set_code, prefix, value, suffix, promo

    @property
    def key(self) -> str:
        return f"{self.set_code}{self.prefix}{self.value}{self.suffix}{'P' if self.promo else ''}"


_SET_SEPARATORS = "·・.-‐–—_ "


def parse_number(text: str) -> Number | None:
    """A collector number in any of the usual spellings, or None if `text` does not look like one.

    SET [sep] [T|R] digits [a|b|*] [/total] [·P], spaces anywhere between the parts. Hand-parsed: a
    regular expression would cost more to compile than the whole lookup on the cold path.
    """
    s = unicodedata.normalize("NFKC", text or "").strip()
    n, i = len(s), 0

    def spaces(i: int) -> int:
        while i < n and s[i].isspace():
            i += 1
        return i

    while i < n and s[i].isascii() and s[i].isalpha():
        i += 1
    letters = s[:i].upper()
    prefix = ""
    if len(letters) == 4 and letters[3] in "TR":  # "UNLT01": the set code, then the token/rune prefix
        letters, prefix = letters[:3], letters[3]
    if not 2 <= len(letters) <= 4:
        return None
    i = spaces(i)
    if i < n and s[i] in _SET_SEPARATORS:
        i = spaces(i + 1)
    if not prefix and i < n and s[i] in "TRtr":
        prefix = s[i].upper()
        i = spaces(i + 1)
    start = i
    while i < n and s[i].isdigit() and s[i].isascii():
        i += 1
    digits = s[start:i].lstrip("0") or ("0" if i > start else "")
    if not digits or len(digits) > 3:
        return None
    i = spaces(i)
    suffix = ""
    if i < n and s[i] in "abAB*":
        suffix = s[i].lower()
        i = spaces(i + 1)
    if i < n and s[i] == "/":
        i = spaces(i + 1)
        start = i
        while i < n and s[i].isdigit() and s[i].isascii():
            i += 1
        if not 1 <= i - start <= 3:
            return None
        i = spaces(i)
    promo = False
    if i < n and s[i] in "·・.-":
        i = spaces(i + 1)
        if not (i < n and s[i] in "Pp"):
            return None
    if i < n and s[i] in "Pp":
        promo = True
        i = spaces(i + 1)
    if i != n:
        return None
    return Number(letters, prefix, int(digits), suffix, promo)


# Main sets first, then the starter set and promos; base printings before alternates.
_SET_ORDER = {"OGN": 0, "SFD": 1, "UNL": 2, "OGS": 3, "ARC": 4, "FND": 5}


def number_sort_key(number: str) -> tuple:
    n = parse_number(number)
    if n is None:
        return (9, number)
    return (_SET_ORDER.get(n.set_code, 8), n.set_code, n.prefix, n.value, n.promo, n.suffix)


def primary_sort_key(number: str) -> tuple:
    """The printing that stands for a card: a base printing of a main set, then the lowest number."""
    n = parse_number(number)
    if n is None:
        return (9, 9, number)
    return (bool(n.suffix) or n.promo, n.prefix != "", number_sort_key(number))


def name_key(text: str, t2s: dict[str, str] | None = None) -> str:
    """Comparison key of a name: NFKC, lower case, traditional -> simplified, no spaces or separators."""
    text = unicodedata.normalize("NFKC", text or "").lower()
    if t2s:
        text = "".join(t2s.get(ch, ch) for ch in text)
    return text.translate(_SEPARATORS)


def latin_key(text: str) -> str:
    """English names and pinyin: letters and digits only ("Kog'Maw, Caustic" -> "kogmawcaustic")."""
    text = unicodedata.normalize("NFKD", (text or "").lower())
    return "".join(ch for ch in text if ch.isascii() and ch.isalnum())


def card_id(name: str, subtitle: str) -> str:
    return f"{name}-{subtitle}" if subtitle else name


def primary_rows(rows: list[dict]) -> dict[str, dict]:
    """card id -> the row of its primary printing (rows are dicts with the cards.tsv columns)."""
    out: dict[str, dict] = {}
    for r in sorted(rows, key=lambda r: primary_sort_key(r["number"])):
        out.setdefault(card_id(r["name"], r["subtitle"]), r)
    return out


# Kinds of exact name matches, most specific first (the first kind that matches decides).
KINDS = ("full", "exact", "champion", "english", "faq", "pinyin")
KIND_LABELS = {"number": "收藏编号", "full": "名称-副标题", "exact": "名称", "champion": "名称-英雄",
               "english": "英文名", "faq": "FAQ 译名", "pinyin": "拼音", "fuzzy": "相近名称"}


class NameIndex:
    """Exact lookups: collector number key -> card id; name key -> card ids, per kind."""

    def __init__(self, t2s: dict[str, str] | None = None) -> None:
        self.t2s = t2s or {}
        self.numbers: dict[str, str] = {}
        self.keys: dict[str, dict[str, list[str]]] = {k: {} for k in KINDS}

    def add(self, kind: str, key: str, cid: str) -> None:
        if not key:
            return
        ids = self.keys[kind].setdefault(key, [])
        if cid not in ids:
            ids.append(cid)

    def add_card(self, cid: str, name: str, subtitle: str, champion: str, english: str, pinyin: str,
                 numbers: list[str]) -> None:
        """`numbers` are the Number.key of the card's printings."""
        for key in numbers:  # Number.key of each printing
            self.numbers.setdefault(key, cid)
            # "OGN·127" also finds the only printing "OGN·127a" when there is no base printing.
            base = key.rstrip("abP*")
            if base != key:
                self.numbers.setdefault(base, cid)
        self.add("full", name_key(name + subtitle), cid)
        self.add("exact", name_key(name), cid)
        if subtitle:
            self.add("full", name_key(subtitle + name), cid)
        if champion and champion != name:
            self.add("champion", name_key(name + champion), cid)
            self.add("champion", name_key(champion + name), cid)
        if english:
            self.add("english", latin_key(english), cid)
        if pinyin:
            parts = pinyin.split("|")
            self.add("pinyin", "".join(parts), cid)
            self.add("pinyin", parts[0], cid)

    @classmethod
    def from_cards(cls, primary: dict[str, dict], t2s: dict[str, str] | None = None) -> "NameIndex":
        """From cards.tsv-shaped rows (the development tool's first pass)."""
        index = cls(t2s)
        for cid, r in primary.items():
            index.add_card(cid, r["name"], r["subtitle"], r["champion"], r.get("english", ""), r.get("pinyin", ""),
                           [parse_number(r["number"]).key])
        return index

    def rows(self) -> list[tuple[str, str, str]]:
        """(kind, key, card id) for every entry: what judge/cards/data/name_index.tsv ships."""
        out = [("number", k, cid) for k, cid in self.numbers.items()]
        for kind in KINDS:
            out += [(kind, k, cid) for k, ids in self.keys[kind].items() for cid in ids]
        return out

    def load(self, rows) -> None:
        """Fill from (kind, key, card id) rows in the order rows() wrote them."""
        numbers, keys = self.numbers, self.keys
        for kind, key, cid in rows:
            if kind == "number":
                numbers[key] = cid
            else:
                keys[kind].setdefault(key, []).append(cid)

    def by_number(self, text: str) -> str | None:
        n = parse_number(text)
        return self.numbers.get(n.key) if n else None

    def candidates(self, text: str) -> tuple[list[str], str | None]:
        """(card ids, kind) of the most specific exact match; ([], None) when nothing matches exactly."""
        cid = self.by_number(text)
        if cid:
            return [cid], "number"
        key = name_key(text, self.t2s)
        latin = latin_key(text)
        for kind in KINDS:
            k = latin if kind in ("english", "pinyin") else key
            if not k or (kind in ("english", "pinyin") and not text.isascii()):
                continue
            ids = self.keys[kind].get(k)
            if ids:
                return list(ids), kind
        return [], None

    def exact(self, text: str) -> tuple[str | None, str | None]:
        """(card id, kind) when exactly one card matches; (None, None) for none or several."""
        ids, kind = self.candidates(text)
        return (ids[0], kind) if len(ids) == 1 else (None, None)
