"""Rule tree: build time, cold `judge rule 349`, in-process lookup, and the tree's own figures.

The self-consistency figures count how many numbers each kind of evidence gave, how many titled
citations land on a rule bearing that title, and whether the invariants hold.
"""

from __future__ import annotations

import statistics
import tempfile
import time

from benchmarks.common import cold_process_ratio, median_seconds, repeats, row


def _tree_figures() -> list[dict]:
    from judge.corpus import manifest
    from judge.corpus.cleanup import normalise_for_match
    from judge.rules import CURRENT_VERSION
    from judge.rules.model import parse_number
    from judge.rules.tree import build_trees

    tree = build_trees(manifest.verify())[CURRENT_VERSION]
    rows = []
    counts: dict[str, int] = {}
    for r in tree.rules:
        counts[r.number_source] = counts.get(r.number_source, 0) + 1
    rows.append(row("tree: rules (2026-07-17)", len(tree.rules), "rules"))
    for src in ("official", "cited", "source", "inferred", "absent"):
        rows.append(row(f"tree: number_source={src}", counts.get(src, 0), "rules"))
    paragraphs = [r for r in tree.rules if r.source_line]
    rows.append(row("tree: paragraphs with an official number", round(
        sum(1 for r in paragraphs if r.number_source == "official") / max(1, len(paragraphs)), 4), "fraction",
        target=">= 0.99", note="numbering map: rules_corpus/numbering-map.tsv"))
    inferred = [r.confidence for r in tree.rules if r.number_source == "inferred"]
    if inferred:
        rows.append(row("tree: median confidence of inferred numbers", round(statistics.median(inferred), 3), ""))
    keys = [parse_number(r.number) for r in tree.rules if r.number]
    monotone = all(a < b for a, b in zip(keys, keys[1:]))
    rows.append(row("tree: numbers unique and increasing", int(monotone and len(set(keys)) == len(keys)), "bool", target=">= 1"))
    by = tree.by_number()
    titled = [ref for ref in tree.refs if ref.cited_title]
    ok = 0
    for ref in titled:
        target = by.get(ref.to_number)
        if target is None:
            continue
        t = normalise_for_match(ref.cited_title)
        parts = ref.to_number.split(".")
        names = [target.title, target.text] + [by[".".join(parts[:i])].title for i in range(1, len(parts)) if ".".join(parts[:i]) in by]
        if any(normalise_for_match(x or "").startswith(t) for x in names):
            ok += 1
    rows.append(row("tree: titled citations landing on their title", round(ok / max(1, len(titled)), 3), "fraction",
                    target=">= 0.95", note=f"{ok}/{len(titled)}"))
    resolved = sum(1 for ref in tree.refs if ref.to_rule)
    rows.append(row("tree: citations resolved to a node", round(resolved / max(1, len(tree.refs)), 3), "fraction",
                    target=">= 1", note=f"{resolved}/{len(tree.refs)}"))
    # The recovery from the text alone (what numbers a paragraph the map does not know).
    recovered = build_trees(manifest.verify(), numbering=None)[CURRENT_VERSION].report
    rows.append(row("tree without the map: level-0 headings placed by citation", len(recovered.anchors), "headings"))
    rows.append(row("tree without the map: excerpt paragraphs aligned (older numbering)", recovered.excerpt_matches,
                    "paragraphs"))
    return rows


def run(quick: bool) -> list[dict]:
    import os

    from judge.store import build_store

    out = []
    with tempfile.TemporaryDirectory(prefix="bench-tree-") as tmp:
        old = os.environ.get("JUDGE_CACHE_DIR")
        os.environ["JUDGE_CACHE_DIR"] = tmp
        try:
            build_store(force=True)  # imports warm
            t = median_seconds(lambda: build_store(force=True), repeats(quick, full=3, fast=1))
            out.append(row("full store build (all stages)", round(t, 3), "s", target="<= 3"))
            from judge.corpus import manifest
            from judge.rules.tree import build_trees

            docs = manifest.verify()
            t = median_seconds(lambda: build_trees(docs), repeats(quick, full=5, fast=2))
            out.append(row("rule tree stage alone (parse + numbering, all versions)", round(t, 3), "s"))

            from judge.rules import lookup
            from judge.store import open_store

            conn = open_store()
            numbers = ["349", "355.6", "318", "459", "≈355.9.a", "规则 103.2.a.选定英雄"]
            n = 200 if quick else 2000
            t0 = time.perf_counter()
            for i in range(n):
                lookup.get_rule(conn, numbers[i % len(numbers)])
            per = (time.perf_counter() - t0) / n * 1000
            out.append(row("in-process get_rule", round(per, 4), "ms", target="<= 1"))
            t0 = time.perf_counter()
            for i in range(n // 10):
                lookup.subtree(conn, "355")
                lookup.refs_in(conn, "2026-07-17:349")
            per = (time.perf_counter() - t0) / (n // 10) * 1000
            out.append(row("in-process subtree(355) + refs_in(349)", round(per, 4), "ms", target="<= 1"))

            judge_s, base_s, ratio = cold_process_ratio(["rule", "349"], repeats(quick, full=9, fast=3))
            out.append(row("cold `judge rule 349`", round(judge_s * 1000, 1), "ms", ratio=round(ratio, 2),
                           target="<= 2.5", target_on="ratio", note=f"python3 -c pass = {base_s * 1000:.1f} ms"))
            conn.close()
        finally:
            if old is None:
                os.environ.pop("JUDGE_CACHE_DIR", None)
            else:
                os.environ["JUDGE_CACHE_DIR"] = old
    out.extend(_tree_figures())
    return out


if __name__ == "__main__":
    for r in run(quick=True):
        print(r)
