"""The bilingual glossary: curated file, FAQ pairs, rule definitions, the store tables."""

import pytest

from judge.errors import CorpusError
from judge.paths import corpus_dir
from judge.rules import glossary as g

KEYWORDS = ["急速", "迅捷", "强攻", "绝念", "法盾", "游走", "待命", "反应", "瞬息", "装配", "灵便", "鼓舞", "坚守",
            "壁垒", "回响", "百炼", "等级", "预视", "伏击", "狩猎", "唯我", "后排"]


def R(n, text="", title=None, src="inferred", head=0):
    return {"id": f"v:{n}", "number": n, "display_number": n, "number_source": src, "title": title,
            "text": text, "is_heading": head}


MINI = [
    R("147", "致命伤害是指在清理期间会导致单位被摧毁的标记伤害数值。"),
    R("203.2", "额外费用：法术或技能的额外费用是指除基础费用以外的费用。"),
    R("341.4", "此类法术对决称为非战斗法术对决。在非战斗法术对决进行期间……"),
    R("318", title="清理", head=1, src="cited"),
    R("435", "此类关键词可能是依赖性关键词，如[鼓舞][>]和[等级][>]，也可能是[绝念]。[数额]不是。"),
    R("436", "[急速]关键词让单位以活跃状态进场。"),
    R("800", title="关键词", src="absent"), R("808", title="绝念", src="absent"),
    R("812", title="鼓舞〔标题为本工具所拟〕", src="absent"),
]


@pytest.fixture(scope="module")
def faq_text():
    return (corpus_dir() / "origins-core-rules-faq.zh.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def terms(faq_text):
    return {t.term: t for t in g.build_glossary(MINI, faq_text)}


def test_curated_file_is_complete():
    rows = g.load_curated()
    names = {r.term for r in rows}
    assert set(KEYWORDS) <= names
    for r in rows:
        assert r.english or r.source.startswith("faq"), r.term
        assert r.source, r.term


def test_malformed_curated_file_names_the_line(tmp_path):
    bad = tmp_path / "g.tsv"
    bad.write_text("term\tenglish\tkind\trule\taliases\tsource\n绝念\tDeathknell\tkeyword\t\tbogus\tcurated: x\n",
                   encoding="utf-8")
    with pytest.raises(CorpusError, match="第 2 行"):
        g.load_curated(bad)


def test_english_mined_from_faq_pairs(terms):
    assert (terms["绝念"].english, terms["绝念"].source) == ("Deathknell", "C-L604")
    assert terms["待命"].english == "Hidden" and terms["待命"].source == "C-L133"
    assert terms["游走"].english == "Ganking"
    assert terms["废牌堆"].english == "Trash" and "坟场" in terms["废牌堆"].source
    assert terms["法术对决"].english == "Showdown"   # FAQ: 交锋 (showdown)
    assert terms["战力"].english == "Might"
    assert terms["燃尽"].english == "Burn Out"


def test_faq_synonyms_with_their_lines(terms):
    assert terms["待命"].aliases["潜伏"] == ("synonym", "C-L498")
    assert terms["废牌堆"].aliases["坟场"][0] == "synonym"
    assert terms["战力"].aliases["力量值"] == ("synonym", "C-L85")
    assert terms["绝念"].aliases["临终遗言"] == ("synonym", "C-L606")
    for faq_word, corpus in [("横置", "休眠"), ("交锋", "法术对决"), ("消灭", "摧毁"), ("衍生物", "指示物"),
                             ("新兵", "随从"), ("能量", "法力"), ("链", "结算链"), ("优先权", "优先行动权"),
                             ("劫掠", "游走"), ("突击", "强攻"), ("军团", "鼓舞"), ("引导", "召出"),
                             ("治疗", "移除伤害"), ("准备", "活跃"), ("重置", "活跃"), ("响应", "反应")]:
        assert terms[corpus].aliases[faq_word][0] == "synonym", faq_word


def test_shield_trap(terms):
    # The FAQ's "法盾 (Shield)" (C-L767) means 坚守; the core rules' 法盾 is Deflect.
    assert terms["法盾"].english == "Deflect"
    assert terms["坚守"].english == "Shield"
    assert "Shield" not in terms["法盾"].aliases and "法盾" not in terms["坚守"].aliases
    assert [t.term for t in g.lookup(list(terms.values()), "Shield")] == ["坚守"]


def test_curated_english_for_unpaired_terms(terms):
    for zh, en in [("清理", "Cleanup"), ("召回", "Recall"), ("壁垒", "Tank"), ("休眠", "Exhaust"),
                   ("征服", "Conquer"), ("据守", "Hold"), ("急速", "Accelerate"), ("鼓舞", "Legion"),
                   ("迅捷", "Action"), ("反应", "Reaction"), ("强攻", "Assault")]:
        assert terms[zh].english == en, zh
    assert terms["瞬息"].aliases["Ephemeral"][0] == "english"
    assert terms["清理"].source.startswith("curated:")


def test_rule_definitions_and_links(terms):
    assert terms["致命伤害"].rule_id == "v:147"
    assert terms["额外费用"].rule_id == "v:203.2" and terms["额外费用"].kind == "definition"
    assert terms["非战斗法术对决"].rule_id == "v:341.4"
    assert terms["清理"].rule_id == "v:318"      # by heading title
    assert terms["绝念"].rule_id == "v:808"      # the cited keyword chapter
    assert terms["鼓舞"].rule_id == "v:812"      # its own rule (titled by the tool), not the chapter 800
    assert "数额" not in terms                    # a placeholder in brackets, not a keyword


def test_lookup_is_case_insensitive(terms):
    found = g.lookup(list(terms.values()), "deathknell")
    assert [t.term for t in found] == ["绝念"]
    assert [t.term for t in g.lookup(list(terms.values()), "潜伏")] == ["待命"]


# ---------------------------------------------------------------- store

@pytest.fixture(scope="module")
def conn():
    from judge.store import open_store

    return open_store()


def test_store_terms_and_aliases(conn):
    row = conn.execute("""SELECT t.english, r.number FROM terms t JOIN rules r ON r.id = t.rule_id
                          WHERE t.term = '绝念'""").fetchone()
    assert tuple(row) == ("Deathknell", "808")
    aliases = {(a, k) for a, k in conn.execute("SELECT alias, kind FROM term_aliases WHERE term = '待命'")}
    assert {("潜伏", "synonym"), ("Hidden", "english")} <= aliases
    assert conn.execute("SELECT term FROM term_aliases WHERE alias='坟场' AND kind='synonym'").fetchone()[0] == "废牌堆"
    kws = {r[0] for r in conn.execute("SELECT term FROM terms WHERE kind='keyword'")}
    assert set(KEYWORDS) <= kws
    cards = {r[0] for r in conn.execute("SELECT term FROM terms WHERE kind='card'")}
    assert {"提莫-军事家", "海兽钓钩", "拉文布鲁姆学生"} <= cards


def test_store_term_rules_exist(conn):
    dangling = conn.execute("""SELECT count(*) FROM terms t WHERE t.rule_id IS NOT NULL
                               AND NOT EXISTS (SELECT 1 FROM rules r WHERE r.id = t.rule_id)""").fetchone()[0]
    assert dangling == 0


def test_store_curated_rule_links_exist(conn):
    for c in g.load_curated():
        if not c.rule:
            continue
        row = conn.execute("""SELECT r.number FROM terms t JOIN rules r ON r.id = t.rule_id
                              WHERE t.term = ? AND t.kind != 'card'""", (c.term,)).fetchone()
        assert row is not None and row[0] == c.rule, c.term


def test_store_rules_definitions_link(conn):
    # "休眠是一种行动…", "单位为：…" define their terms
    for term in ("休眠", "单位", "致命伤害"):
        row = conn.execute("SELECT r.text FROM terms t JOIN rules r ON r.id = t.rule_id WHERE t.term = ?", (term,)).fetchone()
        assert row is not None and row[0].startswith(term), term


@pytest.mark.parametrize("english,term", [
    ("Deathknell", "绝念"), ("Hidden", "待命"), ("Ganking", "游走"), ("Showdown", "法术对决"), ("Chain", "结算链"),
    ("Cleanup", "清理"), ("Burn Out", "燃尽"), ("Recall", "召回"), ("Tank", "壁垒"), ("Deflect", "法盾"),
    ("Legion", "鼓舞"), ("Exhaust", "休眠"), ("Conquer", "征服"), ("Hold", "据守"), ("Might", "战力"),
    ("Accelerate", "急速"), ("Assault", "强攻"), ("Shield", "坚守"), ("Reaction", "反应"), ("Action", "迅捷"),
    ("Ephemeral", "瞬息"), ("Equip", "装配"), ("Quick-draw", "灵便"), ("Echo", "回响"), ("Trash", "废牌堆"),
    ("Vision", "预视"), ("Level", "等级"), ("Weaponmaster", "百炼"),
])
def test_store_english_names_resolve(conn, english, term):
    from judge.rules import faq_lookup

    assert [r["term"] for r in faq_lookup.glossary(conn, english)][0] == term
