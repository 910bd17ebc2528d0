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
