"""Write tools/numbering-review.md: every paragraph whose number changed with the official numbering map.

    python tools/numbering_review.py [REFERENCE]   # from a checkout, after regenerating the map

With the official reference file given, it also measures the aligner alone (before the hand-checked
corrections) on it: confident share, and accuracy on the reviewed sample.

Compares the numbers the tree recovers from the Chinese text alone (the numbering shipped before the
map) with the numbers the map gives, counts the changes by region, and lists every changed paragraph
with how it was checked: the hand-reviewed sample (tests/fixtures/align/official-sample.truth.tsv),
the hand-reviewed corrections (judge/rules/data/numbering_corrections.tsv), or the aligner's confidence.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from judge.corpus import manifest  # noqa: E402
from judge.rules.model import INFERRED, OFFICIAL, parse_number  # noqa: E402
from judge.rules.align.export_map import read_corrections  # noqa: E402
from judge.rules.official import load_shipped  # noqa: E402
from judge.rules.tree import build_trees, current_version  # noqa: E402

SAMPLE = REPO / "tests" / "fixtures" / "align" / "official-sample.truth.tsv"
OUT = REPO / "tools" / "numbering-review.md"
REGIONS = [(0, 99, "000–099 黄金与白银规则"), (100, 199, "100–199 游戏概念（卡组、区域、卡牌、游戏物体）"),
           (200, 299, "200–299 费用与术语"), (300, 399, "300–399 回合、结算链、打出卡牌、技能"),
           (400, 439, "400–439 游戏行动")]


def region(number: str | None) -> str:
    key = parse_number(number) if number else None
    if not key:
        return "（无编号）"
    return next((name for lo, hi, name in REGIONS if lo <= key[0] <= hi), "其他")


def aligner_figures(docs, sample: dict[int, str]) -> list[str]:
    """The aligner alone on the official reference (argv[1]), before the hand-checked corrections."""
    if len(sys.argv) < 2:
        return []
    from judge.rules.align.export_map import export
    from judge.rules.align.glossary import extended, project_pairs
    from judge.rules.align.storage import load_file

    ref = load_file(Path(sys.argv[1]))
    nmap, fig = export(docs, ref, extended(project_pairs(docs)), corrections=[])
    by_line = {r.line: r for r in nmap.rows if r.role in ("para", "part")}
    right = sum(1 for line, n in sample.items() if by_line.get(line) and by_line[line].number == n)
    conf = [line for line in sample if by_line.get(line) and by_line[line].provenance == OFFICIAL]
    conf_right = sum(1 for line in conf if by_line[line].number == sample[line])
    return [
        f"- 对齐器本身（未套用人工更正）：{fig['paragraphs']} 段中 {fig['official']} 段置信度 ≥ 0.90"
        f"（{fig['confident_share']:.2%}），{fig['inferred']} 段低于此值。",
        f"- 人工核对的抽样 {len(sample)} 段：编号正确 {right} 段；其中被判为确定的 {len(conf)} 段里正确"
        f" {conf_right} 段。",
        "",
    ]


def main() -> int:
    docs = manifest.verify()
    version = current_version(docs)
    before = build_trees(docs, numbering=None)[version]
    after = build_trees(docs)[version]
    old = {r.source_line: r for r in before.rules if r.source_line}
    new: dict[int, object] = {}
    for r in after.rules:
        for line in r.source_lines or ([r.source_line] if r.source_line else []):
            new.setdefault(line, r)
    sample = {}
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(("#", "line")):
            ln, number, split = line.split("\t")
            sample[int(ln)] = number
    corrections = {c.line: c for c in read_corrections()}
    nmap = load_shipped()

    rows = []
    for line, o in sorted(old.items()):
        n = new.get(line)
        if n is None:
            continue
        part = n.source_line != line
        changed = o.number != n.number or part
        if not changed:
            continue
        if line in corrections:
            check = f"人工核对并更正：{corrections[line].note}"
        elif line in sample:
            check = "抽样人工核对：正确" if sample[line] == n.number else f"抽样人工核对：应为 {sample[line]}"
        elif n.number_source == INFERRED:
            check = f"推断（≈，置信度 {n.confidence:.2f}）"
        else:
            check = f"对齐置信度 {n.confidence:.2f}"
        shown = f"{n.number}（续）" if part else n.number
        rows.append((line, o.number, o.number_source, shown, n.number_source, check, o.text))

    by_region = Counter(region(r[3].split("（")[0]) for r in rows)
    total = Counter(region(new[line].number) for line in old if line in new)
    level0 = sum(1 for r in rows if r[1] and r[3] and r[1].split(".")[0] != r[3].split(".")[0])
    paras = [r for r in after.rules if r.source_line]
    prov = Counter(r.number_source for r in paras)
    out = [
        "# 官方编号对照：编号变动核对",
        "",
        "本文件由 `python tools/numbering_review.py` 生成。它比较两种编号：仅凭中文正文推断出的编号（随附",
        "编号对照表之前的编号），以及 `rules_corpus/numbering-map.tsv` 给出的官方编号（与英文核心规则 v1.4，",
        "2026-06-18 对齐）。每一个编号有变动的段落都列在下面，并注明它是如何核对的。",
        "",
        "## 总览",
        "",
        f"- 语料段落（{after.doc.file}）：{len(old)} 段，合为 {len(paras)} 条规则"
        f"（被提取拆开的同一条规则合并显示）。",
        f"- 编号来源：官方 {prov.get(OFFICIAL, 0)} 条，推断（≈）{prov.get(INFERRED, 0)} 条，其他 "
        f"{sum(v for k, v in prov.items() if k not in (OFFICIAL, INFERRED))} 条。",
        f"- 编号有变动的段落：{len(rows)} 段；其中一级编号（如 103 → 106）也变了的：{level0} 段。",
        f"- 对照表条目：{len(nmap.rows)} 条（段落、被合并的规则、丢失的标题、缺失的条文、440–829 的骨架）。",
        "",
        *aligner_figures(docs, sample),
        "| 区域 | 段落 | 编号变动 |",
        "|---|---|---|",
    ]
    for _, _, name in REGIONS:
        out.append(f"| {name} | {total.get(name, 0)} | {by_region.get(name, 0)} |")
    out += [
        "",
        "## 核对方法",
        "",
        "- 对齐：中文段落与官方英文条文按顺序做单调对齐（相似度来自双语术语与数字、符号、长度、形式），",
        "  置信度 ≥ 0.90 的段落采用官方编号（official），其余保留为推断编号并以 ≈ 标出。",
        "- 抽样：按文档顺序每 14 段取 1 段（共 99 段），在调优对齐器之前逐段人工对照中英文核对；其中一半",
        "  （frozen）从未用于调优，只用于度量。抽样中发现的错误已在更正表中改正。",
        "- 更正：`judge/rules/data/numbering_corrections.tsv` 记录人工核对后改正的段落（重新生成对照表时套用）。",
        f"  对齐置信度低于 0.90 的段落与抽样中发现的错误都已逐段核对：共 {len(corrections)} 段，其中"
        f" {sum(1 for line, c in corrections.items() if c.note.startswith('核对无误'))} 段确认无误，其余按核对结果更正。",
        "- 其余段落依对齐置信度采用；它们都位于前后均已确定的段落之间，编号随文档顺序严格递增。",
        "",
        "## 全部变动",
        "",
        "| 行 | 原编号 | 新编号 | 来源 | 核对 | 段落开头 |",
        "|---|---|---|---|---|---|",
    ]
    for line, onum, osrc, nnum, nsrc, check, text in rows:
        old_shown = (f"≈{onum}" if osrc == INFERRED else onum) if onum else "（无）"
        new_shown = f"≈{nnum}" if nsrc == INFERRED else nnum
        snippet = text.replace("|", "｜")[:24]
        out.append(f"| {line} | {old_shown} | {new_shown} | {nsrc} | {check} | {snippet} |")
    OUT.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(rows)} changed paragraphs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
