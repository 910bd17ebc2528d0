"""Decks of real cards: a seeded builder of legal decks from the shipped facts, and a validator.

What a deck is follows the deck-construction rules (103): one Champion Legend (103.1) whose domains
are the deck's Domain Identity (103.1.b.2); a Main Deck of at least 40 cards that includes the Chosen
Champion, a champion unit with the legend's champion tag (103.2, 103.2.a.2); at most 3 copies of a
name, the Chosen Champion included (103.2.b, 103.2.b.1), and cards whose every domain is in the
identity (103.1.b.3, 103.1.b.4, 103.2.c); at most 3 Signature cards in total, all of the legend's
champion (103.2.d.1, 103.2.d.2); a Rune Deck of 12 runes of the identity (103.3.a, 103.3.a.1); the
mode's battlefields, no two of one name (103.4.a, 103.4.c) — three in 1v1, one used (the mode rules).
A card's printed deck limit is card text, which outranks the rules' copy limit when lower.

Cards are named by their catalog id ("名称" or "名称-副标题"): names are what the copy limit counts
(103.2.b.2: different names are different cards even for one character).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict, dataclass, field

from judge.cards.model import COLOURLESS, Card

MAIN_SIZE = 40  # 103.2: at least 40, the Chosen Champion included
COPIES = 3  # 103.2.b
SIGNATURES = 3  # 103.2.d.1
RUNES = 12  # 103.3.a
BATTLEFIELDS = {"1v1": 3}  # 103.4.a: each player of a duel brings three and uses one

MAIN_CODES = ("unit", "hero_unit", "spell", "equipment", "exclusive_unit", "exclusive_spell", "exclusive_equipment")
SIGNATURE_CODES = ("exclusive_unit", "exclusive_spell", "exclusive_equipment")


@dataclass
class Deck:
    """One player's deck, by card id. `main` lists the Main Deck without the Chosen Champion."""

    legend: str
    champion: str
    main: list[str] = field(default_factory=list)
    runes: list[str] = field(default_factory=list)
    battlefields: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_dict(d: dict) -> "Deck":
        return Deck(d["legend"], d["champion"], list(d.get("main", [])), list(d.get("runes", [])),
                    list(d.get("battlefields", [])))


@dataclass(frozen=True)
class DeckProblem:
    """Why a deck is not legal: a Chinese message and the rule that decides it."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message}（规则 {self.rule}）"


def _domains(card: Card) -> set[str]:
    return {d for d in card.domains if d != COLOURLESS}


def _identity_ok(card: Card, identity: set[str]) -> bool:
    # One domain: it must be in the identity (103.1.b.3); several: all of them (103.1.b.4); none: any deck.
    return _domains(card) <= identity


def _pile_problems(cards: dict, ids: list[str], category: str, wrong: tuple[str, str], foreign: tuple[str, str],
                   identity: set[str], ident_text: str) -> list[DeckProblem]:
    """The rune deck's or the battlefields' problems: each distinct card must be of `category` (rule and
    message `wrong`) and within the deck's identity (rule and noun `foreign`)."""
    out = []
    for cid in sorted(set(ids)):
        card = cards[cid]
        if card.category_code != category:
            out.append(DeckProblem(wrong[0], wrong[1].format(cid=cid, category=card.category)))
        elif not _identity_ok(card, identity):
            out.append(DeckProblem(foreign[0], f"{foreign[1]}“{cid}”不符合卡组的符文特性（{ident_text}）"))
    return out


def validate_deck(deck: Deck, mode: str = "1v1", cat=None) -> list[DeckProblem]:
    """Every way `deck` breaks the deck-construction rules (empty: legal)."""
    from judge.cards.catalog import catalog

    cat = cat or catalog()
    cards = cat.cards
    out: list[DeckProblem] = []
    names = [deck.legend, deck.champion, *deck.main, *deck.runes, *deck.battlefields]
    unknown = sorted({n for n in names if n not in cards})
    if unknown:
        return [DeckProblem("103", f"卡组中有目录里没有的卡牌：{'、'.join(unknown)}（卡牌以“名称”或“名称-副标题”指明）")]
    legend = cards[deck.legend]
    if legend.category_code != "legendary":
        out.append(DeckProblem("103.1", f"传奇位必须是一张传奇卡牌，而“{legend.id}”是{legend.category}"))
        return out
    identity = _domains(legend)
    ident_text = "、".join(sorted(identity)) or "无"
    champion = cards[deck.champion]
    if champion.category_code != "hero_unit":
        out.append(DeckProblem("103.2.a.2", f"选定英雄必须是英雄单位，而“{champion.id}”是{champion.category}"))
    elif champion.champion != legend.champion:
        out.append(DeckProblem("103.2.a.2", f"选定英雄“{champion.id}”的英雄标签是“{champion.champion}”，"
                                            f"与传奇“{legend.id}”的“{legend.champion}”不一致"))
    main = [deck.champion, *deck.main]
    if len(main) < MAIN_SIZE:
        out.append(DeckProblem("103.2", f"主牌堆（含选定英雄）只有 {len(main)} 张，至少需要 {MAIN_SIZE} 张"))
    for cid in sorted(set(main)):
        card = cards[cid]
        if card.category_code not in MAIN_CODES:
            out.append(DeckProblem("103.2", f"“{cid}”是{card.category}，不能放入主牌堆（主牌堆只放单位、装备、法术）"))
        elif not _identity_ok(card, identity):
            rule = "103.1.b.4" if len(_domains(card)) > 1 else "103.1.b.3"
            out.append(DeckProblem(rule, f"“{cid}”的特性（{'、'.join(sorted(_domains(card)))}）不在卡组的符文特性"
                                         f"（{ident_text}）之内"))
    for cid, n in sorted(Counter(main).items()):
        limit = min(COPIES, cards[cid].deck_limit or COPIES)
        if n > limit:
            why = "卡牌自身的构筑上限" if limit < COPIES else "同名卡牌上限（选定英雄也计入）"
            out.append(DeckProblem("103.2.b.1" if cid == deck.champion else "103.2.b",
                                   f"“{cid}”有 {n} 张，超过{why} {limit} 张"))
    signatures = [cid for cid in main if cards[cid].category_code in SIGNATURE_CODES]
    if len(signatures) > SIGNATURES:
        out.append(DeckProblem("103.2.d.1", f"专属卡牌共有 {len(signatures)} 张，一套卡组最多 {SIGNATURES} 张"))
    for cid in sorted(set(signatures)):
        if cards[cid].champion != legend.champion:
            out.append(DeckProblem("103.2.d.2", f"专属卡牌“{cid}”属于“{cards[cid].champion}”，"
                                                f"不是传奇“{legend.id}”的英雄“{legend.champion}”"))
    if len(deck.runes) != RUNES:
        out.append(DeckProblem("103.3.a", f"符文牌堆有 {len(deck.runes)} 张，必须是 {RUNES} 张符文"))
    out += _pile_problems(cards, deck.runes, "rune", ("103.3.a", "“{cid}”是{category}，不能放入符文牌堆"),
                          ("103.3.a.1", "符文"), identity, ident_text)
    want = BATTLEFIELDS.get(mode)
    if want is not None and len(deck.battlefields) != want:
        out.append(DeckProblem("103.4.a", f"此游戏模式每名玩家需提供 {want} 张战场，卡组中有 {len(deck.battlefields)} 张"))
    out += _pile_problems(cards, deck.battlefields, "battlefield", ("103.4", "“{cid}”是{category}，不是战场"),
                          ("103.4.b", "战场"), identity, ident_text)
    for cid, n in sorted(Counter(deck.battlefields).items()):
        if n > 1 and len(deck.battlefields) > 1:
            out.append(DeckProblem("103.4.c", f"战场“{cid}”出现了 {n} 次，同名战场只能有一张"))
    return out


class DeckPool:
    """The shipped cards sorted by what a deck can use them for (built once per catalog)."""

    def __init__(self, cat=None) -> None:
        from judge.cards.catalog import catalog

        cat = cat or catalog()
        cards = sorted(cat.cards.values(), key=lambda c: c.id)
        self.cards = cat.cards
        heroes = [c for c in cards if c.category_code == "hero_unit"]
        self.legends = [c for c in cards if c.category_code == "legendary"
                        and any(h.champion == c.champion and _identity_ok(h, _domains(c)) for h in heroes)]
        self.heroes = heroes
        self.main = [c for c in cards if c.category_code in MAIN_CODES]
        self.runes = [c for c in cards if c.category_code == "rune"]
        self.battlefields = [c for c in cards if c.category_code == "battlefield"]

    def build(self, rng: random.Random, legend: str | None = None, mode: str = "1v1") -> Deck:
        """A random legal deck: the legend (given or drawn), a matching champion, 39 more main-deck cards
        drawn by copies within the limits, 12 runes of the identity, the mode's battlefields."""
        leg = self.cards[legend] if legend else rng.choice(self.legends)
        identity = _domains(leg)
        champion = rng.choice([h for h in self.heroes if h.champion == leg.champion and _identity_ok(h, identity)])
        allowed = [c for c in self.main if _identity_ok(c, identity)
                   and (c.category_code not in SIGNATURE_CODES or c.champion == leg.champion)]
        counts = Counter({champion.id: 1})
        signatures = 0
        main: list[str] = []
        while len(main) < MAIN_SIZE - 1:
            card = rng.choice(allowed)
            limit = min(COPIES, card.deck_limit or COPIES)
            is_sig = card.category_code in SIGNATURE_CODES
            if counts[card.id] >= limit or (is_sig and signatures >= SIGNATURES):
                continue
            counts[card.id] += 1
            signatures += is_sig
            main.append(card.id)
        runes_ok = [r for r in self.runes if _identity_ok(r, identity) and _domains(r)]
        runes = [rng.choice(runes_ok).id for _ in range(RUNES)]
        fields = [b for b in self.battlefields if _identity_ok(b, identity)]
        bfs = [b.id for b in rng.sample(fields, BATTLEFIELDS.get(mode, 1))]
        return Deck(leg.id, champion.id, main, runes, bfs)


_POOL: DeckPool | None = None


def pool() -> DeckPool:
    global _POOL
    if _POOL is None:
        _POOL = DeckPool()
    return _POOL


def build_deck(seed: int | random.Random, legend: str | None = None, mode: str = "1v1") -> Deck:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return pool().build(rng, legend, mode)
