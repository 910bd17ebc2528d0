"""Documents -> rule trees of every rules version, with examples, cross-references and absent nodes.

`build_trees(docs)` is pure (no database): judge.store writes the trees (judge.store.stages.tree).
Any MANIFEST entry of kind "rules" is parsed the same way; "rules-excerpt-numbered" documents
keep their printed numbers and also lend their structure to the unnumbered versions.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from judge.corpus.cleanup import normalise_for_match
from judge.corpus.manifest import Document
from judge.corpus.reader import Paragraph, read_document
from judge.records import Ref
from judge.rules.citations import Citation, find_citations
from judge.rules.model import ABSENT, CITED, CURRENT_VERSION, INFERRED, Rule, format_number, parse_number
from judge.rules import citation_review, official
from judge.rules.numbering import Excerpt, NumberingReport, numbered_items, recover
from judge.rules.official import NumberingMap

RULES_KIND = "rules"
NUMBERED_EXCERPT_KIND = "rules-excerpt-numbered"
EXCERPT_KIND = "rules-excerpt"
RULE_KINDS = (RULES_KIND, NUMBERED_EXCERPT_KIND, EXCERPT_KIND)


@dataclass
class VersionTree:
    doc: Document
    rules: list[Rule]
    paragraphs: list[Paragraph]
    refs: list[Ref] = field(default_factory=list)
    report: NumberingReport | None = None
    header: list[Paragraph] = field(default_factory=list)

    @property
    def version(self) -> str:
        return self.doc.version

    def by_number(self) -> dict[str, Rule]:
        return {r.number: r for r in self.rules if r.number}


def _all_citations(paras: list[Paragraph], file: str = "") -> list[Citation]:
    """The citations of the paragraphs and their examples; a reviewed stale one (citation_review) is
    renumbered to the rule its title names, so its title never lands on the wrong node."""
    out = []
    for p in paras:
        out.extend(find_citations(p.text))
        for ex, _ in p.examples:
            out.extend(find_citations(ex))
    return citation_review.for_titles(file, out) if file else out


def _rule_from_item(version: str, doc: Document, it) -> Rule:
    p = it.para
    return Rule(
        version=version, number=format_number(it.key) if it.key else None,
        number_source=it.source, confidence=it.confidence, evidence=it.evidence,
        text=p.text if p else "", title=it.title, is_heading=bool(it.title),
        examples=list(p.examples) if p else [], source_file=doc.file if p else "",
        source_line=p.line if p else 0, source_lines=list(p.lines) if p else [], raw=p.raw if p else "",
    )


def _paragraph_rule(doc: Document, p: Paragraph) -> Rule:
    """A paragraph not numbered yet (the numbering map gives it its number)."""
    return Rule(version=doc.version, number=None, number_source=INFERRED, confidence=0.0, evidence="",
                text=p.text, examples=list(p.examples), source_file=doc.file, source_line=p.line,
                source_lines=list(p.lines), raw=p.raw)


def _title_matches(rule: Rule, title: str) -> bool:
    if not title:
        return True
    t = normalise_for_match(title)
    return t == normalise_for_match(rule.title) or normalise_for_match(rule.text).startswith(t) \
        or t in normalise_for_match(rule.title)


def _confirm_citations(rules: list[Rule], cites: list[Citation]) -> None:
    """An inferred number whose rule carries the title a citation gives it becomes `cited`."""
    by_num = {r.number: r for r in rules if r.number}
    for c in cites:
        r = by_num.get(c.number)
        if r and c.title and r.number_source == INFERRED and _title_matches(r, c.title):
            r.number_source = CITED
            r.confidence = 1.0
            r.evidence = f"正文引用“规则 {c.number}.{c.title}”与本条标题/正文一致；" + r.evidence


def _add_cited_nodes(rules: list[Rule], cites: list[Citation], version: str) -> None:
    """Cited numbers with no rule: absent nodes (beyond the text) or unlocated cited nodes."""
    present = {r.number for r in rules if r.number}
    last_key = max((r.key for r in rules if r.key and r.number_source != ABSENT), default=(0,))
    wanted: dict[str, str] = {}
    for c in cites:
        key = parse_number(c.number)
        if not key:
            continue
        number = format_number(key)
        if number not in present:
            # A title after the number wins; else the subject named before it ("有关征服的信息，请查阅规则469.1").
            if c.title or not wanted.get(number):
                wanted[number] = c.title or wanted.get(number) or c.context
    # Ancestors of absent sub-rules exist too (447.2 implies 447).
    for number in list(wanted):
        key = parse_number(number)
        for n in range(1, len(key)):
            anc = format_number(key[:n])
            if anc not in present and anc not in wanted:
                wanted[anc] = ""
    keys = [r.key for r in rules]
    for number, title in sorted(wanted.items(), key=lambda kv: parse_number(kv[0])):
        key = parse_number(number)
        beyond = key[0] > last_key[0]
        rule = Rule(version=version, number=number, number_source=ABSENT if beyond else CITED,
                    confidence=1.0 if beyond else 0.5,
                    evidence=("正文引用了此编号，但语料中没有该部分的文本" if beyond
                              else "正文引用了此编号，但无法确定它对应哪一段文本"),
                    title=title, is_heading=bool(title))
        at = bisect.bisect_left(keys, key, key=lambda k: k or (0,))
        rules.insert(at, rule)
        keys.insert(at, key)


def build_refs(tree: VersionTree) -> None:
    """The citations of every rule of the tree, resolved against its numbers (again after renumbering)."""
    by_num = tree.by_number()
    for r in tree.rules:
        chunks = [(r.text, r.source_line)] + [(e, ln) for e, ln in r.examples]
        for text, line in chunks:
            for c in find_citations(text):
                key = parse_number(c.number)
                number = format_number(key) if key else c.number
                title = c.title
                fix = citation_review.of_citation(tree.doc.file, c)
                if fix is not None:   # a reviewed stale citation: the reference goes to the rule it means
                    number, title = fix.resolve, fix.subject
                target = by_num.get(number)
                tree.refs.append(Ref(from_rule=r.id, to_number=number, to_rule=target.id if target else None,
                                     cited_title=title, raw=c.raw, source_file=tree.doc.file,
                                     source_line=line or r.source_line))


def build_unnumbered(doc: Document, paras: list[Paragraph], excerpts: list[Excerpt],
                     numbering: NumberingMap | None = None) -> VersionTree:
    """The tree of an unnumbered rules document: numbers recovered from its own evidence, then, where
    the shipped numbering map covers the document, the official numbers (checked against the text's
    citations: a disagreement stops the build)."""
    body = [p for p in paras if not p.header]
    cites = _all_citations(body, doc.file)
    if numbering is not None and numbering.corpus_sha256 == doc.sha256:
        # The map was made from this very file: it numbers every paragraph, and the recovery from the
        # text alone (the costly part of the build) would be discarded.
        rules = [_paragraph_rule(doc, p) for p in body]
        report = NumberingReport()
    else:
        items, report = recover(body, cites, excerpts)
        rules = [_rule_from_item(doc.version, doc, it) for it in items]
        _confirm_citations(rules, cites)
        _add_cited_nodes(rules, cites, doc.version)
    if numbering is not None:
        rules = official.apply_map(rules, numbering, doc.version, doc.file)
        official.fill_cited_titles(rules, cites)
        citation_review.annotate(rules, doc.file)
        problems = official.check_citations(rules, cites)
        if problems:
            raise official.NumberingConflict(
                f"正文引用的编号与编号对照表 {official.MAP_NAME} 不一致（{len(problems)} 处）：" + "；".join(problems[:5]),
                hint="请核对语料与参考文本后用 judge corpus align 参考文件 --export-map 重新生成对照表。")
    for i, r in enumerate(rules):
        r.ord = i
    tree = VersionTree(doc, rules, body, report=report, header=[p for p in paras if p.header])
    build_refs(tree)
    return tree


def build_numbered(doc: Document, paras: list[Paragraph]) -> VersionTree:
    body = [p for p in paras if not p.header]
    items = numbered_items(body)
    rules = [_rule_from_item(doc.version, doc, it) for it in items]
    for i, r in enumerate(rules):
        r.ord = i
    tree = VersionTree(doc, rules, body, header=[p for p in paras if p.header])
    build_refs(tree)
    return tree


def build_plain_excerpt(doc: Document, paras: list[Paragraph]) -> VersionTree:
    """An unnumbered excerpt: paragraphs kept in order, numbered later only by alignment (diff)."""
    body = [p for p in paras if not p.header]
    rules = []
    for i, p in enumerate(body):
        rules.append(Rule(version=doc.version, number=None, number_source=INFERRED, confidence=0.0,
                          evidence="未编号的摘录：编号见 judge diff 的对齐结果", text=p.text,
                          examples=list(p.examples), source_file=doc.file, source_line=p.line,
                          source_lines=list(p.lines), raw=p.raw, ord=i))
    tree = VersionTree(doc, rules, body, header=[p for p in paras if p.header])
    build_refs(tree)
    return tree


def build_trees(docs: list[Document], numbering: NumberingMap | None | bool = True) -> dict[str, VersionTree]:
    """Every rules version of the corpus, keyed by version. `numbering`: the shipped numbering map
    (True: read it from the corpus folder; None/False: recover numbers from the text alone)."""
    if numbering is True:
        numbering = official.load_shipped(docs[0].path.parent if docs else None)
    numbering = numbering or None
    texts = {d.file: read_document(d.read_text()) for d in docs if d.kind in RULE_KINDS}
    excerpts = [Excerpt(d.version, [p for p in texts[d.file] if not p.header])
                for d in docs if d.kind == NUMBERED_EXCERPT_KIND]
    trees: dict[str, VersionTree] = {}
    for d in docs:
        if d.kind not in RULE_KINDS:
            continue
        paras = texts[d.file]
        if d.kind == NUMBERED_EXCERPT_KIND or any(p.number for p in paras):
            trees[d.version] = build_numbered(d, paras)
        elif d.kind == RULES_KIND:
            trees[d.version] = build_unnumbered(d, paras, excerpts, numbering)
        else:
            trees[d.version] = build_plain_excerpt(d, paras)
    return trees


def current_version(docs: list[Document]) -> str:
    """The version the tree is built from: CURRENT_VERSION if present, else the newest "rules" document."""
    versions = [d.version for d in docs if d.kind == RULES_KIND]
    if CURRENT_VERSION in versions:
        return CURRENT_VERSION
    return max(versions) if versions else CURRENT_VERSION
