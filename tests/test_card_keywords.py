"""Every shipped encoding carries the keywords the card prints on its own lines.

A card's own keywords are the marked-up keywords that open its text, one line each ("{{迅捷}}",
"{{回响2}}", "{{装配红色}}", a reminder in parentheses after them); a keyword named later in a sentence
("给予…{{法盾}}") is something the card does, not something it has. The catalog's facts list both kinds
together, so the check reads the reference card text at test time (skipped when it is absent); no card
text is stored in the repository.
"""

import json
import re
from pathlib import Path

import pytest
from reference_files import CATALOG

from judge.cards import encoded
from judge.cards.rulings import RULES_SPELLING  # the catalog's {{预知}} is Vision (817), 预视 in the rules
from judge.engine.keywords import KEYWORDS

ROOT = Path(__file__).resolve().parent.parent

# Cost and stat symbols that follow a keyword on its line ("{{装配}}{{1}}{{红色}}"): part of its value.
SYMBOL = re.compile(r"^(?:[SsAC]|\d+|>+|横置|获得|红色|绿色|蓝色|橙色|紫色|黄色)$")


def leading_keywords(text: str) -> list[str]:
    """The marked-up words of the lines that open a card text and hold only markup (reminders dropped)."""
    out: list[str] = []
    for line in re.sub(r"（[^）]*）", "", text or "").split("\n"):
        line = line.strip()
        if not line or not re.fullmatch(r"(\{\{[^}]*\}\}\s*)+", line):
            break
        out += [t.strip() for t in re.findall(r"\{\{([^}]*)\}\}", line)]
    return out


def keyword_of(token: str):
    """The registered keyword a marked-up token names ("回响2" -> Repeat, "装配红色" -> Equip)."""
    name = re.sub(r"\s*\d+$", "", token)
    name = RULES_SPELLING.get(name, name)
    entry = KEYWORDS.lookup(name)
    if entry is None:  # a keyword followed by a domain or a cost ("装配红色")
        for word in sorted(KEYWORDS._by_word, key=len, reverse=True):
            if len(word) >= 2 and name.startswith(word):
                return KEYWORDS.lookup(word)
    return entry


def test_leading_keywords_are_read_from_markup_lines_only():
    assert leading_keywords("{{迅捷}}（说明）\n{{回响2}}\n眩晕一名单位。") == ["迅捷", "回响2"]
    assert leading_keywords("给予一名单位{{法盾}}。") == []
    assert keyword_of("回响2").id == "repeat"
    assert keyword_of("装配红色").id == "equip"
    assert keyword_of("预知").id == "vision"


@pytest.mark.skipif(not CATALOG, reason="the reference card catalog is not present")
def test_every_encoding_has_the_cards_own_keywords():
    cards = json.loads(CATALOG.read_text("utf-8"))["cards"]
    by_number = {}
    for c in cards:
        by_number.setdefault(c["cardNo"].split("/")[0], c)
    encoded.reset()
    missing = []
    for cid, block in encoded.index().items():
        card = next((by_number[n.split("/")[0]] for n in block.numbers if n.split("/")[0] in by_number), None)
        if card is None:
            continue
        have = set(encoded.real_card_def(cid).keywords)
        for token in leading_keywords(card.get("cardEffect")):
            if SYMBOL.match(token):
                continue
            entry = keyword_of(token)
            assert entry is not None, f"{cid}: unknown keyword markup {token!r}"
            if entry.id not in have:
                missing.append(f"{cid} ({block.file.rsplit('/', 1)[-1]}:{block.line}) lacks {entry.display}")
    assert not missing, "encodings without the card's own keywords:\n" + "\n".join(missing)
