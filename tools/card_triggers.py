"""Development time: the trigger templates of the card translator (tools/card_coverage.py).

A triggered ability of the card text starts with its condition (383.2.a: "when …", "at …", "the first
time …"), optionally preceded by a frequency ("每回合首次", "每回合限一次", 383.3.e) and followed by a
conditional statement that belongs to the condition ("如果…，则…" right after it, 383.2.a.1). `head`
reads that part and returns the language's trigger lines (`当 [主语] <时机> [地点] [频率] [若 条件]`,
LANGUAGE.md §4); the effects after it are the translator's business (`_effect`).

Words come from the registries: subjects and places judge.engine.abilities.filters, events
judge.engine.abilities.events, frequencies judge.engine.abilities.frequencies, conditions
judge.engine.conditions. Every template below is written against how the engine fires the event, so that
an encoding never means less or more than the card: e.g. "when you defend" is `防守战斗时` (once per combat
for the player), not `你 防守时` (`defend` fires once per defending unit)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_N = r"(一|两|二|三|四|五|\d+)"
_CN_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5}


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _CN_NUM[word]


# The trigger phrase between 当/每当/在 and 时 -> the ability's triggers: (subject word, event word, place word).
# One phrase may name two events ("当我进攻或防守时"): a unit never attacks and defends in one combat, and a
# conquer and a hold never happen together, so two triggers with the same effect mean the same.
# A third element is a condition the phrase itself states ("during an opponent's turn"), 383.2.a.1.
PHRASES: list[tuple] = [
    (r"你打出我|你打出此牌|我被打出|此牌被打出", (("我", "打出时", None),)),
    (r"我进攻", (("我", "进攻时", None),)),
    (r"我防守|我防守一处战场", (("我", "防守时", None),)),
    (r"我进攻或防守", (("我", "进攻时", None), ("我", "防守时", None))),
    (r"我征服一处战场", (("我", "征服时", None),)),
    (r"我据守一处战场", (("我", "据守时", None),)),
    (r"我征服或据守一处战场", (("我", "征服时", None), ("我", "据守时", None))),
    (r"你征服一处战场", (("你", "征服时", None),)),
    (r"你据守一处战场", (("你", "据守时", None),)),
    (r"你征服或据守一处战场", (("你", "征服时", None), ("你", "据守时", None))),
    (r"你防守一处战场", (("你", "防守战斗时", None),)),
    (r"你进攻一处战场", (("你", "进攻战斗时", None),)),
    (r"我移动", (("我", "移动时", None),)),
    (r"我移动(?:到|至)(?:一处)?战场", (("我", "移动时", "到战场"),)),
    (r"我从一处战场向其他位置移动|我从一处战场移动", (("我", "移动时", "从战场"),)),
    (r"我赢得(?:一场)?战斗", (("我", "赢得战斗时", None),)),
    (r"你赢得一场战斗", (("你", "赢得战斗时", None),)),
    (r"我被摧毁", (("我", "死亡时", None),)),
    (r"另一名友方单位被摧毁", (("其他友方单位", "死亡时", None),)),
    (r"一名友方单位被摧毁|你的友方单位被摧毁", (("友方单位", "死亡时", None),)),
    (r"一名敌方单位被摧毁", (("敌方单位", "死亡时", None),)),
    (r"一名拥有增益的友方单位被摧毁", ((None, "增益友方单位死亡时", None),)),
    (r"你打出一个法术|你打出一张法术牌|你打出法术", (("你", "打出法术时", None),)),
    (r"你打出一名单位", (("你", "打出单位时", None),)),
    (r"你打出一件装备", (("你", "打出装备时", None),)),
    (r"对手打出一名单位", (("对手", "打出单位时", None),)),
    (r"一名对手得分", (("对手", "得分时", None),)),
    (r"你得分", (("你", "得分时", None),)),
    (r"你的开始阶段开始", (("你", "开始阶段开始时", None),)),
    (r"你的主阶段开始", (("你", "主阶段开始时", None),)),
    (r"你的?回合结束", (("你", "回合结束时", None),)),
    (r"你弃置我", (("我", "被弃置时", None),)),
    (r"此牌被打出、弃置或摧毁", (("我", "打出时", None), ("我", "被弃置时", None), ("我", "死亡时", None))),
    (r"你在回合中打出第二张牌|你在一回合中打出第二张牌", (("你", "第二张牌时", None),)),
    (r"你打出另一名单位", (("其他友方单位", "打出单位时", None),)),
    (r"你在对手的回合内打出一张卡牌", (("你", "打出卡牌时", None),), "对手的回合"),
    (r"你在对手的回合内打出一张法术牌", (("你", "打出法术时", None),), "对手的回合"),
    (r"你回收一枚符文", (("你", "回收符文时", None),)),
    # stunning (423.1; one event per unit stunned) and hidden cards (811.1.c hide, 811.1.b play from facedown)
    (r"你(?:{{眩晕}}|眩晕)一名敌方单位", (("你", "眩晕敌方单位时", None),)),
    (r"你(?:{{眩晕}}|眩晕)战场上的一名敌方单位", (("你", "眩晕敌方单位时", "战场"),)),
    (r"你正面朝下放置一张(?:卡)?牌", (("你", "隐藏卡牌时", None),)),
    (r"你将一张(?:卡)?牌从正面朝下的(?:{{待命}})?状态(?:中)?打出", (("你", "从待命状态打出时", None),)),
    (r"你将我打出到一处战场", (("我", "打出时", "到战场"),)),
]

# "如果…" right after the trigger (383.2.a.1) -> the language's `若 <条件>` words.
CONDITIONS: list[tuple[str, object]] = [
    (r"我(?:为|是|处于){{强力}}(?:单位|状态)?|我{{强力}}", "强力"),
    (r"本回合(?:内)?有单位(?:被摧毁|死亡)", "本回合有单位死亡"),
    (f"你控制着?(?:不少于|至少){_N}(件|名)(?:友方)?(装备|单位)",
     lambda m: f"你控制至少 {_n(m.group(1))} 名 {m.group(3)}"),
    (r"你场上拥有[“\"]([^“”\"]+)[“”\"]属性单位", lambda m: f"你控制至少 1 名 标签 {m.group(1)} 单位"),
    (r"此处有(?:一名)?(处于活跃状态的|活跃的|休眠的|处于休眠状态的)?(其他)?(友方|敌方)?单位",
     lambda m: " ".join(["存在", "此处"] + [w for w in (
         {"处于活跃状态的": "活跃的", "活跃的": "活跃的", "休眠的": "休眠的", "处于休眠状态的": "休眠的"}.get(m.group(1) or ""),
         m.group(2), m.group(3)) if w] + ["单位"])),
]

# The frequency written before the condition (383.3.e; "the first time … each turn", 383.1.b).
FREQUENCY_WORDS = {"每回合首次": "每回合首次", "每回合限一次": "每回合一次", "每回合一次": "每回合一次"}


@dataclass
class Head:
    lines: list[str]  # trigger-line prefixes, one per triggered ability: `当 我 进攻时 若 强力`
    events: list[str]  # the event id of each
    rest: str  # the effect text after the condition
    legacy: str | None  # the header-line word (`触发 <词>`) when the ability is a plain "when I …"


_HEAD = re.compile(r"^(?:(每回合首次|每回合限一次|每回合一次)[：，]\s*)?"
                   r"((?:每当|当|在)[^，。：]*?时(?:[，、]?或(?:每当|当|在)[^，。：]*?时)*)，(.+)$")


def _phrase(part: str) -> tuple[tuple, str | None] | None:
    """(the triggers, the condition the phrase states) of one trigger phrase."""
    body = re.sub(r"^(?:每当|当|在)", "", part)
    body = re.sub(r"时$", "", body)
    for pat, triggers, *cond in PHRASES:
        if re.fullmatch(pat, body):
            return triggers, (cond[0] if cond else None)
    return None


def condition_words(text: str) -> str | None:
    for pat, words in CONDITIONS:
        if m := re.fullmatch(pat, text):
            return words(m) if callable(words) else words
    return None


def _named_event(ev, subject: str, place: str | None):
    """The registry's own entry for this event with exactly this subject and place, if it has one
    (`对手得分时` is `score` for the subject `opponent`): the shorter spelling, the same trigger."""
    from judge.engine.abilities.events import EVENTS
    from judge.engine.abilities.filters import PLACES, SUBJECTS

    sid, pid = SUBJECTS.lookup(subject).id, PLACES.lookup(place).id if place else None
    for e in EVENTS:
        if e.scriptable and e.of == ev.of and e.card_type == ev.card_type and (e.subject, e.place) == (sid, pid):
            return e
    return None


def head(clause: str) -> Head | None:
    """The trigger lines of a clause that starts a triggered ability, else None (not a trigger, or a trigger
    phrase / frequency / condition no template reads: then the card is not translated)."""
    from judge.engine.abilities.events import EVENTS

    m = _HEAD.match(clause)
    if not m:
        return None
    frequency = FREQUENCY_WORDS.get(m.group(1) or "")
    triggers: list[tuple[str, str, str | None]] = []
    conds = set()
    for part in re.split(r"[，、]?或(?=每当|当|在)", m.group(2)):
        found = _phrase(part)
        if found is None:
            return None
        triggers += found[0]
        conds.add(found[1])
    if len(conds) > 1:
        return None  # "when A during X, or when B": one condition per line would need a template of its own
    cond = conds.pop()
    rest = m.group(3)
    if c := re.match(r"^(?:如果|若)([^，。]+)，则(.+)$", rest):
        if cond is not None:
            return None  # two conditions: the language has one `若` per trigger
        cond = condition_words(c.group(1))
        if cond is None:
            return None
        rest = c.group(2)
    lines, events = [], []
    for subject, event, place in triggers:
        ev = EVENTS.lookup(event)
        if ev is None:
            return None  # the registry lost the word: nothing to write
        named = _named_event(ev, subject, place) if subject else None
        named = None if named is not None and named.id == ev.id else named  # the event's own default: `当 我 进攻时`
        words = ["当"] + ([named.zh[0]] if named else [w for w in (subject, event, place) if w])
        words += [frequency] if frequency else []
        lines.append(" ".join(words) + (f" 若 {cond}" if cond else ""))
        events.append((named or ev).id)
    plain = len(triggers) == 1 and triggers[0][0] == "我" and not triggers[0][2] and not frequency and not cond
    legacy = triggers[0][1] if plain and EVENTS.lookup(triggers[0][1]).subject == "self" else None
    return Head(lines, events, rest, legacy)

# Card categories whose triggers the engine cannot hold yet (battlefield cards are not board objects).
NOT_CARRIERS = ("battlefield", "indicator_battlefield")
