"""The order a judge reads results in, after scoring (judge.search.rank).

Three rules:
  - A section heading is a pointer, not an answer: when a heading is among the hits, its best
    paragraphs follow it directly (the ones the query matched best, else the section's first ones).
  - The rules are the authority: when an FAQ entry and a rule paragraph both answer a question
    about as well, the rule is shown first and the FAQ entry right after it.
  - For a question, a first paragraph that announces its sub-paragraphs ("此行动仅可在特定时间进行。")
    is followed by those of them the question matched best: they say what it announces.
"""

from __future__ import annotations

from judge.search.rank import SCORE_COLUMNS, Hit, fetch_docs

SECTION_PARAGRAPHS = 2
CHILD_RATIO = 0.9
RULE_FIRST_RATIO = 0.6  # a rule this close to the FAQ entry above it (in score) goes first


def is_section(doc: dict) -> bool:
    return doc.get("kind") == "rule" and bool(doc.get("is_heading") or (doc.get("norm") or "").split("\n", 1)[0].strip())


def rule_first(hits: list[Hit], window: int = 10) -> list[Hit]:
    """The best rule paragraph that answers as fully as the first FAQ entry above it (same coverage of
    the question, RULE_FIRST_RATIO of its score) moves to just before that entry. One move: the rest
    of the order is the score's."""
    out = list(hits)
    top = out[:window]
    faq_at = next((i for i, h in enumerate(top) if h.doc.get("kind") == "faq" and not h.direct), None)
    if faq_at is None:
        return out
    faq = top[faq_at]
    for j in range(faq_at + 1, len(top)):
        r = top[j]
        if r.doc.get("kind") == "rule" and r.score >= RULE_FIRST_RATIO * faq.score and r.coverage >= faq.coverage:
            moved = out.pop(j)
            moved.note = moved.note or "规则优先：与其后的FAQ条目回答同一问题"
            out.insert(faq_at, moved)
            break
    return out


def drop_glossary_echoes(hits: list[Hit]) -> list[Hit]:
    """In an answer to a question, a glossary entry repeating a rule paragraph shown above it (same
    number, same text) takes a place on the first screen without saying anything new."""
    shown: set[str] = set()
    out = []
    for h in hits:
        number = h.doc.get("number") or ""
        if h.doc.get("kind") == "term" and number and number in shown:
            continue
        if h.doc.get("kind") == "rule" and number:
            shown.add(number)
        out.append(h)
    return out


def expand_sections(conn, hits: list[Hit], ranked: list[Hit], limit: int) -> list[Hit]:
    """After the first hit, when it is a section heading, its best paragraphs (those the query matched,
    best first; else the section's first paragraphs)."""
    by_id = {h.doc["id"]: h for h in ranked}
    out: list[Hit] = []
    placed: set[int] = set()
    for n, h in enumerate(hits):
        if h.doc["id"] in placed:
            continue
        out.append(h)
        placed.add(h.doc["id"])
        if n > 0 or len(out) >= limit or not is_section(h.doc) or not h.doc.get("ref"):
            continue
        # A skeleton node of a chapter the corpus lacks, with no title either, says nothing: not a paragraph to show.
        rows = conn.execute(
            "SELECT id FROM search_docs WHERE parent_ref = ? AND NOT (number_source = 'absent' AND COALESCE(title, '') = '') "
            "ORDER BY id", (h.doc["ref"],)).fetchall()
        kids = [r[0] for r in rows]
        if not kids:
            continue
        matched = sorted((by_id[k] for k in kids if k in by_id), key=lambda x: -x.score)
        chosen = [m for m in matched if m.doc["id"] not in placed][:SECTION_PARAGRAPHS]
        if len(chosen) < SECTION_PARAGRAPHS:
            extra = [k for k in kids if k not in placed and k not in {c.doc["id"] for c in chosen}]
            docs = fetch_docs(conn, extra[: SECTION_PARAGRAPHS - len(chosen)], SCORE_COLUMNS)
            chosen += [Hit(docs[k], 0.0, 0.0, []) for k in extra[: SECTION_PARAGRAPHS - len(chosen)] if k in docs]
        title = (h.doc.get("norm") or "").split("\n", 1)[0].strip()
        for c in chosen:
            c.note = c.note or f"「{title}」一节"
            out.append(c)
            placed.add(c.doc["id"])
    return out


def follow_children(hits: list[Hit], ranked: list[Hit]) -> list[Hit]:
    """After the first hit (a rule paragraph), its sub-paragraphs among the ranked hits, best first
    (SECTION_PARAGRAPHS of them)."""
    if not hits or hits[0].direct or hits[0].doc.get("kind") != "rule" or not hits[0].doc.get("ref"):
        return hits
    ref = hits[0].doc["ref"]
    floor = CHILD_RATIO * hits[0].score  # only sub-paragraphs about as good an answer as the first
    kids = sorted((h for h in ranked if h.doc.get("parent_ref") == ref and h.score >= floor),
                  key=lambda h: (-h.score, h.doc["id"]))
    kids = kids[:SECTION_PARAGRAPHS]
    if not kids:
        return hits
    ids = {h.doc["id"] for h in kids}
    for k in kids:
        k.note = k.note or "上一条的细则"
    return hits[:1] + kids + [h for h in hits[1:] if h.doc["id"] not in ids]
