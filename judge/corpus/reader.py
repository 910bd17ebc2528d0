"""Read a rules document into paragraphs, keeping each paragraph's source file and lines.

Unnumbered documents: one non-empty line is one paragraph, except a rule split over two
lines (joined back) and the stand-alone "举例：" / "想获取更多有关信息" lines that belong to the
rule above them. Numbered documents (the older excerpt): the printed number and the bullet
indentation ("•", two spaces per level) are read as structure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.cleanup import clean_text

EXAMPLE_MARK = "举例："
_SEE_ALSO = re.compile(r"^(想获取更多(有关)?.{0,12}信息|请查阅规则)")
_HEADER = re.compile(r"^(《.*》.*|最后更新时间.*|规则检索)$")
_NUMBERED = re.compile(r"^(?P<indent>\s*)(?:•\s*)?(?P<number>\d{3}(?:\.\d+)?(?:\.[a-z])?(?:\.\d+)?)\.\s*(?P<text>.*)$")
_TERMINAL = "。：”）)！？；…"
# A line that cannot end a sentence: the extraction cut it at the page edge.
_DANGLING_END = set("，、的该在出与和或及将选把被对从向为以")


@dataclass
class Paragraph:
    text: str                      # cleaned rule text, examples removed
    lines: list[int]               # 1-based source lines
    raw: str                       # the source lines joined, untouched (provenance and the no-loss check)
    examples: list[tuple[str, int]] = field(default_factory=list)
    number: str | None = None      # printed number (numbered documents only)
    depth: int | None = None       # bullet depth (numbered documents only)
    bullet: bool = False           # a "*" list item
    header: bool = False           # document title / date line, not a rule

    @property
    def line(self) -> int:
        return self.lines[0]


def _quotes_open(text: str) -> bool:
    return text.count("“") > text.count("”")


def _continues(prev: str, nxt: str) -> bool:
    """True when `nxt` is the second half of a sentence the extraction split after `prev`."""
    prev = prev.rstrip()
    if not prev or prev[-1] in _TERMINAL:
        return False
    if prev.endswith("，"):
        return True
    if len(prev) < 40:  # short unpunctuated lines are headings or list items
        return False
    return _quotes_open(prev) or prev[-1] in _DANGLING_END or nxt.lstrip()[:1] in ("的", "时")


def split_examples(text: str, line: int) -> tuple[str, list[tuple[str, int]]]:
    """Separate the "举例：" blocks of a paragraph from its rule text."""
    parts = text.split(EXAMPLE_MARK)
    body = parts[0].strip()
    examples = [(p.strip(), line) for p in parts[1:] if p.strip()]
    return body, examples


def _raw_lines(text: str) -> list[tuple[int, str]]:
    return [(i, l) for i, l in enumerate(text.splitlines(), start=1) if l.strip()]


def read_unnumbered(text: str) -> list[Paragraph]:
    """Paragraphs of a document whose numbers were lost."""
    merged: list[tuple[list[int], str]] = []
    for lineno, line in _raw_lines(text):
        if merged and _continues(merged[-1][1], line):
            merged[-1][0].append(lineno)
            merged[-1] = (merged[-1][0], merged[-1][1].rstrip() + line.strip())
            continue
        merged.append(([lineno], line))

    paras: list[Paragraph] = []
    for lines, raw in merged:
        cleaned = clean_text(raw)
        if not paras and _HEADER.match(cleaned) or (paras and all(p.header for p in paras) and _HEADER.match(cleaned)):
            paras.append(Paragraph(cleaned, lines, raw, header=True))
            continue
        bullet = cleaned.startswith("*")
        if bullet:
            cleaned = cleaned.lstrip("* ").strip()
        body, examples = split_examples(cleaned, lines[0])
        rule_paras = paras if paras and not paras[-1].header else []
        # A line that is only an example, or only a "see also", belongs to the rule above it.
        if rule_paras and not body and examples:
            target = rule_paras[-1]
            target.examples.extend(examples)
            target.lines.extend(lines)
            target.raw += "\n" + raw
            continue
        if rule_paras and _SEE_ALSO.match(body) and not examples:
            target = rule_paras[-1]
            if target.examples:  # the see-also follows the examples: keep it with the last one
                ex, ln = target.examples[-1]
                target.examples[-1] = (ex + body, ln)
            else:
                target.text += body
            target.lines.extend(lines)
            target.raw += "\n" + raw
            continue
        paras.append(Paragraph(body, lines, raw, examples=examples, bullet=bullet))
    return paras


def read_numbered(text: str) -> list[Paragraph]:
    """Paragraphs of a document that prints its numbers and bullet indentation."""
    paras: list[Paragraph] = []
    for lineno, line in _raw_lines(text):
        m = _NUMBERED.match(line)
        if not m:
            # A continuation line without a number: part of the rule above.
            if paras:
                paras[-1].raw += "\n" + line
                paras[-1].lines.append(lineno)
                body, examples = split_examples(clean_text(line), lineno)
                paras[-1].text += body
                paras[-1].examples.extend(examples)
            else:
                paras.append(Paragraph(clean_text(line), [lineno], line, header=True))
            continue
        number = m.group("number")
        depth = number.count(".")
        body, examples = split_examples(clean_text(m.group("text")), lineno)
        paras.append(Paragraph(body, [lineno], line, examples=examples, number=number, depth=depth))
    return paras


def looks_numbered(text: str) -> bool:
    lines = [l for _, l in _raw_lines(text)][:20]
    return sum(1 for l in lines if _NUMBERED.match(l)) >= max(3, len(lines) // 2)


def read_document(text: str) -> list[Paragraph]:
    return read_numbered(text) if looks_numbered(text) else read_unnumbered(text)
