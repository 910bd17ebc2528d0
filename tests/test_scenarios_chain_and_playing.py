"""Playing cards, the chain, triggers, showdowns, keywords and replacements: their scenarios and unit checks."""

from pathlib import Path

import pytest

from judge.dsl.errors import ScenarioError
from judge.dsl.parser import parse_text
from judge.dsl.validate import validate
from judge.scenario.runner import run_file, run_scenario, scenario_files

CARDS = Path(__file__).resolve().parent.parent / "scenarios" / "cards" / "chain_and_abilities.卡牌"
FOLDERS = ("chain", "playing", "triggers", "showdown", "keywords", "replacement")


def _run(body: str):
    text = f'包含 "{CARDS}"\n模式 1v1\n回合玩家 甲\n' + body
    sc = parse_text(text, "<测试>", base_dir=CARDS.parent)
    validate(sc)
    return run_scenario(sc)


@pytest.mark.parametrize("path", [p for d in FOLDERS for p in scenario_files(f"scenarios/{d}")], ids=str)
def test_chain_and_playing_scenarios_pass(path):
    result = run_file(path)
    assert result.passed, [c.to_dict() for c in result.failures] or result.stop


def test_illegal_play_changes_nothing():
    """358.3.a: an unpayable play is undone whole: card in hand, runes and pool untouched."""
    r = _run("玩家 甲\n手牌: f=火球\n符文池 法力 1\n基地: r1=符文 休眠\n玩家 乙\n基地: w=战士\n"
             "行动:\n  期望非法 甲 打出 f 目标 w\n")
    g = r.game
    assert r.passed
    assert g.objects["f"].zone == "hand" and g.players["甲"].zones["hand"] == ["f"]
    assert g.players["甲"].energy == 1 and g.objects["r1"].zone == "board" and not g.chain


def test_spell_waits_on_the_chain_until_all_pass():
    r = _run("玩家 甲\n手牌: f=火球\n符文池 法力 2\n玩家 乙\n基地: w=战士\n行动:\n  甲 打出 f 目标 w\n  甲 让过\n")
    g = r.game
    assert [i.oid for i in g.chain] == ["f"] and g.priority == "乙"
    assert g.objects["w"].damage == 0 and g.state_name() == "普通闭环"


def test_accelerate_enters_ready_and_costs_extra():
    r = _run("玩家 甲\n手牌: w=急速战士\n符文池 法力 3 符能 1\n玩家 乙\n行动:\n  甲 打出 w 支付急速\n")
    g = r.game
    assert g.objects["w"].zone == "board" and not g.objects["w"].exhausted
    assert (g.players["甲"].energy, g.players["甲"].power) == (0, 0)


def test_trigger_target_missing_stops_with_options():
    r = _run("玩家 甲\n基地: a1=战士, a2=卫兵\n玩家 乙\n战场 bf1: t=提莫-军事家\n战场 bf1 控制者 乙\n"
             "行动:\n  甲 标准移动 a1, a2 -> bf1\n")
    assert r.stop is not None and r.stop.kind == "choice"
    assert sorted(r.stop.options) == ["a1", "a2"] and "选择目标" in r.stop.example


def test_declined_trigger_leaves_the_chain():
    r = _run("玩家 甲\n基地: ahri=阿狸-天真绮梦, r1=符文, r2=符文\n玩家 乙\n战场 bf1: d=法盾战士\n战场 bf1 控制者 乙\n"
             "行动:\n  甲 拒绝支付 ahri\n  甲 标准移动 ahri -> bf1\n")
    g = r.game
    assert not g.chain and g.objects["r1"].zone == "board" and g.objects["d"].damage == 0


def test_hourglass_replaces_death_once():
    r = _run("玩家 甲\n玩家 乙\n基地: z=中娅沙漏, w1=卫兵, w2=卫兵\n行动:\n  甲 造成 2 伤害 -> w1, w2\n")
    g = r.game
    zones = sorted(g.objects[o].zone for o in ("w1", "w2"))
    assert zones == ["board", "trash"] and g.objects["z"].zone == "trash"


def test_unknown_trigger_event_is_a_located_error():
    with pytest.raises(ScenarioError) as err:
        parse_text("卡牌 x 单位 触发 进攻后 效果 抽牌 1\n", "<测试>")
    assert err.value.line == 1 and err.value.column > 1 and err.value.rule == "382"


def test_play_syntax():
    sc = parse_text("行动:\n  甲 打出 f 目标 a, b -> bf1 支付急速\n", "<测试>")
    a = sc.steps[0].action
    assert (a.verb, a.args["targets"], a.args["dest"], a.args["accelerate"]) == ("play", ["a", "b"], "bf1", True)


def test_interactive_answers_are_inserted(tmp_path):
    from judge.scenario.interactive import choice_line, run_interactive

    assert choice_line("甲 排序 a, b", ["a , b"], "1") == "甲 排序 a, b"
    assert choice_line("乙 选择目标 t -> a1", ["a1", "a2"], "2") == "乙 选择目标 t -> a2"
    src = Path("scenarios/triggers/teemo_defend_one_target.场景").read_text("utf-8")
    src = src.replace('"../cards/chain_and_abilities.卡牌"', f'"{CARDS}"').replace("  乙 选择目标 t -> a2\n", "")
    f = tmp_path / "teemo.场景"
    f.write_text(src, "utf-8")
    asked = []
    run = run_interactive(f, lambda p, opts: asked.append(opts) or "2", lambda q: True, lambda s: None)
    assert asked == [["a1", "a2"]] and run.result.passed and run.saved
    assert "乙 选择目标 t -> a2" in f.read_text("utf-8")
    assert run_file(f).passed


def test_cli_interactive_with_piped_input(tmp_path):
    from typer.testing import CliRunner

    from judge.cli.app import app

    src = Path("scenarios/triggers/teemo_defend_one_target.场景").read_text("utf-8")
    src = src.replace('"../cards/chain_and_abilities.卡牌"', f'"{CARDS}"').replace("  乙 选择目标 t -> a2\n", "")
    f = tmp_path / "teemo.场景"
    f.write_text(src, "utf-8")
    res = CliRunner().invoke(app, ["run", "--interactive", str(f)], input="2\nn\n")
    assert res.exit_code == 0, res.output
    assert "1. a1" in res.output and "乙 选择目标 t -> a2" in res.output
    assert f.read_text("utf-8") == src  # declined: the file is unchanged


def test_fox_fire_subsets_are_maximal():
    """FAQ C-L392: all four Recruits +1 → exactly the pairs; one +6 → only the other three."""
    from judge.engine.group_targets import fitting_subsets

    r = _run("玩家 甲\n玩家 乙\n战场 bf2: r1=步卒, r2=步卒, r3=步卒, r4=步卒\n战场 bf2 控制者 乙\n"
             "行动:\n  乙 修改战力 r1 +1\n  乙 修改战力 r2 +1\n  乙 修改战力 r3 +1\n  乙 修改战力 r4 +1\n")
    g = r.game
    units = [g.objects[o] for o in ("r1", "r2", "r3", "r4")]
    subsets = fitting_subsets(g, units, 4)
    assert len(subsets) == 6 and all(len(s) == 2 for s in subsets)
    units[1].modifiers.clear(), units[2].modifiers.clear(), units[3].modifiers.clear()
    units[0].modifiers[0].amount = 6
    assert [[o.oid for o in s] for s in fitting_subsets(g, units, 4)] == [["r2", "r3", "r4"]]


def test_chain_and_playing_scenarios_cite_existing_faq_entries_or_rules():
    """Every scenario of these folders names its source; every FAQ id it cites exists in the FAQ table."""
    import re

    from judge.dsl.parser import load_scenario
    from judge.rules.faq import parse_shipped

    ids = {e.id for pf in parse_shipped() for e in pf.entries}
    files = [p for d in FOLDERS for p in scenario_files(f"scenarios/{d}")]
    assert len(files) >= 45
    for f in files:
        src = " ".join(load_scenario(f).sources)
        assert "规则" in src or re.search(r"[CR]-L\d+", src), f
        missing = [i for i in re.findall(r"[CR]-L\d+", src) if i not in ids]
        assert not missing, (f, missing)
