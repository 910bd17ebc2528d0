"""The shipped card facts (judge/cards/data/): counts, facts against the publisher's catalog, no card text,
and every card name of both FAQs resolved to a shipped card or listed as absent with a reason."""

import json
import re
from pathlib import Path

from reference_files import CATALOG, needs_catalog

from judge import cards
from judge.cards import names as N
from judge.cards.catalog import DATA_DIR, catalog
from judge.cards.model import COLUMNS

REPO = Path(__file__).resolve().parent.parent


def _tsv_rows():
    lines = [l for l in (Path(DATA_DIR) / "cards.tsv").read_text(encoding="utf-8").splitlines()
             if l and not l.startswith("#")]
    assert lines[0].split("\t") == COLUMNS
    return [dict(zip(COLUMNS, l.split("\t"))) for l in lines[1:]]


def test_counts_printings_distinct_cards_and_names():
    rows = _tsv_rows()
    assert len(rows) == 1009
    assert len({r["number"] for r in rows}) == 1009
    assert len({(r["name"], r["subtitle"]) for r in rows}) == 769
    assert len({r["name"] for r in rows}) == 723
    all_cards = cards.all_cards()
    assert len(all_cards) == 769
    assert sum(len(c.printings) for c in all_cards) == 1009


def test_a_card_has_its_facts():
    queen = cards.find("精灵女王")
    assert (queen.number, queen.category, queen.energy, queen.power, queen.might) == ("UNL-084/219", "单位", 7, 1, 6)
    assert queen.domains == ("blue",) and queen.power_cost() == {"blue": 1}
    assert queen.tags == ("仙灵",) and queen.region == "艾欧尼亚"
    # Its text gives other units Temporary: a keyword named in a sentence is a term, not a keyword it has.
    assert queen.keywords == () and "瞬息" in queen.terms
    blade = cards.find("暗刃")  # opens with its own keyword lines
    assert set(blade.keywords) == {"待命", "迅捷"}
    teemo = cards.find("提莫-军事家")
    assert teemo.english == "Teemo, Strategist" and teemo.champion == "提莫" and teemo.keyword_names == ("待命",)
    assert [p.number for p in teemo.printings][0] == "OGN·121/298" and len(teemo.printings) == 4
    # Keyword values come with the keyword; symbols ({{S}}, {{A}}, digits, colours) are not keywords.
    assert all(re.fullmatch(r"[\u4e00-\u9fff]{2}( \d+)?", k) for c in cards.all_cards() for k in c.keywords)
    legend = cards.find("疾风剑豪")
    assert (legend.category, legend.champion, legend.number) == ("传奇", "亚索", "OGN·259/298")
    assert len(legend.domains) == 2 and legend.energy is None and legend.might is None


def test_two_domain_card_power_is_either_domain():
    two = [c for c in cards.all_cards() if c.power and len([d for d in c.domains if d != "colorless"]) == 2]
    assert two, "the catalog has two-domain cards with a power cost"
    for c in two:
        ((key, n),) = c.power_cost().items()
        assert key == "|".join(c.domains) and n == c.power


@needs_catalog
def test_facts_match_the_publisher_catalog():
    data = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert data["total"] == len(data["cards"]) == 1009
    by_number = {r["number"]: r for r in _tsv_rows()}
    for c in data["cards"]:
        r = by_number[c["cardNo"]]
        assert r["name"] == c["cardName"] and r["subtitle"] == c["subTitle"]
        assert r["category"] == c["cardCategoryName"]
        assert r["energy"] == ("" if c["energy"] is None else str(c["energy"]))
        assert r["power"] == ("" if c["returnEnergy"] is None else str(c["returnEnergy"]))
        assert r["might"] == ("" if c["power"] is None else str(c["power"]))
        assert r["domains"].split(",") == c["cardColorList"]
        assert r["champion"] == c["hero"] and r["rarity"] == c["rarityName"]
        marked = set(re.findall(r"\{\{([^}]*)\}\}", c["cardEffect"] or ""))
        opening = set()  # markup that opens a line of the text: the card's own keywords
        for line in (c["cardEffect"] or "").split("\n"):
            opening.update(re.findall(r"\{\{([^}]*)\}\}", re.match(r"(?:\s*\{\{[^}]*\}\})*", line).group(0)))
        for kw in filter(None, r["keywords"].split(",")):
            name = kw.split(" ")[0]
            assert any(m.startswith(name) for m in opening), (c["cardNo"], kw)
        for term in filter(None, r["terms"].split(",")):
            assert any(m.startswith(term.split(" ")[0]) for m in marked), (c["cardNo"], term)


@needs_catalog
def test_no_card_text_ships():
    """No sentence of the card texts or flavour texts is in the shipped data, the tools or the tests."""
    data = json.loads(CATALOG.read_text(encoding="utf-8"))
    sentences = set()
    for c in data["cards"]:
        for field in ("cardEffect", "flavorText"):
            for s in re.split(r"[。！？\n]", re.sub(r"\{\{[^}]*\}\}|（[^）]*）", "", c.get(field) or "")):
                s = s.strip()
                if len(s) >= 10:
                    sentences.add(s)
    assert len(sentences) > 500
    files = list(Path(DATA_DIR).iterdir()) + list((REPO / "tools").glob("*card*")) + \
        list((REPO / "judge" / "cards").glob("*.py")) + list((REPO / "tests").glob("test_cards*.py")) + \
        [REPO / "judge" / "docs" / "pages_cards.py", REPO / "judge" / "cli" / "card_cmd.py", REPO / "README.md"]
    for f in files:
        text = f.read_text(encoding="utf-8")
        leaked = [s for s in sentences if s in text]
        assert not leaked, f"{f.name} contains card text: {leaked[:2]}"


def _faq_card_names():
    from judge.rules.faq import parse_shipped

    core, referee = parse_shipped()
    names = set(core.cards) | set(referee.cards) | {e.card_zh for p in (core, referee) for e in p.errata}
    return names


def test_every_card_named_in_either_faq_resolves_or_is_listed_absent():
    cat = catalog()
    listed = {fn.name: fn for fn in cat.faq_names}
    names = _faq_card_names()
    assert len(names) >= 100
    missing = sorted(names - set(listed))
    assert not missing, f"FAQ card names not in faq_names.tsv (run tools/build_card_facts.py): {missing}"
    for name in names:
        fn = listed[name]
        if fn.how == "absent":
            assert fn.card_id is None and fn.note, name
            continue
        card = cat.card(fn.card_id)
        assert cards.find(name) == card, name  # the FAQ's own name finds the card
        if fn.how in ("curated", "alias"):
            assert fn.note, name
    absent = [fn for fn in cat.faq_names if fn.how == "absent"]
    resolved = [fn for fn in cat.faq_names if fn.card_id]
    assert len(resolved) + len(absent) == len(cat.faq_names)


def test_faq_english_names_reach_the_cards():
    assert cards.find("Baited Hook").name == "海兽钓钩"
    assert cards.find("Sigil of the Storm").name == "雷霆之纹"
    # Another translation of the same English name names the same card.
    assert cards.find("风暴印记") == cards.find("雷霆之纹")
    assert cards.find("瓦解") == cards.find("碎裂之火")


def test_name_index_is_in_step_with_the_rows():
    cat = catalog()
    grouped = {}
    for r in _tsv_rows():
        grouped.setdefault(N.card_id(r["name"], r["subtitle"]), []).append([r[c] for c in COLUMNS])
    faq_rows = [[fn.name, fn.english, cat.card(fn.card_id).number if fn.card_id else "", fn.how, fn.note]
                for fn in cat.faq_names]
    index = type(cat).build_index(grouped, faq_rows, cat.t2s)
    assert index.numbers == cat.index.numbers
    for kind, keys in index.keys.items():
        assert keys == cat.index.keys[kind], kind


def test_the_store_is_rebuilt_when_the_card_facts_change():
    """The search index reads card names from judge/cards/data: its files are part of the store's key."""
    from judge.store import cache

    assert "cards/data/name_index.json:" in cache.code_signature()
    assert "cards/data/faq_names.tsv:" in cache.code_signature()
