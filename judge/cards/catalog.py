"""The shipped card facts (judge/cards/data/), read once per process: cards, printings, names.

Stdlib only and read lazily, so `judge card` stays a cold process of a few milliseconds more than
`python3 -c pass`. Fuzzy matching (rapidfuzz) and pinyin of a typed name (pypinyin) are imported
only when no exact match exists.
"""

from __future__ import annotations

import json
import os

from judge.cards import names as N
from judge.cards.model import COLUMNS, Card, Printing, _Record


# Package data beside this module (judge/cards/data, installed as files with the package). Read by path
# rather than through judge.paths.data_file: importing importlib.resources (tempfile, zipfile, typing…)
# would cost a cold `judge card` more than everything else it does.
DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def _read_tsv(name: str) -> tuple[list[str], list[list[str]]]:
    with open(os.path.join(DATA_DIR, name), encoding="utf-8") as fh:
        text = fh.read()
    lines = [l for l in text.split("\n") if l and not l.startswith("#")]
    return lines[0].split("\t"), [l.split("\t") for l in lines[1:]]


def _int(value: str) -> int | None:
    return int(value) if value else None


def _split(value: str) -> tuple[str, ...]:
    return tuple(v for v in value.split(",") if v)


class FaqName(_Record):
    """A name a FAQ uses for a card (faq_names.tsv)."""
    __slots__ = ("name", "english", "card_id", "how", "note")
    name: str
    english: str
    card_id: str | None  # None when the card is absent from the catalog
    how: str  # exact | full | champion | alias | curated | absent
    note: str


class Catalog:
    """Cards by id (built on first use), the name index, and the FAQs' names for cards."""

    @staticmethod
    def build_index(rows: dict[str, list[list[str]]], faq_rows: list[list[str]], t2s: dict[str, str]) -> N.NameIndex:
        """The name index of cards.tsv rows (grouped by card) and faq_names.tsv rows (development time)."""
        index = N.NameIndex(t2s)
        number_to_card = {}
        for cid, group in rows.items():
            first = group[0]
            english = next((r[5] for r in group if r[5]), "")
            champion = next((r[13] for r in group if r[13]), "")
            index.add_card(cid, first[3], first[4], champion, english, first[-1], [r[1] for r in group])
            number_to_card.update((r[0], cid) for r in group)
        for name, _english, number, _how, _note in faq_rows:
            if number in number_to_card:
                index.add("faq", N.name_key(name), number_to_card[number])
        return index

    def __init__(self) -> None:
        # Everything a lookup needs comes precomputed in one JSON file (json is C-fast; the same work in
        # Python would cost more than the rest of a cold `judge card`); cards.tsv rows are read per card.
        with open(os.path.join(DATA_DIR, "name_index.json"), encoding="utf-8") as fh:
            data = json.load(fh)
        if data.get("columns") != COLUMNS:
            raise ValueError("name_index.json does not match cards.tsv: run tools/build_card_facts.py")
        self.t2s: dict[str, str] = data["t2s"]
        self.index = N.NameIndex(self.t2s)
        self.index.numbers = data["numbers"]
        self.index.keys.update(data["keys"])
        self._lines: dict[str, list[int]] = data["lines"]  # card id -> [first line in cards.tsv, count]
        self._tsv: list[str] | None = None
        self._cards: dict[str, Card] = {}
        self._number_to_card: dict[str, str] | None = None
        # the FAQs' names for cards, read on first use (a scenario's card lookup needs none)
        self._faq: tuple[list[FaqName], dict[str, list[FaqName]]] | None = None

    def _faq_names(self) -> tuple[list[FaqName], dict[str, list[FaqName]]]:
        if self._faq is None:
            _, faq_rows = _read_tsv("faq_names.tsv")
            names: list[FaqName] = []
            by_card: dict[str, list[FaqName]] = {}
            for name, english, number, how, note in faq_rows:
                fn = FaqName(name=name, english=english, card_id=self.index.by_number(number) if number else None,
                             how=how, note=note)
                names.append(fn)
                if fn.card_id:
                    by_card.setdefault(fn.card_id, []).append(fn)
            self._faq = names, by_card
        return self._faq

    @property
    def faq_names(self) -> list[FaqName]:
        """The FAQs' names for cards (faq_names.tsv), with the card each names."""
        return self._faq_names()[0]

    def stamp(self) -> str:
        """Identity of the shipped data (sizes and mtimes): caches derived from the catalog key on it."""
        parts = []
        for name in ("name_index.json", "faq_names.tsv"):
            try:
                st = os.stat(os.path.join(DATA_DIR, name))
                parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
            except OSError:
                parts.append(f"{name}:missing")
        return "|".join(parts)

    def _rows_text(self) -> list[str]:
        if self._tsv is None:
            with open(os.path.join(DATA_DIR, "cards.tsv"), encoding="utf-8") as fh:
                self._tsv = fh.read().split("\n")
        return self._tsv

    @property
    def number_to_card(self) -> dict[str, str]:
        """Every printed collector number -> its card id."""
        if self._number_to_card is None:
            lines = self._rows_text()
            self._number_to_card = {lines[i].split("\t", 1)[0]: cid
                                    for cid, (first, count) in self._lines.items() for i in range(first, first + count)}
        return self._number_to_card

    def card(self, cid: str) -> Card:
        if cid not in self._cards:
            lines = self._rows_text()
            first, count = self._lines[cid]
            rows = [dict(zip(COLUMNS, lines[i].split("\t"))) for i in range(first, first + count)]
            self._cards[cid] = _card(cid, rows)
        return self._cards[cid]

    @property
    def cards(self) -> dict[str, Card]:
        """Every card by id, in collector-number order (builds all of them: not for the cold path)."""
        return {cid: self.card(cid) for cid in self._lines}

    def ids(self) -> list[str]:
        return list(self._lines)

    def faq_name_index(self) -> dict[str, FaqName]:
        return {fn.name: fn for fn in self.faq_names}

    def quoted_faq_names(self) -> list[FaqName]:
        """FAQ names found only quoted in the FAQ text (short forms, other translations): curated names
        the FAQ parser does not list as cards."""
        return [fn for fn in self.faq_names if fn.how == "curated" and not fn.english and fn.card_id]

    def names_in_faq(self, card: Card) -> list[FaqName]:
        """The names the FAQs use for this card (with how each was matched)."""
        return list(self._faq_names()[1].get(card.id, []))

    def by_number(self, number: str) -> Card | None:
        cid = self.index.by_number(number)
        return self.card(cid) if cid else None


def _card(cid: str, group: list[dict]) -> Card:
    first = group[0]
    tags = tuple(dict.fromkeys(t for r in group for t in _split(r["tags"])))
    keywords = tuple(dict.fromkeys(k for r in group for k in _split(r["keywords"])))
    terms = tuple(dict.fromkeys(k for r in group for k in _split(r["terms"])))
    printings = tuple(Printing(number=r["number"], set=r["set"], rarity=r["rarity"], finish=r["finish"],
                               tags=_split(r["tags"]), region=r["region"]) for r in group)
    return Card(
        id=cid, name=first["name"], subtitle=first["subtitle"],
        english=next((r["english"] for r in group if r["english"]), ""),
        category=first["category"], category_code=first["category_code"], energy=_int(first["energy"]),
        power=_int(first["power"]), might=_int(first["might"]), domains=_split(first["domains"]), tags=tags,
        champion=next((r["champion"] for r in group if r["champion"]), ""),
        region=next((r["region"] for r in group if r["region"]), ""), keywords=keywords, terms=terms,
        deck_limit=_int(first["deck_limit"]), pinyin=first["pinyin"], printings=printings,
    )


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog()
    return _CATALOG
