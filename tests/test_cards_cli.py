"""`judge card` and `judge cards import|list` from the command line: facts, keyword rules, FAQ rulings,
scenarios, the imported official text; bad catalogs are Chinese errors that leave the store untouched.

Imported catalogs here are small fixtures with invented text (no card text is in the repository)."""

import json
import os
from pathlib import Path

import pytest

from cli_run import run
from reference_files import card_catalog

REPO = Path(__file__).resolve().parent.parent




@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A private cache for import tests (the store itself is shared through the session's cache)."""
    from judge.store import cache as store_cache

    real = store_cache.store_path()
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path))
    # Keep reading the session's built store: only the card imports go to tmp_path.
    monkeypatch.setattr(store_cache, "store_path", lambda key=None: real)
    return tmp_path


def test_card_shows_facts_keywords_and_the_encoding(capsys):
    code, out, _ = run(capsys, "card", "精灵女王")
    assert code == 0
    assert out.startswith("精灵女王  [UNL-084/219]")
    assert "费用：法力 7，符能 1（灵光[B]）" in out and "战力：6" in out and "标签：仙灵" in out
    assert "瞬息 (Temporary)［术语］ → 规则 816 瞬息" in out  # named in its text, not a keyword it has
    assert "技能编码（卡牌技能语言，judge/cards/encodings/" in out and "获得关键词 它 瞬息" in out
    assert "官方卡牌文本：未随工具提供" in out


def test_card_rulings_current_first_superseded_marked(capsys):
    code, out, _ = run(capsys, "card", "提莫-军事家")
    assert code == 0
    assert "待命 (Hidden) → 规则 811 待命" in out
    assert "勘误（修订文本，1 条）" in out and "见 C-L755" in out
    faq = out[out.index("FAQ 裁定"):out.index("使用此卡的场景")]
    # Valid rulings first (C-L771 one target, C-L775 what counts), then the partly superseded ones, the referee
    # FAQ's before the core FAQ's: R-L67 (hidden Teemo still playable while control is locked; its removal is
    # now at 466.5.c) and C-L755 (no second trigger: 383.4.f.2.a).
    assert "FAQ 裁定（4 条；现行 2，部分被取代 2（结论仍成立），已被取代 0）" in faq
    order = [faq.index(fid) for fid in ("C-L771", "C-L775", "R-L67", "C-L755")]
    assert order == sorted(order)
    after = faq[faq.index("C-L755"):]
    # 383.4.f.2.a: the official number of the defend-trigger rule that replaced part of it (Teemo defends)
    assert "⚠ 部分被取代（结论仍成立） —— 现行规则 383.4.f.2.a" in after
    assert "⚠ 已被取代" not in faq
    assert "scenarios/triggers/teemo_defend_one_target.场景" in out


def test_card_rulings_superseded_last(capsys):
    # 烈阳徽记: C-L742 and C-L749 valid; C-L724 (a tie) superseded by the combat result and control of 466.
    code, out, _ = run(capsys, "card", "烈阳徽记")
    faq = out[out.index("FAQ 裁定"):out.index("使用此卡的场景")]
    assert code == 0 and "FAQ 裁定（3 条；现行 2，已被取代 1）" in faq
    assert faq.index("C-L742") < faq.index("C-L749") < faq.index("C-L724")
    assert "⚠ 已被取代 —— 现行规则 466" in faq[faq.index("C-L724"):]
    # the order of every card's rulings (judge card, the site's card pages): those no rule replaced, then the
    # partly superseded (their result holds), the superseded last
    from judge.rules.ruling_status import STATUS_ORDER

    assert sorted(STATUS_ORDER, key=STATUS_ORDER.get) == ["valid", "disputed", "partly_superseded", "superseded"]


def test_card_json_carries_the_partly_superseded_status(capsys):
    code, out, _ = run(capsys, "card", "克格莫-腐蚀巨口", "--json")
    faq = {f["id"]: f for f in json.loads(out)["faq"]}
    assert code == 0 and faq["C-L604"]["status"] == "valid"
    # referee FAQ 63: 贪玩的小鬼 survives with 4 damage (the combat damage healed first); old step numbers replaced
    r63 = faq["R-L63"]
    assert (r63["status"], r63["status_label"], r63["superseded_by"]) == \
        ("partly_superseded", "部分被取代（结论仍成立）", "466.1")
    assert r63["status_note"].startswith("结论仍成立")


def test_card_json(capsys):
    code, out, _ = run(capsys, "card", "Baited Hook", "--json")
    data = json.loads(out)
    assert code == 0 and data["schema_version"] == 1 and data["matched_by"] == "english"
    assert data["card"]["name"] == "海兽钓钩" and data["card"]["english"] == "Baited Hook"
    assert {f["id"] for f in data["faq"]} >= {"C-L221", "R-L11", "R-L15"}
    assert [e["id"] for e in data["errata"]] == ["E-L227"]
    files = {s["file"] for s in data["scenarios"]}
    assert "scenarios/chain/baited_hook_karma.场景" in files
    assert data["encoding"]["numbers"] == ["OGN·242"] and data["official_text"] == []
    # a card the language cannot express yet (the catalog lacks the gear's Might bonus) says so
    code, out, _ = run(capsys, "card", "长剑", "--json")
    data = json.loads(out)
    assert code == 0 and data["encoding"] is None and data["official_text"] == []
    assert data["encoding_note"].startswith("该卡牌尚无技能编码（")


def test_card_shows_its_shipped_encoding(capsys):
    code, out, _ = run(capsys, "card", "暗刃")
    assert code == 0
    tail = out[out.index("技能编码（卡牌技能语言，judge/cards/encodings/"):]
    assert "\n  卡牌 暗刃" in tail and "摧毁" in tail
    code, out, _ = run(capsys, "card", "暗刃", "--json")
    data = json.loads(out)
    assert data["encoding"]["text"].startswith("卡牌 暗刃") and "OGN·213" in data["encoding"]["numbers"]


def test_every_cited_keyword_rule_exists_in_the_tree():
    from judge import cards
    from judge.cards import rulings
    from judge.store import open_store

    conn = open_store()
    numbers = {r[0] for r in conn.execute(
        "SELECT number FROM rules WHERE version = (SELECT value FROM meta WHERE key = 'current_version')")}
    linked = set()
    for card in cards.all_cards():
        for k in rulings.keyword_rules(conn, card):
            if k["rule"]:
                assert k["rule"]["number"] in numbers, (card.id, k)
                linked.add((k["keyword"], k["rule"]["number"]))
    assert {("急速", "805"), ("待命", "811"), ("绝念", "808"), ("反应", "813")} <= linked


def test_unknown_and_ambiguous_names(capsys):
    code, _, err = run(capsys, "card", "海兽之钩子王")
    assert code == 1 and "卡牌目录中没有“海兽之钩子王”" in err and "海兽钓钩" in err
    code, _, err = run(capsys, "card", "亚索")
    assert code == 1 and "对应 2 张卡牌" in err and "OGN·076/298" in err
    code, _, err = run(capsys, "card")
    assert code == 1 and "请给出卡牌名称或收藏编号" in err


# ------------------------------------------------------------------ import

def _catalog(path: Path, cards: list[dict], **extra) -> Path:
    doc = {"source": "fixture", "fetchedAt": "2026-01-02", "total": len(cards), "cards": cards, **extra}
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


FIXTURE_TEXT = "测试用文字：这是为测试编写的虚构卡牌文本 {{急速}}，造成{{S}}。"


def _fixture_cards():
    return [
        {"cardNo": "UNL-084/219", "cardName": "精灵女王", "subTitle": "", "cardEffect": FIXTURE_TEXT},
        {"cardNo": "OGN·121/298", "cardName": "提莫", "subTitle": "军事家", "cardEffect": "虚构文本甲。"},
        {"cardNo": "ZZZ·001/001", "cardName": "未来的卡", "subTitle": "", "cardEffect": "虚构文本乙。"},
    ]


def test_import_then_card_shows_the_official_text_with_its_source(capsys, cache, tmp_path):
    src = _catalog(tmp_path / "my-catalog.json", _fixture_cards())
    code, out, _ = run(capsys, "cards", "import", str(src))
    assert code == 0 and "已导入卡牌目录 my-catalog：3 张印刷品" in out and "1 张印刷品不在内置目录中" in out
    stored = cache / "cards" / "my-catalog.json"
    assert stored.is_file()
    code, out, _ = run(capsys, "card", "精灵女王")
    assert "官方卡牌文本（来源：导入的卡牌目录“my-catalog”（抓取于 2026-01-02））：" in out
    assert "测试用文字：这是为测试编写的虚构卡牌文本 [急速]，造成[战力]。" in out
    code, out, _ = run(capsys, "card", "精灵女王", "--json")
    data = json.loads(out)
    assert data["official_text"][0]["text"] == FIXTURE_TEXT
    assert data["official_text"][0]["source"]["name"] == "my-catalog"
    code, out, _ = run(capsys, "cards", "list")
    assert code == 0 and "my-catalog  3 张印刷品" in out
    code, out, _ = run(capsys, "cards", "import", "--remove", "my-catalog")
    assert code == 0 and not stored.exists()
    code, out, _ = run(capsys, "card", "精灵女王")
    assert "官方卡牌文本：未随工具提供" in out


def test_a_card_only_the_imported_catalog_has(capsys, cache, tmp_path):
    newer = {"cardNo": "VEN·001/200", "cardName": "虚构新卡", "subTitle": "", "cardCategoryName": "单位", "energy": 3,
             "returnEnergy": 1, "power": 4, "cardColorList": ["red"], "cardEffect": "虚构文本 {{急速}}。"}
    src = _catalog(tmp_path / "newer.json", _fixture_cards() + [newer])
    assert run(capsys, "cards", "import", str(src))[0] == 0
    code, out, _ = run(capsys, "card", "虚构新卡")
    assert code == 0 and out.startswith("虚构新卡  [VEN·001/200]")
    assert "不在内置卡牌目录（2026-04-27）中，只见于导入的卡牌目录" in out
    assert "费用：法力 3，符能 1" in out and "战力：4" in out and "炽烈（red）" in out
    assert "官方卡牌文本（来源：导入的卡牌目录“newer”（抓取于 2026-01-02））：" in out and "虚构文本 [急速]。" in out
    code, out, _ = run(capsys, "card", "ven1", "--json")
    data = json.loads(out)
    assert data["imported_only"] is True and data["card"]["might"] == 4 and data["faq"] == []
    # Without the import the name is unknown again.
    run(capsys, "cards", "import", "--remove", "newer")
    code, _, err = run(capsys, "card", "虚构新卡")
    assert code == 1 and "卡牌目录中没有“虚构新卡”" in err


def test_import_of_the_publisher_catalog_when_present(capsys, cache):
    ref = card_catalog()
    if ref is None:
        pytest.skip("the publisher's catalog is not beside the repository")
    code, out, _ = run(capsys, "cards", "import", str(ref), "--name", "zh-2026-04")
    assert code == 0 and "1009 张印刷品" in out and "1009 张对应内置卡牌" in out
    code, out, _ = run(capsys, "card", "OGN·001", "--json")
    assert json.loads(out)["official_text"][0]["source"]["fetched_at"] == "2026-04-27"


def _store_snapshot(cache: Path) -> dict:
    folder = cache / "cards"
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


BAD_INPUTS = {
    "not_json": (b"this is not json {", "不是有效的 JSON"),
    "truncated": (b'{"cards": [{"cardNo": "A", ', "第 1 行"),
    "empty_file": (b"", "文件为空"),
    "list_top": (b"[1, 2]", "顶层应为 JSON 对象"),
    "no_cards": (b'{"total": 0}', "缺少 “cards” 列表"),
    "empty_cards": (b'{"cards": []}', "“cards” 列表为空"),
    "wrong_field": (json.dumps({"cards": [{"cardNo": 5, "cardName": "x"}]}).encode(), "字段 “cardNo” 应为非空字符串"),
    "total_mismatch": (json.dumps({"total": 9, "cards": [{"cardNo": "A", "cardName": "x", "cardEffect": "t"}]}).encode(),
                       "文件声明共 9 张"),
    "binary": (b"\x00\x01\x02\x03", "二进制内容"),
    "latin1": ('{"cards": "é"}'.encode("latin-1"), "不是有效的 UTF-8"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_catalogs_are_chinese_errors_and_leave_the_store_untouched(capsys, cache, tmp_path, case):
    good = _catalog(tmp_path / "good.json", _fixture_cards())
    assert run(capsys, "cards", "import", str(good))[0] == 0
    before = _store_snapshot(cache)
    data, expected = BAD_INPUTS[case]
    bad = tmp_path / "good.json.bad"
    bad.write_bytes(data)
    code, out, err = run(capsys, "cards", "import", str(bad), "--name", "good")
    assert code != 0 and expected in err, err
    assert err.startswith("错误：") and "提示：" in err
    assert _store_snapshot(cache) == before
    assert not [p for p in cache.iterdir() if p.name.endswith(".tmp")]


def test_directory_device_missing_and_huge_inputs(capsys, cache, tmp_path, monkeypatch):
    from judge.cards import imported

    code, _, err = run(capsys, "cards", "import", str(tmp_path))
    assert code != 0 and "是一个目录" in err
    if os.path.exists("/dev/zero"):
        code, _, err = run(capsys, "cards", "import", "/dev/zero")
        assert code != 0 and "不是普通文件" in err
    code, _, err = run(capsys, "cards", "import", str(tmp_path / "missing.json"))
    assert code != 0 and "找不到卡牌目录文件" in err
    monkeypatch.setattr(imported, "MAX_BYTES", 100)
    big = _catalog(tmp_path / "big.json", _fixture_cards())
    code, _, err = run(capsys, "cards", "import", str(big))
    assert code != 0 and "卡牌目录文件过大" in err
    assert not (cache / "cards").exists()


def test_remove_unknown_and_import_without_file(capsys, cache):
    code, _, err = run(capsys, "cards", "import", "--remove", "nothing")
    assert code != 0 and "没有名为 nothing 的已导入卡牌目录" in err
    code, _, err = run(capsys, "cards", "import")
    assert code != 0 and "请给出要导入的卡牌目录文件" in err
    code, out, _ = run(capsys, "cards", "list")
    assert code == 0 and "当前没有导入任何卡牌目录" in out


def test_json_error_gives_line_and_column(tmp_path):
    from judge.cards import imported

    bad = tmp_path / "x.json"
    bad.write_text('{\n  "cards": [\n    {"cardNo": "A" "cardName": "x"}\n  ]\n}', encoding="utf-8")
    with pytest.raises(imported.CardImportError) as exc:
        imported.import_file(str(bad))
    assert "第 3 行第 20 列" in exc.value.message and "此处应为逗号" in exc.value.message


def test_collector_numbers_typed_and_unknown(capsys):
    code, out, _ = run(capsys, "card", "ogn121a")
    assert code == 0 and out.startswith("提莫 - 军事家  Teemo, Strategist  [OGN·121/298]")
    assert "（收藏编号 OGN·121a/298 是这张卡牌的印刷版本之一）" in out
    code, _, err = run(capsys, "card", "OGN·999")
    assert code == 1 and "卡牌目录中没有收藏编号为 OGN·999 的卡牌" in err and "OGN 的编号到 310 为止" in err
    code, _, err = run(capsys, "card", "XYZ-1")
    assert code == 1 and "没有 XYZ 系列的卡牌" in err and "OGN" in err


def test_a_faq_name_says_why_it_names_the_card(capsys):
    code, out, _ = run(capsys, "card", "新兵")
    assert code == 0 and out.startswith("随从（德玛西亚）  Recruit  [OGN·271/298]")
    assert "（“新兵”是 FAQ 对这张卡牌的称呼：衍生物 Recruit" in out
    code, out, _ = run(capsys, "card", "堆叠牌库")
    assert code == 0 and out.startswith("卡牌骗术") and "Stacked Deck" in out


def test_cold_judge_card_imports_nothing_heavy():
    """`judge card` is a cold-start path (≤ 2.5× `python3 -c pass`, benchmarks/): no typing, hashlib,
    dataclasses, sqlite3 package (datetime under it), typer or rich."""
    import subprocess
    import sys

    code = ("import sys\nfrom judge.cli import main\ntry:\n    main(['card', '精灵女王'])\nexcept SystemExit:\n    pass\n"
            "heavy = ('typing', 'hashlib', 'dataclasses', 'sqlite3', 'datetime', 'typer', 'rich')\n"
            "print([m for m in heavy if m in sys.modules], file=sys.stderr)")
    for _ in range(2):  # the first run may build the store (a fresh cache); the second is the cold lookup
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8")
    assert "精灵女王" in proc.stdout
    assert proc.stderr.strip().splitlines()[-1] == "[]"
