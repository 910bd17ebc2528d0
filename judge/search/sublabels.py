"""The labelled sub-rules a hit stands for, named under it (shown, never ranked).

A sub-rule of 440-829 with a display label only (judge/rules/drafted.py, labels) is not indexed by its label:
its drafted questions are searched on its nearest ancestor with a title or text (index._drafted_questions),
and that ancestor is the hit a judge sees ("816.1 瞬息是触发式技能关键词" for "瞬息的单位什么时候死"). Which of
its labelled sub-rules the question is about is told by the character pairs the question shares with each
sub-rule's drafted questions and label; the closest are listed under the hit ("816.1.b 功能等同：开始阶段得分前
摧毁自身"), so the answering sub-rule is on the first screen. The order of the hits is not touched.
"""

from __future__ import annotations

from judge.rules import drafted
from judge.search.text import is_cjk, norm_text

SCHEMA = """
DROP TABLE IF EXISTS search_sublabels;
CREATE TABLE search_sublabels (owner INTEGER, number TEXT, label TEXT, pairs TEXT);
CREATE INDEX search_sublabels_owner ON search_sublabels(owner);
"""
PLACES = 5  # the hits of the first screen name their sub-rules
SHOWN = 2  # sub-rules named under one hit, at most
MIN_SHARED = 3  # character pairs a question shares with a sub-rule's questions and label before it is named


def text_pairs(text: str) -> set[str]:
    """The adjacent Chinese character pairs of a text, normalized as the index normalizes."""
    out, run = set(), []
    for ch in norm_text(text) + " ":
        if is_cjk(ch):
            run.append(ch)
            continue
        out.update(a + b for a, b in zip(run, run[1:]))
        run = []
    return out


def rows(rules: list[dict], doc_ids: dict[str, int], questions: dict[str, list[str]]) -> list[tuple[int, str, str, str]]:
    """(owner document id, number, label, pairs) of every labelled sub-rule: `rules` as the index reads them
    (labels blanked; a parent by id or by number), `doc_ids` rule id -> search_docs id, `questions` number -> its
    drafted questions. The owner is the nearest ancestor with a title or text, as for the drafted questions."""
    labels = drafted.labels()
    by_key = {r["id"]: r for r in rules} | {r["number"]: r for r in rules if r.get("number")}
    out = []
    for r in rules:
        number = r.get("number")
        if number not in labels:
            continue
        owner, seen = r, set()
        while not (owner.get("title") or owner.get("text")) and owner.get("parent") in by_key and owner["id"] not in seen:
            seen.add(owner["id"])
            owner = by_key[owner["parent"]]
        if owner is r or owner["id"] not in doc_ids:
            continue
        pairs = set().union(text_pairs(labels[number]), *(text_pairs(q) for q in questions.get(number, [])))
        out.append((doc_ids[owner["id"]], number, labels[number], " ".join(sorted(pairs))))
    return out


def name_them(conn, hits: list, question_pairs: list[str]) -> None:
    """Set doc["sub_rules"] ([{"number", "title"}], title marked) on the first PLACES rule hits whose labelled
    sub-rules share at least MIN_SHARED of the question's character pairs; the closest first."""
    ids = [h.doc["id"] for h in hits[:PLACES] if h.doc.get("kind") == "rule"]
    asked = set(question_pairs)
    if not ids or not asked:
        return
    found: dict[int, list[tuple[int, str, str]]] = {}
    marks = ",".join("?" * len(ids))
    for owner, number, label, pairs in conn.execute(
            f"SELECT owner, number, label, pairs FROM search_sublabels WHERE owner IN ({marks})", ids):
        shared = len(asked & set(pairs.split()))
        if shared >= MIN_SHARED:
            found.setdefault(owner, []).append((-shared, number, label))
    for h in hits[:PLACES]:
        best = sorted(found.get(h.doc["id"], []))[:SHOWN]
        if best:
            h.doc = dict(h.doc, sub_rules=[{"number": n, "title": label + drafted.MARK} for _s, n, label in best])
