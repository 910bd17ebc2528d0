"""Soak run of the real-deck random playouts (development tool): plays seeds FIRST..LAST-1 one after
another, replays each game's log in the same process, and appends one line per problem (an invariant
violation, a crash, a log that does not replay) plus a progress line every 50 games to OUT.

    python tools/playout_soak.py 1000 6000 soak.txt

Several processes over disjoint seed ranges share the machine's cores; `judge playout` and
`judge replay` do the same for a few games with the logs kept on disk."""

from __future__ import annotations

import json
import sys
import time
import traceback


def main(first: int, last: int, out_path: str) -> int:
    from judge.scenario import deck_playout as dp

    problems = games = replayed = won = 0
    start = time.time()
    with open(out_path, "a", encoding="utf-8", buffering=1) as out:
        for seed in range(first, last):
            games += 1
            log: list = []
            try:
                stats = dp.play_game(seed, log=log)
            except Exception as err:  # a crash is a finding, not the end of the soak
                problems += 1
                out.write(f"SEED {seed} CRASH {type(err).__name__}: {err}\n{traceback.format_exc()}\n")
                continue
            won += stats["winner"] is not None
            for v in stats["violations"]:
                problems += 1
                out.write(f"SEED {seed} VIOLATION {v}\n")
            lines = [json.loads(json.dumps(x, ensure_ascii=False)) for x in log]  # as read back from a file
            try:
                dp.replay(lines)
                replayed += 1
            except dp.ReplayMismatch as err:
                problems += 1
                out.write(f"SEED {seed} REPLAY {err}\n")
            except Exception as err:
                problems += 1
                out.write(f"SEED {seed} REPLAY CRASH {type(err).__name__}: {err}\n{traceback.format_exc()}\n")
            if games % 50 == 0:
                out.write(f"# progress {games} games up to seed {seed}, {problems} problems, {replayed} replayed, "
                          f"{won} won, {time.time() - start:.0f}s\n")
        out.write(f"# DONE {games} games seeds {first}-{last - 1}, {problems} problems, {replayed} replayed, "
                  f"{won} won, {time.time() - start:.0f}s\n")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: python tools/playout_soak.py FIRST LAST OUT")
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]))
