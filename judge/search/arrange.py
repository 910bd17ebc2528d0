"""The order a judge reads results in, after scoring (judge.search.rank).

Four rules:
  - A section heading is a pointer, not an answer: when a heading is among the first hits, its best
    paragraphs follow it directly (the ones the query matched best, else the section's first ones).
  - The rules are the authority: when an FAQ entry and a rule paragraph both answer a question
    about as well, the rule is shown first and the FAQ entry right after it.
  - A query naming a card is asking for its rulings: the card's FAQ entries and errata come first, the
    card's glossary entry (its name pair and where the FAQ names it) right after them.
  - For a question, a first paragraph that announces its sub-paragraphs ("此行动仅可在特定时间进行。")
    is followed by those of them the question matched best: they say what it announces.
"""

from __future__ import annotations

import re

from judge.search.rank import SCORE_COLUMNS, Hit, fetch_docs

SECTION_PARAGRAPHS = 2
CARD_WINDOW = 5  # a card entry this high up ...
CARD_RATIO = 0.6  # ... and this close to the first hit's score: the query names the card
CHILD_RATIO = 0.9
RULE_FIRST_RATIO = 0.6  # a rule this close to the FAQ entry above it (in score) goes first
RULE_FIRST_NOTE = "规则优先：与其后的FAQ条目回答同一问题"


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
            moved.note = moved.note or RULE_FIRST_NOTE
            out.insert(faq_at, moved)
            break
    return out


def settle_rule_first_notes(hits: list[Hit]) -> list[Hit]:
    """A rule keeps the note that it goes before an FAQ entry answering the same question only while no FAQ
    entry comes before it: the second look (judge.search.rerank) reorders what rule_first arranged."""
    faq_above = False
    for h in hits:
        if h.note == RULE_FIRST_NOTE and faq_above:
            h.note = ""
        faq_above = faq_above or h.doc.get("kind") == "faq"
    return hits


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


SECTION_WINDOW = 3  # a heading this high up is what the query named
SECTION_TIE = 0.9  # paragraphs scored this close to the best one count as equally good
SECTION_SPAN = 40  # at most this many rules are read as the paragraphs of a flat heading


def section_members(conn, doc: dict) -> list[int]:
    """The paragraphs of a heading: its sub-rules; for a top-level heading without any (the rules number
    "454 召回" and its paragraphs 455–458 alike), the top-level rules after it up to the next heading.
    A skeleton node of a chapter the corpus lacks, with no title either, says nothing: not a paragraph."""
    silent = "number_source = 'absent' AND COALESCE(title, '') = ''"
    kids = [r[0] for r in conn.execute(
        f"SELECT id FROM search_docs WHERE parent_ref = ? AND NOT ({silent}) ORDER BY id", (doc["ref"],))]
    if kids or not doc.get("is_heading") or doc.get("parent_ref"):
        return kids
    rows = conn.execute(
        f"SELECT id, is_heading, {silent} FROM search_docs WHERE kind = 'rule' AND id > ? "
        "AND COALESCE(parent_ref, '') = '' ORDER BY id LIMIT ?", (doc["id"], SECTION_SPAN)).fetchall()
    out = []
    for i, heading, empty in rows:
        if heading:
            break
        if not empty:
            out.append(i)
    return out


def expand_sections(conn, hits: list[Hit], ranked: list[Hit], limit: int, forms: list[str] = ()) -> list[Hit]:
    """After the first section heading among the first SECTION_WINDOW hits, its best paragraphs (those
    the query matched, best first; else the section's first paragraphs). Below the first place, only a
    heading titled with what the query says (one of `forms`): a heading that merely mentions it is
    not the section asked for."""
    by_id = {h.doc["id"]: h for h in ranked}
    out: list[Hit] = []
    placed: set[int] = set()
    expanded = False
    for n, h in enumerate(hits):
        if h.doc["id"] in placed:
            continue
        out.append(h)
        placed.add(h.doc["id"])
        if expanded or n >= SECTION_WINDOW or len(out) >= limit or not is_section(h.doc) or not h.doc.get("ref"):
            continue
        heading = (h.doc.get("norm") or "").split("\n", 1)[0].strip()
        if n > 0 and not any(f and f in heading for f in forms):
            continue
        kids = section_members(conn, h.doc)
        if not kids:
            continue
        expanded = True
        matched = sorted((by_id[k] for k in kids if k in by_id and k not in placed), key=lambda x: -x.score)
        # Paragraphs the query matched about equally well are read in the section's order.
        near = sorted((m for m in matched if m.score >= SECTION_TIE * matched[0].score), key=lambda x: x.doc["id"])
        chosen = (near + [m for m in matched if m not in near])[:SECTION_PARAGRAPHS]
        if len(chosen) < SECTION_PARAGRAPHS:
            extra = [k for k in kids if k not in placed and k not in {c.doc["id"] for c in chosen}]
            docs = fetch_docs(conn, extra[: SECTION_PARAGRAPHS - len(chosen)], SCORE_COLUMNS)
            chosen += [Hit(docs[k], 0.0, 0.0, []) for k in extra[: SECTION_PARAGRAPHS - len(chosen)] if k in docs]
        title = (h.doc.get("norm") or "").split("\n", 1)[0].strip() or (h.doc.get("title") or "")
        for c in chosen:
            c.note = c.note or (f"「{title}」一节" if title else f"规则 {h.doc.get('number')} 一节")
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


def _fold_name(name: str) -> str:
    return re.sub(r"[\s\-－—·・，,]", "", name or "").lower()


def card_rulings_first(conn, hits: list[Hit], labels: list[str]) -> list[Hit]:
    """When the first hits include a card's glossary entry (the query names the card), that card's
    FAQ rulings and errata (those the glossary entry cites, and those whose heading names the card)
    move to the front, best first; the card entries follow. The card the query names exactly (Chinese,
    English or pinyin, read as one of `labels`) goes before cards whose names merely contain it."""
    if not hits or hits[0].direct:
        return hits
    top = hits[0].score
    terms = [h for h in hits[:CARD_WINDOW] if h.doc.get("kind") == "term" and h.score >= CARD_RATIO * top]
    if not terms:
        return hits
    names = [h.doc.get("ref") or "" for h in terms]
    rows = conn.execute(
        f"SELECT term, english, source FROM terms WHERE kind = 'card' AND term IN ({','.join('?' * len(names))})",
        names).fetchall()
    cards = {term: (english or "", source or "") for term, english, source in rows}
    terms = [h for h in terms if h.doc.get("ref") in cards]
    if not terms:
        return hits
    said = {_fold_name(x) for x in labels}
    # The query names the card: its entry comes first, or its name (Chinese or English) is what was typed.
    terms = [h for h in terms if h is hits[0] or said & {_fold_name(h.doc["ref"]), _fold_name(cards[h.doc["ref"]][0])}]
    if not terms:
        return hits
    terms.sort(key=lambda h: 0 if said & {_fold_name(h.doc["ref"]), _fold_name(cards[h.doc["ref"]][0])} else 1)
    rulings: list[Hit] = []
    taken: set[int] = set()
    for t in terms:
        name = t.doc["ref"]
        cited = set(re.findall(r"[A-Z]-L\d+", cards[name][1]))
        folded = _fold_name(name)
        mine = [h for h in hits if h.doc.get("kind") in ("faq", "errata") and h.doc["id"] not in taken
                and (h.doc.get("ref") in cited or folded in _fold_name(h.doc.get("title") or ""))]
        missing = cited - {h.doc.get("ref") for h in hits}
        if missing:  # a cited ruling the query's words did not reach: still the card's ruling
            marks = ",".join("?" * len(missing))
            ids = [r[0] for r in conn.execute(
                f"SELECT id FROM search_docs WHERE kind IN ('faq', 'errata') AND ref IN ({marks}) ORDER BY id",
                sorted(missing))]
            docs = fetch_docs(conn, ids, SCORE_COLUMNS)
            mine += [Hit(docs[i], t.score * 0.5, t.coverage, list(t.matched)) for i in ids if i in docs]
        for h in mine:
            h.note = h.note or f"卡牌「{name}」的裁定"
            h.score = max(h.score, t.score)  # shown for the card the query matched, above its entry
            taken.add(h.doc["id"])
        rulings += mine
    if not rulings:
        return hits
    front = rulings + terms
    for i in range(len(front) - 2, -1, -1):  # several cards (亚索, or two names of one): shown scores in shown order
        front[i].score = max(front[i].score, front[i + 1].score)
    placed = {h.doc["id"] for h in front}
    return front + [h for h in hits if h.doc["id"] not in placed]


RULE_LEAD_WINDOW = 5
RULE_LEAD_COVER = 0.6  # a rule that covers this share of what the FAQ entry above it covers answers too


def _said(h: Hit, concepts: list[list[str]]) -> int:
    """How many of the question's concepts (each a list of its forms) the hit contains."""
    found = set(h.matched)
    return sum(1 for forms in concepts if found & set(forms))


def rule_leads(hits: list[Hit], named: list[str] = (), concepts: list[list[str]] = (),
               cover: float = RULE_LEAD_COVER) -> list[Hit]:
    """The answer to a question opens with a rule: when the first hit is an FAQ entry and a rule paragraph
    with text (not a skeleton node) among the first RULE_LEAD_WINDOW covers about as much of the question
    (RULE_LEAD_COVER of the entry's coverage, and all but one of the concepts the entry contains, at
    least two), that rule goes first and the FAQ entry right after it. Not when the FAQ entry's heading (its topic and
    cards) names what the question names (`named`: a card, a keyword): that entry is the ruling asked
    for. Only places above the rule move down one: a hit in the first RULE_LEAD_WINDOW stays there."""
    if not hits or hits[0].direct or hits[0].doc.get("kind") != "faq":
        return hits
    faq = hits[0]
    heading = faq.doc.get("title") or ""
    if any(len(w) >= 2 and w in heading for w in named):
        return hits
    for j in range(1, min(RULE_LEAD_WINDOW, len(hits))):
        r = hits[j]
        if (r.doc.get("kind") == "rule" and not r.direct and r.doc.get("number_source") != "absent"
                and r.coverage >= cover * faq.coverage
                and _said(r, concepts) >= max(2, _said(faq, concepts) - 1)):
            r.note = r.note or RULE_FIRST_NOTE
            r.score = max(r.score, faq.score)  # shown scores stay in the order shown
            return [r] + hits[:j] + hits[j + 1:]
    return hits
