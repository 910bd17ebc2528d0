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
from judge.search import fusion
from judge.search.text import norm_text

SCHEMA = """
DROP TABLE IF EXISTS search_sublabels;
CREATE TABLE search_sublabels (owner INTEGER, number TEXT, label TEXT, pairs TEXT);
CREATE INDEX search_sublabels_owner ON search_sublabels(owner);
"""
PLACES = 5  # the hits of the first screen name their sub-rules
SHOWN = 2  # sub-rules named under one hit, at most
MIN_SHARED = 3  # character pairs a question shares with a sub-rule's questions and label before it is named


def rows(owners: dict[str, int], questions: dict[str, list[str]]) -> list[tuple[int, str, str, str]]:
    """(owner document id, number, label, pairs) of every labelled sub-rule `owners` places (number -> the
    search_docs id of the node its drafted questions are searched on: index._reader); `questions` number -> its
    drafted questions. Pairs are normalized as the index normalizes."""
    labels = drafted.labels()
    out = []
    for number, owner in owners.items():
        texts = [labels[number], *questions.get(number, [])]
        pairs = {pair for text in texts for pair in fusion.cjk_pairs(norm_text(text))}
        out.append((owner, number, labels[number], " ".join(sorted(pairs))))
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
