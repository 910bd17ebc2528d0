"""The shipped card-pool coverage (judge/cards/data/coverage.tsv) agrees with the shipped encodings."""

import csv
from pathlib import Path

import pytest

from judge.cards import encoded
from judge.cards.catalog import catalog

ROOT = Path(__file__).resolve().parent.parent
COVERAGE = ROOT / "judge" / "cards" / "data" / "coverage.tsv"
CATALOG = sorted((ROOT.parent / "shared" / "reference").glob("card-catalog-*.json")) or \
    sorted(Path("/work/shared/reference").glob("card-catalog-*.json"))


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

    texts = cc.card_texts(CATALOG[-1])
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
        m = re.match(r"来源 卡牌 (\S+) ([A-Z]{3}[·\-]\S+?)（", source)
        assert m, path
        assert m.group(1) in parsed, path
        assert catalog().index.by_number(m.group(2)) == m.group(1), path
