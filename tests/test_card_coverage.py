"""The shipped card-pool coverage (judge/cards/data/coverage.tsv) agrees with the shipped encodings."""

import csv
import json
import re
from pathlib import Path

import pytest
from reference_files import CATALOG

from judge.cards import encoded
from judge.cards.catalog import catalog

ROOT = Path(__file__).resolve().parent.parent
COVERAGE = ROOT / "judge" / "cards" / "data" / "coverage.tsv"


def _rows():
    lines = [line for line in COVERAGE.read_text("utf-8").splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def test_every_distinct_card_is_classified_once():
    rows = _rows()
    assert [r["id"] for r in rows] == catalog().ids()
    assert {r["status"] for r in rows} <= {"expressible", "not_expressible"}
    for r in rows:
        # a card that is not expressible names what it lacks; an expressible one lacks nothing
        assert bool(r["missing"]) == (r["status"] == "not_expressible"), r["id"]


def test_expressible_cards_are_exactly_the_encoded_ones_and_parse():
    encoded.reset()
    parsed = encoded.load_all()
    expressible = {r["id"] for r in _rows() if r["status"] == "expressible"}
    assert expressible == set(parsed)
    for cid, card in parsed.items():
        encoded.apply_facts(card, catalog().card(cid))


@pytest.mark.skipif(not CATALOG, reason="the reference card catalog is not present")
def test_every_catalog_card_gets_constructs_from_its_text():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import card_coverage as cc

    texts = cc.card_texts(CATALOG)
    assert len(texts) == len(catalog().ids())
    for cid, text in texts.items():
        for clause in cc.split_clauses(text):
            assert "（" not in clause, cid  # reminder text is stripped
            assert cc.analyse(clause), cid


def test_every_card_smoke_scenario_names_an_encoded_card_and_its_number():
    import re

    parsed = set(encoded.load_all())
    files = sorted((ROOT / "scenarios" / "cards").glob("*/*.场景"))
    assert files
    for path in files:
        source = next(line for line in path.read_text("utf-8").splitlines() if line.startswith("来源"))
        m = re.match(r"来源 卡牌 (\S+(?: \S+)*?) ([A-Z]{3}[·\-]\S+?)（", source)  # an id may hold a space
        assert m, path
        assert m.group(1) in parsed, path
        assert catalog().index.by_number(m.group(2)) == m.group(1), path


def _smoke_tool():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import card_smoke

    return card_smoke


def _generated_smoke_files():
    mark = _smoke_tool().MARK
    return [p for p in sorted((ROOT / "scenarios" / "cards").glob("*/*.场景")) if mark in p.read_text("utf-8")]


def test_generated_smoke_scenarios_are_what_the_generator_writes_from_the_shipped_encodings():
    # each generated scenario is rebuilt from its card's parsed encoding (no run): an encoding changed without
    # regenerating (python tools/card_smoke.py) shows here
    cs = _smoke_tool()
    cards = cs.encoded_cards()
    files = _generated_smoke_files()
    assert files
    for path in files:
        card, d = next((c, d) for c, d in cards.values()
                       if path.name == f"{c.number.split('/')[0].replace('·', '-')}-{c.id}.场景")
        made = cs.smoke(card, cs.abilities_of(d, card), d)
        assert not isinstance(made, str), path
        assert path.read_text("utf-8") in cs._pass_variants(made[1]), path


def test_every_encoded_ability_is_read_as_data_for_the_smoke_templates():
    from judge.engine.abilities.events import EVENTS
    from judge.engine.instructions import EFFECTS
    from judge.engine.keywords import KEYWORDS
    from judge.engine.statics import STATICS

    cs = _smoke_tool()
    for cid, (card, d) in cs.encoded_cards().items():
        for a in cs.abilities_of(d, card):
            if a["kind"] == "keyword":
                assert KEYWORDS.get(a["keyword"]) is not None, cid
            elif a["kind"] == "static":
                assert STATICS.get(a["static"]) is not None, cid
            elif a["kind"] != "unsupported":
                assert EFFECTS.get(a["kind"] if a["kind"] != "move_base" else "move") is not None, cid
                assert a["when"] in ("resolve", "activated", "deathknell") or EVENTS.get(a["when"]), cid


def test_the_coverage_report_counts_the_shipped_smoke_scenarios():
    import re
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import card_coverage as cc

    encoded_ids = {r["id"] for r in _rows() if r["status"] == "expressible"}
    with_smoke = encoded_ids & cc.smoke_tested()
    report = (ROOT / "tools" / "card_coverage.md").read_text("utf-8")
    m = re.search(r"Encoded cards with a smoke scenario \(scenarios/cards/<SET>/\): (\d+) of (\d+)", report)
    assert m, "card_coverage.md reports the smoke-scenario count"
    assert (int(m.group(1)), int(m.group(2))) == (len(with_smoke), len(encoded_ids))
    # the generator's share: at least 70% of the encoded cards have a smoke scenario
    assert len(with_smoke) >= 0.7 * len(encoded_ids)


MISSING = ROOT / "tools" / "card_missing.tsv"


def _reviewed() -> list[list[str]]:
    lines = [line for line in MISSING.read_text("utf-8").splitlines() if line and not line.startswith("#")]
    assert lines[0].split("\t") == ["number", "name", "construct", "说明"]
    return [line.split("\t") for line in lines[1:]]


def test_every_unexpressible_card_names_a_reviewed_missing_construct():
    reviewed = {}
    for number, name, construct, note in _reviewed():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", construct), construct
        assert 0 < len(note) <= 25, note
        reviewed.setdefault(number, []).append(construct)
    numbers = {c.number.split("/")[0]: c.name for c in catalog().cards.values()}
    for number, name, *_ in _reviewed():
        assert numbers.get(number) == name, (number, name)  # the row names a real card by its number
    for row in _rows():
        if row["status"] != "not_expressible" or "facts:gear_might" in row["missing"].split(","):
            continue
        short = row["number"].split("/")[0]
        assert short in reviewed, f"{row['name']} {short}: add its missing construct to tools/card_missing.tsv"
        assert row["missing"].split(",") == ["缺:" + c for c in dict.fromkeys(reviewed[short])], row


def test_the_reviewed_missing_list_holds_no_card_text():
    if not CATALOG:
        pytest.skip("card catalog reference not present")
    texts = [re.sub(r"\s+", "", c.get("cardEffect") or "")
             for c in json.loads(CATALOG.read_text("utf-8"))["cards"]]
    runs = {t[i:i + 12] for t in texts for i in range(len(t) - 11)}
    body = re.sub(r"\s+", "", MISSING.read_text("utf-8"))
    leaked = [body[i:i + 12] for i in range(len(body) - 11) if body[i:i + 12] in runs]
    assert not leaked, leaked[:5]
