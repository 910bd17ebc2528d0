"""The labelled sub-rules a hit stands for: for a question, the closest one made a hit; the others named.

A sub-rule of 440-829 with a display label only (judge/rules/drafted.py, labels) is not indexed by its label:
its drafted questions are searched on its nearest ancestor with a title or text (index._drafted_questions),
and that ancestor is the hit a judge sees ("816.1 瞬息是触发式技能关键词" for "瞬息的单位什么时候死"). Which of
its labelled sub-rules the question is about is told by the character pairs the question shares with each
sub-rule's drafted questions and label. For a question, the closest sub-rule of the first hit that has one
becomes a hit right after it ("816.1.b 功能等同：开始阶段得分前摧毁自身"), so the answering sub-rule is on the
first screen and counted there: one place only, so the hits the ranking placed keep their order and at most one
of them moves down a place. The next closest are named under their hit ("子条款 816.1.c …"); a query that is no
question (a term, "life total") names them and moves nothing. Only the sub-rules of a hit on the first screen:
indexed as documents, the labels' few words crowd the fused list (benchmarks/SEARCH_MEASUREMENTS.md, "Labels for
the untitled sub-rules").
"""

from __future__ import annotations

from judge.rules import drafted
from judge.search import fusion
from judge.search.rank import Hit
from judge.search.text import norm_text

SCHEMA = """
DROP TABLE IF EXISTS search_sublabels;
CREATE TABLE search_sublabels (owner INTEGER, doc INTEGER, number TEXT, label TEXT, pairs TEXT);
CREATE INDEX search_sublabels_owner ON search_sublabels(owner);
"""
PLACES = 5  # the hits of the first screen bring their sub-rules
PROMOTED = 1  # sub-rules made hits, at most, in one search (a question's)
SHOWN = 1  # sub-rules named under the hit whose sub-rule was made a hit; PROMOTED + SHOWN under any other
MIN_SHARED = 3  # character pairs a question shares with a sub-rule's questions and label before it is brought
NOTE = "上一条中问题所问的子条款"


def rows(owners: dict[str, tuple[int, int]], questions: dict[str, list[str]]) -> list[tuple[int, int, str, str, str]]:
    """(owner document id, own document id, number, label, pairs) of every labelled sub-rule `owners` places
    (number -> the search_docs ids of the node its drafted questions are searched on, index._reader, and of the
    sub-rule itself); `questions` number -> its drafted questions. Pairs are normalized as the index normalizes."""
    labels = drafted.labels()
    out = []
    for number, (owner, doc) in owners.items():
        texts = [labels[number], *questions.get(number, [])]
        pairs = {pair for text in texts for pair in fusion.cjk_pairs(norm_text(text))}
        out.append((owner, doc, number, labels[number], " ".join(sorted(pairs))))
    return out


def bring(conn, hits: list, question_pairs: list[str], promote: bool = True) -> list:
    """`hits` with the labelled sub-rules of the first PLACES rule hits that share at least MIN_SHARED of the
    question's character pairs, closest first: when `promote` (a question), the first PROMOTED of them are made hits
    right after theirs (note NOTE); the next are named in their hit's doc["sub_rules"] ([{"number", "title"}],
    title marked). A sub-rule already a hit is not brought."""
    ids = [h.doc["id"] for h in hits[:PLACES] if h.doc.get("kind") == "rule"]
    asked = set(question_pairs)
    if not ids or not asked:
        return hits
    found: dict[int, list[tuple[int, str, int, str]]] = {}
    marks = ",".join("?" * len(ids))
    for owner, doc, number, label, pairs in conn.execute(
            f"SELECT owner, doc, number, label, pairs FROM search_sublabels WHERE owner IN ({marks})", ids):
        shared = len(asked & set(pairs.split()))
        if shared >= MIN_SHARED:
            found.setdefault(owner, []).append((-shared, number, doc, label))
    if not found:
        return hits
    present = {h.doc["id"] for h in hits}
    out = []
    left = PROMOTED if promote else 0
    for place, h in enumerate(hits):
        out.append(h)
        if place >= PLACES or h.doc["id"] not in found:
            continue
        close = [c for c in sorted(found[h.doc["id"]]) if c[2] not in present]
        made = close[:left]
        left -= len(made)
        for _s, _n, doc, _l in made:
            out.append(Hit({"id": doc, "kind": "rule"}, h.score, h.coverage, list(h.matched), note=NOTE))
        named = close[len(made):PROMOTED + SHOWN]  # one place in all: a sub-rule brought or named
        if named:
            h.doc = dict(h.doc, sub_rules=[{"number": n, "title": label + drafted.MARK} for _s, n, _d, label in named])
    return out
