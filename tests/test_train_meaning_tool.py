"""tools/train_meaning.py: a question's n-grams, and what the model is trained on (the drafted questions, an FAQ
entry's own question, titles and the documents' own text: never a question set), and the way it measures a
model inside the search."""

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
    assert set(tool.set_cases(("eval",))) == everything - {"eval"}
    docs = [{"key": "rule:101"}, {"key": "rule:102"}]
    base = [("横置单位", 0, "drafted"), ("横置", 0, "title")]
    assert tool.inputs_hash(docs, base) == tool.inputs_hash(docs, base + [("怎么横置", 1, "set")])
    assert tool.inputs_hash(docs, base) != tool.inputs_hash(docs, base + [("怎么横置", 1, "drafted")])


def test_a_set_kept_unseen_that_is_no_development_set_is_refused(tool, monkeypatch):
    # A misspelt name or a frozen set (never trained on anyway) would leave nothing out without a word.
    for name in ("fresh99", "frsh15", "frozen"):
        with pytest.raises(ValueError, match=name):
            tool.set_cases(("fresh15", name))
    # A name of UNSEEN_SETS with no file yet is a set still being written: nothing to leave out until it lands.
    monkeypatch.setattr(tool, "UNSEEN_SETS", ("fresh15", "fresh99"))
    assert tool.unwritten(("fresh15", "fresh99")) == ["fresh99"]
    assert set(tool.set_cases(("fresh15", "fresh99"))) == set(tool.set_cases(("fresh15",)))


def test_the_shipped_unseen_sets_are_development_sets_or_ones_still_being_written(tool):
    from judge.search.evaluation import family_of
    # One that exists is a development set (fresh28, english); one still being written is a fresh or reworded set.
    written = set(tool.development_sets())
    assert all(n in written or family_of(n)[0] in ("fresh", "reword") for n in tool.UNSEEN_SETS)
    assert set(tool.unwritten(tool.UNSEEN_SETS)) <= set(tool.UNSEEN_SETS)


def test_the_cli_refuses_an_unknown_unseen_set_in_chinese_with_the_sets_that_exist(tool, capsys):
    assert tool.main(["--unseen", "fresh15,fresh99", "--folds", "5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("错误：") and "fresh99" in err and "dev、fresh" in err and "Traceback" not in err
    assert "frozen" not in err.replace("封存", "")  # no frozen set is named


@pytest.mark.parametrize("option,value", [("--seeds", "17,x"), ("--seeds", "17,"), ("--only", "a"),
                                          ("--weights", "0.8,x"), ("--fused", "0.2;0.3")])
def test_a_list_of_whole_numbers_that_is_none_is_refused_in_chinese(tool, capsys, option, value):
    with pytest.raises(SystemExit) as exit_:
        tool.main(["--folds", "5", option, value])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"「{value}」应为逗号分隔的数" in err and "Traceback" not in err
    assert tool.int_list("17, 18,19") == [17, 18, 19] and tool.float_list("0.4,0.8") == [0.4, 0.8]


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_an_ensemble_of_no_model_is_refused_in_chinese(tool, capsys, value):
    with pytest.raises(SystemExit) as exit_:
        tool.main(["--folds", "5", "--ensemble", value])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"「{value}」应为正整数" in err and "Traceback" not in err


def test_several_seeds_train_each_in_its_own_folder_and_report_the_mean_and_spread(tool, monkeypatch, capsys,
                                                                                    tmp_path):
    calls = []

    def fake(args, docs, pairs, k, weights, fold_dir, unseen, memo):
        calls.append((args.seed, fold_dir, k, weights, unseen))
        places = {17: [1, 1, 6], 18: [1, 2, 3], 19: [2, None, 1]}[args.seed]
        return {"rows": {"search, off": [1, 9, None], "search, fold model at 0.8": places},
                "by_set": {}, "questions": 3}

    monkeypatch.setattr(tool, "measure_folds", fake)
    monkeypatch.setattr(tool, "connect", lambda: None)
    monkeypatch.setattr(tool, "documents", lambda conn: [])
    assert tool.main(["--folds", "5", "--seeds", "17,18,19", "--fold-dir", str(tmp_path), "--weights", "0.8",
                      "--unseen", "fresh15"]) == 0
    assert [(s, d) for s, d, *_ in calls] == [(17, tmp_path / "seed17"), (18, tmp_path / "seed18"),
                                              (19, tmp_path / "seed19")]
    assert all(c[2:] == (5, [0.8], ("fresh15",)) for c in calls)
    lines = {line.split(" mean")[0].strip(): line for line in capsys.readouterr().out.splitlines() if " mean " in line}
    # recall@5 2, 3, 2; recall@1 2, 1, 1; MRR (1 + 1 + 1/6) / 3, (1 + 1/2 + 1/3) / 3, (1/2 + 0 + 1) / 3
    model = lines["search, fold model at 0.8"]
    assert "mean 2.3 / 1.3 / 0.6111 (spread 1 / 1 / 0.2222; moved 3, first moved 3)" in model
    assert "seed 17 2/2/0.722; seed 18 3/1/0.611; seed 19 2/1/0.500" in model
    assert "mean 1.0 / 1.0 / 0.3704 (spread 0 / 0 / 0.0000; moved 0, first moved 0)" in lines["search, off"]


def test_the_seed_summary_counts_the_questions_whose_place_moves_between_seeds(tool):
    # The first question stays first, the second moves 3 -> 4 (not first either way), the third 2 -> 1, the fourth
    # stays beyond ten.
    line, = tool.seed_summary({17: {"x": [1, 3, 2, None]}, 19: {"x": [1, 4, 1, None]}})
    assert "moved 2, first moved 1" in line and "seed 17 3/1/" in line and "seed 19 3/2/" in line


def test_the_meaning_term_the_tool_measures_rides_on_the_engines_own_calls(tool, conn):
    """The tool measures a model as the search's meaning term by wrapping rerank.features and fusion.fuse; the
    wrappers must take the calls the engine makes today and really move a document, and leave the search as it was."""
    import numpy as np

    from judge.search import fusion, rerank
    from judge.search.engine import search

    docs = tool.documents(conn)
    query = "对手的回合我可以打法术吗"
    before = [(h["kind"], h.get("number") or h.get("ref")) for h in search(conn, query, limit=10).to_dict()["hits"]]
    assert ("rule", "101") not in before
    # A document far from the question: only it scores under the fake model, in the list and per place.
    target = next(k for k, d in enumerate(docs) if d["kind"] == "rule" and d["number"] == "101")
    matrix = np.zeros((len(docs), 4), dtype=np.float32)
    matrix[target] = 1.0
    model = tool.Model({}, np.zeros((1, 4), dtype=np.float32), matrix)
    model.question = lambda text: np.ones(4, dtype=np.float32)
    features, fuse = rerank.features, fusion.fuse
    state = {"w": 0.0}
    with tool.meaning_in_search(model, docs, state, list_weight=1.0, list_depth=5):
        state["w"] = 100.0
        lifted = search(conn, query, limit=10).to_dict()["hits"]
    assert (lifted[0]["kind"], lifted[0]["number"]) == ("rule", "101")
    assert (rerank.features, fusion.fuse) == (features, fuse)
    after = search(conn, query, limit=10).to_dict()["hits"]
    assert [(h["kind"], h.get("number") or h.get("ref")) for h in after] == before
