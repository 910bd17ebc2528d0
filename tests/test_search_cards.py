"""A query naming a card returns that card's FAQ rulings and errata first, however the name is typed:
Chinese, the English name of the FAQ's bilingual pairs, pinyin, or with a typo.

The cards are a fixed sample of 30 of those the FAQs name (judge/cards/data/faq_names.tsv, which maps
each FAQ name to its printing); a ruling is the card's when the FAQ entry's card field or the erratum's
card names it (under any of the card's FAQ names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.search.engine import search

DATA = Path(__file__).resolve().parents[1] / "judge" / "cards" / "data"
SAMPLE = 30


def _rows(path: Path) -> list[dict]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    head = lines[0].split("\t")
    return [dict(zip(head, line.split("\t"))) for line in lines[1:]]


def _fold(name: str) -> str:
    return re.sub(r"[\s\-－—·・，,]", "", name).lower()


def _cards(conn) -> list[tuple[str, str, str, set[str]]]:
    """(Chinese FAQ name, English name, pinyin, ids of its rulings) per printed card with rulings."""
    pinyin = {}
    for c in _rows(DATA / "cards.tsv"):
        pinyin.setdefault(c["number"], c["pinyin"])
    by_number: dict[str, list[dict]] = {}
    for r in _rows(DATA / "faq_names.tsv"):
        if r.get("how") != "absent" and r.get("number"):
            by_number.setdefault(r["number"], []).append(r)
    faq = [(i, {_fold(x) for x in re.split(r"、", card or "")}) for i, card in conn.execute("SELECT id, card FROM faq")]
    errata = [(i, {_fold(zh or ""), _fold(en or "")}) for i, zh, en in conn.execute("SELECT id, card_zh, card_en FROM errata")]
    out = []
    for number, names in sorted(by_number.items()):
        folded = {_fold(r["faq_name"]) for r in names} | {_fold(r["english"]) for r in names if r["english"]}
        ids = {i for i, cards in faq + errata if cards & folded}
        first = names[0]
        if ids and first["english"]:
            out.append((first["faq_name"], first["english"], pinyin.get(number, "").replace("|", " "), ids))
    return out


def _typo(english: str) -> str:
    """The longest word of the English name with two inner letters swapped (Sabotage -> Sabtoage)."""
    words = english.split()
    i = max(range(len(words)), key=lambda k: len(words[k]))
    w = words[i]
    if len(w) >= 5:
        words[i] = w[:2] + w[3] + w[2] + w[4:]
    return " ".join(words)


def _homophone_typo(conn, name: str) -> str:
    """The Chinese name with one character (from the end) written as another of the same reading
    (暗中破坏 -> 暗中破怀): the typo of a judge typing pinyin. "" when no character has such a twin."""
    chars = list(name)
    for i in range(len(chars) - 1, 0, -1):
        row = conn.execute("SELECT py FROM search_py WHERE ch = ?", (chars[i],)).fetchone()
        if not row or not "\u4e00" <= chars[i] <= "\u9fff":
            continue
        reading = row[0].split(",")[0]
        twin = conn.execute("SELECT ch FROM search_py WHERE (py = ? OR py LIKE ?) AND ch BETWEEN '一' AND '龥' "
                            "AND ch NOT IN (%s) ORDER BY ch LIMIT 1"
                            % ",".join("?" * len(set(name))), (reading, reading + ",%", *set(name))).fetchone()
        if twin:
            return "".join(chars[:i] + [twin[0]] + chars[i + 1:])
    return ""


@pytest.fixture(scope="module")
def sample(conn):
    cards = _cards(conn)
    assert len(cards) >= SAMPLE, len(cards)
    step = len(cards) / SAMPLE
    return [cards[int(k * step)] for k in range(SAMPLE)]


def _first_is_a_ruling(conn, query: str, ids: set[str]) -> tuple[bool, list[str]]:
    hits = search(conn, query, limit=5).to_dict()["hits"]
    return bool(hits) and hits[0]["id"] in ids, [h["id"] for h in hits]


@pytest.mark.parametrize("form", ["chinese", "english", "pinyin", "typo", "homophone"])
def test_card_names_return_their_rulings_first(conn, sample, form):
    misses = []
    for zh, en, py, ids in sample:
        query = {"chinese": zh, "english": en, "pinyin": py, "typo": _typo(en),
                 "homophone": _homophone_typo(conn, zh) if form == "homophone" else ""}[form]
        if not query:
            continue
        ok, got = _first_is_a_ruling(conn, query, ids)
        if not ok:
            misses.append((query, sorted(ids)[:3], got))
    assert not misses, misses


def test_the_card_entry_follows_its_rulings(conn):
    """The card's glossary entry (its name pair) is still shown, after the rulings it cites."""
    hits = search(conn, "暗中破坏", limit=5).to_dict()["hits"]
    kinds = [h["kind"] for h in hits]
    assert kinds[0] == "faq" and "卡牌「暗中破坏」的裁定" in hits[0]["note"]
    assert "term" in kinds and hits[kinds.index("term")]["title"].startswith("暗中破坏")


SEPARATORS = ["-", "·", " ", "：", " - ", "－", ""]


def _store_card_names(conn) -> list[str]:
    return [r[0] for r in conn.execute("SELECT term FROM terms WHERE kind = 'card'")]


def _parts(name: str) -> list[str]:
    return [p for p in re.split(r"\s*[-－—·]\s*", name) if p]


def test_a_card_name_with_its_subtitle_is_one_term(conn):
    """"亚索-迷途怅惘", however its parts are separated, is one term (the card), not 亚索 / 迷途 / 怅惘 each
    required: every card of the store whose name has two parts."""
    from judge.search.analyze import analyze

    wrong = []
    for name in _store_card_names(conn):
        parts = _parts(name)
        if len(parts) != 2:
            continue
        for sep in SEPARATORS:
            typed = sep.join(parts)
            concepts = analyze(conn, typed).concepts
            if len(concepts) != 1 or concepts[0].via != "card" or _fold(name) not in {_fold(f) for f in concepts[0].forms}:
                wrong.append((typed, [(c.label, c.via) for c in concepts]))
    assert not wrong, wrong


@pytest.mark.parametrize("query", ["亚索-迷途怅惘", "亚索·迷途怅惘", "亚索 迷途怅惘", "亚索：迷途怅惘", "亚索迷途怅惘"])
def test_a_full_card_name_finds_its_rulings_first(conn, query):
    hits = search(conn, query, limit=5).to_dict()["hits"]
    assert hits[0]["kind"] in ("faq", "errata") and "迷途怅惘" in hits[0]["title"], [h["id"] for h in hits]


def test_a_card_name_in_a_question_stays_whole(conn):
    from judge.search.analyze import analyze

    labels = [c.label for c in analyze(conn, "亚索-迷途怅惘的技能什么时候触发").concepts]
    assert "亚索-迷途怅惘" in labels and not {"迷途", "怅惘", "亚索"} & set(labels), labels


def _shared_names(conn) -> dict[str, set[str]]:
    """A name part several cards of the store carry ("亚索": 疾风剑豪-亚索, 亚索-迷途怅惘, 狂风绝息斩-亚索),
    which the search reads as a card name."""
    carriers: dict[str, set[str]] = {}
    for name in _store_card_names(conn):
        for part in _parts(name):
            carriers.setdefault(part, set()).add(_fold(name))
    known = {r[0] for r in conn.execute("SELECT alias FROM search_alias WHERE kind = 'card'")}
    return {p: names for p, names in carriers.items() if len(names) > 1 and _fold(p) in known}


def test_a_shared_name_finds_every_card_that_carries_it(conn):
    from judge.search.analyze import analyze

    shared = _shared_names(conn)
    assert "亚索" in shared and len(shared["亚索"]) == 3, shared
    wrong = []
    for part, names in shared.items():
        a = analyze(conn, part)
        read = {_fold(n) for n in a.cards}
        if not names <= read:
            wrong.append((part, sorted(names - read)))
    assert not wrong, wrong


def test_a_shared_name_shows_each_cards_rulings(conn):
    """"亚索": the rulings of each of its three cards among the first ten, each marked with its card, and a
    note naming the cards."""
    result = search(conn, "亚索", limit=10).to_dict()
    assert any("3 张卡牌" in n for n in result["notes"]), result["notes"]
    marked = {h["note"] for h in result["hits"] if h["kind"] in ("faq", "errata")}
    for name in ("疾风剑豪-亚索", "亚索-迷途怅惘", "狂风绝息斩-亚索"):
        assert f"卡牌「{name}」的裁定" in marked, marked
