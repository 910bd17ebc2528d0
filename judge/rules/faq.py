"""Parse the two FAQ documents into entries, errata and rule citations.

Core FAQ (origins-core-rules-faq): parts, topic headings "得分 (Scoring)", card sub-headings
"• 德莱厄斯-崔法利 (Darius, Trifarian)", "• 问：" / "• 答：" bullets nested by two spaces, revised card
texts "X (English) (修订文本)" (errata) and an appendix. Entry ids are "C-L<line of the question>".

Referee FAQ (origins-referee-faq): one paragraph per line. A line with "A：" is an example Q&A whose
question usually lost its beginning in extraction; the other lines are clarifications, some of
them carrying the tail of their question ("…吗？ 答案…"). Ids are "R-L<line>". Its citations
"规则 [322.2.]" belong to an older numbering and are kept raw here; faq_refs maps them by content.

The build stage (`stage`) lives at the bottom: it writes the faq, errata and faq_refs tables.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judge.records import Erratum
from judge.rules.zh_clean import clean, name_key

CORE_DOC = "core"
REFEREE_DOC = "referee"

PART_FAQ = "常见问题"
PART_RULINGS = "修订与澄清的裁定"
PART_APPENDIX = "附录"
PART_CLARIFICATION = "澄清"
PART_QA = "问答"


@dataclass
class Citation:
    faq_id: str
    raw: str  # as printed, e.g. "规则 [322.2.]"
    old_number: str  # normalized, e.g. "322.2"
    context: str  # the clause around the citation, for content mapping
    explicit: bool = False  # True when the number is already one of the current rules
    paragraph: str = ""  # the whole paragraph, the last resort for content mapping


@dataclass
class ParsedFaqEntry:
    """An entry as the parser builds it (bullet tree, cards, the status review); the store keeps it and
    readers get it back as judge.records.FaqEntry."""

    id: str
    doc: str
    part: str
    topic: str | None
    question: str
    answer: str = ""
    bullets: list[dict] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    truncated: int = 0
    source_file: str = ""
    source_line: int = 0
    end_line: int = 0
    status: str = "valid"
    superseded_by: str | None = None
    status_note: str | None = None
    status_rule: str | None = None  # the current rule the reviewed status rests on (any status)

    def full_text(self) -> str:
        """Question, answer and every bullet, for matching and card detection."""
        parts = [self.question, self.answer]

        def walk(items):
            for b in items:
                parts.append(b["text"])
                walk(b.get("children", []))

        walk(self.bullets)
        return "\n".join(p for p in parts if p)


@dataclass
class ParsedFaq:
    entries: list[ParsedFaqEntry]
    errata: list[Erratum]
    citations: list[Citation]
    # Card names met in the document: zh name -> English name (None if never paired).
    cards: dict[str, str | None]
    # Several Chinese names for one English card name (e.g. 雷霆之纹 / 风暴印记).
    card_aliases: dict[str, list[str]] = field(default_factory=dict)


# ---------------------------------------------------------------- core FAQ

_QUESTION = re.compile(r"^(?:•\s*)?问：\s*")
_ANSWER = re.compile(r"^(?:•\s*)?答：\s*")
_ERRATA_MARK = "(修订文本)"
# "中文名 (English Name)": the English part starts with a Latin letter or digit; one nested "(…)" allowed.
_PAIR = re.compile(r"([^()（）&“”]+?)\s*\(\s*\(?\s*([A-Za-z0-9][^()]*(?:\([^()]*\))?[^()]*)\)")
_HEADING = re.compile(r"^[^\s•].{0,60}\([A-Za-z0-9][^。]*\)\s*$")
_QUOTED_PAIR = re.compile(r"“\s*([^“”()]+?)\s*\(\s*([A-Z][^()“”]*?)\s*\)\s*”")
# Quoted like card names in the core FAQ but not cards: a keyword and a product.
_QUOTED_NOT_CARDS = {"绝念", "试炼之地"}
# English words that mark a heading of the FAQ's second part as a theme rather than a card name.
_THEME_WORDS = re.compile(r"\b(Cards|Errors|Units|Damage|Timing|Choices|SECTION|Appendix)\b")


def _pairs(text: str) -> list[tuple[str, str]]:
    out = []
    for zh, en in _PAIR.findall(text):
        zh = clean(zh.strip(" ，,、:：•*"))
        if zh:
            out.append((zh, en.strip()))
    return out


_ENGLISH_GROUP = re.compile(r"\s*(?:\(\s*)+[A-Za-z0-9][^()]*(?:\([^()]*\))?[^()]*\)")


def _topic_name(heading: str) -> str:
    """The Chinese part of a heading: "星落 (Falling Star) & 艾卡西亚暴雨 (Icathian Rain)" -> "星落 & 艾卡西亚暴雨"."""
    return clean(_ENGLISH_GROUP.sub("", heading)) or clean(heading)


class _BulletTree:
    """Nested bullets by indentation level, relative to the first level seen."""

    def __init__(self):
        self.roots: list[dict] = []
        self._stack: list[tuple[int, dict]] = []

    def add(self, level: int, node: dict) -> None:
        while self._stack and self._stack[-1][0] >= level:
            self._stack.pop()
        (self._stack[-1][1]["children"] if self._stack else self.roots).append(node)
        self._stack.append((level, node))


def parse_core(text: str, source_file: str = "origins-core-rules-faq.zh.txt") -> ParsedFaq:
    lines = text.splitlines()
    entries: list[ParsedFaqEntry] = []
    errata: list[Erratum] = []
    cards: dict[str, str | None] = {}
    part: str | None = None
    topic: str | None = None
    topic_cards: list[str] = []
    sub_card: str | None = None
    entry: ParsedFaqEntry | None = None
    tree: _BulletTree | None = None
    answer_level = 0

    def close():
        nonlocal entry, tree
        if entry is not None and tree is not None:
            entry.bullets = tree.roots
            entries.append(entry)
        entry, tree = None, None

    def new_entry(lineno: int, question: str, level: int) -> None:
        nonlocal entry, tree, answer_level
        close()
        entry = ParsedFaqEntry(
            id=f"C-L{lineno}", doc=CORE_DOC, part=part or PART_FAQ, topic=topic, question=question,
            source_file=source_file, source_line=lineno, end_line=lineno,
        )
        entry.cards = list(dict.fromkeys(([sub_card] if sub_card else []) + topic_cards))
        tree = _BulletTree()
        answer_level = level + 1

    i = 0
    while i < len(lines):
        lineno = i + 1
        raw = lines[i].replace("\u00a0", " ").rstrip()
        stripped = raw.strip()
        i += 1
        if not stripped or stripped == "•":
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        level = indent // 2
        is_bullet = stripped.startswith("•")
        body = stripped.lstrip("•").strip()

        if stripped.startswith("第一部分"):
            close()
            part, topic, topic_cards, sub_card = PART_FAQ, None, [], None
            continue
        if stripped.startswith("第二部分"):
            close()
            part, topic, topic_cards, sub_card = PART_RULINGS, None, [], None
            continue
        if part is None:
            continue  # preamble: the symbol guide is mined by the glossary, not an entry
        if stripped.startswith("附录"):
            close()
            part, topic, topic_cards, sub_card = PART_APPENDIX, _topic_name(stripped.split("：", 1)[-1]), [], None
            new_entry(lineno, clean(stripped.split("(")[0]), -1)
            answer_level = 0
            continue

        if _ERRATA_MARK in body:
            header, _, inline = body.replace("**", "").partition(_ERRATA_MARK)
            collected = [clean(inline.strip(" `"))] if inline.strip(" `") else []
            while i < len(lines):
                nxt = lines[i].replace("\u00a0", " ").rstrip()
                s = nxt.strip()
                if not s or s == "•":
                    if collected:
                        break
                    i += 1
                    continue
                if s.startswith("•") or _QUESTION.match(s) or _ANSWER.match(s) or _HEADING.match(s):
                    break
                collected.append(clean(s.strip("`")))
                i += 1
            pair = _pairs(header)
            zh, en = pair[0] if pair else (clean(header), None)
            cards.setdefault(zh, en)
            err = Erratum(
                id=f"E-L{lineno}", card_zh=zh, card_en=en, text="\n".join(collected),
                faq_id=entry.id if entry else None, source_line=lineno,
            )
            errata.append(err)
            if entry is not None and tree is not None:
                tree.add(max(level - answer_level, 0), {
                    "text": f"修订文本：{zh}" + (f" ({en})" if en else "") + "\n" + err.text,
                    "line": lineno, "errata": err.id, "children": [],
                })
                entry.end_line = i
                if zh not in entry.cards:
                    entry.cards.append(zh)
            continue

        if not is_bullet and indent == 0 and part != PART_APPENDIX and _HEADING.match(stripped):
            close()
            topic = _topic_name(stripped)
            sub_card = None
            is_theme = part == PART_FAQ or not _PAIR.search(stripped) or bool(_THEME_WORDS.search(stripped))
            topic_cards = [] if is_theme else [zh for zh, _ in _pairs(stripped)]
            for zh, en in ([] if is_theme else _pairs(stripped)):
                cards.setdefault(zh, en)
            continue

        if (is_bullet and level == 0 and part == PART_RULINGS and not _QUESTION.match(body)
                and not _ANSWER.match(body) and "。" not in body and _pairs(body)):
            close()
            sub_card = _pairs(body)[0][0]
            cards.setdefault(sub_card, _pairs(body)[0][1])
            continue

        if _QUESTION.match(stripped):
            new_entry(lineno, clean(_QUESTION.sub("", stripped)), level)
            continue

        if entry is None or tree is None:
            continue
        entry.end_line = lineno
        if _ANSWER.match(stripped) and not entry.answer:
            entry.answer = clean(_ANSWER.sub("", stripped))
            answer_level = level
            continue
        if entry.part == PART_APPENDIX and not entry.answer and not is_bullet:
            entry.answer = clean(body)
            continue
        text_clean = clean(body)
        if _ANSWER.match(stripped):
            text_clean = "答：" + clean(_ANSWER.sub("", stripped))
        tree.add(max(level - answer_level, 0), {"text": text_clean, "line": lineno, "children": []})
    close()

    # Cards quoted with their English name anywhere in parts 1-2: “蚀魂夜 (The Harrowing)”.
    first_part = next((n for n, l in enumerate(lines) if l.startswith("第一部分")), 0)
    for line in lines[first_part:]:
        for zh, en in _QUOTED_PAIR.findall(line):
            if clean(zh) not in _QUOTED_NOT_CARDS:
                cards.setdefault(clean(zh), en)
    _attach_cards(entries, cards)
    card_aliases = _card_aliases(cards)
    citations = [c for e in entries for c in _explicit_citations(e)]
    return ParsedFaq(entries, errata, citations, cards, card_aliases)


def _attach_cards(entries: list[ParsedFaqEntry], cards: dict[str, str | None]) -> None:
    """Each entry lists the known card names its text mentions, in order of first mention."""
    names = sorted(cards, key=len, reverse=True)
    for e in entries:
        text = e.full_text()
        found = [(text.find(n), n) for n in names if len(n) >= 2 and n in text]
        for _, n in sorted(found):
            if n not in e.cards and not any(n in longer for longer in e.cards):
                e.cards.append(n)


def _card_aliases(cards: dict[str, str | None]) -> dict[str, list[str]]:
    by_en: dict[str, list[str]] = {}
    for zh, en in cards.items():
        if en:
            by_en.setdefault(name_key(en), []).append(zh)
    return {k: v for k, v in by_en.items() if len(v) > 1}


_EXPLICIT_CITE = re.compile(r"规则\s*(\d{3}(?:\.(?:\d+|[a-z]))*)\.?")


def _explicit_citations(e: ParsedFaqEntry) -> list[Citation]:
    """Current-numbering citations "规则 349." in the core FAQ (it has none today; kept for newer FAQs)."""
    out = []
    for m in _EXPLICIT_CITE.finditer(e.full_text()):
        out.append(Citation(e.id, m.group(0), m.group(1), _clause(e.full_text(), m.start(), m.end()), explicit=True))
    return out


# ---------------------------------------------------------------- referee FAQ

_OLD_CITE = re.compile(r"规则\s*\[\s*(\d{3}(?:\.(?:\d+|[a-z]))*)\.?\s*\]")
_QA_MARK = re.compile(r"\s*A\s*：\s*")
# An answer whose question was lost entirely starts with the verdict.
_VERDICT_START = re.compile(r"^(可以|不可以|会|不会|能|不能|是的|不是|在这种情况下)[。，,]")
# A question that begins like a sentence; anything else lost its beginning in extraction.
_SENTENCE_START = re.compile(r"^(【|“|如果|若|当|在|假设|我方|对手|对方)")
# A paragraph cannot begin with these particles: the extraction cut off its beginning.
_MIDWORD_START = re.compile(r"^[所的之么了着]")
_BRACKET_CARD = re.compile(r"【([^【】]+)】")


def _clause(text: str, start: int, end: int) -> str:
    """The sentence around a match: from the previous 。；？ to the next one."""
    left = max(text.rfind(ch, 0, start) for ch in "。；？\n")
    rights = [p for p in (text.find(ch, end) for ch in "。；？\n") if p != -1]
    right = min(rights) if rights else len(text)
    return text[left + 1:right + 1].strip()


def _is_truncated_question(q: str) -> int:
    return int(bool(q) and not _SENTENCE_START.match(q))


def parse_referee(text: str, source_file: str = "origins-referee-faq.zh.txt") -> ParsedFaq:
    entries: list[ParsedFaqEntry] = []
    errata: list[Erratum] = []
    citations: list[Citation] = []
    cards: dict[str, str | None] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        raw = raw.replace("\u00a0", " ").strip()
        line = clean(raw)
        if not line or lineno == 1:
            continue  # line 1 is the title
        # Split on the raw line: cleaning removes the space that separates a question from its answer.
        qa = _QA_MARK.search(raw)
        if qa and (qa.start() == 0 or raw[qa.start() - 1] in "？?） )"):
            part, question, answer = PART_QA, clean(raw[:qa.start()]), clean(raw[qa.end():])
            truncated = 1 if not question else _is_truncated_question(question)
        else:
            part = PART_CLARIFICATION
            tail = re.search(r"[？?]\s+", raw)
            # "…结算过程？ 结算这类…": the tail of the lost question, then the ruling.
            if tail and "。" not in raw[:tail.end()]:
                question, answer = clean(raw[:tail.end()]), clean(raw[tail.end():])
                truncated = _is_truncated_question(question)
            else:
                question, answer = "", line
                truncated = 1 if _VERDICT_START.match(line) or _MIDWORD_START.match(line) else 0
        e = ParsedFaqEntry(
            id=f"R-L{lineno}", doc=REFEREE_DOC, part=part, topic=None, question=question, answer=answer,
            truncated=truncated, source_file=source_file, source_line=lineno, end_line=lineno,
        )
        e.cards = list(dict.fromkeys(_BRACKET_CARD.findall(line)))
        for c in e.cards:
            cards.setdefault(c, None)
        for m in _OLD_CITE.finditer(line):
            citations.append(Citation(e.id, clean(m.group(0)), m.group(1), _clause(line, m.start(), m.end()),
                                      paragraph=line))
        errata.extend(_referee_errata(e, line))
        entries.append(e)
    return ParsedFaq(entries, errata, citations, cards)


# "幻梦之树（英文版修订后） When a player …": an English-only revised text inside an answer.
_REFEREE_ERRATA = re.compile(r"([\u4e00-\u9fff][^\s（(。，]*)\s*[（(]英文版修订后[）)]\s*(.+)$")


def _referee_errata(e: ParsedFaqEntry, line: str) -> list[Erratum]:
    m = _REFEREE_ERRATA.search(line)
    if not m:
        return []
    return [Erratum(id=f"E-R-L{e.source_line}", card_zh=m.group(1), card_en=None, text=m.group(2).strip(),
                    faq_id=e.id, source_line=e.source_line, doc=REFEREE_DOC)]


# ---------------------------------------------------------------- loading

def _doc_text(docs, kind: str) -> tuple[str, str] | None:
    for d in docs:
        if d.kind == kind:
            return d.read_text(), d.file
    return None


def parse_documents(docs) -> tuple[ParsedFaq | None, ParsedFaq | None]:
    """Parse the manifest's faq-core and faq-referee documents (either may be absent)."""
    core = _doc_text(docs, "faq-core")
    referee = _doc_text(docs, "faq-referee")
    return (parse_core(core[0], core[1]) if core else None,
            parse_referee(referee[0], referee[1]) if referee else None)


def parse_shipped() -> tuple[ParsedFaq, ParsedFaq]:
    """Parse the FAQs of rules_corpus/ without building the store (for tests and tools)."""
    from judge.paths import corpus_dir

    root = Path(corpus_dir())
    return (parse_core((root / "origins-core-rules-faq.zh.txt").read_text(encoding="utf-8")),
            parse_referee((root / "origins-referee-faq.zh.txt").read_text(encoding="utf-8")))


# ---------------------------------------------------------------- the FAQ content of the store

@dataclass
class FaqContent:
    """Both FAQs parsed, their statuses applied and their entries linked to the current rules."""

    core: ParsedFaq | None
    referee: ParsedFaq | None
    entries: list[ParsedFaqEntry]
    errata: list[Erratum]
    links: list[dict]      # faq_id, raw, old_number, rule_id, method, confidence (judge.rules.faq_refs)
    status_problems: list[str]


def build_faq(docs, rules: list[dict]) -> FaqContent:
    """Pure: the FAQ documents of `docs` against `rules` (rule rows of the current version)."""
    from judge.rules import faq_refs, faq_status

    core, referee = parse_documents(docs)
    parsed = [p for p in (core, referee) if p is not None]
    entries = [e for p in parsed for e in p.entries]
    problems = faq_status.apply_status(entries, rules=rules)
    if referee is not None:
        problems += faq_status.apply_referee_topics(referee.entries)
    citations = [c for p in parsed for c in p.citations]
    links = faq_refs.faq_ref_rows(entries, citations, rules)
    return FaqContent(core, referee, entries, [x for p in parsed for x in p.errata], links, problems)
