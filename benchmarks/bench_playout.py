"""Random playouts of real decks: legal decks built from the shipped cards (rule 103), 1v1 games of
random decisions with the invariants checked after each, and every game's log replayed to the same
end state. Full mode plays 1,000 games (seeds 0-999); quick mode 50."""

from __future__ import annotations

import json
import time

from benchmarks.common import row


def run(quick: bool) -> list[dict]:
    from judge.cards import encoded
    from judge.scenario import deck_playout as dp

    games = 50 if quick else 1000
    dp.play_game(0)  # load the catalog and the encoding index outside the timing
    play_s = replay_s = 0.0
    violations, replayed, decisions, plays, wins, turns = [], 0, 0, 0, 0, 0
    in_decks = facts_only = 0
    for seed in range(games):
        log: list = []
        t0 = time.perf_counter()
        stats = dp.play_game(seed, log=log)
        play_s += time.perf_counter() - t0
        violations += stats["violations"]
        decisions += stats["decisions"]
        plays += stats["plays"]
        turns += stats["turns"]
        wins += stats["winner"] is not None
        ids = {c for d in log[0]["decks"].values()
               for c in [d["legend"], d["champion"], *d["main"], *d["runes"], *d["battlefields"]]}
        in_decks += len(ids)
        facts_only += len(log[0]["facts_only"])
        lines = [json.loads(json.dumps(x, ensure_ascii=False)) for x in log]  # as read back from a file
        t0 = time.perf_counter()
        try:
            dp.replay(lines)
            replayed += 1
        except dp.ReplayMismatch as err:
            violations.append(f"seed {seed}: replay: {err}")
        replay_s += time.perf_counter() - t0
    encoded_share = 1 - facts_only / in_decks if in_decks else 0.0
    return [
        row(f"random games of real legal decks (1v1, invariants after every decision), {games} games",
            round(games / play_s, 1), "games/s",
            note=f"{decisions} decisions, {plays} cards played, {turns} turns; {wins} games won "
                 f"(the rest stopped at {dp.MAX_DECISIONS} decisions)"),
        row("real-deck playout invariant violations", len(violations), "violations", target="<= 0",
            note="; ".join(violations[:3]) or None),
        row("game logs replaying to the same end state", replayed, f"of {games}", target=f">= {games}",
            note=f"replay {games / replay_s:.1f} games/s"),
        row("distinct deck cards playing with their shipped encoding", round(encoded_share, 3), "share",
            note=f"{len(encoded.index())} encodings shipped; the others play with facts only (listed in each log)"),
    ]
