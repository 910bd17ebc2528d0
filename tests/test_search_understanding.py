"""Questions as they are asked: frames, answer kinds, player words, English rules terms, card names,
sections, the order of rules and FAQ entries, and what "nothing found" says."""

import json
import re

import pytest

from judge.search import fusion, intent
from judge.search.analyze import analyze
from judge.search.engine import search
from judge.search.data_files import HEADING_TERMS, PLAYER_WORDS, read_data
from judge.search.text import norm_text


def _hits(conn, query, limit=5):
    return search(conn, query, limit=limit).to_dict()["hits"]


def _body(hit):
    return norm_text(hit["title"] + "\n" + hit["text"])


@pytest.mark.parametrize("question,kind", [
    ("每回合能打几张牌", intent.HOWMANY), ("主牌堆至少要多少张牌", intent.HOWMANY),
    ("对手的回合我可以打法术吗", intent.CAN), ("能不能把单位打到对手的战场", intent.CAN),
    ("眩晕什么时候解除", intent.WHEN), ("反制的法术还算打出过吗", intent.WHATIF),
    ("主牌堆没牌了会怎样", intent.WHATIF), ("同时触发的技能谁先结算", intent.ORDER),
    ("燃尽是什么", intent.DEFINE), ("how many cards in the rune deck", intent.HOWMANY),
    ("两个持续效果谁早谁晚怎么定", intent.ORDER), ("我回合打完，下一个是谁", intent.ORDER),
    ("组队时我打完是轮到队友还是轮到对手", intent.ORDER), ("战斗伤害是哪一刻打到单位身上的", intent.WHEN),
    ("单位走进没人的战场，是当场就控制了吗", intent.WHEN), ("出牌有什么时间限制吗", intent.WHEN),
    ("激活技能得先付费用再选目标吗", intent.ORDER),
    ("can I play a spell on my opponent's turn", intent.CAN), ("燃尽", None),
])
def test_question_kinds(question, kind):
    assert intent.detect(question) == kind


@pytest.mark.parametrize("question,kind", [
    # 还…吗 asks whether a thing still happens (a what-if, as "does it still…"); it had no frame.
    ("单位被弹回手里，它的绝念还触发吗", intent.WHATIF), ("目标没了法术还生效吗", intent.WHATIF),
    # 还能 / 还可以 ask whether it is still allowed.
    ("横置了还能移动吗", intent.CAN), ("对手回合我还可以打法术吗", intent.CAN),
    # 是不是 is the spoken 是否.
    ("单位打完战斗是不是要回基地", intent.CAN), ("被反制的法术是不是也算打出过", intent.CAN),
])
def test_still_and_is_it_frames(question, kind):
    assert intent.detect(question) == kind


def test_is_it_asks_as_whether_does(conn):
    """是不是 read as 是否 (a can frame): attackers return to their base after a combat their opponent's units
    survive (466.1.a.2), third before."""
    top = [h["number"] for h in _hits(conn, "单位打完战斗是不是要回基地")]
    assert "466.1.a.2" in top[:2], top


def test_player_word_sets_are_built_once_per_connection(conn):
    """The player-word table's phrases (asked for every Chinese run by the typo check) and its class rows (for every
    question naming a card) are built once per connection, not for every query."""
    from judge.search import analyze

    vocab = analyze._Vocab(conn)
    assert analyze._Vocab(conn).player_phrase_set() is vocab.player_phrase_set()
    assert analyze._Vocab(conn).player_classes() is vocab.player_classes()
    assert "随从" in vocab.player_phrase_set() and "单位" in vocab.player_classes()["随从"]


def test_a_question_is_not_corrected_into_another_word(conn):
    """The frame of a question is never part of a typo: 「打几」 is not 打击, 「上先」 is not 上限."""
    for q in ("每回合能打几张牌", "结算链上先结算哪一个", "主牌堆至少要多少张牌"):
        data = search(conn, q).to_dict()
        assert data["corrections"] == [], (q, data["corrections"])
    # A real typo inside a question is still corrected.
    data = search(conn, "燃烬的时候对手得几分").to_dict()
    assert {"from": "燃烬", "to": "燃尽"} in data["corrections"]


def test_frames_are_not_searched(conn):
    data = search(conn, "对手的回合我可以打法术吗").to_dict()
    labels = {c["label"] for c in data["concepts"]}
    assert not labels & {"可以", "吗", "我", "可以打法术吗"}
    assert any("法术" in label for label in labels) and "对手" in labels


def test_a_drafted_heading_points_at_the_paragraph_that_answers(conn):
    """A heading titled by the tool (分摊伤害〔…〕, 355.14) previews the paragraphs under it: for a question, the
    paragraphs that answer come first and the heading below them; for its term it is still the first hit."""
    top = [h["number"] for h in _hits(conn, "分3点伤害的法术最多选几个单位", limit=5)]
    assert top[:2] == ["355.14.c", "355.14.a"] or top[:2] == ["355.14.a", "355.14.c"], top
    assert "355.14" not in top[:2], top
    assert _hits(conn, "分摊伤害")[0]["number"] == "355.14"


def test_player_words_read_as_the_rules_words(conn):
    data = search(conn, "横置的单位能移动吗").to_dict()
    assert data["concepts"][0]["label"] == "休眠"  # the FAQ's 横置 (exhaust) read as the rules' 休眠
    assert any("休眠" in _body(h) and "标准移动" in _body(h) for h in data["hits"][:10])
    data = search(conn, "结算链上有东西的时候还能打牌吗").to_dict()
    assert any(c["label"] == "打出卡牌" for c in data["concepts"])  # 打牌 = 打出卡牌


def test_turning_cards_upright_points_at_the_awaken_phase(conn):
    """转正 / 竖起来 / 转回活跃 say a card is made 活跃; all of a player's cards are, in the 唤醒阶段."""
    from judge.search.analyze import analyze

    for question in ("什么时候把我的单位都转回活跃", "什么时候把牌都竖起来", "转正是在哪个阶段"):
        assert any("唤醒阶段" in c.forms for c in analyze(conn, question).concepts), question
    hits = _hits(conn, "什么时候把我的单位都转回活跃")
    assert any("唤醒阶段" in _body(h) and "活跃状态" in _body(h) for h in hits)


def test_damage_words_of_players_read_as_the_rules(conn):
    """受伤 is 受到伤害; damage that "lands on" a unit is dealt to it (not 打出到, a card played to a place)."""
    from judge.search.analyze import analyze

    a = analyze(conn, "战斗伤害分完以后，什么时候才真正打到单位身上")
    labels = {c.label for c in a.concepts}
    assert "造成伤害" in labels and "打出" not in labels
    assert ("受伤", "受到伤害") in analyze(conn, "单位受伤以后会怎样").rewrites


@pytest.mark.parametrize("question", ["清理一共要过几个步骤", "战斗分成哪几步，先后是什么", "打出一张牌有哪些步骤"])
def test_a_question_for_the_steps_of_a_procedure_asks_for_a_sequence(question):
    assert intent.detect(question) == intent.ORDER
    assert intent.asks_steps(question)


def test_the_steps_asked_for_are_what_the_answer_lists_not_its_subject(conn):
    """"清理一共要过几个步骤": the answer introduces the list ("以下任务会按下述顺序…") without saying 步骤."""
    from judge.search.analyze import analyze

    a = analyze(conn, "清理一共要过几个步骤")
    assert all(c.optional for c in a.concepts if c.label == "步骤")
    assert any(c.label == "清理" and not c.optional for c in a.concepts)
    hits = _hits(conn, "清理一共要过几个步骤")
    assert any("按下述顺序" in _body(h) and "清理" in _body(h) for h in hits)


def test_which_step_asks_when_not_where():
    """"在哪一步给分": 哪一步 asks for a moment of the turn, though 在哪 alone asks for a place."""
    assert intent.detect("守住的战场是在哪一步给分的") == intent.WHEN
    assert intent.detect("被反制的牌在哪") == intent.WHERE


def test_everyday_words_for_stun_combat_and_scoring(conn):
    from judge.search.analyze import analyze

    a = analyze(conn, "被晕住的单位打架时还能算战力吗")
    assert ("晕住", "眩晕") in a.rewrites and ("打架", "战斗") in a.rewrites
    assert ("给分", "得分") in analyze(conn, "守住的战场是在哪一步给分的").rewrites
    hits = _hits(conn, "Does the chain resolve last in first out like the stack?")
    assert any("结算最新的" in _body(h) for h in hits[:3])


def test_everyday_words_for_control_combat_and_costs(conn):
    # 没人控制 -> 未受控制: the paragraph on an uncontrolled battlefield's abilities first (was third).
    assert _hits(conn, "没人控制的战场的技能由谁控制")[0]["number"] == "190.6.b"
    # 参战 -> 进攻方 / 防守方: the triggers put on the chain as units become attackers or defenders.
    # The attack trigger first; on the first screen 464.2 (combat's start sets attackers and defenders: the moment the
    # triggers go on the chain) and the FAQ entry on the order combat's triggers go on the chain in (the players
    # without a defender after the focus holder), which answers for a player out of the combat; the defence trigger
    # (383.4.f.2) in the first ten. 464.2 may come first: the same moment seen from combat's side (its tasks set the
    # attackers and defenders, whose triggers then go on the chain); a 383.4 paragraph is then on the first screen.
    hits = _hits(conn, "没参战的玩家的触发技能什么时候上链", limit=10)
    top = [h["number"] or "" for h in hits[:5]]
    assert (top[0].startswith("383.4.") or top[0] == "464.2") and "464.2" in top, top
    assert any(n.startswith("383.4.") for n in top), top
    assert any(h["kind"] == "faq" and "没有防守方身份的玩家" in _body(h) for h in hits[:5])
    assert "383.4.f.2" in [h["number"] for h in hits]
    # 钱 -> 费用 / 支付: every one of the first three speaks of costs (444.2.a, third with the meaning term: a card
    # played without paying is taken back, titled 不付费).
    assert all("费用" in _body(h) or "付费" in _body(h) for h in _hits(conn, "钱不够的时候还能打出卡牌吗")[:3])


def test_ending_ones_turn_points_at_declaring_the_end(conn):
    # 结束回合 / 过回合 -> 结束本回合: the paragraph on declaring the end of one's turn (316.9), not the
    # Ending Phase's effects only.
    for question in ("我什么时候可以结束回合", "过回合"):
        numbers = [h.get("number") or "" for h in _hits(conn, question)[:3]]
        assert any(n == "316.9" or n.startswith("316.9.") for n in numbers), (question, numbers)


def test_passing_with_nothing_to_do_is_ending_the_turn_in_the_main_phase_and_passing_in_a_showdown(conn):
    # 空过 (do nothing and pass): in one's own main phase it is declaring the end of the turn (316.9); in a
    # showdown it is passing Focus (347.2).
    numbers = [h.get("number") or "" for h in _hits(conn, "我的主阶段什么都不想做，可以空过吗")[:3]]
    assert any(n == "316.9" or n.startswith("316.9.") for n in numbers), numbers
    numbers = [h.get("number") or "" for h in _hits(conn, "法术对决里我空过了还能再打吗")[:3]]
    assert any(n == "347.2" or n.startswith("347.2.") for n in numbers), numbers


def test_paying_later_points_at_the_optional_additional_cost(conn):
    # 补付 -> 支付 / 额外费用: 急速 is an additional cost paid while the card is played (805.2.a first).
    assert _hits(conn, "急速能之后再补付吗")[0]["number"] == "805.2.a"


@pytest.mark.parametrize("question,rule", [
    ("单位上场的时候是横置的吗", "359.2.c"),  # 上场 -> 进场
    ("抢点", "469.1"),                        # 抢点 -> 争夺 / 征服
    ("献祭", "428"),                          # 献祭 (sacrifice) -> 摧毁
    ("秒掉", "428"),                          # 秒掉 -> 摧毁
    ("没费", "201"),                          # 没费 -> 无法支付 / 费用
    ("我能一次移好几个单位吗", "144.3"),        # 好几个 -> 多个 (同时执行多个单位的标准移动)
])
def test_players_words_for_entering_play_killing_and_paying(conn, question, rule):
    numbers = [h.get("number") or "" for h in _hits(conn, question)[:3]]
    assert any(n == rule or n.startswith(rule + ".") for n in numbers), (question, numbers)


@pytest.mark.parametrize("question", ["灵魂之剑能装给队友的单位吗", "装备可以装到对面的单位上吗"])
def test_putting_gear_on_a_unit_reads_as_equip(conn, question):
    # 装到 / 装给 a unit -> 装配 / 贴附: Equip attaches the gear to a unit its controller controls (818).
    numbers = [h.get("number") or "" for h in _hits(conn, question)[:3]]
    assert any(n == "818" or n.startswith("818.") for n in numbers), (question, numbers)


@pytest.mark.parametrize("question,answer", [
    ("堆栈", "327"),                          # MTG's stack -> 结算链
    ("打断对手的法术", "425"),                # 打断 -> 无效化 / 反应
    ("满场了还能打单位吗", "170.6"),          # 满场 -> 任意数量: no limit to units at a location
])
def test_players_words_for_the_chain_countering_and_a_full_board(conn, question, answer):
    numbers = [h.get("number") or "" for h in _hits(conn, question)]
    assert any(n == answer or n.startswith(answer + ".") for n in numbers), (question, numbers)


def test_player_word_table_rows_have_sources():
    rows = read_data(PLAYER_WORDS, 4)
    assert len(rows) >= 80
    for phrase, targets, mode, source in rows:
        assert mode in ("rewrite", "related", "class", "english", "absent"), phrase
        assert targets and source, phrase


def test_no_english_player_word_is_a_card_name():
    # "Last Breath" is Legends of Runeterra's Deathknell and also the English name of a Riftbound card:
    # a player word must never take a card's name away from its rulings.
    from judge.cards.catalog import catalog

    cat = catalog()
    names = {norm_text(c.english) for c in cat.cards.values() if c.english}
    names |= {norm_text(fn.english) for fn in cat.faq_names if fn.english}
    clashes = [p for p, _t, mode, _s in read_data(PLAYER_WORDS, 4)
               if mode in ("english", "absent") and norm_text(p) in names]
    assert not clashes, clashes


def test_every_official_heading_term_finds_its_chinese_rule(conn):
    rows = read_data(HEADING_TERMS, 4)
    assert len(rows) >= 150
    english = {r[0] for r in rows}
    for term in ("Ready", "Exhaust", "Recalls", "Hold", "Conquer", "Showdowns", "Chains", "Finalize", "Discard",
                 "Counter", "Burn Out", "Predict"):
        assert term in english, term
    missing = []
    for eng, zh, number, _source in rows:
        assert re.fullmatch(r"\d{3}(\.[0-9a-z]+)*", number), number
        if not any(zh in _body(h) for h in _hits(conn, eng)):
            missing.append((eng, zh))
    assert not missing, missing


def test_no_english_sentence_in_the_heading_pairs():
    for eng, _zh, _n, _s in read_data(HEADING_TERMS, 4):
        assert len(eng.split()) <= 5 and not eng.endswith("."), eng


@pytest.mark.parametrize("word,chinese", [
    ("stack", "结算链"), ("tap", "休眠"), ("untap", "激活"), ("graveyard", "废牌堆"), ("discard", "弃置"),
    ("counter", "无效化"), ("mana", "法力"), ("Recall", "召回"), ("Hold", "据守"), ("Finalize", "确认"),
])
def test_words_from_other_games_and_rules_terms_find_the_chinese_rule(conn, word, chinese):
    hits = _hits(conn, word)
    assert hits, word
    assert any(chinese in _body(h) for h in hits[:3]), (word, [h["title"] for h in hits])


def test_english_paraphrase_of_a_short_question(conn):
    data = search(conn, "can I play a spell on my opponent's turn").to_dict()
    assert {c["label"] for c in data["concepts"]} >= {"play", "spell", "opponents", "turn"}
    assert all(c["label"] not in ("can", "i", "a", "on", "my") for c in data["concepts"])
    answers = ("仅可在其回合处于普通开环状态", "法术的控制者可以在其回合处于法术对决之外的开环状态时打出法术",
               "仅有带有[迅捷]或[反应]关键词")
    assert any(any(a in _body(h) for a in answers) for h in data["hits"]), [h["text"][:30] for h in data["hits"]]


@pytest.mark.parametrize("query,title", [
    ("Teemo Strategist", "提莫-军事家"), ("haishou diaogou", "海兽钓钩"), ("Baited Hook", "海兽钓钩"),
    ("提莫 军事家选几个目标", "提莫-军事家"), ("Blind Fury", "暴怒冲动"),
])
def test_a_card_name_leads_to_its_rulings_and_errata(conn, query, title):
    hits = _hits(conn, query, limit=3)
    assert hits[0]["kind"] in ("faq", "errata"), hits[0]
    assert title in norm_text(hits[0]["title"]), [h["title"] for h in hits]


def test_a_heading_is_followed_by_its_paragraphs(conn):
    hits = _hits(conn, "Finalize")
    assert hits[0]["kind"] == "rule" and hits[0]["title"] == "确认"
    assert hits[1]["breadcrumb"] and "确认" in hits[1]["breadcrumb"][-1], hits[1]


def test_a_heading_of_an_absent_chapter_is_not_followed_by_its_empty_skeleton(conn):
    # 465 is known by number and title only (the corpus stops before combat); its untitled sub-rules
    # carry no text, so they are no answer to show under it.
    hits = _hits(conn, "战斗伤害", limit=6)
    assert hits[0]["number"] == "465", hits[0]
    for h in hits[1:]:
        assert not (h["kind"] == "rule" and h["number_source"] == "absent" and not h["title"]), h


def test_a_hit_inside_a_section_shows_its_breadcrumb(conn):
    """"此行动可在玩家主阶段的任何时间进行" is about the standard move only through its section."""
    hits = _hits(conn, "什么时候可以用标准移动", limit=30)
    inner = [h for h in hits if h["kind"] == "rule" and "此行动可在玩家主阶段的任何时间进行" in h["text"]]
    assert inner, [h["text"][:20] for h in hits]
    assert any("标准移动" in b for b in inner[0]["breadcrumb"]), inner[0]["breadcrumb"]


def test_the_rule_comes_before_an_faq_entry_that_answers_as_well(conn):
    for q in ("对手的回合我可以打法术吗", "眩晕的单位能造成战斗伤害吗", "手牌有上限吗"):
        hits = _hits(conn, q)
        kinds = [h["kind"] for h in hits]
        if "faq" in kinds and "rule" in kinds:
            first_faq = kinds.index("faq")
            rules_after = [h for h in hits[first_faq + 1:] if h["kind"] == "rule"]
            faq = hits[first_faq]
            # No rule below the FAQ entry scores nearly as well while covering as much of the question.
            assert all(r["score"] < 0.8 * faq["score"] or r["coverage"] < faq["coverage"] for r in rules_after), q


def test_the_issue_examples_are_answered(conn):
    """The questions the issue names, each answered on the first screen (top 5)."""
    cases = {
        "对手的回合我可以打法术吗": ("迅捷", "反应"),
        "反制的法术还算打出过吗": ("被无效化的卡牌不视为已被打出",),
        "每回合能打几张牌": ("任意数量的自决行动",),
        "一张法术可以选择同一个单位两次作为目标吗": ("目标选取",),
    }
    for q, needles in cases.items():
        hits = _hits(conn, q)
        assert any(any(n in _body(h) for n in needles) for h in hits), (q, [h["text"][:40] for h in hits])


def test_nothing_found_says_so_with_the_closest_terms(conn):
    data = search(conn, "xyzzyqq").to_dict()
    assert data["hits"] == []
    assert data["message"].startswith("没有找到与「xyzzyqq」相关的内容")
    json.dumps(data, ensure_ascii=False)  # a complete JSON document, not an empty one


def test_a_state_is_found_from_its_condition_in_the_rules(conn):
    """"如果结算链存在，则视为回合处于闭环状态" (the rules on turn states): saying the chain holds something
    is asking about the closed state; the pair comes from the rules, with its rule as source."""
    rows = conn.execute("SELECT target, source FROM search_alias WHERE alias = '结算链上有' AND kind = 'state'").fetchall()
    assert rows and {t for t, _s in rows} == {"闭环"} and all("state condition" in s for _t, s in rows)
    hits = _hits(conn, "结算链上有一个法术时我还能打出卡牌吗")
    assert any("闭环" in _body(h) and "打出" in _body(h) for h in hits)


def test_a_paragraph_opening_with_this_kind_is_searched_with_the_one_before(conn):
    (context,) = conn.execute(
        "SELECT norm_context FROM search_docs WHERE kind = 'rule' AND text LIKE '这类触发式技能会在与这些效果对应的常驻牌%'"
    ).fetchone()
    assert "打出我时" in context  # said by the paragraph before it


def test_who_goes_first_is_answered_by_focus_or_priority(conn):
    hits = _hits(conn, "法术对决中谁先行动")
    assert any("焦点" in _body(h) for h in hits[:3])


def test_a_verb_object_word_said_in_two_halves_counts(conn):
    data = search(conn, "闭环状态下能打牌吗", limit=5).to_dict()
    assert any(c["label"] == "打出卡牌" for c in data["concepts"])
    # "所有类别的卡牌都不能在闭环状态下打出": 打出 … 卡牌, not the word 打出卡牌.
    split = [h for h in data["hits"][:3] if "打出卡牌" not in _body(h) and "卡牌" in _body(h) and "打出" in _body(h)]
    assert split and all(h["coverage"] >= 0.8 for h in split)


def test_an_announcing_paragraph_is_followed_by_its_sub_paragraphs():
    from judge.search.arrange import follow_children
    from judge.search.rank import Hit

    def hit(i, ref, parent, score):
        return Hit({"id": i, "kind": "rule", "ref": ref, "parent_ref": parent}, score)

    head, other, kid1, kid2, weak = (hit(1, "r:1", None, 100), hit(2, "r:9", None, 99), hit(3, "r:1.a", "r:1", 98),
                                     hit(4, "r:1.b", "r:1", 97), hit(5, "r:1.c", "r:1", 50))
    ranked = [head, other, kid1, kid2, weak]
    out = follow_children(list(ranked), ranked)
    assert [h.doc["id"] for h in out] == [1, 3, 4, 2, 5]  # the weak sub-paragraph keeps its place


def test_a_can_question_about_an_order_is_still_a_can_question():
    # 顺序 is the subject here ("the order of my deck"), not the frame of an order question.
    assert intent.detect("能不能记住自己牌库的顺序") == intent.CAN
    assert intent.detect("好几张牌同时回收到主牌堆按什么顺序放") == intent.ORDER


def test_a_question_answer_does_not_repeat_a_rule_as_its_glossary_entry(conn):
    hits = _hits(conn, "对手的回合我可以打法术吗", limit=10)
    rules_above: set[str] = set()
    for h in hits:
        if h["kind"] == "term":
            assert h["number"] not in rules_above, h
        elif h["kind"] == "rule" and h["number"]:
            rules_above.add(h["number"])


def test_the_first_paragraph_of_an_answer_is_shown_whole(conn):
    data = search(conn, "法术被无效化了费用会退吗").to_dict()
    first = data["hits"][0]
    assert first["kind"] == "rule" and first["number"] == "425.1.c"
    assert first["snippet"] == first["text"]  # not an excerpt
    # the other hits stay excerpts
    assert all(len(h["snippet"]) <= 92 for h in data["hits"][1:])


def test_why_a_hit_follows_the_one_above_is_said_on_its_header_line():
    from judge.search.render import render_text

    hit = {"rank": 2, "kind": "rule", "kind_label": "规则", "display_number": "431.4", "title": "", "direct": False,
           "inferred": False, "number_source": "official", "superseded": False, "score": 1.0, "breadcrumb": [],
           "snippet": "燃尽是一种限定行动。", "highlights": [], "note": "「燃尽」一节", "number": "431.4"}
    out = render_text({"notes": [], "hits": [hit], "suggestions": [], "query": "燃尽"})
    assert out.splitlines()[0].endswith("← 「燃尽」一节")


def test_a_condition_answers_when():
    # "什么时候会打起来": the rule that says under which condition combat begins answers it.
    assert intent.has_hint(intent.WHEN, norm_text("如果敌对玩家控制的单位出现在同一处战场，则引发战斗。"))
    assert not intent.has_hint(intent.WHEN, norm_text("战场无法移动。"))


def test_untargetable_is_read_as_the_term_not_as_plain_targeting(conn):
    untargetable = [f for c in search(conn, "目标在法术结算前变成不能被选中了会怎样").analysis.concepts for f in c.forms]
    assert any("不可" in f for f in untargetable) and "指定" not in untargetable
    targeted = [f for c in search(conn, "传奇可以被法术选中吗").analysis.concepts for f in c.forms]
    assert "指定" in targeted and "目标" in targeted


def test_a_player_phrase_cut_into_characters_is_the_subject(conn):
    # 记住 is no word of the rules (segmented 记 / 住); read as 隐私/隐秘信息 it is what is asked about.
    concepts = search(conn, "能不能记住自己牌库的顺序").analysis.concepts
    phrase = next(c for c in concepts if c.label == "记住")
    assert not phrase.optional and "隐秘信息" in phrase.forms
    assert all(c.optional for c in concepts if c.label in ("记", "住"))


@pytest.mark.parametrize("question", ["被反制的牌去哪了", "回收的牌会放到哪里", "单位被摧毁会去哪"])
def test_where_questions_ask_for_a_place(question):
    assert intent.detect(question) == intent.WHERE


def test_english_words_are_found_in_their_inflected_forms(conn):
    concepts = search(conn, "what happens to a stunned unit").to_dict()["concepts"]
    assert any("眩晕" in c["forms"] for c in concepts)
    assert any("单位" in c["forms"] for c in concepts)


def test_overlapping_player_phrases_read_the_longer(conn):
    # "才算打出伤害": 打出伤害 (造成伤害), not 算打出 (被打出) followed by 伤害.
    concepts = search(conn, "伤害至少要几点才算打出伤害").to_dict()["concepts"]
    forms = {f for c in concepts for f in c["forms"]}
    assert "造成伤害" in forms and "被打出" not in forms


def test_where_question_finds_the_zone_a_destroyed_unit_goes_to(conn):
    hits = _hits(conn, "单位被摧毁会去哪")
    assert any("废牌堆" in _body(h) and h["kind"] == "rule" for h in hits[:3])


def test_a_table_word_does_not_cut_through_what_the_rules_write(conn):
    """A term-table word the corpus never segments (进入场地, from the English rows) is no query word where
    it would cut a string the rules write (场地区域), and stays whole where the rules write it followed by
    the rest (无法支付费用); alone, every such word is one word."""
    from judge.search.analyze import _segment, _Vocab

    vocab = _Vocab(conn)
    assert "进入场地" not in _segment(vocab, "单位进入场地区域")
    assert _segment(vocab, "无法支付费用")[0] == "无法支付"
    table_only = [w for (w,) in conn.execute("SELECT word FROM search_lex WHERE freq > 0 AND df = 0 AND is_term = 0")]
    assert "进入场地" in table_only
    assert [w for w in table_only if _segment(vocab, w) != [w]] == []


def test_a_yes_or_no_frame_is_no_negation_of_the_subject(conn):
    """有没有 / 是不是 / 会不会 / 要不要 / 算不算 only ask yes or no: 「有没有响应」 is about 响应, not the word
    没有响应, and 「要不要付费」 is not 不付. Where the frame's first character ends a word (所有, 技能), the
    negation is the question's own and stays."""
    from judge.search.analyze import analyze

    def labels(question):
        return [c.label for c in analyze(conn, question).concepts]

    assert labels("有没有响应") == ["响应"]
    for question, subject in (("法术有没有目标", "目标"), ("是不是单位", "单位"), ("会不会触发", "触发"),
                              ("要不要支付", "支付"), ("算不算打出", "打出"), ("能不能移动", "移动")):
        got = labels(question)
        assert subject in got and not [w for w in got if w[0] in "不没"], (question, got)
    assert "支付费用" in labels("要不要付费") and "不付" not in labels("要不要付费")
    assert "技能" in labels("技能不能被反制吗")
    assert "没有" in labels("所有没有战力的单位")


def test_a_skeleton_rules_keywords_name_the_situation_it_decides(conn):
    """A rule of 440-829 is found by its drafted title and keywords only: they name the situation the rule
    decides, not only its outcome. 447.2.c (a move into a battlefield where two other players are fighting
    recalls the unit instead) was ninth, under its siblings that forbid the move; 817.1.b (Vision is a
    predict when played, a look at the top of the main deck) was out of the first ten, under 436.1."""
    top = [h["number"] for h in _hits(conn, "效果把单位移动到两名其他玩家正在战斗的战场会怎样")]
    assert "447.2.c" in top[:3], top
    top = [h["number"] for h in _hits(conn, "预视的单位什么时候看主牌堆顶部")]
    assert "817.1.b" in top[:3], top
    # 806.3: Action is only a permission, a unit with it is still played to its base or a battlefield its
    # controller holds (seventh); 808.1.d.3: the place noted before the card goes to the trash is the
    # Deathknell's "here" (out of the first ten, under 462.2.b, the "here" of a unit played to the base).
    top = [h["number"] for h in _hits(conn, "迅捷能让我把单位打出到对手的战场上吗")]
    assert "806.3" in top[:3], top
    top = [h["number"] for h in _hits(conn, "绝念效果里说的这里是指哪里")]
    assert "808.1.d.3" in top[:3], top
    # 466.3: the combat result is determined after the combat cleanup (out of the first ten). On the first screen,
    # under cleanup paragraphs only: the combat cleanup's own task (466.1.*) and the cleanup's ordered tasks (323,
    # which remove the dead units; a development set names 323 for the same question asked of a cleanup).
    top = [h["number"] for h in _hits(conn, "打完仗是先清掉死的单位还是先算输赢")]
    assert "466.3" in top, top
    assert all(n.startswith(("466.1", "323")) for n in top[:top.index("466.3")]), top


def test_an_either_or_question_is_read_as_a_question(conn):
    """"A还是B" asks a question without a question mark or a frame word: it was searched as a term query
    (no fusion, no second look), and 466.7.b (end-of-combat effects happen after control is established)
    was seventh under 190.4.x."""
    from judge.search.analyze import analyze

    question = "“战斗结束时”的效果是打完伤害马上就来，还是等控制权定了以后"
    assert analyze(conn, question).question_like
    top = [h["number"] for h in _hits(conn, question)]
    assert "466.7.b" in top[:3], top


def test_nothing_going_on_is_the_neutral_open_state(conn):
    """没事的时候 (nothing going on): the neutral open state, when discretionary actions are taken (rule 410.1.a);
    the paragraph was tenth."""
    top = [h["number"] for h in _hits(conn, "没事的时候才能移动单位吗")]
    assert "410.1.a" in top[:3], top


def test_no_showdown_is_the_neutral_state(conn):
    """不在法术对决 (no showdown going on): the turn's neutral state (rule 307), in which no player has the focus
    (313.5, sixth)."""
    top = [h["number"] for h in _hits(conn, "不在法术对决的时候谁拥有焦点")]
    assert "313.5" in top[:3], top


def test_none_in_hand_is_no_card_that_qualifies(conn):
    """手里没有 (none in my hand) when told to play a card of some kind: rule 419.3.c (no card qualifies,
    nothing happens) was out of the first eight."""
    top = [h["number"] for h in _hits(conn, "让我从手里打一张费用2以下的牌，手里没有的话呢")]
    assert "419.3.c" in top[:3], top


def test_a_difference_asks_whether_it_matters(conn):
    """有区别吗 (does it make a difference): 434.1.b.1, the order of attached cards does not affect how their
    effects apply, was fourth."""
    top = [h["number"] for h in _hits(conn, "装备贴的先后顺序有区别吗")]
    assert "434.1.b.1" in top[:3], top


def test_split_damage_is_the_rules_shared_damage(conn):
    """split: the English rules' damage that is Split is the Chinese rules' 分摊伤害 (rule 715.3, Bonus Damage on
    split damage); the paragraph was second."""
    top = [h["number"] for h in _hits(conn, "does bonus damage add to damage I split between units")]
    assert top[0] == "715.3", top


def test_a_targeting_tax_is_the_additional_cost(conn):
    """tax: players' word for a cost added to targeting (Deflect's mandatory additional cost, rule 809.1.d); the
    paragraph saying an opponent pays more to target (809.1.c) was out of the first thirty."""
    top = [h["number"] for h in _hits(conn, "what is the tax for targeting an enemy unit")]
    assert "809.1.c" in top[:5], top


def test_one_more_turn_is_an_additional_turn(conn):
    """多一回合 / 多打一回合 (one more turn): an additional turn (rule 735: an effect has a player take a turn after
    this; 737: it does not change the turn order); 737 was out of the first ten."""
    top = [h["number"] for h in _hits(conn, "对手打了张牌能多打一回合，那我的回合还轮得到吗")]
    assert "737" in top[:3], top


def test_a_cost_raised_is_a_cost_increase(conn):
    """加费 (a cost raised): the rules write 增费 (356.3, cost increases are applied before reductions, 356.4);
    356.3 was out of the first ten."""
    top = [h["number"] for h in _hits(conn, "对面的效果给我的法术加费了，我的减费还能减到0吗")]
    assert "356.3" in top[:3], top


def test_signed_numbers_are_increases_and_decreases(conn):
    """"+2" and "-1" are a value raised and lowered (增加 / 减少): the arithmetic layer applies increases
    first, decreases last (477.3.e); it was out of the first ten."""
    top = [h["number"] for h in _hits(conn, "+2和-1哪个先结算", limit=10)]
    assert any(n and n.startswith("477.3.e") for n in top), top


@pytest.mark.parametrize("text,read", [
    ("一个单位身上+3和-2同时在", ["增加", "减少"]),  # after a Chinese character: a value's sign
    ("一个+3一个-2", ["增加", "减少"]),
    ("+3战力能撑过4点伤害吗", ["增加"]),
    ("被-2以后还活着吗", ["减少"]),
    ("-2", ["减少"]),
    ("战力被\u22122", ["减少"]),  # the minus sign of typesetting
    ("does +1 might stack", ["增加"]),
    ("比分3-2的时候谁赢", []),  # arithmetic or a score: a digit before the sign
    ("2+1等于几", []),
    ("德莱厄斯-崔法利的技能", []),  # a card name's hyphen: no digit after it
    ("OGN-127是哪张卡", []),  # a code: a Latin letter before the sign
    ("战力 - 2", []),  # a sign standing apart from its number is no sign of it
])
def test_what_a_sign_is_read_as(conn, text, read):
    """A sign before a digit is a value raised or lowered (增加 / 减少), unless it stands after a Latin letter or a
    digit."""
    assert [f for c in analyze(conn, text).concepts if c.via == "sign" for f in c.forms] == read


def test_a_sign_joins_the_concept_ranking_not_the_character_pairs(conn):
    """The rules' word read from a sign confirms a paragraph (a related word's bonus) but is no pair of the question's
    own characters: as a rare pair it pulled the paragraphs saying 增加 over the lethal-damage rule for a question
    about a unit given +2 and then damaged."""
    a = analyze(conn, "单位这回合被+2，然后挨了4点")
    assert any(c.via == "sign" for c in a.concepts)
    assert "增加" not in fusion.char_pairs(a)


def test_the_same_number_of_points_is_a_tie(conn):
    """一样多 (the same number): players at or over the victory score with the same points play on (194.2.b,
    分数持平); it was third under 194.2.a and 323.1."""
    top = [h["number"] for h in _hits(conn, "两名玩家同时到了胜利得分，分数一样多怎么办")]
    assert top[0] == "194.2.b", top


def test_when_a_battlefield_counts_as_mine_is_control_established(conn):
    """算我控制 (when does it count as mine): control is established (确立 / 建立, 190.4, 348.2.a); 190.4 was
    second under 190.3.a.1, which says when the battlefield becomes contested."""
    top = [h["number"] for h in _hits(conn, "单位进了空战场，要到什么时候才算我控制这个战场")]
    assert top[0] == "190.4", top


def test_a_card_set_down_is_a_hidden_card(conn):
    """盖下 (set a card face down) is 待命 (Hidden, rule 811; the core FAQ writes 隐藏), and 翻开打 plays it (not 展示):
    the FAQ entry saying a card cannot be played the turn it was hidden was third. Rule 811.1.b says the same (a
    hidden card may be played from the next turn on): the two answering places lead, the rule first or the FAQ."""
    top = [h["id"] for h in _hits(conn, "我刚盖下的牌，同一回合能翻开打吗")]
    assert set(top[:2]) == {"C-L143", "2026-07-17:811.1.b"}, top


def test_a_second_granted_deflect_is_summed(conn):
    """granted / another: a Deflect granted by another source is added to the first (rule 809.2, keywords
    获得法盾 / 另一个法盾 / 法盾值); the paragraph was eighth."""
    top = [h["number"] for h in _hits(conn, "my unit has Deflect and another card grants it Deflect, what is the total")]
    assert top[0] == "809.2", top


def test_the_damage_that_kills_is_lethal_damage(conn):
    """damage to kill: the damage that kills a unit is lethal damage (rule 142.4.b: at least its Might); the
    paragraph was 24th."""
    top = [h["number"] for h in _hits(conn, "how much damage to kill a 3 might unit")]
    assert "142.4.b" in top[:5], top


def test_spoken_order_and_moment_frames(conn):
    """谁早谁晚 (which is earlier) asks for an order and 哪一刻 (at which moment) for a time: without a frame the
    question's lone characters were required words; 480.3 (same layer: timestamp order) was fourth, 417.1.a
    (assigning combat damage is not dealing it; it is dealt when the assignment completes) second. The meaning
    term puts 480 (without a dependency, effects apply in timestamp order) first, and on the first screen 480.3 or
    480.1 (an effect takes its timestamp when it starts to apply: what makes one earlier than the other)."""
    top = [h["number"] for h in _hits(conn, "两个持续效果谁早谁晚怎么定")]
    assert {"480", "480.3"} & set(top[:3]) and {"480.3", "480.1"} & set(top), top
    # 465.2.d (the combat damage step deals the damage as assigned) says the same moment; the meaning term puts it
    # first, 417.1.a second.
    top = [h["number"] for h in _hits(conn, "战斗伤害是哪一刻真正打到单位身上的")]
    assert top[0] in ("417.1.a", "465.2.d") and "417.1.a" in top[:2], top


def test_spoken_card_game_words_find_the_rule(conn):
    """Words players bring from other card games: N攻 is a unit's 战力 and 怪 a unit (Hearthstone, Yu-Gi-Oh), 晕 is
    眩晕: a stunned unit adds no Might to combat damage (423.1.b) was third; 横过来 is exhausting, the cost of
    the standard move (144.2) was fifth; 拦下 a point is preventing it (431.3.b: the points of a burn out cannot be
    prevented) was fifth; 武器 is 武装 (a unit has one top-most card, 718.5.d) was second."""
    assert _hits(conn, "对面2攻的怪被晕了，打架时还算它的伤害吗")[0]["number"] == "423.1.b"
    assert _hits(conn, "单位横过来以后还能标准移动吗")[0]["number"] == "144.2"
    assert _hits(conn, "我燃尽了，对手拿的那一分能拦下来吗")[0]["number"] == "431.3.b"
    assert _hits(conn, "一个单位能同时拿两把武器吗")[0]["number"] == "718.5.d"
    top = [h["number"] for h in _hits(conn, "被晕的单位能不能移动")]
    assert any(n and n.startswith("423.1") for n in top[:3]), top


def test_english_words_for_a_contradiction_and_a_value_below_zero(conn):
    """contradicts: card text supersedes the rules (the golden rule) was second; below zero: a unit's Might under
    0 counts as 0 (143.2.b) was out of the first thirty."""
    assert "卡面文字优先于规则文本" in _body(_hits(conn, "what if a card contradicts the rules")[0])
    top = [h["number"] for h in _hits(conn, "what happens if a unit's might goes below zero")]
    assert "143.2.b" in top[:3], top


def test_a_chain_by_its_short_name_and_counters_spent(conn):
    """两条链: players' 链 is the chain (only one exists at a time, 330.1, was out of the first six); spend /
    remove counters: counters are spent to pay (745.2: only from what one controls, out of the first six)."""
    assert _hits(conn, "场上能同时有两条链吗")[0]["number"] == "330.1"
    assert _hits(conn, "who can spend the counters on a unit")[0]["number"] == "745.2"


def test_how_much_mana_asks_for_the_cost(conn):
    """几点法力 / 多少法力 asks what a thing costs, which need not be mana: the standard move's cost is exhausting
    the unit (144.2, was fifth)."""
    assert _hits(conn, "标准移动要花几点法力")[0]["number"] == "144.2"


def test_a_weapon_is_gear_attached_to_a_unit(conn):
    """武器 (Hearthstone's weapon) is 武装, gear attached to a unit: the attached card's Might bonus (718.4) was out
    of the first six."""
    top = [h["number"] for h in _hits(conn, "两把武器挂在一个单位身上，战力加成怎么算")]
    assert "718.4" in top[:3], top


def test_setting_a_card_is_hiding_it(conn):
    """set a card (Yu-Gi-Oh!'s word for placing a card face down) is Riftbound's hide (the 待命 keyword, 811.1),
    which was out of the first six; "a set" of cards is not read so. 811.1.b (what the keyword stands for: on your
    turn, pay to hide the card face down at a battlefield you control) answers as well: either first, the other on
    the first screen."""
    top = [h["number"] for h in _hits(conn, "can I set a card face down on my turn")]
    assert top[0] in ("811.1", "811.1.b") and {"811.1", "811.1.b"} <= set(top[:5]), top


@pytest.mark.parametrize("question,answer", [
    # 颜色: each domain has its colour (rule 134.2); 103.1.b.4 (a card of several domains goes only into a deck
    # whose domains include them all) was second.
    ("单卡有两种颜色的话，能放进什么样的卡组", "103.1.b.4"),
    # 二对二: 2v2, whose team shares its score (489.8.d); out of the first ten.
    ("二对二是两个人一起算分吗", "489.8.d"),
    # 横了 / 竖回来: exhausted and readied; the awaken phase readies (415.3.a), third. 315.1.b (the awaken step:
    # the turn player readies everything he controls) says the same: either first, the other on the first screen.
    ("符文横了以后下回合会自己竖回来吗", "415.3.a|315.1.b"),
])
def test_spoken_words_for_colours_teams_weapons_and_turning(conn, question, answer):
    top = [h["number"] for h in _hits(conn, question)]
    answers = answer.split("|")
    assert top[0] in answers and all(a in top[:5] for a in answers), (question, top)


def test_a_card_put_face_down_is_a_hidden_card(conn):
    """扣牌 / 扣下 (to put a card face down, as 盖牌): 待命 (Hidden, rule 811); its cost (421.2.a) was 18th."""
    top = [h["number"] for h in _hits(conn, "扣牌要付多少钱")]
    assert "421.2.a" in top[:3], top


@pytest.mark.parametrize("question,answer,place", [
    # 清零: emptied (清空); the rune pool is emptied at the start of each main phase and the end of each turn
    # (167), which was out of the first ten.
    ("符文池里剩下的法力啥时候清零", "167", 3),
    # 落地 (other games: a minion lands on the board): enters play (进场); 383.4.a.2 (a play effect goes on
    # the chain once its permanent has entered) was eighth; second since the meaning term puts its parent 383.4.a
    # (the play effect's condition) first.
    ("随从落地了打出效果才触发吗", "383.4.a.2", 2),
    # 它自己: the spell or ability itself (本身), which cannot be its own target (355.9.c); out of the first ten.
    ("法术可以选它自己当目标吗", "355.9.c", 5),
])
def test_spoken_words_for_emptying_landing_and_itself(conn, question, answer, place):
    top = [h["number"] for h in _hits(conn, question, limit=10)]
    assert answer in top[:place], (question, top)


@pytest.mark.parametrize("question,answer", [
    # 它自己: itself, the rules' 自身 (355.9.c: a counter spell cannot target itself); out of the first ten.
    ("这张counter牌能指它自己吗", "355.9.c"),
    # 拆掉: destroy; a legend is never destroyed in the normal course of the game (174.3); out of the first ten.
    ("对面的传奇能不能拆掉", "174.3"),
    # 替死: a replacement effect (370.4 keeps applying after its source leaves); third.
    ("替死的效果离场以后还管用吗", "370.4"),
    # 一架: a fight, as 打架; the combat cleanup heals units (466.1.a.1); out of the first ten.
    ("打完一架身上的伤多久才好", "466.1.a.1"),
    # 搭档: a 2v2 partner, a teammate; on a teammate's turn spells are played when invited (489.8.a); fourth.
    ("搭档的回合我能出法术吗", "489.8.a"),
])
def test_spoken_words_for_itself_destroying_replacing_fighting_and_partners(conn, question, answer):
    top = [h["number"] for h in _hits(conn, question)]
    assert answer in top[:5], (question, top)


@pytest.mark.parametrize("question,answer", [
    # discard down to (a hand size, as in Magic's cleanup): Riftbound has no hand limit (core FAQ C-L187); out of
    # the first ten.
    ("Cleanup step: do we discard down to eight like in Magic?", "C-L187"),
    # back to hand (a bounce): a token put into a non-board zone ceases to exist (186.1); out of the first ten.
    ("If my opponent bounces my token back to hand, what happens to it?", "186.1"),
    # going second / go second: the English rules' words for the player who gets the first-turn adjustment (485.7,
    # 486.7); out of the first ten.
    ("If I go second, do I channel extra runes?", "486.7"),
    # takes the first turn: the First Player (115.1.b.1); out of the first ten.
    ("Who takes the first turn in a 1v1 game?", "115.1.b.1"),
])
def test_english_words_for_hand_size_bounce_and_turn_order(conn, question, answer):
    top = [h["display_number"] for h in _hits(conn, question)]
    assert answer in top[:5], (question, top)


@pytest.mark.parametrize("question,answer", [
    # "What is X?" with nothing else asked is the term's query: its heading and definition come first. 法术对决's
    # definition (341) was tenth for both, behind paragraphs that mention a showdown in passing.
    ("什么是法术对决？", "341"),
    ("What is a chain?", "327"),
    ("法盾是什么？", "809"),
])
def test_what_is_a_term_finds_its_definition(conn, question, answer):
    top = [h["display_number"] for h in _hits(conn, question)]
    assert top[0] == answer, (question, top)


def test_decided_is_the_rules_decide(conn):
    """decide / decided: the rules' 决定; the turn order is decided by a fair random method (115), sixth."""
    top = [h["display_number"] for h in _hits(conn, "How is the turn order decided?")]
    assert top[0] == "115", top


@pytest.mark.parametrize("question,answer", [
    # 护盾: a shield, Riftbound's 抵挡 (prevented damage is no damage dealt, 437.4); ninth.
    ("护盾挡掉的伤害还算造成伤害吗", "437.4"),
    # 护盾: when a unit's prevention is no longer tracked (437.3.a); out of the first ten.
    ("单位身上的护盾什么时候没了", "437.3.a"),
    # 排一排: to sort; a trash's order does not matter and may be rearranged (108.2.c); second.
    ("我的废牌堆能不能排一排顺序", "108.2.c"),
])
def test_spoken_words_for_shields_and_sorting(conn, question, answer):
    top = [h["number"] for h in _hits(conn, question)]
    assert answer in top[:3], (question, top)


@pytest.mark.parametrize("question,answer,place", [
    # 点名: to choose as a target; a battlefield can be targeted (170.7); out of the first ten.
    ("对手的战场可以被我的法术点名吗", "170.7", 3),
    # 回合开头: the start of a turn, its Beginning Phase, where battlefields are held for points (315.2.b.2); fifth.
    ("我征服了一个战场，到我回合开头还算分吗", "315.2.b.2", 3),
    # 顶着: a unit holding gear attached under it is the top-most card; a new controller of the unit does not take
    # the gear (718.5.f); out of the first ten.
    ("顶着装备的单位换了控制者，装备归谁", "718.5.f", 3),
    # 掉一分 / 丢一分: to lose a point; at 0 points nothing happens (194.4.a); third.
    ("对面效果叫我掉一分，可我还是0分", "194.4.a", 1),
    # 194.4 (a score never goes below 0), the parent stating the same rule, is first with the meaning term.
    ("被人丢一分的时候我分数是0咋算", "194.4.a", 3),
    # 四人局: the core FAQ's 自由混战 (free-for-all); a player with no unit there may still play an Action or
    # Reaction in a showdown (C-L181); third.
    ("四人局里我不在那个战场，能在别人的法术对决里打反应吗", "C-L181", 1),
])
def test_spoken_words_for_targets_turn_start_held_gear_lost_points_and_free_for_all(conn, question, answer, place):
    top = [h["display_number"] for h in _hits(conn, question)]
    assert answer in top[:place], (question, top)


@pytest.mark.parametrize("question,answer", [
    # Magic's fizzle: a Riftbound spell whose targets are gone still resolves (359.3.e.1) and still counts as
    # played (359.3.e.10); only the mistargeting definition (359.3.e.9) came up, both were out of the first ten.
    # 359.3.e.1 may come first, or 359.3.e.9: the rules' own name for a chosen target that became invalid
    # (目标指定失效), with the question's very case as its example (the chosen unit moved to its base before the
    # instruction: that instruction is not executed); the spell still resolving (359.3.e.1) then comes right below
    # it. 359.3.e.10 may come first too: a spell whose targets are all gone has no effect but is still played, the
    # whole answer for the second question.
    ("If they bounce my target in response, does my spell just fizzle?", "359.3.e.1"),
    ("Do spells fizzle in this game when the target is no longer legal?", "359.3.e.10"),
])
def test_fizzle_asks_whether_the_spell_still_resolves(conn, question, answer):
    top = [h["display_number"] for h in _hits(conn, question)]
    assert top[0] in ("359.3.e.1", "359.3.e.9", "359.3.e.10") and "359.3.e.1" in top[:2] and answer in top, (
        question, top)


@pytest.mark.parametrize("question,answer,place", [
    # Might is the rules' term (战力), not the modal verb: it was dropped as a stop word, so the question kept
    # only "unit"; "set to" is the English rules' word for 变为 (477.1.a.1). Out of the first ten.
    ("Does a unit's Might get set to 2 before or after the +1 from a buff is added?", "477.1.a.1", 5),
    # "equal to" and "checked": referenced information is checked when the instruction executes (359.3.f.2).
    ("an effect deals damage equal to a unit's Might - when is that Might checked?", "359.3.f.2", 5),
    # "copies of the same": deck-building copies, 同名 (103.4.c), not copy effects (477.1.b); out of the first ten.
    ("Can my deck run two copies of the same battlefield?", "103.4.c", 5),
    # open: a battlefield can be open, unoccupied and uncontrolled (170.11.c); third, now first.
    ("Is a battlefield open when nobody has units there?", "170.11.c", 1),
    # 控走: to take control of a unit, as 抢走; control of an ability's source does not move the ability (191.4.b); second,
    # now first.
    ("我的单位被控走以后，它之前放上链的技能归谁", "191.4.b", 1),
])
def test_english_terms_and_spoken_words_for_might_copies_open_and_control(conn, question, answer, place):
    top = [h["number"] for h in _hits(conn, question)]
    assert answer in top[:place], (question, top)


@pytest.mark.parametrize("question,answer", [
    # 是不是 with no other frame: the lone characters (算, 了) were required words of a term query; second.
    ("单位被召回了是不是也算移动了", "456"),
    # 是不是 again: an FAQ entry about 2v2 allies came first.
    ("2v2里队友的分是不是两个人一起算", "489.8.d"),
])
def test_a_yes_or_no_question_is_a_question(conn, question, answer):
    """A question asked only as a word and its negation (是不是, 要不要, 摸不摸) is read as a question."""
    assert intent.asks_yes_no(question)
    top = [h["number"] for h in _hits(conn, question)]
    assert top[0] == answer, (question, top)


def test_a_word_beside_its_negation_is_not_always_a_question():
    assert not intent.asks_yes_no("技能不能被反制")
    assert intent.asks_yes_no("伤害全被挡掉了，那个能力还发不发动")


@pytest.mark.parametrize("question,answer", [
    # "How does X work?" asks what X is, as "What is X?": its heading first. Before, paragraphs mentioning it came
    # first (330, 170.9, 166), and the pronoun of "are they always on" was a required word found in one entry.
    ("How does the chain work?", "327"),
    ("How do triggered abilities work?", "382"),
    ("How does the rune pool work?", "165"),
    ("How do static abilities work, are they always on?", "363"),
])
def test_how_does_a_term_work_finds_its_definition(conn, question, answer):
    top = [h["display_number"] for h in _hits(conn, question)]
    assert top[0] == answer, (question, top)


@pytest.mark.parametrize("question,answer", [
    # 多交: pay more, an additional cost (Deflect: an opponent targeting the unit pays more power, 809.1.c); out of
    # the first five.
    ("指有法盾的单位要多交几点", "809.1.c"),
])
def test_spoken_words_for_paying_more(conn, question, answer):
    top = [h["number"] for h in _hits(conn, question)]
    assert answer in top[:3], (question, top)


def test_paying_later_is_an_additional_cost(conn):
    """补交: pay later, as 补付. Accelerate's cost is paid as the unit is played (805.1.a), an optional additional
    cost (805.2, fifth before the reading); both answer, the first of them in the first three, both on the first
    screen."""
    top = [h["number"] for h in _hits(conn, "急速的钱能不能等单位进场以后再补交")][:5]
    assert {"805.1.a", "805.2"} <= set(top) and {"805.1.a", "805.2"} & set(top[:3]), top


def test_sent_to_a_battlefield_is_a_move(conn):
    """送到: an effect sends a unit to a battlefield, a move (449, 452: a move may start a combat); 452 was out of
    the first five. Both answer: 452 (a move may start a combat) and 316.7.a (units of opposing players at one
    battlefield start a combat, whatever brought them there); one of them first, 316.7.a on the first screen."""
    top = [h["number"] for h in _hits(conn, "效果把我的单位送到对手守着的战场，会马上开打吗")]
    assert top[0] in {"452", "316.7", "316.7.a"} and "316.7.a" in top[:5] and "452" in top, top


def test_a_term_typed_right_is_no_half_of_a_typo(conn):
    """A homophone fix never cuts through a rules term typed correctly: 单位加 was read as 单 / 力加 and 要等技能
    as 要 / 等级, so the question lost its subject (我的单位加了个关键词，能留多久: 801.3 out of the first ten, now second)."""
    a = analyze(conn, "我的单位加了个关键词，能留多久")
    assert not a.corrections and any(c.label == "单位" for c in a.concepts), a.concepts
    assert not analyze(conn, "还是要等技能生效以后").corrections
    assert analyze(conn, "燃烬的时候怎么办").corrections == [("燃烬", "燃尽")]  # a real typo is still fixed
    top = [h["number"] for h in _hits(conn, "我的单位加了个关键词，能留多久")]
    assert "801.3" in top[:3], top


@pytest.mark.parametrize("question,answer,place", [
    # 弄死: to kill, as 打死; a battlefield is never destroyed in the normal course of play (170.3). Out of the first ten.
    ("对面的战场能不能被我弄死", "170.3", 1),
    # 无限: without a limit, any number of units on one battlefield (170.6); sixth.
    ("一块战场上能无限放单位吗", "170.6", 1),
    # 易主: changing hands is a loss of control; hidden cards of a battlefield its controller lost leave (466.5.c, and
    # 107.3.d in the rule's words: removed at the next cleanup); fourth.
    ("战场易主以后下面扣着的牌怎么办", "466.5.c|107.3.d", 1),
    # 回家: back to the base; attackers that did not win are recalled (466.1.a.2); third.
    ("战斗输了进攻的单位要回家吗", "466.1.a.2", 1),
    # 守地: to defend a battlefield; Shield adds Might as a defender (814.1.c); eighth.
    ("守地的时候单位能多几攻", "814.1.c", 2),
    # 拍到: to play to a place, as 拍上; where a unit may be played (355.2.a). Out of the first ten.
    ("单位能拍到对面占着的战场上吗", "355.2.a", 5),
])
def test_spoken_words_for_killing_limits_control_home_defending_and_playing(conn, question, answer, place):
    top = [h["number"] for h in _hits(conn, question, limit=10)]
    assert set(answer.split("|")) & set(top[:place]), (question, top)


def test_costs_within_instructions_are_found_by_their_moment(conn):
    """A trigger's cost within its instruction: paid when it is put on the chain (first part) or on resolution
    (later parts), 740.4.a.2 / 740.4.a.2.a, skeleton nodes reached by their keywords; both were out of the
    first five (an FAQ entry and 383.3.b.1 first)."""
    top = [h["number"] for h in _hits(conn, "触发的效果要我付钱，是放上链的时候付还是结算的时候付")]
    assert "740.4.a.2.a" in top[:3] and "740.4.a.2" in top[:5], top


@pytest.mark.parametrize("question,answer", [
    # 第一手: the first move; in a showdown the focus (345), out of the first five.
    ("法术对决里谁有第一手", "345"),
    # at the start of the game, the first player (115.1.b.1), out of the first five.
    ("开局谁有第一手", "115.1.b.1"),
])
def test_the_first_move_is_the_focus_or_the_first_player(conn, question, answer):
    top = [h["number"] for h in _hits(conn, question)]
    assert answer in top[:3], (question, top)


@pytest.mark.parametrize("question,answer", [
    # 喊: to call out; a player with nothing to do declares (表明) the end of the turn (316.9); fourth.
    ("我什么时候能喊结束回合", "316.9"),
    # 后半句: the later half of a card's text, the later linked instruction (359.3.e.14.a); second.
    ("牌的前半句没能执行，后半句还执行吗", "359.3.e.14.a"),
    # 见底: a pile with no cards left; drawing from it burns out (315.4.b.1); third.
    ("主牌堆见底了还要抽牌会怎样", "315.4.b.1"),
])
def test_spoken_words_for_calling_out_later_halves_and_empty_piles(conn, question, answer):
    top = [h["number"] for h in _hits(conn, question)]
    assert top[0] == answer, (question, top)


@pytest.mark.parametrize("question,answer,place", [
    # 分伤害: damage split among units (355.14's 分摊) or assigned in combat; eighth.
    ("分伤害的法术能只点一个单位吗", "355.14.a", 2),
    # 除了 ("besides") is phrasing: as a required word it kept 194.1, the other ways to score, fifth.
    ("除了据守和征服，还有什么得分方式", "194.1", 4),
])
def test_split_damage_and_besides(conn, question, answer, place):
    top = [h["number"] for h in _hits(conn, question, limit=10)]
    assert answer in top[:place], (question, top)


def test_home_is_the_base_but_not_inside_players(conn):
    """家里 (at home) is the base; 玩家里 and 大家里 (among the players) are not."""
    assert "基地" in [c.label for c in analyze(conn, "装备只能放家里吗").concepts]
    for question in ("所有玩家里分数最高的赢吗", "大家里面谁先打牌"):
        assert "基地" not in [c.label for c in analyze(conn, question).concepts], question


@pytest.mark.parametrize("question,answer", [
    # "still on the chain": the turn is closed (闭环) for as long as there is a chain, when only Reaction cards may be
    # played (309.1.a); tenth and ninth.
    ("While something is still on the chain, what can I play?", "309.1.a"),
    ("My opponent's ability is still on the chain. Can I play a normal spell now?", "309.1.a"),
])
def test_still_on_the_chain_is_the_closed_state(conn, question, answer):
    top = [h["number"] for h in _hits(conn, question)]
    assert answer in top, (question, top)


@pytest.mark.parametrize("question,answers", [
    # 卡组 said of a deck drawn from is the main deck, 空了 / 只剩 its cards running out: burn out (431.1) or
    # drawing more than is left (413.4); out of the first ten and second before.
    ("我卡组空了，效果让我抽两张会怎样", {"413.4", "431.1", "431.1.a"}),
    ("卡组只剩一张，要抽两张会怎样", {"413.4", "431.1.a"}),
])
def test_a_deck_running_out_is_the_main_deck(conn, question, answers):
    top = [h["number"] for h in _hits(conn, question, limit=2)]
    assert answers & set(top), (question, top)


def test_a_shorter_player_word_said_apart_is_read_too(conn):
    """摸空 (run dry) holds 摸 (draw): 摸 of 摸一张, said apart from it, is still read as 抽."""
    a = analyze(conn, "卡组摸空了，效果又让我摸一张会怎样")
    assert ("摸空", "没有卡牌") in a.rewrites and ("摸", "抽") in a.rewrites, a.rewrites
    assert "摸" not in [c.label for c in analyze(conn, "我卡组摸空了会怎样").concepts]


@pytest.mark.parametrize("question,answer,place", [
    # 449.2 (no moving to a battlefield holding two other players' units) only matters with three or more
    # players: a four- or three-player question about it ranked the mode's own nodes first; fourth before.
    ("三人混战时一个战场最多几个玩家的单位", "449.2", 2),
    # A conceding player's battlefield leaves, the units there stay (652.2.b): a removal that happens only
    # while more than one player remains (651.2), i.e. in a three- or four-player game; sixth before.
    ("四人局有人认输了，他那块战场上的单位会被移走吗", "652.2.b", 1),
])
def test_multiplayer_rules_answer_questions_naming_the_mode(conn, question, answer, place):
    top = [h["number"] for h in _hits(conn, question, limit=10)]
    assert answer in top[:place], (question, top)


def test_the_removal_steps_answer_for_the_conceding_player(conn):
    """652.1 (banish what they control and own) and 652.4 (counter their spells) are done to the player who
    conceded: an English question naming the concession reaches them (out of the first ten before)."""
    top = [h["number"] for h in _hits(conn, "In a four-player game a player concedes. What happens to the cards "
                                              "they control?", limit=10)]
    assert "652.1" in top, top


@pytest.mark.parametrize("question,answer", [
    # 旁观: a player watching another pair's fight has no units there and still plays in turn order (core FAQ
    # 时机, 自由混战); sixth before.
    ("四人局别人打架，旁观的人能打反应牌吗", "在自由混战中"),
    # 下一个是谁: who is next, the turn order (115.1.b: clockwise from the first player); out before.
    ("三个人玩，我打完下一个是谁", "顺时针"),
])
def test_watching_a_fight_and_who_is_next(conn, question, answer):
    assert any(answer in _body(h) for h in _hits(conn, question, limit=2)), question


def test_pointing_a_card_at_something_is_targeting(conn):
    """"point a spell at X" targets X (355.6), while "a point at the start of my turn" is a point scored."""
    labels = [c.forms[0] for c in analyze(conn, "Can I point a stun at my own unit?").concepts]
    assert "目标" in labels and "分数" not in labels, labels
    labels = [c.forms[0] for c in analyze(conn, "Do I get a point at the start of my turn for holding?").concepts]
    assert "分数" in labels and "目标" not in labels, labels
    # The spell's target gone before it resolves: out of the first ten before, fourth now.
    top = [h["number"] for h in _hits(conn, "If I point a spell at a unit and it dies, does the spell still resolve?")]
    assert {"359.3.e.1", "359.3.e.12"} & set(top), top


@pytest.mark.parametrize("question,pile", [
    ("top card of a stack of attached gear", True),
    ("which card is the top-most card of a stack of attached cards", True),
    ("Does exhausting the top card of the gear stack exhaust the attached gear too?", True),
    ("does gear use the stack", False),
    ("Can I respond on the stack when my gear attaches?", False),
    ("top of the stack", False),
])
def test_a_stack_of_attached_cards_is_not_the_chain(conn, question, pile):
    """A stack of attached gear is the cards attached to one another (434.1.b.1 堆叠), not the chain that
    players of other games call the stack; the chain's stack stays the chain."""
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert ("结算链" not in forms and "堆叠" in forms) if pile else ("结算链" in forms and "堆叠" not in forms), forms


def test_a_card_of_a_stack_of_attached_gear_can_be_targeted(conn):
    # Fourth before, when the stack was read as the chain.
    top = [h["number"] for h in _hits(conn, "Can my opponent target a card in the stack of attached gear?", limit=2)]
    assert "718.5.b" in top, top


@pytest.mark.parametrize("question,term", [
    ("if I draw a card and my hand has 8 cards, do I discard cards", "卡牌"),
    ("can a readied unit be readied again, how do I ready it", "活跃"),
    ("if a buff gives +1 might, do two buffs give +2", "增益"),
])
def test_an_english_word_and_its_inflections_are_one_concept(conn, question, term):
    """"card" and "cards" are one concept (two weighed it double); the words as typed stay forms of it."""
    named = [c for c in analyze(conn, question).concepts if term in c.forms]
    assert len(named) == 1, named


def test_inflections_of_a_word_are_not_counted_twice(conn):
    # Out of the first ten when "card" and "cards" counted as two concepts; second now (359.3.e.11, 422.4 below it).
    top = [h["number"] for h in _hits(conn, "if a card tells me to discard two cards and I have only one card in hand")]
    assert "359.3.e.11" in top, top


@pytest.mark.parametrize("question,adding", [
    ("do two Assault keywords stack", True),
    ("does Might from two buffs stack", True),
    ("can you stack buffs on a unit", True),
    ("does Shield stack with Shield", True),
    ("if a unit has Deathknell twice, does it stack", True),
    ("Can I respond on the stack?", False),
    ("the stack resolves", False),
    ("does it go on the stack", False),
    ("with several spells on the chain, which resolves first, the newest one like on MTG's stack?", False),
])
def test_stack_as_a_verb_is_adding_up(conn, question, adding):
    """'stack' as a verb is keywords or values adding up (叠加 / 相加, 807.2, 814.2), not the chain (结算链)."""
    forms = {f for c in analyze(conn, question).concepts for f in c.forms}
    assert ("叠加" in forms and "结算链" not in forms) if adding else ("结算链" in forms and "叠加" not in forms), forms


def test_keywords_that_stack_find_the_rule_that_adds_them(conn):
    # Third when the verb was read as the chain.
    top = [h["number"] for h in _hits(conn, "do two Assault keywords stack", limit=2)]
    assert "807.2" in top, top


@pytest.mark.parametrize("question,answers,place", [
    # no one controls: the English rules' Uncontrolled (未受控制); the turn player makes an uncontrolled battlefield's
    # choices (190.6.b). Out of the first ten.
    ("Who makes the choices for a triggered ability of a battlefield no one controls?", {"190.6.b"}, 5),
    # until end of turn: Magic's words for the cards' "this turn" (本回合), which ends in the Expiration Step
    # (317.2 失效步骤). Sixth.
    ("Do until end of turn effects carry over into my opponent's turn?", {"317.2"}, 1),
    # hid: the past tense of Hide (待命); a facedown card is private (107.3.f). Ninth.
    ("Can my opponent look at the card I hid?", {"107.3.f", "128.4", "811.6.a"}, 1),
    # assignment: the rules' 分配 (Tank units are assigned lethal damage first, 465.2.c.6; Tank's own 815.1.b says
    # the same). Fourth.
    ("How does damage assignment work when one of the units has Tank?", {"465.2.c.6", "815", "815.1.b"}, 1),
])
def test_english_words_for_control_expiry_hiding_and_assignment(conn, question, answers, place):
    top = [h["display_number"] for h in _hits(conn, question, limit=10)]
    assert answers & set(top[:place]), (question, top)


@pytest.mark.parametrize("question", ["Does damage wear off at end of turn like in Magic?",
                                      "Who chooses blockers in Riftbound?"])
def test_a_card_games_name_is_not_what_is_asked(conn, question):
    """"like in Magic", "in Riftbound": where the player's words come from, never a word the answer must hold (a
    glossary note naming Magic: The Gathering is no answer)."""
    labels = {c.label for c in analyze(conn, question).concepts}
    assert not labels & {"magic", "riftbound"}, labels


def test_changed_into_is_the_spoken_instead_of_a_replacement_effect(conn):
    data = search(conn, "两个效果都想把这次摧毁改成别的，听谁的", limit=3).to_dict()
    assert any("替换效果" in c["forms"] for c in data["concepts"])
    assert any("替换效果" in _body(h) for h in data["hits"])
