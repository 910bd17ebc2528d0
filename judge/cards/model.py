"""The card records: one Card per distinct card (name + subtitle), with its printings. Facts only.

Plain immutable records with __slots__ rather than dataclasses: this module is on the cold
`judge card` path, and importing dataclasses (inspect) costs more than reading the whole catalog.
"""

from __future__ import annotations

# Columns of judge/cards/data/cards.tsv, one row per printing (written by tools/build_card_facts.py), grouped
# by card with its primary printing first; number_key is names.Number.key (what a typed number is compared by).
COLUMNS = ["number", "number_key", "set", "name", "subtitle", "english", "category", "category_code", "energy", "power",
           "might", "domains", "tags", "champion", "region", "keywords", "terms", "rarity", "finish",
           "deck_limit", "pinyin"]

# The catalog's colours are the six domains of rule 134; colourless cards have none.
DOMAINS = {"red": ("炽烈", "R", "Fury"), "green": ("翠意", "G", "Calm"), "blue": ("灵光", "B", "Mind"),
           "orange": ("摧破", "O", "Body"), "purple": ("混沌", "P", "Chaos"), "yellow": ("序理", "Y", "Order")}
COLOURLESS = "colorless"

SET_NAMES = {"OGN": ("起源", "Origins"), "OGS": ("起源 试炼之地", "Proving Grounds"),
             "SFD": ("铸魂淬炼", "Spiritforged"), "UNL": ("破限系列", "Unleashed"),
             "ARC": ("双城之战主题礼盒", "Arcane Box Set"), "FND": ("推广卡", "Promo")}


class _Record:
    """Immutable keyword-constructed record; equality and hash by fields."""

    __slots__ = ()

    def __init__(self, **values) -> None:
        for name in self.__slots__:
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _fields(self) -> tuple:
        return tuple(getattr(self, n) for n in self.__slots__)

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other._fields() == self._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.__slots__[:3])}, …)"


class Printing(_Record):
    __slots__ = ("number", "set", "rarity", "finish", "tags", "region")
    number: str  # as printed, e.g. "OGN·127/298"
    set: str  # set code, e.g. "OGN"
    rarity: str
    finish: str  # 平卡 | 异画 | 超编 | 签名超编
    tags: tuple[str, ...]
    region: str


class Card(_Record):
    __slots__ = ("id", "name", "subtitle", "english", "category", "category_code", "energy", "power", "might",
                 "domains", "tags", "champion", "region", "keywords", "terms", "deck_limit", "pinyin", "printings")
    id: str  # "名称" or "名称-副标题": unique
    name: str
    subtitle: str
    english: str  # from the FAQs' bilingual pairs; "" when no FAQ names the card in English
    category: str  # 单位, 英雄单位, 法术, 装备, 传奇, 战场, 符文, 专属…, 指示物…
    category_code: str
    energy: int | None  # energy cost
    power: int | None  # power cost (the number of power symbols)
    might: int | None
    domains: tuple[str, ...]  # catalog colours: red, green, blue, orange, purple, yellow, colorless
    tags: tuple[str, ...]
    champion: str
    region: str
    keywords: tuple[str, ...]  # "强攻 2", "急速", "等级 6": keyword name and value, from the markup
    terms: tuple[str, ...]  # other marked-up game terms (眩晕, 强力, 增益, 洞察 N)
    deck_limit: int | None
    pinyin: str
    printings: tuple[Printing, ...]

    @property
    def number(self) -> str:
        """The collector number of the card's first printing."""
        return self.printings[0].number

    @property
    def set(self) -> str:
        return self.printings[0].set

    @property
    def display_name(self) -> str:
        return f"{self.name}-{self.subtitle}" if self.subtitle else self.name

    @property
    def keyword_names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(k.split(" ")[0] for k in self.keywords))

    @property
    def domain_names(self) -> tuple[str, ...]:
        return tuple(DOMAINS[d][0] for d in self.domains if d in DOMAINS)

    def power_cost(self) -> dict[str, int]:
        """Power cost by domain: {"blue": 1}. A card of two domains prints its power in those domains;
        the catalog gives only the count, so the key is "red|blue" (either of the card's domains)."""
        if not self.power:
            return {}
        coloured = [d for d in self.domains if d in DOMAINS]
        return {"|".join(coloured) or COLOURLESS: self.power}

    def to_dict(self) -> dict:
        return {
            "id": self.id, "name": self.name, "subtitle": self.subtitle, "english": self.english or None,
            "number": self.number, "category": self.category, "category_code": self.category_code,
            "energy": self.energy, "power": self.power, "power_by_domain": self.power_cost(),
            "might": self.might, "domains": list(self.domains), "domain_names": list(self.domain_names),
            "tags": list(self.tags), "champion": self.champion or None, "region": self.region or None,
            "keywords": list(self.keywords), "terms": list(self.terms), "deck_limit": self.deck_limit,
            "set": self.set, "set_name": SET_NAMES.get(self.set, ("", ""))[0] or None,
            "printings": [{"number": p.number, "set": p.set, "rarity": p.rarity, "finish": p.finish}
                          for p in self.printings],
        }
