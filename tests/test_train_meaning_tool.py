"""tools/train_meaning.py: a question's n-grams, and what the model is trained on (the drafted questions, an FAQ
entry's own question, titles and the documents' own text: never a question set). No store, no numpy needed."""

from __future__ import annotations

import pytest

from tool_module import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("train_meaning")


def test_grams_are_characters_pairs_within_a_chinese_run_and_latin_words(tool):
    assert tool.grams("横置单位,2v2") == ["横", "置", "单", "位", "横置", "置单", "单位", "2v2"]
    assert tool.grams("能 stun 吗") == ["能", "stun", "吗"]  # no pair across a space


def test_documents_are_keyed_by_what_survives_a_rebuild(tool):
    assert tool.doc_key({"kind": "rule", "number": "318.2", "ref": "2026-07-17:318.2"}) == "rule:318.2"
    assert tool.doc_key({"kind": "faq", "number": None, "ref": "C-L33"}) == "faq:C-L33"


def test_training_texts_come_from_drafted_questions_faq_questions_titles_and_the_documents(tool):
    docs = [
        {"kind": "rule", "norm": "清理\n进行清理时,以下任务依次变为未决。", "norm_questions": "清理什么时候做?\n清理按什么顺序?"},
        {"kind": "faq", "norm": "得分\n问:我如何得分?答:控制战场时得1分。", "norm_questions": ""},
    ]
    pairs = tool.training_pairs(docs, use_self=True)
    assert ("清理什么时候做?", 0, "drafted") in pairs and ("清理按什么顺序?", 0, "drafted") in pairs
    assert ("我如何得分?", 1, "faq") in pairs  # the entry's own question, not its answer
    assert ("清理", 0, "title") in pairs and ("得分", 1, "title") in pairs
    assert {s for _t, _i, s in pairs} == {"drafted", "faq", "title", "self"}
    assert {s for _t, _i, s in tool.training_pairs(docs, use_self=False)} == {"drafted", "faq", "title"}


def _case(query, targets):
    from judge.search.evaluation import Case
    return Case("can", query, targets, 0)


def test_folds_hold_whole_sets_and_a_reworded_question_with_its_original(tool):
    cases = {
        "dev": [_case("a1", ["r:甲"]), _case("a2", ["r:乙"]), _case("a3", ["r:丙"])],
        "fresh": [_case("b1", ["r:丁"]), _case("b2", ["r:戊"])],
        "fresh2": [_case("c1", ["r:己"]), _case("c2", ["r:甲"])],
        "reword": [_case("a2 again", ["r:乙"]), _case("shared", ["r:甲"]), _case("no original", ["r:庚"])],
    }
    plan = tool.folds(cases, 2)
    assert [f["sets"] for f in plan] == [["dev"], ["fresh", "fresh2"]]  # largest first, to the lightest fold
    held = [{q.query for _n, q in f["held"]} for f in plan]
    assert "a2 again" in held[0] and "a2 again" not in held[1]
    # Its original's targets are asked in both folds: held in the first, kept out of training in both.
    shared = cases["reword"][1]
    assert "shared" in held[0] and all(id(shared) in f["leak"] for f in plan)
    assert sum("no original" in h for h in held) == 1
    assert all(id(cases["reword"][0]) not in f["leak"] for f in plan[1:])


def test_the_question_sets_trained_on_are_never_frozen_and_never_make_the_file_stale(tool):
    assert "dev" in tool.set_cases() and not any(n.startswith("frozen") for n in tool.set_cases())
    # A set kept unseen (its figure stays out of sample) is never trained on either: shown on a set that exists, since
    # the shipped list may name one still being written (no file yet: nothing to leave out until it lands).
    assert tool.UNSEEN_SETS and not set(tool.UNSEEN_SETS) & set(tool.set_cases())
    assert set(tool.set_cases()) == set(tool.set_cases(tool.UNSEEN_SETS))
    everything = set(tool.set_cases(()))
    assert "fresh15" in everything and set(tool.set_cases(("fresh15",))) == everything - {"fresh15"}
    assert set(tool.set_cases(("fresh99",))) == everything
    docs = [{"key": "rule:101"}, {"key": "rule:102"}]
    base = [("横置单位", 0, "drafted"), ("横置", 0, "title")]
    assert tool.inputs_hash(docs, base) == tool.inputs_hash(docs, base + [("怎么横置", 1, "set")])
    assert tool.inputs_hash(docs, base) != tool.inputs_hash(docs, base + [("怎么横置", 1, "drafted")])
