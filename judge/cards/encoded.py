"""Real cards on a scenario board: the shipped facts of a card plus its shipped encoding, as a CardDef.

A scenario that names a card without defining it (`基地: a1=精灵女王`) gets the catalog card of that
exact name or collector number: its type, cost, power cost, Might, domains, tags and champion/token
flags from the facts (judge/cards/data/cards.tsv), and its abilities from its encoding, a `卡牌` block
in judge/cards/encodings/<set>.卡牌, if one exists. Encodings are parsed lazily, one card at a time:
a scenario pays only for the cards it names.

The encoding files are written in the card-ability language (judge.dsl); each block starts with a
`卡牌 "名称"` line and names the collector number it encodes in a `# OGN·127` comment. Facts are not
repeated in the encoding: the catalog's facts win over whatever the block says about them.
"""

from __future__ import annotations

import os
import re

from judge.cards.model import DOMAINS

ENCODINGS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "encodings")
SUFFIX = ".卡牌"

# Name kinds a scenario's card name may match exactly (Chinese names and collector numbers; no fuzzy,
# English or pinyin match, so a hypothetical card with a Latin name stays hypothetical).
EXACT_KINDS = ("number", "full", "exact", "champion", "faq")

# Catalog category code -> the engine's card type.
TYPES = {"unit": "unit", "hero_unit": "unit", "exclusive_unit": "unit", "indicator_unit": "unit",
         "spell": "spell", "exclusive_spell": "spell", "equipment": "gear", "exclusive_equipment": "gear",
         "indicator_equipment": "gear", "legendary": "legend", "battlefield": "battlefield",
         "indicator_battlefield": "battlefield", "rune": "rune"}
# Zones a card of each type can sit in when a scenario places it (hand, deck, trash… take anything).
_BOARD_TYPES = {"base": ("unit", "gear"), "battlefield": ("unit", "gear"), "legend": ("legend",),
                "champion": ("unit",), "facedown": ("unit", "gear", "spell")}
_LETTER = {colour: letter for colour, (_zh, letter, _en) in DOMAINS.items()}
_BLOCK_START = re.compile(r'^卡牌[^\S\n]+(?:"([^"\n]+)"|(\S+))', re.M)
_NUMBER = re.compile(r"[A-Z]{3}[·\-][A-Z]*\d+[a-z*]*")


class Block:
    """One card's encoding: where it is, its source text and the collector numbers its comments name
    (the text is cut from the file on first use: a scenario reads only the blocks of the cards it names)."""

    __slots__ = ("name", "file", "line", "_source", "_start", "_text", "_numbers")

    def __init__(self, name: str, file: str, line: int, source: str, start: int) -> None:
        self.name, self.file, self.line, self._source, self._start = name, file, line, source, start
        self._text: str | None = None
        self._numbers: list[str] = []

    @property
    def text(self) -> str:
        """The `卡牌` line and the indented and comment lines after it (blank lines dropped)."""
        if self._text is None:
            self._cut()
        return self._text

    @property
    def numbers(self) -> list[str]:
        if self._text is None:
            self._cut()
        return self._numbers

    def _cut(self) -> None:
        src, end = self._source, self._start - 1
        lines = []
        while end < len(src):
            start = end + 1
            end = src.find("\n", start)
            if end < 0:
                end = len(src)
            raw = src[start:end]
            if not lines:
                lines.append(raw)
            elif raw.startswith((" ", "\t")) or not raw.strip() or raw.lstrip().startswith("#"):
                if raw.strip():
                    lines.append(raw)
            else:
                break
        self._text = "\n".join(lines)
        self._numbers = _NUMBER.findall(" ".join(line.split("#", 1)[1] for line in lines if "#" in line))


_INDEX: dict[str, Block] | None = None
_PARSED: dict[str, object] = {}  # card id -> its parsed CardDef (copied for each scenario)


def encoding_files() -> list[str]:
    if not os.path.isdir(ENCODINGS_DIR):
        return []
    # Hand encodings (<SET>.卡牌) before the translator's (<SET>.auto.卡牌): the first block of a name wins.
    names = sorted((".auto." in f, f) for f in os.listdir(ENCODINGS_DIR) if f.endswith(SUFFIX))
    return [os.path.join(ENCODINGS_DIR, f) for _, f in names]


def split_blocks(text: str, file: str) -> list[Block]:
    """The `卡牌` blocks of an encoding file: a `卡牌` line with the comment and indented lines after it."""
    blocks: list[Block] = []
    line, pos = 1, 0
    for m in _BLOCK_START.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        blocks.append(Block(m.group(1) or m.group(2), file, line, text, pos))
    return blocks


def index() -> dict[str, Block]:
    """Card name (as written after 卡牌: "名称" or "名称-副标题") -> its encoding block, over every file."""
    global _INDEX
    if _INDEX is None:
        out: dict[str, Block] = {}
        for path in encoding_files():
            with open(path, encoding="utf-8") as fh:
                for block in split_blocks(fh.read(), path):
                    out.setdefault(block.name, block)
        _INDEX = out
    return _INDEX


def parse_block(block: Block):
    """The CardDef a block encodes (judge.dsl parser; positions are the block's own file and lines)."""
    from judge.dsl.parser import parse_text

    sc = parse_text("\n" * (block.line - 1) + block.text, block.file)
    if block.name not in sc.cards:  # pragma: no cover - split_blocks and the grammar agree on names
        raise ValueError(f"{block.file}:{block.line}: no card {block.name}")
    return sc.cards[block.name]


def find_real(name: str, zone: str | None = None):
    """The catalog card a scenario's name means (exact name, name-subtitle or collector number), or None.

    Several cards of one name (a legend and its champion unit) are told apart by the zone the scenario
    puts the card in; still several, or none: None."""
    from judge.cards.catalog import catalog

    cat = catalog()
    ids, kind = cat.index.candidates(name)
    if kind not in EXACT_KINDS or not ids:
        return None
    cards = [cat.card(i) for i in ids]
    if len(cards) > 1 and zone in _BOARD_TYPES:
        cards = [c for c in cards if TYPES.get(c.category_code) in _BOARD_TYPES[zone]]
    return cards[0] if len(cards) == 1 else None


def real_card_def(name: str, zone: str | None = None):
    """A CardDef for the real card `name` (facts + shipped encoding), named as the scenario wrote it; or None."""
    card = find_real(name, zone)
    if card is None:
        return None
    block = index().get(card.id)
    if block is not None:
        import copy

        if block.name not in _PARSED:
            _PARSED[block.name] = parse_block(block)
        d = copy.deepcopy(_PARSED[block.name])
    else:
        from judge.engine.cards import CardDef

        d = CardDef(card.id)
    apply_facts(d, card)
    d.name = name
    return d


def apply_facts(d, card) -> None:
    """Overwrite a CardDef's facts with the catalog's (the encoding carries abilities, not facts)."""
    d.type = TYPES.get(card.category_code, "card")
    d.might = card.might or 0
    if d.type == "gear":  # a gear's printed Might is the bonus it gives the unit it is attached to (716)
        d.might, d.might_bonus = 0, card.might or 0
    d.tags = list(card.tags)
    d.champion = card.category_code == "hero_unit"
    d.champion_tag = card.champion or ""
    d.token = card.category_code.startswith("indicator_")
    d.cost_energy = card.energy or 0
    d.cost_power = card.power or 0
    d.domains = [_LETTER[c] for c in card.domains if c in _LETTER]
    # One symbol per point of power: the card's own domain ([C]: either of a two-domain card's domains).
    d.cost_power_syms = ["C"] * d.cost_power if d.domains else []


def load_all() -> dict:
    """Every shipped encoding parsed (card id -> CardDef): for the coverage check and the benchmark."""
    out = {}
    for cid, block in index().items():
        if cid not in _PARSED:
            _PARSED[cid] = parse_block(block)
        out[cid] = _PARSED[cid]
    return out


def reset() -> None:
    """Forget the index and the parsed cards (the benchmark measures a cold load)."""
    global _INDEX
    _INDEX = None
    _PARSED.clear()
