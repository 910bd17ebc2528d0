"""The shipped numbering map: official rule numbers for the corpus paragraphs, applied to the tree.

`rules_corpus/numbering-map.tsv` is an alignment of the current Chinese rules to the official
numbered rules text, made at development time (`judge corpus align PATH --lang en --export-map
rules_corpus/numbering-map.tsv`). It holds numbers and structure only: for each number its
role, the corpus paragraph it belongs to (document, line, hash of the normalised text), level,
parent, provenance, confidence and, for nodes without text, a Chinese title where the corpus or
the glossary names it.

Roles:
  para      the number of a corpus paragraph
  part      a further paragraph of the same rule (the extraction split one rule in two)
  merged    a rule whose text the corpus merged into the paragraph of another number
  heading   a heading the Chinese text dropped (title from a citation or the glossary, else the
            tool's own drafted title, marked as such: judge/rules/drafted.py)
  missing   a rule of 000-439 with no counterpart paragraph in the Chinese text
  absent    a rule of the chapters the corpus lacks (440-829): the skeleton of those chapters

`apply_map` is pure (rules in, rules out). Paragraphs the map does not know (a changed corpus
file) keep an inferred number that fits between their neighbours. `check_citations` is the
build's own check that the numbers the text cites agree with the map.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from judge.corpus.cleanup import normalise_for_match
from judge.errors import CorpusError
from judge.rules import drafted
from judge.rules.citations import Citation
from judge.rules.model import (
    ABSENT, CITED, INFERRED, OFFICIAL, Rule, format_number, parent_number, parse_number,
)

MAP_NAME = "numbering-map.tsv"
COLUMNS = ["number", "role", "document", "line", "text_sha", "level", "parent", "provenance",
           "confidence", "heading", "title", "checked"]
ROLES = ("para", "part", "merged", "heading", "missing", "absent")
UNTITLED = "〔中文正文缺此标题〕"   # shown for a dropped heading no source names (render)
ABSENT_NOTE = "正文未收录于语料"
_UNNAMED = "，也没有别处给出其中文标题。" + drafted.NOTE  # the evidence of a drafted heading title


class NumberingConflict(CorpusError):
    """A number the text states disagrees with the shipped map."""


def text_sha(text: str) -> str:
    """Stable key of a paragraph's text: immune to stray spaces and punctuation variants."""
    return hashlib.sha1(normalise_for_match(text).encode("utf-8")).hexdigest()[:12]


@dataclass
class MapRow:
    number: str
    role: str
    document: str = ""
    line: int = 0
    text_sha: str = ""
    provenance: str = OFFICIAL
    confidence: float = 1.0
    heading: bool = False
    title: str = ""
    checked: bool = False    # checked by hand against the reference (judge/rules/data/numbering_corrections.tsv)

    @property
    def level(self) -> int:
        return self.number.count(".")

    def cells(self) -> list[str]:
        return [self.number, self.role, self.document, str(self.line or ""), self.text_sha, str(self.level),
                parent_number(self.number) or "", self.provenance, f"{self.confidence:.3f}",
                "1" if self.heading else "", self.title, "hand" if self.checked else ""]


@dataclass
class NumberingMap:
    rows: list[MapRow]
    header: dict[str, str] = field(default_factory=dict)

    @property
    def document(self) -> str:
        return self.header.get("corpus_document", "")

    @property
    def corpus_sha256(self) -> str:
        return self.header.get("corpus_sha256", "")

    def write(self, path: Path) -> None:
        lines = [f"# {k}: {v}" for k, v in self.header.items()]
        lines.append("\t".join(COLUMNS))
        lines += ["\t".join(r.cells()) for r in self.rows]
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def map_path(root: Path | None = None) -> Path:
    from judge.paths import corpus_dir

    return (root or corpus_dir()) / MAP_NAME


def read_map(path: Path) -> NumberingMap:
    """The map file; CorpusError (Chinese, with file and line) if it is malformed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CorpusError(f"编号对照表不是有效的 UTF-8 文本：{path}") from None
    header: dict[str, str] = {}
    rows: list[MapRow] = []
    seen_columns = False
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            header[key.strip()] = value.strip()
            continue
        cells = line.split("\t")
        if not seen_columns:
            if cells != COLUMNS:
                raise CorpusError(f"编号对照表 {path} 第 {lineno} 行应为表头：{' '.join(COLUMNS)}",
                                  hint="请用 judge corpus align 参考文件 --export-map 重新生成。")
            seen_columns = True
            continue
        if len(cells) != len(COLUMNS):
            raise CorpusError(f"编号对照表 {path} 第 {lineno} 行应有 {len(COLUMNS)} 列，实有 {len(cells)} 列")
        number, role, doc, ln, sha, _level, _parent, prov, conf, heading, title, checked = cells
        if parse_number(number) is None or role not in ROLES:
            raise CorpusError(f"编号对照表 {path} 第 {lineno} 行：编号“{number}”或类型“{role}”无效",
                              hint="类型应为 " + "、".join(ROLES) + " 之一。")
        try:
            rows.append(MapRow(number, role, doc, int(ln) if ln else 0, sha, prov, float(conf),
                               heading == "1", title, checked == "hand"))
        except ValueError:
            raise CorpusError(f"编号对照表 {path} 第 {lineno} 行：行号或置信度不是数字") from None
    return NumberingMap(rows, header)


def load_shipped(root: Path | None = None) -> NumberingMap | None:
    path = map_path(root)
    return read_map(path) if path.is_file() else None


# ---------------------------------------------------------------- applying the map to a tree

def _evidence(row: MapRow, label: str) -> str:
    if row.checked:
        return f"已逐段对照{label}人工核对。" + ("语料把此条拆成了几段，已合并显示。" if row.role == "part" else "")
    if row.role == "part":
        return f"{label}中此条为一段，语料把它拆成了几段，已合并显示。对齐置信度 {row.confidence:.2f}。"
    if row.provenance == INFERRED:
        return (f"按{label}对齐得出，但对齐置信度仅 {row.confidence:.2f}，仅作推断。" if row.confidence
                else f"{label}中没有与此段对应的条文（中文正文新增或改写）；编号按前后条推断。")
    return f"对齐置信度 {row.confidence:.2f}。"


def _node(row: MapRow, version: str, label: str) -> Rule:
    if row.role == "absent":
        # Whether the node is a heading is the official text's structure (the map's flag), whoever
        # titles it: a citation, the glossary, or the tool's own draft.
        if not row.title and drafted.title_of(row.number):
            # No Chinese title anywhere: the tool's own, marked as such (judge/rules/drafted.py).
            return Rule(version, row.number, ABSENT, 1.0, f"编号与层级取自{label}；{ABSENT_NOTE}。{drafted.NOTE}",
                        title=drafted.title_of(row.number), is_heading=row.heading)
        return Rule(version, row.number, ABSENT, 1.0,
                    f"编号与层级取自{label}；{ABSENT_NOTE}。", title=row.title, is_heading=row.heading)
    if row.role == "heading":
        # When no source names the dropped heading: the tool's own title, marked (judge/rules/drafted.py).
        title = row.title or drafted.title_of(row.number)
        source = ("；标题取自正文引用、术语表或本节首条的定义。" if row.title
                  else _UNNAMED if title else "，也没有别处给出其中文标题。")
        return Rule(version, row.number, OFFICIAL, 1.0, f"{label}在此处有一个标题，中文正文在提取中丢失了它{source}",
                    title=title, is_heading=True)
    if row.role == "merged":
        return Rule(version, row.number, OFFICIAL, row.confidence,
                    f"{label}中此条单独编号；语料把它与规则 {row.title} 合成了一段，正文见规则 {row.title}。")
    return Rule(version, row.number, OFFICIAL, 1.0,
                f"{label}有此条，中文正文中没有与之对应的段落。")


def apply_map(rules: list[Rule], nmap: NumberingMap, version: str, document: str) -> list[Rule]:
    """The rules of `document` renumbered by the map, its nodes added; a new list in number order.
    Paragraph rules are matched by (line, text hash), then by text hash alone (a shifted line, or
    another edition of the same text: its unchanged paragraphs keep their official numbers)."""
    label = "官方编号规则文本" + (f"（{nmap.header['reference']}）" if nmap.header.get("reference") else "")
    paras = [r for r in rules if r.source_line and r.text]
    by_key = {(r.source_line, text_sha(r.text)): r for r in paras}
    by_sha: dict[str, list[Rule]] = {}
    for r in paras:
        by_sha.setdefault(text_sha(r.text), []).append(r)
    numbered: dict[str, Rule] = {}
    used: set[int] = set()
    out: list[Rule] = []
    for row in nmap.rows:
        if row.role in ("para", "part"):
            r = by_key.get((row.line, row.text_sha)) if row.document == document else None
            if r is None or id(r) in used:
                cands = [c for c in by_sha.get(row.text_sha, ()) if id(c) not in used]
                r = cands[0] if len(cands) == 1 else None
            if r is None:
                continue
            used.add(id(r))
            if row.role == "part" and row.number in numbered:
                owner = numbered[row.number]
                owner.text += r.text
                owner.examples += r.examples
                owner.source_lines += r.source_lines
                owner.raw += "\n" + r.raw
                if owner.number_source == OFFICIAL:
                    owner.evidence = _evidence(row, label)
                continue
            r.number, r.number_source, r.confidence = row.number, row.provenance, row.confidence
            r.evidence = _evidence(row, label)
            if row.heading and not r.title and len(r.text) <= 16 and not r.text.endswith(("。", "：")):
                r.title, r.is_heading = r.text, True
            numbered[row.number] = r
            out.append(r)
        elif row.number not in numbered:
            node = _node(row, version, label)
            numbered[row.number] = node
            out.append(node)
    # Paragraphs the map does not know: an inferred number between their neighbours.
    stray = [r for r in paras if id(r) not in used]
    if stray:
        vacant = [row.number for row in nmap.rows if row.role == "para" and row.number not in numbered]
        out = _place_strays(out, stray, label, vacant)
    # Cited nodes of the tree the map lacks (a citation of a number the official text does not have).
    for r in rules:
        if not r.source_line and r.number and r.number not in numbered:
            numbered[r.number] = r
            out.append(r)
    out.sort(key=lambda r: parse_number(r.number) or (10 ** 6,))
    for i, r in enumerate(out):
        r.ord = i
    return out


def _place_strays(out: list[Rule], stray: list[Rule], label: str, vacant: list[str]) -> list[Rule]:
    """Slot paragraphs the map does not cover in document order: an edited paragraph takes the vacant
    number of the map's paragraph between its neighbours; else a free child or sibling number."""
    stray_ids = {id(r) for r in stray}
    placed = sorted([r for r in out if r.source_line] + stray, key=lambda r: r.source_line)
    taken = {r.number for r in out if r.number}
    numbers = [None if id(r) in stray_ids else r.number for r in placed]
    for i, r in enumerate(placed):
        if id(r) not in stray_ids:
            continue
        prev = next((numbers[k] for k in range(i - 1, -1, -1) if numbers[k]), None)
        nxt = next((numbers[k] for k in range(i + 1, len(numbers)) if numbers[k]), None)
        node = _absent_titled(out, r, prev)
        if node is not None:
            # A newer text adds a section the corpus lacked: its heading fills the skeleton node.
            out.remove(node)
            numbers[i] = node.number
            r.number, r.number_source, r.confidence = node.number, CITED, 1.0
            r.title, r.is_heading = r.text, True
            r.evidence = f"此标题与{label}中规则 {node.number} 的中文标题一致（该节原本未收录于语料）。"
            continue
        lo, hi = parse_number(prev) if prev else None, parse_number(nxt) if nxt else None
        number = next((v for v in vacant if v not in taken and (lo is None or parse_number(v) > lo)
                       and (hi is None or parse_number(v) < hi)), None) or free_number(prev, nxt, taken)
        if number is None:
            # No number fits between the neighbours: the paragraph continues the rule before it.
            owner = next((placed[k] for k in range(i - 1, -1, -1) if numbers[k] and id(placed[k]) not in stray_ids), None)
            if owner is not None:
                owner.text += r.text
                owner.examples += r.examples
                owner.source_lines += r.source_lines
                owner.raw += "\n" + r.raw
                continue
            number = "000." + str(i + 1)
        numbers[i] = number
        r.number, r.number_source, r.confidence = number, INFERRED, 0.3
        r.evidence = f"此段不在编号对照表中（语料文件可能已改动）；编号按前后条推断，未经{label}确认。"
        taken.add(number)
    return out + [r for r in stray if r.number]


def _absent_titled(out: list[Rule], r: Rule, prev: str | None) -> Rule | None:
    """The skeleton node (absent) after `prev` whose Chinese title is this short paragraph's text."""
    if len(r.text) > 16 or not prev:
        return None
    lo = parse_number(prev)
    t = normalise_for_match(r.text)
    return next((n for n in out if n.number_source == ABSENT and n.title and normalise_for_match(n.title) == t
                 and (parse_number(n.number) or (0,)) > lo), None)


def free_number(prev: str | None, nxt: str | None, taken: set[str]) -> str | None:
    """An unused number strictly between prev and nxt: the next sibling of prev or of an ancestor of
    prev, else a new child of prev (after its existing children)."""
    lo = parse_number(prev) if prev else None
    hi = parse_number(nxt) if nxt else None
    if lo is None:
        return None

    def fits(k):
        return k > lo and (hi is None or k < hi) and format_number(k) not in taken

    for depth in range(len(lo), 0, -1):
        k = lo[:depth - 1] + (lo[depth - 1] + 1,)
        if fits(k):
            return format_number(k)
    for child in range(1, 60):
        k = lo + (child,)
        if fits(k):
            return format_number(k)
    return None


# ---------------------------------------------------------------- the build's own check

def check_citations(rules: list[Rule], cites: list[Citation]) -> list[str]:
    """Disagreements between what the text cites ("规则 103.3.符文牌堆") and the mapped tree: the
    cited number must exist, and where it is cited with titles, the rule of that number must be the
    one at least one of them names (its title, or a paragraph opening with it: the text sometimes
    cites one rule under two wordings, "打出卡牌" and "打出过程"). Returns Chinese messages."""
    by_num = {r.number: r for r in rules if r.number}
    titles: dict[str, list[str]] = {}
    problems = []
    for c in cites:
        key = parse_number(c.number)
        if key is None:
            continue
        number = format_number(key)
        if number not in by_num:
            problems.append(f"正文引用了规则 {number}，但编号对照表中没有这个编号")
        elif c.title:
            titles.setdefault(number, []).append(c.title)
    for number, cited in titles.items():
        r = by_num[number]
        if r.number_source == ABSENT or (r.is_heading and (not r.title or drafted.is_drafted(r.title))):
            continue
        if any(_names(r, t) for t in cited):
            note = f"正文引用“规则 {number}.{cited[0]}”与此一致。"
            if note not in r.evidence:
                r.evidence += note
        else:
            problems.append(f"正文引用“规则 {number}.{cited[0]}”，但编号对照表把 {number} 给了“{r.title or r.text[:20]}”")
    return sorted(set(problems))


def _names(r: Rule, title: str) -> bool:
    t = normalise_for_match(title)
    own = normalise_for_match(r.title)
    return bool(own and (t in own or own in t)) or normalise_for_match(r.text).startswith(t)


def fill_cited_titles(rules: list[Rule], cites: list[Citation]) -> None:
    """Nodes without text take the title the text cites them by (the corpus's own words)."""
    by_num = {r.number: r for r in rules if r.number}
    for c in cites:
        key = parse_number(c.number)
        r = by_num.get(format_number(key)) if key else None
        if r is None or r.source_line or not (c.title or c.context):
            continue
        if not r.title or (drafted.is_drafted(r.title) and r.number_source != ABSENT):
            # The text's own words replace a title the tool drafted for a dropped heading.
            r.title = c.title or c.context
            # An absent node keeps the map's flag: being named by a citation does not make it a heading.
            r.is_heading = r.is_heading or r.number_source != ABSENT
            r.evidence = r.evidence.replace(_UNNAMED, "；标题取自正文引用。")
