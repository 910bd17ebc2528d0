"""Situations told over a sentence (judge.search.situations), read as the rules' words.

- 自己 after a spell or ability ("法术能选自己当目标吗") goes back to the spell: rule 355.9.c (a spell or ability never
  targets itself) answers in the first five; said of the player ("我能选自己…") it is not read so.
- When an effect wears off, in a player's words ("到啥时候才没", "就没了还是…"), reads as the Expiration Step (rule
  317.2 失效步骤: effects that last this turn expire there); a question that says 失效 or 持续 itself is left to its word.
- A side of a combat that left it before damage ("防守的单位被我弹回手牌，这场战斗会怎样", "他把唯一的单位撤回基地了，我算不算
  征服") reads as the rules on combat damage needing both sides (465.1), the combat's result (466.3) and control, a
  conquest (466.5); a story of a target that left before a spell resolved is not read so.
- A card moved away as a cost and read afterwards ("献祭掉当费用，…按它的战力算") reads as the rules' 回溯 (359.3.e.13); a
  unit moved into an opponent's battlefield with none of his units there reads as contested (450, 190.3.a.1) and a
  non-combat showdown (451); a cost found unpayable while playing ("钱不够咋办") as the play undone (444.2.a, 358.5).
- Using an ability again ("还能再用吗") reads as the rules' repeatable effect (rule 377) and the exhausted object
  that cannot be exhausted again (rule 414.1.b).
- When gear may be attached ("啥时候可以装配", "战斗中途行不行") reads as the rules on activated abilities: a gear's are
  used in its controller's main phase while the turn is open, never in a showdown (151.2; every one only on its
  controller's turn in an open state, 381). Equip is one (818.1).
- A story told with card names ("对面拿焚烧点我的单位，我…把它弹回手牌，那焚烧会怎样") asks what becomes of the spell whose
  target left: the target-legality rules (359.3.e.*); "我回了一张…，谁先结算" answers a play with another, a chain's order.
- A hidden card at a battlefield whose units all left, or that an opponent took ("我在那的单位全死了，待命牌会怎样", "opp
  conquers the bf where my face down card is"), reads as losing the battlefield (190.4.c, 323.6) and the hidden cards
  removed at the next cleanup (107.3.d, 323.7).
- Each situation is read when told in English too (a story typed by a player of other card games), and in a question
  that mixes both languages.
"""

from __future__ import annotations

import pytest

from judge.search import situations
from judge.search.engine import search


def _numbers(conn, query, n=5):
    return [h.get("number") for h in search(conn, query, limit=n).to_dict()["hits"]]


@pytest.mark.parametrize("query", ["法术能选自己当目标吗", "技能可以指定自己为目标吗", "法术可以以自己为目标吗"])
def test_a_spell_choosing_itself(conn, query):
    assert "355.9.c" in _numbers(conn, query)


def test_itself_is_read_of_a_spell_not_of_the_player():
    assert "本身" in dict(situations.read("法术能选自己当目标吗"))
    assert "本身" not in dict(situations.read("我能选自己当法术的目标吗"))
    assert "本身" not in dict(situations.read("法术能选对手的单位当目标吗"))


def test_using_an_ability_again():
    words = dict(situations.read("同一回合她又被变回活跃了，技能还能再用一次吗"))
    assert words["再次使用"] == ("可重复", "再次进入休眠")
    assert "再次使用" not in dict(situations.read("这个技能要横置才能用吗"))


@pytest.mark.parametrize("query", [
    "我的法术指定了对方一个单位，结算前对手把它弄回基地了，这法术还能打到它吗",
    "我的技能分给两个敌方单位各2点伤害，结算前其中一个被召回了，伤害怎么算",
])
def test_a_target_gone_before_resolution(conn, query):
    # The paragraphs saying 非法 / 无效或不可用 are candidates however long the story around them (359.3.e.2, 359.3.e.8).
    assert {"359.3.e.2", "359.3.e.5", "359.3.e.7", "359.3.e.8"} & set(_numbers(conn, query))


def test_a_target_gone_is_read_from_the_story():
    assert "目标变化" in dict(situations.read("他把那个单位弄回基地了，我这张还打得到它吗"))
    assert "目标变化" in dict(situations.read("5点伤害分给几个敌方单位，结算前其中一个被召回了"))
    assert "目标变化" not in dict(situations.read("召回的单位伤害还在吗"))


@pytest.mark.parametrize("query", ["牌要走完整个打出流程才算打出吗", "啥时候算这张牌打出了"])
def test_when_a_card_counts_as_played(conn, query):
    # 算打出 reads as the rules' 即为打出 too: a card is played once the whole process is finished (350.1).
    assert "350.1" in _numbers(conn, query, 3)


@pytest.mark.parametrize("query", ["我的单位+3以后到啥时候才没", "单位身上的+2是回合结束就没了还是啥时候才没"])
def test_when_an_effect_wears_off(conn, query):
    assert "317.2" in _numbers(conn, query)


def test_wearing_off_is_read_in_the_players_words_only():
    assert "失效时机" in dict(situations.read("这个+3是战斗结束就没了还是到啥时候才没"))
    assert "失效时机" in dict(situations.read("这个加成能管多久"))
    assert "失效时机" not in dict(situations.read("等级的能力什么时候失效"))
    assert "失效时机" not in dict(situations.read("加成持续多久"))
    assert "失效时机" not in dict(situations.read("单位死了还是被召回"))


def _norm(conn, number):
    row = conn.execute("SELECT norm FROM search_docs WHERE kind = 'rule' AND number = ?", (number,)).fetchone()
    return row[0] if row else ""


@pytest.mark.parametrize("query", [
    "进攻的时候对手把防守的单位全都召回了，这场战斗会怎样",
    "我打过去以后他把唯一的防守单位弹回手了，算我征服吗",
])
def test_a_side_leaving_the_combat(conn, query):
    assert "一方离开战斗" in dict(situations.read(query))
    assert {"465.1", "466.3", "466.5", "466.5.d"} & set(_numbers(conn, query))


def test_a_side_leaving_the_combat_is_read_of_combat_only():
    assert "一方离开战斗" not in dict(situations.read("我选了对面那个单位，他把它弄回基地了，我这张法术还打得到它吗"))
    assert "一方离开战斗" not in dict(situations.read("进攻单位被召回后身上的伤害还在吗"))


@pytest.mark.parametrize("name, query, numbers", [
    ("费用后回溯", "我弃掉一个单位当费用，效果按它的战力算伤害，它已经进废牌堆了按多少算", {"359.3.e.13"}),
    ("付不起", "打出以后才发现法力不够怎么办", {"358.5", "444.2.a", "203.3"}),
])
def test_a_situation_told_finds_its_rule(conn, name, query, numbers):
    assert name in dict(situations.read(query))
    assert numbers & set(_numbers(conn, query))


def test_a_move_into_an_empty_enemy_battlefield_is_read():
    assert "移入无人敌方战场" in dict(situations.read("我的单位走到对手的战场，那里没有他的单位，会怎样"))
    assert "移入无人敌方战场" not in dict(situations.read("我的单位走到对手的战场，跟他的单位打起来了"))
    assert "费用后回溯" not in dict(situations.read("作为费用的符能不够怎么办"))


@pytest.mark.parametrize("name, numbers", [
    ("一方离开战斗", ("465.1", "466.3", "466.5")),
    ("费用后回溯", ("359.3.e.13",)),
    ("移入无人敌方战场", ("450", "451", "190.3.a.1")),
    ("付不起", ("444.2.a", "358.5", "203.3")),
    ("零战力死亡", ("142.4.b", "143.2.a")),
    ("装配时机", ("151.2", "381")),
])
def test_a_readings_words_are_its_rules_words(conn, name, numbers):
    words = next(w for n, _p, w in situations.READINGS if n == name)
    texts = [_norm(conn, n) for n in numbers]
    assert all(any(w in t for t in texts) for w in words)


def test_when_an_effect_wears_off_past_the_moment_guessed(conn):
    # The moment the player guesses (战斗结束) is no answer of its own: the expiry is what is asked (317.2). On the
    # first screen, not in the first five: since the second look reorders 40 places, the meaning model lifts 466.7.a
    # (the combat's end, 32nd in the fused list) above it; requiring the reading's words of a lifted paragraph cost
    # four other development questions (benchmarks/SEARCH_MEASUREMENTS.md, session 36).
    assert "317.2" in _numbers(conn, "我给单位加了3战力去进攻，战斗打完了，这个+3是战斗结束就没了还是到啥时候才没", n=10)


def test_a_story_read_as_a_situation_is_asked_in_its_last_clause(conn):
    # The story's plays (the card, the +2) are the scene; the situation told (a target no longer legal) is the subject.
    query = "我打了一张法术选了对面3战力的单位，对手回应给它+2战力，结算时会怎样"
    assert "目标变化" in situations.STORY_SUBJECTS and "目标变化" in dict(situations.read(query))
    assert {"359.3.e.2", "359.3.e.4", "359.3.e.5"} & set(_numbers(conn, query))


def test_a_unit_of_zero_might_told_is_read_not_one_supposed(conn):
    query = "对面只有一个0战力的单位在战场防守，我的单位打过去，它会死吗，战场归谁"
    assert "零战力死亡" in dict(situations.read(query))
    assert {"142.4.b", "143.2.a"} & set(_numbers(conn, query))
    assert "零战力死亡" not in dict(situations.read("晕了是不是就当0战力了，那1点伤害能把它打死吗"))
    assert "零战力死亡" not in dict(situations.read("10战力的单位会死吗"))


def test_a_cost_read_afterwards_is_no_order_of_costs():
    # 按 of 按顺序 or 按费用排 is no stat read afterwards.
    assert "费用后回溯" not in dict(situations.read("要摧毁一个自己的怪再弃一张牌当费用，得按顺序来吗"))
    assert "费用后回溯" not in dict(situations.read("坟场里的牌我想按费用排一排方便找，这样违规吗"))
    assert "费用后回溯" in dict(situations.read("当费用摧毁掉的单位，效果要用它的战力，按什么算"))


def test_gear_timing_is_read_only_when_asked(conn):
    query = "我想把基地里的装备装给正在战斗的单位，啥时候可以装配"
    assert "装配时机" in dict(situations.read(query))
    assert {"151.2", "381"} & set(_numbers(conn, query))
    assert "装配时机" not in dict(situations.read("装备可以装给对手的单位吗"))


def test_a_target_bounced_in_a_story_with_card_names(conn):
    query = "对面拿焚烧点我的单位，我打了张择日再战把它弹回手牌，那焚烧会怎样"
    assert "目标变化" in dict(situations.read(query))
    assert {"359.3.e.2", "359.3.e.5", "359.3.e.9"} & set(_numbers(conn, query))
    # What becomes of the unit itself is not asked of a spell that lost its target.
    assert "目标变化" not in dict(situations.read("我的单位被弹回手了，那个单位的伤害会怎样"))


def test_a_combat_asked_about_is_no_target_that_changed(conn):
    # "打对面" is an attack, and "那这场战斗会怎样" asks about the combat, not about a spell whose target left.
    query = "我的单位冲过去准备打对面，结果对手用法术把它弹回手牌了，那这场战斗会怎么样"
    read = dict(situations.read(query))
    assert "一方离开战斗" in read and "目标变化" not in read
    assert "465.1" in _numbers(conn, query)


def test_a_play_answered_with_another_is_a_chain(conn):
    query = "对面用虚空索敌打我的单位，我回了一张实战经验给它加战力，谁先结算"
    assert "链的顺序" in dict(situations.read(query))
    assert "340.1" in _numbers(conn, query)


@pytest.mark.parametrize("query", [
    "我在战场上待命了一张牌，结果我在那的单位全死了，这张待命牌会怎样",
    "what if opp conquers the bf where my face down card is",
    "I hid a card at a battlefield and then my only unit there died. What happens to the hidden card?",
])
def test_a_hidden_card_at_a_battlefield_its_controller_loses(conn, query):
    assert "待命牌失去战场" in dict(situations.read(query.lower()))
    assert {"107.3.d", "323.7"} & set(_numbers(conn, query))


def test_a_hidden_card_alone_is_not_read_as_a_battlefield_lost():
    assert "待命牌失去战场" not in dict(situations.read("待命的牌可以在对手回合翻开吗"))
    assert "待命牌失去战场" not in dict(situations.read("how do i hide a card face down"))
    # a battlefield the player controls is not one he lost
    assert "待命牌失去战场" not in dict(situations.read("i hid a card at a battlefield i control. can i flip it later?"))


# (an English story, the situation it tells, rules that answer it: one of them in the first five)
ENGLISH_TELLINGS = [
    ("I cast a spell targeting his unit and he recalled it in response. Does my spell still resolve?", "目标变化",
     {"359.3.e.2", "359.3.e.5", "359.3.e.7", "359.3.e.8"}),
    ("My only attacker got bounced back to hand before damage. Who controls the battlefield now?", "一方离开战斗",
     {"465.1", "466.3", "466.5"}),
    ("In combat, does the showdown happen first or is combat damage dealt first?", "开战后的步骤", {"464", "465"}),
    ("If I move a unit to my opponent's battlefield and none of his units are there, what happens?", "移入无人敌方战场",
     {"450", "451"}),
    ("A unit with 0 might takes 0 damage, does it die?", "零战力死亡", {"142.4.b", "143.2.a"}),
    ("Does a countered card still count as played this turn?", "算打出", {"425.1.b", "359.3.e.10"}),
    ("Can I target a card in my opponent's hand?", "隐藏区目标", {"355.10.a", "355.9.a"}),
    ("My unit got readied again, can I use its exhaust ability a second time?", "再次使用", {"377", "414.1.b"}),
    ("I played a spell and he responded with a reaction, which one resolves first?", "链的顺序", {"340.1", "159.2.b.3"}),
    ("When can I equip gear to my unit, can I do it during combat?", "装配时机", {"151.2", "818.1"}),
    ("My unit got +2 might this turn, when does it wear off?", "失效时机", {"317.2"}),
    ("after my spell resolves, who gets priority?", "之后谁行动", {"337.4", "340.4"}),
]


@pytest.mark.parametrize("query, name, rules", ENGLISH_TELLINGS, ids=[t[1] for t in ENGLISH_TELLINGS])
def test_a_situation_told_in_english(conn, query, name, rules):
    assert name in dict(situations.read(query.lower()))
    assert rules & set(_numbers(conn, query))


def test_english_tellings_are_read_in_a_mixed_question():
    assert "移入无人敌方战场" in dict(situations.read("我move到对面的bf，那里no units，会怎样"))
    assert "付不起" in dict(situations.read("上链了才发现 can't pay 咋办"))
    assert "目标变化" not in dict(situations.read("what does a target mean"))
