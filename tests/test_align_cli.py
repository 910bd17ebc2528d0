"""`judge corpus align` / `--remove` / `judge corpus references` end to end, in a private cache.

The store is built with the tree stage only (it applies the stored reference; the later stages do not change numbers),
to keep these tests quick."""

import json
from pathlib import Path

import pytest

from judge.rules.model import parse_number
from cli_run import run

REPO = Path(__file__).resolve().parent.parent
OLDER = REPO / "rules_corpus" / "core-rules-playing-cards-excerpt-older-numbering.zh.txt"
CURRENT = "2026-07-17"
pytestmark = pytest.mark.slow   # four store builds


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    from judge.store import build

    from conftest import make_edited_corpus

    cache = tmp_path_factory.mktemp("align-cache")
    mp = pytest.MonkeyPatch()
    mp.setenv("JUDGE_CACHE_DIR", str(cache))
    # One paragraph reworded, so it is not in the official numbering map and keeps an inferred number
    # that a judge's reference can replace (official numbers are never overridden, only reported).
    mp.setenv("JUDGE_CORPUS_DIR", str(make_edited_corpus(tmp_path_factory.mktemp("align-corpus") / "rules_corpus")))
    mp.setattr(build, "STAGES", ["judge.store.stages:tree"])   # the tree stage applies the reference
    yield cache
    mp.undo()




def snapshot():
    from judge.store import open_store

    conn = open_store()
    rows = conn.execute("SELECT id, number, number_source, text FROM rules WHERE version = ? ORDER BY ord",
                        (CURRENT,)).fetchall()
    conn.close()
    return [tuple(r) for r in rows]


def stores(cache: Path):
    return sorted(p.name for p in cache.glob("store-*.sqlite"))


@pytest.fixture(scope="module")
def self_reference(env, tmp_path_factory):
    """A numbered copy made from the tree itself, with one paragraph renumbered, one rule dropped,
    and a chapter (459 战斗) the corpus lacks."""
    from judge.store import open_store

    conn = open_store()
    rows = conn.execute("SELECT id, number, number_source, text FROM rules WHERE version = ? AND source_line > 0 "
                        "AND number IS NOT NULL ORDER BY source_line", (CURRENT,)).fetchall()
    examples = {}
    for e in conn.execute("SELECT rule_id, text FROM examples ORDER BY rule_id, ord"):
        examples.setdefault(e[0], []).append(e[1])
    conn.close()
    keys = [parse_number(r["number"]) for r in rows]
    assert keys == sorted(keys)
    # An inferred level-1 rule whose next sibling number is free: the reference numbers it one higher.
    numbers = {r["number"] for r in rows}
    moved = next(r for r in rows[200:] if r["number_source"] == "inferred" and r["number"].count(".") == 1
                 and f"{r['number'].split('.')[0]}.{int(r['number'].split('.')[1]) + 1}" not in numbers
                 and not any(n.startswith(r["number"] + ".") for n in numbers))
    new_number = f"{moved['number'].split('.')[0]}.{int(moved['number'].split('.')[1]) + 1}"
    path = tmp_path_factory.mktemp("ref") / "自测规则.txt"
    lines = ["《符文战场》核心规则（带编号的自测副本）", "最后更新时间：2026 年 7 月 17日", ""]
    for r in rows:
        number = new_number if r["id"] == moved["id"] else r["number"]
        lines += [f"{number}. {r['text']}"] + [f"举例：{e}" for e in examples.get(r["id"], [])] + [""]
    lines += ["459. 战斗", "", "459.1. 战斗在一处战场上、在两名玩家的单位之间发生。", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, moved, new_number


BAD_INPUTS = {
    "empty.txt": (b"", "参考文件为空"),
    "no-numbers.txt": ("没有编号的一段文字。\n另一段。\n".encode(), "没有找到带编号的规则"),
    "disorder.txt": ("300. 游戏结构\n\n302. 第二条。\n\n301. 第一条。\n".encode(), "编号不是递增的"),
    "binary.txt": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "不是纯文本"),
}


def test_bad_inputs_leave_the_numbering_untouched(env, capsys, tmp_path):
    before = snapshot()
    before_stores = stores(env)
    for name, (content, expected) in BAD_INPUTS.items():
        path = tmp_path / name
        path.write_bytes(content)
        code, out, err = run(capsys, "corpus", "align", str(path))
        assert code == 2 and expected in err and name in err and "Traceback" not in err, (name, err)
    code, out, err = run(capsys, "corpus", "align", str(REPO / "tests" / "fixtures" / "align" / "numbered.en.txt"),
                         "--lang", "zh")
    assert code == 2 and "英文" in err and "numbered.en.txt" in err
    code, out, err = run(capsys, "corpus", "align", str(OLDER), "--name", "../escape")
    assert code == 2 and "参考名称无效" in err
    assert not (env / "references").exists() or not list((env / "references").iterdir())
    assert stores(env) == before_stores and snapshot() == before


def test_align_applies_reports_and_remove_restores(env, capsys, self_reference):
    path, moved, new_number = self_reference
    before = snapshot()
    code, out, err = run(capsys, "corpus", "align", str(path), "--name", "self-copy")
    assert code == 0, err
    assert "参考文本「self-copy」：中文，2026-07-17" in out
    assert f"≈{moved['number']} → {new_number}" in out                      # the changed number, both shown
    assert "459 战斗（标题）（及 1 条子规则）" in out
    assert "judge corpus align --remove self-copy" in out
    # the tree now carries the reference's numbers, marked aligned, with name and date
    code, out, err = run(capsys, "rule", new_number, "--json")
    data = json.loads(out)
    rule = data["rule"] if "rule" in data else data
    assert rule["number_source"] == "aligned" and rule["text"] == moved["text"]
    assert "参考文本「self-copy」" in rule["evidence"] and "2026-07-17" in rule["evidence"]
    code, out, err = run(capsys, "rule", "459.1")
    assert code == 0 and "〔仅见于参考文本「self-copy」，中文，非本语料正文〕战斗在一处战场上" in out
    code, out, err = run(capsys, "corpus", "references")
    assert "▶ 应用中  self-copy  中文  2026-07-17" in out and "段采用参考编号" in out
    code, out, err = run(capsys, "corpus", "references", "--report")
    assert code == 0 and f"≈{moved['number']} → {new_number}" in out
    after = snapshot()
    keys = [parse_number(r[1]) for r in after if r[1]]
    assert keys == sorted(keys) and len(keys) == len(set(keys))
    # --remove returns to the shipped numbering, exactly
    code, out, err = run(capsys, "corpus", "align", "--remove", "self-copy")
    assert code == 0 and "规则树恢复为随附语料的编号" in out
    assert snapshot() == before
    code, out, err = run(capsys, "corpus", "align", "--remove", "self-copy")
    assert code == 2 and "没有名为 self-copy 的参考文本" in err


def test_older_numbering_is_reported_but_not_applied(env, capsys):
    before = snapshot()
    code, out, err = run(capsys, "corpus", "align", str(OLDER), "--name", "older")
    assert code == 0, err
    assert "编号体系与本语料自身陈述的编号不一致" in out and "编号偏移" in out and "+3" in out
    assert "347 → 350" in out   # 350 is official now (the shipped numbering map), no longer ≈350
    assert snapshot() == before
    run(capsys, "corpus", "align", "--remove", "older")
    code, out, err = run(capsys, "corpus", "references")
    assert "没有存储任何参考文本" in out


def test_a_reference_that_cannot_be_applied_is_rolled_back(env, capsys, monkeypatch, tmp_path):
    """If applying fails inside the build, the store is still built (shipped numbering), the error is
    shown in Chinese, and the reference is not kept."""
    from judge.rules.align import apply as apply_mod

    def broken(*args, **kwargs):
        raise RuntimeError("simulated failure")

    before = snapshot()
    monkeypatch.setattr(apply_mod, "apply", broken)
    path = tmp_path / "ok.txt"
    path.write_text("300. 游戏结构\n\n301. 一局游戏由一系列回合组成。\n", encoding="utf-8")
    code, out, err = run(capsys, "corpus", "align", str(path), "--name", "broken")
    assert code == 2 and "应用参考文本「broken」时出错" in err and "原有编号未改动" in err and "Traceback" not in err
    assert not (env / "references" / "broken.json").exists()
    monkeypatch.undo()
    assert snapshot() == before
