"""Candidates from FTS5, then a score from few, explainable signals.

Signals (and why):
  1. coverage  — the idf-weighted share of the query's concepts a document mentions (in its title
                 or text; in its examples/aliases only half). A paragraph about *all* of what was
                 asked beats one about a part of it. Squared: missing a concept costs a lot.
                 In a question, a verb-object word (打出卡牌) written as its two halves ("卡牌…打出")
                 counts SPLIT_CREDIT.
  2. bm25      — FTS5's bm25 over title (x4), jieba words (x1.5), characters (x1), extra (x0.3),
                 normalised to the best candidate: frequency, rarity, short focused paragraphs.
  3. defining  — the document *defines* a concept (a heading of that name, the glossary's defining
                 rule, a paragraph opening "X是指…"): a heading or definition ranks above passing
                 mentions. Strongest for short term queries.
  4. kind      — for term queries rule text ranks above FAQ text (the rules are the authority);
                 for question-like queries FAQ entries that answer them directly rank higher.
                 Superseded FAQ rulings are kept but ranked lower.
  5. proximity — query words that stand next to each other also do so in the document; for
                 questions, half of the coverage is counted inside one window of WINDOW characters.
  6. section   — a concept named by the paragraph's section (its ancestors' titles and opening words,
                 or for a list introduction, its list) counts CONTEXT_WEIGHT: "此行动可在…" is about
                 标准移动 because its parent says so.
  7. answer    — what the question asks for (judge.search.intent): a paragraph with a number or a
                 limit for "几张", with 可以/不能/仅可 for "能不能", a sequence for "谁先" (INTENT_BONUS);
                 the rules' words a player phrase points at (the player-word table) confirm a
                 paragraph (RELATED_BONUS); long entries are discounted for questions (LENGTH_*).
  8. asked     — a concept found in none of the above but in the questions drafted in players' words
                 for the paragraph (data/asked/, index.search_asked) counts QUESTION_CREDIT: the player
                 names a situation, the rule its concept.
Direct hits (rule citations in the query) are placed first, marked `direct`.
"""

from __future__ import annotations

import bisect
from itertools import compress

from judge.rules.drafted import is_drafted
from judge.rules.ruling_status import SUPERSEDED_STATUSES
from judge.search import intent, phrases
from judge.search.analyze import Analysis, Concept
from judge.search.store import connection_memo
from judge.search.text import char_tokens, fts_phrase, fts_string

BM25_WEIGHTS = (4.0, 1.5, 1.0, 0.3, 0.7)  # title, words, chars, extra, context
ASKED_CANDIDATES = 10  # paragraphs whose drafted questions name every concept a question needs
ASKED_PAIRS = 2  # and, for a question naming ASKED_PAIRS_MIN+ concepts, the first of the drafted questions' ranking
ASKED_PAIRS_MIN = 4
SITUATION_CANDIDATES = 20  # paragraphs saying the rules' words of a situation the question tells (analysis.situations)
POINTED = 10  # paragraphs pointing at a candidate ("此行动…", "在此时…": index.search_pointers) added as candidates
QUESTION_CREDIT = 1.0  # a concept found only in the questions drafted for a paragraph (data/asked/)
CONTEXT_WEIGHT = 1.0  # a concept named by the paragraph's section counts fully
RELATED_BONUS = 0.5
SPLIT_CREDIT = 0.8  # a four-character word found as its two halves
CLASS_CREDIT = 0.6  # a paragraph about the class of what was asked (触发式技能 for 进攻触发)
LENGTH_PIVOT = 150.0
LENGTH_POWER = 0.3
INTENT_BONUS = 1.5
STRONG_BONUS = 1.25
LIST_BONUS = 1.3  # a list introduction that says what kind of answer its list gives
CARD_BONUS = 1.6
FAQ_ASKED_BONUS = 1.25
FAQ_ANSWER_ONLY = 0.85
# For questions: an FAQ entry that answers is worth as much as a rule, but no more (the rules are
# the authority, and long FAQ answers share common words with almost any question).
QUESTION_KIND_WEIGHT = {"faq": 1.0, "rule": 1.05, "errata": 0.9, "term": 0.8}
SKELETON_WEIGHT = 0.85
HEADING_IN_QUESTION = 0.8
SKELETON_WEIGHT_TERM = 0.7
CANDIDATES = 60
WINDOW = 60
DOC_COLUMNS = (
    "id, kind, ref, number, display_number, number_source, confidence, path, title, text, examples, "
    "norm, norm_extra, norm_context, norm_questions, parent_ref, is_heading, defines, status, superseded_by, status_note, source, translation_note"
)


class Hit:
    __slots__ = ("doc", "score", "coverage", "matched", "direct", "note")

    def __init__(self, doc: dict, score: float, coverage: float = 0.0, matched: list[str] | None = None,
                 direct: bool = False, note: str = "") -> None:
        self.doc = doc
        self.score = score
        self.coverage = coverage
        self.matched = matched or []  # forms found in the document
        self.direct = direct
        self.note = note


def query_groups(concepts: list[Concept], lexicon_words: set[str]) -> list[list[tuple[str, str, str | None]]]:
    """The phrases of each concept that has one, in query order: (FTS5 expression, its columns, the key of its
    postings in the store: judge.search.phrases)."""
    return [parts for parts in (concept_phrases(c, lexicon_words) for c in concepts) if parts]


def concept_phrases(concept: Concept, lexicon_words: set[str]) -> list[tuple[str, str, str | None]]:
    """The phrases of one concept's forms (query_groups), [] when it has none."""
    parts = []
    for f in concept.forms:
        tokens = char_tokens(f)
        if tokens:
            parts.append((phrases.TEXT + fts_string(tokens), phrases.TEXT, phrases.text_key(tokens.split())))
        if f in lexicon_words:
            parts.append((phrases.WORDS + fts_string(f), phrases.WORDS, phrases.words_key(f)))
    return parts


def fts_query(concepts: list[Concept], lexicon_words: set[str]) -> str | None:
    return _expression(query_groups(concepts, lexicon_words), " OR ")


def _expression(groups: list[list[tuple[str, str, str | None]]], join: str) -> str | None:
    return join.join("(" + " OR ".join(e for e, _c, _k in g) + ")" for g in groups) if groups else None


SCORE_COLUMNS = "id, kind, ref, number, parent_ref, is_heading, norm, norm_extra, norm_context, norm_questions, defines, status, number_source, title"


# Documents already read, by columns and id, for the last connection only (held here, so that another
# connection can never be taken for it): the store does not change under an open connection, and a
# long-lived process reads the same paragraphs for question after question. At most the store's few
# thousand documents. Callers copy a document before changing it (engine: dict(doc, section=...)).
_DOCS: dict = {}


def fetch_docs(conn, ids: list[int], columns: str = DOC_COLUMNS) -> dict[int, dict]:
    """Documents by id, in id order; scoring needs only SCORE_COLUMNS, the shown hits everything."""
    if not ids:
        return {}
    memo = connection_memo(_DOCS, conn).setdefault(columns, {})
    missing = [i for i in dict.fromkeys(ids) if i not in memo]
    if missing:
        cur = conn.execute(f"SELECT {columns} FROM search_docs WHERE id IN ({','.join('?' * len(missing))})", missing)
        cols = [c[0] for c in cur.description]
        for r in cur.fetchall():
            memo[r[0]] = dict(zip(cols, r))
    return {i: memo[i] for i in sorted(set(ids)) if i in memo}


def candidates(conn, analysis: Analysis, kinds: list[str] | None,
               asked_pairs: list[int]) -> list[tuple[int, float]]:
    """(id, bm25) of the documents worth scoring. `asked_pairs`: the drafted questions' character-pair
    ranking of the question (fusion.asked_ranking), computed once by the caller, which fuses it too."""
    forms = [f for c in analysis.concepts for f in c.forms]
    lex = {r[0] for r in conn.execute(
        f"SELECT word FROM search_lex WHERE word IN ({','.join('?' * len(forms))})", forms)} if forms else set()
    # Each concept's phrases, made once: the whole query, the concepts it needs and the situations told read them.
    phrases_of = [concept_phrases(c, lex) for c in analysis.concepts]
    groups = [parts for parts in phrases_of if parts]
    if not groups:
        return []
    # Kinds are filtered after the query: an FTS5 MATCH restricted by `rowid IN (subquery)` is
    # evaluated row by row (seconds instead of milliseconds). Deeper lists leave enough of them.
    limit = CANDIDATES * 4 if kinds else CANDIDATES
    bm25 = f"bm25(search_fts, {', '.join(map(str, BM25_WEIGHTS))})"
    sql = f"SELECT rowid, {bm25} AS s FROM search_fts WHERE search_fts MATCH ? ORDER BY s LIMIT {{}}"
    # The documents that mention every concept the question needs (in their text or their section)
    # are always candidates: bm25 over an OR of many words prefers long entries sharing a few of them.
    required = [c for c in analysis.concepts if not c.optional]
    every = [parts for c, parts in zip(analysis.concepts, phrases_of) if parts and not c.optional] if (
        analysis.question_like and len(required) >= 2) else []
    # Both queries from the store's postings (judge.search.phrases: FTS5's bm25, bit for bit), when it has them.
    parts = list(dict.fromkeys(p for g in groups + every for p in g))
    found = phrases.postings(conn, parts, bm25)
    if found is None:
        top = [(r[0], -r[1]) for r in conn.execute(sql.format(limit), [_expression(groups, " OR ")])]
    else:
        post = dict(zip(parts, found))
        top = _ranked([post[p] for g in groups for p in g], limit)
    out = keep_kinds(conn, top, kinds)[:CANDIDATES]
    if every:
        have = {i for i, _s in out}
        floor = min((x for _i, x in out), default=0.0)  # their bm25 under the full query is unknown: the lowest
        if found is None:
            ids = [r[0] for r in conn.execute(sql.format(limit // 2), [_expression(every, " AND ")])]
        else:
            matching = set.intersection(*(set().union(*(post[p][0] for p in g)) for g in every))
            ids = [i for i, _s in _ranked([post[p] for g in every for p in g], limit // 2, matching)]
        rows = keep_kinds(conn, [(i, floor) for i in ids], kinds)
        out += [(i, x) for i, x in rows[: CANDIDATES // 2] if i not in have]
    if analysis.situations and found is not None:
        # A situation told over a long sentence ("对手回应把他召回了，结算时还能打到吗") is answered in the rules'
        # words it is read as (非法目标), which a paragraph shares with few of the story's words: among the paragraphs
        # saying them, the best by the whole query are candidates too (from the postings already read).
        among = set().union(*(post[p][0] for c, parts in zip(analysis.concepts, phrases_of)
                              if c.label in analysis.situations for p in parts))
        have = {i for i, _s in out}
        floor = min((x for _i, x in out), default=0.0)
        rows = keep_kinds(conn, [(i, floor) for i, _s in _ranked([post[p] for g in groups for p in g], limit, among)], kinds)
        out += [(i, x) for i, x in rows[:SITUATION_CANDIDATES] if i not in have]
    if analysis.question_like and ASKED_CANDIDATES:
        # The paragraphs whose drafted questions (data/asked/) name every concept the question needs: the
        # player's words may be none of the rule's.
        groups = [g for g in (" OR ".join(p for p in map(fts_phrase, c.forms) if p) for c in required or analysis.concepts) if g]
        asked = " AND ".join(f"({g})" for g in groups)
        if asked:
            have = {i for i, _s in out}
            floor = min((x for _i, x in out), default=0.0)
            found = _asked(conn, asked, ASKED_CANDIDATES, kinds)
            if len(required) >= ASKED_PAIRS_MIN:
                # A long question's drafted twin may lack a word or two of it ("出来", "但不"): the paragraphs
                # whose drafted questions share most of its character pairs.
                found += asked_pairs[:ASKED_PAIRS]
            out += [(i, floor) for i in dict.fromkeys(found) if i not in have]
    if analysis.question_like and POINTED and out:
        # A paragraph that names its subject or moment only by pointing at its section ("此行动不可在法术对决或战斗期间
        # 进行", "则在此时做出选择") shares few of the question's words: it is a candidate whenever the section is. For
        # a when question, so is a procedure step whose label says what the question names (355 做出相关的选择 for
        # "什么时候选目标"): the moment of the paragraphs pointing at it is the step. (An order question's steps are
        # placed by judge.search.steps.)
        floor = min(x for _i, x in out)
        steps = step_docs(conn, required or analysis.concepts) if analysis.intent == intent.WHEN else []
        out = pointed(conn, out, kinds, floor, [i for i in steps if i not in {j for j, _s in out}])
    return out


# The procedure steps' rows (index.search_steps), for the last connection only (judge.search.store.connection_memo):
# read by a when question's candidates here and by judge.search.steps, which imports this module.
_STEPS: dict = {}
STEP_COLUMNS = ("procedure", "name", "position", "sub", "number", "label", "doc_id", "titles", "norm")
_DOC_ID, _LABEL, _TITLES = (STEP_COLUMNS.index(c) for c in ("doc_id", "label", "titles"))


def procedure_steps(conn) -> list[tuple]:
    """The rows of search_steps (STEP_COLUMNS), in the order of the procedures and their steps; [] without the table."""
    memo = connection_memo(_STEPS, conn)
    if "rows" not in memo:
        has = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'search_steps'").fetchone()
        memo["rows"] = conn.execute(f"SELECT {', '.join(STEP_COLUMNS)} FROM search_steps ORDER BY rowid").fetchall() if has else []
    return memo["rows"]


def step_docs(conn, concepts: list[Concept]) -> list[int]:
    """The documents of the procedure steps (index.search_steps) whose label or the titles inside them say one of the
    concepts' forms (two characters or more): 355 做出相关的选择, with 355.6 目标选取 inside it, for 目标."""
    forms = [f for c in concepts for f in c.forms if len(f) >= 2]
    if not forms:
        return []
    return [row[_DOC_ID] for row in procedure_steps(conn)
            if row[_DOC_ID] and any(f in (row[_LABEL] or "") or f in (row[_TITLES] or "") for f in forms)]


def pointed(conn, out: list[tuple[int, float]], kinds: list[str] | None, floor: float,
            sections: list[int] = ()) -> list[tuple[int, float]]:
    """`out` and after it the paragraphs pointing at one of its documents or at one of `sections` (search_pointers),
    at most POINTED, those pointing at the best documents first, each at `floor` (the candidates' lowest bm25)."""
    if kinds and "rule" not in kinds:
        return out
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'search_pointers'").fetchone():
        return out
    ids = list(dict.fromkeys([i for i, _s in out] + list(sections)))
    place = {i: k for k, i in enumerate(ids)}
    rows = conn.execute(f"SELECT parent, child FROM search_pointers WHERE parent IN ({','.join('?' * len(ids))})", ids).fetchall()
    have = {i for i, _s in out}
    new = dict.fromkeys(c for _p, c in sorted(rows, key=lambda r: (place[r[0]], r[1])) if c not in have)
    return out + [(c, floor) for c in list(new)[:POINTED]]


def _ranked(postings: list[tuple], limit: int, among: set[int] | None = None) -> list[tuple[int, float]]:
    """The first `limit` (rowid, score) of a query whose phrases have `postings` (rowids, terms), in query order:
    FTS5's bm25 sums the terms phrase by phrase, and ORDER BY ... LIMIT keeps ties in rowid order. `among`:
    the rows an AND of the phrases' groups matches (all that match a phrase when None)."""
    score: dict[int, float] = {}
    get = score.get
    if among is None:
        for docs, terms in postings:
            for doc, term in zip(docs, terms):
                score[doc] = get(doc, 0.0) + term
    elif among:
        # `among` is mostly a few rows of thousands: each list is cut to them in C before the sums.
        inside = among.__contains__
        for docs, terms in postings:
            kept = list(map(inside, docs))
            for doc, term in zip(compress(docs, kept), compress(terms, kept)):
                score[doc] = get(doc, 0.0) + term
    # Rowids in order, then a stable sort by score, highest first.
    return [(i, score[i]) for i in sorted(sorted(score), key=score.__getitem__, reverse=True)[:limit]]


def _asked(conn, expr: str, n: int, kinds: list[str] | None) -> list[int]:
    """The first `n` paragraphs of `kinds` whose drafted questions match the FTS expression, by bm25."""
    rows = [(r[0], 0.0) for r in conn.execute(
        f"SELECT rowid FROM search_asked WHERE search_asked MATCH ? ORDER BY bm25(search_asked) LIMIT {n * (4 if kinds else 1)}",
        [expr])]
    return [i for i, _s in keep_kinds(conn, rows, kinds)][:n]


def keep_kinds(conn, rows: list[tuple[int, float]], kinds: list[str] | None) -> list[tuple[int, float]]:
    """The (id, score) rows whose document is of one of `kinds` (all when no kinds are asked for)."""
    if not kinds or not rows:
        return rows
    ids = [i for i, _s in rows]
    wanted = {r[0] for r in conn.execute(
        f"SELECT id FROM search_docs WHERE id IN ({','.join('?' * len(ids))}) AND kind IN ({','.join('?' * len(kinds))})",
        ids + list(kinds))}
    return [(i, x) for i, x in rows if i in wanted]


def score(analysis: Analysis, docs: dict[int, dict], cands: list[tuple[int, float]]) -> list[Hit]:
    concepts = [c for c in analysis.concepts if not c.optional] or analysis.concepts
    related = [c for c in analysis.concepts if c.optional and c not in concepts]
    related_w = sum(c.weight for c in related) or 1.0
    total_w = sum(c.weight for c in concepts) or 1.0
    best_bm25 = max((s for _i, s in cands), default=1.0) or 1.0
    term_query = len(concepts) <= 2 and not analysis.question_like
    # Block starts: for a term query, the paragraph that opens a run of paragraphs about the term
    # (its heading was often lost in extraction) introduces it — it counts as defining.
    key_forms = [analysis.phrase] if analysis.phrase else (concepts[0].forms if len(concepts) == 1 else [])
    mentions = set()
    if term_query and key_forms:
        mentions = {i for i, d in docs.items() if d["kind"] == "rule" and any(f in (d["norm"] or "") for f in key_forms)}
    all_forms = list({f for c in analysis.concepts for f in c.forms})
    concept_forms = {f for c in concepts for f in c.forms}  # a question defining any of them (the 1.15 case)
    # Per concept, the forms that can be found as two halves (four Chinese characters): the others never can.
    halves = [[f for f in c.forms if _splittable(f)] for c in concepts]
    hits = []
    for doc_id, bm in cands:
        d = docs.get(doc_id)
        if not d:
            continue
        norm, extra, context = d["norm"] or "", d["norm_extra"] or "", d.get("norm_context") or ""
        questions = d.get("norm_questions") or ""
        title, strong, defines = _names(d)
        got, matched = 0.0, []
        names = set()  # forms of the query this document could be *about*
        present = {f for f in all_forms if f in norm}
        found_by_concept = []
        for k, c in enumerate(concepts):
            found = [f for f in c.forms if f in present]
            found_by_concept.append(found)
            if found:
                got += c.weight if not c.weak or any(f not in c.weak for f in found) else c.weight * CLASS_CREDIT
                matched.extend(found)
            elif any(map(context.__contains__, c.forms)):
                got += c.weight * CONTEXT_WEIGHT  # named by the section the paragraph is in
            elif any(map(extra.__contains__, c.forms)):
                got += c.weight / 2
                matched.extend(f for f in c.forms if f in extra)
            elif analysis.question_like and (split := [f for f in halves[k] if f[:2] in norm and f[2:] in norm]):
                # "打出卡牌" said as "卡牌…打出": a verb-object word with both halves in one paragraph.
                got += c.weight * SPLIT_CREDIT
                matched.extend(h for f in split for h in (f[:2], f[2:]))
            elif questions and any(map(questions.__contains__, c.forms)):
                got += c.weight * QUESTION_CREDIT  # asked in players' words of this paragraph
        if term_query and d["kind"] != "faq":  # an FAQ topic named "待命" is a category, not a definition
            names = set(key_forms) | ({f for c in concepts for f in c.forms} if len(concepts) == 1 else set())
        phrase = analysis.phrase
        # Defining strength, strongest first: a heading or glossary entry of that very name; an
        # explicit definition ("X是指…", the glossary's defining rule); the paragraph opening a run
        # of paragraphs about it.
        defining = 1.0
        if names & ({title} | strong):
            defining = 1.6
        elif names & defines or (phrase and phrase in defines and d["kind"] != "faq"):
            defining = 1.5
        elif term_query and d["kind"] == "faq" and set(key_forms) & defines:
            defining = 1.5  # "这称为据守": the FAQ entry says what the term is
        elif term_query and doc_id in mentions and doc_id - 1 not in mentions and doc_id + 1 in mentions:
            defining = 1.25
        elif not term_query and not concept_forms.isdisjoint(defines):
            defining = 1.15
        if d["kind"] == "rule" and norm.endswith("\n"):
            defining = min(defining, 1.25)  # a bare heading with nothing to show is only a pointer
        if analysis.question_like and d["kind"] == "rule" and d.get("is_heading") and d.get("number_source") != "absent":
            # A question is answered by a paragraph, not by the heading over it (whose text is a preview
            # of its section): the heading still leads the way when nothing in its section matches.
            defining *= HEADING_IN_QUESTION
        coverage = got / total_w
        if analysis.question_like and len(concepts) > 2:
            # A question is answered by a sentence, not by a long entry that mentions every word
            # somewhere: half of the coverage must be found within one window of text.
            # A list introduction's sentence goes on in its list (in its context): what the list names
            # is within the window.
            # So does a title with no text (a skeleton node of a chapter the corpus lacks): it sums up its
            # section, whose words are its context.
            listed = d["kind"] == "rule" and (norm.rstrip().endswith(":") or norm.endswith("\n"))
            sect = [c for c in concepts if not any(map(norm.__contains__, c.forms))
                    and any(map(context.__contains__, c.forms))] if listed else []
            window = _window_coverage(norm, concepts, present) + sum(c.weight for c in sect)
            if questions:  # a drafted question is one short sentence: what it names is within the window
                window = max(window, _question_coverage(questions, concepts))
            coverage = 0.5 * coverage + 0.5 * window / total_w
        s = coverage**2 * (0.5 + 0.5 * max(bm, 0.0) / best_bm25)
        if phrase and phrase in norm:
            s *= 1.2  # the query as typed, verbatim: an exact phrase match
        # Words next to each other in the query and in the document ("没有牌"): 5. proximity.
        # Both halves of a joined pair are in the text when it is: only concepts found can be adjacent.
        adjacent = sum(1 for k in range(len(concepts) - 1) if found_by_concept[k] and found_by_concept[k + 1] and any(
            x + y in norm for x in found_by_concept[k] for y in found_by_concept[k + 1]))
        if adjacent:
            s *= 1.0 + 0.15 * min(adjacent, 3)
        s *= defining
        if related:
            # The rules' words the question points at ("对手的回合" -> 迅捷/反应): found, they confirm.
            found_rel = [c for c in related if any(map(present.__contains__, c.forms))]
            s *= 1.0 + RELATED_BONUS * sum(c.weight for c in found_rel) / related_w
            matched.extend(f for c in found_rel for f in c.forms if f in present)
        body = norm.split("\n", 1)[-1] or norm  # a title with no text (a skeleton node) speaks for it
        if analysis.intent and intent.has_hint(analysis.intent, body):
            s *= INTENT_BONUS  # a count for "几张", 可以/不能 for "能不能", a sequence for "谁先"
            if intent.has_strong_hint(analysis.intent, body):
                s *= STRONG_BONUS  # a limit or an amount, not just some number
            if d["kind"] == "rule" and body.rstrip().endswith(":") and context:
                # "进行清理时，以下任务会按下述顺序变为未决：": the list it introduces is the whole answer.
                s *= LIST_BONUS
        kind = d["kind"]
        if kind == "faq" and analysis.question_like:
            # An FAQ entry answers the question its own question asks; one whose long answer merely
            # shares the words is discounted.
            asked = _faq_question(norm)
            if asked:
                q_cov = sum(c.weight for c in concepts if any(map(asked.__contains__, c.forms))) / total_w
                s *= FAQ_ASKED_BONUS if q_cov >= 0.75 else (1.0 if q_cov >= 0.4 else FAQ_ANSWER_ONLY)
        if analysis.cards and kind in ("faq", "errata") and any(n in title for n in analysis.cards):
            s *= CARD_BONUS  # the card's own rulings and errata first
        if analysis.question_like:
            s *= QUESTION_KIND_WEIGHT.get(kind, 1.0)
            # A long entry shares a few common words with any question: the more text it needs to
            # mention them, the less it is about them.
            s *= (LENGTH_PIVOT / (LENGTH_PIVOT + len(norm))) ** LENGTH_POWER
        else:
            # The glossary entry shows the same definition: just after the defining rule.
            s *= {"rule": 1.1, "term": 0.95, "errata": 0.9, "faq": 0.85}.get(kind, 1.0)
        if kind == "rule" and d.get("number_source") == "absent" and not (names & {title}) and (
                analysis.question_like or is_drafted(d.get("title"))):
            # A skeleton node titled by the tool only points at a rule: a paragraph that says as much in
            # the rules' own words goes first (unless the node is titled with the very term asked for).
            s *= SKELETON_WEIGHT if analysis.question_like else SKELETON_WEIGHT_TERM
        elif kind == "rule" and analysis.question_like and d.get("is_heading") and is_drafted(d.get("title")):
            # A heading the rules left untitled, titled by the tool: its title sums up its section in the tool's
            # words and its text previews the paragraphs under it, one of which answers a question; like a
            # skeleton node it points the way. A term query still finds it first (its title names the term).
            s *= SKELETON_WEIGHT
        if d.get("status") in SUPERSEDED_STATUSES:  # a partly superseded ruling ranks as a superseded one
            s *= 0.8
        if kind == "term" and norm.find("\n") >= 0 and not norm.split("\n", 1)[1].strip():
            s *= 0.7  # a glossary entry with nothing to show
        hits.append(Hit(d, round(s * 100, 2), round(coverage, 3), list(dict.fromkeys(matched))))
    hits.sort(key=lambda h: (-h.score, h.doc["id"]))
    return hits


_NAMES: dict[tuple, tuple[str, set[str], set[str]]] = {}


def _names(d: dict) -> tuple[str, set[str], set[str]]:
    """(title, strong, defines) of a document: its bare title, the terms it is the heading or glossary
    entry of ("!" in `defines`), and every term it defines. Kept by the text they are read from: every
    question scores many of the same documents. (Callers never change the sets.)"""
    key = (d["norm"], d["defines"])
    got = _NAMES.get(key)
    if got is None:
        got = _NAMES[key] = _read_names(d)
    return got


def _read_names(d: dict) -> tuple[str, set[str], set[str]]:
    norm = d["norm"] or ""
    cut = norm.find("\n")
    title = _bare((norm if cut < 0 else norm[:cut]).split(" (")[0])
    if not d["defines"]:
        return title, set(), set()
    marked = [x for x in d["defines"].split("|") if x]
    strong = {_bare(x[1:]) for x in marked if x.startswith("!")}
    return title, strong, strong | {x for x in marked if not x.startswith("!")}


def _bare(title: str) -> str:
    """A title without its qualifier: "强化(行动)" and "强化(关键词)" both name 强化, "计数标(counters)" 计数标."""
    cut = title.find("(", 1)
    return title[:cut] if cut > 0 and title.endswith(")") else title


def _faq_question(norm: str) -> str:
    """The question of an FAQ entry ("问：…" up to "答："), normalised like `norm`."""
    start = norm.find("问:")
    if start < 0:
        return ""
    end = norm.find("答:", start)
    return norm[start:end if end > 0 else None]


def _window_coverage(norm: str, concepts: list[Concept], present: set[str]) -> float:
    """The largest concept weight found together within WINDOW characters of `norm` (`present`: the forms
    `norm` contains, so that the others are not searched for again)."""
    occ: list[tuple[int, int]] = []
    for ci, c in enumerate(concepts):
        for f in c.forms:
            if f not in present:
                continue
            start = norm.find(f)
            while start >= 0:
                occ.append((start, ci))
                start = norm.find(f, start + 1)
    occ.sort()
    best, counts, lo = 0.0, {}, 0
    weight = 0.0
    every = len({ci for _pos, ci in occ})
    for pos, ci in occ:
        # The window's weight depends only on which concepts are in it (summed in the order they came
        # in): summed again only when one comes in or leaves.
        changed = ci not in counts
        counts[ci] = counts.get(ci, 0) + 1
        while occ[lo][0] < pos - WINDOW:
            cj = occ[lo][1]
            counts[cj] -= 1
            if not counts[cj]:
                del counts[cj]
                changed = True
            lo += 1
        if changed:
            weight = sum(concepts[k].weight for k in counts)
        best = max(best, weight)
        if len(counts) == every:
            break  # every concept found is in this window: no window holds more
    return best


def _splittable(form: str) -> bool:
    """A verb-object word of four Chinese characters (打出卡牌), which a question may say as its two halves."""
    return len(form) == 4 and "\u4e00" <= form[0] <= "\u9fff"


_BREAKS: dict[str, list[int]] = {}


def _line_breaks(text: str) -> list[int]:
    """The offsets of the line breaks of a document's drafted questions, kept by text (every question scores many
    of the same documents)."""
    got = _BREAKS.get(text)
    if got is None:
        got = _BREAKS[text] = [i for i, ch in enumerate(text) if ch == "\n"]
    return got


def _question_coverage(questions: str, concepts: list[Concept]) -> float:
    """The largest concept weight named by one of the drafted questions (`questions`: one a line). Each
    form is looked for in the whole text (str.find) and its places counted to lines; a line's weights
    are summed in concept order, as a sum over the concepts would."""
    by_line: dict[int, set[int]] = {}
    breaks = _line_breaks(questions)
    for k, c in enumerate(concepts):
        for f in c.forms:
            if "\n" in f:
                continue  # never inside one line
            if not f:
                for i in range(len(breaks) + 1):
                    by_line.setdefault(i, set()).add(k)
                continue
            at = questions.find(f)
            while at >= 0:
                line = bisect.bisect_left(breaks, at)  # the line breaks before the place
                by_line.setdefault(line, set()).add(k)
                at = questions.find(f, breaks[line] + 1) if line < len(breaks) else -1  # one place per line is enough
    # Lines naming the same concepts weigh the same: each set is summed once.
    return max((sum(concepts[k].weight for k in sorted(ks)) for ks in {frozenset(x) for x in by_line.values()}),
               default=0.0)
