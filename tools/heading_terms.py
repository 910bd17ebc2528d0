"""Generate judge/search/data/heading_terms.tsv: English heading terms of the official rules paired
with the Chinese term of the same rule.

A term pair is a fact (two names of one rule); no sentence of either document is copied. Inputs, all
read at development time only:
  - the official English rules (the reference text: one numbered rule per line),
  - the numbering map (rules_corpus/numbering-map.tsv: official number -> line of the Chinese corpus),
  - the Chinese corpus itself.
For each short English heading ("414. Exhaust") the Chinese paragraph at that number (or its first
sub-rule) names the same thing: its heading title, or the subject of its defining sentence
("休眠是一种行动" -> 休眠). Headings whose Chinese term cannot be read that way are taken from
OVERRIDES (checked by hand against both documents) or skipped and listed.

    python tools/heading_terms.py [--english PATH] [--map PATH] [--out PATH]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ENGLISH_NAME = "core-rules-v1.4-2026-06-18.en.txt"


def default_english() -> Path:
    """The reference text: $JUDGE_REFERENCE_DIR, else shared/reference beside the checkout."""
    import os

    for base in (os.environ.get("JUDGE_REFERENCE_DIR"), REPO.parent / "shared" / "reference", "/work/shared/reference"):
        if base and (Path(base) / ENGLISH_NAME).is_file():
            return Path(base) / ENGLISH_NAME
    return Path(ENGLISH_NAME)
DEFAULT_MAP = REPO / "rules_corpus" / "numbering-map.tsv"
CORPUS = REPO / "rules_corpus" / "core-rules-2026-07-17.zh.txt"
DRAFTED = REPO / "judge" / "rules" / "data" / "drafted_titles.tsv"
FAQS = [REPO / "rules_corpus" / "origins-core-rules-faq.zh.txt", REPO / "rules_corpus" / "origins-referee-faq.zh.txt"]
OUT = REPO / "judge" / "search" / "data" / "heading_terms.tsv"

HEADING = re.compile(r"^(\d{3}(?:\.[0-9a-z]+)*)\.? ([A-Z][A-Za-z' \-]{1,40})$")
# "337. Step 1: Finalize" (a step's name), "469.1. Conquer: A player gains…" (a term defined inline).
STEP = re.compile(r"^(\d{3}(?:\.[0-9a-z]+)*)\.? (?:Step \d+[a-z]?: )([A-Z][A-Za-z' \-]{1,30})$")
INLINE = re.compile(r"^(\d{3}(?:\.[0-9a-z]+)*)\.? ([A-Z][A-Za-z\-]+(?: [A-Z][A-Za-z\-]+){0,2}): [A-Z]")
# Subjects of defining sentences: "休眠是一种行动", "弃置卡牌，是指", "眩晕指的是", "伤害是一种".
DEFINING = re.compile(r"^(?:“)?([\u4e00-\u9fff]{2,8}?)(?:”)?(?:卡牌)?[，,]?(?:是指|指的是|即为|是一种|是一个|为游戏物体|指)")

# Headings read by hand (English heading -> Chinese term of the same rule in the corpus).
OVERRIDES = {
    "Deck Construction": "卡组构筑", "Chosen Champion": "选定英雄",
    "Rune Deck": "符文牌堆", "Setup": "准备阶段", "The Board": "场地", "Bases": "基地",
    "Battlefield Zone": "战场区域", "Facedown Zones": "待命区域", "Legend Zone": "传奇区域",
    "Non-Board Zones": "非场地区域", "The Chain": "结算链", "Trashes": "废牌堆", "Champion Zones": "英雄区域",
    "Main Deck Zones": "主牌堆", "Rune Deck Zones": "符文牌堆", "Banishments": "放逐区域", "The Hand": "手牌",
    "Game Objects": "游戏物体", "Cards": "卡牌", "Ownership": "所属者", "Privacy": "隐私", "Back Side": "卡背",
    "Front Side": "正面", "Cost": "费用", "Energy Cost": "法力费用", "Power cost": "符能费用", "Name": "名称",
    "Category": "类别", "Permanents": "常驻牌", "Spells": "法术", "Runes": "符文", "Battlefields": "战场",
    "Legends": "传奇", "Domain": "特性", "Rules Text": "规则文本", "Abilities": "技能", "Instructions": "指示",
    "Keywords": "关键词", "Reminder Text": "提示文本", "Symbols": "符号", "Effect Text": "效果文本",
    "Might Bonus": "战力加成", "Flavor Text": "趣味性文本", "Illustration": "插画", "Units": "单位", "Gear": "装备",
    "Action": "迅捷", "Reaction": "反应", "Basic Runes": "基础符文", "Rune Pools": "符文池",
    "Multiple Types": "多种类型", "Tokens": "指示物", "Control": "控制", "Winning": "获胜", "Locations": "位置",
    "Costs": "费用", "The Turn": "回合", "States of the Turn": "回合状态", "Priority and Focus": "优先行动权",
    "Start of Turn": "回合开始", "Awaken Phase": "唤醒阶段", "Beginning Phase": "开始阶段",
    "Channel Phase": "召出阶段", "Draw Phase": "抽牌阶段", "Main Phase": "主阶段",
    "Combat": "战斗", "Showdowns": "法术对决", "Ending Phase": "回合结束阶段", "Expiration Step": "失效步骤",
    "Cleanups": "清理", "Chains": "结算链", "Pass Priority": "让过",
    "Playing Cards": "打出卡牌", "The Process of Play": "打出过程", "Targeting": "目标选取", "Splitting": "分摊",
    "Mandatory Additional Costs": "强制额外费用", "Optional Additional Costs": "可选额外费用",
    "Passive Abilities": "被动技能", "Replacement Effects": "替换效果", "Activated Abilities": "主动技能",
    "Triggered Abilities": "触发式技能", "Reflexive Triggers": "内嵌式触发", "Delayed Abilities": "延迟技能",
    "Linked Abilities": "关联技能", "Playing or Activating Abilities": "打出或激活技能", "Game Actions": "游戏行动",
    "Discretionary Actions": "自决行动", "Limited Actions": "限定行动", "Responsibility": "负责",
    "Draw": "抽一张牌", "Exhaust": "休眠", "Ready": "激活", "Recycle": "回收", "Deal": "造成", "Heal": "移除伤害",
    "Play": "打出卡牌", "Move": "移动", "Hide": "待命", "Discard": "弃置", "Stun": "眩晕", "Reveal": "展示",
    "Counter": "无效化", "Buff": "增益", "Banish": "放逐", "Kill": "摧毁", "Add": "获得", "Channel": "召出",
    "Burn Out": "燃尽", "Double": "翻倍", "Swap": "互换", "Attach": "贴附", "Detach": "卸除", "Predict": "洞察",
    "Prevent": "抵挡", "Replace": "替换", "Create": "创建", "Movement": "移动", "Recalls": "召回",
    "The Steps of Combat": "战斗步骤", "Phases of the Turn": "回合阶段", "Scoring": "得分计算", "Modes of Play": "游戏模式", "Conceding": "认输",
    "Buffs": "增益", "Bonus Damage": "额外伤害", "Attachment": "贴附", "Inactive": "未激活",
    "Making New Choices": "另做选择", "Accelerate": "急速", "Assault": "强攻", "Deathknell": "绝念",
    "Deflect": "法盾", "Ganking": "游走", "Hidden": "待命", "Temporary": "瞬息", "Equip": "装配",
    "Quick-Draw": "灵便", "Legion": "鼓舞", "Mighty": "强力", "Counters": "计数标",
    "Priority": "优先行动权", "Turn": "回合", "Tank": "壁垒", "Vision": "预视",
    "Secret": "隐秘", "Private": "私密", "Public": "公开", "Tag": "标签", "Might": "战力",
    "Base Costs": "基础费用", "Additional Costs": "额外费用", "Applied Costs": "施加费用",
    "Neutral Open": "普通开环", "Neutral Closed": "普通闭环", "Showdown Open": "法术对决开环",
    "Showdown Closed": "法术对决闭环", "Finalize": "确认", "Execute": "执行", "Pass": "让过", "Resolve": "结算",
    "Conquer": "征服", "Hold": "据守", "Victory Score": "胜利得分", "The Combat Damage Step": "战斗伤害步骤",
    "The Resolution Step": "结算步骤", "XP": "经验",
    # Chapters 440-829 (no Chinese text in the corpus): the keyword names of Chinese cards and the FAQs,
    # or the term the tool's drafted title of that rule uses (judge/rules/data/drafted_titles.tsv).
    "Empower": "强化", "Disempower": "解除强化", "Skip": "跳过", "Burn": "烧牌", "Pay": "支付",
    "Layers": "效果层", "Additional Turns": "额外回合", "Untargetability": "不可被选中", "Ignoring Effects": "忽略",
    "Dependent Keywords": "从属关键词", "Ambush": "伏击", "Hunt": "狩猎", "Unique": "唯我", "Backline": "后排",
}


# Terms the official rules define inside a paragraph rather than as a heading ("The Turn Player is…",
# "Contested is a temporary status…"): English term -> (Chinese term of the same paragraph, its number).
# Read by hand against both documents; the number is the paragraph that defines the term.
DEFINED = {
    "Play Area": ("游戏区域", "106"), "Public Information": ("公开信息", "107.1.d"),
    "Secret Information": ("隐秘信息", "108.4.d"), "Turn Order": ("回合顺序", "115"),
    "First Player": ("起始玩家", "115.1.b.1"), "Mulligan": ("手牌调度", "117"), "Damage": ("伤害", "142"),
    "Lethal Damage": ("致命伤害", "142.4.a"), "Lethal": ("致命伤害", "142.4.a"),
    "Intrinsic Properties": ("自有属性", "143"), "Standard Move": ("标准移动", "144"),
    "Equipment": ("武装", "150"), "Energy": ("法力", "163"), "Power": ("符能", "163"),
    "Recruit": ("随从", "187.1"), "Contested": ("争夺状态", "190.3.a"), "Uncontrolled": ("未受控制", "190.2.a"),
    "Controlled": ("受控制", "190.2.a"), "Turn Player": ("回合玩家", "304"),
    "Neutral State": ("普通状态", "308"), "Showdown State": ("法术对决状态", "308"),
    "Open State": ("开环状态", "309"), "Closed State": ("闭环状态", "309"), "Focus": ("焦点", "313"),
    "Staged": ("待发生", "316.8.b"), "Window of Opportunity": ("机会窗口", "316.8.c"),
    "Outstanding Task": ("未决任务", "319"), "Chain Item": ("结算链项目", "319.5"),
    "Special Cleanup": ("特殊清理", "324"), "Attacker": ("进攻方", "323.2"), "Defender": ("防守方", "323.2"),
    "Pending Item": ("待处理项目", "329"), "Pending Chain Item": ("待处理项目", "329"),
    "Total Cost": ("总费用", "356"), "Trigger Condition": ("触发条件", "383.2.a.1"),
    "Hold Effect": ("据守效果", "383.4.d"), "Deal Damage": ("造成伤害", "417.1"),
    "Buff Counter": ("增益指示物", "426.1.b"), "Combat Showdown": ("战斗法术对决", "464"),
    "Origin": ("起点", "447"), "Destination": ("终点", "447"), "Final Point": ("最后一分", "471.1.a"),
    "Dependency": ("依赖", "478"), "Timestamp": ("时间戳", "480"), "Duel": ("对决", "485"),
    "Match": ("三局两胜", "486"), "Skirmish": ("三人混战", "487"), "Removal of a Player": ("移除玩家", "652"),
    "Teammate": ("队友", "651.4"), "Friendly": ("友方", "740.1.a"), "Enemy": ("敌方", "740.1.b"),
    "Alone": ("孤身", "740.2.a"), "One on One": ("单挑", "740.2.b"), "In Combat": ("战斗中的单位", "740.2.c"),
    "Tie": ("平局", "740.3.a"), "Costs within Instructions": ("指示文本中的费用", "740.4.a"),
    "Empowered": ("已强化", "828"), "Signature": ("专属", "103.2.d"), "Naming Cards": ("宣告卡名", "759"),
    "Top-Most Card": ("顶部卡牌", "434.1"), "Non-Combat Showdown": ("非战斗法术对决", "190.3.c"),
    "Play Effect": ("打出效果", "383.4.a"), "Invalid Destination": ("无法移入", "447.2"),
    "Prevent Value": ("抵挡", "437.1.b.1.a"), "Facedown": ("正面朝下", "129.4"), "Face Down": ("正面朝下", "129.4"),
    "Attached": ("已贴附", "718"), "Equipped": ("已装配", "818.3"),
    # The 2v2 mode's official name (its heading reads "2v2 (Magma Chamber)"); the combat result of 466.3.d; the
    # process 359.3.e.9 names (the Chinese text calls it 目标指定失效).
    "Magma Chamber": ("2v2", "489"), "No Result": ("无结果", "466.3.d"),
    "Mistargeting": ("目标指定失效", "359.3.e.9"), "Mistarget": ("目标指定失效", "359.3.e.9"),
}


# A term defined in two paragraphs under two Chinese names: "Costs within Instructions" is the term of 204.3 (指示中的费用,
# in the chapter on costs) and of 740.4.a (指示文本中的费用, among the terms used in particular ways).
DEFINED_TWICE = [("Costs within Instructions", "指示中的费用", "204.3")]


def english_headings(path: Path) -> list[tuple[str, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        m = HEADING.match(line) or STEP.match(line) or INLINE.match(line)
        if m and len(m.group(2).split()) <= 5:
            out.append((m.group(1), m.group(2).strip()))
    return out


def read_map(path: Path) -> dict[str, dict]:
    rows = {}
    header = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        row = dict(zip(header, cells))
        rows[row["number"]] = row
    return rows


def chinese_term(number: str, rows: dict[str, dict], corpus: list[str]) -> str | None:
    for n in (number, number + ".1", number + ".a"):
        row = rows.get(n)
        if not row:
            continue
        if row.get("title"):
            return row["title"].strip()
        if row.get("line"):
            text = re.sub(r"\s+", "", corpus[int(row["line"]) - 1])
            m = DEFINING.match(text)
            if m:
                return m.group(1)
    return None


def drafted_titles() -> dict[str, str]:
    """Rule number -> the tool's drafted Chinese title of a heading the corpus lost (judge/rules/data/drafted_titles.tsv)."""
    out = {}
    for line in DRAFTED.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "\t" not in line:
            continue
        number, title = line.split("\t")[:2]
        out[number] = title.strip()
    return out


DRAFTED_TERM = re.compile(r"(?:第.步：)?([\u4e00-\u9fff]{2,12})")


def drafted_term(number: str, titles: dict[str, str]) -> str | None:
    """A drafted title that is itself a short term ("游戏区域", "开始步骤"; "第一步：战斗法术对决步骤" read
    without its step): the name the tree shows for a heading whose Chinese text lost it."""
    m = DRAFTED_TERM.fullmatch(titles.get(number, ""))
    return m.group(1) if m else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--english", type=Path, default=None)
    ap.add_argument("--map", type=Path, default=DEFAULT_MAP)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    args.english = args.english or default_english()
    if not args.english.is_file():
        print(f"找不到英文规则参考文本：{args.english}（用 --english PATH 指定）", file=sys.stderr)
        return 2
    corpus = CORPUS.read_text(encoding="utf-8").splitlines()
    rows = read_map(args.map) if args.map.is_file() else {}
    # A term is paired only if a judge can find it: in the corpus, the FAQs, or a drafted title.
    corpus_text = re.sub(r"\s+", "", "".join(corpus + [f.read_text(encoding="utf-8") for f in FAQS + [DRAFTED]]))
    pairs, skipped = [], []
    titles = drafted_titles()
    for number, english in english_headings(args.english):
        # Only a heading that is itself a term is paired ("Ready", not "While in the Trash").
        is_term = len(english.split()) <= 3 and not english.startswith(("While", "A "))
        auto = chinese_term(number, rows, corpus) if len(english.split()) <= 2 and is_term else None
        drafted = drafted_term(number, titles) if is_term and not auto and english not in OVERRIDES else None
        term = OVERRIDES.get(english) or auto or drafted
        if not term or term not in corpus_text:
            skipped.append(f"{number} {english} -> {term or '?'}")
            continue
        source = ("hand-checked heading" if english in OVERRIDES else
                  "drafted title of the heading" if drafted else "numbering map")
        pairs.append((english, term, number, source))
    for english, (term, number) in [*DEFINED.items(), *((e, (t, n)) for e, t, n in DEFINED_TWICE)]:
        if term not in corpus_text:
            skipped.append(f"{number} {english} -> {term} (defined term not in the corpus)")
            continue
        pairs.append((english, term, number, "defined term, hand-checked"))
    seen, lines = set(), []
    for english, term, number, source in pairs:
        key = (english.lower(), term)
        if key in seen:
            continue
        seen.add(key)
        lines.append(f"{english}\t{term}\t{number}\t{source}")
    args.out.write_text(
        "# English heading (or defined) term of the official rules v1.4 <TAB> Chinese term of the same rule <TAB>\n"
        "# official rule number of the heading or defining paragraph <TAB> how the pair was read.\n"
        "# Generated by tools/heading_terms.py.\n"
        "english\tchinese\tnumber\tsource\n" + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(lines)} pairs; skipped {len(skipped)}:", file=sys.stderr)
    for s in skipped:
        print("  " + s, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
