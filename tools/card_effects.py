"""Development time: the effect side of the card-text translator (tools/card_coverage.py): effect
sentences, target phrases, values, effect conditions and activated abilities of the official Chinese
card text, written in the card-ability language (LANGUAGE.md §2–3, 5). The card text is only read
here, never written: each function returns the language's words (and the ability as data for
tools/card_smoke.py), or None when any part of the phrase has no template, so that a card is
encoded completely or not at all.

Two forms: the header-line forms (`new` False: `造成 2 伤害 -> 敌方 目标`) and the ability-line forms
(`new` True: `造成伤害 2 一名 敌方 单位`), which cover far more phrases."""

from __future__ import annotations

import re

_CN_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5}
_N = r"(一|两|二|三|四|五|\d+)"


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _CN_NUM[word]


def _target(phrase: str, new: bool = False) -> tuple[str, tuple] | None:
    """A target phrase of the card text -> (the language's target, scope words as data).

    Header form (`new` False): units anywhere on the board (一名单位, 一名友方单位, 此处的一名敌方单位, 最多两名单位, 我).
    Ability-line form (`new`): also 战场上 / 基地中, 所有, 装备 (`一名 战场上 敌方 单位`, `所有 友方 单位`)."""
    phrase = phrase.strip()
    if phrase in ("我", "此牌"):
        return "自身", ("self",)
    m = re.fullmatch(r"(此处的|战场上的|基地中的|你基地中的)?(一名|一件|所有|最多(?:两|三)名)?(其他)?(友方|敌方)?(单位|装备)", phrase)
    if not m or not m.group(2):
        return None
    where = {"此处的": "here", "战场上的": "battlefield", "基地中的": "base", "你基地中的": "base"}.get(m.group(1) or "")
    count = m.group(2)
    scope = tuple(w for w, on in (("other", m.group(3)), ("friendly", m.group(4) == "友方" or m.group(1) == "你基地中的"),
                                   ("enemy", m.group(4) == "敌方"), (where, where)) if on)
    scope += (("all",) if count == "所有" else ()) + (("up_to",) if count.startswith("最多") else ())
    if m.group(5) == "装备":
        scope += ("gear",)
    if not new:
        if where in ("battlefield", "base") or count == "所有" or m.group(5) == "装备" or m.group(1) == "你基地中的":
            return None
        words = {"other": "其他", "friendly": "友方", "enemy": "敌方", "here": "此处"}
        text = " ".join(words[w] for w in scope if w in words) + (" " if len(scope) - ("up_to" in scope) else "") + "目标"
        return text + (f" 最多 {_n(count[2])}" if count.startswith("最多") else ""), scope
    words = {"other": "其他", "friendly": "友方", "enemy": "敌方", "here": "此处", "battlefield": "战场上", "base": "基地中"}
    head = {"一名": "一名", "一件": "一名", "所有": "所有"}.get(count) or f"最多 {_n(count[2])} 名"
    return " ".join([head] + [words[w] for w in scope if w in words] + [m.group(5)]), scope


def _effect(sentence: str, new: bool = False) -> tuple[str, dict] | None:
    """One effect sentence -> (the language's effect, what it does as data); the ability-line form may be
    several effects joined with 并且 (their data: the first one's)."""
    if new:
        made = effect_line(sentence)
        if made is None:
            return None
        return " 并且 ".join(t for t, _ in made), made[0][1]
    s = re.sub(r"^在本回合内，(让.+?)({{S}}[+\-]\d+)$", r"\1本回合内\2", sentence.rstrip("。"))
    if m := re.fullmatch(f"(?:你)?抽{_N}张牌", s):
        return f"抽牌 {_n(m.group(1))}", {"kind": "draw", "n": _n(m.group(1))}
    if m := re.fullmatch(r"对(.+?)(?:各)?造成(\d+|等同于我战力的)点?伤害", s):
        t = _target(m.group(1), new)
        if not t or t[1] == ("self",) or ("gear" in t[1]):
            return None
        if m.group(2).isdigit():
            n = int(m.group(2))
            text = f"造成伤害 {n} {t[0]}" if new else f"造成 {n} 伤害 -> {t[0]}"
            return text, {"kind": "deal", "n": n, "scope": t[1]}
        if not new:
            return None
        return f"造成伤害 我的战力 {t[0]}", {"kind": "deal", "n": "might", "scope": t[1]}
    if m := re.fullmatch(f"弃置{_N}张手牌", s):
        return f"弃牌 {_n(m.group(1))}", {"kind": "discard", "n": _n(m.group(1))}
    if m := re.fullmatch(f"召出{_N}枚(休眠的)?符文", s):
        return (f"召出符文 {_n(m.group(1))}" + (" 休眠" if m.group(2) else ""),
                {"kind": "channel", "n": _n(m.group(1)), "exhausted": bool(m.group(2))})
    if (m := re.fullmatch(r"将(.+?)从战场上移动到(?:其|你的)?基地", s)) and new:
        t = _target(m.group(1).replace("友方单位", "战场上的友方单位", 1) if "战场上" not in m.group(1) else m.group(1), True)
        if t and "gear" not in t[1]:
            text = t[0].replace(" 友方", " 战场上 友方", 1) if "战场上" not in t[0] else t[0]
            return f"移动 {text} -> 基地", {"kind": "move_base", "scope": t[1] + ("battlefield",)}
    if s == "无效化一个法术":
        return ("无效化 一个 法术" if new else "无效化 法术 目标"), {"kind": "counter", "scope": ("spell",)}
    unary = [(r"摧毁(.+)", "摧毁", "kill"), (r"(?:{{眩晕}}|眩晕)(.+)", "眩晕", "stun"), (r"给予(.+?)(?:{{增益}}|增益)", "增益", "buff"),
             (r"召回(.+)", "召回", "recall"), (r"让(.+?)变为活跃状态", "活跃", "ready"),
             (r"让(.+?)变为休眠状态", "休眠", "exhaust"), (r"让(.+?)返回其?所属的手牌", "回到手牌", "return_to_hand")]
    for pat, word, kind in unary:
        if m := re.fullmatch(pat, s):
            t = _target(m.group(1), new)
            if not t or ("gear" in t[1] and kind not in ("kill", "return_to_hand")) or (kind == "return_to_hand" and not new):
                return None
            return f"{word} {t[0]}", {"kind": kind, "scope": t[1]}
    if m := re.fullmatch(r"让(.+?)(?:在)?本回合内{{S}}([+\-]\d+)", s):
        t = _target(m.group(1), new)
        if t and "gear" not in t[1]:
            text = f"修改战力 {m.group(2)} {t[0]} 本回合" if new else f"修改战力 {t[0]} {m.group(2)}"
            return text, {"kind": "might", "n": int(m.group(2)), "scope": t[1]}
    return None


_POWER = {"红色": "R", "绿色": "G", "蓝色": "B", "橙色": "O", "紫色": "P", "黄色": "Y", "A": "A"}


def _equip(clause: str) -> tuple[str, dict] | None:
    """An Equip keyword with its cost: {{装配}}{{1}}{{红色}}, {{装配红色}}, {{装配A}} -> 装配费用 E 符能 [X]…."""
    m = re.fullmatch(r"{{装配(红色|绿色|蓝色|橙色|紫色|黄色|A)?}}((?:{{(?:\d+|红色|绿色|蓝色|橙色|紫色|黄色|A)}})*)。?", clause)
    if not m:
        return None
    parts = ([m.group(1)] if m.group(1) else []) + re.findall(r"{{([^{}]+)}}", m.group(2))
    energy = sum(int(p) for p in parts if p.isdigit())
    syms = [f"[{_POWER[p]}]" for p in parts if not p.isdigit()]
    text = f"装配费用 {energy}" + (" 符能 " + " ".join(syms) if syms else "")
    return text, {"kind": "keyword", "keyword": "equip", "energy": energy, "power": [s[1] for s in syms]}


_COST_SYM = {"红色": "R", "绿色": "G", "蓝色": "B", "橙色": "O", "紫色": "P", "黄色": "Y", "A": "A"}



class _CostTokens:
    """A cost written as {{…}} tokens: its energy, its power symbols and whether it exhausts."""

    def __init__(self) -> None:
        self.energy, self.syms, self.exhaust = 0, [], False

    def add(self, tok: str) -> bool:
        """Take one token; False when it is not part of a cost."""
        if tok == "横置":
            self.exhaust = True
        elif tok.isdigit():
            self.energy += int(tok)
        elif tok in _COST_SYM:
            self.syms.append(f"[{_COST_SYM[tok]}]")
        else:
            return False
        return True

def _activated(clause: str, new: bool) -> tuple[str, list[dict]] | None:
    """`{{横置}}：…`, `{{1}}，{{横置}}：{{反应}}—…` -> `主动 [费用 N [符能 [R]…]] [休眠] [反应|迅捷] 效果 …`."""
    if new:
        return activated_line(clause)
    m = re.match(r"^((?:{{[^{}]+}}|支付|和|，|、|\s)+?)：\s*(?:{{(反应|迅捷)>?}}\s*[—\-]?\s*)?(.+)$", clause)
    if not m:
        return None
    cost = _CostTokens()
    if not all(cost.add(tok) for tok in re.findall(r"{{([^{}]+)}}", m.group(1))):
        return None
    energy, syms, exhaust = cost.energy, cost.syms, cost.exhaust
    body = m.group(3).rstrip("。")
    if g := re.fullmatch(r"{{获得}}{{(\d+)}}(?:，用以支付法力费用)?", body):
        effects = [(f"获得 法力 {g.group(1)}", {"kind": "add_energy", "n": int(g.group(1))})]
    else:
        effects = [_effect(part) for part in re.split(r"(?<=。)|，然后", body) if part.strip("。")]
        if not effects or None in effects:
            return None
    cost = (f" 费用 {energy}" + (" 符能 " + " ".join(syms) if syms else "")) if energy or syms else ""
    text = f"主动{cost}{' 休眠' if exhaust else ''}{' ' + m.group(2) if m.group(2) else ''} 效果 " + \
        " 并且 ".join(e[0] for e in effects)
    cost_data = {"energy": energy, "power": [s[1] for s in syms], "exhaust": exhaust, "timing": m.group(2)}
    return text, [dict(e[1], when="activated", cost=cost_data) for e in effects]


# ------------------------------------------------------------------ ability-line forms
# Keywords a card may grant (the catalog's spelling -> the language's, read from the keyword registry).
_GRANTABLE = ("急速", "强攻", "游走", "壁垒", "坚守", "法盾", "后排", "绝念", "瞬息", "回响", "灵便", "迅捷", "反应")


def keyword_word(word: str) -> str | None:
    """The language's spelling of a keyword the catalog spells `word`, or None if it is not registered."""
    from judge.engine.keywords import KEYWORDS

    ids = {"急速": "accelerate", "迅捷": "action", "强攻": "assault", "法盾": "deflect", "游走": "ganking",
           "待命": "hidden", "反应": "reaction", "坚守": "shield", "壁垒": "tank", "瞬息": "temporary",
           "回响": "repeat", "后排": "backline", "灵便": "quick_draw", "绝念": "deathknell", "百炼": "weaponmaster"}
    kw = KEYWORDS.get(ids.get(word, "")) if word in ids else None
    return kw.zh[0] if kw is not None else None


_NUM = r"(一|两|二|三|四|五|六|七|八|九|十|\d+)"
_CN_MORE = {"六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def _num(word: str) -> int:
    return int(word) if word.isdigit() else {**_CN_NUM, **_CN_MORE}[word]


# The pieces of a target phrase, in any order: (pattern, what it adds). Each adds filter words (in the
# language's spelling), or sets the count / noun. The whole phrase must be consumed.
_T_PIECES: list[tuple[str, str]] = [
    (r"你基地中的|你的基地中的|你基地里的", "friendly base"),
    (r"基地中的|基地里的|位于基地的", "base"),
    (r"你此处的|你在此处的|你在此处控制的", "friendly here"),
    (r"此处的|位于此处的|此处|我所处(?:的)?战场上的|我所在(?:的)?战场上的", "here"),
    (r"你在战场上的|你战场上的", "friendly battlefield"),
    (r"(?:任意|一处)?战场上的|战场上|战场中的|位于战场上的", "battlefield"),
    (r"最多" + _NUM + r"(?:名|件|个)", "up_to"),
    (r"任意数量的", "any_number"),
    (r"所有", "all"),
    (r"另一(?:名|件|个)", "another"),
    (r"其他", "other"),
    (_NUM + r"(?:名|件|个)", "n"),
    (r"你控制的|你的", "friendly"),
    (r"友方", "friendly"),
    (r"敌方", "enemy"),
    (r"(?:处于)?休眠(?:状态)?的", "exhausted"),
    (r"(?:处于)?活跃(?:状态)?的", "ready"),
    (r"拥有增益的|有增益的", "buffed"),
    (r"已?受伤的", "damaged"),
    (r"被眩晕的", "stunned"),
    (r"(?:战力)?不高于(\d+)(?:{{S}})?的|战力不超过(\d+)的", "might_at_most"),
    (r"(?:战力)?不低于(\d+)(?:{{S}})?的|战力至少为?(\d+)的", "might_at_least"),
    (r"拥有{{([^{}]+?)}}的", "keyword"),
    (r"{{强力}}(?:的)?", "mighty"),
    (r"“([^”]+)”属性的?", "tag"),
    (r"指示物", "token"),
]
_NOUNS = {"单位": "单位", "装备": "装备", "英雄单位": "英雄 单位", "英雄": "英雄 单位"}
_FILTER_ORDER = ("其他", "友方", "敌方", "此处", "战场上", "基地中", "休眠的", "活跃的", "增益", "受伤的", "眩晕的",
                 "指示物")


def target_phrase(phrase: str, spell: bool = False) -> tuple[str, tuple] | None:
    """A target phrase of the card text -> (the language's target, scope words as data), or None.

    `我`/`此牌` is the source (`自身`); `其`/`它`/`该单位` the previous instruction's object (`它`);
    else `[数量] <筛选词…> <名词>`, e.g. 战场上一名不高于3{{S}}的敌方单位 -> `一名 敌方 战场上 战力不超过 3 单位`.
    A spell has no place of its own, so `此处` in a spell has no template."""
    phrase = phrase.strip()
    if phrase in ("我", "此牌", "此装备", "自己"):
        return "自身", ("self",)
    if phrase in ("其", "它", "该单位", "这名单位", "它们", "这些单位"):
        return "它", ("it",)
    noun = next((n for n in sorted(_NOUNS, key=len, reverse=True) if phrase.endswith(n)), None)
    if noun is None:
        return None
    rest, words, count, extra = phrase[: -len(noun)], [], None, []
    while rest:
        for pat, what in _T_PIECES:
            m = re.match(pat, rest)
            if not m:
                continue
            arg = next((g for g in m.groups() if g), None) if m.groups() else None
            for piece in what.split():
                if piece in ("up_to", "n", "any_number", "all", "one"):
                    if count is not None:
                        return None
                    count = (piece, _num(arg) if arg else 1)
                elif piece == "another":
                    words.append("其他")
                    if count is not None:
                        return None
                    count = ("n", 1)
                elif piece in ("might_at_most", "might_at_least"):
                    extra.append(("战力不超过" if piece == "might_at_most" else "战力至少") + f" {int(arg)}")
                elif piece == "mighty":  # a Mighty unit: Might 5 or more (708)
                    extra.append("战力至少 5")
                elif piece == "keyword":
                    kw = keyword_word(re.sub(r"\d+$", "", arg))
                    if kw is None:
                        return None
                    extra.append(f"拥有 {kw}")
                elif piece == "tag":
                    if not re.fullmatch(r"[\u4e00-\u9fff]+", arg):
                        return None
                    extra.append(f"标签 {arg}")
                else:
                    words.append({"friendly": "友方", "enemy": "敌方", "other": "其他", "here": "此处",
                                  "battlefield": "战场上", "base": "基地中", "exhausted": "休眠的", "ready": "活跃的",
                                  "buffed": "增益", "damaged": "受伤的", "stunned": "眩晕的", "token": "指示物"}[piece])
            rest = rest[m.end():]
            break
        else:
            return None
    if count is None and re.match(r"你(?:的|此处的|在此处的)", phrase):
        count = ("all", 0)  # "your (other) units (here)": each of them
    if count is None or ("友方" in words and "敌方" in words) or (spell and "此处" in words):
        return None
    words = sorted(set(words), key=_FILTER_ORDER.index)
    kind, n = count
    head = {"all": "所有", "any_number": "任意数量", "up_to": f"最多 {n} 名"}.get(kind) or ("一名" if n == 1 else f"{n} 名")
    scope = tuple({"友方": "friendly", "敌方": "enemy", "其他": "other", "此处": "here", "战场上": "battlefield",
                   "基地中": "base"}.get(w, w) for w in words)
    scope += ({"all": ("all",), "up_to": ("up_to",), "any_number": ("up_to",)}.get(kind, ()))
    scope += ("gear",) if noun == "装备" else ()
    return " ".join([head] + words + extra + [_NOUNS[noun]]), scope


def _token_card(name: str) -> str | None:
    """The catalog id of a token the text names (“随从” has three printings with the same facts: the first)."""
    from judge.cards.catalog import catalog

    cards = catalog().cards
    if name in cards and "指示物" in cards[name].category:
        return name
    return next((cid for cid in sorted(cards) if cid.startswith(name + "（") and "指示物" in cards[cid].category), None)


def condition_words(text: str) -> str | None:
    """An effect's condition (如果…) -> the language's `若 …` words, or None without a template."""
    text = text.strip()
    if re.fullmatch(r"本回合内?有(?:任意)?单位(?:被摧毁|死亡)", text):
        return "本回合有单位死亡"
    if re.fullmatch(r"我(?:为|是)(?:一名)?{{强力}}(?:单位)?", text):
        return "强力"
    m = re.fullmatch(r"你控制着?(?:至少|不少于)?" + _NUM + r"?(?:名|件)?(.+?)(?:或更多)?", text)
    if m:
        t = target_phrase("一名" + m.group(2).removeprefix("一名"))
        if t and t[0].startswith("一名 ") and "友方" not in t[0] and "敌方" not in t[0]:
            return f"你控制至少 {_num(m.group(1)) if m.group(1) else 1} {t[0][3:]}"
    return None


def _tokens_in(listing: str) -> list[tuple[str, int]] | None:
    """`{{强攻2}}和{{游走}}`, `{{S}}+3和{{壁垒}}` -> [(keyword word or "S", n)…]; None if anything else is there."""
    out: list[tuple[str, int]] = []
    rest = listing
    while rest:
        m = re.match(r"(?:和|、|，|以及)?\s*(?:{{S}}([+\-]\d+)|{{([^{}\d]+)(\d*)}}(?:{{(\d+)}})?)", rest)
        if not m or not m.group(0):
            return None
        if m.group(1):
            out.append(("S", int(m.group(1))))
        else:
            kw = keyword_word(m.group(2))
            if kw is None or m.group(2) not in _GRANTABLE:
                return None
            out.append((kw, int(m.group(3) or m.group(4) or 1)))
        rest = rest[m.end():]
    return out


def _core(s: str, spell: bool, this_turn: bool) -> list[tuple[str, dict]] | None:
    """One effect sentence without its 可以 / 本回合 / 如果 prefixes -> [(effect words, data)…]."""
    T = lambda p: target_phrase(p, spell)  # noqa: E731
    if m := re.fullmatch(f"(?:你)?(?:再)?抽{_NUM}张牌", s):
        return [(f"抽牌 {_num(m.group(1))}", {"kind": "draw", "n": _num(m.group(1))})]
    if m := re.fullmatch(r"对(.+?)(?:各)?造成(\d+|等同于我(?:的)?战力的)点?伤害", s):
        t = T(m.group(1))
        if not t or t[1][:1] in (("self",), ("it",)) and t[1] != ("it",) or "gear" in t[1]:
            return None
        v = m.group(2) if m.group(2).isdigit() else "我的战力"
        return [(f"造成伤害 {v} {t[0]}", {"kind": "deal", "n": int(v) if v.isdigit() else "might", "scope": t[1]})]
    if m := re.fullmatch(r"(?:本回合内?|在本回合内)?{{S}}([+\-]\d+)", s):  # "…，且本回合{{S}}+1": the same object
        return [(f"修改战力 {m.group(1)} 它 本回合", {"kind": "might", "n": int(m.group(1)), "scope": ("it",)})]
    if m := re.fullmatch(r"无效化(一个|一张)法术", s):
        return [("无效化 一个 法术", {"kind": "counter", "scope": ("spell",)})]
    if spell and (m := re.fullmatch(r"移动(.+)", s)):  # to a place chosen as the spell is played (355.4)
        t = T(m.group(1))
        if t and "gear" not in t[1] and t[0].startswith(("一名", "最多", "任意数量", "2 名", "3 名")):
            return [(f"移动 {t[0]}", {"kind": "move", "scope": t[1]})]
        return None
    unary = [(r"摧毁(.+)|将(.+?)摧毁", "摧毁", "kill"), (r"(?:{{眩晕}}|眩晕)(.+)|将(.+?)(?:{{眩晕}}|眩晕)", "眩晕", "stun"),
             (r"给予(.+?)(?:{{增益}}|增益)", "增益", "buff"), (r"召回(.+)|将(.+?)召回", "召回", "recall"),
             (r"让(.+?)变为活跃状态", "活跃", "ready"), (r"让(.+?)变为休眠状态", "休眠", "exhaust"),
             (r"让(.+?)(?:从(此处|战场上?))?返回(?:其|其所属的|所属的|其拥有者的)手牌", "回到手牌", "return_to_hand"),
             (r"为(.+?)移除(?:所有)?伤害", "移除伤害", "heal"), (r"放逐(.+)", "放逐", "banish")]
    for pat, word, kind in unary:
        if m := re.fullmatch(pat, s):
            phrase = m.group(1) or m.group(2) if kind != "return_to_hand" else m.group(1)
            if kind == "return_to_hand" and m.group(2):  # "from a battlefield / from here"
                phrase = {"此处": "此处的", "战场": "战场上的", "战场上": "战场上的"}[m.group(2)] + phrase
            phrases = [phrase]
            if T(phrase) is None and "和" in phrase:  # "a friendly unit and an enemy unit": one instruction each
                phrases = phrase.split("和")
            ts = [T(p) for p in phrases]
            if None in ts or len(ts) > 2 or this_turn:
                return None
            out = []
            for t in ts:
                if "gear" in t[1] and kind not in ("kill", "return_to_hand", "ready", "exhaust"):
                    return None
                if kind == "banish" and t[1] == ("self",):
                    return None  # "banish this card": a spell leaving the chain, not a board object (no template)
                out.append((f"{word} {t[0]}", {"kind": kind, "scope": t[1]}))
            return out
    if m := re.fullmatch(r"让(.+?)变为((?:{{[^{}]+}}(?:和|、)?)+)", s):  # "becomes [Temporary]": gains it, for good
        t, kws = T(m.group(1)), _tokens_in(m.group(2))
        if not t or not kws or any(k == "S" for k, _ in kws) or this_turn:
            return None
        return [(f"获得关键词{' ' + str(n) if n > 1 else ''} {t[0] if i == 0 else '它'} {k}",
                 {"kind": "grant_keyword", "keyword": k, "n": n, "scope": t[1]}) for i, (k, n) in enumerate(kws)]
    if m := re.fullmatch(r"让(.+?)(?:在)?(本回合内)?(?:获得)?{{S}}([+\-]\d+)", s):
        t = T(m.group(1))
        if not t or "gear" in t[1] or not (this_turn or m.group(2)):
            return None
        return [(f"修改战力 {m.group(3)} {t[0]} 本回合", {"kind": "might", "n": int(m.group(3)), "scope": t[1]})]
    if m := re.fullmatch(r"让(.+?)(?:在)?(本回合内)?获得(.+)", s):
        t, kws = T(m.group(1)), _tokens_in(m.group(3))
        turn = bool(this_turn or m.group(2))
        if not t or not kws or "gear" in t[1] and any(k == "S" for k, _ in kws):
            return None
        out, first = [], t[0]
        for k, n in kws:
            if k == "S":
                if not turn:
                    return None
                out.append((f"修改战力 {n:+d} {first} 本回合", {"kind": "might", "n": n, "scope": t[1]}))
            else:
                out.append((f"获得关键词{' ' + str(n) if n > 1 else ''} {first} {k}{' 本回合' if turn else ''}",
                            {"kind": "grant_keyword", "keyword": k, "n": n, "scope": t[1]}))
            first = "它"
        return out
    if m := re.fullmatch(r"让(.+?)(?:在)?(本回合内)?战力翻倍", s):
        t = T(m.group(1))
        if not t or "gear" in t[1] or not (this_turn or m.group(2)):
            return None
        return [(f"战力翻倍 {t[0]} 本回合", {"kind": "double_might", "scope": t[1]})]
    if m := re.fullmatch(r"将(.+?)(?:从(此处|战场上?))?移动到(?:其所属的|所属的|其|你的|其拥有者的)?基地", s):
        t = T(m.group(1))
        if not t or "gear" in t[1] or this_turn:
            return None
        text = t[0]
        where = {"此处": "此处", "战场": "战场上", "战场上": "战场上"}.get(m.group(2) or "")
        if where and where not in text.split():
            if where == "此处" and spell:
                return None
            text = text.replace(" 单位", f" {where} 单位", 1) if " 单位" in text else None
        elif not where and "战场上" not in text.split() and "此处" not in text.split():
            text = text.replace(" 单位", " 战场上 单位", 1) if " 单位" in text else None
        if text is None or text.startswith(("自身", "它")):
            return None if text is None else [(f"移动 {text} -> 基地", {"kind": "move_base", "scope": t[1]})]
        return [(f"移动 {text} -> 基地", {"kind": "move_base", "scope": t[1] + ("battlefield",)})]
    if m := re.fullmatch(r"召出" + _NUM + r"枚(休眠的)?符文", s):
        n = _num(m.group(1))
        return [(f"召出符文 {n}" + (" 休眠" if m.group(2) else ""), {"kind": "channel", "n": n, "exhausted": bool(m.group(2))})]
    if m := re.fullmatch(r"弃置" + _NUM + r"张手牌", s):
        return [(f"弃牌 {_num(m.group(1))}", {"kind": "discard", "n": _num(m.group(1))})]
    if m := re.fullmatch(r"(?:你)?获得" + _NUM + r"(?:点)?经验", s):
        return [(f"获得经验 {_num(m.group(1))}", {"kind": "gain_xp", "n": _num(m.group(1))})]
    if m := re.fullmatch(r"(?:你)?获得" + _NUM + r"分", s):
        return [(f"获得分数 {_num(m.group(1))}", {"kind": "gain_points", "n": _num(m.group(1))})]
    if m := re.fullmatch(r"(?:你)?{{获得}}\s*((?:(?:和)?{{(?:\d+|红色|绿色|蓝色|橙色|紫色|黄色|A)}})+)", s):
        out = []
        for tok in re.findall(r"{{([^{}]+)}}", m.group(1)):
            if tok.isdigit():
                out.append((f"获得法力 {tok}", {"kind": "add_energy", "n": int(tok)}))
            else:
                out.append((f"获得符能 1 [{_POWER[tok]}]", {"kind": "add_power", "n": 1, "domain": _POWER[tok]}))
        return out
    if m := re.fullmatch(r"(?:进行)?{{洞察(\d*)}}", s):
        n = int(m.group(1) or 1)
        return [(f"洞察 {n}", {"kind": "predict", "n": n})]
    if m := re.fullmatch(r"(在此处)?(?:额外)?打出" + _NUM + r"(?:名|个)(处于活跃状态的|活跃状态的|休眠的)?(?:\d+{{S}}的?)?“([^”]+)”"
                         r"(?:装备指示物)?(到你的基地)?(?:，它们?拥有{{([^{}]+)}})?", s):
        card = _token_card(m.group(4))
        if card is None or (m.group(1) and m.group(5)):
            return None
        from judge.cards.catalog import catalog

        unit = "单位" in catalog().cards[card].category
        exhausted = m.group(3) == "休眠的" or (unit and not m.group(3))  # units enter exhausted (143.4, 185.2.d)
        n = _num(m.group(2))
        # no location named: a unit token goes wherever its player could play it (439.2.b.1)
        where = " -> 此处" if m.group(1) else "" if m.group(5) or not unit else " -> 可打出处"
        out = [(f"创建指示物 {n} \"{card}\"" + (" 休眠" if exhausted else " 活跃" if m.group(3) else "") + where,
                {"kind": "create_token", "n": n, "card": card, "exhausted": exhausted})]
        if m.group(6):
            kw = keyword_word(m.group(6))
            if kw is None:
                return None
            out.append((f"获得关键词 它 {kw}", {"kind": "grant_keyword", "keyword": kw, "n": 1, "scope": ("it",)}))
        return out
    return None


def effect_line(sentence: str, spell: bool = False) -> list[tuple[str, dict]] | None:
    """One effect sentence -> [(the language's effect, data)…] (ability-line form), or None.

    Prefixes: `你可以（选择）` -> `可以` (one effect only: declining is per instruction); `（在）本回合内，` ->
    the duration of a Might change or granted keyword; `如果…，（则）` -> `若 <条件>`."""
    s = re.sub(r"，不分敌我$", "", sentence.strip().rstrip("。").strip())  # "friend or foe alike": no filter anyway
    if m := re.fullmatch(r"选择(.+?)，(让|将)(?:其|它|该单位)(.+)", s):  # "choose X, then Y it": Y X
        s = (f"让{m.group(1)}{m.group(3)}" if m.group(2) == "让" else f"将{m.group(1)}{m.group(3)}")
    floor = None
    if m := re.search(r"，(?:且)?(?:不得|不会)?(?:低于|最低为)(\d+){{S}}$", s):  # "to a minimum of N Might" (477.3.b)
        floor, s = int(m.group(1)), s[:m.start()]
    may, this_turn, cond = False, False, None
    while True:
        if m := re.match(r"(?:你)?可以(?:选择)?", s):
            may, s = True, s[m.end():]
        elif m := re.match(r"(?:在)?本回合内，", s):
            this_turn, s = True, s[m.end():]
        elif (m := re.match(r"如果(.+?)，(?:则)?", s)) and cond is None:
            cond = condition_words(m.group(1))
            if cond is None:
                return None
            s = s[m.end():]
        else:
            break
    count = None
    if m := re.fullmatch(r"你(?:场上)?每(?:控制|有)(?:一名|一件)(.+?)，(?:就|便)(.+)", s):  # "for each X you control"
        t = target_phrase("一名" + m.group(1))
        if t is None or not t[0].startswith("一名 ") or "敌方" in t[0].split():
            return None
        words = t[0][3:].split()
        count, s = "每 " + " ".join(["友方"] + [w for w in words if w != "友方"]), m.group(2)
    if may and re.search(r"以此|支付|来", s):
        return None  # "pay / do X to do Y" is an optional cost, not a plain "may"
    core = _core(s, spell, this_turn)
    if not core or (may and len(core) > 1):
        return None
    if count is not None:  # the instruction's 1 becomes the count
        if len(core) != 1 or core[0][1]["kind"] not in ("draw", "gain_xp") or core[0][1].get("n") != 1:
            return None
        word, _, rest = core[0][0].partition(" ")
        core = [(f"{word} {count}" + rest[1:], dict(core[0][1], n="count"))]
    if floor is not None:
        if any(d["kind"] != "might" or d["n"] >= 0 for _, d in core):
            return None
        core = [(t + f" 最低 {floor}", dict(d, floor=floor)) for t, d in core]
    out = []
    for text, data in core:
        word, _, rest = text.partition(" ")
        text = word + (" 可以" if may else "") + (" " + rest if rest else "") + (f" 若 {cond}" if cond else "")
        out.append((text, dict(data, optional=may) if may else data))
    return out


_THEN = r"(?<=。)|，然后，?|。然后，?|，再|，并(?=[让对给摧眩将抽召为放获])|，且(?=本回合)"


def effects_of(body: str, new: bool = True, spell: bool = False, deathknell: bool = False,
               trigger: bool = False) -> list[tuple[str, dict]] | None:
    """The effects of an ability's text (sentences, `然后`, `并`) -> [(effect words, data)…], or None when
    any part has no template. An optional instruction followed by `然后` has none either: whether the
    next one depends on it ("you may …, then …") is not written in the language."""
    parts = [p for p in re.split(_THEN, body) if p.strip("。 ")]
    out: list[tuple[str, dict]] = []
    for i, part in enumerate(parts):
        if not new:
            made = _effect(part, False)
            if made is None:
                return None
            out.append(made)
            continue
        made = effect_line(part, spell)
        if made is None:
            return None
        if any(" 可以" in t for t, _ in made) and i + 1 < len(parts):
            return None
        if deathknell and any("若 强力" in t for t, _ in made):
            return None  # "if I was Mighty" when I died: the condition reads the board, where I no longer am
        out += made
    if out and " 它 " in f" {out[0][0]} " and not trigger:
        return None  # "it" first names a triggered ability's event object; elsewhere nothing
    if sum(1 for t, _ in out if t.startswith("移动 ") and "->" not in t) > 1:
        return None  # each move has its own destination; a spell is played with one
    return out or None


_COST_PARTS = [  # a cost item of the card text -> the language's cost part (judge/engine/cost_parts.py)
    (r"从(?:你的)?废牌堆中?回收" + _NUM + r"张(?:卡)?牌", "从废牌堆回收 {n}"),
    (r"从(?:你的)?废牌堆中?放逐" + _NUM + r"张(?:卡)?牌", "从废牌堆放逐 {n}"),
    (r"消耗" + _NUM + r"(?:点)?经验", "消耗经验 {n}"),
    (r"弃置" + _NUM + r"张手牌", "弃牌 {n}"),
    (r"摧毁一名友方单位", "摧毁友方单位"),
]


def _cost_items(text: str) -> tuple[list[str], str | None, dict] | None:
    """The cost of an activated ability (before its ：) -> (the language's cost items, timing word, the cost as
    data), or None."""
    items, timing, cost = [], None, _CostTokens()
    rest = text.strip()
    while rest:
        if m := re.match(r"[，、\s]+|和|支付", rest):
            rest = rest[m.end():]
            continue
        if m := re.match(r"{{(反应|迅捷)>?}}\s*[—\-]?", rest):
            if timing:
                return None
            timing, rest = m.group(1), rest[m.end():]
            continue
        if m := re.match(r"{{([^{}]+)}}", rest):
            if not cost.add(m.group(1)):
                return None
            rest = rest[m.end():]
            continue
        for pat, word in _COST_PARTS:
            if m := re.match(pat, rest):
                items.append(word.format(n=_num(m.group(1)) if m.groups() else ""))
                rest = rest[m.end():]
                break
        else:
            return None
    energy, syms, exhaust = cost.energy, cost.syms, cost.exhaust
    head = ([f"费用 {energy}"] if energy else []) + (["符能 " + " ".join(syms)] if syms else [])
    data = {"energy": energy, "power": [x[1] for x in syms], "exhaust": exhaust, "parts": items}
    return head + items + (["休眠"] if exhaust else []), timing, data


def activated_line(clause: str) -> tuple[str, list[dict]] | None:
    """`<费用>：[{{反应}}—]<效果>` -> the ability line `主动 <费用项>，…：<效果>；…` (LANGUAGE.md §2), or None."""
    m = re.match(r"^([^：]{1,60})：\s*(?:{{(反应|迅捷)>?}}\s*[—\-]?\s*)?(.+)$", clause)
    if not m or not re.search(r"{{横置}}|{{\d+}}|{{(?:红色|绿色|蓝色|橙色|紫色|黄色|A)}}|消耗|回收|弃置", m.group(1)):
        return None
    made = _cost_items(m.group(1))
    if made is None or (made[1] and m.group(2)):
        return None
    items, timing = made[0], made[1] or m.group(2)
    body = re.sub(r"，用以支付(?:法力|符能)费用。?$", "", m.group(3).strip())
    effects = effects_of(body)
    if not effects or not items:
        return None
    line = "  主动 " + "，".join(([timing] if timing else []) + items) + "：" + "；".join(t for t, _ in effects)
    cost_data = dict(made[2], timing=timing)
    return line, [dict(d, when="activated", cost=cost_data) for _, d in effects]
