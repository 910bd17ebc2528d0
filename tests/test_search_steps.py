"""Order questions answered by the steps of a procedure: the procedures read from the rule tree
(judge.rules.procedures), the mapping of a question's two alternatives to steps (judge.search.steps) and the
note that says their order, in the text and JSON output."""

import json

import pytest

from judge.rules import procedures
from judge.rules.drafted import MARK
from judge.search import rank, steps
from judge.search.analyze import Concept
from judge.search.engine import search
from judge.search.render import render_text


@pytest.fixture(scope="module")
def detected(conn):
    version = conn.execute("SELECT value FROM search_info WHERE key = 'version'").fetchone()[0]
    cur = conn.execute("SELECT * FROM rules WHERE version = ? ORDER BY ord", (version,))
    cols = [c[0] for c in cur.description]
    return {p.number: p for p in procedures.detect([dict(zip(cols, r)) for r in cur.fetchall()])}


def test_known_procedures_and_their_step_order(detected):
    play = detected["353"]
    assert [s.number for s in play.steps] == ["354", "355", "356", "357", "358", "359"]
    assert play.steps[1].label == "做出相关的选择" and play.steps[3].label == "支付卡牌费用"
    cleanup = detected["323"]
    assert [s.ordinal for s in cleanup.steps][:6] == ["1", "2", "3", "3a", "3b", "4"]
    assert [s.number for s in detected["463"].steps] == ["464", "465", "466"]  # 第一步：… then the …步骤 titles
    assert [s.number for s in detected["332"].steps] == ["337", "338", "339", "340"]  # 确认 named 步骤1 by 337.3
    assert [s.number for s in detected["431.2"].steps] == ["431.2.a", "431.2.b", "431.2.c", "431.2.d"]
    assert [s.number for s in detected["315"].steps] == ["315.1", "315.2", "315.3", "315.4"]
    assert [s.number for s in detected["110"].steps][3:5] == ["114", "115"]


def test_the_store_holds_the_steps(conn):
    rows = conn.execute("SELECT number, position FROM search_steps WHERE procedure = '353' ORDER BY position").fetchall()
    assert [r[0] for r in rows] == ["354", "355", "356", "357", "358", "359"]


def test_the_steps_are_read_once_for_both_readers(monkeypatch):
    """A when question's candidates (rank.step_docs) and an order question's procedures (steps._procedures) read the
    same rows of search_steps: once per connection, whichever asks first."""
    from judge.search.store import connect

    c = connect()
    try:
        monkeypatch.setattr(rank, "_STEPS", {})
        monkeypatch.setattr(steps, "_STEPS", {})
        reads = []
        c.set_trace_callback(lambda sql: reads.append(sql) if "FROM search_steps" in sql else None)
        target = rank.step_docs(c, [Concept("目标", ["目标"])])
        procs = steps._procedures(c)
        assert rank.step_docs(c, [Concept("目标", ["目标"])]) == target and target
        assert len(reads) == 1, reads
        assert [s.number for s in procs["353"]] == ["354", "355", "356", "357", "358", "359"]
        assert {s.doc_id for p in procs.values() for s in p if "目标" in (s.label or "") + (s.titles or "")} == set(target)
    finally:
        c.close()


@pytest.mark.parametrize("question,parts", [
    ("出牌时先掏费用还是先指目标", ["掏费用", "指目标"]),
    ("开始阶段是先据守得分还是先把牌转正", ["据守得分", "把牌转正"]),
    ("先猜先后手还是先洗牌", ["猜先后手", "洗牌"]),
    ("when i cast a spell, do i pick targets before or after i pay the mana?",
     ["when i cast a spell, do i pick targets ", " i pay the mana?"]),
    ("什么时候选目标", []),
    ("my attack trigger deals damage equal to its might. is the might checked when it triggers or when it resolves?",
     ["is the might checked when it triggers ", " when it resolves?"]),
])
def test_alternatives(question, parts):
    assert steps.alternatives(question) == parts


def test_the_mapped_steps_come_first_with_the_order_in_text_and_json(conn):
    result = search(conn, "When I cast a spell, do I pick targets before or after I pay the mana?")
    data = result.to_dict()
    assert data["step_note"] == ("顺序：打出过程（353） 第2步 做出相关的选择（355） 先于 第4步 支付卡牌费用（357）"
                                 + steps.READING_MARK)
    top = [h["number"] for h in data["hits"][:4]]
    assert top[0] == "355" and "357" in top, top  # each step's heading, then its best paragraph
    assert data["step_note"] in render_text(json.loads(json.dumps(data)))


def test_a_procedure_name_the_tool_drafted_keeps_its_mark(conn):
    # 110's title is drafted (the Chinese rules give the setup no heading): the note must not present it as official.
    note = search(conn, "开局是先洗牌还是先决定回合顺序").step_note
    assert note.startswith("顺序：开局准备流程" + MARK + "（110）")
    assert note.endswith(steps.READING_MARK)


def test_an_unclear_mapping_leaves_the_ranking_alone(conn, monkeypatch):
    # Both sides name combat's units (进攻方, 防守方): no step says one side more than the other.
    question = "战斗伤害谁先分，进攻方还是防守方"
    result = search(conn, question)
    assert result.step_note == ""
    monkeypatch.setattr(steps, "by_steps", lambda c, a, h, order=None: (h, ""))
    assert [h.doc["id"] for h in search(conn, question).hits] == [h.doc["id"] for h in result.hits]


# Order questions of no question set, written before they were run: (question, the earlier step, the later
# step). Measured: 8 of 12 mapped right, 4 left alone; one more, written with them, mapped wrong (below).
PARAPHRASES = [
    ("回合开始的时候，是先抽牌还是先召出符文", "315.3", "315.4"),
    ("清理时先判定胜负还是先处理攻防身份", "323.1", "323.2"),
    ("打出单位的时候是先检查合法性还是先付费", "357", "358"),
    ("燃尽时先把没抽完的抽完还是先洗牌回去", "431.2.a", "431.2.b"),
    ("结算链上是先确认还是先让过", "337", "339"),
    ("开局是先抽四张牌还是先调度", "116", "117"),
    ("开局是先放传奇还是先洗牌", "111", "114"),
    ("战斗是先分伤害还是先判定战斗结果", "465", "466"),
    ("激活技能时是先付费还是先做选择", "402", "404"),
    ("回合结束的时候，先触发回合结束效果还是先清空符文池", "317.1", "317.2"),
    ("开始阶段是先触发开始阶段开始时的效果还是先据守得分", "315.2.a", "315.2.b"),
    ("Which comes first when I play a card: paying the cost or checking legality?", "357", "358"),
]
# Mapped wrong, and so not asserted: 打牌时先确定总费用还是先把牌放上结算链 (354 before 356): 把牌放上结算链 reaches
# step 2 (355, its 放置到结算链) rather than step 1 (354, 移动到结算链).


def test_paraphrases_of_no_set(conn):
    right = 0
    for question, first, second in PARAPHRASES:
        note = search(conn, question).step_note
        if note:
            assert note.index(f"（{first}）") < note.index(f"（{second}）"), (question, note)
            right += 1
    assert right >= 8


def test_the_shown_score_follows_the_order_a_judge_reads(conn):
    placed = 0
    for question in [q for q, _first, _second in PARAPHRASES] + ["出牌时先掏费用还是先指目标"]:
        result = search(conn, question, limit=40)
        if result.step_note:
            placed += 1
            scores = [h.score for h in result.hits]
            assert scores == sorted(scores, reverse=True), (question, scores)
            assert scores[0] > 0, question  # a placed step shows a score (0 says: no query word)
    assert placed >= 8


PLAY_NOTE = "顺序：打出过程（353） 第2步 做出相关的选择（355） 先于 第4步 支付卡牌费用（357）" + steps.READING_MARK


@pytest.mark.parametrize("question", [
    "出牌时先掏费用还是先指目标",
    "出牌时先指目标还是先掏费用",
    "打一张法术，是先交费还是先点目标",
    "打出卡牌先选目标还是先付费用",
    "先掏钱还是先选目标，打牌的时候",
])
def test_paying_and_targeting_map_to_the_steps_of_playing_a_card(conn, question):
    """掏费用 / 交费 / 付费 are paying the cost, 指目标 / 点目标 / 选目标 choosing targets (player words); a card played is
    353's steps (targets chosen in step 2, the cost paid in step 4), not those of activating an ability (398, which
    follows the same steps) though the ranking put those first."""
    data = search(conn, question).to_dict()
    assert data["step_note"] == PLAY_NOTE, data["step_note"]
    top = [h["number"] for h in data["hits"][:4]]
    assert top[0] == "355" and "357" in top, top  # each step's heading, then its best paragraph


def test_an_ability_is_still_activated_by_its_own_steps(conn):
    note = search(conn, "发动技能是先掏费用还是先指目标").step_note
    assert note.startswith("顺序：打出或激活技能（398） 第2步") and "（404）" in note, note


@pytest.mark.parametrize("text,form,said", [
    ("支付卡牌费用", "支付费用", True),
    ("支付费用", "支付费用", True),
    ("确定总费用", "支付费用", False),
    ("支付之前步骤中确定的费用", "支付费用", False),
])
def test_a_two_word_form_is_said_with_a_word_between(text, form, said):
    assert steps._says(text, form) is said


@pytest.mark.parametrize("question", ["战斗时是先放法术还是先算伤害", "打架的时候先出法术还是先算伤害"])
def test_a_procedure_named_by_the_scene_is_read_however_low_it_ranks(conn, question):
    """战斗 (打架), said outside both sides, names the procedure 战斗步骤 (463): its steps answer although the first places
    show little of it (316.8.a and cleanup's 323 lead)."""
    data = search(conn, question).to_dict()
    assert "战斗步骤（463） 第1步" in data["step_note"] and "（464） 先于 第2步" in data["step_note"], data["step_note"]
    assert [h["number"] for h in data["hits"][:2]] == ["464", "465"]
