"""What a question asks for, and the question's frame stripped off.

"每回合能打几张牌" asks for a count (几张): the answer is a paragraph with a number or a limit.
"对手的回合我可以打法术吗" asks whether something is allowed (可以…吗): the answer says 可以/不能/仅可.
The frame words (会怎样, 能不能, 可以…吗, 是否, 什么时候, 多少, 几, and their English forms) carry the
kind of answer, not its subject: they are removed before the subject is searched, and the kind
becomes a ranking preference (judge.search.rank). Stdlib only: this module is on the cold path.
"""

from __future__ import annotations

import re

from judge.regex_cache import regex

HOWMANY, CAN, WHEN, WHATIF, ORDER, DEFINE, WHERE = "howmany", "can", "when", "whatif", "order", "define", "where"

# Words of a question for a procedure's steps ("战斗分成哪几步", "打出一张牌有几个步骤"): it asks for a
# sequence, whose answer is the paragraph that lists the steps in order; the steps are not its subject.
STEP_FRAMES = ("几个步骤", "哪几步", "几步", "哪些步骤", "什么步骤", "几个阶段", "哪几个阶段", "哪些阶段",
               # "一场战斗的流程是怎样的": how it goes, step by step
               "流程是怎样", "流程是什么", "流程怎么走", "流程如何", "步骤是怎样", "步骤是什么", "过程是怎样", "过程是什么")

# 行 ends a spoken can frame (…行吗, 行不行) unless it closes a word (进行, 执行, 运行, 银行...): one
# look-behind for the three patterns that read it.
_XING = r"(?<![进执运发流举银])行"

# A verb with a potential complement asked with a final 不 or 吗 ("打得出去不", "用得了不", "点得了吗"): whether it can
# be done, as 能…吗. Not the 得 of a word (获得, 赢得, 取得, 记得, 值得, 使得, 觉得, 显得, 变得).
# A directional complement (出, 进, 上…) may take 来 or 去 after it; the question ends at its particle.
_COMPLEMENTS, _DIRECTIONS = "了出进上下回过起开动到住完成", "出进上下回过起开"
_QUESTION_END = r"(?=$|[,，?？!！。 ])"
_POTENTIAL_COMPLEMENT = rf"(?<![获赢取记值使觉显变懂舍])得(?:[{_COMPLEMENTS}][来去]?)"
_POTENTIAL = _POTENTIAL_COMPLEMENT + "[不吗么]" + _QUESTION_END

# 先…再 (first this, then that) asks for an order ("开技能要先交钱再指目标吗"), unless it only tells what happened and a
# later clause asks for the consequence ("先晕它再把它弹回手，…，这场战斗会咋样": detect reads it as WHATIF).
_FIRST_THEN = r"先.{1,10}再"
# The order frames other than 先…再: one of them in a question makes it ask for an order whatever else it tells.
_ORDER_BUT_FIRST_THEN = ("|".join(STEP_FRAMES) + r"|先后|谁先|哪个先|哪一个先|先.{0,8}还是.{0,6}先|先.{0,16}还是|什么顺序|哪种顺序"
                         r"|按什么|谁先来|轮到谁|先算|先用|先处理|先结算|先上|先生效|先加入|先放|先.{0,4}[哪谁]|谁早|谁晚|下一个是谁"
                         r"|下一个轮到|轮到.{0,8}还是")

# Frames, most specific first; each (kind, pattern over the folded, simplified query). Spoken forms count:
# 谁早谁晚 and 下一个是谁 ask for an order, 哪一刻 and 当场 (there and then) for a moment. 还…吗 asks whether
# a thing still happens, as "does it still…" does (还能 / 还可以 ask whether it is still allowed, 还是 for a
# choice); 是不是 is the spoken 是否. 哪个时候 asks for a moment as 什么时候 does (tried before the where frame's 在哪);
# 会咋样 is the spoken 会怎样. 先…还是 spans a clause as said ("是先开法术对决大家打法术，还是直接算…"). 还X不X
# (还打不打) asks whether it still happens, as 还…吗 does; 来得及 (in time for it?) asks whether the moment still
# allows an action. 啥结果 / 什么结果 (what comes of it) asks for a consequence, as 会怎样.
_FRAMES: list[tuple[str, str]] = [
    (ORDER, _ORDER_BUT_FIRST_THEN + "|" + _FIRST_THEN),
    # A choice between two moments ("是上链那一下付还是结算时付", "绝念是进坟场之前还是之后上链", "是马上赢还是要等
    #清理") asks when, not which of two things comes first (先…还是 above) nor for a consequence; 几时 is 什么时候.
    (WHEN, r"几时|[前后]还是|还是.{0,10}(之后|以后|之前|以前)|还是.{0,6}等|(那一下|那一刻|一刻|那会儿|时候|时)就?.{0,14}还是.{0,14}(时|那一下|那一刻|以后|之后|才)"
           r"|(马上|立刻|立即|当场|紧接着).{0,14}还是"),
    (HOWMANY, r"几张|几个|几分|几点|几次|几条|几名|几枚|几种|多少|最多|最少|至少|上限|下限|几$|几[^乎]"),
    (WHEN, r"什么时候|何时|啥时候|哪个时候|哪一个时候|哪个时间|哪个阶段|什么阶段|什么时机|多久|最早|最晚|多早|哪一步|哪个步骤|哪步|哪一刻|什么时间|当场"),
    # "被反制的牌去哪了": the answer names where a card goes (a zone, the bottom of a deck).
    (WHERE, r"去哪|到哪|放哪|进哪|在哪|哪个区|哪里|进谁的|归谁的|放到哪"),
    (WHATIF, r"啥结果|什么结果|会怎样|会怎么样|会咋样|咋样|怎么办|咋办|咋整|咋弄|咋算|咋处理|怎么弄|会发生什么|发生什么|怎么算|怎么处理|如何处理|会如何|还算|算不算|算.{0,6}吗|听谁的|听哪个|还在|还有.{0,6}吗|会不会|还(?![能可是要]).{0,6}吗|还(?![能可是要])([\u4e00-\u9fff]{1,2})不\1(?!得)"),
    # 有没有办法 / 有什么办法 (is there a way) asks whether it can be done, as "is there a way" does in English.
    (CAN, r"可以|能不能|能否|能够|可不可以|可否|允许|允不允许|让不让|来得及|来不来得及|赶得上|赶得及|(?<![技功])能[^量力]|不能|无法|是否|" + _XING + "吗|行不行|是不是|有没有办法|有什么办法|有办法|" + _POTENTIAL),
    (DEFINE, r"是什么|什么是|什么意思|指什么|是啥|啥意思"),
]
_ENGLISH_FRAMES: list[tuple[str, str]] = [
    (ORDER, r"\b(which (one )?(goes |happens |resolves |comes |is |triggers |applies )?first|what order|in what order"
            r"|in which order|who \w+( \w+)? first|who goes|order of|which comes first|before or after|first or"
            r"|(choose|chooses|decide|decides|pick|picks|set|sets) the order|whose \w+( \w+){0,4} first"
            # "who gets priority after I cast", "who decides which combat": which player acts or chooses, as 轮到谁
            r"|who (gets|has|decides|chooses|picks))\b"),
    # "how big is the rune deck", "how large can a hand get": the size asked is a number, as "how many" asks.
    (HOWMANY, r"\b(how many|how much|how often|how big|how large|maximum|minimum|max|limit|cap|up to how|number of)\b"),
    # "what happens when…" is read as WHEN (tried first): its answer says at which moment a thing happens;
    # "what happens to X" and "does X stay / count as" ask for a consequence.
    (WHATIF, r"\b(what happens to|stays?|remains?|persists?|carry over|carries over|counts? as|considered|treated as)\b"),
    # "when" asks for a moment where it opens the question or a clause, ends it ("damage wears off when?"), or is
    # followed by an auxiliary ("when does it resolve"); inside a question ("does my opponent score when I burn
    # out") it states a condition.
    (WHEN, r"(^|[,;:.?!] ?)when\b|\bwhen[?!. ]*$|\bwhat happens when\b|\bwhen (do|does|did|is|are|was|can|could|will|would|should|must|may|exactly)\b"
           r"|\b(what time|at what point|what phase|which phase|what step|which step|what timing|how long|how soon"
           r"|how early|how late)\b"),
    (WHATIF, r"\b(what happens|what if|what do i do|still counts?|still count as|does it still|is it still|is .{1,30} still"
             r"|does .{1,30} still|still (a|an|the|on|in|there)|what now)\b"),
    (WHERE, r"\b(where (do|does|did|is|are|will|would)|which zone|what zone|go to which)\b"),
    (CAN, r"\b(can i|can you|can we|may i|is it possible|can a|can an|can the|could i|am i allowed|are you allowed"
          r"|allowed to|is it legal|legal to|permitted to|able to|do i have to|do you have to|have to|must i|must you"
          r"|do i need to|need to|required to|am i forced|forced to|can my|can units?|can spells?|can players?"
          r"|can it|can they|cant i|can i still|cannot|is there a way)\b"),
    # "How does Deflect work?" asks what the keyword does: its heading and definition, as "What is Deflect?".
    (DEFINE, r"\b(what is|what does|what are|meaning of|what's|whats|difference between|what do .{1,20} mean|define|definitions?|defined"
             r"|how (do|does) .{1,30} work)\b"),
    # Whether a thing keeps or loses what it had ("if my unit gets bounced does it keep its buffs") asks for its
    # consequence, as "what if" does, when no other frame read it. A bare opening "if" is not read so: its condition
    # is often the whole question ("if a card tells me to discard two and I hold one"), answered by the rule it names.
    (WHATIF, r"\b(keep|keeps|lose|loses) (its|their|his|her|the|all|any)\b"),
]
# A frame of each kind needs one of these characters: a query without any is not matched against the
# kind's pattern (patterns are compiled on first use: most term queries compile none).
_ANCHORS = {ORDER: "先顺按轮步早晚下流过", HOWMANY: "几多最少上下", WHEN: "时何阶久早晚步刻当几还马立紧那", WHERE: "哪", WHATIF: "怎发算如听会还咋果",
            CAN: "可能允无否行是得来赶办让", DEFINE: "什啥指"}
_compiled: dict[str, re.Pattern] = {}


def _rx(key: str, pattern: str) -> re.Pattern:
    if key not in _compiled:
        _compiled[key] = regex(pattern)
    return _compiled[key]

# Words that only frame a question (never its subject): dropped from the query's concepts.
FRAME_WORDS = set(
    "会怎样 会怎么样 怎么样 会咋样 咋样 怎么办 咋办 咋整 咋弄 咋算 怎么弄 行吗 行不行 怎么算 怎么处理 如何处理 会发生什么 发生什么 听谁的 听哪个 什么时候 何时 啥时候 "
    "多少 几张 几个 几分 几点 几次 几条 几名 几枚 几种 最多 最少 至少 能不能 能否 能够 可不可以 可否 可以 是否 "
    "谁先 哪个先 先还是 顺序 什么顺序 按什么 还算 算不算 是什么 什么是 什么意思 啥意思 还是 一样 的话 "
    "直接 还 再 要 吗 呢 么 啊 呀 吧 了 的 得 地 我 我的 你 他 它 这 那 哪 谁 几 多 先 后 能 会 想 跟 给 被 让 "
    "一个 一张 一下 东西 时候 以后 之后 之前 后来 然后 拿到 一起 好几个 好几张 全都 都 也 就 又 只 才 啥 什么 "
    "怎么 如何 为什么 为啥 有没有 有 没 是 在 把 对 和 与 或 上 里 中 时 说 另 个 张 下 出 来 去 用 "
    "件事 几件事 句话 好几 好几句话 情况 一都 场合 的话 马上 直接 还能 还会 还要 还是 进行 使用 用 "
    "接下来 一场 最早 最晚 分成 哪几 哪几步 需要 必须要 得要 要等 等到 这种 那种 来得及 来不来得及 赶得上 赶得及".split()
)
ENGLISH_STOP = set(
    "a an the i you we my your our his her its their me it is are was be been do does did can could may "
    "should would will shall what when which who whom how why where if of on in to at by for from with into onto "
    "as or and not no there this that these those many much happens happen first order limit maximum max "
    "minimum min cap need needs get gets got happens happened happening has have had cant dont doesnt isnt any "
    "some mean means meaning whats whos hows difference allowed legal possible permitted able still "
    "must forced required often long soon early late just also again then than while ever every each "
    "yes so does doing done way exactly actually really like they them their itself themselves "
    "definition definitions defined define "
    # words of phrasing a player types around the subject ("can i do something with it", "how much mana does a land make")
    "something make makes "
    # "ganking rules", "how does Deflect work", "final point ruling": what is asked about is the rest
    "rule rules ruling rulings work works working mechanic mechanics explain explained".split()
)
# English words that say what kind of thing a term is ("Deflect keyword"): beside a term they name no subject of their
# own, alone they are the subject ("keywords" asks for the keywords). Unlike ENGLISH_STOP, they are kept.
KIND_WORDS = frozenset({"keyword", "keywords", "trigger", "triggers"})  # "deathrattle trigger" is Deathknell
# Card games a player names ("like in Magic", "as in Hearthstone", "in Riftbound"): they say where the player's
# words come from, never what the question is about (a glossary note naming Magic: The Gathering is no answer).
GAME_NAMES = frozenset(
    "riftbound magic mtg gathering hearthstone yugioh ygo pokemon ptcg runeterra lor lorcana gwent".split()
)

# What an answer of each kind contains (normalised forms looked for in a document).
HINTS: dict[str, tuple[str, ...]] = {
    HOWMANY: ("任意数量", "最多", "至少", "上限", "不能超过", "不得超过", "数量", "低于", "默认为", "一张", "两张",
              "三张", "四张", "两名", "一个", "1分", "0", "1", "2", "3", "4", "8", "12", "40",
              # a threshold is an amount too ("致命伤害是指大于或等同于该单位战力的非零数值")
              "大于或等于", "大于或等同于", "等于或超过", "等于或大于", "数值"),
    CAN: ("可以", "不能", "不可", "无法", "仅可", "仅能", "只能", "只有", "不得", "必须", "允许", "不会"),
    WHEN: ("时机", "阶段", "步骤", "时间", "开始时", "结束时", "之后", "之前", "期间", "清理时", "时，", "情况下", "时间点"),
    WHATIF: ("如果", "则", "改为", "不会", "视为", "仍", "依旧", "会被",
             # a consequence the rule says happens at once ("该玩家立即获胜", "立即将其从结算链中移除")
             "立即"),
    ORDER: ("顺序", "依次", "首先", "最后", "最新", "先后", "按照", "从回合玩家开始", "开始行动", "立即", "之前", "之后",
            "优先于"),
    DEFINE: ("是指", "指的是", "即为", "是一种"),
    WHERE: ("放入", "放进", "置于", "放置到", "放到", "进入", "回到", "移出", "底部", "废牌堆", "放逐区域", "手牌", "所属者"),
}


# Frames cut out of the query before it is segmented (so "主牌堆至少要多少张牌" is not read as
# "主牌 / 堆至 -> 堆叠"). Only multi-character frames and the final particle: a single 能 or 会 is
# also part of words (技能, 机会). Yes-or-no frames (能不能, 算不算) are cut earlier: strip_yes_no.
_STRIP = (
    # 哪一刻 (at which moment) whole, before 到哪 (to where) takes its first character and leaves 一刻 as a subject.
    "啥结果|什么结果|[到从在]?哪一刻|什么时候|啥时候|在哪个时候|在哪一步|在哪个步骤|在哪个阶段|哪个阶段|什么阶段|哪个时候|哪一个时候|会怎么样|会怎样|会咋样|咋样|怎么样|怎么办|咋办|咋整|咋弄|咋算|咋处理|怎么弄|" + _XING + "吗|怎么算|怎么处理|如何处理|会发生什么|发生什么|"
    "可以|能否|是否|(有什么|有)?办法|来不来得及|来得及|赶得上|赶得及|多少|至少|最多|最少|几张|几个|几分|几点|几次|几条|几名|几枚|谁先|哪个先|还是|"
    "哪一步|哪个步骤|先后|听谁的|听哪个|到底|究竟|按什么|最早|最晚|接下来|发现|去哪里|去哪|到哪里|到哪|放到哪里|放哪|在哪里|在哪|哪个区域|[吗呢吧啊呀][?？]?$|[?？]"
)


# Verbs of an order question's frame ("谁先处理", "先结算哪一个", "先用哪个"): what is done first is
# asked about the subject; the verb itself is generic.
ORDER_VERBS = ("处理", "结算", "生效", "用", "使用", "执行", "发生", "算", "施加", "触发", "打出卡牌", "打出", "行动")


# Frame words that are also what the answer says ("至少" -> "含至少40张"): echoed as a bonus.
ECHOES = ("至少", "最多", "最少", "上限", "顺序", "时机", "任意数量", "先后")


# English frame phrases cut out of the query: "at what point" is not about points, "in what order" not
# about turn order. Only whole phrases that cannot name the subject.
_STRIP_EN = (
    r"\b(at what point|what happens (if|when)|what happens|what if|in what order|in which order|what order"
    r"|which (one )?(happens |resolves |comes )?first|how many times|how many|how much|how often|how big|how large"
    r"|is it possible (to|for)|is it legal (to|for)|am i allowed to|are you allowed to|allowed to|permitted to"
    r"|do i have to|do you have to|have to|must i|do i need to|need to|able to|is there a way to|what is|what are"
    r"|what does|what do|does it still count as|still count as|still counts as|is it still|how long|how soon"
    r"|what phase|which phase|what step|which step|what timing|can i still|can i|can you|can we|may i|could i)\b"
)


# Yes-or-no frames written as a word and its negation ("有没有响应", "是不是单位", "会不会触发"): cut whole
# from every question before any word is read. Left in, the negation joins the subject's first word
# (没有响应, 不会 / 触发, "要不要付" -> 不付) and the question reads as one about a negation. Not after a
# character that makes the frame's first one part of a word (所有没有, 技能不能, 机会不会, 需要不要).
_YES_NO = (r"(?<![所拥具含持只])有没有|是不是|(?<![技功效可])能不能|(?<![机学])会不会|(?<![需重主只])要不要"
           r"|(?<![结计清打])算不算|" + _XING + r"不行|可不可以|让不让|允不允许|需不需要|(?<![使作适费])用不用|该不该")


# Any verb said with its negation ("摸不摸", "发不发动", "交不交"), not after a character that makes the
# first one part of a word (as above: 技能不能 is no question).
_A_NOT_A = _YES_NO + r"|(?<![技功效可所拥具含持只机学需重主结计清打使作适费])([\u4e00-\u9fff])[不没]\1"


def asks_yes_no(text: str) -> bool:
    """A yes-or-no question said as a word and its negation ("是不是也发动", "摸不摸牌", "发不发动")."""
    return ("不" in text or "没" in text) and bool(_rx("a-not-a", _A_NOT_A).search(text))


# The final 不 of a potential complement's question ("打得出去不"): a particle, as 吗 (two look-behinds: each
# must have one width).
_POTENTIAL_BU = rf"(?<=得[{_COMPLEMENTS}])不{_QUESTION_END}|(?<=得[{_DIRECTIONS}][来去])不{_QUESTION_END}"


# Verbs players say with a potential complement ("打得到", "挡得住", "拿不到", "用不了", "挡不挡得住"): V得C and V不C ask
# whether V can (not) be done, and the complement says only how far it goes: 打得到 is no 得到 ("obtain"), 挡得住 no
# 住. Not 赢 (赢得), 见 (不见得), 来 and 赶 (来得及, 赶得上: frames of their own), nor 上 and 下, which end places
# (场上不到三个单位: fewer than three).
POTENTIAL_VERBS = frozenset("打拿用吃挡点付抽摸看找选指杀移走撤弹召放出回进守防拦扛顶撑算管交发触转翻盖贴装跑救保换凑弄做接碰挪送留带拍丢弃烧封压读")
# Complements of extent, dropped; 过 only after 不 (打不过: cannot beat; 据守得过分 is 得 "get" and 过 of the past).
_EXTENT, _EXTENT_BU = "到中了住完动着及起掉走开上下", "过"
# Directional complements, kept with the verb ("打得出去" is 打出, "弹不回来" 弹回), their 来 or 去 dropped.
_KEPT_DIRECTIONS = "出进回"


def read_potential(text: str, keep: frozenset[str] | set[str] = frozenset()) -> tuple[str, bool]:
    """`text` with each potential complement read as its verb (V得C and V不V得C -> V, or V and its direction; V不C ->
    the same and 不 apart), and whether one was found; one said as a phrase of `keep` (the player-word table's 付不起,
    找不到) stays for the table to read. A plain scan: no pattern compiled on the cold path."""
    if "得" not in text and "不" not in text:
        return text, False
    out: list[str] = []
    found = False
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "得不" and out and out[-1] in POTENTIAL_VERBS and i + 1 < n and not (
                text[i - 1:i + 2] in keep or text[i - 1:i + 3] in keep):
            verb, nxt = out[-1], text[i + 1]
            if ch == "不" and nxt == verb and i + 3 < n and text[i + 2] == "得":
                i += 2  # 挡不挡得住: the A-not-A of the verb, read from its second 得
                continue
            extent = nxt in _EXTENT or (ch == "不" and nxt in _EXTENT_BU)
            if nxt != verb and (extent or nxt in _KEPT_DIRECTIONS):
                if not extent:
                    out.append(nxt)
                i += 2
                if i < n and text[i] in "来去":
                    i += 1
                if ch == "不":
                    out.append(" 不 ")  # the negation stays a word of its own, joined to no neighbour (不用, 不分)
                found = True
                continue
        out.append(ch)
        i += 1
    return ("".join(out), True) if found else (text, False)


def strip_yes_no(text: str) -> str:
    if "不" not in text and "没" not in text:
        return text
    return _rx("yes-no", _YES_NO + "|" + _POTENTIAL_BU).sub(" ", text)


# Words said around a question that carry none of it: a call to the judge and a lead-in before it (请问裁判,
# 裁判裁判, 想问一下, 就是说; hey judge, quick question, um so) and a tag or a filler after it (啊, 哈, 对吧, ……;
# right, lol). The question's own final mark or particle (？, 吗, 呢, 吧) stays: it says that this is a question.
# 那个 and 就是 lead in only before a pause (那个战场 is a subject); 嘛 is no filler (干嘛 asks what to do).
_SPOKEN_LEAD = (r"^(?:(?:请问一下|请问下|请问|我想问一下|我想问下|我想问|想问一下|想问下|想问|问一下|问下|请教一下|请教|"
                r"打扰一下|打扰了|你好|您好|裁判|就是说|(?:那个|就是|嗯|呃|额|哎|诶)(?=[，,、…~～\s]))[，,、。:：!！\s…~～]*)+")
_SPOKEN_TAIL = r"[啊呀哈哦噢]*(?:[，,、\s]*(?:对吧|是吧))?[啊呀哈哦噢]*(?:[?？!！]+|[。.…~～\s]*)$"
_SPOKEN_LEAD_EN = (r"^(?:(?:hey|hi|hello|um+|uh+|erm|so|ok|okay|well|quick question|question|judge|sorry|excuse me)"
                   r"(?![a-z'])[\s,:;!.\-]*)+")
_SPOKEN_TAIL_EN = r"(?:[\s,]*(?<![a-z])(?:right|lol|thanks|thx|please|pls|ty)(?![a-z]))*(?:[?!]+|[\s.…]*)$"


def strip_spoken(text: str) -> str:
    """The question without the spoken words around it (folded, simplified text). Its own final question mark is
    kept, once, as typed; a question without such words comes back as it was."""
    out = _rx("spoken-lead", _SPOKEN_LEAD).sub("", text) if text[:1] in _SPOKEN_FIRST else text
    tail = _rx("spoken-tail", _SPOKEN_TAIL).search(out)
    if tail and (_asks(out[:tail.start()]) or not any(c in "啊呀哈哦噢" for c in tail.group())):
        # A final 哈 or 啊 is a filler only after a question: 玛尔扎哈 is a name.
        out = _cut_tail(out, tail)
    if any("a" <= ch <= "z" for ch in out):
        low = out.lower()
        lead = _rx("spoken-lead-en", _SPOKEN_LEAD_EN).match(low) if low[:1] in "hiuesoqwj" else None
        if lead and lead.end() < len(out):
            out = out[lead.end():]
        out = _cut_tail(out, _rx("spoken-tail-en", _SPOKEN_TAIL_EN).search(out.lower()))
    return out.strip() or text


# Spoken fillers wherever they stand in the sentence ("…弄回基地了，嗯，那我这张还打得到它吗"): 嗯 and 呃 always, 额
# before a pause (额外 is a word); the pause after a filler that stood between two goes with it. No part of the question.
_FILLERS, _PAUSES = "嗯呃", "，,、…~～ "


def strip_fillers(text: str) -> str:
    if not any(c in text for c in _FILLERS + "额"):
        return text
    out: list[str] = []
    skip_pause = False
    for i, ch in enumerate(text):
        if ch in _FILLERS or (ch == "额" and (i + 1 == len(text) or text[i + 1] in _PAUSES)):
            skip_pause = not out or out[-1] in _PAUSES
            continue
        if skip_pause and ch in _PAUSES:
            skip_pause = False
            continue
        skip_pause = False
        out.append(ch)
    return "".join(out).strip() or text


def _asks(text: str) -> bool:
    return detect(text) is not None or any(w in text for w in "吗呢么谁哪?？") or asks_yes_no(text)


def _cut_tail(text: str, tail: re.Match | None) -> str:
    """`text` without its spoken tail, its first question mark kept; unchanged when the tail is that mark alone."""
    if not tail or tail.start() == 0:
        return text
    said = tail.group()
    mark = next((c for c in said if c in "?？"), "")
    return text if said == mark else text[:tail.start()] + mark


# First characters of a Chinese lead-in (the pattern is compiled only for a question that opens with one).
_SPOKEN_FIRST = "请我想问打你您裁就那嗯呃额哎诶"


def strip_frames(text: str) -> str:
    text = _rx("strip", _STRIP).sub(" ", text)
    if any("a" <= ch <= "z" for ch in text):
        text = _rx("strip-en", _STRIP_EN).sub(" ", text)
    return text


_ENGLISH_ECHOES = {"limit": "上限", "cap": "上限", "maximum": "最多", "max": "最多", "minimum": "至少", "min": "至少", "order": "顺序"}


# "谁先…" asks which *player* goes first: the rules answer with who holds the focus or priority, with
# the turn player starting, or in combat with the attacker (focus, priority, 465.2.c).
WHO_FIRST = ("焦点", "优先行动权", "回合玩家", "进攻方")


# Words naming the steps themselves, which such a question need not find in its answer.
STEP_WORDS = ("步骤", "流程", "过程", "阶段", "几步")


def asks_steps(text: str) -> bool:
    return any(f in text for f in STEP_FRAMES)


# A question told as a story of the board ("对面打了新月打击，我用莲花陷阱回应…，这三张牌按啥顺序结算"): the
# clauses before the one holding the frame tell the scene; the asked clause names what is ordered.
STORY_CHARS = 30


def asked_from(text: str, kind: str | None, told: bool = False) -> int:
    """Where the asked clause of a story question starts in `text` (folded, simplified): the start of the clause
    holding the last frame of `kind`; 0 for a short question, no frame found, or a kind other than ORDER unless the
    story was read as a situation (`told`: judge.search.situations.STORY_SUBJECTS)."""
    if not kind or len(text) < STORY_CHARS or (kind != ORDER and not told):
        return 0
    frames = [_rx(f"zh-{i}", p) for i, (k, p) in enumerate(_FRAMES) if k == kind]
    starts = [m.start() for frame in frames for m in frame.finditer(text)]
    starts += [text.rfind("顺序")] if kind == ORDER else []
    at = max(starts, default=-1)
    start = max(text.rfind(c, 0, at) for c in _CLAUSE_ENDS) + 1 if at > 0 else 0
    if start > 1 and text[start - 3:start - 1].endswith(("时候", "时")):
        # "分配伤害的时候，我得先给哪个分满": the moment the question is asked at is part of it.
        start = max(text.rfind(c, 0, start - 1) for c in _CLAUSE_ENDS) + 1
    return start


def who_first(text: str) -> bool:
    # Chinese only: "who goes first" alone asks for the first player (回合顺序), not for focus or priority.
    return "谁先" in text


def echoes(text: str) -> list[str]:
    low = text.lower()
    words = set(_rx("words", r"[a-z]+").findall(low)) if any("a" <= c <= "z" for c in low) else set()
    return [w for w in ECHOES if w in text] + [zh for en, zh in _ENGLISH_ECHOES.items() if en in words]


def detect(text: str) -> str | None:
    """The kind of answer a (folded, simplified) query asks for, or None for a bare term."""
    kind = _detect(text)
    if kind == WHATIF and len(text) >= STORY_CHARS:
        # A story of the board: its scene says what is still so (还在结算链上, 还有一张) in words of a whatif frame;
        # the question is asked in the last clause holding a frame, and that clause's kind is read.
        for at in _clause_starts(text):
            if at and (asked := _detect(text[at:])):
                return asked
    return kind


def _clause_starts(text: str) -> list[int]:
    """The starts of the clauses of `text`, the last first (a final mark ends no clause)."""
    end = len(text.rstrip(TRAILING_MARKS))
    return sorted((i + 1 for i, ch in enumerate(text[:end]) if ch in _CLAUSE_MARKS), reverse=True)


def _detect(text: str) -> str | None:
    for i, (kind, pattern) in enumerate(_FRAMES):
        said = _several(text) if kind == HOWMANY and "其中" in text else text
        if any(ch in said for ch in _ANCHORS[kind]) and _rx(f"zh-{i}", pattern).search(said):
            if kind == ORDER and (told := _told_sequence(text)):
                return told
            return kind
    if "顺序" in text:
        # A bare 顺序 asks for an order only when no other frame does: "能不能记住牌库的顺序" asks
        # whether something is allowed, about the order of the deck (顺序 stays as an echo: a bonus).
        return ORDER
    if "吗" in text or "么" in text:
        if found := _yes_no(text):
            return found[0]
    low = text.lower()
    if any("a" <= ch <= "z" for ch in low):
        for i, (kind, pattern) in enumerate(_ENGLISH_FRAMES):
            if _rx(f"en-{i}", pattern).search(low):
                return kind
    return None


def _several(text: str) -> str:
    """`text` with each 几 that a later 其中 refers back to ("分给几个敌方单位，结算前其中一个被召回") read as 多 (several):
    it tells how many there were, it does not ask."""
    return _rx("several", r"几(?=[个张名条种枚件][^?？]*其中)").sub("多", text)


def _told_sequence(text: str) -> str | None:
    """WHATIF when the only order frame of `text` is a 先…再 that a later clause's consequence frame follows."""
    if _rx("order-but-first-then", _ORDER_BUT_FIRST_THEN).search(text):
        return None
    told = _rx("first-then", _FIRST_THEN).search(text)
    whatif = next(p for k, p in _FRAMES if k == WHATIF)
    asked = _rx("whatif-frame", whatif).search(text, told.end()) if told else None
    return WHATIF if asked and any(c in text[told.end():asked.start()] for c in _CLAUSE_ENDS) else None


# A question that ends in 吗 with no frame word ("瑟提会死吗", "这个费用要付吗", "手牌要弃吗") asks yes or no about its last
# clause: 会…吗 whether a thing happens (WHATIF, as 会不会 does), 要…吗 whether it must be done (CAN, as "do I have to"
# does). The verb after 会 or 要 is what is asked about. Not the 会 or 要 of a word (机会, 学会, 重要, 主要, 想要), nor 就要 /
# 快要 (about to).
_WILL_NOT, _MUST_NOT = "机学体领误约社理聚开", "重主只想快就"
_CLAUSE_ENDS = ",，。;；!！?？ "
_CLAUSE_MARKS = _CLAUSE_ENDS.replace(" ", "")  # a story's clauses (a space parts English words, no clauses)
# The marks a question may end with after its last word ("会死吗？！").
TRAILING_MARKS = "?？!！。. "


def _yes_no(text: str) -> tuple[str, str] | None:
    """(kind, verb) of a final 会…吗 or 要…吗 clause, or None. A plain scan: no pattern compiled on the cold path."""
    end = len(text.rstrip(TRAILING_MARKS))
    if end < 3 or text[end - 1] not in "吗么":
        return None
    clause = text[max(text.rfind(c, 0, end) for c in _CLAUSE_ENDS) + 1:end - 1]
    for at, ch in enumerate(clause[:-1]):
        before = clause[at - 1] if at else ""
        if ch == "会" and before not in _WILL_NOT and clause[at + 1] != "不":
            return WHATIF, clause[at + 1]
        if ch == "要" and before not in _MUST_NOT and clause[at + 1] not in "不是":
            return CAN, clause[at + 1]
    return None


def yes_no_verb(text: str) -> str:
    """The verb of a final 会…吗 or 要…吗 clause ("要付吗": 付), "" for any other text."""
    found = _yes_no(text)
    return found[1] if found else ""


def is_frame(word: str) -> bool:
    return word in FRAME_WORDS


_STEP = r"^\d{1,2}[a-z]?\."  # "2.做出相关的选择", "3b.所有被标记了致命伤害的单位…": a procedure's step


# A count stated as a limit or an amount ("任意数量", "最多", "不能超过") answers "几张/多少" more surely
# than any number in the text (which may be a cost or a rule's example).
STRONG_HINTS: dict[str, tuple[str, ...]] = {
    HOWMANY: ("任意数量", "最多", "至少", "上限", "不能超过", "不得超过", "数量", "低于", "默认为", "只能", "仅能", "一次"),
}


def has_strong_hint(kind: str | None, norm: str) -> bool:
    return bool(kind) and any(h in norm for h in STRONG_HINTS.get(kind, ()))


def has_hint(kind: str | None, norm: str) -> bool:
    if not kind:
        return False
    if kind == ORDER and "0" <= norm[:1] <= "9" and _rx("step", _STEP).match(norm):
        return True
    if kind == WHEN and "如果" in norm and "则" in norm:
        return True  # "如果敌对玩家的单位出现在同一处战场，则引发战斗": the condition says when
    for h in HINTS.get(kind, ()):  # a plain loop: asked for every candidate paragraph, no generator per call
        if h in norm:
            return True
    return False
