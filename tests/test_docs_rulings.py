"""Ruling pages from real engine runs: a shipped scenario becomes a page whose trace links its rules."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from docs_fixture import make_store

from judge.docs.build import build_docs
from judge.docs.linkcheck import check_dir, page_links
from judge.docs.scenario_runs import board_text, run_all_scenarios, topic_label
from judge.paths import scenarios_dir

BURN_OUT = scenarios_dir() / "scoring" / "burn_out_draw_empty_deck.场景"


def test_board_text_stops_before_actions():
    src = "场景 x\n玩家 甲\n分数 3\n行动:\n  甲 结束回合\n期望:\n  甲 分数 3\n"
    assert board_text(src) == "场景 x\n玩家 甲\n分数 3"
    assert board_text("玩家 甲") == "玩家 甲"


@pytest.fixture()
def one_scenario(tmp_path):
    if not BURN_OUT.is_file():
        pytest.skip("the burn-out scenario is not shipped")
    root = tmp_path / "scenarios"
    (root / "scoring").mkdir(parents=True)
    shutil.copy(BURN_OUT, root / "scoring" / BURN_OUT.name)
    (root / "scoring" / "broken.场景").write_text("场景 坏的\n玩家 <script>\n行动 ???\n", encoding="utf-8")
    return root


def test_scenarios_become_rulings_and_a_broken_one_says_why(one_scenario):
    rulings, notes = run_all_scenarios(one_scenario)
    by_path = {r.path: r for r in rulings}
    good = by_path["scoring/burn_out_draw_empty_deck.场景"]
    assert good.topic == "得分" and good.folder == "scoring"
    assert good.passed, [e for e in good.expectations if not e.ok]
    assert "431" in good.cited_rules  # burn out (规则 431.燃尽) is applied
    assert "行动" not in good.board and "玩家 甲" in good.board
    bad = by_path["scoring/broken.场景"]
    assert bad.error and not bad.passed
    assert bad.title == "坏的"  # read from the file's own header line
    assert any("1 个场景无法运行" in n for n in notes)


def test_ruling_page_from_engine_links_back_and_forth(one_scenario, tmp_path):
    from judge.store import open_store

    rulings, _ = run_all_scenarios(one_scenario)
    report = build_docs(tmp_path / "out", conn=open_store(), rulings=rulings, results_md=None)
    md = (report.out_dir / "rulings/scoring/burn-out-draw-empty-deck.md").read_text(encoding="utf-8")
    assert "../../rules/431.md#r-431" in page_links(md)
    assert "- ✓ 乙 分数 4" in md
    rule_page = (report.out_dir / "rules/431.md").read_text(encoding="utf-8")
    assert "../rulings/scoring/burn-out-draw-empty-deck.md" in page_links(rule_page)
    broken = (report.out_dir / "rulings/scoring/broken.md").read_text(encoding="utf-8")
    assert "无法运行" in broken and "<script>" not in broken.split("```")[0]
    assert check_dir(report.out_dir).broken == []


def _is_chinese_label(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text)) and not re.search(r"[A-Za-z]", text)


def test_every_scenario_folder_has_a_chinese_topic_name():
    from judge.scenario.runner import scenario_files

    root = scenarios_dir()
    folders = {p.relative_to(root).parts[0] for p in scenario_files(root) if len(p.relative_to(root).parts) > 1}
    assert {"delayed", "linked", "reflexive", "combat"} <= folders
    unnamed = sorted(f for f in folders if not _is_chinese_label(topic_label(f)))
    assert unnamed == [], f"scenario folders shown in English in the site navigation: {unnamed}"


def test_site_navigation_names_are_chinese(one_scenario, tmp_path):
    """The rulings part of the generated navigation: every topic group is named in Chinese."""
    for folder in ("delayed", "linked", "reflexive"):
        src = next((scenarios_dir() / folder).glob("*.场景"))
        (one_scenario / folder).mkdir()
        shutil.copy(src, one_scenario / folder / src.name)
    rulings, _ = run_all_scenarios(one_scenario)
    report = build_docs(tmp_path / "out", conn=make_store(), rulings=rulings, results_md=None)
    nav = json.loads((report.out_dir / ".nav.json").read_text(encoding="utf-8"))
    rulings_nav = next(item["注释裁定"] for item in nav if isinstance(item, dict) and "注释裁定" in item)
    groups = [next(iter(g)) for g in rulings_nav if isinstance(g, dict)]
    assert {"延迟技能", "关联技能", "内嵌式触发", "得分"} <= set(groups)
    assert all(_is_chinese_label(g) for g in groups), groups


def test_runs_are_reused_until_a_scenario_changes(one_scenario, monkeypatch):
    from judge.scenario import runner

    first = run_all_scenarios(one_scenario)
    calls = []
    real = runner.run_file
    monkeypatch.setattr(runner, "run_file", lambda path: calls.append(path) or real(path))
    assert run_all_scenarios(one_scenario) == first and calls == []  # nothing changed: the saved runs
    scenario = one_scenario / "scoring" / BURN_OUT.name
    scenario.write_text(scenario.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    again = run_all_scenarios(one_scenario)
    edited = {r.path: r for r in again[0]}["scoring/" + BURN_OUT.name]
    assert len(calls) == 2 and edited.source_text.endswith("# edited\n") and edited.passed


def test_a_damaged_saved_run_is_ignored(one_scenario, monkeypatch):
    from judge.docs import rulings_cache
    from judge.scenario import runner

    first = run_all_scenarios(one_scenario)
    rulings_cache.path().write_bytes(b"not a pickle")  # truncated or written by another version
    calls = []
    real = runner.run_file
    monkeypatch.setattr(runner, "run_file", lambda path: calls.append(path) or real(path))
    assert run_all_scenarios(one_scenario) == first and len(calls) == 2  # both files ran again, same rulings
    assert run_all_scenarios(one_scenario) == first and len(calls) == 2  # and were saved again


def test_long_card_topic_is_grouped_by_set_and_number_range_in_the_navigation():
    """The theme renders every entry of the open navigation group on each of its pages: a long topic is
    split by set folder, then by collector-number range, in order, never splitting one card's rulings."""
    from types import SimpleNamespace

    from judge.docs.build import NAV_GROUP, _topic_nav
    from judge.docs.rulings_model import Ruling

    rulings = []
    for n in range(1, 71):
        rulings.append(Ruling(slug=f"ogn-{n:03d}", path=f"cards/OGN/OGN-{n:03d}-甲.场景", topic="卡牌", title=f"甲{n}"))
        if n == 36:  # a second ruling of the card where the first group is full
            rulings.append(Ruling(slug="ogn-036-b", path="cards/OGN/OGN-036-甲b.场景", topic="卡牌", title="甲36b"))
    rulings.append(Ruling(slug="x", path="cards/OGN/fiora_x.场景", topic="卡牌", title="无编号"))
    rulings += [Ruling(slug=f"ogs-{n:03d}", path=f"cards/OGS/OGS-{n:03d}-乙.场景", topic="卡牌", title=f"乙{n}")
                for n in range(1, 4)]
    ctx = SimpleNamespace(ruling_page={ru.path: f"rulings/cards/{ru.slug}.md" for ru in rulings})

    nav = _topic_nav(ctx, rulings)
    labels = [next(iter(group)) for group in nav]
    assert labels == ["OGN 起源 001–036", "OGN 起源 037–070", "OGS 起源 试炼之地"]
    groups = [next(iter(group.values())) for group in nav]
    flat = [next(iter(entry.values())) for group in groups for entry in group]
    assert flat == [ctx.ruling_page[ru.path] for ru in rulings]  # every ruling once, in order
    assert all(len(g) <= NAV_GROUP for g in groups)
    first = [next(iter(e.values())) for e in groups[0]]
    assert first[-2:] == ["rulings/cards/ogn-036.md", "rulings/cards/ogn-036-b.md"]
    # a short topic stays a flat list
    assert _topic_nav(ctx, rulings[:5]) == [{ru.title: ctx.ruling_page[ru.path]} for ru in rulings[:5]]
