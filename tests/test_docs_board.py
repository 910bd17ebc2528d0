"""Board pictures on ruling pages: the run records the board at the start, at each checkpoint and at
the end; each becomes an inline SVG whose words are real text and whose units match the position."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from judge.docs.board_svg import render_board
from judge.docs.scenario_runs import run_all_scenarios
from judge.dsl.parser import load_scenario
from judge.paths import scenarios_dir
from judge.scenario.runner import run_file

SVG = "{http://www.w3.org/2000/svg}"
ASSAULT = scenarios_dir() / "combat" / "assault_adds_might_when_attacking.场景"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def cards(root: ET.Element) -> dict[str, dict]:
    """data-id -> {zone, texts} for every card drawn."""
    out = {}
    for zone in root.iter(f"{SVG}g"):
        key = zone.get("data-zone")
        if not key:
            continue
        for card in zone.iter(f"{SVG}g"):
            if card.get("data-id"):
                texts = ["".join(t.itertext()) for t in card.iter(f"{SVG}text")]
                out[card.get("data-id")] = {"zone": key, "texts": texts, "controller": card.get("data-controller"),
                                            "exhausted": card.get("data-exhausted") == "1"}
    return out


def zone_texts(root: ET.Element, key: str) -> list[str]:
    zone = next(g for g in root.iter(f"{SVG}g") if g.get("data-zone") == key)
    return ["".join(t.itertext()) for t in zone.iter(f"{SVG}text")]


BOARD = {
    "turn": 3, "turn_player": "乙", "phase": "main", "state": "法术对决闭环", "victory_score": 8, "winner": None,
    "players": [
        {"name": "甲", "team": "甲", "points": 5, "energy": 2, "power": 1, "xp": 0,
         "zones": {"hand": 3, "deck": 0, "trash": 4, "rune_deck": 0, "banishment": 1, "champion": 0, "legend": 0}},
        {"name": "乙", "team": "乙", "points": 6, "energy": 0, "power": 0, "xp": 2,
         "zones": {"hand": 1, "deck": 9, "trash": 0, "rune_deck": 0, "banishment": 0, "champion": 0, "legend": 0}},
    ],
    "battlefields": [
        {"id": "bf1", "name": "虚空之门", "controller": "乙", "contested_by": "甲", "facedown": True},
        {"id": "bf2", "name": "bf2", "controller": None, "contested_by": None, "facedown": False},
    ],
    "board": [
        {"id": "a1", "name": "突击兵", "type": "unit", "owner": "甲", "controller": "甲", "zone": "board",
         "location": "bf1", "exhausted": True, "might": 4, "damage": 1, "buff": 1, "stunned": False,
         "designation": "attacker", "keywords": {"强攻": 2}},
        {"id": "g1", "name": "长剑", "type": "gear", "owner": "甲", "controller": "甲", "zone": "board",
         "location": "bf1", "exhausted": False, "attached_to": "a1"},
        {"id": "b1", "name": "<script>alert(1)</script>", "type": "unit", "owner": "乙", "controller": "乙",
         "zone": "board", "location": "bf1", "exhausted": False, "might": 3, "damage": 0, "buff": 0,
         "stunned": True, "designation": "defender"},
        {"id": "b2", "name": "卫兵", "type": "unit", "owner": "乙", "controller": "乙", "zone": "board",
         "location": "base", "exhausted": False, "might": 2, "damage": 0, "buff": 0, "stunned": False,
         "designation": None, "token": True},
    ],
    "chain": [{"controller": "甲", "text": "甲 打出的 s（抽牌术）", "pending": False},
              {"controller": "乙", "text": "b2 的触发式技能", "pending": True}],
    "showdown": {"battlefield": "bf1", "combat": True, "focus": "乙"},
}


def test_svg_draws_every_part_of_the_position():
    root = parse(render_board(BOARD, "测试局面"))
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    drawn = cards(root)
    assert set(drawn) == {"a1", "b1", "b2"}  # the gear is drawn on its unit's card
    a1 = drawn["a1"]
    assert a1["zone"] == "bf:bf1" and a1["controller"] == "甲" and a1["exhausted"]
    assert {"突击兵", "战力 4", "伤害 1"} <= set(a1["texts"])
    tags = " ".join(a1["texts"])
    for word in ("休眠", "增益", "强攻 2", "装备 长剑", "进攻方"):
        assert word in tags, word
    assert drawn["b2"]["zone"] == "base:乙" and "衍生物" in " ".join(drawn["b2"]["texts"])
    assert "眩晕" in " ".join(drawn["b1"]["texts"]) and "防守方" in " ".join(drawn["b1"]["texts"])
    bf1 = " ".join(zone_texts(root, "bf:bf1"))
    assert "控制者：乙" in bf1 and "争夺中：甲" in bf1 and "待命区域" in bf1 and "战斗中" in bf1
    assert "无人控制" in " ".join(zone_texts(root, "bf:bf2"))
    base = " ".join(zone_texts(root, "base:甲"))
    assert "5 分" in base and "手牌 3" in base and "主牌堆 0" in base and "放逐 1" in base
    words = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert any("第 3 回合" in w and "乙的回合" in w for w in words)
    assert any("甲 5 分" in w and "乙 6 分" in w for w in words)
    chain = [w for w in words if re.match(r"^\d\. ", w)]
    assert chain == ["2. 乙：b2 的触发式技能（待处理）", "1. 甲：甲 打出的 s（抽牌术）"]  # the top resolves first


def test_svg_text_is_escaped_and_inert():
    svg = render_board(BOARD)
    root = parse(svg)  # well-formed XML: a hostile name cannot break out
    assert "<script" not in svg
    assert not [e for e in root.iter() if e.tag.split("}")[-1] in ("script", "foreignObject", "a", "image")]
    assert not [k for e in root.iter() for k in e.attrib if k.lower().startswith("on")]
    assert "<script>alert(1)</script>" in [("".join(t.itertext())) for t in root.iter(f"{SVG}text")]
    assert "\n\n" not in svg  # one raw-HTML block in Markdown


def test_run_records_the_board_at_start_checkpoints_and_end():
    result = run_file(ASSAULT)
    sc = load_scenario(ASSAULT)
    checkpoints = [s.pos.line for s in sc.steps if s.kind == "check"]
    assert [b["at"] for b in result.boards] == ["start"] + ["checkpoint"] * len(checkpoints) + ["end"]
    assert [b["line"] for b in result.boards if b["at"] == "checkpoint"] == checkpoints
    start = {o["id"]: o for o in result.boards[0]["board"]["board"]}
    # the start is the declared setup: a1 突击兵 in 甲's base, s1 s2 步兵 at bf1, bf1 controlled by 乙
    assert {k: (o["name"], o["location"], o["might"]) for k, o in start.items()} == {
        "a1": ("突击兵", "base", 2), "s1": ("步兵", "bf1", 2), "s2": ("步兵", "bf1", 2)}
    # the scenario's checkpoint (rule 807): attacking, the Assault unit has Might 4 at bf1
    checkpoint = {o["id"]: o for o in result.boards[1]["board"]["board"]}
    assert checkpoint["a1"]["location"] == "bf1" and checkpoint["a1"]["might"] == 4
    assert checkpoint["a1"]["designation"] == "attacker"
    # the end: everyone destroyed, nobody controls bf1 (the scenario's expectations)
    end = result.boards[-1]["board"]
    assert end["board"] == [] and end["battlefields"][0]["controller"] is None


@pytest.fixture(scope="module")
def assault_page(tmp_path_factory):
    from docs_fixture import make_store

    from judge.docs.build import build_docs

    root = tmp_path_factory.mktemp("scenarios")
    (root / "combat").mkdir()
    (root / "combat" / ASSAULT.name).write_text(ASSAULT.read_text(encoding="utf-8").replace(
        '包含 "../cards/origins.卡牌"', f'包含 "{(scenarios_dir() / "cards" / "origins.卡牌").as_posix()}"'),
        encoding="utf-8")
    rulings, notes = run_all_scenarios(root)
    assert not notes, notes
    report = build_docs(tmp_path_factory.mktemp("docs") / "out", conn=make_store(), rulings=rulings, results_md=None)
    return (report.out_dir / "rulings/combat/assault-adds-might-when-attacking.md").read_text(encoding="utf-8")


def test_ruling_page_shows_start_checkpoint_and_end_pictures(assault_page):
    md = assault_page
    figures = re.findall(r'<figure class="judge-board-figure" data-search-exclude>\n(<svg .*?</svg>)\n<figcaption>(.*?)</figcaption>', md,
                         flags=re.S)
    assert [caption for _, caption in figures] == ["开始时的局面", "第 13 行检查点时的局面", "推演结束时的局面"]
    start, check, end = (cards(parse(svg)) for svg, _ in figures)
    assert start["a1"]["zone"] == "base:甲" and "战力 2" in start["a1"]["texts"]
    assert check["a1"]["zone"] == "bf:bf1" and "战力 4" in check["a1"]["texts"]
    assert end == {}
    # the DSL source stays beside the picture; the trace's checkpoint links to its picture
    assert '???+ note "局面的场景写法"' in md and "    基地: a1=突击兵" in md
    assert "### 第 13 行：a1 战力 4 ✓ {#board-line-13}" in md
    assert "〔[局面图](#board-line-13)〕" in md
    assert md.index("{#board}") < md.index("{#trace}") < md.index("{#checkpoints}") < md.index("{#expectations}")


def test_ruling_page_links_and_anchors_resolve_with_pictures(assault_page, tmp_path):
    from judge.docs.linkcheck import page_anchors, page_links

    anchors = page_anchors(assault_page)
    for link in page_links(assault_page):
        if link.startswith("#"):
            assert link[1:] in anchors, link
