"""An activated ability's "use this only while …" (377.2.b): `主动 <费用项…> 若 <条件>：…`."""

from __future__ import annotations

import pytest

from judge.dsl import parse_text
from judge.dsl.errors import ScenarioError

CARD = """卡牌 测试 单位 战力 1
  主动 {line}：抽牌 1
模式 1v1
玩家 甲
玩家 乙
战场 bf1
"""


def test_the_condition_after_the_costs_is_the_ability_s():
    ab = parse_text(CARD.format(line="费用 1，休眠 若 我在战场上"), "t.场景").cards["测试"].activated[0]
    assert ab.exhaust and ab.energy == 1 and ab.condition.kind == "self_at_battlefield"


@pytest.mark.parametrize("line,expected", [("休眠 若", "条件"), ("休眠 若 我在战场上 休眠", "条件后面")])
def test_a_missing_or_misplaced_condition_is_a_chinese_error(line, expected):
    with pytest.raises(ScenarioError) as err:
        parse_text(CARD.format(line=line), "t.场景")
    assert expected in str(err.value) and err.value.line == 2
