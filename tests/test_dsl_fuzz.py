"""Malformed input never escapes as anything but a ScenarioError (no tracebacks)."""

from hypothesis import given, settings, strategies as st

from judge.dsl import parse_text
from judge.dsl.errors import ScenarioError

WORDS = ["场景", "模式", "1v1", "玩家", "甲", "乙", "基地", ":", "a1=战士", "战力", "3", "-1", "伤害", "行动",
         "期望", "标准移动", "->", "bf1", "战场", "=", "卡牌", "单位", "全部让过", "追踪", "包含", "466.1", ",",
         "\n", "\n", "  ", "\"x", "#注释", "期望非法", "规则", "分配伤害", "+1", "控制者", "在"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=30))
def test_token_soup_never_crashes(words):
    text = " ".join(words)
    try:
        parse_text(text, "fuzz.场景")
    except ScenarioError as err:
        assert err.render()


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=80))
def test_arbitrary_text_never_crashes(text):
    try:
        parse_text(text, "fuzz.场景")
    except ScenarioError as err:
        assert err.render()
