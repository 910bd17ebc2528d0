"""A small store in the schema of judge.store.schema, for the docs tests.

It holds one of everything the site renders (cited/inferred/absent rules, a cross-reference,
examples, explicit/mapped/suggested FAQ links, a superseded and a partly superseded ruling, errata, a term, two versions)
and hostile text (`<script>`, Markdown syntax) in every kind of field, so escaping is tested everywhere.
"""

from __future__ import annotations

import sqlite3

from judge.docs.rulings_model import Expectation, Ruling, TraceStep
from judge.store.schema import TABLES

V = "2026-07-17"
XSS = "<script>alert('x')</script>"
HOSTILE = f"{XSS} *粗体* [链接](http://evil.example) <img src=x onerror=alert(1)> | # `code`"


def _rule(number, *, title="", text="", source="cited", level=None, ord_=0, heading=0, version=V,
          display=None, conf=None, evidence="", parent=""):
    level = number.count(".") if level is None else level
    return {
        "id": f"{version}:{number}", "version": version, "number": number,
        "display_number": display or number, "number_source": source, "confidence": conf,
        "evidence": evidence, "parent": parent, "level": level, "ord": ord_, "title": title, "text": text,
        "is_heading": heading, "source_file": "core-rules-2026-07-17.zh.txt", "source_line": ord_ * 2 + 1,
    }


RULES = [
    _rule("318", title="清理", ord_=1, heading=1),
    _rule("318.1", text="清理时按顺序执行以下步骤。", ord_=2, parent=f"{V}:318"),
    _rule("318.3.b", text="执行燃尽。想获取更多有关信息，请查阅 规则 431.燃尽。", ord_=3, parent=f"{V}:318.1"),
    _rule("349", title="打出卡牌", ord_=4, heading=1),
    _rule("349.1", text=f"打出卡牌时先将其置于结算链上。{HOSTILE} 战斗见规则 459.战斗。", ord_=5,
          parent=f"{V}:349"),
    _rule("352.8.a", text="单位以休眠状态进场。", source="inferred", display="≈352.8.a", conf=0.72,
          evidence=f"位于 352.8 之后的第一项 {XSS}", ord_=6, parent=f"{V}:349"),
    _rule("431", title="燃尽", text="如果玩家必须从空的主牌堆抽牌，则执行燃尽：对手获得 1 分。", ord_=7, heading=1),
    _rule("459", title="战斗", source="absent", ord_=8, heading=1),
    _rule("346", title="打出卡牌", text="", source="source", version="older", ord_=1, heading=1),
    _rule("346.1", text="清理时依次执行以下步骤。", source="source", version="older", ord_=2),
    _rule("346.2", text="这是旧版独有的段落。", source="source", version="older", ord_=3),
]
EXAMPLES = [{"rule_id": f"{V}:349.1", "ord": 1, "text": f"举例：打出“暴走萝莉”。{XSS}", "source_line": 12}]
REFS = [
    {"from_rule": f"{V}:318.3.b", "to_number": "431", "to_rule": f"{V}:431", "cited_title": "燃尽",
     "raw": "规则 431.燃尽", "source_file": "x", "source_line": 7},
    {"from_rule": f"{V}:349.1", "to_number": "459", "to_rule": f"{V}:459", "cited_title": "战斗",
     "raw": "规则 459.战斗", "source_file": "x", "source_line": 11},
]
FAQ = [
    {"id": "core-1", "doc": "core", "part": "第一部分", "topic": "资源", "card": "",
     "question": "主牌堆空了还要抽牌会怎样？", "answer": "执行燃尽，对手得 1 分。", "bullets": '[{"text": "然后继续抽牌。", "line": 11, "children": [{"text": "嵌套的子项 <b>", "line": 12, "children": []}]}]',
     "truncated": 0, "status": "valid", "superseded_by": "", "status_note": "",
     "source_file": "origins-core-rules-faq.zh.txt", "source_line": 10},
    {"id": "core-2", "doc": "core", "part": "第一部分", "topic": "战斗", "card": "",
     "question": f"旧裁定？{XSS}", "answer": f"旧答案 {HOSTILE}", "bullets": "",
     "truncated": 0, "status": "superseded", "superseded_by": f"{V}:318.3.b",
     "status_note": f"现行规则改为清理步骤 {XSS}", "source_file": "origins-core-rules-faq.zh.txt", "source_line": 20},
    {"id": "core-4", "doc": "core", "part": "第一部分", "topic": "战斗", "card": "",
     "question": f"结论仍成立的旧裁定？{XSS}", "answer": "结论不变。", "bullets": "",
     "truncated": 0, "status": "partly_superseded", "superseded_by": f"{V}:318.1",
     "status_note": f"结论仍成立；被取代的是时点 {XSS}", "source_file": "origins-core-rules-faq.zh.txt", "source_line": 25},
    {"id": "core-3", "doc": "core", "part": "第二部分", "topic": "", "card": "暴走萝莉",
     "question": "她的能力何时触发？", "answer": "打出时。", "bullets": "",
     "truncated": 0, "status": "valid", "superseded_by": "", "status_note": "",
     "source_file": "origins-core-rules-faq.zh.txt", "source_line": 30},
    {"id": "ref-1", "doc": "referee", "part": f"问答 {XSS}", "topic": "", "card": "",
     "question": "果可以，【拉文布鲁姆学生】会怎样？", "answer": "见规则 [322.2.]。", "bullets": "",
     "truncated": 1, "status": "valid", "superseded_by": "", "status_note": "",
     "source_file": "origins-referee-faq.zh.txt", "source_line": 5},
]
FAQ_REFS = [
    {"faq_id": "core-1", "raw": "规则 431", "old_number": "", "rule_id": f"{V}:431", "method": "explicit", "confidence": 1.0},
    {"faq_id": "ref-1", "raw": "规则 [322.2.]", "old_number": "322.2", "rule_id": f"{V}:318.1", "method": "mapped", "confidence": 0.8},
    {"faq_id": "ref-1", "raw": "规则 [440.1.b.]", "old_number": "440.1.b", "rule_id": f"{V}:431", "method": "renumbered",
     "confidence": 1.0},
    {"faq_id": "core-3", "raw": "", "old_number": "", "rule_id": f"{V}:349.1", "method": "suggested", "confidence": 0.5},
    {"faq_id": "core-4", "raw": "", "old_number": "", "rule_id": f"{V}:318.1", "method": "status", "confidence": 1.0},
]
ERRATA = [{"id": "err-1", "card_zh": "暴走萝莉", "card_en": "Jinx, Loose Cannon", "text": f"修订后的文本。{XSS}",
           "faq_id": "core-3", "source_line": 31}]
TERMS = [{"term": "燃尽", "english": "Burn Out", "rule_id": f"{V}:431", "kind": "defined", "source": "规则 431"},
         {"term": "结算链", "english": "Chain", "rule_id": f"{V}:349.1", "kind": "defined", "source": "core-1（FAQ 写作“连锁”）"}]
ALIASES = [{"alias": "燃盡", "term": "燃尽", "kind": "traditional", "source": "opencc"},
           {"alias": "Burn Out", "term": "燃尽", "kind": "english", "source": "FAQ"}]
VERSIONS = [
    {"version": V, "file": "core-rules-2026-07-17.zh.txt", "kind": "rules", "sha256": "9d99" * 16,
     "description": "current", "paragraphs": 7},
    {"version": "older", "file": "core-rules-playing-cards-excerpt-older-numbering.zh.txt",
     "kind": "rules-excerpt-numbered", "sha256": "f730" * 16, "description": "older", "paragraphs": 3},
]
META = [{"key": "corpus_hash", "value": "abc123"}, {"key": "schema_version", "value": "1"}]


def make_store(path=":memory:", empty: bool = False) -> sqlite3.Connection:
    """The fixture store; empty=True creates every table with no rows."""
    conn = sqlite3.connect(str(path))
    for table, cols in TABLES.items():
        decl = ", ".join(f"[{c}] {'INTEGER' if t is int else 'REAL' if t is float else 'TEXT'}" for c, t in cols.items())
        conn.execute(f"create table [{table}] ({decl})")
    if not empty:
        for table, rows in [("rules", RULES), ("examples", EXAMPLES), ("refs", REFS), ("faq", FAQ),
                            ("faq_refs", FAQ_REFS), ("errata", ERRATA), ("terms", TERMS),
                            ("term_aliases", ALIASES), ("versions", VERSIONS), ("meta", META)]:
            for row in rows:
                cols = list(row)
                conn.execute(f"insert into [{table}] ({', '.join(cols)}) values ({', '.join('?' * len(cols))})",
                             [row[c] for c in cols])
    conn.commit()
    return conn


def make_rulings() -> list[Ruling]:
    return [
        Ruling(
            slug="burn-out", path="turn/burn_out.rbs", topic="turn", title=f"空牌堆抽牌：燃尽 {XSS}",
            question=f"回合玩家的主牌堆为空时进入抽牌阶段会怎样？{XSS}",
            sources=["core-1", "431"], board="玩家 A：主牌堆 空\n玩家 B：0 分",
            source_text=f"# 场景\n玩家 A {{ 主牌堆: [] }}\n期望 B.分数 == 1\n```\n{XSS}",
            steps=[
                TraceStep(1, "抽牌阶段：A 须抽一张牌，但主牌堆为空", rules=["318.3.b"]),
                TraceStep(2, f"A 执行燃尽，B 获得 1 分 {XSS}", rules=["431", "≈352.8.a"], faq=["core-1"],
                          changes=["B.分数 0→1"]),
            ],
            expectations=[Expectation("B 的分数为 1", True), Expectation(f"A 输掉游戏 {XSS}", False, "实际：游戏继续")],
        ),
    ]
