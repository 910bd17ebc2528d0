"""Link FAQ entries to the current rules: old-numbering citations mapped by content, plus suggestions.

The referee FAQ cites "规则 [322.2.]" from a numbering that is not the 2026-07-17 one, so the number
itself is never trusted. Each old number is mapped to the current rule its citations *describe*:

1. title: the phrase right before the citation names a current rule's title
   ("战斗清理（规则[440.1.a.]）" -> the rule titled 战斗清理); strongest evidence;
2. content: character-bigram cosine (IDF-weighted) between the clauses around every citation of that
   old number and each current rule's title and text;
3. structure: old siblings stay siblings and old children stay children. A number whose content
   evidence is weak, or points outside the subtree its mapped relatives imply, is placed in that
   subtree (the deepest node the tree has), with lower confidence.

Every mapping carries a confidence in [0, 1]; nothing here is presented as certain.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from judge.rules import citation_review, drafted
from judge.rules.faq import Citation, ParsedFaqEntry
from judge.rules.number import RuleNumber, within

_NON_TEXT = re.compile(r"[^0-9A-Za-z\u3400-\u4dbf\u4e00-\u9fff]+")
_CITE_TEXT = re.compile(r"规则\s*\[?\s*\d{3}(?:\.(?:\d+|[a-z]))*\.?\s*\]?")
_CARD_TEXT = re.compile(r"【[^【】]*】")
_KEYWORD = re.compile(r"\[\s*([\u4e00-\u9fff][\u4e00-\u9fff\s]{0,5})\]")
KEYWORD_BOOST = 1.5

TITLE_CONFIDENCE = 0.9
MIN_CONTENT = 0.12
MIN_CONFIDENCE = 0.25  # below, a content mapping is not shown
SECTION_CONFIDENCE = 0.3  # the section is named, the paragraph is not
RENUMBER_WINDOW = 30  # the older excerpt's 346 is 349 now; the referee FAQ's 440.1.a 战斗清理 is 466.1  # below this cosine the content says nothing


def bigrams(text: str) -> Counter:
    s = _NON_TEXT.sub("", text)
    return Counter(s[i:i + 2] for i in range(len(s) - 1))


def parent_of(number: str) -> str | None:
    n = RuleNumber.strict(number)
    return str(n.parent) if n and n.parent else None


@dataclass
class Mapping:
    old_number: str
    rule: dict | None
    confidence: float
    evidence: str  # title | content | section | structure


class RuleIndex:
    """IDF-weighted character bigram vectors of the current rules' title + text."""

    def __init__(self, rules: list[dict]):
        # A title the tool drafted for a skeleton node (judge/rules/drafted.py) is not the rules' words:
        # old FAQ citations are mapped on the official titles and text only.
        self.rules = [dict(r, title="") if drafted.is_drafted(r.get("title")) else r for r in rules if r.get("number")]
        self.by_number = {r["number"]: r for r in self.rules}
        docs = [bigrams((r.get("title") or "") + (r.get("text") or "")) for r in self.rules]
        df = Counter(g for d in docs for g in d)
        n = len(docs) or 1
        self.idf = {g: math.log((n + 1) / (c + 0.5)) for g, c in df.items()}
        self.vectors = [self._weigh(d) for d in docs]
        # Inverted index: a query only touches the rules sharing one of its bigrams.
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for i, vec in enumerate(self.vectors):
            for g, w in vec.items():
                self.postings.setdefault(g, []).append((i, w))
        # Per rule, what scores() reads of its number: its level and its level-0 number.
        self.levels = [r["number"].count(".") + 1 for r in self.rules]
        self.tops = [int(r["number"][:3]) if r["number"][:3].isdecimal() else None for r in self.rules]
        norms = [math.sqrt(sum(v * v for v in vec.values())) or 1.0 for vec in self.vectors]
        # A floor on the norm: a bare heading ("清理") must not outscore the paragraph that says the thing.
        floor = sorted(norms)[len(norms) // 2] if norms else 1.0
        self.norms = [max(n, floor) for n in norms]

    def _weigh(self, grams: Counter) -> dict[str, float]:
        return {g: c * self.idf.get(g, 0.0) for g, c in grams.items() if self.idf.get(g, 0.0) > 0}

    def scores(self, text: str, root: str | None = None, depth: int | None = None,
               near: int | None = None, section: tuple[int, int] | None = None) -> list[tuple[float, dict]]:
        """Cosine of the text against every rule (optionally only the subtree of `root`), best first.

        `depth` (the old number's level) mildly prefers rules of the same level: renumbering shifts
        numbers but rarely moves a rule between levels. `near` (the old level-0 number) prefers rules
        numbered from it to RENUMBER_WINDOW above: the renumbering inserted rules, so numbers grew.
        """
        q = self._weigh(bigrams(text))
        qn = math.sqrt(sum(v * v for v in q.values())) or 1.0
        # A bracketed keyword in the clause ("[绝念]") names what the rule is about: rules using it gain.
        keywords = {re.sub(r"\s", "", k) for k in _KEYWORD.findall(text)}
        dots: dict[int, float] = {}
        get = dots.get
        for g, w in q.items():
            for i, v in self.postings.get(g, ()):
                dots[i] = get(i, 0.0) + w * v
        out = []
        rules, norms, levels, tops = self.rules, self.norms, self.levels, self.tops
        for i in sorted(dots):
            dot = dots[i]
            if not dot:
                continue
            rule, top = rules[i], tops[i]
            if top is None:
                top = int(rule["number"][:3])
            if root and not within(rule["number"], root):
                continue
            if section and not section[0] <= top <= section[1]:
                continue
            same = depth is None or levels[i] == depth
            close = near is None or near <= top <= near + RENUMBER_WINDOW
            boost = KEYWORD_BOOST if keywords and any(k in (rule.get("text") or "") for k in keywords) else 1.0
            out.append((dot / (qn * norms[i]) * (1.0 if same else 0.95) * (1.0 if close else 0.75) * boost, rule))
        out.sort(key=lambda p: -p[0])
        return out

    def by_title(self, phrase: str) -> dict | None:
        """The rule whose title is the longest (>= 3 characters) suffix of the phrase."""
        phrase = _NON_TEXT.sub("", phrase)
        best = None
        for r in self.rules:
            t = _NON_TEXT.sub("", r.get("title") or "")
            if len(t) >= 3 and phrase.endswith(t) and (best is None or len(t) > len(_NON_TEXT.sub("", best["title"]))):
                best = r
        return best

    def section_of(self, phrase: str) -> tuple[int, int] | None:
        """Level-0 range of the section whose heading title the phrase names (longest title wins)."""
        text = _NON_TEXT.sub("", phrase)
        heads = sorted((int(r["number"]), _NON_TEXT.sub("", r.get("title") or "")) for r in self.rules
                       if r.get("is_heading") and "." not in r["number"] and r.get("title"))
        best = None
        for k, (top, title) in enumerate(heads):
            if len(title) >= 2 and title in text and (best is None or len(title) > len(heads[best][1])):
                best = k
        if best is None:
            return None
        end = heads[best + 1][0] - 1 if best + 1 < len(heads) else 999
        return heads[best][0], end

    def deepest_existing(self, number: str) -> dict | None:
        while number:
            if number in self.by_number:
                return self.by_number[number]
            number = parent_of(number)
        return None


def _lead_phrase(context: str, raw: str) -> str:
    """The words right before a citation: "…和战斗清理（规则[440.1.a.]）" -> "和战斗清理"."""
    pos = context.find(raw)
    if pos < 0:
        return ""
    before = context[:pos].rstrip(" （(")
    cut = max(before.rfind(ch) for ch in "，。；：、）)“”")
    return before[cut + 1:]


def _context_text(c: Citation) -> str:
    """The part of the sentence that speaks about this citation: its comma clause, or the sentence if that is too short."""
    pos = c.context.find(c.raw)
    left = max(c.context.rfind(ch, 0, pos) for ch in "，、（(") if pos >= 0 else -1
    rights = [p for p in (c.context.find(ch, pos + len(c.raw)) for ch in "，、）)") if p != -1] if pos >= 0 else []
    part = c.context[left + 1:min(rights) if rights else len(c.context)]
    part = _CARD_TEXT.sub("", _CITE_TEXT.sub("", part))
    if len(_NON_TEXT.sub("", part)) < 6:
        part = _CARD_TEXT.sub("", _CITE_TEXT.sub("", c.context))
    return part


def _content_confidence(best: float, second: float) -> float:
    margin = (best - second) / best if best else 0.0
    return round(min(0.85, best * 1.4) * (0.7 + 0.3 * margin), 2)


def map_old_numbers(citations: list[Citation], rules: list[dict], index: RuleIndex | None = None) -> dict[str, Mapping]:
    """old number -> Mapping, for every distinct old number cited."""
    index = index or RuleIndex(rules)
    pooled: dict[str, list[Citation]] = {}
    for c in citations:
        if not c.explicit:
            pooled.setdefault(c.old_number, []).append(c)
    result: dict[str, Mapping] = {}
    for old, cites in pooled.items():
        titled = [index.by_title(_lead_phrase(c.context, c.raw)) for c in cites]
        titled = [t for t in titled if t]
        if titled:
            result[old] = Mapping(old, titled[0], TITLE_CONFIDENCE, "title")
            continue
        texts = list(dict.fromkeys(_context_text(c) for c in cites))
        # When the family's level-0 number is cited with a clause naming a section by its heading title
        # ("规则 [322.] 规定了清理的步骤顺序"), the whole family (322.2, 322.8 …) stays in that section.
        top = pooled.get(old.split(".")[0], [])
        section = index.section_of("\n".join(_context_text(c) for c in top)) if top else None
        kw = {"depth": old.count(".") + 1, "section": section}
        scored = _aggregate(index, texts, **kw)
        if not scored or scored[0][0] < MIN_CONTENT:
            # The clauses say too little: let the whole paragraph speak, at half weight.
            paragraphs = list(dict.fromkeys(_CARD_TEXT.sub("", _CITE_TEXT.sub("", c.paragraph or "")) for c in cites))
            scored = _aggregate(index, texts + paragraphs, weights=[1.0] * len(texts) + [0.5] * len(paragraphs), **kw)
        second = scored[1][0] if len(scored) > 1 else 0.0
        conf = _content_confidence(scored[0][0], second) if scored and scored[0][0] >= MIN_CONTENT else 0.0
        if conf >= MIN_CONFIDENCE:
            result[old] = Mapping(old, scored[0][1], min(conf, 0.6) if section else conf,
                                  "section" if section else "content")
        elif section:
            # Only the section is known: point at its heading rather than guess a paragraph.
            result[old] = Mapping(old, index.deepest_existing(f"{section[0]:03d}"), SECTION_CONFIDENCE, "section")
        else:
            result[old] = Mapping(old, None, conf, "content")  # unmapped: too weak to show
    _apply_structure(result, pooled, index)
    return result


def _aggregate(index: RuleIndex, texts: list[str], weights: list[float] | None = None,
               **kw) -> list[tuple[float, dict]]:
    """Score each citation's clause on its own, then combine: half the best clause, half the weighted mean.

    Pooling all clauses into one text lets a long, vague clause drown the one that names the rule.
    """
    weights = weights or [1.0] * len(texts)
    per_rule: dict[str, list[float]] = {}
    rules: dict[str, dict] = {}
    for text, w in zip(texts, weights):
        for score, rule in index.scores(text, **kw):
            per_rule.setdefault(rule["number"], []).append(score * w)
            rules[rule["number"]] = rule
    total = sum(weights) or 1.0
    out = [(0.5 * max(v) + 0.5 * sum(v) / total, rules[n]) for n, v in per_rule.items()]
    out.sort(key=lambda p: -p[0])
    return out


def _subtree_of(rule: dict | None, number: str) -> bool:
    return rule is not None and within(rule["number"], number)


def _apply_structure(result: dict[str, Mapping], pooled: dict[str, list[Citation]], index: RuleIndex) -> None:
    """Keep the old hierarchy: children under their mapped parent, siblings under one parent."""
    anchors = {o: m for o, m in result.items() if m.rule and m.evidence == "title"}
    for old, m in list(result.items()):
        if m.evidence == "title":
            continue
        target_parent, base_conf, exclude = None, 0.0, None
        # An old ancestor mapped by title: this number lies in that rule's subtree.
        anc = parent_of(old)
        while anc and target_parent is None:
            if anc in anchors:
                target_parent, base_conf = anchors[anc].rule["number"], anchors[anc].confidence * 0.8
            anc = parent_of(anc)
        # An old sibling mapped by title: this number is another child of that rule's parent.
        if target_parent is None:
            for other, am in anchors.items():
                if other != old and parent_of(other) == parent_of(old) and parent_of(am.rule["number"]):
                    target_parent, base_conf = parent_of(am.rule["number"]), am.confidence * 0.6
                    exclude = am.rule["number"]
                    break
        if target_parent is None or (_subtree_of(m.rule, target_parent) and not _subtree_of(m.rule, exclude or "-")):
            continue
        text = "\n".join(_context_text(c) for c in pooled[old])
        inside = [(s, r) for s, r in index.scores(text, root=target_parent)
                  if s >= MIN_CONTENT and not (exclude and _subtree_of(r, exclude))]
        rule = inside[0][1] if inside else index.deepest_existing(target_parent)
        result[old] = Mapping(old, rule, round(base_conf, 2), "structure")


def faq_ref_rows(entries: list[ParsedFaqEntry], citations: list[Citation], rules: list[dict],
                 suggest: int = 3, index: RuleIndex | None = None) -> list[dict]:
    """Rows of the faq_refs table: explicit and mapped citations, then content suggestions per entry."""
    index = index or RuleIndex(rules)
    mapped = map_old_numbers(citations, rules, index)
    files = {e.id: e.source_file for e in entries}
    rows, seen = [], set()
    for c in citations:
        key = (c.faq_id, c.old_number)
        if key in seen:
            continue
        seen.add(key)
        if c.explicit:
            rule = index.by_number.get(c.old_number)
            rows.append({"faq_id": c.faq_id, "raw": c.raw, "old_number": None, "rule_id": rule["id"] if rule else None,
                         "method": "explicit", "confidence": 1.0 if rule else 0.0})
            continue
        # An old number checked by hand against the official numbering (citation_review) is certain.
        fix = citation_review.by_number(files.get(c.faq_id, "")).get(c.old_number)
        rule = fix and (index.by_number.get(fix.resolve) or index.deepest_existing(fix.resolve))
        if rule:
            rows.append({"faq_id": c.faq_id, "raw": c.raw, "old_number": c.old_number, "rule_id": rule["id"],
                         "method": "renumbered", "confidence": 1.0})
            continue
        m = mapped[c.old_number]
        rows.append({"faq_id": c.faq_id, "raw": c.raw, "old_number": c.old_number,
                     "rule_id": m.rule["id"] if m.rule else None, "method": "mapped", "confidence": m.confidence})
    for e in entries:
        linked = {r["rule_id"] for r in rows if r["faq_id"] == e.id}
        if e.status_rule:
            rule = index.deepest_existing(e.status_rule)
            if rule:  # kept even when a citation maps to the same rule: it says something else
                # "status": the rule that superseded (wholly or in part) or disputes the ruling; "reviewed": the rule a
                # valid one was checked against.
                rows.append({"faq_id": e.id, "raw": None, "old_number": None, "rule_id": rule["id"],
                             "method": "status" if e.status != "valid" else "reviewed", "confidence": 1.0})
                linked.add(rule["id"])
        if not suggest:
            continue
        for score, rule in index.scores(_CARD_TEXT.sub("", e.question + "\n" + e.answer))[:suggest]:
            if score >= 0.2 and rule["id"] not in linked:
                rows.append({"faq_id": e.id, "raw": None, "old_number": None, "rule_id": rule["id"],
                             "method": "suggested", "confidence": round(min(score, 0.99), 2)})
    return rows
