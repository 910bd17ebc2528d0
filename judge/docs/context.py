"""Where everything lives in the generated site, so any page can link to any rule, FAQ entry or ruling.

Pages are registered first (rules grouped into section pages, FAQ into part pages, one page per
ruling); the page writers then ask this registry for relative links.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from judge.docs.data import DocsData, FaqEntry, Rule
from judge.docs.markup import esc, link, rel, rule_anchor, slug
from judge.docs.rulings_model import Ruling
from judge.rules.number import RuleNumber


def number_key(number: str) -> tuple:
    """Numeric order of rule numbers (RuleNumber's): 9 < 10, '352.8.a' < '352.8.b' < '352.10'; anything
    that is not a rule number sorts after them, by its text."""
    n = RuleNumber.strict(number)
    return (0, n.key, "") if n else (1, (), number)


def top_number(number: str) -> str:
    return number.split(".", 1)[0]


@dataclass
class RuleSection:
    page: str                 # e.g. "rules/349.md"
    first: str                # first level-0 number
    title: str                # plain text (escape when rendering)
    chapter: str              # e.g. "300–399"
    rules: list[Rule] = field(default_factory=list)
    absent: bool = False


@dataclass
class FaqPage:
    page: str
    title: str
    doc: str
    part: str
    entries: list[FaqEntry] = field(default_factory=list)


def chapter_of(number: str) -> str:
    top = top_number(number)
    if top.isdigit():
        base = int(top) // 100 * 100
        return f"{base:03d}–{base + 99:03d}"
    return "其他"


DOC_LABELS = (("referee", "裁判 FAQ"), ("裁判", "裁判 FAQ"))


def doc_label(doc: str) -> str:
    low = doc.lower()
    for needle, label in DOC_LABELS:
        if needle in low:
            return label
    return "核心规则 FAQ"


def _short(text: str, n: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


class SiteContext:
    def __init__(self, data: DocsData, rulings: list[Ruling]):
        self.data = data
        self.rulings = rulings
        self.sections = self._group_rules(data.rules)
        self.rule_page: dict[str, str] = {}
        self.rule_anchor: dict[str, str] = {}
        for section in self.sections:
            used: set[str] = set()
            for r in section.rules:
                anchor = rule_anchor(r.number or r.id)
                base, n = anchor, 2
                while anchor in used:
                    anchor, n = f"{base}-{n}", n + 1
                used.add(anchor)
                self.rule_page[r.id] = section.page
                self.rule_anchor[r.id] = anchor
        self.faq_pages = self._group_faq(data.faq)
        self.faq_page: dict[str, str] = {}
        self.faq_anchor: dict[str, str] = {}
        for fp in self.faq_pages:
            for e in fp.entries:
                self.faq_page[e.id] = fp.page
                self.faq_anchor[e.id] = slug(e.id, "faq-")
        self.ruling_page: dict[str, str] = {}
        self.ruling_of_path: dict[str, Ruling] = {}  # scenario path -> its (first) ruling
        used_pages: set[str] = set()
        for ru in rulings:
            self.ruling_of_path.setdefault(ru.path, ru)
            page = f"rulings/{slug(ru.folder or ru.topic)}/{slug(ru.slug)}.md"
            base, n = page[:-3], 2
            while page in used_pages:
                page, n = f"{base}-{n}.md", n + 1
            used_pages.add(page)
            self.ruling_page[ru.path] = page
        # Each ruling once per rule / FAQ entry it cites, in the rulings' order (deduplicated per ruling:
        # scanning the lists for it would compare dataclasses field by field, for every citing ruling).
        self.rulings_citing: dict[str, list[Ruling]] = defaultdict(list)
        self.rulings_citing_faq: dict[str, list[Ruling]] = defaultdict(list)
        for ru in rulings:
            cited = dict.fromkeys(r.id for r in map(self.resolve_number, ru.cited_rules) if r)
            for rule_id in cited:
                self.rulings_citing[rule_id].append(ru)
            for fid in dict.fromkeys(fid for step in ru.steps for fid in step.faq):
                self.rulings_citing_faq[fid].append(ru)
        self.link_count = 0

    # ---- grouping -------------------------------------------------------------------------
    @staticmethod
    def _group_rules(rules: list[Rule]) -> list[RuleSection]:
        by_top: dict[str, list[Rule]] = defaultdict(list)
        loose: list[Rule] = []
        for r in rules:
            if r.number:
                by_top[top_number(r.number)].append(r)
            else:
                loose.append(r)
        sections: list[RuleSection] = []
        current: RuleSection | None = None
        for top in sorted(by_top, key=number_key):
            members = sorted(by_top[top], key=lambda r: (number_key(r.number), r.ord))
            head = next((r for r in members if r.number == top), None)
            absent = all(r.number_source == "absent" for r in members)
            starts = (
                current is None
                or (head is not None and head.is_heading)
                or absent
                or current.absent
                or chapter_of(top) != current.chapter
            )
            if starts:
                title = (head.title or _short(head.text, 24)) if head else ""
                label = (head.display_number if head else top)
                current = RuleSection(
                    page=f"rules/{slug(top)}.md", first=top,
                    title=f"{label} {title}".strip(), chapter=chapter_of(top), absent=absent,
                )
                sections.append(current)
            current.rules.extend(members)
        if loose:
            if not sections:
                sections.append(RuleSection(page="rules/other.md", first="", title="未编号段落", chapter="其他"))
            sections[-1].rules.extend(loose)
        return sections

    @staticmethod
    def _group_faq(entries: list[FaqEntry]) -> list[FaqPage]:
        pages: list[FaqPage] = []
        index: dict[tuple[str, str], FaqPage] = {}
        doc_n: dict[str, int] = defaultdict(int)
        for e in entries:
            key = (e.doc, e.part)
            if key not in index:
                doc_n[e.doc] += 1
                label = doc_label(e.doc)
                title = f"{label}：{e.part}" if e.part else label
                fp = FaqPage(page=f"faq/{slug(e.doc)}-{doc_n[e.doc]}.md", title=title, doc=e.doc, part=e.part)
                index[key] = fp
                pages.append(fp)
            index[key].entries.append(e)
        return pages

    # ---- resolving ------------------------------------------------------------------------
    def resolve_number(self, number: str) -> Rule | None:
        """A rule of the current version by number or id (tolerates '≈', '规则', a trailing dot)."""
        if not number:
            return None
        if number in self.data.rules_by_id and number in self.rule_page:
            return self.data.rules_by_id[number]
        n = number.strip().lstrip("≈").replace("规则", "").strip().rstrip(".").strip("[]").rstrip(".")
        return self.data.rule_by_number.get(n)

    # ---- links ----------------------------------------------------------------------------
    def rule_href(self, from_page: str, rule: Rule) -> str | None:
        page = self.rule_page.get(rule.id)
        if not page:
            return None
        return rel(from_page, page, self.rule_anchor[rule.id])

    def rule_link(self, from_page: str, rule_or_number, label: str | None = None) -> str:
        """Escaped Markdown: a link to the rule, or its number as plain text if it is not in the site."""
        rule = rule_or_number if isinstance(rule_or_number, Rule) else self.resolve_number(str(rule_or_number))
        if rule is None:
            shown = str(rule_or_number).split(":", 1)[-1]
            return esc(label or shown) + "（不在规则树中）"
        href = self.rule_href(from_page, rule)
        text = esc(label or rule.display_number or rule.number)
        if href is None:
            return text
        self.link_count += 1
        return link(text, href)

    def faq_link(self, from_page: str, faq_id: str, label: str | None = None) -> str:
        entry = self.data.faq_by_id.get(faq_id)
        if entry is None or faq_id not in self.faq_page:
            return esc(label or faq_id)
        self.link_count += 1
        text = esc(label or faq_label(entry))
        return link(text, rel(from_page, self.faq_page[faq_id], self.faq_anchor[faq_id]))

    def ruling_link(self, from_page: str, ruling: Ruling) -> str:
        self.link_count += 1
        return link(esc(ruling.title), rel(from_page, self.ruling_page[ruling.path]))

    def page_link(self, from_page: str, to_page: str, label_md: str, anchor: str = "") -> str:
        self.link_count += 1
        return link(label_md, rel(from_page, to_page, anchor))


def faq_label(entry: FaqEntry) -> str:
    head = entry.card or entry.topic
    q = _short(entry.question or entry.answer, 30)
    return f"{head}：{q}" if head else q


_CITATION = re.compile(r"规则\s*\[?\s*(\d{3}(?:\s*\.\s*(?:\d+|[a-z]))*)")


def citation_spans(text: str) -> list[tuple[int, int, str]]:
    """'规则 349.打出卡牌' style citations in free text: (start, end, number)."""
    out = []
    for m in _CITATION.finditer(text):
        number = re.sub(r"\s+", "", m.group(1)).rstrip(".")
        out.append((m.start(), m.end(), number))
    return out
