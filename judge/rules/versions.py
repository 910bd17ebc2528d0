"""Comparing rules versions: which paragraphs differ, and how old numbers map to new ones.

Works on the store (the rules table), so `judge diff` reads what the build wrote. Paragraphs are
matched by normalised text similarity (rapidfuzz); a numbered older version yields an old -> new
number map (e.g. 346 -> 349).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.corpus.cleanup import normalise_for_match

SAME, CHANGED, ONLY_A, ONLY_B = "same", "changed", "only_a", "only_b"
MATCH_THRESHOLD = 62.0


@dataclass
class Pair:
    status: str
    a: dict | None
    b: dict | None
    similarity: float


def _rules(conn, version: str) -> list[dict]:
    rows = conn.execute("SELECT * FROM rules WHERE version = ? AND (text != '' OR title IS NOT NULL) "
                        "AND number_source != 'absent' ORDER BY ord", (version,)).fetchall()
    return [dict(r) for r in rows]


def _key_text(r: dict) -> str:
    return normalise_for_match(r["text"] or r["title"] or "")


def compare(conn, version_a: str, version_b: str) -> list[Pair]:
    """Every paragraph of both versions, paired when they are the same rule (in b's order)."""
    from rapidfuzz import fuzz, process

    a_rules, b_rules = _rules(conn, version_a), _rules(conn, version_b)
    a_keys = [_key_text(r) for r in a_rules]
    b_keys = [_key_text(r) for r in b_rules]
    small_is_a = len(a_rules) <= len(b_rules)
    src, dst = (a_keys, b_keys) if small_is_a else (b_keys, a_keys)
    matches: dict[int, tuple[int, float]] = {}  # src index -> (dst index, score)
    taken: dict[int, tuple[int, float]] = {}
    for i, key in enumerate(src):
        if not key:
            continue
        best = process.extractOne(key, dst, scorer=fuzz.ratio, score_cutoff=MATCH_THRESHOLD)
        if best is None:
            continue
        _, score, j = best
        if j in taken and taken[j][1] >= score:
            continue
        if j in taken:
            matches.pop(taken[j][0], None)
        matches[i] = (j, score)
        taken[j] = (i, score)
    pairs_a_b: dict[int, tuple[int, float]] = {}
    for i, (j, score) in matches.items():
        ai, bj = (i, j) if small_is_a else (j, i)
        pairs_a_b[ai] = (bj, score)
    b_matched = {bj: (ai, s) for ai, (bj, s) in pairs_a_b.items()}
    out: list[Pair] = []
    pending_a = sorted(set(range(len(a_rules))) - set(pairs_a_b))
    for j, rb in enumerate(b_rules):
        if j in b_matched:
            ai, score = b_matched[j]
            status = SAME if a_keys[ai] == b_keys[j] else CHANGED
            out.append(Pair(status, a_rules[ai], rb, round(score, 1)))
        else:
            out.append(Pair(ONLY_B, None, rb, 0.0))
    for ai in pending_a:
        out.append(Pair(ONLY_A, a_rules[ai], None, 0.0))
    return out


def number_map(pairs: list[Pair]) -> list[tuple[str, str, str, float]]:
    """(old number, new display number, status, similarity) for paired numbered rules, in old order."""
    rows = [(p.a["number"], p.b["display_number"], p.status, p.similarity)
            for p in pairs if p.a and p.b and p.a["number"] and p.b["number"]]
    from judge.rules.model import parse_number

    return sorted(rows, key=lambda r: parse_number(r[0]) or (0,))


def level0_shifts(pairs: list[Pair]) -> dict[int, int]:
    """How many times each level-0 shift (new - old) occurs among paired rules: the renumbering offset."""
    counts: dict[int, int] = {}
    for p in pairs:
        if p.a and p.b and p.a["number"] and p.b["number"]:
            shift = int(p.b["number"][:3]) - int(p.a["number"][:3])
            counts[shift] = counts.get(shift, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def summary(pairs: list[Pair]) -> dict[str, int]:
    s = {SAME: 0, CHANGED: 0, ONLY_A: 0, ONLY_B: 0}
    for p in pairs:
        s[p.status] += 1
    return s
