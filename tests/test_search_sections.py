"""Section-aware results: a hit inside a section names it (breadcrumb); a query matching a heading gets
the heading AND its best-matching paragraphs, not the bare heading. Through the engine and the Python API."""

from __future__ import annotations

import pytest

from judge.rules import drafted
from judge.search.engine import search


def hits_of(conn, query, limit=10):
    return search(conn, query, limit=limit).to_dict()["hits"]


def test_recall_heading_comes_with_its_paragraphs(conn):
    """454 召回 is a top-level heading whose paragraphs (455–458) are not numbered under it."""
    hits = hits_of(conn, "召回")
    at = next(i for i, h in enumerate(hits[:3]) if h["kind"] == "rule" and h["number"] == "454")
    following = hits[at + 1:at + 3]
    assert len(following) == 2
    for h in following:
        assert h["kind"] == "rule" and h["number"] in ("455", "456", "457", "458"), h["number"]
        assert h["breadcrumb"] == ["454 召回"] and "「召回」一节" in h["note"]
        assert "召回" in h["title"]  # the paragraphs the query matched, not any paragraph


def test_combat_heading_comes_with_its_sub_rules(conn):
    hits = hits_of(conn, "战斗")
    assert hits[0]["number"] == "316.7" and hits[0]["title"] == "战斗"
    for h in hits[1:3]:
        assert h["number"].startswith("316.7."), h["number"]
        assert h["breadcrumb"][-1] == "316.7 战斗" and "「战斗」一节" in h["note"]


@pytest.mark.parametrize("query", ["召回", "战斗", "结算链", "清理", "待命", "燃尽"])
def test_a_heading_among_the_first_hits_is_never_shown_bare(conn, query):
    hits = hits_of(conn, query)
    for i, h in enumerate(hits[:3]):
        if h["kind"] == "rule" and h["number"] and h["number_source"] != "inferred" and _is_heading(conn, h["number"]):
            nxt = hits[i + 1] if i + 1 < len(hits) else None
            assert nxt and nxt["kind"] == "rule" and nxt["number"] != h["number"], (query, h["number"])
            break


def _is_heading(conn, number):
    row = conn.execute("SELECT is_heading FROM search_docs WHERE kind = 'rule' AND number = ?", (number,)).fetchone()
    kids = conn.execute("SELECT 1 FROM search_docs WHERE kind = 'rule' AND number LIKE ? LIMIT 1", (number + ".%",)).fetchone()
    return bool(row and row[0]) or bool(kids)


def test_breadcrumbs_name_the_section_of_every_rule_hit(conn):
    by_number = {h["number"]: h for q in ("召回", "战斗", "规则 149.3", "规则 456", "规则 454") for h in hits_of(conn, q)}
    assert by_number["456"]["breadcrumb"] == ["454 召回"]  # a flat section: the heading before it
    assert by_number["454"]["breadcrumb"] == []  # a heading is not inside the heading before it
    # A heading the Chinese text dropped: the tool's title, with its mark (judge/rules/drafted.py).
    assert by_number["149.3"]["breadcrumb"][0] == "147 装备" + drafted.MARK
    assert by_number["149.3"]["breadcrumb"][-1].startswith("149 ")
    assert by_number["316.7.c"]["breadcrumb"][:2] == ["316 主阶段" + drafted.MARK, "316.7 战斗"]
    for number, h in by_number.items():
        if h["kind"] == "rule" and "." in number:
            parent = number.rsplit(".", 1)[0]
            assert h["breadcrumb"] and h["breadcrumb"][-1].split(" ")[0] == parent, (number, h["breadcrumb"])


def test_the_python_api_returns_the_same_sections():
    from judge.api import Rulebook

    with Rulebook() as book:
        result = book.search("召回")
    at = next(i for i, h in enumerate(result.hits) if h.kind == "rule" and h.number == "454")
    assert at < 3 and result.hits[at + 1].breadcrumb == ["454 召回"]
    assert result.data["hits"][at + 1]["note"] == result.hits[at + 1].note


def test_a_section_paragraph_without_the_query_words_says_so_instead_of_a_zero_score(conn):
    from judge.search import render

    data = search(conn, "召回", limit=5).to_dict()
    hit = next(h for h in data["hits"] if h["kind"] == "rule" and not h["direct"])
    text = render.render_text(dict(data, hits=[dict(hit, score=0.0)]))
    assert "未含查询词" in text and "得分 0.0" not in text


def test_the_python_api_reports_invalid_and_unanswered_queries_in_chinese():
    from judge.api import Rulebook
    from judge.errors import JudgeError
    from judge.search.analyze import MAX_QUERY_CHARS

    with Rulebook() as book:
        for query, said in (("", "搜索内容为空"), ("？？！", "只有标点或符号"), ("燃" * (MAX_QUERY_CHARS + 1), "搜索内容过长")):
            with pytest.raises(JudgeError) as err:
                book.search(query)
            assert said in err.value.message and err.value.hint
        result = book.search("zzburnoutzz")
    assert result.hits == [] and result.message.startswith("没有找到") and "燃尽" in result.suggestions


@pytest.mark.parametrize("query", ["can I play a spell on my opponent's turn", "暗中破坏", "玛尔扎哈", "亚索", "召回",
                                   "Awaken Phase"])
def test_shown_scores_follow_the_shown_order_where_the_search_moved_a_hit(conn, query):
    hits = hits_of(conn, query, limit=5)
    moved = [i for i, h in enumerate(hits) if h["note"].startswith(("规则优先", "卡牌「", "官方标题"))]
    for i in moved:
        if i + 1 < len(hits):
            assert hits[i]["score"] >= hits[i + 1]["score"], (query, [(h["id"], h["score"]) for h in hits])


@pytest.mark.parametrize("query", ["how many cards in my hand", "每个回合能打几张牌", "对手的回合我可以打法术吗",
                                   "反制的法术还算打出过吗"])
def test_a_rule_said_to_go_first_has_no_faq_entry_above_it(conn, query):
    """The note that a rule goes before an FAQ entry answering the same question is true of the order shown:
    the second look reorders after the rule was moved, so no FAQ entry may stand above a rule carrying it."""
    hits = search(conn, query, limit=10).to_dict()["hits"]
    for i, h in enumerate(hits):
        if h["note"].startswith("规则优先"):
            assert all(above["kind"] != "faq" for above in hits[:i]), (query, i)


def _pointed_at(conn, number):
    return {r[0] for r in conn.execute(
        "SELECT p.number FROM search_pointers s JOIN search_docs p ON p.id = s.parent JOIN search_docs c ON c.id = s.child "
        "WHERE c.kind = 'rule' AND c.number = ?", (number,))}


def test_a_paragraph_pointing_at_its_section_is_linked_to_what_it_points_at(conn):
    """"此行动不可在法术对决或战斗期间进行" (144.1.c) is about 标准移动 (144), through 144.1 "此行动仅可在特定时间进行";
    "则在此时做出选择" (355.5) is at step 2 of playing a card (355). A paragraph that names its own subject is not."""
    assert _pointed_at(conn, "144.1.c") == {"144.1", "144"}
    assert _pointed_at(conn, "355.5") == {"355"}
    assert _pointed_at(conn, "355.6") == set() and _pointed_at(conn, "355.7") == set()


@pytest.mark.parametrize("query", ["啥时候挑目标", "which step do I choose targets in"])
def test_a_when_question_finds_the_paragraph_whose_moment_is_its_step(conn, query):
    """355.5 says only "在此时": its moment is the step it stands in (355, whose section 355.6 目标选取 names targets)."""
    numbers = [h["number"] for h in hits_of(conn, query, limit=3)]
    assert "355.5" in numbers, numbers


def test_a_paragraph_saying_this_action_is_found_with_its_action(conn):
    # On the first screen: 420.3 (a standard move is a discretionary action), 409 (in one's own turn only) and
    # 410.1.a (a discretionary action only while the turn is in its neutral open state) say when too.
    numbers = [h["number"] for h in hits_of(conn, "标准移动什么时候不能用", limit=5)]
    assert "144.1" in numbers, numbers


@pytest.mark.parametrize("number, heading", [("477.3.e.1", "473"), ("474", "473"), ("485.1", "484"), ("742", "741")])
def test_a_breadcrumb_names_the_official_heading_the_tool_titled(conn, number, heading):
    """473 (the layers), 484 and 741 are official headings of the chapters the corpus lacks, titled only by the
    tool: a rule under them is in their section, not in the titled heading before them (467, 481, 720)."""
    hit = hits_of(conn, f"规则 {number}", limit=1)[0]
    assert hit["number"] == number
    assert hit["breadcrumb"][0] == f"{heading} {drafted.title_of(heading)}", hit["breadcrumb"]


def test_a_can_question_is_not_led_by_a_rule_that_neither_permits_nor_forbids(conn):
    """A can-I question is answered by a permission or a prohibition: a rule that only says legends may have
    active abilities does not go before the FAQ entry that says when they may be used."""
    hits = hits_of(conn, "人家回合我想用一下传奇的技能，能用吗", limit=5)
    assert hits[0]["kind"] == "faq" and "对手的回合使用我的传奇能力" in hits[0]["text"], [h["id"] for h in hits]
    assert not any(h["note"].startswith("规则优先") and "可拥有主动技能" in h["text"] for h in hits)


def test_a_can_question_is_still_led_by_a_rule_that_forbids(conn):
    hits = hits_of(conn, "不在我的回合，传奇技能还能发动吗", limit=5)
    assert hits[0]["kind"] == "rule" and hits[0]["note"].startswith("规则优先"), [h["id"] for h in hits]
    assert "只能在控制玩家的回合" in hits[0]["text"]


def test_rule_leads_asks_the_rule_for_the_words_a_question_wants():
    from judge.search import arrange
    from judge.search.rank import Hit

    faq = Hit({"id": 1, "kind": "faq", "title": "时机", "norm": "问:能不能\n答:不能"}, 9.0, 1.0, ["a", "b"])
    rule = Hit({"id": 2, "kind": "rule", "number_source": "text", "norm": "\n传奇可拥有主动技能"}, 8.0, 1.0, ["a", "b"])
    concepts = [["a"], ["b"]]
    assert arrange.rule_leads([faq, rule], [], concepts)[0] is rule
    faq.note = rule.note = ""
    assert arrange.rule_leads([faq, rule], [], concepts, says=("可以", "不能"))[0] is faq


def test_a_how_many_or_when_question_opens_with_a_place_that_says_what_is_asked():
    from judge.search import arrange
    from judge.search.rank import Hit

    points = arrange.answer_says("howmany", "对手拿几分")
    assert points("\n对手燃尽时选择该玩家使其获得1分。") and not points("\n视为燃尽。请查阅规则431.燃尽。")
    moment = arrange.answer_says("when", "增益什么时候会掉")
    assert moment("单位离场时移除增益\n") and moment("\n1.回合玩家抽一张牌。") and not moment("\n让过。")
    assert arrange.answer_says("howmany", "最多能有多少") is None and arrange.answer_says("can", "能不能") is None
    plain = Hit({"id": 1, "kind": "rule", "norm": "\n视为燃尽。"}, 10.0, 0.8)
    said = Hit({"id": 2, "kind": "rule", "norm": "\n获得1分。"}, 4.0, 0.8)
    assert arrange.answer_leads([plain, said], points) == [said, plain] and said.score == 10.0
    weak = Hit({"id": 3, "kind": "rule", "norm": "\n获得1分。"}, 2.0, 0.8)  # under 0.3 of the first's score
    narrow = Hit({"id": 4, "kind": "rule", "norm": "\n获得1分。"}, 9.0, 0.5)  # covers less of the question
    assert arrange.answer_leads([plain, weak], points)[0] is plain
    assert arrange.answer_leads([plain, narrow], points)[0] is plain


def test_a_score_that_rounds_to_zero_is_not_shown_as_zero(conn):
    from judge.search import render

    data = search(conn, "召回", limit=5).to_dict()
    hit = next(h for h in data["hits"] if h["kind"] == "rule" and not h["direct"])
    text = render.render_text(dict(data, hits=[dict(hit, score=0.01)]))
    assert "得分 <0.1" in text and "得分 0.0" not in text and "未含查询词" not in text


def test_the_placeholder_of_a_rule_the_corpus_lacks_is_never_highlighted(conn):
    # 812.1.c has no text in the corpus: its shown text is the tool's placeholder, which holds 当 of the question.
    hit = next(h for h in search(conn, "太阳圆盘打出当回合能用技能吗", limit=5).to_dict()["hits"] if h["number"] == "812.1.c")
    assert hit["snippet"].startswith("（本条正文不在当前语料中") and hit["highlights"] == []
