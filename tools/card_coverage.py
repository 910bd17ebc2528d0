"""Development time: which real cards the card-ability language can express, and encodings for those it can.

    python tools/card_coverage.py [CATALOG.json]      (default: ../shared/reference/card-catalog-*.json)

For each of the catalog's distinct cards (name + subtitle), the official text is read at run time (it is
never written anywhere): reminder text （…） is stripped, the text is split into ability clauses, and each
clause is matched against the patterns below, each naming the language construct it needs (a keyword, a
trigger event, an effect, a target filter, a value, a condition, a duration, a static ability…). A card is
**expressible** when it has a shipped encoding that parses and loads: a hand encoding in
judge/cards/encodings/<SET>.卡牌, or one the translator here writes from its templates into
judge/cards/encodings/<SET>.auto.卡牌 (only when every clause has a template and the result parses).
Every other card is listed with the constructs it needs that the language lacks (`missing`), or, when all
its constructs exist, with the clause kinds no template translates yet (`模板:` entries). Cards reviewed by
hand in tools/card_missing.tsv are listed with the construct named there instead (`缺:` entries).

Writes (facts and our own encodings only, no card text):
  judge/cards/data/coverage.tsv      card id, number, name, category, set, domains, status, constructs, missing
  judge/cards/encodings/*.auto.卡牌    the translator's encodings
  tools/card_coverage.md             the shares by category, set and domain; the top missing constructs
  tools/card_sample.tsv              the seeded stratified sample to encode by hand (written once; kept)
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import card_triggers  # noqa: E402  (the trigger templates, tools/card_triggers.py)

DATA = REPO / "judge" / "cards" / "data"
ENCODINGS = REPO / "judge" / "cards" / "encodings"
REPORT = Path(__file__).resolve().parent / "card_coverage.md"
SAMPLE = Path(__file__).resolve().parent / "card_sample.tsv"
MISSING = Path(__file__).resolve().parent / "card_missing.tsv"  # reviewed: the construct each card really lacks
COVERAGE_COLUMNS = ["id", "number", "name", "category", "set", "domains", "status", "constructs", "missing"]
SAMPLE_SEED = 20260427
SAMPLE_SIZE = 160

# ------------------------------------------------------------------ constructs the card texts need
# (construct id, Chinese label). Ids are "<kind>:<name>"; the kinds: kw (keyword), trig (trigger event),
# subj (trigger subject), eff (effect), tgt (target filter / count), val (value), cond (condition),
# dur (duration), static, cost (activated-ability cost), other (structure: modes, replacement, choice).
KEYWORD_IDS = {"急速": "accelerate", "迅捷": "action", "强攻": "assault", "绝念": "deathknell", "法盾": "deflect",
               "游走": "ganking", "待命": "hidden", "鼓舞": "legion", "反应": "reaction", "坚守": "shield",
               "壁垒": "tank", "瞬息": "temporary", "预知": "vision", "装配": "equip", "灵便": "quick_draw",
               "回响": "repeat", "百炼": "weaponmaster", "伏击": "ambush", "狩猎": "hunt", "等级": "level",
               "唯我": "unique", "后排": "backline"}

# Trigger phrases (the part between 当/每当 and 时) -> trigger event construct; first match wins.
TRIGGERS = [
    (r"打出我|将我打出|我被打出|打出此牌|此牌被打出", "trig:play_self"),
    (r"进攻或防守|进行一对一的进攻或防守|独自进攻或防守", "trig:attack_or_defend"),
    (r"我进攻|作为进攻方|进攻你控制", "trig:attack"),
    (r"防守", "trig:defend"),
    (r"征服或据守", "trig:conquer_or_hold"),
    (r"征服", "trig:conquer"),
    (r"据守", "trig:hold"),
    (r"赢得.*战斗", "trig:win_combat"),
    (r"移动", "trig:move"),
    (r"被摧毁|离场", "trig:die"),
    (r"得分", "trig:score"),
    (r"打出.*法术|法术牌", "trig:play_spell"),
    (r"打出.*(单位|装备|卡牌|牌)|被打出", "trig:play_card"),
    (r"开始阶段", "trig:start_phase"),
    (r"回合结束|结束阶段", "trig:end_of_turn"),
    (r"抽.*牌", "trig:draw"),
    (r"弃置", "trig:discard"),
    (r"回收", "trig:recycle"),
    (r"增益", "trig:buff"),
    (r"眩晕", "trig:stun"),
    (r"选为.*目标|选择我为目标", "trig:targeted"),
    (r"贴附", "trig:attach"),
    (r"正面朝下", "trig:hide"),
    (r"强力", "trig:become_mighty"),
    (r"承受伤害", "trig:damaged"),
    (r"活跃状态", "trig:ready"),
    (r"法术对决", "trig:showdown"),
    (r"在场上", "static:while_on_board"),
]
# Effects, anywhere in a clause.
EFFECTS = [
    (r"造成[^。]*?伤害", "eff:deal"),
    (r"抽(一|两|三|四|\d+)张牌|抽取该|抽一张", "eff:draw"),
    (r"摧毁(?!我)[^。，]*?(单位|装备)", "eff:kill"),
    (r"{{眩晕}}|眩晕", "eff:stun"),
    (r"给予[^。]*?增益|获得一个{{S}}\+1增益|{{增益}}", "eff:buff"),
    (r"{{S}}[+\-]\d+", "eff:might"),
    (r"移动", "eff:move"),
    (r"召回", "eff:recall"),
    (r"返回[^。]*?手牌|回到[^。]*?手牌|放回[^。]*?手牌", "eff:return_to_hand"),
    (r"放逐", "eff:banish"),
    (r"指示物|打出(一|两|三|四|\d)名[^。]*?“[^”]+”|将一名[^。]*?“[^”]+”打出", "eff:create_token"),
    (r"赢得对局|赢得游戏", "eff:win_game"),
    (r"获得\d+经验|获得经验|\d+经验", "eff:gain_xp"),
    (r"无效化", "eff:counter"),
    (r"回收", "eff:recycle"),
    (r"查看[^。]*?(顶部|牌堆)|展示", "eff:look_reveal"),
    (r"弃置", "eff:discard"),
    (r"变为活跃状态|以活跃状态", "eff:ready"),
    (r"变为休眠状态|以休眠状态", "eff:exhaust"),
    (r"获得\d+分|得分|分数", "eff:points"),
    (r"{{获得}}|获得{{\d+}}|获得{{[A红绿蓝橙紫黄]", "eff:add_resource"),
    (r"召出|引导", "eff:channel_rune"),
    (r"贴附", "eff:attach"),
    (r"打出[^。]*?(无视|支付)|从[^。]*?打出|将其打出|将我打出", "eff:play_from"),
    (r"控制权", "eff:gain_control"),
    (r"复制", "eff:copy"),
    (r"胜利得分", "eff:victory_score"),
    (r"战场[^。]*?替换|替换[^。]*?战场", "eff:replace_battlefield"),
    (r"移除[^。]*?伤害|治疗", "eff:heal"),
    (r"互相造成|对彼此", "eff:fight"),
    (r"获得[^。]*?{{(急速|强攻|游走|壁垒|坚守|法盾|后排|绝念|瞬息|回响|伏击|狩猎|灵便)", "eff:grant_keyword"),
    (r"失去[^。]*?(技能|关键词)|没有[^。]*?技能", "eff:remove_abilities"),
    (r"防止|无法被造成伤害|不会受到伤害", "eff:prevent_damage"),
    (r"交换", "eff:swap"),
    (r"洞察", "eff:insight"),
]
# Targets, values, conditions, durations, structures.
QUALIFIERS = [
    (r"战场上(的)?(一名|所有|任意)", "tgt:at_battlefield"),
    (r"此处", "tgt:here"),
    (r"基地(中|里)的", "tgt:in_base"),
    (r"最多(两|三|四|\d+)", "tgt:up_to"),
    (r"任意数量", "tgt:any_number"),
    (r"所有|每名[^玩对]", "tgt:all"),
    (r"友方", "tgt:friendly"),
    (r"敌方", "tgt:enemy"),
    (r"其他", "tgt:other"),
    (r"不高于\d+{{S}}|战力不超过|{{S}}不高于|不低于\d+{{S}}|{{S}}(不低于|至少)", "tgt:might_compare"),
    (r"“[^”]+”属性", "tgt:tag"),
    (r"拥有增益的|受伤的|休眠的|被眩晕的|活跃的", "tgt:state"),
    (r"等同于[^。]*?战力", "val:might"),
    (r"每有|每名|每张|每个|等同于[^。]*?数量", "val:count"),
    (r"X|{{X}}", "val:x"),
    (r"如果|若", "cond:if"),
    (r"本回合内|在本回合|本回合", "dur:this_turn"),
    (r"你可以选择|可以选择", "other:optional"),
    (r"从下列中选择|选择一项|执行以下效果|选择一个效果|从以下中选择", "other:modes"),
    (r"选择一处[^。，]*?战场|选择[^。，将]*?和一处战场", "other:choose_battlefield"),
    (r"^选择[^。，]*?(单位|战场|对手|装备|武装)[^。，]*?。$", "other:choose_then_refer"),
    (r"额外费用", "cost:additional"),
    (r"才能使用|只有我位于", "cond:ability_restriction"),
    (r"仅可使用一次", "cond:activation_limit"),
    (r"被打出(至|到)|打出(至|到)[^。]*?战场", "other:play_to_battlefield"),
    (r"承担伤害", "static:damage_order"),
    (r"额外触发一次", "static:trigger_change"),
    (r"不会触发", "static:trigger_suppress"),
    (r"属性标签", "other:choose_tag"),
    (r"主牌堆的顶部或底部|放到[^。]*?主牌堆", "eff:put_in_deck"),
    (r"卸除", "eff:unattach"),
    (r"改为|代替|而不是", "other:replacement"),
    (r"选择一名对手|选择一名玩家|每名玩家|所有玩家", "other:choose_player"),
    (r"每回合限一次|每回合一次|每回合首次|每回合.*第一次", "cond:once_per_turn"),
    # "can't" rules; a floor or ceiling on a number (不得低于/高于) and "if you can't" are other constructs
    (r"无法(?!达成|以此方式)|不能|不得(?!低于|高于)", "static:cannot"),
    (r"不得低于|不得高于", "other:floor"),
    (r"无法达成|无法以此方式", "cond:if_unable"),
    (r"费用减少|费用增加|减少{{\d+}}|费用.*{{\d+}}", "static:cost_change"),
    (r"下一次|下次", "other:next_time"),
    (r"然后|随后|以此", "other:then"),
]
def _registered_cannot_words() -> list[str]:
    """Chinese spellings (4+ characters) of the registered "can't" static abilities (rule 054.1)."""
    from judge.engine.statics import STATICS

    return [w for k in STATICS if k.rule == "054.1" for w in k.zh if len(w) >= 4]


# An "instead" that replaces an event (a death, a play, a discard: "if … would …") rather than an
# instruction written before it in the same ability.
INSTEAD_NOT_INSTRUCTION = r"被摧毁|死亡|要|将会|而不是|代替|弃置|正面朝下放置|下次|下一次"
COSTS = [(r"{{横置}}", "cost:exhaust"), (r"消耗[^：]*?增益", "cost:spend_buff"), (r"消耗\d*经验", "cost:spend_xp"),
         (r"支付|{{\d+}}|{{[A红绿蓝橙紫黄C]", "cost:pay"), (r"摧毁[^：]*?友方", "cost:kill_friendly"),
         (r"弃置", "cost:discard"), (r"放逐", "cost:banish")]

LABELS = {
    "trig:play_self": "触发：打出我时", "trig:attack": "触发：进攻时", "trig:defend": "触发：防守时",
    "trig:attack_or_defend": "触发：进攻或防守时", "trig:conquer": "触发：征服时", "trig:hold": "触发：据守时",
    "trig:conquer_or_hold": "触发：征服或据守时", "trig:win_combat": "触发：赢得战斗时", "trig:move": "触发：移动时",
    "trig:die": "触发：被摧毁时", "trig:score": "触发：得分时", "trig:play_spell": "触发：打出法术时",
    "trig:play_card": "触发：打出某类卡牌时", "trig:start_phase": "触发：开始阶段", "trig:end_of_turn": "触发：回合结束",
    "trig:draw": "触发：抽牌时", "trig:discard": "触发：弃置时", "trig:recycle": "触发：回收时", "trig:buff": "触发：增益时",
    "trig:stun": "触发：眩晕时", "trig:targeted": "触发：被选为目标时", "trig:attach": "触发：贴附时",
    "trig:hide": "触发：正面朝下放置/打出时", "trig:become_mighty": "触发：变为强力时", "trig:damaged": "触发：承受伤害时",
    "trig:ready": "触发：变为活跃时", "trig:showdown": "触发：法术对决开始时", "trig:other": "触发：其他时机",
    "eff:deal": "效果：造成伤害", "eff:draw": "效果：抽牌", "eff:kill": "效果：摧毁", "eff:stun": "效果：眩晕",
    "eff:buff": "效果：增益", "eff:might": "效果：修改战力", "eff:move": "效果：移动", "eff:recall": "效果：召回",
    "eff:return_to_hand": "效果：返回手牌", "eff:banish": "效果：放逐", "eff:create_token": "效果：打出指示物",
    "eff:gain_xp": "效果：获得经验", "eff:counter": "效果：无效化", "eff:recycle": "效果：回收",
    "eff:look_reveal": "效果：查看/展示牌堆", "eff:discard": "效果：弃置", "eff:ready": "效果：变为活跃",
    "eff:exhaust": "效果：变为休眠", "eff:points": "效果：得分", "eff:add_resource": "效果：获得法力/符能",
    "eff:channel_rune": "效果：召出符文", "eff:attach": "效果：贴附", "eff:play_from": "效果：从某区域打出",
    "eff:gain_control": "效果：获得控制权", "eff:copy": "效果：复制", "eff:victory_score": "效果：改变胜利得分",
    "eff:replace_battlefield": "效果：替换战场", "eff:heal": "效果：移除伤害", "eff:fight": "效果：互相造成伤害",
    "eff:grant_keyword": "效果：给予关键词", "eff:remove_abilities": "效果：失去技能", "eff:prevent_damage": "效果：防止伤害",
    "eff:swap": "效果：交换", "eff:insight": "效果：洞察",
    "tgt:at_battlefield": "目标：战场上", "tgt:here": "目标：此处", "tgt:in_base": "目标：基地中", "tgt:up_to": "目标：最多 N 名",
    "tgt:any_number": "目标：任意数量", "tgt:all": "目标：所有", "tgt:friendly": "目标：友方", "tgt:enemy": "目标：敌方",
    "tgt:other": "目标：其他", "tgt:might_compare": "目标：战力比较", "tgt:tag": "目标：标签", "tgt:state": "目标：状态",
    "val:might": "数值：等同于战力", "val:count": "数值：计数", "val:x": "数值：X", "cond:if": "条件：如果……",
    "cond:once_per_turn": "条件：每回合一次", "dur:this_turn": "持续：本回合", "other:optional": "可选（你可以选择）",
    "other:modes": "选择一项（模式）", "other:replacement": "替代（改为）", "other:choose_player": "选择玩家",
    "other:choose_battlefield": "选择一处战场",
    "other:next_time": "下一次……", "other:then": "然后/以此（接续效果）", "static:cannot": "静态：无法……",
    "other:instead": "改为执行另一条指示（替换同一能力中的指示）", "other:floor": "数值的下限/上限（不得低于/高于）",
    "static:cannot_registered": "静态：已登记的“不能”", "cond:if_unable": "条件：如果无法做到",
    "cond:activation_limit": "主动技能的使用次数限制", "static:trigger_suppress": "静态：某些触发式技能不会触发",
    "static:cost_change": "静态：费用修正", "static:while_on_board": "静态：在场时", "static:aura": "静态：光环（战力）",
    "static:grant": "静态：给予关键词", "static:other": "静态：其他", "cost:exhaust": "费用：横置",
    "cost:spend_buff": "费用：消耗增益", "cost:spend_xp": "费用：消耗经验", "cost:pay": "费用：支付法力/符能",
    "cost:kill_friendly": "费用：摧毁友方单位", "cost:discard": "费用：弃置", "cost:banish": "费用：放逐",
    "eff:win_game": "效果：赢得对局", "other:choose_then_refer": "先选择对象、后文再指代（该单位）",
    "cost:additional": "费用：可选的额外费用", "cond:ability_restriction": "技能的使用限制（位置、每回合一次）",
    "other:play_to_battlefield": "打出到战场", "static:damage_order": "静态：承担伤害的顺序",
    "static:trigger_change": "静态：触发次数的改变", "other:choose_tag": "宣告/选择属性标签",
    "eff:put_in_deck": "效果：放到主牌堆顶部或底部", "eff:unattach": "效果：卸除装备", "other:punctuation": "（标点）",
    "other:combination": "各句都有模板，但组合在一起没有", "facts:gear_might": "卡牌目录缺少该装备的战力加成（事实不全）",
    "ability:activated": "主动技能", "ability:deathknell": "绝念技能", "other:unrecognised": "未识别的句式",
}


def keyword_label(cid: str) -> str:
    return LABELS.get(cid) or ("关键词：" + cid.split(":", 1)[1] if cid.startswith("kw:") else cid)


def reviewed_missing(path: Path = MISSING) -> dict[str, list[tuple[str, str]]]:
    """Collector number (without the set size) -> [(construct id, Chinese description)] from tools/card_missing.tsv."""
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    if not path.exists():
        return out
    for line in path.read_text("utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("number\t"):
            continue
        number, _name, construct, note = line.split("\t")
        out[number].append((construct, note))
    return out


# ------------------------------------------------------------------ reading the catalog
def default_catalog() -> Path:
    """The newest catalog in $JUDGE_REFERENCE_DIR, else in shared/reference beside the checkout."""
    import os

    for base in (os.environ.get("JUDGE_REFERENCE_DIR"), REPO.parent / "shared" / "reference", "/work/shared/reference"):
        found = sorted(Path(base).glob("card-catalog-*.json")) if base else []
        if found:
            return found[-1]
    raise SystemExit("no catalog found: pass its path (or set JUDGE_REFERENCE_DIR)")


def strip_reminders(text: str) -> str:
    """The text without reminder text in （…） (innermost first, for nested parentheses)."""
    while True:
        out = re.sub(r"（[^（）]*）", "", text)
        if out == text:
            return re.sub(r"（[^）\n]*$", "", out, flags=re.M)  # a reminder the printing left unclosed
        text = out


def split_clauses(text: str) -> list[str]:
    """Ability clauses: each line, then each sentence of it (a sentence ends with 。)."""
    out = []
    for line in strip_reminders(text or "").split("\n"):
        line = line.strip()
        if not line:
            continue
        for sentence in re.split(r"(?<=。)", line):
            if sentence.strip():
                out.append(sentence.strip())
    return out


def card_texts(catalog_path: Path) -> dict[str, str]:
    """Card id -> its official text (the longest of its printings'; in memory only)."""
    from judge.cards.catalog import catalog

    cat = catalog()
    data = json.loads(catalog_path.read_text("utf-8"))
    texts: dict[str, str] = {}
    for printing in data["cards"]:
        cid = cat.index.by_number(printing["cardNo"].strip())
        if cid is None:
            continue
        text = printing.get("cardEffect") or ""
        if len(strip_reminders(text)) > len(strip_reminders(texts.get(cid, ""))):
            texts[cid] = text
        texts.setdefault(cid, text)
    return texts


# ------------------------------------------------------------------ clause analysis
_KW_LINE = re.compile(r"^(?:{{([^{}]+)}}\s*)+$")
_KW_TOKEN = re.compile(r"^(" + "|".join(KEYWORD_IDS) + r")(\d*)(.*?)>?$")


def keyword_tokens(clause: str) -> list[tuple[str, str]]:
    """(keyword, value) of a clause made only of keyword markup (`{{急速}}`, `{{强攻2}}`, `{{回响}}{{2}}`)."""
    if not _KW_LINE.match(clause):
        return []
    out: list[tuple[str, str]] = []
    for tok in re.findall(r"{{([^{}]+)}}", clause):
        m = _KW_TOKEN.match(tok)
        if m:
            out.append((m.group(1), m.group(2) or m.group(3)))
        elif tok.isdigit() and out:
            out[-1] = (out[-1][0], tok)
        else:
            return []
    return out


def analyse(clause: str) -> list[str]:
    """The constructs one clause needs, in a stable order."""
    if _equip(clause) is not None:
        return ["kw:equip"]
    if not re.search(r"\w|{{", clause):
        return ["other:punctuation"]  # a quotation's closing mark left alone by the sentence split
    kws = keyword_tokens(clause)
    if kws:
        return [f"kw:{KEYWORD_IDS[k]}" for k, _ in kws]
    found: list[str] = []
    body = clause
    m = re.match(r"^{{(绝念|鼓舞|等级\d*|百炼|狩猎\d*|装配)[^}]*}}\s*[—-]?\s*", body)
    if m:
        name = re.match(r"\D+", m.group(1)).group(0)
        found.append(f"kw:{KEYWORD_IDS[name]}")
        if m.group(1) == "绝念":
            found.append("ability:deathknell")
        body = body[m.end():]
    m = re.match(r"^(?:{{(反应|迅捷)>?}}\s*)?([^：。]{1,40})：", body)
    if m and re.search(r"{{横置}}|支付|消耗|{{\d+}}|{{[A红绿蓝橙紫黄C]", m.group(2)):
        found.append("ability:activated")
        found += [cid for pat, cid in COSTS if re.search(pat, m.group(2))]
        body = body[m.end():]
    for m in re.finditer(r"(?:^|[，。、])(每当|当)([^，。]*?)时", body):
        phrase = m.group(2)
        found.append(next((cid for pat, cid in TRIGGERS if re.search(pat, phrase)), "trig:other"))
        body = body.replace(m.group(0), "，", 1)
    effects = [cid for pat, cid in EFFECTS if re.search(pat, body)]
    found += effects
    found += [cid for pat, cid in QUALIFIERS if re.search(pat, body)]
    if "static:cannot" in found and any(w in body for w in _registered_cannot_words()):
        found[found.index("static:cannot")] = "static:cannot_registered"
    if "other:replacement" in found and not re.search(INSTEAD_NOT_INSTRUCTION, body):
        # "do A; if …, do B instead" replaces an instruction of the same ability (370.1.b), not an event
        found[found.index("other:replacement")] = "other:instead"
    if not effects and not any(c.startswith(("trig:", "ability:", "static:")) or c == "other:choose_then_refer"
                               for c in found):
        if re.search(r"获得{{S}}|{{S}}\+", body):
            found.append("static:aura")
        elif re.search(r"获得{{", body):
            found.append("static:grant")
        elif re.search(r"无法|不能", body):
            found.append("static:cannot")
        else:
            found.append("other:unrecognised")
    return list(dict.fromkeys(found))


# ------------------------------------------------------------------ what the language has
def available_constructs() -> set[str]:
    """Constructs the current language can write: registered keywords, trigger events, effects, and the
    target/value/condition/duration registries when they exist (judge.engine.filters, values, conditions)."""
    have: set[str] = set()
    from judge.engine.keywords import KEYWORDS

    have |= {f"kw:{kid}" for kid in KEYWORD_IDS.values() if KEYWORDS.get(kid) is not None}
    from judge.engine.instructions import EFFECTS as EFF

    ids = {k.id for k in EFF}
    pairs = {"eff:deal": "deal", "eff:draw": "draw", "eff:kill": "kill", "eff:stun": "stun", "eff:buff": "buff",
             "eff:might": "might", "eff:move": "move", "eff:recall": "recall", "eff:banish": "banish",
             "eff:gain_xp": "gain_xp", "eff:counter": "counter", "eff:recycle": "recycle", "eff:ready": "ready",
             "eff:exhaust": "exhaust", "eff:add_resource": "add_energy", "eff:attach": "attach", "eff:heal": "heal",
             "eff:fight": "fight", "eff:return_to_hand": "return_to_hand", "eff:create_token": "create_token",
             "eff:discard": "discard", "eff:look_reveal": "reveal_top", "eff:points": "gain_points",
             "eff:channel_rune": "channel", "eff:gain_control": "gain_control", "eff:grant_keyword": "grant_keyword",
             "eff:prevent_damage": "prevent", "eff:play_from": "play_card", "eff:copy": "become_copy",
             "eff:victory_score": "victory_score", "eff:replace_battlefield": "replace_battlefield",
             "eff:remove_abilities": "remove_keyword", "eff:swap": "swap_places", "eff:insight": "predict"}
    have |= {cid for cid, eid in pairs.items() if eid in ids}
    if "choose" in ids:  # `选择 <目标>`, later instructions on `它`
        have.add("other:choose_then_refer")
    from judge.engine.filters import DURATIONS

    if DURATIONS.get("next") is not None:  # `抵挡伤害 下次 …` and the `下次 <你|它> <时机>：…` line (391)
        have.add("other:next_time")
    if "choose_mode" in ids:  # `选择一项 [规则]` with its `选项：` lines
        have.add("other:modes")
    if "choose_player" in ids:  # `选择玩家` and `由 <执行者>` (each player, the chosen player, …)
        have.add("other:choose_player")
    from judge.engine.abilities.events import EVENTS

    events = {e.id for e in EVENTS if getattr(e, "scriptable", True)}
    trig = {"trig:play_self": "play", "trig:attack": "attack", "trig:defend": "defend", "trig:conquer": "conquer",
            "trig:hold": "hold", "trig:play_spell": "spell_played", "trig:recycle": "recycle",
            "trig:win_combat": "win_combat", "trig:move": "move", "trig:die": "die", "trig:score": "score",
            "trig:play_card": "play_card", "trig:start_phase": "beginning_phase", "trig:end_of_turn": "end_of_turn",
            "trig:draw": "draw", "trig:discard": "discard", "trig:buff": "buff", "trig:stun": "stun",
            "trig:targeted": "targeted", "trig:attach": "attach", "trig:hide": "hide", "trig:ready": "ready",
            "trig:damaged": "damaged", "trig:become_mighty": "become_mighty", "trig:showdown": "showdown"}
    have |= {cid for cid, eid in trig.items() if eid in events}
    if {"attack", "defend"} <= events:
        have.add("trig:attack_or_defend")
    if {"conquer", "hold"} <= events:
        have.add("trig:conquer_or_hold")
    have |= {"ability:activated", "ability:deathknell", "cost:exhaust", "cost:pay", "other:then", "other:punctuation"}
    from judge.engine.cost_parts import COST_PARTS

    costs = {"cost:spend_buff": "spend_buff", "cost:spend_xp": "spend_xp", "cost:kill_friendly": "kill_friendly",
             "cost:discard": "discard", "cost:banish": "banish_trash"}
    have |= {cid for cid, pid in costs.items() if pid in COST_PARTS}
    from judge.engine.conditions import CONDITIONS as CONDS
    from judge.engine.statics import STATICS as STATS

    if "paid_optional" in CONDS:  # `额外费用 可以 …` and `若 支付了额外费用`
        have.add("cost:additional")
    if "play_to" in STATS:  # `静态 可打出到 <战场状态>`
        have.add("other:play_to_battlefield")
    try:  # the target-filter registry of the compositional language
        from judge.engine.filters import FILTERS  # type: ignore

        words = {w for f in FILTERS for w in (getattr(f, "zh", ()) or ())}
        for cid, word in (("tgt:at_battlefield", "战场上"), ("tgt:here", "此处"), ("tgt:in_base", "基地中"),
                          ("tgt:friendly", "友方"), ("tgt:enemy", "敌方"), ("tgt:other", "其他"),
                          ("tgt:state", "增益"), ("tgt:tag", "标签"), ("tgt:might_compare", "战力不超过")):
            if word in words:
                have.add(cid)
        have |= {"tgt:up_to", "tgt:any_number", "tgt:all", "dur:this_turn"}
    except ImportError:
        have |= {"tgt:friendly", "tgt:enemy", "tgt:other", "tgt:here", "tgt:up_to"}
    try:
        from judge.engine.values import VALUES  # type: ignore

        vids = {v.id for v in VALUES}
        have |= {f"val:{v}" for v in ("might", "count", "x") if v in vids or f"self_{v}" in vids}
        if "self_might" in vids:
            have.add("val:might")
    except ImportError:
        pass
    try:
        from judge.engine.conditions import CONDITIONS  # type: ignore

        if list(CONDITIONS):
            have.add("cond:if")
    except ImportError:
        pass
    from judge.engine.abilities.frequencies import FREQUENCIES

    if {"once_per_turn", "first_each_turn"} <= {f.id for f in FREQUENCIES}:
        have.add("cond:once_per_turn")
    try:  # "may" inside an effect of the compositional language
        from judge.dsl.phrases import MAY_WORDS  # type: ignore

        if MAY_WORDS:
            have.add("other:optional")
    except ImportError:
        pass
    from judge.engine.statics import STATICS

    sids = {k.id for k in STATICS}
    if "aura" in sids:
        have.add("static:aura")
    if "cost_mod" in sids:
        have.add("static:cost_change")
    if "grant_keyword" in sids:
        have.add("static:grant")
    from judge.engine.cards import Activated

    if "condition" in Activated.__dataclass_fields__:  # `主动 <费用项…> 若 <条件>：…` (377.2.b)
        have.add("cond:ability_restriction")
    if "did_fewer" in CONDS:  # `若 未能做到 N` (359.3.e.11)
        have.add("cond:if_unable")
    if {"extra_deathknell", "extra_conquer_here", "extra_hold_here"} <= sids:  # "… trigger an additional time"
        have.add("static:trigger_change")
    have.add("static:cannot_registered")  # the clause names a registered "can't" static (054.1)
    if "instead" in ids:  # `改为 <效果> 若 <条件>` (370.1.b)
        have.add("other:instead")
    if "enter_ready" in sids:
        have.add("static:while_on_board")
    return have


# ------------------------------------------------------------------ the translator
# Templates write the header-line forms of the language (accepted as they are by the compositional syntax).
# Each translated ability is also returned as data, so that tools/card_smoke.py can write a smoke scenario.
# Effects, targets, activated abilities and equip costs: tools/card_effects.py.
from card_effects import _activated, _effect, _equip, _n, _N, _target, effects_of  # noqa: E402,F401


# Keywords whose whole meaning is the keyword (and its number); the others carry a cost or an ability.
_PLAIN_KEYWORDS = ("急速", "迅捷", "强攻", "法盾", "游走", "待命", "反应", "坚守", "壁垒", "瞬息", "回响", "后排", "灵便",
                   "百炼", "预知")


def _keyword_word(catalog_word: str) -> str:
    """The language's spelling of a keyword the catalog spells `catalog_word` (预知 is the registry's 预视)."""
    from judge.engine.keywords import KEYWORDS

    kw = KEYWORDS.get(KEYWORD_IDS[catalog_word])
    return kw.zh[0] if kw is not None else catalog_word


def translate(card, text: str, new: bool = False) -> tuple[str, list[dict]] | None:
    """(the encoding block, its abilities as data) of a card whose every clause has a template, else None.
    `new`: abilities on indented lines of the compositional syntax (more targets); else header-line forms."""
    header = f'卡牌 "{card.id}"'
    attrs: list[str] = []
    lines: list[str] = []
    abilities: list[dict] = []
    for clause in _joined(split_clauses(text)):
        equip = _equip(clause)
        if equip is not None:
            if card.category_code not in ("equipment", "exclusive_equipment") or card.might is None:
                return None  # the catalog gives no Might bonus for this gear: its facts are incomplete
            attrs.append(equip[0])
            abilities.append(equip[1])
            continue
        if m := re.match(r"^{{绝念>?}}\s*[—\-]?\s*(.+)$", clause):
            effects = effects_of(m.group(1), True, deathknell=True)
            if not new or not effects:
                return None
            attrs.append("关键词 绝念")
            lines.append("  绝念：" + " 并且 ".join(e[0] for e in effects))
            abilities += [dict(e[1], when="deathknell") for e in effects]
            continue
        if m := re.match(r"^{{鼓舞}}\s*[—\-]\s*当你打出我时，(.+)$", clause):
            effects = [_effect(part, new) for part in re.split(r"(?<=。)|，然后|，并", m.group(1)) if part.strip("。")]
            if new or not effects or None in effects:
                return None
            attrs.append("触发 鼓舞 效果 " + " 并且 ".join(e[0] for e in effects))
            abilities += [dict(e[1], when="legion") for e in effects]
            continue
        act = _activated(clause, new)
        if act is not None:
            (lines if act[0].startswith("  ") else attrs).append(act[0])
            abilities += act[1]
            continue
        tokens = keyword_tokens(clause)
        if tokens:
            for k, v in tokens:
                if k not in _PLAIN_KEYWORDS:
                    return None
                attrs.append(f"关键词 {_keyword_word(k)}" + (f" {v}" if v.isdigit() else ""))
                abilities.append({"kind": "keyword", "keyword": KEYWORD_IDS[k], "n": int(v) if v.isdigit() else 1})
            continue
        if trig := card_triggers.head(clause):
            effects = effects_of(trig.rest, new, trigger=True)
            if not effects or card.category_code in card_triggers.NOT_CARRIERS:
                return None
            if new:
                lines += [f"  {line}：" + " 并且 ".join(e[0] for e in effects) for line in trig.lines]
            elif trig.legacy is not None:
                attrs.append(f"触发 {trig.legacy} 效果 " + " 并且 ".join(e[0] for e in effects))
            else:
                return None
            abilities += [dict(e[1], when=event) for event in trig.events for e in effects]
            continue
        if re.match(r"^(?:每回合[^，：]*[，：])?(?:每当|当|在)[^，。]*?时，", clause):
            return None  # a trigger phrase, frequency or condition no template reads
        spell = card.category_code in ("spell", "exclusive_spell")
        if (m := re.fullmatch(r"进行(\S)次：(.+)", clause)) and spell and not new:  # "do this N times: …"
            effects = effects_of(m.group(2), False)
            if not effects or m.group(1) not in "两二三四五六七八九":
                return None
            attrs.append(f"进行 {_n(m.group(1)) if m.group(1) in '两二三四五' else '六七八九'.index(m.group(1)) + 6} 次 "
                         + " 并且 ".join(e[0] for e in effects))
            abilities += [dict(e[1], when="resolve") for e in effects]
            continue
        effects = effects_of(clause, new, spell=spell)
        if not effects or not spell:
            return None
        if new:
            lines.append("  效果 " + " 并且 ".join(e[0] for e in effects))
        else:
            attrs += [f"效果 {e[0]}" for e in effects]
        abilities += [dict(e[1], when="resolve") for e in effects]
    numbers = " ".join(p.number.split("/")[0] for p in card.printings)
    return " ".join([header] + attrs) + f"  # {numbers}" + "".join("\n" + line for line in lines), abilities


def _joined(clauses: list[str]) -> list[str]:
    """Clauses with a "do this N times:" line joined to the instruction it repeats (the next clause), and
    keyword markup printed at the start of an instruction's line split off as its own clause."""
    out: list[str] = []
    for clause in clauses:
        m = re.match(r"^((?:{{[^{}]+}})+)\s*(?=[^{\s—\-：>])", clause)
        kws = keyword_tokens(m.group(1)) if m else []
        if kws and all(k in _PLAIN_KEYWORDS for k, _ in kws) and clause[m.end():].strip():  # "{{回响}}{{2}}让…": keywords, then the text
            out.append(m.group(1))
            clause = clause[m.end():]
        if out and re.fullmatch(r"进行\S次：", out[-1]):
            out[-1] += clause
        else:
            out.append(clause)
    return out


def untranslated(card, text: str) -> str:
    """The main construct of the first clause no template translates (to name what a template must learn)."""
    for clause in split_clauses(text):
        if any(translate(card, clause, new) is not None for new in (False, True)):
            continue
        found = [c for c in analyse(clause) if not c.startswith(("kw:", "tgt:", "dur:", "other:then"))]
        return (found or analyse(clause) or ["other:unrecognised"])[0]
    return "other:combination"


def translated(card, text: str) -> tuple[str, list[dict]] | None:
    """The translator's encoding that parses: the header-line form if it has one, else the ability-line form."""
    for new in (False, True):
        made = translate(card, text, new)
        if made is not None and parses(made[0], card) is None:
            return made
    return None


def parses(block_text: str, card) -> str | None:
    """None when the encoding parses and loads with the card's facts; else the Chinese error."""
    from judge.cards import encoded
    from judge.dsl.errors import ScenarioError

    block = encoded.split_blocks(block_text, "<translator>")[0]
    try:
        d = encoded.parse_block(block)
        encoded.apply_facts(d, card)
    except ScenarioError as err:
        return err.message
    return None


# ------------------------------------------------------------------ the sample
def stratified_sample(cards) -> list:
    """A seeded draw: one card for every category, set and domain first, then by category in proportion."""
    rng = random.Random(SAMPLE_SEED)
    pool = sorted(cards, key=lambda c: c.id)
    rng.shuffle(pool)
    chosen: list = []

    def take(pred):
        for c in pool:
            if c not in chosen and pred(c):
                chosen.append(c)
                return

    for cat in sorted({c.category for c in pool}):
        take(lambda c, cat=cat: c.category == cat)
    for s in sorted({c.set for c in pool}):
        take(lambda c, s=s: c.set == s)
    for d in sorted({d for c in pool for d in c.domains}):
        take(lambda c, d=d: d in c.domains)
    by_cat = defaultdict(list)
    for c in pool:
        by_cat[c.category].append(c)
    while len(chosen) < SAMPLE_SIZE:
        for cat in sorted(by_cat, key=lambda k: -len(by_cat[k])):
            want = round(SAMPLE_SIZE * len(by_cat[cat]) / len(pool))
            have = sum(1 for c in chosen if c.category == cat)
            if have < want:
                take(lambda c, cat=cat: c.category == cat)
            if len(chosen) >= SAMPLE_SIZE:
                break
        else:
            take(lambda c: True)
    return sorted(chosen, key=lambda c: c.number)


# ------------------------------------------------------------------ main
def main(argv: list[str]) -> int:
    from judge.cards import encoded
    from judge.cards.catalog import catalog

    catalog_path = Path(argv[0]) if argv else default_catalog()
    texts = card_texts(catalog_path)
    cards = catalog().cards
    have = available_constructs()
    reviewed = reviewed_missing()
    for notes in reviewed.values():
        for construct, note in notes:
            LABELS.setdefault("缺:" + construct, note)

    # Hand encodings first: the translator writes only cards without one.
    encoded.reset()
    hand = {cid: b for cid, b in encoded.index().items() if ".auto." not in Path(b.file).name}
    auto: dict[str, list[str]] = defaultdict(list)
    rows = []
    for cid, card in cards.items():
        text = texts.get(cid, "")
        constructs = list(dict.fromkeys(c for clause in split_clauses(text) for c in analyse(clause)))
        status, missing = "not_expressible", [c for c in constructs if c not in have]
        if cid in hand:
            status, missing = "expressible", []
        else:
            made = translated(card, text)
            if made is not None:
                auto[card.set].append(made[0])
                status, missing = "expressible", []
            elif card.category_code.endswith("equipment") and card.might is None and "kw:equip" in constructs:
                missing = missing + ["facts:gear_might"]  # the catalog has no Might bonus for this gear
            elif card.number.split("/")[0] in reviewed:  # reviewed by reading the card: what it really lacks
                missing = list(dict.fromkeys("缺:" + c for c, _ in reviewed[card.number.split("/")[0]]))
            elif not missing:
                missing = ["模板:" + untranslated(card, text)]
        rows.append([cid, card.number, card.name, card.category, card.set, ",".join(card.domains) or "colorless",
                     status, ",".join(constructs), ",".join(missing)])

    for old in ENCODINGS.glob("*.auto.卡牌"):
        old.unlink()
    for set_code, blocks in sorted(auto.items()):
        head = (f"# {set_code}: encodings written by tools/card_coverage.py from the card text's templates "
                "(do not edit: a hand encoding in the set's own file replaces a card here).\n\n")
        (ENCODINGS / f"{set_code}.auto.卡牌").write_text(head + "\n".join(blocks) + "\n", "utf-8")

    with open(DATA / "coverage.tsv", "w", encoding="utf-8") as fh:
        fh.write(f"# Card-pool coverage of the card-ability language ({len(rows)} distinct cards). Facts and "
                 "construct names only: no card text.\n# Generated by tools/card_coverage.py; do not edit by hand.\n")
        fh.write("\t".join(COVERAGE_COLUMNS) + "\n")
        for r in rows:
            fh.write("\t".join(r) + "\n")
    if not SAMPLE.exists():
        sample = stratified_sample(list(cards.values()))
        with open(SAMPLE, "w", encoding="utf-8") as fh:
            fh.write(f"# The stratified sample of cards to encode and smoke-test (tools/card_coverage.py, seed {SAMPLE_SEED}):"
                     " one card of every category, set and domain first, then by category in proportion.\n")
            fh.write("id\tnumber\tcategory\tset\tdomains\n")
            for c in sample:
                fh.write(f"{c.id}\t{c.number}\t{c.category}\t{c.set}\t{','.join(c.domains) or 'colorless'}\n")
    blocked = {r[1].split("/")[0] for r in rows if r[6] == "not_expressible" and r[8].startswith("缺:")}
    stale = sorted(set(reviewed) - blocked)  # listed in tools/card_missing.tsv but expressible (or unknown) now
    REPORT.write_text(report(rows, have, smoke_tested(), sample_ids(), stale), "utf-8")
    done = sum(r[6] == "expressible" for r in rows)
    print(f"{done}/{len(rows)} expressible ({done / len(rows):.1%}); hand {len(hand)}, translated "
          f"{sum(len(b) for b in auto.values())}")
    return 0


def smoke_tested() -> set[str]:
    """Card ids with a smoke scenario: scenarios/cards/<SET>/*.场景 whose 来源 line starts with `卡牌 <id> <number>`."""
    out = set()
    for path in (REPO / "scenarios" / "cards").glob("*/*.场景"):
        for line in path.read_text("utf-8").splitlines():
            if m := re.match(r"来源 卡牌 (\S+(?: \S+)*?) [A-Z]{3}[·\-]", line):  # an id may hold a space
                out.add(m.group(1))
    return out


def sample_ids() -> list[str]:
    if not SAMPLE.exists():
        return []
    return [line.split("\t")[0] for line in SAMPLE.read_text("utf-8").splitlines()[2:] if line]


def report(rows: list[list[str]], have: set[str], smoked: set[str], sample: list[str], stale: list[str] = ()) -> str:
    def share(group: list[list[str]]) -> str:
        done = sum(r[6] == "expressible" for r in group)
        return f"{done} / {len(group)} ({done / len(group):.0%})"

    out = ["# Card-pool coverage of the card-ability language", "",
           "Generated by `python tools/card_coverage.py` (reads the card catalog at run time; no card text is written). "
           "A card is expressible when it has a shipped encoding that parses and loads (hand-written in "
           "`judge/cards/encodings/<SET>.卡牌` or made by the translator into `<SET>.auto.卡牌`). The per-card result "
           "is `judge/cards/data/coverage.tsv`.", "",
           f"**Overall: {share(rows)} distinct cards expressible.**", ""]
    encoded_ids = {r[0] for r in rows if r[6] == "expressible"}
    in_sample = [r for r in rows if r[0] in set(sample)]
    out += [f"- Encoded cards with a smoke scenario (scenarios/cards/<SET>/): {len(encoded_ids & smoked)} of "
            f"{len(encoded_ids)}" + ("." if encoded_ids <= smoked else " (the others have no smoke scenario yet)."),
            f"- The stratified sample (`tools/card_sample.tsv`, {len(in_sample)} cards drawn before encoding): "
            f"{share(in_sample) if in_sample else '0'} expressible, "
            f"{len(set(sample) & encoded_ids & smoked)} with a smoke scenario.", ""]
    for title, col in (("category", 3), ("set", 4), ("domain", 5)):
        groups = defaultdict(list)
        for r in rows:
            for key in r[col].split(","):
                groups[key].append(r)
        out += [f"## By {title}", "", f"| {title} | expressible |", "|---|---|"]
        out += [f"| {k} | {share(v)} |" for k, v in sorted(groups.items(), key=lambda kv: -len(kv[1]))]
        out.append("")
    blocking = Counter(m for r in rows for m in r[8].split(",") if m)
    alone = Counter(r[8] for r in rows if r[8] and "," not in r[8])
    out += ["## Top missing constructs", "",
            "How many not-yet-expressible cards need each construct (a card may need several), and how many cards "
            "it alone blocks (adding it would make them expressible once a template or hand encoding exists). "
            "`模板:` marks cards whose constructs all exist but that no template translates and no hand "
            "encoding covers yet. `缺:` marks a construct named by reading the card (reviewed list "
            "`tools/card_missing.tsv`); `facts:gear_might` marks gear whose Might bonus the catalog lacks.", "",
            f"Reviewed entries no longer needed (their card is expressible now): {len(stale)}"
            + (f" ({', '.join(stale)})" if stale else "") + ".", "",
            "| construct | cards needing it | cards it alone blocks |", "|---|---|---|"]
    for cid, n in blocking.most_common(40):
        label = keyword_label(cid[3:]) if cid.startswith("模板:") else keyword_label(cid)
        out.append(f"| `{cid}` {('模板：' if cid.startswith('模板:') else '') + label} | {n} | {alone.get(cid, 0)} |")
    sample_missing = Counter(m for r in in_sample for m in r[8].split(",") if m)
    out += ["", "## The sample's missing constructs", "",
            f"Over the {len(in_sample)} sampled cards (every category, set and domain), the constructs the "
            "not-yet-expressible ones need:", "", "| construct | sampled cards needing it |", "|---|---|"]
    out += [f"| `{cid}` {keyword_label(cid[3:]) if cid.startswith('模板:') else keyword_label(cid)} | {n} |"
            for cid, n in sample_missing.most_common(15)]
    out += ["", "## How to regenerate", "",
            "`python tools/card_coverage.py` (classification, translator encodings, this report), then "
            "`python tools/card_smoke.py` (smoke scenarios in scenarios/cards/<SET>/, kept only when they pass; it reruns "
            "the coverage so that this report counts them). Hand encodings go in `judge/cards/encodings/<SET>.卡牌` and "
            "win over the translator's. Gaps met while generating smoke scenarios are printed by card_smoke.py: a "
            "legend's activated ability cannot be activated in a scenario (the legend zone is not treated as the board).",
            "", f"Constructs the language has now ({len(have)}): " + ", ".join(f"`{c}`" for c in sorted(have)), ""]
    return "\n".join(out)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
