"""The card pool's facts: every card of the publisher's catalog, found however a judge types it.

Python API::

    from judge import cards
    card = cards.find("精灵女王")        # Card | None (None for unknown or ambiguous names)
    cards.find("OGN·127"), cards.find("ogn127/298"), cards.find("Garen, Commander"), cards.find("jinglingnvwang")
    cards.suggest("精灵女玉")            # closest real names, best first
    card, how = cards.resolve("亚索")    # raises a Chinese NotFoundError / AmbiguousCard
    cards.all_cards()                   # every distinct card, in collector-number order

Facts only (judge/cards/data/, written by tools/build_card_facts.py): names, collector numbers,
category, costs, Might, domains, tags, champion, keywords, set, rarity. The official card text is
shown only from a catalog the user imports (`judge cards import FILE`, judge.cards.imported).
"""

from __future__ import annotations

from judge.cards.model import Card, Printing

__all__ = ["Card", "Printing", "find", "suggest", "resolve", "lookup", "all_cards", "by_number"]


def find(text: str) -> Card | None:
    from judge.cards.resolver import find as _find

    return _find(text)


def suggest(text: str, limit: int = 5) -> list[str]:
    from judge.cards.resolver import suggest as _suggest

    return _suggest(text, limit)


def resolve(text: str):
    from judge.cards.resolver import resolve as _resolve

    return _resolve(text)


def lookup(text: str):
    from judge.cards.resolver import lookup as _lookup

    return _lookup(text)


def all_cards() -> list[Card]:
    from judge.cards.catalog import catalog

    return list(catalog().cards.values())


def by_number(number: str) -> Card | None:
    from judge.cards.catalog import catalog

    return catalog().by_number(number)
