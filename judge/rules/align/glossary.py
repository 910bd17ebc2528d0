"""Bilingual keywords for cross-language similarity: the store's glossary when it has English names,
else (and always, as a floor) a small built-in map of keywords and core game terms.

Each entry maps a Chinese spelling and an English spelling to one language-neutral concept id.
"""

from __future__ import annotations

import re

# concept id -> (Chinese spellings, English spellings). Written by hand for this project.
BUILTIN: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # keywords
    "accelerate": (("急速",), ("accelerate",)),
    "deathknell": (("绝念",), ("deathknell",)),
    "hidden": (("待命", "潜伏"), ("hidden",)),
    "action": (("迅捷",), ("action",)),
    "reaction": (("反应",), ("reaction",)),
    "legion": (("鼓舞",), ("legion",)),
    "deflect": (("法盾",), ("deflect",)),
    "ganking": (("游走",), ("ganking",)),
    "temporary": (("瞬息",), ("temporary",)),
    "equip": (("装配",), ("equip",)),
    "shield": (("坚守",), ("shield",)),
    "assault": (("强攻",), ("assault",)),
    "vision": (("洞察",), ("vision",)),
    "tank": (("坦克",), ("tank",)),
    "stun": (("眩晕",), ("stun", "stunned", "stunning")),
    "mighty": (("强力",), ("mighty",)),
    # game terms
    "unit": (("单位",), ("unit", "units")),
    "gear": (("装备",), ("gear",)),
    "spell": (("法术",), ("spell", "spells")),
    "rune": (("符文",), ("rune", "runes")),
    "legend": (("传奇",), ("legend", "legends")),
    "battlefield": (("战场",), ("battlefield", "battlefields")),
    "chain": (("结算链",), ("chain",)),
    "showdown": (("法术对决",), ("showdown", "showdowns")),
    "combat": (("战斗",), ("combat",)),
    "conquer": (("征服",), ("conquer", "conquers")),
    "hold": (("据守",), ("hold", "holds")),
    "score": (("得分", "分数"), ("score", "scores", "points", "point")),
    "exhaust": (("休眠",), ("exhaust", "exhausted")),
    "ready": (("活跃",), ("ready", "readied")),
    "trash": (("废牌堆", "坟场"), ("trash",)),
    "main_deck": (("主牌堆",), ("main deck",)),
    "rune_deck": (("符文牌堆",), ("rune deck",)),
    "hand": (("手牌",), ("hand", "hands")),
    "banish": (("放逐",), ("banish", "banished", "banishment")),
    "recycle": (("回收",), ("recycle", "recycled")),
    "draw": (("抽",), ("draw", "draws")),
    "destroy": (("摧毁",), ("destroy", "destroyed", "kill", "killed", "killing")),
    "play": (("打出",), ("play", "played", "playing", "plays")),
    "target": (("目标",), ("target", "targets", "targeting")),
    "controller": (("控制者",), ("controller",)),
    "owner": (("所属者",), ("owner",)),
    "damage": (("伤害",), ("damage",)),
    "might": (("战力", "力量值"), ("might",)),
    "energy": (("法力",), ("energy",)),
    "power": (("符能",), ("power",)),
    "token": (("指示物",), ("token", "tokens")),
    "ability": (("技能",), ("ability", "abilities")),
    "trigger": (("触发",), ("trigger", "triggers", "triggered")),
    "turn": (("回合",), ("turn", "turns")),
    "phase": (("阶段",), ("phase",)),
    "step": (("步骤",), ("step", "steps")),
    "base": (("基地",), ("base",)),
    "move": (("移动",), ("move", "moves", "movement")),
    "recall": (("召回",), ("recall",)),
    "champion": (("英雄",), ("champion",)),
    "effect": (("效果",), ("effect", "effects")),
    "cost": (("费用",), ("cost", "costs")),
    "opponent": (("对手",), ("opponent", "opponents")),
    "zone": (("区域",), ("zone", "zones")),
    "buff": (("增益",), ("buff", "buffs")),
    "cleanup": (("清理",), ("cleanup",)),
    "resolve": (("结算",), ("resolve", "resolves", "resolution")),
    "choose": (("选择",), ("choose", "choice", "choices", "chooses")),
    "pending": (("待处理",), ("pending",)),
    "priority": (("优先行动权",), ("priority",)),
    "focus": (("焦点",), ("focus",)),
    "game": (("游戏",), ("game",)),
    "player": (("玩家",), ("player", "players")),
    "card": (("卡牌",), ("card", "cards")),
    "deck": (("卡组",), ("deck", "decks")),
    "attack": (("进攻", "攻击"), ("attack", "attacker", "attacking")),
    "defend": (("防守",), ("defend", "defender", "defending")),
    "permanent": (("常驻牌",), ("permanent", "permanents")),
    "replacement": (("替换效果",), ("replacement",)),
    "passive": (("被动技能",), ("passive",)),
    "activated": (("主动技能",), ("activated",)),
    "reveal": (("展示",), ("reveal", "reveals", "revealed")),
    "counter": (("无效化",), ("counter", "countered")),
    # phrases of the rules' own vocabulary, frequent in short rules that differ only by them
    "limited_action": (("限定行动",), ("limited action",)),
    "discretionary_action": (("自决行动",), ("discretionary action",)),
    "outstanding": (("未决",), ("outstanding",)),
    "task": (("任务",), ("task", "tasks")),
    "turn_player": (("回合玩家",), ("turn player",)),
    "public_info": (("公开信息",), ("public information", "public info")),
    "private_info": (("私密信息",), ("private information",)),
    "secret_info": (("隐秘信息",), ("secret information",)),
    "regular_play": (("常规游戏",), ("regular play",)),
    "location": (("位置",), ("location", "locations")),
    "control": (("控制",), ("control", "controls", "controlled")),
    "contested": (("争夺",), ("contested", "contest")),
    "heal": (("移除伤害",), ("heal", "healed", "healing")),
    "channel": (("召出",), ("channel", "channels", "channeling")),
    "attach": (("贴附",), ("attach", "attached", "attaching")),
    "detach": (("卸除",), ("detach", "detached", "detaching")),
    "prevent": (("抵挡",), ("prevent", "prevented", "preventing")),
    "double": (("翻倍",), ("double", "doubled", "doubling")),
    "swap": (("互换",), ("swap", "swapped", "swapping")),
    "create": (("创建",), ("create", "created", "creating")),
    "burn_out": (("燃尽",), ("burn out", "burns out", "burned out", "burning out")),
    "discard": (("弃牌", "弃置"), ("discard", "discarded", "discarding")),
    "predict": (("洞察",), ("predict", "predicted", "predicting")),
    "replace": (("替换",), ("replace", "replaced", "replacing")),
    "add": (("获得",), ("add", "adds", "adding")),
    "condition": (("条件",), ("condition", "conditions")),
    "instruction": (("指示",), ("instruction", "instructions")),
    "attached_top": (("顶部卡牌",), ("top-most",)),
    "reminder": (("提示",), ("reminder",)),
    "face_up": (("正面朝上",), ("face up",)),
    "face_down": (("正面朝下",), ("facedown", "face down")),
    "mode_of_play": (("游戏模式",), ("mode of play", "modes of play")),
    "showdown_state": (("法术对决状态",), ("showdown state",)),
    "chain_item": (("结算链项目",), ("chain item", "chain items")),
    "name": (("名称",), ("name", "names", "named")),
    "domain_identity": (("符文特性",), ("domain identity",)),
    "legend_zone": (("传奇区域",), ("legend zone",)),
    "champion_zone": (("英雄区域",), ("champion zone",)),
}


class Glossary:
    """Finds language-neutral concept ids in a text of either language."""

    def __init__(self, pairs: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]):
        self.zh: list[tuple[str, str]] = []
        en: dict[str, str] = {}
        for cid, (zhs, ens) in pairs.items():
            for z in zhs:
                if z:
                    self.zh.append((z, cid))
            for e in ens:
                if e:
                    en[e.lower()] = cid
        # Longest first, so 符文牌堆 is found before 符文 and masks it.
        self.zh.sort(key=lambda p: -len(p[0]))
        self.en_single = {k: v for k, v in en.items() if " " not in k}
        self.en_multi = sorted(((k, v) for k, v in en.items() if " " in k), key=lambda p: -len(p[0]))

    def concepts_zh(self, text: str) -> list[str]:
        found = []
        for term, cid in self.zh:
            if term in text:
                found.extend([cid] * text.count(term))
                text = text.replace(term, "\u2060")
        return found

    def concepts_en(self, text: str) -> list[str]:
        low = text.lower()
        found = []
        for term, cid in self.en_multi:
            if term in low:
                found.extend([cid] * low.count(term))
                low = low.replace(term, " ")
        for word in re.findall(r"[a-z][a-z'-]*", low):
            cid = self.en_single.get(word) or self.en_single.get(word.rstrip("s"))
            if cid:
                found.append(cid)
        return found


def builtin() -> Glossary:
    return Glossary(BUILTIN)


def from_store(db, docs=None) -> Glossary:
    """The built-in map extended with the store's terms that have an English name (terms.english);
    when that table is still empty (this stage runs before the glossary stage), with the project's
    reviewed glossary file and the core FAQ's "中文 (English)" pairs instead."""
    try:
        rows = db.execute(
            "SELECT term, english FROM terms WHERE english IS NOT NULL AND english != ''"
        ).fetchall()
    except Exception:  # no terms table (an older store)
        rows = []
    if not rows:
        rows = project_pairs(docs)
    return extended(rows)


CONNECTIVES = "或和与及在的"


def project_pairs(docs=None) -> list[tuple[str, str]]:
    """(Chinese, English) pairs from the glossary module's sources, without a store; [] if unavailable."""
    rows: list[tuple[str, str]] = []
    try:
        from judge.rules import glossary as project

        curated = project.load_curated()
        rows += [(c.term, c.english) for c in curated if c.english]
        # A FAQ pair's Chinese run may start with the word before the term ("…迅捷或反应 (Reaction)",
        # "在优先权 (priority) 传递之前"): a connective followed by a reviewed word is that word's term
        # (unless the FAQ mistranslates it there, as the glossary knows).
        known = {w: c.term for c in curated for w in (c.term, *(a for k, a in c.aliases if k == "synonym"))}
        for d in docs or []:
            if d.kind == "faq-core":
                for zh, en, _ in project.faq_pairs(d.read_text()):
                    word = zh[1:] if zh[:1] in CONNECTIVES else ""
                    if word in known and (word, en.lower()) not in project.FALSE_PAIRS:
                        rows.append((known[word], en))
                    elif 2 <= len(zh) <= 4:
                        rows.append((zh, en))
    except Exception:  # a glossary defect must never break alignment
        pass
    return rows


def extended(rows) -> Glossary:
    """The built-in map plus (Chinese, English) pairs; a pair joins an existing concept when either
    side is already known (so "cards" stays the concept "card"), else starts a new one."""
    pairs = {k: (list(v[0]), list(v[1])) for k, v in BUILTIN.items()}
    zh_cid = {z: k for k, (zhs, _) in pairs.items() for z in zhs}
    en_cid = {e: k for k, (_, ens) in pairs.items() for e in ens}
    for term, english in rows:
        term = (term or "").strip("[]【】 ")
        english = (english or "").strip("[]() ").lower()
        if len(term) < 2 or not english:
            continue
        cid = (zh_cid.get(term) or en_cid.get(english) or en_cid.get(english.rstrip("s"))
               or re.sub(r"\W+", "_", english))
        zhs, ens = pairs.setdefault(cid, ([], []))
        if term not in zhs:
            zhs.append(term)
            zh_cid[term] = cid
        if english not in ens:
            ens.append(english)
            en_cid.setdefault(english, cid)
    return Glossary({k: (tuple(v[0]), tuple(v[1])) for k, v in pairs.items()})
