"""English words players bring from other card games, and English heading terms of the official rules: each finds
the Riftbound rule that answers it (numbers of the official rules v1.4, the same as the Chinese tree's); a word the
game has no term for says so and shows the rules that answer its question."""

import pytest

from judge.search.engine import search


def _numbers(conn, query, limit=5):
    return [h.get("number") or "" for h in search(conn, query, limit=limit).to_dict()["hits"]]


def _inside(numbers, rule):
    return [n for n in numbers if n == rule or n.startswith(rule + ".")]


@pytest.mark.parametrize("query,rule", [
    ("Scoring Step", "315.2.b"),             # heading 315.2.b Scoring Step (得分步骤), not 467 Scoring
    ("Chains and Showdowns", "325"),         # heading 325 (结算链与法术对决), not only 327 Chains
    ("chains and showdowns", "325"),
    ("Hold", "469.2"),                       # 469.2 Hold: its glossary entry and rule, not 467
])
def test_a_heading_term_leads_to_its_own_rule(conn, query, rule):
    numbers = _numbers(conn, query, limit=2)
    assert rule in numbers, (query, numbers)


def test_costs_within_instructions_finds_both_paragraphs_that_define_it(conn):
    # The term of 204.3 (指示中的费用, the chapter on costs) and of 740.4.a (指示文本中的费用).
    numbers = _numbers(conn, "Costs within Instructions", limit=3)
    assert "204.3" in numbers and "740.4.a" in numbers, numbers


@pytest.mark.parametrize("query,rule,top", [
    ("tap a unit", "414", 1),                # MTG tap = Exhaust (414 横置 / 休眠): the heading, not only sub-rules on units
    ("untap my units", "415", 3),            # MTG untap = Ready (415 激活)
    ("token creature", "179", 2),            # MTG token creature = a unit token (179 指示物)
    ("sacrifice a unit", "428", 5),          # MTG sacrifice: Riftbound cards kill a friendly unit (428 摧毁)
    ("counter a spell", "425", 1),           # MTG counter a spell = Counter (425 无效化), not a counter on a card
    ("+1/+1 counter", "426", 3),             # MTG +1/+1 counter: a Buff, a counter of +1 Might (426, 701-703)
    ("deathrattle trigger", "808", 3),       # HS Deathrattle = Deathknell (808): "trigger" is its kind
    ("declare attackers step", "459", 3),    # MTG declare attackers: none; Combat 459 and its Attacker
])
def test_another_games_word_finds_the_rule_that_answers_it(conn, query, rule, top):
    numbers = _numbers(conn, query)
    assert [n for n in numbers[:top] if n == rule], (query, numbers)


def test_two_plus_one_counters_on_one_unit(conn):
    # A unit holds at most one buff (426.1.b.1, 702.3): "+1/+1 counters" read as buffs.
    numbers = _numbers(conn, "Can a creature have two +1/+1 counters?", limit=3)
    assert {"426.1.b.1", "702.3"} & set(numbers), numbers


def test_lands_per_turn_is_the_channel_phase(conn):
    # Runes are channeled, two each turn, not played (315.3, 430).
    numbers = _numbers(conn, "how many lands can I play per turn", limit=3)
    assert _inside(numbers, "315.3"), numbers


@pytest.mark.parametrize("query,rule", [
    ("trample", "465.2.c.4"),                # no trample: damage beyond lethal only when no other unit remains
    ("overwhelm", "465.2.c.4"),              # Runeterra's trample
    ("first strike", "465.2.c.1.a"),         # no first strike: combat damage is dealt at once
    ("deathtouch", "142.4.a"),               # no deathtouch: lethal damage is at least the unit's Might
])
def test_a_word_the_game_has_no_term_for_says_so_and_shows_the_answer(conn, query, rule):
    result = search(conn, query, limit=3).to_dict()
    assert [n for n in (h.get("number") or "" for h in result["hits"]) if n == rule], (query, result["hits"])
    assert any("符文战场没有" in n and query in n for n in result["notes"]), result["notes"]


@pytest.mark.parametrize("query,rule", [
    ("flying", "461"),                       # no blocking: every unit of the two players at the battlefield fights
    ("menace", "461"),
    ("unblockable", "461"),
    ("double strike", "465.2.c.1.a"),        # combat damage is dealt at once, in one step
    ("vigilance", "144.2"),                  # moving is how a unit attacks; exhausting it is the move's cost
    ("windfury", "144.2"),
    ("lifelink", "194"),                     # no life total: a player wins by points
    ("indestructible", "142.4.a"),           # lethal damage kills; no keyword prevents it
    ("protection", "437"),                   # nearest: damage prevented, a unit that cannot be chosen
    ("go face", "469.1"),                    # no player to attack: units score by conquering battlefields
    ("mana burn", "167"),                    # rune pools empty with no loss
])
def test_an_evasion_or_life_keyword_of_another_game_says_so_and_shows_the_answer(conn, query, rule):
    result = search(conn, query, limit=5).to_dict()
    assert _inside([h.get("number") or "" for h in result["hits"]], rule), (query, result["hits"])
    assert any("符文战场没有" in n and query in n for n in result["notes"]), result["notes"]


@pytest.mark.parametrize("query,rule,top", [
    ("silenced unit", "764", 3),             # HS silence: abilities ignored (764 Ignoring Effects; inactive, 720)
    ("negate that spell", "425", 5),         # YGO negate = Counter (425 无效化)
    ("quick effects", "813", 1),             # YGO quick effect = Reaction; a phrase's last word read in the plural
    ("hand traps", "813", 1),
    ("segoc order", "383.3.d", 5),           # YGO SEGOC: simultaneous triggers, the turn player's first
    ("obliterated card", "427", 1),          # LoR obliterate = Banish (427 放逐)
    ("field spells", "169", 1),              # YGO field spell: nearest, the battlefields
    ("can a unit attack the turn it was played", "143.4", 1),   # units enter exhausted
    ("mana crystals", "430", 3),             # HS mana crystals: runes, two channeled each turn
])
def test_a_word_from_hearthstone_yugioh_or_runeterra_finds_its_rule(conn, query, rule, top):
    assert _inside(_numbers(conn, query)[:top], rule), (query, _numbers(conn, query))


@pytest.mark.parametrize("query,word,rule", [
    ("who has the attack token", "attack token", "316"),   # no attack token: units move in their own main phase
    ("units with quick attack", "quick attack", "465.2.c.1.a"),  # no quick attack: combat damage is dealt at once
])
def test_a_runeterra_word_the_game_has_no_term_for_says_so(conn, query, word, rule):
    result = search(conn, query, limit=5).to_dict()
    assert _inside([h.get("number") or "" for h in result["hits"]], rule), (query, result["hits"])
    assert any("符文战场没有" in n and word in n for n in result["notes"]), result["notes"]


def test_words_for_a_kind_of_card_find_its_rule(conn):
    assert _inside(_numbers(conn, "sweeper", limit=3), "428")        # kills many units: Kill
    assert _inside(_numbers(conn, "cantrip", limit=3), "413")        # also draws a card: Draw
    assert _inside(_numbers(conn, "clone", limit=3), "477.1.b")      # a copy of a unit: copy effects
    assert _inside(_numbers(conn, "deck size", limit=3), "101")      # Deck Construction


def test_a_riftbound_term_gets_no_such_note(conn):
    for query in ("Exhaust", "对手的回合我可以打法术吗", "tap"):
        assert not any("符文战场没有" in n for n in search(conn, query, limit=3).to_dict()["notes"]), query


@pytest.mark.parametrize("query,rule,top", [
    ("can a unit attack twice in one turn", "144.2", 1),      # moving exhausts: the standard move's cost
    ("may my units move again after they moved", "144.2", 1),
    ("units with regeneration", "143.3.b", 1),                 # damage removed at each turn's end, in combat cleanup
    ("is there a normal summon per turn", "410.1.b", 1),       # no limit: any number of discretionary actions
    ("how many players in a duel", "485", 3),                  # Duel is the 1v1 mode, not a Showdown (308)
])
def test_an_english_phrase_of_another_game_reads_as_the_rule_that_answers_it(conn, query, rule, top):
    assert _inside(_numbers(conn, query)[:top], rule), (query, _numbers(conn, query))


def test_a_normal_summon_says_the_game_has_no_such_term(conn):
    notes = search(conn, "is there a normal summon per turn", limit=5).to_dict()["notes"]
    assert any("符文战场没有" in n and "normal summon" in n for n in notes), notes


def test_setting_a_card_face_down_is_hiding_it(conn):
    # YGO "set" a card face down: Riftbound's Hide (待命), the keyword leads, not only the facedown zone.
    numbers = _numbers(conn, "how do i set a card face down", limit=3)
    assert _inside(numbers, "811"), numbers


def test_player_is_read_as_the_rules_word(conn):
    # "player" is 玩家 in the rules: rule 345 says which player gains Focus as a showdown begins (with "player" left
    # as an English word the rules never write, the Concede rules on Focus come first).
    assert _numbers(conn, "showdown begins, which player gets focus first", limit=2)[0] == "345"
