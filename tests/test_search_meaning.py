"""The meaning term of the second look (judge.search.meaning): the shipped model file covers the store and is not
stale, the search answers without it, the term moves scores, and what the training writes the query path reads."""

from __future__ import annotations

import sqlite3

import pytest

from judge.search import meaning, rerank
from judge.search.engine import search
from tool_module import load_tool

RETRAIN = "python tools/train_meaning.py --write"


@pytest.fixture(scope="module")
def tool():
    return load_tool("train_meaning")


@pytest.fixture(scope="module")
def shipped():
    assert meaning.MEANING_PATH.is_file(), f"{meaning.MEANING_PATH} is missing: {RETRAIN}"
    db = sqlite3.connect(meaning.MEANING_PATH)
    yield db
    db.close()


def test_every_store_document_has_a_vector(conn, shipped):
    keys = [meaning.doc_key({"kind": k, "number": n, "ref": r})
            for k, n, r in conn.execute("SELECT kind, number, ref FROM search_docs")]
    have = {k for (k,) in shipped.execute("SELECT key FROM docs")}
    missing = [k for k in keys if k not in have]
    assert not missing, f"{len(missing)} documents without a vector (e.g. {missing[:5]}): {RETRAIN}"


def test_the_model_file_is_trained_on_the_current_inputs(conn, tool, shipped):
    info = dict(shipped.execute("SELECT key, value FROM meta"))
    docs = tool.documents(conn)
    pairs = tool.training_pairs(docs, use_self=info["self"] == "True")
    assert tool.inputs_hash(docs, pairs) == info["inputs_hash"], (
        f"the drafted questions, titles or texts changed since {meaning.MEANING_PATH.name} was trained: {RETRAIN}")
    assert float(info["weight"]) == rerank.MEANING_WEIGHT
    dims = int(info["dims"])
    assert {len(v) for (v,) in shipped.execute("SELECT vec FROM grams UNION ALL SELECT vec FROM docs")} == {dims}
    # Only n-grams seen twice or more: the file stays small.
    assert int(info["min_count"]) >= 2 and meaning.MEANING_PATH.stat().st_size < 3_000_000


def test_the_model_scores_the_paragraph_that_answers_above_an_unrelated_one(conn):
    docs = [{"kind": "rule", "number": "316.5.b", "ref": ""}, {"kind": "rule", "number": "466", "ref": ""}]
    own, other = meaning.scores("对手回合能打法术吗", docs)
    assert own > other and own > 0


def _places(conn, monkeypatch, query, weight):
    monkeypatch.setattr(rerank, "MEANING_WEIGHT", weight)
    return search(conn, query, limit=10).hits


def test_the_term_reorders_rule_paragraphs_and_faq_entries_among_their_places(conn, monkeypatch):
    # The term lifts 315.1.b (the awaken step: the turn player readies everything he controls) above its section's
    # heading 315, which has no text.
    query = "do I untap at the start of my turn"
    assert [h.doc.get("number") for h in _places(conn, monkeypatch, query, 0.0)[:2]] == ["315", "315.1.b"]
    assert [h.doc.get("number") for h in _places(conn, monkeypatch, query, 0.2)[:2]] == ["315.1.b", "315"]
    # FAQ entries are reordered with the rule paragraphs (rerank.MEANING_KINDS): C-L143, the ruling that answers (a
    # hidden card cannot be played the turn it was hidden), keeps the first place the linear score gave it, while
    # the entries below it move; the shown scores never rise.
    query = "我刚盖下的牌，同一回合能打出吗"
    without, with_term = (_places(conn, monkeypatch, query, w) for w in (0.0, 0.2))
    assert without[0].doc.get("ref") == with_term[0].doc.get("ref") == "C-L143"
    faq = [[(k, h.doc["id"]) for k, h in enumerate(hits) if h.doc["kind"] == "faq"] for hits in (without, with_term)]
    assert faq[0] and faq[1] and faq[0] != faq[1]
    assert all(a.score >= b.score for a, b in zip(with_term, with_term[1:]))


def test_the_search_answers_without_the_model_file(conn, monkeypatch, tmp_path):
    query = "单位有两个壁垒会怎样"
    monkeypatch.setattr(meaning, "MEANING_PATH", tmp_path / "absent.sqlite")
    monkeypatch.setattr(rerank, "MEANING_WEIGHT", 0.2)
    assert meaning.scores(query, [{"kind": "rule", "number": "316.5.b", "ref": ""}]) == [0.0]
    absent = [(h.doc["id"], h.score) for h in search(conn, query, limit=10).hits]
    monkeypatch.setattr(rerank, "MEANING_WEIGHT", 0.0)
    assert absent and absent == [(h.doc["id"], h.score) for h in search(conn, query, limit=10).hits]


def _tiny(tool, seed: int):
    docs = [{"kind": "rule", "number": n, "ref": "", "key": f"rule:{n}"} for n in ("101", "102", "103")]
    pairs = [("横置单位", 0, "drafted"), ("横置", 0, "title"), ("打出法术", 1, "drafted"), ("法术", 1, "title"),
             ("得分", 2, "drafted"), ("得分规则", 2, "title"), ("单位得分", 2, "drafted")]
    model = tool.train(pairs, len(docs), dim=8, epochs=3, lr=0.05, batch=4, min_count=2, drop=0.2, seed=seed, l2=0.0)
    return docs, pairs, model


def test_training_twice_with_a_seed_writes_the_same_bytes_and_the_search_reads_them(tool, tmp_path):
    import numpy as np  # the training's own dependency (the test extra), never the package's
    files = []
    for k in range(2):
        docs, pairs, model = _tiny(tool, seed=17)
        path = tmp_path / f"m{k}.sqlite"
        tool.write_model(model, docs, pairs, {"dims": 8, "seed": 17, "self": True}, path)
        files.append(path.read_bytes())
    assert files[0] == files[1]
    # The query path's integer vectors give the training's float scores, within the quantisation's error.
    text = "横置单位得分"
    want = model.scores(text)
    got = meaning.scores(text, docs, path=path)
    assert np.allclose(got, want, atol=0.02 * float(np.abs(want).max()) + 1e-6)
    assert meaning.meta(path)["inputs_hash"] == tool.inputs_hash(docs, pairs)


def test_an_ensemble_scores_the_mean_of_its_models_and_is_written_the_same_twice(tool, tmp_path):
    import numpy as np
    files = []
    for k in range(2):
        members = [_tiny(tool, seed=s)[2] for s in (17, 18)]
        model = tool.ensemble(members)
        docs, pairs, _m = _tiny(tool, seed=17)
        path = tmp_path / f"e{k}.sqlite"
        tool.write_model(model, docs, pairs, {"dims": 16, "ensemble": 2, "seeds": "17,18", "self": True}, path)
        files.append(path.read_bytes())
    assert files[0] == files[1]
    text = "横置单位得分"
    want = (members[0].scores(text) + members[1].scores(text)) / 2
    assert model.emb.shape[1] == 16 and np.allclose(model.scores(text), want, atol=1e-5)
    assert not np.allclose(members[0].scores(text), members[1].scores(text))  # two seeds, two models
    # The query path reads the ensemble as any model: one dot product, the mean of the two.
    got = meaning.scores(text, docs, path=path)
    assert np.allclose(got, want, atol=0.02 * float(np.abs(want).max()) + 1e-6)
    assert meaning.meta(path)["seeds"] == "17,18"


def test_an_ensemble_trains_its_models_at_consecutive_seeds(tool, monkeypatch):
    import argparse

    import numpy as np
    seeds = []

    def fake(pairs, n_docs, dim, *rest):
        seeds.append(rest[5])
        return tool.Model({"横": 0}, np.full((1, dim), rest[5], dtype=np.float32), np.ones((n_docs, dim), np.float32))

    monkeypatch.setattr(tool, "train", fake)
    args = argparse.Namespace(dim=4, epochs=1, lr=0.1, batch=2, min_count=2, drop=0.0, seed=19, l2=0.0, set_repeat=1,
                              set_split=True, ensemble=3)
    model = tool.fit(args, [], 2)
    assert seeds == [19, 20, 21] and model.emb.shape == (1, 12)
    assert tool.settings_of(argparse.Namespace(**vars(args), use_self=True))["dims"] == 12
