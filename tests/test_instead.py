"""'… instead' instructions (370.1.b): `改为 <效果> 若 <条件>` is attached to the instruction written before it."""

from __future__ import annotations

import pytest

from judge.dsl import parse_text
from judge.dsl.errors import ScenarioError

CARD = """卡牌 测试 法术 费用 0
  效果 {line}
模式 1v1
玩家 甲
玩家 乙
战场 bf1
"""


def test_instead_is_attached_to_the_instruction_before_it():
    sc = parse_text(CARD.format(line="造成伤害 2 一名 单位 并且 改为 造成伤害 4 它 若 其为进攻方"), "t.场景")
    card = sc.cards["测试"]
    assert [e.kind for e in card.effects] == ["deal"]
    alt = card.effects[0].instead
    assert alt.kind == "deal" and alt.amount == 4 and alt.condition.kind == "it_attacking"


@pytest.mark.parametrize("line", ["改为 抽牌 2 若 你的开始阶段",
                                  "抽牌 1 并且 改为 抽牌 2 若 你的开始阶段 并且 改为 抽牌 3 若 强力"])
def test_instead_without_one_instruction_to_replace_is_a_chinese_error(line):
    with pytest.raises(ScenarioError) as err:
        parse_text(CARD.format(line=line), "t.场景")
    assert "改为" in str(err.value) and err.value.line == 2
