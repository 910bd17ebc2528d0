"""Same-pinyin typos repaired by context (judge.search.ngrams): a mistyped question finds what it asks for, a
question typed right is left as it is, and the context decides (打几张 stays, 打击张 is 打几张)."""

from __future__ import annotations

import sqlite3

import pytest

from judge.search import ngrams
from judge.search.engine import search


def _top(conn, query: str, n: int = 5) -> list[str]:
    return [h["id"] for h in search(conn, query, limit=n).to_dict()["hits"]]


@pytest.mark.parametrize("typed,meant,shown", [
    ("阶算链上有东西的时候还能打牌吗", "结算链上有东西的时候还能打牌吗", ("阶算", "结算")),
    ("我能把手牌量给别人看吗", "我能把手牌亮给别人看吗", ("量给", "亮给")),
    ("对手的回合我可以答法述吗", "对手的回合我可以打法术吗", ("答法述", "打法术")),
    ("伤害至少要几点才算答处伤害", "伤害至少要几点才算打出伤害", ("答处", "打出")),
])
def test_a_mistyped_question_finds_what_the_question_typed_right_finds(conn, typed, meant, shown):
    data = search(conn, typed).to_dict()
    assert {"from": shown[0], "to": shown[1]} in data["corrections"]
    assert f"「{shown[0]}」未找到，已按「{shown[1]}」搜索。" in data["notes"]
    assert _top(conn, meant, 1)[0] in _top(conn, typed)


@pytest.mark.parametrize("question", [
    "每回合能打几张牌", "结算链上先结算哪一个", "我能把手牌亮给别人看吗", "什么时候可以让过", "伤害至少要几点才算打出伤害",
    "符文堆已经空了，召出阶段会出事吗", "单位吃满伤害后是马上死，还是要等一会",
])
def test_a_question_typed_right_is_left_as_it_is(conn, question):
    assert search(conn, question).to_dict()["corrections"] == []


def test_the_context_decides_between_homophones(conn):
    assert search(conn, "每回合能打几张牌").to_dict()["corrections"] == []
    data = search(conn, "每回合能打击张牌").to_dict()
    assert {"from": "击张", "to": "几张"} in data["corrections"]
    assert _top(conn, "每回合能打击张牌", 3) == _top(conn, "每回合能打几张牌", 3)


def _model(texts: list[str]):
    conn = sqlite3.connect(":memory:")
    readings = {"结": "jie", "接": "jie", "阶": "jie", "算": "suan", "链": "lian", "连": "lian", "上": "shang", "在": "zai",
                "打": "da", "几": "ji", "击": "ji", "张": "zhang", "牌": "pai", "时": "shi", "被": "bei"}
    info = ngrams.build(conn, texts, readings)
    return ngrams.Model(conn, info), {c: r.split(",") for c, r in readings.items()}


def test_the_model_repairs_a_character_only_where_its_context_is_never_written():
    model, readings = _model(["在结算链上先结算", "每回合打几张牌", "打击时", "被打击", "接上", "阶段", "连上"] * 10)
    assert ngrams.repair_run(model, "在接算链上", readings, set()) == ("在结算链上", [1])
    assert ngrams.repair_run(model, "打击张牌", readings, set()) == ("打几张牌", [1])
    # Written as the texts write it, nothing changes: 打几张 stays, and so does 打击 where the texts say 打击.
    assert ngrams.repair_run(model, "打几张牌", readings, set()) == ("打几张牌", [])
    assert ngrams.repair_run(model, "被打击时", readings, set()) == ("被打击时", [])
    # A position to keep (a card's name) is never changed.
    assert ngrams.repair_run(model, "在接算链上", readings, {1}) == ("在接算链上", [])
