"""Decks of real cards (103) and random playouts with them: the builder makes legal decks, the validator
rejects illegal ones citing the rule, games keep the invariants, and each game's log replays to the
same end state (also in a fresh interpreter with another hash seed)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.cards.catalog import catalog
from judge.cards.decks import Deck, build_deck, pool, validate_deck
from judge.cli import main
from judge.scenario import deck_playout as dp

REPO = Path(__file__).resolve().parent.parent


def rules_of(deck):
    return {p.rule for p in validate_deck(deck)}


@pytest.mark.parametrize("seed", range(25))
def test_built_decks_are_legal(seed):
    deck = build_deck(seed)
    assert validate_deck(deck) == []
    cards = catalog().cards
    assert len(deck.main) + 1 == 40 and len(deck.runes) == 12 and len(deck.battlefields) == 3
    assert cards[deck.champion].champion == cards[deck.legend].champion
    identity = set(cards[deck.legend].domains)
    assert all(set(cards[c].domains) - {"colorless"} <= identity for c in [*deck.main, *deck.runes])


def test_the_builder_is_seeded():
    assert build_deck(7) == build_deck(7)
    assert len({build_deck(s).legend for s in range(30)}) > 5


def _legal():
    return build_deck(3)


def test_too_many_copies_cites_103_2_b():
    deck = _legal()
    deck.main[:4] = [deck.main[0]] * 4
    problems = validate_deck(deck)
    assert "103.2.b" in {p.rule for p in problems}
    assert any("超过" in str(p) and "（规则 103.2.b）" in str(p) for p in problems)


def test_the_chosen_champion_counts_toward_the_copies():
    deck = _legal()
    deck.main[:3] = [deck.champion] * 3  # 3 more besides the chosen one: 4 in all
    assert "103.2.b.1" in rules_of(deck)


def test_off_identity_cards_and_runes_are_rejected():
    deck = _legal()
    cards = catalog().cards
    identity = set(cards[deck.legend].domains)
    outsider = next(c.id for c in pool().main if c.category_code == "unit" and len(c.domains) == 1
                    and not set(c.domains) & identity)
    rune = next(c.id for c in pool().runes if not set(c.domains) & identity)
    deck.main[0] = outsider
    deck.runes[0] = rune
    assert {"103.1.b.3", "103.3.a.1"} <= rules_of(deck)


def test_wrong_champion_and_counts_are_rejected():
    deck = _legal()
    cards = catalog().cards
    other = next(h.id for h in pool().heroes if h.champion != cards[deck.legend].champion)
    deck.champion = other
    deck.main.pop()
    deck.runes.pop()
    deck.battlefields[1] = deck.battlefields[0]
    assert {"103.2.a.2", "103.2", "103.3.a", "103.4.c"} <= rules_of(deck)


def test_signature_cards_are_limited_and_must_match():
    legend = next(leg for leg in pool().legends
                  if sum(c.category_code.startswith("exclusive_") and c.champion == leg.champion
                         for c in pool().main) >= 2)
    deck = build_deck(1, legend=legend.id)
    sigs = [c.id for c in pool().main if c.category_code.startswith("exclusive_") and c.champion == legend.champion]
    deck.main[:4] = [sigs[0], sigs[0], sigs[1], sigs[1]]
    assert "103.2.d.1" in rules_of(deck)
    foreign = next(c.id for c in pool().main if c.category_code.startswith("exclusive_") and c.champion != legend.champion)
    deck = build_deck(1, legend=legend.id)
    deck.main[0] = foreign
    assert "103.2.d.2" in rules_of(deck)


def test_unknown_cards_and_wrong_slots():
    deck = _legal()
    assert rules_of(Deck("没有这张牌", deck.champion, deck.main, deck.runes, deck.battlefields)) == {"103"}
    deck.legend = deck.champion
    assert "103.1" in rules_of(deck)


def test_every_cited_rule_exists_in_the_tree():
    from judge.api import Rulebook

    book = Rulebook()
    for number in ("103", "103.1", "103.1.b.3", "103.1.b.4", "103.2", "103.2.a.2", "103.2.b", "103.2.b.1",
                   "103.2.d.1", "103.2.d.2", "103.3.a", "103.3.a.1", "103.4", "103.4.a", "103.4.b", "103.4.c"):
        assert book.rule(number) is not None, number


def test_a_few_games_keep_the_invariants_and_play_cards():
    totals = dp.run(4, seed=10)
    assert totals["violations"] == []
    assert totals["games"] == 4 and totals["plays"] > 0 and totals["turns"] >= 8


def test_the_tokens_the_cards_create_are_loaded():
    """A created token needs its facts (439.2): every token the decks' and battlefields' encodings create
    is in the game's card table, so 创建指示物 never meets an unknown token in a playout."""
    import random

    from judge.dsl.validate import _created_tokens

    rng = random.Random(2)
    decks = {p: build_deck(rng) for p in dp.PLAYERS}
    game = dp.new_game(decks, dp.deal(rng, decks))
    wanted = {n for d in list(game.cards.values()) for n in _created_tokens(d)}
    assert {"金币", "黄沙士兵"} <= wanted
    assert wanted <= set(game.cards)
    assert game.cards["金币"].token and game.cards["金币"].type == "gear"


def test_the_log_replays_to_the_same_end_state(tmp_path):
    log: list = []
    stats = dp.play_game(5, log=log)
    assert stats["violations"] == [] and stats["decisions"] > 20
    head = log[0]
    assert head["seed"] == 5 and set(head["decks"]) == set(dp.PLAYERS)
    assert all(line["kind"] == "decision" for line in log[1:-1])
    result = dp.replay(log)
    assert result["decisions"] == stats["decisions"] and result["digest"] == log[-1]["digest"]
    path = tmp_path / "g.jsonl"
    dp.write_log(str(path), log)
    assert dp.replay(dp.read_log(str(path)))["digest"] == log[-1]["digest"]


def test_the_log_lists_the_cards_played_with_facts_only():
    from judge.cards import encoded

    log: list = []
    dp.play_game(6, log=log)
    decks = log[0]["decks"].values()
    ids = {c for d in decks for c in [d["legend"], d["champion"], *d["main"], *d["runes"], *d["battlefields"]]}
    facts_only = set(log[0]["facts_only"])
    assert facts_only == {c for c in ids if c not in encoded.index()}
    assert ids - facts_only  # some encoded cards play too


def test_a_tampered_log_does_not_replay():
    log: list = []
    dp.play_game(8, log=log)
    dropped = [line for line in log if not (line["kind"] == "decision" and line["verb"] == "end_turn")][:]
    with pytest.raises(dp.ReplayMismatch):
        dp.replay(dropped)
    flipped = [dict(line) for line in log]
    i = next(i for i, line in enumerate(flipped) if line.get("outcome") == "ok")
    flipped[i]["outcome"] = "illegal"
    with pytest.raises(dp.ReplayMismatch):
        dp.replay(flipped)


def test_replay_in_a_fresh_interpreter_with_another_hash_seed(tmp_path):
    log: list = []
    dp.play_game(9, log=log)
    path = tmp_path / "g.jsonl"
    dp.write_log(str(path), log)
    env = dict(os.environ, PYTHONHASHSEED="12345")
    code = ("import sys\nfrom judge.scenario import deck_playout as dp\n"
            "print(dp.replay(dp.read_log(sys.argv[1]))['digest'])")
    out = subprocess.run([sys.executable, "-c", code, str(path)], env=env, capture_output=True, text=True,
                         cwd=REPO, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == log[-1]["digest"]


def _run(capsys, args):
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def test_cli_playout_and_replay(tmp_path, capsys):
    code, out, err = _run(capsys, ["playout", "--games", "2", "--seed", "3", "--log", str(tmp_path)])
    assert code == 0, err
    assert "不变量违反：0" in out
    files = sorted(tmp_path.glob("game-*.jsonl"))
    assert [f.name for f in files] == ["game-3.jsonl", "game-4.jsonl"]
    code, out, err = _run(capsys, ["replay", *map(str, files)])
    assert code == 0, err
    assert out.count("终局一致") == 2


def test_cli_replay_of_a_bad_log_is_a_chinese_error(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{不是 JSON\n", encoding="utf-8")
    code, out, err = _run(capsys, ["replay", str(bad)])
    assert code != 0 and "bad.jsonl:1:" in err and "不是合法的 JSON" in err and "Traceback" not in err
    log: list = []
    dp.play_game(2, log=log)
    log[0]["decks"]["甲"]["runes"].pop()
    dp.write_log(str(bad), log)
    code, out, err = _run(capsys, ["replay", str(bad)])
    assert code != 0 and "103.3.a" in err
    code, out, err = _run(capsys, ["replay", str(tmp_path / "missing.jsonl")])
    assert code != 0 and "无法读取" in err


def test_the_log_is_json_lines(tmp_path):
    dp.run(1, seed=4, log_dir=str(tmp_path))
    lines = (tmp_path / "game-4.jsonl").read_text(encoding="utf-8").splitlines()
    items = [json.loads(line) for line in lines]
    assert items[0]["kind"] == "game" and items[-1]["kind"] == "end"


def test_every_action_the_engine_lists_as_legal_is_accepted_along_a_game():
    """Along a real-deck game (chains, showdowns, combats), each action legal_actions() offers applies on a
    copy of the game without being rejected: e.g. with a chain open inside a showdown, the pass offered is
    the priority holder's (328.8), not the focus holder's."""
    from judge.engine import actions

    log: list = []
    dp.play_game(1, log=log)
    decks = {p: Deck.from_dict(d) for p, d in log[0]["decks"].items()}
    game = dp.new_game(decks, log[0]["setup"])
    closed = 0
    for line in log[1:-1]:
        for act in actions.legal_actions(game):
            assert actions.dry_run(game, act) is None, (act.verb, act.player, act.args)
        closed += bool(game.chain)
        dp.try_action(game, dp.decode_action(line))
    assert closed > 0


def test_a_triggered_ability_that_discards_plays_out():
    # Seed 25 reaches a triggered ability waiting on the chain (a PendingItem, not a ChainItem) whose
    # instruction discards; the discard asks what performs it and must read it as an ability.
    stats = dp.play_game(25)
    assert stats["violations"] == []
    assert stats["decisions"] > 0
