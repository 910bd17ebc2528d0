"""Section boundaries the dropped headings left behind: closing lines ("X是一种限定行动。",
"该行动的格式为…") end a section, and a cited heading starts at the first paragraph after them
that speaks of its title, not at the later paragraph that happens to open with the title."""

import pytest

from judge.corpus import manifest
from judge.corpus.cleanup import normalise_for_match
from judge.corpus.reader import read_unnumbered
from judge.rules import CURRENT_VERSION
from judge.rules.citations import find_citations
from judge.rules.numbering import is_section_tail, recover
from judge.rules.tree import build_trees
from judge.rules.model import format_number

DOC = """\
召出
召出指的是从符文牌堆顶部抽取符文的行动。
召出是一种限定行动。
玩家仅可在游戏效果的指示下召出符文。
该行动的格式为“召出X枚符文”。
如果玩家尝试从空的主牌堆移动卡牌，则必须执行燃尽：
尽可能完成指示中的行动。
选择一名对手，使其获得1分。
燃尽是一种限定行动。
玩家仅可在游戏效果的指示下进行燃尽。
翻倍指的是为某个数值增加等同于其当前值的数值的行动。
翻倍是一种限定行动。
见规则 430.召出和规则 431.燃尽。
"""


def _numbers(text):
    paras = read_unnumbered(text)
    cites = [c for p in paras for c in find_citations(p.text)]
    items, _ = recover(paras, cites, [])
    rows = [(normalise_for_match(it.text or it.title), format_number(it.key)) for it in items]

    def number_of(words):
        return next(n for t, n in rows if t.startswith(normalise_for_match(words)))
    return number_of


def test_closing_lines_are_recognised():
    assert is_section_tail("燃尽是一种限定行动。")
    assert is_section_tail("玩家仅可在游戏效果的指示下进行燃尽。")
    assert is_section_tail("该行动的格式为“召出X枚符文”。")
    assert not is_section_tail("这是一个限定行动。")  # a note inside a section that goes on
    assert not is_section_tail("燃尽会让对手获得1分。")


def test_cited_heading_starts_after_the_previous_sections_closing_lines():
    number_of = _numbers(DOC)
    assert number_of("如果玩家尝试从空的主牌堆").startswith("431.")
    assert number_of("该行动的格式为").startswith("430.")
    assert number_of("燃尽是一种限定行动").startswith("431.")
    # The next uncited section opens after 燃尽's closing lines, with its definition.
    assert number_of("翻倍指的是") == "432"


@pytest.fixture(scope="module")
def current():
    return build_trees(manifest.verify())[CURRENT_VERSION]


def _rule_opening(tree, words):
    key = normalise_for_match(words)
    return next(r for r in tree.rules if normalise_for_match(r.text).startswith(key))


def test_burn_out_section_holds_all_its_paragraphs(current):
    # "规则 431.燃尽" is cited; its section opens right after 召出's format line.
    assert _rule_opening(current, "该行动的格式为“召出X枚符文”").number.startswith("430.")
    for words in ("如果玩家尝试将一张或多张卡牌从主牌堆移动", "要执行燃尽，玩家需要遵循以下步骤",
                  "燃尽是一种限定行动"):
        assert _rule_opening(current, words).number.startswith("431."), words


def test_closing_lines_never_open_a_level0_rule(current):
    tails = [r for r in current.rules if r.text and r.number and is_section_tail(r.text)]
    assert len(tails) > 20
    assert [r.number for r in tails if "." not in r.number] == []


LABELLED = """\
触发式技能
触发式技能是一种可重复效果。
部分常见的条件表述会明确地定义其使用范围。
征服效果：这类触发式技能的条件包括单位征服战场。
这类条件的表述通常是“当我征服一处战场时……”。
这类触发式技能可以被称为征服效果。
进攻触发：这类触发式技能的条件为单位首次获得进攻方身份。
这类条件的表述通常是“当我进攻时……”。
这类触发式技能可以被称为进攻触发。
触发式技能可以在任意玩家的回合中放置到结算链。
见规则 382.触发式技能。
"""


def test_parallel_labels_are_siblings_under_their_introduction():
    number_of = _numbers(LABELLED)
    intro = number_of("部分常见的条件表述")
    assert number_of("征服效果：") == intro + ".a"
    assert number_of("进攻触发：") == intro + ".b"
    # The explanations between two labels belong to the label above them...
    assert number_of("这类条件的表述通常是“当我征服") == intro + ".a.1"
    assert number_of("这类条件的表述通常是“当我进攻") == intro + ".b.1"
    assert number_of("这类触发式技能可以被称为进攻触发") == intro + ".b.2"
    # ...and the last label's explanations stop where their parallel wording stops.
    assert not number_of("触发式技能可以在任意玩家的回合中").startswith(intro + ".")


STEPS = """\
任务是指玩家在进行其他行动前必须执行的步骤。
任务包括但不限于：清理。
结算链项目会按照被添加到结算链的顺序进行确认。
如果仍有待处理的结算链项目，返回步骤1：确认。
否则进入步骤2：执行。
拥有优先行动权的玩家可以进行以下任何行动：
打出一张符合时机的卡牌。
拥有优先行动权的玩家可以选择让过优先行动权。继续进行至步骤3：让过。
如果所有玩家都依次让过，则继续进行至步骤4：结算。
结算最新的已确认结算链项目。
如果结算链为空，则游戏以开环状态继续进行。
如果结算链不为空，且不存在待处理项目，则最新效果的控制者获得优先行动权。
法术对决
法术对决是一个开环状态的机会窗口。
想获取更多有关任务的信息，请查阅规则332。见规则 337.确认和规则 341.法术对决。
"""


def test_subject_citation_and_named_steps_place_level0_rules():
    number_of = _numbers(STEPS)
    # "有关任务的信息，请查阅规则332": the paragraph defining 任务 carries 332.
    assert number_of("任务是指") == "332"
    # 337 is cited as 确认, step 1; steps 2-4 (执行, 让过, 结算) are 338-340.
    assert number_of("结算链项目会按照").startswith("337")
    assert number_of("拥有优先行动权的玩家可以选择让过") == "339"
    assert number_of("结算最新的已确认") == "340"
    assert number_of("如果结算链不为空") == "340.2"
    assert number_of("如果仍有待处理").startswith("337.")  # a mere step reference opens nothing
