"""Making the shipped numbering map from an official numbered reference (development time).

`judge corpus align PATH --lang en --export-map rules_corpus/numbering-map.tsv` aligns the
current rules document, numbered from its own text alone, to the reference, and writes
numbers and structure only: no text of the reference goes into the map. Headings the
Chinese text dropped and rules of chapters it lacks become nodes; their Chinese titles come
from the corpus's citations ("规则 349.打出卡牌") or from the glossary's term pairs, matched
on the whole heading.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

from judge.rules.align.confidence import CONFIDENT
from judge.rules.align.reference import Reference
from judge.rules.model import INFERRED, OFFICIAL, format_number, parse_number
from judge.rules.official import MapRow, NumberingMap, free_number, text_sha

CORPUS_END = 440   # the current Chinese text stops before 440: from there on the map is a skeleton
CORRECTIONS = Path(__file__).resolve().parent.parent / "data" / "numbering_corrections.tsv"


@dataclass
class Correction:
    """A paragraph whose official number was checked by hand against the reference."""
    line: int
    number: str
    merged: list[str]
    note: str


def read_corrections(path: Path = CORRECTIONS) -> list[Correction]:
    """The reviewed corrections (line, number, numbers merged into the paragraph, note)."""
    from judge.errors import CorpusError

    out = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith(("#", "line\t")):
            continue
        cells = line.split("\t")
        if len(cells) != 4 or not cells[0].isdigit() or parse_number(cells[1]) is None:
            raise CorpusError(f"编号更正表 {path} 第 {lineno} 行应为：行号、编号、合并的编号（以逗号分隔，可空）、说明")
        out.append(Correction(int(cells[0]), format_number(parse_number(cells[1])),
                              [m for m in cells[2].split(",") if m], cells[3]))
    return out


def _apply_corrections(by_index: dict, rows: list, body, corrections: list[Correction], document: str) -> None:
    """Hand-checked numbers replace the aligner's: a paragraph whose number an earlier paragraph
    already carries becomes a further part of that rule."""
    index_of = {r.source_line: i for i, r in enumerate(body)}
    for c in corrections:
        i = index_of.get(c.line)
        if i is None:
            continue
        row = by_index.get(i) or MapRow(c.number, "para", document, body[i].source_line, text_sha(body[i].text))
        row.number, row.provenance, row.confidence, row.checked = c.number, OFFICIAL, 1.0, True
        earlier = [k for k, r in by_index.items() if k < i and r.number == c.number and r is not row]
        row.role = "part" if earlier else "para"
        by_index[i] = row
        used = {c.number, *c.merged}
        rows[:] = [r for r in rows if not (r.role in ("missing", "heading", "merged") and r.number in used)]
        rows.extend(MapRow(m, "merged", confidence=1.0, title=c.number, checked=True) for m in c.merged)


def _norm_en(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", text.lower()).strip()


# Heading term pairs the glossary lacks, each named by the Chinese text itself (a citation's title:
# "规则 349.打出过程" names the heading of the process of play; 317.2.f names the expiration step).
HEADING_TERMS = {"the process of play": "打出过程", "expiration step": "失效步骤"}


def heading_terms(docs) -> dict[str, str]:
    """English heading term -> Chinese term, from the reviewed glossary and the core FAQ's pairs."""
    from judge.rules.align.glossary import project_pairs

    out: dict[str, str] = dict(HEADING_TERMS)
    for zh, en in project_pairs(docs):
        if zh and en:
            out.setdefault(_norm_en(en), zh)
    return out


def cited_titles(tree) -> dict[str, str]:
    from judge.rules.tree import _all_citations

    out: dict[str, str] = {}
    for c in _all_citations(tree.paragraphs, tree.doc.file):
        key = parse_number(c.number)
        if key and (c.title or c.context):
            out.setdefault(format_number(key), c.title or c.context)
    return out


DEFINES_RE = re.compile(r"^([\u4e00-\u9fff]{1,6}?)(?:指的是|是指)")


def _titles_from_definitions(rows: list[MapRow], body) -> None:
    """A dropped heading no citation or glossary names takes the term its first rule defines, in the
    Chinese text's own words ("抵挡伤害指的是…" under the heading of 437)."""
    text_at = {r.source_line: r.text for r in body}
    first_child: dict[str, MapRow] = {}
    for r in sorted((r for r in rows if r.role == "para"), key=lambda r: r.line):
        parent = r.number.rsplit(".", 1)[0] if "." in r.number else None
        if parent and parent not in first_child:
            first_child[parent] = r
    for r in rows:
        if r.role == "heading" and not r.title and r.number in first_child:
            m = DEFINES_RE.match(text_at.get(first_child[r.number].line, ""))
            term = re.sub(r"一张(卡)?牌$", "", m.group(1)) if m else ""   # "洞察一张卡牌指的是…": 洞察
            if len(term) >= 2:
                r.title = term


def _check_order(by_index: dict) -> None:
    from judge.errors import CorpusError

    keys = [(parse_number(by_index[i].number), by_index[i].role) for i in sorted(by_index)]
    for (a, ra), (b, rb) in zip(keys, keys[1:]):
        if b < a or (b == a and rb != "part"):
            raise CorpusError(f"编号对照表的编号不随文档顺序递增：{format_number(a)} 之后是 {format_number(b)}",
                              hint="请检查 judge/rules/data/numbering_corrections.tsv 中的更正。")


def export(docs, ref: Reference, glossary=None, command: str = "",
           corrections: list[Correction] | None = None) -> tuple[NumberingMap, dict]:
    """(the map, figures) for the current rules document of `docs` against `ref`."""
    from judge.rules.align.apply import align_tree
    from judge.rules.tree import build_trees, current_version

    version = current_version(docs)
    tree = build_trees(docs, numbering=None)[version]
    body, paras, al = align_tree(tree.rules, ref, glossary)
    refs = ref.rules
    titles = cited_titles(tree)
    terms = heading_terms(docs)

    def title_of(j: int) -> str:
        number = format_number(parse_number(refs[j].number))
        if number in titles:
            return titles[number]
        return terms.get(_norm_en(refs[j].text), "") if refs[j].is_heading else ""

    rows: list[MapRow] = []
    placed: list[tuple[int, MapRow]] = []      # paragraph rows by body index
    unaligned: list[int] = []
    for i, rule in enumerate(body):
        link = al.by_para.get(i)
        if link is None:
            unaligned.append(i)
            continue
        j = link.refs[0]
        number = format_number(parse_number(refs[j].number))
        conf = link.confidence_of(i)
        role = "para" if i == link.paras[0] else "part"
        row = MapRow(number, role, tree.doc.file, rule.source_line, text_sha(rule.text),
                     OFFICIAL if conf >= CONFIDENT else INFERRED, round(conf, 3), refs[j].is_heading)
        placed.append((i, row))
        if role == "para":
            for k in link.refs[1:]:
                rows.append(MapRow(format_number(parse_number(refs[k].number)), "merged",
                                   provenance=row.provenance, confidence=row.confidence, title=number))
    # Paragraphs the reference lacks: a free number between their neighbours, always inferred.
    taken = {format_number(parse_number(r.number)) for r in refs if parse_number(r.number)}
    ref_numbers = set(taken)
    by_index = dict(placed)
    for i in unaligned:
        prev = next((by_index[k].number for k in range(i - 1, -1, -1) if k in by_index), None)
        nxt = next((by_index[k].number for k in range(i + 1, len(body)) if k in by_index), None)
        number = free_number(prev, nxt, taken)
        if number is None:    # nothing fits between the neighbours: a further part of the rule before it
            owner = next((by_index[k] for k in range(i - 1, -1, -1) if k in by_index), None)
            if owner is not None:
                by_index[i] = MapRow(owner.number, "part", tree.doc.file, body[i].source_line,
                                     text_sha(body[i].text), INFERRED, 0.0)
            continue
        taken.add(number)
        by_index[i] = MapRow(number, "para", tree.doc.file, body[i].source_line, text_sha(body[i].text),
                             INFERRED, 0.0)
    for j in al.missing:
        key = parse_number(refs[j].number)
        if key is None:
            continue
        role = "absent" if key[0] >= CORPUS_END else ("heading" if refs[j].is_heading else "missing")
        rows.append(MapRow(format_number(key), role, heading=refs[j].is_heading, title=title_of(j)))
    original = {r.number for r in by_index.values()}
    _apply_corrections(by_index, rows, body, corrections if corrections is not None else read_corrections(),
                       tree.doc.file)
    # Reference numbers the corrections took off a paragraph: the rule has no Chinese counterpart.
    carried = {r.number for r in by_index.values()} | {r.number for r in rows}
    rows += by_index.values()
    rows += [MapRow(n, "missing") for n in sorted(original - carried, key=parse_number) if n in ref_numbers]
    _check_order(by_index)
    _titles_from_definitions(rows, body)
    rows.sort(key=lambda r: (parse_number(r.number), r.role != "para", r.line))
    nmap = NumberingMap(rows, {
        "numbering map": "official rule numbers of the corpus paragraphs (numbers and structure only)",
        "corpus_document": tree.doc.file,
        "corpus_sha256": tree.doc.sha256,
        "reference": f"{ref.name}，{ref.doc_date}" if ref.doc_date else ref.name,
        "reference_sha256": ref.sha256,
        "confident_threshold": f"{CONFIDENT:.2f}",
        "generated": dt.date.today().isoformat(),
        "regenerate": command or "judge corpus align REFERENCE --lang en --export-map rules_corpus/numbering-map.tsv",
    })
    return nmap, figures(nmap)


def figures(nmap: NumberingMap) -> dict:
    from collections import Counter

    paras = [r for r in nmap.rows if r.role in ("para", "part")]
    prov = Counter(r.provenance for r in paras)
    roles = Counter(r.role for r in nmap.rows)
    confident = prov.get(OFFICIAL, 0)
    return {"paragraphs": len(paras), "official": confident, "inferred": prov.get(INFERRED, 0),
            "checked": sum(1 for r in paras if r.checked),
            "confident_share": round(confident / len(paras), 4) if paras else 0.0,
            "roles": dict(roles)}
