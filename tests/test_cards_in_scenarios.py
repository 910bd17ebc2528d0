"""Scenarios name real cards: facts from the shipped catalog, abilities from the shipped encodings."""

import pytest

from judge.cards import encoded
from judge.dsl.errors import ScenarioError
from judge.dsl.parser import parse_text
from judge.dsl.validate import validate
from judge.scenario.runner import run_scenario


def _scenario(body: str):
    sc = parse_text("场景 真实卡牌\n来源 卡牌目录\n" + body, "<测试>")
    validate(sc)
    return sc


def test_an_undefined_real_name_gets_the_catalog_facts():
    sc = _scenario("玩家 甲\n基地: a1=精灵女王\n手牌: h=海克斯射线\n玩家 乙\n")
    queen, ray = sc.cards["精灵女王"], sc.cards["海克斯射线"]
    assert (queen.type, queen.might, queen.cost_energy, queen.domains) == ("unit", 6, 7, ["B"])
    assert (ray.type, ray.cost_energy, ray.domains) == ("spell", 1, ["R"])


def test_a_collector_number_names_the_card_too():
    sc = _scenario("玩家 甲\n基地: a1=OGN·001\n玩家 乙\n")
    assert sc.cards["OGN·001"].might == 5 and "accelerate" in sc.cards["OGN·001"].keywords


def test_the_shipped_encoding_brings_the_abilities():
    sc = _scenario("玩家 甲\n基地: a1=灼焰飞龙\n玩家 乙\n")
    assert sc.cards["灼焰飞龙"].keywords == {"accelerate": 1}


def test_a_local_definition_overrides_the_real_card():
    sc = _scenario("卡牌 灼焰飞龙 单位 战力 2\n玩家 甲\n基地: a1=灼焰飞龙\n玩家 乙\n")
    assert sc.cards["灼焰飞龙"].might == 2 and not sc.cards["灼焰飞龙"].keywords


def test_a_legend_and_its_champion_are_told_apart_by_zone():
    sc = _scenario("玩家 甲\n传奇区: l=盖伦-德玛西亚之力\n基地: u=盖伦-剑尉长\n玩家 乙\n")
    assert sc.cards["盖伦-德玛西亚之力"].type == "legend"
    assert sc.cards["盖伦-剑尉长"].type == "unit" and sc.cards["盖伦-剑尉长"].champion


def test_an_unknown_board_name_suggests_real_cards():
    with pytest.raises(ScenarioError) as err:
        _scenario("玩家 甲\n基地: a1=精灵女玉\n玩家 乙\n")
    assert "精灵女王" in err.value.suggestions


def test_a_real_card_plays_from_the_facts():
    sc = _scenario("玩家 甲\n符文池: 法力 5 符能 [R]\n手牌: f=灼焰飞龙\n玩家 乙\n行动:\n  甲 打出 f\n"
                   "期望:\n  f 在 基地\n  f 休眠\n  f 战力 5\n")
    result = run_scenario(sc)
    assert result.passed, [(c.text, c.actual) for c in result.failures] or result.stop


def test_every_shipped_encoding_parses_and_names_a_real_card_and_its_number():
    from judge.cards.catalog import catalog

    cat = catalog()
    blocks = encoded.index()
    assert blocks
    for name, block in blocks.items():
        card = cat.card(name)  # the block is named by the card id ("名称" or "名称-副标题")
        assert block.numbers, f"{block.file}:{block.line}: name the collector number in a comment"
        assert all(cat.index.by_number(n) == card.id for n in block.numbers), (block.file, block.line)
        encoded.parse_block(block)


def test_the_real_cost_and_keyword_are_enforced():
    # Cost 5 and [R] (catalog); Accelerate (encoding) costs [1] and the card's domain more and makes it enter ready.
    short = _scenario("玩家 甲\n符文池: 法力 4 符能 [R]\n手牌: f=灼焰飞龙\n玩家 乙\n行动:\n  期望非法 甲 打出 f\n"
                      "期望:\n  f 在 手牌\n")
    assert run_scenario(short).passed
    fast = _scenario("玩家 甲\n符文池: 法力 6 符能 [R] [R]\n手牌: f=灼焰飞龙\n玩家 乙\n行动:\n  甲 打出 f 支付急速\n"
                     "期望:\n  f 在 基地\n  f 活跃\n")
    result = run_scenario(fast)
    assert result.passed, [(c.text, c.actual) for c in result.failures] or result.stop
