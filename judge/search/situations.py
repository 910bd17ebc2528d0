"""Situations a question tells, read as the rules' subject.

A player tells what happened at the table ("我用惩戒打他，对手回应把他召回了，结算时还能打到吗") in words spread over
the sentence; no one word names the rule that answers. Each reading here is a few patterns that must all be
found in the (folded, simplified) question, and the rules' words it is read as (related words: a bonus when a
paragraph has them, never required). Each pattern says its part in Chinese or in English (a story typed by a player
of other card games: "he recalled it in response, does my spell still resolve"), so a question mixing both is read. Stdlib only: this module is on the cold path.
"""

from __future__ import annotations

import re

from judge.regex_cache import regex

# (name, patterns that must all match, rules' words). Each with the rule that says it.
READINGS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    # A target that died, was recalled, moved, went back to hand, changed control or outgrew its restriction
    # between being chosen and the resolution: rules 359.3.e.1-359.3.e.8 (非法目标, 目标指定失效), 758.1. Damage divided
    # among units ("5点伤害分给几个敌方单位") is divided among targets (355.14); "还打得到它吗" asks about the resolution, and
    # so does "那焚烧会怎样" of the spell (not "那这场战斗会怎样": a combat asked about, read below). Card names are cut
    # out of the text read (judge.search.analyze): "拿 , 点", "那 , 会怎样".
    ("目标变化", (r"选|指定|目标|[打点]了?[对他她它敌那这]|[拿用]\s?,\s?[打点]|点我|打得?到|打得?中|分给|分到" "|"
                 r"\btarget(?:s|ed|ing)?\b|\bcasts? [^.?!,]{0,30}\bon\b|\baim(?:s|ed)? at\b",
                 r"召回|死了|死掉|被摧毁|被杀|移动到|移走|弹回|回手|回到手|回了手|弄回|送回|挪回|撤回|移回|回基地|回到基地|换成我|控制权|归我|[+＋]\d|离场|不在场|不可被选中" "|"
                 r"\b(?:died|dies|killed|destroyed|recalled|bounced|moved|returned|left|leaves|stole|stolen|no longer|gone)\b|back to (?:my|his|her|their|its owner'?s?) hand|gain(?:s|ed)? control",
                 r"结算|还(能|可以)?打得?[到中]|[那这](\s,\s)?(?:(?!战斗)[^，,。？?]){0,6}会(怎样|怎么样)" "|"
                 r"\bresol(?:ve|ves|ved|ution|ving)\b|still (?:hit|deal|work|happen|do)|fizzle"),
     ("非法", "不合法", "不再合法", "合法目标", "无效或不可用")),
    # A side of a combat that left it before damage ("防守的单位被我弹回手牌，这场战斗会怎样", "他把自己唯一的单位撤回基地
    # 了，我算不算征服", "我没别的进攻单位了"): combat damage is dealt only while both sides have units there (rule 465.1),
    # then the combat's result is decided (466.3) and control of the battlefield established, a conquest (466.5).
    ("一方离开战斗", (r"战斗|进攻|防守|对决|冲进|冲过去|打过去|攻过去" "|"
                 r"\bcombat\b|\battack(?:s|ed|ing|er)?\b|\bdefend(?:s|ed|ing|er)?\b|\bfight\b|\bshowdown\b",
                 r"撤回|召回|弹回|回手|回到手|回了手|回基地|挪回|移回|弄回|送回|移走|撤走|跑了|离开战场" "|"
                 r"\brecall(?:s|ed)?\b|\bbounce[sd]?\b|\bmove[sd]? (?:it |him |her |them )?(?:out|away|back)\b|\bretreat(?:s|ed)?\b|\bleft the (?:battlefield|bf|combat)\b|back to (?:base|hand)",
                 r"唯一|只有|没别的|没有别的|全[都部被]|都被|这场战斗|征服|战场归谁|算谁赢|谁赢" "|"
                 r"\bonly\b|\blast\b|no other|\ball (?:of )?(?:my|his|her|their)\b|\bconquer|who wins|who controls|this combat"),
     ("双方单位都在", "战斗结果", "确立控制")),
    # A card moved to another zone as a cost and read afterwards ("献祭掉当费用，效果按它的攻打伤害，它都进坟场了，按多少
    # 算"): what was moved away to pay or by the effect is read as it last was before it left (rule 359.3.e.13 回溯).
    ("费用后回溯", (r"费用|代价|当费|成本",
                r"献祭|摧毁|弃|放逐|坟场|废牌堆|牺牲|消灭|杀掉",
                r"战力|攻|数值|伤害|属性|多少|按(它|其|他|她|什么)"),
     ("回溯", "改变区域前的特性")),
    # A unit moved into a battlefield an opponent controls with none of his units there ("移到对面控制的战场，那里没有他的
    # 单位"): the battlefield becomes contested (rule 450, 190.3.a.1) and the move may open a non-combat showdown (451).
    ("移入无人敌方战场", (r"移到|移动到|移进|走到|走进|冲进|冲到|挪到|进入|来到" "|"
                 r"\bmov(?:e|es|ed|ing)\b|\bwalk(?:s|ed)?\b|\bsend(?:s)?\b",
                 r"(对面|对手|敌方|敌人|他|她)(控制)?的?(战场|bf)" "|"
                 r"(?:opponent'?s?|opp'?s?|enemy|their|his|her) (?:battlefield|bf)\b|(?:battlefield|bf) (?:they|he|she|my opponent|my opp) control",
                 r"没有?(他|她|对手|对面|敌方|敌人)?的?(单位|人)|没人|空的|空战场" "|"
                 r"no units?|\bempty\b|nobody|no one|none of (?:his|her|their)|\bunoccupied\b"),
     ("争夺", "非战斗法术对决")),
    # A cost the player cannot pay, found out while playing ("上链了才发现钱不够咋办"): the play is undone (rules 444.2.a,
    # 358.5: every action taken is undone), as the player cannot pay (203.3).
    ("付不起", (r"钱不够|费用不够|法力不够|符能不够|不够付|付不起|付不出|付不了|没钱|没法力" "|"
                 r"can'?t (?:pay|afford)|cannot (?:pay|afford)|not enough (?:mana|energy|power|runes?)|unable to pay|short on (?:mana|energy|power)",
                 r"怎么办|咋办|会怎样|会怎么样|咋样|怎么处理|怎么算|退|撤" "|"
                 r"what happens|then what|\bundo|\brewind|take (?:it )?back|what now|\bwhat if\b"),
     ("撤销", "无法支付")),
    # A unit of 0 Might and its death ("只有一只0战力的单位防守，…会死吗"): lethal damage is a non-zero amount at least its
    # Might (rule 142.4.b), a unit with non-zero damage at least its Might is destroyed (143.2.a): 0 damage kills none.
    # Not a Might supposed ("晕了是不是就当0战力了": whether it counts as 0 is asked, rule 423.1.c).
    ("零战力死亡", (r"[(（]?(?<![0-9当算按])0[)）]?(点|个)?战力|战力(为|是|只有)?0(?![0-9])|零战力|战力(为|是)?零" "|"
                 r"\b0 (?:might|power|attack|atk)\b|\bzero (?:might|power)\b|\bmight (?:of |is |at )?0\b",
                 r"死|摧毁|致命|阵亡|活" "|"
                 r"\bdie[sd]?\b|\bdestroyed\b|\bsurvive[sd]?\b|\blethal\b|\bkill(?:s|ed)?\b"),
     ("非零", "致命伤害")),
    # Whether a card still counts as played ("还算我这回合打出过吗", "算不算打出"): rules 359.3.e.10 (依旧视为被打出),
    # 425.1.b (被无效化的卡牌不视为已被打出), 419.4.b (checks whether a card was played), 350.1 (a card is played once
    # the whole process is finished: 即为打出).
    ("算打出", (r"算.{0,8}打出|打出.{0,3}算" "|"
                 r"(?:count|counts|counted|considered|treated)(?: as)? [^.?!]{0,24}\b(?:played|cast)\b",), ("视为被打出", "视为已被打出", "已被打出", "即为打出")),
    # A card in a hand, a deck or face down chosen as a target ("能指定对手手牌里的牌当目标吗"): rule 355.10.a (what
    # sits in a zone whose information is not public is no target), 355.9.a (what a target may be).
    ("隐藏区目标", (r"手牌|手里|手上|主牌堆|牌库|符文牌堆" "|"
                 r"\b(?:hand|deck|library)\b",
                 r"当目标|为目标|作目标|做目标|指定|选中" "|"
                 r"\btarget(?:s|ed|ing)?\b"),
     ("非公开", "公开区域", "有效的选择")),
    # A spell or ability choosing itself ("法术能选自己当目标吗": 自己 goes back to the spell, not to the player): rule
    # 355.9.c (what chooses targets is never one of its own).
    ("本身", (r"(法术|技能|能力)[^，,。？?我你他她]{0,5}自己" "|"
                 r"\b(?:spell|ability)\b[^.?!]{0,24}\bitself\b",
                 r"目标|选|指定" "|"
                 r"\btarget|\bchoose|\bpick"), ("本身",)),
    # Using an ability again ("她又被变回活跃了，还能再开一次吗"): an activated ability is a repeatable effect, used as
    # often as its cost can be paid (rule 377); an exhausted object cannot exhaust a second time (414.1.b).
    ("再次使用", (r"(再|又)(开|用|发动|启动|激活|使用)" "|"
                 r"\bagain\b|second time|\btwice\b",
                 r"技能|能力|横置|休眠|活跃|横着|竖" "|"
                 r"\babilit(?:y|ies)\b|\bexhaust|\bready|\bactivate|\btap"), ("可重复", "再次进入休眠")),
    # When an item on the chain resolves ("法术啥时候结算"): once every player passed in turn without adding to the
    # chain, step 4 resolves the newest item (rules 339.1, 340.1).
    ("何时结算", (r"(什么时候|啥时候|何时|几时|哪个时候)(才|会|开始)?结算|结算.{0,2}(什么时候|啥时候|何时)" "|"
                 r"\b(?:when|at what point)\b[^.?!,]{0,14}\bresolves?\b",),
     ("依次让过", "步骤4", "最新的已确认")),
    # Who may act next once an item is played or resolved ("我打完法术，接下来谁先有机会回应", "结算完以后轮到谁行动"): the
    # controller of the newest item gets priority (rules 337.4, 340.4), then passes it in turn order (338.1.b.1).
    ("之后谁行动", (r"打完|打出后|打出以后|结算完|结算后|结算以后|上链后|上链以后|确认后|确认以后" "|"
                 r"\b(?:after|once)\b[^.?!]{0,30}\b(?:resolves|resolved|cast|played|plays)\b",
                 r"谁先|轮到谁|谁来|谁有机会|谁能先|谁可以先|下一个是谁" "|"
                 r"\bwho (?:gets|has|acts|can act|goes|may act|can respond)\b|\bwhose (?:turn|priority)\b|\bpriority\b"),
     ("获得优先行动权", "控制者")),
    # The order of a chain told as plays and responses ("他打了一张…，我回应了一张…，这三张按啥顺序结算"): the newest
    # item resolves first (rules 340.1 结算最新的已确认结算链项目; 159.2.b.3, a reaction resolves before what it answers).
    ("链的顺序", (r"回应|反应|响应|回了一?张|回一张" "|"
                 r"\brespond(?:s|ed|ing)?\b|\bresponse\b|\breaction\b|\breact(?:s|ed)?\b",
                 r"顺序|谁先|哪个先|哪张先|先结算|最后结算|谁最后|先生效" "|"
                 r"\border\b|which (?:one |card |spell )?(?:resolves |goes |happens )?first|resolves? first|who resolves|resolve last"),
     ("最新的已确认", "先于其他已在结算链上", "结算链")),
    # Whether a combat's showdown or its damage comes first ("是先开法术对决大家打法术，还是直接算战斗伤害"): the steps of a
    # combat (rule 463: 464 战斗法术对决步骤 first, then 465 战斗伤害步骤).
    ("开战后的步骤", (r"法术对决|对决" "|"
                 r"\bshowdown\b",
                 r"战斗伤害|算伤害|打伤害|结算伤害|扣血" "|"
                 r"\bdamage\b",
                 r"先|顺序|还是|直接" "|"
                 r"\bfirst\b|\bbefore\b|\border\b|\bor\b"),
     ("战斗法术对决步骤", "战斗伤害步骤")),
    # The moment a choice is made ("弃哪张是上链时就定好，还是结算的时候才选", "目标什么时候选"): rule 355 (2.做出相关的选择),
    # 355.17 (other choices are made on resolution), 402.2 (an ability's choices).
    ("选择时机", (r"(什么时候|啥时候|何时|哪一步|哪个步骤|时就|还是|才)[^，,。？?]{0,6}(选|定|决定)|(选|定|决定)[^，,。？?]{0,8}(什么时候|啥时候|何时|哪一步|才)" "|"
                 r"\b(?:when|at what point)\b[^.?!,]{0,16}\b(?:choose|chosen|pick|picked|decide|decided|name|named)\b|\b(?:choose|pick|decide|name)\b[^.?!]{0,30}\b(?:on resolution|when it resolves|when it hits the (?:stack|chain)|when (?:i |they )?(?:cast|play) it)\b",),
     ("做出相关的选择", "选择")),
    # When gear may be attached ("啥时候能装上去，战斗中途行不行"; said with a verb: 装备 alone is the gear, "装备被卸下来…
    # 什么时候回基地" asks about cleanup): Equip is an activated ability (rule 818.1), and a gear's
    # activated abilities are used in its controller's main phase while the turn is open, never in a showdown (151.2);
    # every activated ability only on its controller's turn in an open state (381).
    ("装配时机", (r"装配|装上|装到|装给|贴附|贴到|贴给|挂上" "|"
                 r"\bequip(?:s|ped|ping)?\b|\battach(?:es|ed|ing)?\b",
                 r"什么时候|啥时候|何时|几时|战斗中|战斗时|战斗途中|中途|打架|对决中|对决时" "|"
                 r"\bwhen\b|during combat|mid-?combat|in combat|\bshowdown\b|\bin a fight\b"),
     ("主动技能", "开环", "主阶段")),
    # A hidden card at a battlefield its controller no longer holds ("我在那的单位全死了，待命牌会怎样", "opp conquers the
    # bf where my face down card is"): with no unit of his there while the turn is open, a player loses the battlefield
    # at the next cleanup (rules 190.4.c, 323.6), and hidden cards whose controller is not the battlefield's are then
    # removed (107.3.d, 323.7, 466.5.c).
    ("待命牌失去战场", (r"待命|隐藏|盖着|盖了|扣着|面朝下|背面朝下|暗置|\bhid(?:den|e|es|ing)?\b|face ?-?down",
                    r"战场|\bbfs?\b|battlefield",
                    r"(单位|人).{0,6}(死|没了|阵亡|离开|撤|召回|移走)|没有?(单位|人)|唯一|征服|失去|丢了|控制权|被占|"
                    r"conquer|\blos[te]\b|\blosing\b|\bdie[sd]?\b|killed|only unit|no units?|take[sn]? over|took over|(?:gain|gains|gained|take|takes|took|steal|steals|stole|lose|loses|lost) control"),
     ("失去了一处战场的控制权", "待命区域中的所有卡牌", "控制者与所在战场不同的待命卡牌")),
    # When an effect wears off, in a player's words ("这个+3是战斗结束就没了还是到啥时候才没", "这加成能管多久"): effects
    # that last "this turn" expire in the ending phase's Expiration Step (rule 317.2 失效步骤, 317.2.c); 本回合 says how
    # long they last. Not when the question says 失效 or 持续 itself: its own word is then what is searched.
    ("失效时机", (r"(什么时候|啥时候|何时|几时|哪个时候)才?(没|消失|到期|过期|不算)|就?没了还是|还是.{0,8}才没|(维持|管)多久|能管到" "|"
                 r"\bwhen does [^.?!]{0,30}\b(?:wear off|expire|end|go away)\b|\bhow long\b[^.?!]{0,20}\blast|\buntil when\b|\bwears? off\b",),
     ("失效", "失效步骤", "本回合", "回合结束")),
)

# Readings whose rules' words are what the question asks about, not only a hint: a paragraph without them does
# not answer ("结算时还能打到他吗" asks whether the target is still legal, whatever happened to it; "这个+3是战斗结束就
# 没了还是到啥时候才没" asks when an effect expires, whatever moment the player guesses).
SUBJECTS = frozenset({"目标变化", "移入无人敌方战场", "付不起", "失效时机"})

# Readings that, in a question told as a story, are what the story's plays come to (judge.search.analyze): the
# subject in their stead.
STORY_SUBJECTS = frozenset({"链的顺序", "开战后的步骤", "目标变化", "一方离开战斗"})

_compiled: dict[str, list[re.Pattern]] = {}


def read(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The situations `text` tells: (name, the rules' words it is read as), in table order."""
    out = []
    for name, patterns, words in READINGS:
        if name not in _compiled:
            _compiled[name] = [regex(p, re.ASCII) for p in patterns]  # ASCII: \b parts an English word from a Chinese one
        if all(p.search(text) for p in _compiled[name]):
            out.append((name, words))
    return out
