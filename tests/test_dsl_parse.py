"""The scenario DSL: valid files build the model; errors are Chinese, located, with suggestions."""

import pytest

from judge.dsl import parse_text
from judge.dsl.errors import ScenarioError

BASE = """场景 测试
模式 1v1
卡牌 战士 单位 战力 3 关键词 壁垒
玩家 甲
分数 2
基地: a1=战士 伤害 1 休眠, a2=战士 增益
主牌堆: 卡A, 卡B
玩家 乙
战场 bf1: b1=战士
战场 bf1 = 虚空之门 控制者 乙
行动:
  甲 标准移动 a1, a2 -> bf1
  检查 bf1 争夺
  全部让过
期望:
  a1 在 废牌堆
  甲 分数 3
  追踪 包含 466.1
"""


def err_of(text):
    with pytest.raises(ScenarioError) as exc:
        parse_text(text, "t.场景")
    return exc.value


def test_model_from_valid_scenario():
    sc = parse_text(BASE, "t.场景")
    assert sc.title == "测试" and sc.mode == "1v1" and sc.victory_score == 8
    assert sc.cards["战士"].might == 3 and sc.cards["战士"].keywords == {"tank": 1}
    p = sc.players[0]
    assert p.name == "甲" and p.points == 2
    base = p.zones[0]
    assert [o.id for o in base.objects] == ["a1", "a2"]
    assert base.objects[0].damage == 1 and base.objects[0].exhausted and base.objects[1].buff
    assert [o.card for o in p.zones[1].objects] == ["卡A", "卡B"]
    assert sc.battlefields[0].controller == "乙"
    assert [s.kind for s in sc.steps] == ["action", "check", "action"]
    assert sc.steps[0].action.verb == "standard_move" and sc.steps[0].action.args["units"] == ["a1", "a2"]
    assert [e.predicate for e in sc.expectations if e.kind == "subject"] == ["in", "points"]
    assert sc.expectations[-1].kind == "trace" and sc.expectations[-1].value == "466.1"


def test_english_aliases():
    text = """scenario aliases
mode 1v1
card Soldier unit might 3
player A
base: a1=Soldier exhausted
player B
battlefield bf1 = Gate controller B
actions:
  A standard-move a1 -> bf1
expect:
  a1 in bf1
"""
    sc = parse_text(text, "t.场景")
    assert sc.steps[0].action.verb == "standard_move"
    assert sc.players[0].zones[0].objects[0].exhausted


def test_keyword_prefix_is_a_name():
    # "战力士" is a name, not the keyword 战力 followed by 士.
    sc = parse_text(BASE.replace("卡牌 战士", "卡牌 战力士").replace("=战士", "=战力士"), "t.场景")
    assert "战力士" in sc.cards


def test_syntax_error_location_expected_and_suggestion():
    e = err_of(BASE.replace("  甲 分数 3", "  甲 分树 3"))
    assert (e.line, e.column) == (17, 5)
    assert e.text == "分树"
    assert any("分数" in x for x in e.expected)
    assert "分数" in e.suggestions
    rendered = e.render()
    assert "t.场景:17:5" in rendered and "你是不是要写" in rendered and "此处应为" in rendered


def test_misspelt_action_keyword_suggested():
    e = err_of(BASE.replace("标准移动", "标准移东"))
    assert e.line == 12 and "标准移动" in e.suggestions


def test_unknown_object_reference_suggested():
    e = err_of(BASE.replace("  a1 在 废牌堆", "  a3 在 废牌堆"))
    assert "a3" in e.message and e.line == 16
    assert "a1" in e.suggestions or "a2" in e.suggestions


def test_unknown_keyword_rejected_with_rule():
    e = err_of(BASE.replace("关键词 壁垒", "关键词 墙壁"))
    assert e.rule == "800"


def test_duplicate_id_is_impossible():
    e = err_of(BASE.replace("b1=战士", "a1=战士"))
    assert e.rule == "197" and "两次" in e.message


def test_negative_damage_rejected():
    e = err_of(BASE.replace("伤害 1", "伤害 -1"))
    assert e.rule == "142" and "负" in e.message


def test_three_players_on_one_battlefield_rejected():
    text = """模式 自由混战3
卡牌 战士 单位 战力 3
玩家 甲
战场 bf1: a1=战士
玩家 乙
战场 bf1: b1=战士
玩家 丙
战场 bf1: c1=战士
战场 bf1 = 门
"""
    assert err_of(text).rule == "447.2"


def test_teammates_on_one_battlefield_rejected():
    text = """模式 2v2
队伍 甲 丙
队伍 乙 丁
卡牌 战士 单位 战力 3
玩家 甲
战场 bf1: a1=战士
玩家 乙
玩家 丙
战场 bf1: c1=战士
玩家 丁
战场 bf1 = 门
"""
    e = err_of(text)
    assert e.rule == "447.2" and "队友" in e.message


def test_player_count_must_match_mode():
    assert err_of("模式 2v2\n玩家 甲\n玩家 乙\n").rule == "481"


def test_board_object_needs_card_or_might():
    e = err_of("模式 1v1\n玩家 甲\n基地: x=无名\n玩家 乙\n")
    assert "未定义的卡牌" in e.message


def test_unknown_mode_suggests():
    e = err_of("模式 1V2\n玩家 甲\n玩家 乙\n")
    assert e.rule == "481" and e.suggestions


def test_include_only_cards(tmp_path):
    (tmp_path / "cards.卡牌").write_text("卡牌 战士 单位 战力 3\n", "utf-8")
    (tmp_path / "bad.卡牌").write_text("玩家 甲\n", "utf-8")
    (tmp_path / "s.场景").write_text('包含 "cards.卡牌"\n模式 1v1\n玩家 甲\n基地: a=战士\n玩家 乙\n', "utf-8")
    from judge.dsl import load_scenario

    sc = load_scenario(tmp_path / "s.场景")
    assert sc.cards["战士"].might == 3
    (tmp_path / "t.场景").write_text('包含 "bad.卡牌"\n模式 1v1\n玩家 甲\n玩家 乙\n', "utf-8")
    with pytest.raises(ScenarioError, match="只能定义卡牌"):
        load_scenario(tmp_path / "t.场景")
    (tmp_path / "u.场景").write_text('包含 "missing.卡牌"\n模式 1v1\n玩家 甲\n玩家 乙\n', "utf-8")
    with pytest.raises(ScenarioError, match="找不到"):
        load_scenario(tmp_path / "u.场景")


def test_zone_line_before_player():
    e = err_of("模式 1v1\n基地: a=战士 战力 1\n玩家 甲\n玩家 乙\n")
    assert "先声明玩家" in e.message


def test_attachment_must_share_location():
    text = """模式 1v1
卡牌 战士 单位 战力 3
卡牌 剑 装备 战力加成 +2
玩家 甲
基地: w=战士
战场 bf1: s=剑 贴附于 w
玩家 乙
战场 bf1 = 门
"""
    e = err_of(text)
    assert e.rule == "716"


def test_attachment_parsed():
    text = """模式 1v1
卡牌 战士 单位 战力 3
卡牌 剑 装备 战力加成 +2
玩家 甲
基地: w=战士, s=剑 贴附于 w
玩家 乙
"""
    sc = parse_text(text, "t.场景")
    assert sc.cards["剑"].might_bonus == 2
    assert sc.players[0].zones[0].objects[1].attached_to == "w"
