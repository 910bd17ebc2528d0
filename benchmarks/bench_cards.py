"""Cards: the cold `judge card 精灵女王` process against `python3 -c pass` (target <= 2.5x), in-process lookups
(every distinct card by name and by collector number, and typed with a typo), and the catalog load."""

from __future__ import annotations

import time

from benchmarks.common import cold_process_ratio, percentiles_ms, repeats, row


def _bytecode_note() -> str:
    import importlib.util
    from pathlib import Path

    from judge.cards import catalog

    cached = Path(importlib.util.cache_from_source(catalog.__file__)).exists()
    return "bytecode cached" if cached else "no .pyc: judge modules compiled from source"


def _load() -> list[dict]:
    from judge.cards.catalog import Catalog

    samples = []
    for _ in range(5):
        t0 = time.perf_counter()
        Catalog()
        samples.append(time.perf_counter() - t0)
    p50, _ = percentiles_ms(samples)
    return [row("card catalog load (name index, FAQ names)", round(p50, 2), "ms")]


def _encodings() -> list[dict]:
    """Every shipped card encoding parsed from cold (what naming all of them in one scenario would add)."""
    from judge.cards import encoded
    from judge.dsl.parser import parse_text

    parse_text("卡牌 热身 单位\n", "<warm-up>")  # the grammar's tables: paid by any scenario run anyway
    samples = []
    for _ in range(3):
        encoded.reset()
        t0 = time.perf_counter()
        n = len(encoded.load_all())
        samples.append(time.perf_counter() - t0)
    p50, _ = percentiles_ms(samples)
    return [row(f"loading all card encodings ({n} cards)", round(p50, 1), "ms", target="<= 300")]


def _lookups(quick: bool) -> list[dict]:
    from judge import cards
    from judge.cards.catalog import catalog

    cat = catalog()
    all_cards = cards.all_cards()
    exact, numbers, typos = [], [], []
    misses = 0
    for _ in range(repeats(quick, full=3, fast=1)):
        for c in all_cards:
            t0 = time.perf_counter()
            found = cards.lookup(c.display_name)
            exact.append(time.perf_counter() - t0)
            misses += found.card is None or found.card.id != c.id
            t0 = time.perf_counter()
            cat.by_number(c.number)
            numbers.append(time.perf_counter() - t0)
    typo_hits = 0
    sample = [c for c in all_cards if len(c.name) >= 4][:: 10]
    for c in sample:
        typo = c.name[:-1] + ("王" if c.name[-1] != "王" else "后")
        t0 = time.perf_counter()
        m = cards.lookup(typo + (f"-{c.subtitle}" if c.subtitle else ""))
        typos.append(time.perf_counter() - t0)
        typo_hits += m.card is not None and m.card.id == c.id
    out = []
    for label, s in (("by full name", exact), ("by collector number", numbers), ("with a one-character typo", typos)):
        p50, p95 = percentiles_ms(s)
        out.append(row(f"card lookup {label}, p50 ({len(s)} lookups)", round(p50, 3), "ms"))
        out.append(row(f"card lookup {label}, p95", round(p95, 3), "ms"))
    out.append(row("distinct cards not found by their own full name", misses, "cards", target="<= 0"))
    out.append(row("cards found despite a one-character typo in the name", round(typo_hits / max(1, len(typos)), 3),
                   "ratio", note=f"{typo_hits} of {len(typos)} (every 10th card with a name of 4+ characters)"))
    return out


def run(quick: bool) -> list[dict]:
    n = repeats(quick, full=9, fast=3)
    j, b, ratio = cold_process_ratio(["card", "精灵女王"], n)
    rows = [row("judge card 精灵女王 (cold process) / python3 -c pass", round(j * 1000, 1), "ms", ratio=round(ratio, 2),
                target="<= 2.5", target_on="ratio", note=f"python3 -c pass: {b * 1000:.1f} ms; {_bytecode_note()}")]
    return rows + _load() + _encodings() + _lookups(quick)
