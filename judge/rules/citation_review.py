"""Reviewed citations whose number or title disagrees with the official numbering (v1.4).

The Chinese text sometimes cites a number that, in the official numbering, is another rule
("规则 740.2.a" for the costs within instructions of 740.4.a), or a right number under its parent's
title ("规则 317.2.回合结束阶段": 回合结束阶段 is 317). `data/citation_corrections.tsv` lists them, each
checked by hand: the cited title goes to the rule it names (`holder`), the reference to the rule it
means (`resolve`), and every view that shows the reference says what the text wrote.
"""

from __future__ import annotations

import os
import re

# Import-light on purpose: `judge rule` (the cold-start path) labels references with this module.
PATH = os.path.join(os.path.dirname(__file__), "data", "citation_corrections.tsv")
COLUMNS = ["file", "line", "cited", "subject", "holder", "resolve", "note"]
WHAT = "引用更正表"
OFFICIAL = "官方编号 v1.4"
CHECKED = f"已按{OFFICIAL} 人工核对"  # an old FAQ number renumbered by this table (faq_refs method "renumbered")
_NUMBER = re.compile(r"\d{3}(?:\.(?:\d+|[a-z]))*")


class Correction:
    """One reviewed row: file, line, cited (as written), subject, holder, resolve, note."""

    __slots__ = ("file", "line", "cited", "subject", "holder", "resolve", "note")

    def __init__(self, file: str, line: int, cited: str, subject: str, holder: str, resolve: str, note: str):
        self.file, self.line, self.cited, self.subject = file, line, cited, subject
        self.holder, self.resolve, self.note = holder, resolve, note

    def __repr__(self) -> str:
        return f"Correction({self.file}:{self.line} {self.cited} {self.subject} -> {self.holder}/{self.resolve})"

    @property
    def moved(self) -> bool:
        """The reference goes to another number than the text wrote."""
        return self.resolve != self.cited

    def label(self) -> str:
        """What a judge is told next to the reference (Chinese)."""
        if self.moved:
            return f"正文写作 {self.cited}，按{OFFICIAL} 应为 {self.resolve}"
        return f"正文写作“{self.cited}.{self.subject}”；按{OFFICIAL}，“{self.subject}”是规则 {self.holder} 的标题"


def _number(text: str) -> str | None:
    """A rule number as the tree writes it ("740.2.a."/"740.2.a" -> "740.2.a"), None if it is not one."""
    m = _NUMBER.fullmatch(text.strip().rstrip("."))
    return m.group(0) if m else None


_cache: list[Correction] | None = None


def corrections(path: str = PATH) -> list[Correction]:
    """Every reviewed row; a malformed row is a CorpusError naming the file and line."""
    global _cache
    if path == PATH and _cache is not None:
        return _cache
    from judge.rules import tables

    out = []
    for lineno, cells in tables.rows(path, WHAT, COLUMNS, skip_header=True):
        if not cells[1].isdigit() or not all(_number(cells[i]) for i in (2, 4, 5)):
            raise tables.fail(WHAT, path, lineno, "line 应为行号，cited、holder、resolve 应为规则编号",
                              "每行一条：" + "<TAB>".join(COLUMNS) + "；以 # 开头的行是注释。")
        out.append(Correction(cells[0], int(cells[1]), _number(cells[2]), cells[3], _number(cells[4]),
                              _number(cells[5]), cells[6]))
    if path == PATH:
        _cache = out
    return out


def subject_of(c) -> str:
    """The words a citation names its rule by: its title, else the subject before it, else its gloss."""
    return c.title or c.context or c.gloss


def find(file: str, number: str, subject: str) -> Correction | None:
    """The reviewed correction of a citation of `file` writing `number` for `subject`."""
    number = _number(number) or number
    return next((k for k in corrections() if _same_text(k.file, file) and k.cited == number and k.subject == subject), None)


def _same_text(reviewed: str, file: str) -> bool:
    """A reviewed citation of the core rules holds for every version of them that cites the same number
    for the same subject: the subject's rule in the official numbering does not depend on the version."""
    core = ("core-rules-2", ".zh.txt")
    return reviewed == file or all(f.startswith(core[0]) and f.endswith(core[1]) for f in (reviewed, file))


def by_number(file: str) -> dict[str, Correction]:
    """Reviewed numbers of `file` by the number it wrote (the referee FAQ's older numbering: every
    citation of one old number means the same rule)."""
    return {k.cited: k for k in corrections() if k.file == file}


def of_citation(file: str, c) -> Correction | None:
    return find(file, c.number, subject_of(c))


def for_titles(file: str, cites: list) -> list:
    """The citations (judge.rules.citations.Citation) with each reviewed one renumbered to the rule its
    title names (`holder`)."""
    from dataclasses import replace

    out = []
    for c in cites:
        k = of_citation(file, c)
        out.append(replace(c, number=k.holder) if k else c)
    return out


def of_ref(ref) -> Correction | None:
    """The reviewed correction behind a stored reference (records.Ref), if any: the number its raw
    text wrote and the subject kept as its cited title."""
    m = _NUMBER.search(ref.raw or "")
    return find(ref.source_file, m.group(0), ref.cited_title) if m else None


def ref_label(ref) -> tuple[str, str]:
    """(title, note) to show next to a reference: the cited title and no note, or, for a reviewed
    stale citation, the subject (the target's own title when only the title was misplaced) and
    what the text wrote."""
    fix = of_ref(ref)
    if fix is None:
        return ref.cited_title or "", ""
    return (fix.subject if fix.moved else ref.to_title or ""), fix.label()


def annotate(rules, file: str) -> None:
    """The evidence of the rules a reviewed citation of `file` involves says what the text wrote."""
    by_num = {r.number: r for r in rules if r.number}
    for k in corrections():
        if k.file != file:
            continue
        where = f"正文第 {k.line} 行写作“规则 {k.cited}”（{k.subject}）"
        notes = {k.holder: f"{where}，按{OFFICIAL}，“{k.subject}”是本条。"}
        if k.cited != k.holder:
            notes[k.cited] = (f"{where}；{k.note}。" if k.cited == k.resolve
                              else f"{where}，按{OFFICIAL}，“{k.subject}”不是本条而是规则 {k.holder}。")
        if k.resolve not in notes:
            notes[k.resolve] = f"{where}，所指的是本条：{k.note}。"
        for number, note in notes.items():
            r = by_num.get(number)
            if r is not None and note not in r.evidence:
                r.evidence += note
