"""Resolve what a judge typed to a card: exact forms first, then typos and homophones.

Order: collector number -> name with subtitle -> name -> name with champion -> English name ->
a FAQ's name for the card -> pinyin -> typo (rapidfuzz on names) -> homophone (pinyin of the typed
characters, via judge.search.lexicon's pinyin helper). The first step that finds something decides.
"""

from __future__ import annotations

from judge.cards import names as N
from judge.cards.catalog import Catalog, catalog
from judge.cards.model import Card
from judge.errors import JudgeError, NotFoundError


class Match:
    """What a typed name resolved to: the cards (one, several, none), how, and near names."""

    def __init__(self, query: str) -> None:
        self.query = query
        self.cards: list[Card] = []
        self.kind: str | None = None  # names.KIND_LABELS key; None when nothing matched
        self.suggestions: list[str] = []  # closest real names when nothing matched
        self.imported: dict | None = None  # a card only an imported catalog has (imported.find_card)

    @property
    def card(self) -> Card | None:
        return self.cards[0] if len(self.cards) == 1 else None


class AmbiguousCard(JudgeError):
    exit_code = 1


def _is_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" for ch in text)


def _name_pool(cat: Catalog) -> dict[str, list[str]]:
    """Name key -> card ids, over every Chinese name a card is known by (for typos)."""
    pool: dict[str, list[str]] = {}
    for kind in ("full", "exact", "champion", "faq"):
        for key, ids in cat.index.keys[kind].items():
            pool.setdefault(key, [])
            pool[key] += [i for i in ids if i not in pool[key]]
    return pool


def _latin_pool(cat: Catalog) -> dict[str, list[str]]:
    pool: dict[str, list[str]] = {}
    for kind in ("english", "pinyin"):
        for key, ids in cat.index.keys[kind].items():
            pool.setdefault(key, [])
            pool[key] += [i for i in ids if i not in pool[key]]
    return pool


def _fuzzy(cat: Catalog, text: str) -> tuple[list[str], list[tuple[str, float]]]:
    """(card ids of a confident typo match, scored nearest card ids) for `text`."""
    from rapidfuzz import fuzz, process

    if _is_cjk(text):
        key, pool, cutoff = N.name_key(text, cat.t2s), _name_pool(cat), 50
    else:
        key, pool, cutoff = N.latin_key(text), _latin_pool(cat), 60
    if not key:
        return [], []
    scored = process.extract(key, list(pool), scorer=fuzz.ratio, limit=12, score_cutoff=cutoff)
    ranked: list[tuple[str, float]] = []
    for k, score, _ in scored:
        for cid in pool[k]:
            if cid not in (c for c, _ in ranked):
                ranked.append((cid, score))
    # Confident: one key clearly ahead and close to what was typed (one wrong character in four).
    if scored and scored[0][1] >= (75 if _is_cjk(text) else 85):
        top = scored[0][1]
        best = [k for k, s, _ in scored if s == top]
        ids = list(dict.fromkeys(cid for k in best for cid in pool[k]))
        runner = next((s for _, s, _ in scored if s < top), 0)
        if top - runner >= 5 or len(ids) == 1:
            return ids, ranked
    return [], ranked


def _homophone(cat: Catalog, text: str) -> list[str]:
    """Chinese typed with the wrong characters of the same sound: "金灵女王" -> 精灵女王."""
    if not _is_cjk(text):
        return []
    try:
        from judge.search.lexicon import Pinyin
    except ImportError:  # pragma: no cover - pypinyin is a dependency
        return []
    key = N.latin_key(Pinyin().key(N.name_key(text, cat.t2s)))
    ids = cat.index.keys["pinyin"].get(key, [])
    if ids:
        return list(ids)
    from rapidfuzz import fuzz, process

    best = process.extractOne(key, list(cat.index.keys["pinyin"]), scorer=fuzz.ratio, score_cutoff=90)
    return list(cat.index.keys["pinyin"][best[0]]) if best else []


def lookup(text: str, cat: Catalog | None = None) -> Match:
    cat = cat or catalog()
    text = (text or "").strip()
    match = Match(text)
    if not text:
        return match
    ids, kind = cat.index.candidates(text)
    if not ids:
        # A card newer than the shipped catalog, named exactly as an imported catalog prints it, wins
        # over a typo match of a shipped card.
        from judge.cards import imported

        match.imported = imported.find_card(text)
        if match.imported is not None:
            match.kind = "imported"
            return match
        ids, ranked = _fuzzy(cat, text)
        kind = "fuzzy" if ids else None
        if not ids:
            ids = _homophone(cat, text)
            kind = "pinyin" if ids else None
        if not ids:
            match.suggestions = [cat.card(cid).display_name for cid, _ in ranked][:5]
    match.cards = [cat.card(i) for i in ids]
    match.kind = kind
    return match


def find(text: str) -> Card | None:
    """The card `text` names (number, Chinese, English, pinyin, traditional, typo), or None if none or several."""
    return lookup(text).card


def suggest(text: str, limit: int = 5) -> list[str]:
    """Closest real card names (display names, "名称-副标题"), best first."""
    m = lookup(text)
    if m.cards:
        return [c.display_name for c in m.cards][:limit]
    return m.suggestions[:limit]


def _near_numbers(number: N.Number) -> str:
    """The printings of the same set closest to a number that does not exist."""
    cat = catalog()
    same = []
    for printed, cid in cat.number_to_card.items():
        n = N.parse_number(printed)
        if n is not None and n.set_code == number.set_code and n.prefix == number.prefix:
            same.append((abs(n.value - number.value), N.number_sort_key(printed), printed, cid))
    if not same:
        sets = sorted({N.parse_number(p).set_code for p in cat.number_to_card if N.parse_number(p)})
        return f"没有 {number.set_code} 系列的卡牌；目录中的系列：{'、'.join(sets)}。"
    same.sort()
    near = "、".join(f"{printed} {cid}" for _, _, printed, cid in same[:5])
    top = max(N.parse_number(p).value for _, _, p, _ in same)
    return f"{number.set_code}{'-' + number.prefix if number.prefix else ''} 的编号到 {top} 为止；最接近的：{near}"


def resolve(text: str) -> tuple[Card, str]:
    """(card, how it matched), or a Chinese error: unknown (with the closest names) or ambiguous."""
    return resolve_match(lookup(text))


def resolve_match(m: Match) -> tuple[Card, str]:
    text = m.query
    if m.card:
        return m.card, m.kind or ""
    if m.cards:
        lines = [f"  {c.number:<16}{c.display_name}  {c.category}" for c in m.cards]
        raise AmbiguousCard(f"“{text}”对应 {len(m.cards)} 张卡牌：\n" + "\n".join(lines),
                            hint="请写出完整名称（名称-副标题）或收藏编号，例如 judge card " + m.cards[0].number)
    if not text.strip():
        raise JudgeError("请给出卡牌名称或收藏编号。", hint="例如 judge card 精灵女王、judge card OGN·127")
    number = N.parse_number(text)
    if number is not None:
        raise NotFoundError(f"卡牌目录中没有收藏编号为 {text.strip()} 的卡牌。", hint=_near_numbers(number))
    near = "、".join(m.suggestions) if m.suggestions else "（没有相近的卡牌名）"
    raise NotFoundError(f"卡牌目录中没有“{text}”。最接近的卡牌：{near}",
                        hint="可输入中文名、英文名、拼音或收藏编号（如 OGN·127、ogn127）；目录截至 2026-04-27，更新的卡牌不在其中。")
