"""The second look at a question's first places (judge.search.rerank) and its fitted weights."""


from judge.search import fusion, rerank
from judge.search.analyze import analyze
from judge.search.engine import search
from judge.search.rank import Hit
from tool_module import load_tool


def test_the_shipped_weights_name_every_feature_and_only_those():
    lines = [ln for ln in rerank.WEIGHTS_PATH.read_text(encoding="utf-8").splitlines()
             if ln and not ln.startswith("#") and not ln.startswith("feature\t")]
    names = [ln.split("\t")[0] for ln in lines]
    assert names == list(rerank.FEATURES)
    assert all(isinstance(v, float) for v in rerank.weights().values())


def _doc(i, norm, kind="rule", **extra):
    return {"id": i, "kind": kind, "norm": norm, "number_source": "official", "is_heading": 0, **extra}


def test_features_say_what_a_paragraph_offers(conn):
    a = analyze(conn, "单位有两个壁垒会怎样")
    assert a.intent == "whatif"
    hits = [Hit(_doc(1, "壁垒\n如果单位拥有多个壁垒，则视为一个。"), 0.0), Hit(_doc(2, "卡牌\n卡牌分为三种类别。", kind="faq"), 0.0)]
    rows = rerank.features(a, hits, {1: (1, None, None), 2: (None, 3, None)}, fusion.char_pairs(a))
    assert all(len(r) == len(rerank.FEATURES) for r in rows)
    f = [dict(zip(rerank.FEATURES, r)) for r in rows]
    assert f[0]["fused"] > f[1]["fused"]  # the first place of the fused list
    assert f[0]["concept"] > 0 and f[0]["pairs"] == 0  # only the concept list has it
    assert f[1]["concept"] == 0 and f[1]["pairs"] > 0
    assert f[0]["says_whatif"] == 1.0 and f[1]["says_whatif"] == 0.0  # a condition and its result
    assert f[0]["coverage"] > f[1]["coverage"]
    assert f[1]["faq"] == 1.0 and f[0]["faq"] == 0.0


def test_rerank_only_reorders_the_first_places(conn):
    a = analyze(conn, "单位有两个壁垒会怎样")
    hits = [Hit(_doc(i, f"标题{i}\n正文{i}"), 0.0) for i in range(1, rerank.DEPTH + 6)]
    out = rerank.rerank(a, hits, {}, fusion.char_pairs(a))
    assert sorted(h.doc["id"] for h in out) == [h.doc["id"] for h in hits]
    assert out[rerank.DEPTH:] == hits[rerank.DEPTH:]


def test_a_question_is_reranked_and_direct_hits_stay_first(conn):
    res = search(conn, "规则 416 回收的牌放到哪里", limit=10)
    assert res.hits[0].direct
    ids = [h.doc["id"] for h in res.hits]
    assert len(ids) == len(set(ids))


def _trainer():
    return load_tool("train_rerank")


def test_the_trainer_refuses_the_frozen_questions():
    mod = _trainer()
    for sets in ("frozen", "frozen2", "frozen3", "frozen4", "dev,frozen2"):
        assert mod.main(["--sets", sets, "--out", "/dev/null"]) == 2, sets
        assert mod.main(["--sets", sets, "--holdout"]) == 2, sets
        assert mod.main(["--sets", "dev", "--measure", sets]) == 2, sets
    assert mod.main(["--sets", "dev,reword", "--measure", "reword"]) == 2  # never measured on what it fits


def test_the_trainer_sees_the_places_the_engine_reranks(conn):
    # The trainer replaces rerank.rerank to record the features of a question's places; it must take the call the
    # engine makes (with the list the linear order is written to) and leave the search able to finish.
    features, ids = _trainer().reranked(conn, "对手的回合我可以打法术吗")
    assert ids and len(features) == len(ids) <= rerank.DEPTH
    assert all(len(row) == len(rerank.FEATURES) for row in features)


def test_the_trainer_weighs_sets_and_drafted_questions_as_asked():
    mod = _trainer()
    weight = mod.set_weights("reword*=2, dev=0.5")
    assert (weight("reword3"), weight("dev"), weight("fresh7")) == (2.0, 0.5, 1.0)
    q = ([[1.0] * len(rerank.FEATURES)], [True])
    data, share = mod.training({"dev": [q, q], "reword": [q]}, weight, [q] * 4, 0.5)
    assert len(data) == 7
    assert share == [0.5, 0.5, 2.0] + [0.5 * 3.0 / 4] * 4  # the drafted ones weigh half the sets' together


def test_the_translation_trial_answers_bad_input_in_chinese(tmp_path, capsys):
    import pytest

    mod = load_tool("translation_trial")
    broken = tmp_path / "broken.json"
    broken.write_text('[\n{"set": 1,\n', encoding="utf-8")
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"a": 1}', encoding="utf-8")
    for path, message in ((tmp_path / "missing.json", "错误：读不到"),
                          (broken, f"{broken}:3:1: 错误：不是 collect 写出的 JSON"),
                          (wrong, "错误：不是 collect 写出的问题列表")):
        with pytest.raises(SystemExit) as stop:
            mod._read_data(str(path))
        assert message in str(stop.value)
    with pytest.raises(SystemExit) as stop:
        mod.main(["collect", "--out", str(tmp_path / "no" / "dir.json")])
    assert "所在的目录不存在" in str(stop.value)
    with pytest.raises(SystemExit) as stop:
        mod.main(["measure", "--features", "nope", "--data", str(broken)])
    assert stop.value.code == 2 and "未知的特征：nope" in capsys.readouterr().err


def test_the_shown_score_follows_the_order_a_judge_reads(conn):
    for q in ("对手的回合我可以打法术吗", "反应牌什么时候能打", "单位有两个壁垒会怎样"):
        scores = [h.score for h in search(conn, q, limit=40).hits if not h.direct]
        assert scores == sorted(scores, reverse=True), q
        assert scores[: rerank.DEPTH][-1] > 0, q  # a reordered place shows a score (0 says: no query word)
