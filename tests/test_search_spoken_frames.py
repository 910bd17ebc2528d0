"""Can-I and what-if questions in spoken words: colloquial frames (…行吗, 行不行, 咋办) are read as frames, not
as the subject, and the player words of such questions (投了, 打掉, 弹回手, 同分, 反掉, 拿回来, 打下来, 下在) reach
the rule that answers them."""

import pytest

from judge.search import intent
from judge.search.analyze import analyze
from judge.search.engine import search
from judge.search.evaluation import first_relevant_rank


@pytest.mark.parametrize("question,kind", [
    ("打到一半想投降，行吗", intent.CAN), ("装备能不能下在战场上，行不行", intent.CAN),
    ("两人同分咋办", intent.WHATIF), ("待命的牌被移走了咋整", intent.WHATIF),
    # 行 of 进行 / 执行 is no frame (要…吗 is: whether it must be done)
    ("这一步执行吗", None), ("这一步还要执行吗", intent.CAN),
])
def test_spoken_frames_are_read_as_frames(question, kind):
    assert intent.detect(question) == kind


def test_frame_characters_are_not_the_subject(conn):
    # Read as a word of the subject, 咋 / 办 / 行 would each have to be found in the answer.
    labels = {c.label for c in analyze(conn, "两人同分咋办").concepts}
    assert not labels & {"咋", "办", "咋办"}
    labels = {c.label for c in analyze(conn, "回合中途认输行吗").concepts}
    assert not labels & {"行", "行吗"}


@pytest.mark.parametrize("question,rule_word,target", [
    ("打一半想投了行吗", "认输", "rt:随时可以认输"),  # 投 = 投降 (concede): 649-650
    ("传奇会被打掉吗", "摧毁", "r:传奇不会在常规游戏的过程中被摧毁"),  # 174.3
    ("指示物被弹回手会怎样", "非场地区域", "r:则在移动到新区域后立即消失"),  # 186.1
    ("大家同分咋办", "分数持平", "r:则游戏继续，直至有一名玩家在清理"),  # 194.2.b
    ("法术被反掉了费用能拿回来吗", "退还", "r:无效化不会退还玩家"),  # 425.1.c
    ("战场被打下来了待命的牌怎么办", "失去了一处战场的控制权", "r:与该战场相关的待命区域中的所有卡牌都将被移除"),  # 107.3.d
    ("装备能下在战场上吗", "打出至", "r:装备仅可打出至玩家的基地"),  # 148.1.a.1
    ("法术对决的时候我可以把基地的兵调过去吗", "移动", "r:此行动不可在法术对决或战斗期间进行"),  # 调 = move: 144.1.c
    ("换完目标还得再交吗", "支付", "rt:重选不再付打出费用"),  # 再交 = pay again: 755
    ("卡上写着每当你用技能时抽一张牌，这个是什么时候触发", "触发条件", "r:那么当该主动技能结算时即满足此条件"),  # 377.2.a
    ("单位打起来之前，大家能先一轮出牌吗", "法术对决", "r:发生战斗时，即会发生法术对决"),  # 一轮出牌 = the showdown: 316.8.a
    ("我冲过去以后对面把他的单位全挪走了，还打不打", "战斗伤害", "rt:双方单位都在才结算战斗伤害"),  # 465.1
    ("进场触发要指一个单位，我故意不点行不行", "选择", "r:如果存在合法的选项，则技能的控制者必须进行选择"),  # 402.4.b
    ("我拿下战场那一分是什么时候加上的", "得分", "rt:得分时发生的两件事"),  # 那一分 = the point scored: 471
])
def test_player_words_of_spoken_questions_reach_the_rule(conn, question, rule_word, target):
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert rule_word in forms
    hits = search(conn, question, limit=5).to_dict()["hits"]
    assert first_relevant_rank(hits, [target]) is not None, [h["display_number"] for h in hits]


@pytest.mark.parametrize("question,kind", [
    # a choice between two moments asks when, not which of two things comes first nor for a consequence
    ("触发的效果是上链那一下就指目标，还是结算时再指", intent.WHEN),
    ("绝念是在单位进坟场之前还是之后上链的", intent.WHEN),
    ("到8分是马上赢还是要等", intent.WHEN),
    ("回响多交了钱，那多出来的一遍效果几时生效", intent.WHEN),  # 几时 is 什么时候, no count
    # 先…还是 stays an order question
    ("燃尽的时候是先把废牌堆洗回去还是先给对手加分", intent.ORDER),
    # ...however long the first of the two procedures is said
    ("是先开法术对决大家打法术，还是直接算战斗伤害", intent.ORDER),
    # 能 of 技能 / 功能 is no can frame
    ("玛尔扎哈狂热信徒的技能结算完", None),
    ("主动技能能在对手回合用吗", intent.CAN),
])
def test_moment_choices_and_words_with_neng(question, kind):
    assert intent.detect(question) == kind


def test_frame_of_a_step_is_cut_whole(conn):
    # "在哪一步" was cut as 在哪 (a where frame), leaving 一步 as a required word of the subject.
    labels = {c.label for c in analyze(conn, "每回合的符文是在哪一步拿到的").concepts}
    assert not labels & {"一步", "一", "步"}, labels


def test_a_table_phrase_said_without_its_de(conn):
    # 别人的回合 (the player-word table) said as 别人回合: the same related rule words (迅捷, 反应).
    a = analyze(conn, "别人回合能开传奇技能不")
    assert {"迅捷", "反应"} <= {f for c in a.concepts for f in c.forms}
    # a 的 at the phrase's end binds it to the next word: 被晕的 is never read from 被晕
    assert not any(c.label == "被晕" for c in analyze(conn, "被晕住会怎样").concepts if c.via == "related")


def test_turning_a_card_up_to_look_at_it_is_looking(conn):
    # 翻开 alone is 展示 (shown to every player); 翻开看 is the player looking at it: 128.4 says who may 查看.
    question = "对手盖在战场上的牌我可以翻开看吗"
    assert ("翻开看", "查看") in analyze(conn, question).rewrites
    hits = search(conn, question, limit=5).to_dict()["hits"]
    assert first_relevant_rank(hits, ["r:只有卡牌的控制者可以阅读卡面文字"]) is not None, [h["display_number"] for h in hits]


@pytest.mark.parametrize("question,first", [("清理的流程是什么", "323"), ("开局准备的流程是怎样的", "110")])
def test_how_a_procedure_goes_asks_for_its_steps(conn, question, first):
    """"X的流程是怎样的" asks for X's steps in order (an order question whose 流程 need not be said by the answer): the
    paragraph that lists them, not one that mentions a 流程."""
    a = analyze(conn, question)
    assert a.intent == intent.ORDER
    assert all(c.optional for c in a.concepts if c.label in intent.STEP_WORDS)
    assert search(conn, question, limit=1).to_dict()["hits"][0]["number"] == first


@pytest.mark.parametrize("question,kind", [
    # a potential complement asked with a final 不 or 吗: whether it can be done
    ("对手回合我的反应牌打得出去不", intent.CAN), ("休眠的单位还走得动不", intent.CAN),
    ("法术对决里装备的技能用得了不？", intent.CAN), ("这张牌现在打得出去吗", intent.CAN),
    # the 得 of a word is none
    ("我获得了不少分", None), ("上回合赢得了吗", None),
])
def test_a_potential_complement_asks_whether_it_can_be_done(question, kind):
    assert intent.detect(question) == kind


def test_the_final_bu_of_a_potential_complement_is_no_subject(conn):
    """"打得出去不": the 不 is the question's particle (as 吗); read as a word, it was a required concept (不, in half the
    rules) of a question read as no question at all."""
    a = analyze(conn, "对手回合我手里的反应牌打得出去不")
    assert a.intent == intent.CAN and a.question_like
    assert "不" not in {c.label for c in a.concepts}
    top = [h["number"] for h in search(conn, "对手回合我手里的反应牌打得出去不", limit=5).to_dict()["hits"]]
    # 反应 (813.1) and the closed state in which only reactions may be played (309.1.a), as for 能打出吗
    assert {"813.1", "309.1.a"} <= set(top[:3]), top


@pytest.mark.parametrize("question,kind", [
    # 来得及 (in time for it?) asks whether the moment still allows an action
    ("战斗开始以后再用主动技能来得及吗", intent.CAN), ("对手都宣告进攻了，现在出迅捷还来不来得及", intent.CAN),
    # 还X不X asks whether a thing still happens, as 还…吗 does; 还能不能 stays a can question
    ("我的单位已经移走了，战斗还打不打", intent.WHATIF), ("单位被召回了，进攻触发还触发不触发", intent.WHATIF),
    ("单位被召回了还能不能再移动", intent.CAN),
])
def test_in_time_and_still_frames(question, kind):
    assert intent.detect(question) == kind


def test_in_time_frame_and_game_names_are_not_the_subject(conn):
    labels = {c.label for c in analyze(conn, "战斗开始以后再用主动技能来得及吗").concepts}
    assert not labels & {"来得及", "来", "及"}, labels
    # "Yu-Gi-Oh" names the game the player comes from, not three words to find in the answer
    labels = {c.label.lower() for c in analyze(conn, "In Yu-Gi-Oh does the chain resolve backwards?").concepts}
    assert not labels & {"yu", "gi", "oh", "yugioh"}, labels


def test_at_which_moment_is_the_frame_not_a_word_of_the_subject(conn):
    """到哪一刻 asks for a moment (a when question): 到哪 (to where) must not take its 哪 and leave 一刻 to be searched."""
    for question in ("本回合的效果到哪一刻失效", "战场从哪一刻起算争夺中"):
        a = analyze(conn, question)
        labels = {c.label for c in a.concepts}
        assert a.intent == intent.WHEN and not labels & {"一刻", "哪一刻"}, labels


@pytest.mark.parametrize("question,rule_word,target", [
    ("Does the chain resolve backwards, newest first?", "最新", "r:结算最新的已确认结算链项目"),  # 340.1
    ("空战场我的单位走上去以后什么时候归我", "控制", "r:在战场进入争夺状态后，当法术对决或战斗结束时"),  # 190.4
    ("把符文横一下拿法力，对手能回应吗", "获得", "r:获得资源的触发式技能和主动技能，会在确认后立即结算"),  # 429.2
    ("单位刚下场的时候是休眠的吗", "进场", "r:单位以休眠状态进入场地"),  # 143.4: 下场 = put onto the board
    ("单位离场后增益指示物还在吗", "增益", "rt:单位离场时移除增益"),  # 705: the counter is the buff
    ("战斗打完以后带伤的单位会好吗", "伤害", "rt:清理加项：移除所有单位的伤害"),  # 466.1.a.1: 带伤 = damage marked
    ("弃置的单位身上的绝念会发动吗", "触发", "rt:触发条件：被摧毁并进入废牌堆"),  # 808.1.d: an ability 发动 = triggers
    ("武器可以直接打出到战场上吗", "装备", "r:装备仅可打出至玩家的基地"),  # 148.1.a.1: a weapon is gear
])
def test_player_words_of_the_fifteenth_set_reach_the_rule(conn, question, rule_word, target):
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert rule_word in forms, forms
    hits = search(conn, question, limit=5).to_dict()["hits"]
    assert first_relevant_rank(hits, [target]) is not None, [h["display_number"] for h in hits]


@pytest.mark.parametrize("question,targeting", [
    ("我的法术指着的单位被对面换到别的战场了，法术还能生效吗", True),
    ("我的法术指的单位变成不能被选中了怎么办", True),
    # 指 saying what a word means is no targeting
    ("迅捷法术指的是什么", False), ("法术指什么", False),
])
def test_a_spell_that_points_at_a_unit_targets_it(conn, question, targeting):
    """法术指 (a spell 指 a unit, 指着 it): the spell chooses it as its target (355.6 目标选取)."""
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert ("选为目标" in forms) == targeting, forms


def test_a_targeted_unit_that_becomes_untargetable(conn):
    top = [h["number"] for h in search(conn, "我的法术指的单位变成不能被选中了怎么办", limit=3).to_dict()["hits"]]
    assert top[0] == "758.1", top  # it is a wrong target when the spell resolves: what the spell says of it is ignored


def test_what_comes_of_it_asks_for_a_consequence(conn):
    # 啥结果 / 什么结果 is a what-if frame, not a required word 结果 of the subject; equal Might is a tie.
    assert intent.detect("两个人都没单位留在战场上，战斗啥结果") == intent.WHATIF
    assert intent.detect("进攻方的单位全死了，这场战斗什么结果") == intent.WHATIF
    labels = {c.label for c in analyze(conn, "法术的目标全都不合法了，结算下来啥结果").concepts}
    assert not labels & {"啥", "结果", "啥结果"}
    question = "两边战力一样打完会怎样"
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert "相同" in forms
    hits = search(conn, question, limit=5).to_dict()["hits"]
    assert first_relevant_rank(hits, ["f:当战斗双方的总力量值相同时会发生什么", "rt:平局的定义"]) is not None, [
        h["display_number"] for h in hits]


def test_halfway_through_is_no_move(conn):
    # 走到一半 is halfway through a procedure (到一半), not 走到 (a unit moving to a place).
    question = "结算链走到一半又触发了新技能，是先把当前这一步做完吗"
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert "期间" in forms and "移动" not in forms
    hits = search(conn, question, limit=5).to_dict()["hits"]
    assert first_relevant_rank(hits, ["r:先完成流程的当前步骤，然后暂停并完成必要的任务"]) is not None, [
        h["display_number"] for h in hits]


@pytest.mark.parametrize("question", ["有没有办法在对手回合打出法术", "有什么办法让单位再动一次", "我有办法把对面的传奇弄死吗"])
def test_is_there_a_way_asks_whether_it_can_be_done(conn, question):
    # 有没有办法 is "is there a way": a can frame, and 办 / 法 / 办法 are no subject (法 would match every 法术).
    assert intent.detect(question) == intent.CAN
    labels = {c.label for c in analyze(conn, question).concepts}
    assert not labels & {"办", "法", "办法"}


@pytest.mark.parametrize("question, kind", [
    # 先…再 told in a clause of the story, the consequence asked in a later one: a what-if question.
    ("对面先晕它再把它弹回手，我没别的进攻单位了，这场战斗会咋样", intent.WHATIF),
    # 先…再 asked: an order question, as before.
    ("开技能要先交钱再指目标吗", intent.ORDER),
    ("是先卸下来再贴还是直接过去", intent.ORDER),
    ("先横置再打出会怎样", intent.ORDER),
])
def test_a_told_first_then_is_no_order_frame(question, kind):
    assert intent.detect(question) == kind


@pytest.mark.parametrize("question, kind", [
    # 几个 that a later 其中 refers back to tells how many there were (several), it does not ask.
    ("5点伤害分给几个敌方单位，结算前其中一个被召回基地了，会怎样", intent.WHATIF),
    ("我有几个单位，其中一个能拿几分", intent.HOWMANY),
    ("每回合能打几张牌", intent.HOWMANY),
])
def test_several_referred_back_to_is_no_count_asked(question, kind):
    assert intent.detect(question) == kind
