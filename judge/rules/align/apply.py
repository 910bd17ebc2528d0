"""Applying a stored reference to the current rule tree (the store build stage).

Where the alignment is confident, a paragraph takes the reference's number, marked `aligned`
with the reference's name and date. Numbers the corpus states itself (cited, source) are never
overridden: a disagreement is reported as a conflict. Reference rules the corpus lacks become
rows marked `reference` whose text is labelled as the reference's (language, name, file). If
the reference uses another numbering than the corpus (an older edition), nothing is renumbered:
the report gives the correspondence instead. Numbers stay unique and strictly increasing.
"""

from __future__ import annotations

import bisect

from judge.rules.align.confidence import CONFIDENT
from judge.rules.align.dp import Aligner, Alignment, Para
from judge.rules.align.glossary import Glossary
from judge.rules.align.reference import LANG_NAMES, Reference

ALIGNED, REFERENCE, INFERRED, ABSENT = "aligned", "reference", "inferred", "absent"
STATED = ("cited", "source", "official")
UNSURE_FLOOR = 0.5   # below this an alignment is not even offered as an inferred number


def _key(number: str | None):
    from judge.rules.model import parse_number

    return parse_number(number) if number else None


def _snip(text: str, n: int = 40) -> str:
    text = (text or "").replace("\n", " ")
    return text if len(text) <= n else text[: n - 1] + "…"


def reference_label(ref: Reference) -> str:
    date = ref.doc_date or ref.added_at[:10]
    return f"参考文本「{ref.name}」（{LANG_NAMES.get(ref.lang, ref.lang)}，{date}，来源 {ref.source}）"


def para_of(rule) -> Para:
    text = rule.text + "".join(" 举例：" + e for e, _ in rule.examples)
    return Para(rule.id, text, rule.number, rule.number_source, bool(rule.is_heading),
                None, float(rule.confidence or 0.0))


def align_tree(rules: list, ref: Reference, glossary: Glossary | None = None, lang: str = "zh"):
    """(text-bearing rules in document order, their Paras, the alignment)."""
    body = sorted((r for r in rules if r.text and r.number_source not in (ABSENT, REFERENCE) and r.source_line),
                  key=lambda r: (r.source_line, r.ord))
    paras = [para_of(r) for r in body]
    # Numbers the corpus cites with a title but has no paragraph for (dropped headings, absent chapters):
    # they tell whether the reference numbers the rules the same way.
    titled = [(r.number, r.title) for r in rules if r.number and r.title and not r.text
              and r.number_source in ("cited", ABSENT)]
    al = Aligner(paras, lang, ref.rules, ref.lang, glossary, titled).run()
    return body, paras, al


def apply(tree_rules: list, ref: Reference, version: str, glossary: Glossary | None = None,
          lang: str = "zh") -> tuple[list, dict]:
    """The renumbered rule list of the current version and the report (plain data).
    `lang` is the corpus's language (the shipped corpus is Chinese)."""
    from judge.rules.model import Rule, format_number

    body, paras, al = align_tree(tree_rules, ref, glossary, lang)
    refs = ref.rules
    usable = {j: format_number(_key(r.number)) for j, r in enumerate(refs) if _key(r.number)}
    label = reference_label(ref)
    report = new_report(ref, al, len(body))

    def ref_number(j):
        return usable.get(j)

    # 1. What the alignment says about each paragraph.
    proposals: list[tuple[str | None, float, str]] = []   # (number, confidence, role)
    for i, rule in enumerate(body):
        link = al.by_para.get(i)
        if not link:
            proposals.append((None, 0.0, "unaligned"))
            continue
        conf = link.confidence_of(i)
        primary = i == link.paras[0]
        proposals.append((ref_number(link.refs[0]) if primary else None, conf, "primary" if primary else "part"))
        if primary and ref_number(link.refs[0]) is not None:
            report["pairs"].append({"ref": refs[link.refs[0]].number, "corpus": rule.number,
                                    "source": rule.number_source, "confidence": conf,
                                    "kind": link.kind, "refs": [refs[j].number for j in link.refs],
                                    "text": _snip(rule.text)})

    # 2. Conflicts with stated numbers; the shift between the numberings.
    for i, rule in enumerate(body):
        num, conf, role = proposals[i]
        if rule.number_source in STATED and num and conf >= CONFIDENT and num != rule.number:
            report["conflicts"].append({"corpus": rule.number, "source": rule.number_source, "reference": num,
                                        "text": _snip(rule.text), "line": rule.source_line})
    report["shift"] = top_level_shift(report["pairs"])

    if not al.numbering_agrees:
        report["applied"] = False
        report["note"] = ("参考文本的编号体系与本语料自身陈述的编号不一致（可能是旧版或其他版本），"
                          "因此未改动任何编号；下表给出两者的对应关系。")
        linked = [i for i in range(len(body)) if i in al.by_para]
        for i, rule in enumerate(body):
            if linked and not linked[0] <= i <= linked[-1]:
                report["outside"] += 1
            elif al.by_para.get(i) is None:
                report["unaligned"].append({"number": rule.number, "old": rule.number, "text": _snip(rule.text),
                                            "line": rule.source_line, "confidence": 0.0})
        report["missing"] = [{"number": refs[j].number, "title": refs[j].title, "text": _snip(refs[j].text)}
                             for j in al.missing]
        return tree_rules, report

    # 3. Fixed points: stated numbers, then confident aligned numbers that keep the order.
    final: list[tuple[str | None, str, float, str]] = [None] * len(body)   # number, source, conf, evidence
    stated_keys = [(i, _key(r.number)) for i, r in enumerate(body) if r.number_source in STATED and _key(r.number)]
    for i, k in stated_keys:
        final[i] = (body[i].number, body[i].number_source, body[i].confidence, body[i].evidence)
    stated_pos = [i for i, _ in stated_keys]
    last_key = None
    for i, rule in enumerate(body):
        if final[i] is not None:
            last_key = _key(final[i][0])
            continue
        num, conf, role = proposals[i]
        if num is None or conf < CONFIDENT:
            continue
        k = _key(num)
        nxt = bisect.bisect_right(stated_pos, i)
        upper = _key(body[stated_pos[nxt]].number) if nxt < len(stated_pos) else None
        if (last_key is None or k > last_key) and (upper is None or k < upper):
            final[i] = (num, ALIGNED, conf, "")
            last_key = k

    # 4. Reference rules the corpus lacks (not when the corpus states the number itself).
    taken = {f[0] for f in final if f}
    ref_only = []
    for j in al.missing:
        num = ref_number(j)
        if num and num not in taken:
            ref_only.append(j)
            taken.add(num)

    # 5. The rest: an unconfident proposal or the old inferred number, if it still fits; else none.
    fixed_idx = [i for i in range(len(body)) if final[i] is not None]
    for i, rule in enumerate(body):
        if final[i] is not None:
            continue
        at = bisect.bisect_left(fixed_idx, i)
        prev = fixed_idx[at - 1] if at else None
        nxt = fixed_idx[at] if at < len(fixed_idx) else None
        lo = _key(final[prev][0]) if prev is not None else None
        hi = _key(final[nxt][0]) if nxt is not None else None
        num, conf, role = proposals[i]
        cands = []
        if role == "primary" and num and conf >= UNSURE_FLOOR:
            cands.append((num, conf, "unconfident"))
        if role != "part" and rule.number:
            cands.append((rule.number, rule.confidence, "kept"))
        cands.sort(key=lambda c: -c[1])    # the likelier of the tree's guess and the alignment's
        chosen = None
        for cnum, cconf, why in cands:
            k = _key(cnum)
            if k and (lo is None or k > lo) and (hi is None or k < hi) and cnum not in taken:
                chosen = (cnum, INFERRED, min(cconf, 0.89), why)
                break
        if chosen:
            final[i] = chosen
            taken.add(chosen[0])
            bisect.insort(fixed_idx, i)
        else:
            final[i] = (None, INFERRED, 0.0, "part" if role == "part" else "dropped")

    # 6. Rewrite the paragraphs' numbers and evidence; collect the report.
    linked = [i for i in range(len(body)) if i in al.by_para]
    covered = (linked[0], linked[-1]) if linked else (0, -1)
    for i, rule in enumerate(body):
        number, source, conf, why = final[i]
        old, old_source = rule.number, rule.number_source
        link = al.by_para.get(i)
        j = link.refs[0] if link else None
        where = f"{label}第 {refs[j].line} 行" if j is not None else label
        if source == ALIGNED:
            rule.number, rule.number_source, rule.confidence = number, ALIGNED, conf
            rule.evidence = (f"{where}编号为 {number}，对齐置信度 {conf:.2f}"
                             + (f"；原推断编号 ≈{old}" if old and old != number else "") + "。")
            if old_source == INFERRED and old == number:
                report["confirmed"] += 1
            elif old_source == INFERRED:
                report["changed"].append({"old": old, "new": number, "text": _snip(rule.text), "line": rule.source_line})
            else:
                report["numbered_new"] += 1
            report["numbered"] += 1
            if link and len(link.refs) > 1:
                rule.evidence += "本段同时包含参考文本的规则 " + "、".join(refs[k].number for k in link.refs[1:]) + "。"
        elif source in STATED:
            if link and proposals[i][1] >= CONFIDENT and proposals[i][0] == number:
                report["stated_confirmed"] += 1
        else:
            rule.number, rule.number_source = number, INFERRED
            rule.confidence = conf if number else 0.0
            if why == "part":
                owner = body[link.paras[0]]
                rule.evidence = (f"{where}中，本段与上一段同属规则 {owner.number or '?'}（在语料中被拆成多段），故不另编号。")
            elif why == "unconfident":
                rule.evidence = f"按{where}对齐得出，但置信度仅 {proposals[i][1]:.2f}，仅作推断。" + (rule.evidence or "")
            elif why == "dropped":
                rule.evidence = (f"原推断编号 ≈{old} 与{label}的编号冲突，已撤销；" if old else "") + "此段未能与参考文本对齐。"
            if why != "part":
                entry = {"number": number, "old": old, "text": _snip(rule.text), "line": rule.source_line,
                         "confidence": round(proposals[i][1], 3)}
                if not covered[0] <= i <= covered[1]:
                    report["outside"] += 1     # beyond what a partial reference covers: not news
                else:
                    report["unaligned" if link is None else "uncertain"].append(entry)

    # 7. Nodes without text (absent or unlocated cited numbers) and the reference-only rules.
    para_numbers = {r.number for r in body if r.number}
    in_body = {id(r) for r in body}
    keep_nodes = []
    ref_by_number = {ref_number(j): j for j in range(len(refs)) if ref_number(j)}
    ref_only_numbers = {ref_number(j) for j in ref_only}
    for r in tree_rules:
        if id(r) in in_body:
            continue
        if r.text and r.number_source != ABSENT:
            keep_nodes.append(r)
            continue
        if r.number in para_numbers:
            continue             # a paragraph now carries this number
        j = ref_by_number.get(r.number)
        if j is not None and (r.number in ref_only_numbers or j in al.missing_set):
            ref_only_numbers.discard(r.number)
            fill_from_reference(r, refs[j], ref, label)
            report["filled"].append({"number": r.number, "title": r.title, "text": _snip(refs[j].text)})
        keep_nodes.append(r)
    for j in ref_only:
        num = ref_number(j)
        if num not in ref_only_numbers:
            continue
        rr = refs[j]
        node = Rule(version=version, number=num, number_source=REFERENCE, confidence=1.0, evidence="")
        fill_from_reference(node, rr, ref, label)
        keep_nodes.append(node)
    # 8. Rules merged into one paragraph: a pointer row per extra number, so a lookup finds the text.
    used = {r.number for r in body if r.number} | {r.number for r in keep_nodes if r.number}
    for i, rule in enumerate(body):
        link = al.by_para.get(i)
        if rule.number_source != ALIGNED or not link or len(link.refs) < 2 or link.paras[0] != i:
            continue
        for j in link.refs[1:]:
            num = ref_number(j)
            if not num or num in used:
                continue
            used.add(num)
            keep_nodes.append(Rule(
                version=version, number=num, number_source=ALIGNED, confidence=rule.confidence,
                evidence=f"{label}第 {refs[j].line} 行编号为 {num}；语料把它与规则 {rule.number} 合成了一段。",
                text=f"（本条正文在语料中与规则 {rule.number} 合为一段，见规则 {rule.number}。）",
                title=refs[j].text if refs[j].is_heading else ""))
            report["merged"].append({"number": num, "into": rule.number, "text": _snip(refs[j].text)})
    report["missing"] = [{"number": refs[j].number, "title": refs[j].title, "text": _snip(refs[j].text),
                          "heading": refs[j].is_heading} for j in al.missing]
    return order_rules(body, keep_nodes), report


def fill_from_reference(rule, rr, ref: Reference, label: str) -> None:
    """A node the corpus has no text for, filled with the reference's text, labelled as such."""
    rule.number_source = REFERENCE
    rule.confidence = 1.0
    lang = LANG_NAMES.get(ref.lang, ref.lang)
    # A title the corpus itself cites ("规则 349.打出卡牌") stays: it is the corpus's own wording.
    rule.title = rule.title or (rr.text if rr.is_heading else "")
    rule.is_heading = bool(rr.is_heading or rule.title)
    rule.text = f"〔仅见于参考文本「{ref.name}」，{lang}，非本语料正文〕{rr.text}"
    rule.examples = [(f"〔参考文本，{lang}〕{e}", 0) for e in rr.examples]
    rule.evidence = f"本语料没有此条；编号与文字取自{label}第 {rr.line} 行。" + (
        "语料正文引用过此编号。" if rule.evidence and "引用" in rule.evidence else "")
    rule.source_file = ""
    rule.source_line = 0


def order_rules(body: list, nodes: list) -> list:
    """Paragraphs in document order, textless and reference rows slotted in by number (a merge:
    each node goes before the first numbered paragraph with a greater number)."""
    keyed = sorted(((k, i, node) for i, node in enumerate(nodes) if (k := _key(node.number)) is not None),
                   key=lambda t: (t[0], t[1]))
    out, pos = [], 0
    for r in body:
        rk = _key(r.number)
        if rk is not None:
            while pos < len(keyed) and keyed[pos][0] < rk:
                out.append(keyed[pos][2])
                pos += 1
        out.append(r)
    out.extend(t[2] for t in keyed[pos:])
    out.extend(node for node in nodes if _key(node.number) is None)   # unreadable numbers: at the end
    for i, r in enumerate(out):
        r.ord = i
    return out


def top_level_shift(pairs: list[dict]) -> dict | None:
    """The most common offset between the reference's and the corpus's level-0 numbers."""
    from collections import Counter

    offsets = Counter()
    example: dict[int, tuple[str, str]] = {}
    for p in pairs:
        a, b = _key(p["ref"]), _key(p["corpus"])
        if a and b and p["confidence"] >= CONFIDENT and len(a) == len(b) and a[1:] == b[1:]:
            offsets[b[0] - a[0]] += 1
            if len(a) == 1 and (b[0] - a[0] not in example or p["source"] in STATED):
                example[b[0] - a[0]] = (p["ref"], p["corpus"])
    if not offsets:
        return None
    off, n = offsets.most_common(1)[0]
    return {"offset": off, "support": n, "example": example.get(off) or next(
        (p["ref"], p["corpus"]) for p in pairs if _key(p["ref"]) and _key(p["corpus"])
        and _key(p["corpus"])[0] - _key(p["ref"])[0] == off)}


def new_report(ref: Reference, al: Alignment, paragraphs: int) -> dict:
    return {
        "reference": {"name": ref.name, "lang": ref.lang, "source": ref.source, "doc_date": ref.doc_date,
                      "added_at": ref.added_at, "rules": len(ref.rules)},
        "paragraphs": paragraphs, "applied": True, "numbering_agrees": al.numbering_agrees,
        "numbered": 0, "numbered_new": 0, "confirmed": 0, "stated_confirmed": 0, "changed": [],
        "conflicts": [], "unaligned": [], "uncertain": [], "outside": 0, "merged": [], "missing": [], "filled": [], "pairs": [], "shift": None, "note": "",
        "confident_threshold": CONFIDENT,
    }


def apply_latest(tree, docs, results=None, progress=None) -> tuple[dict | None, str | None, str | None]:
    """The judge's latest stored reference applied to `tree` in memory (its rules and citations are
    replaced when it applies), before anything is written: (report, error, reference name). A
    reference that cannot be applied never breaks the build: the error comes back instead.
    `results` (load/save of finished alignments) spares redoing one; `progress(done, total)` is told
    how far the alignment is."""
    from judge.rules.align import dp, storage
    from judge.rules.align.glossary import extended, project_pairs
    from judge.rules.tree import build_refs

    ref = storage.latest()
    if ref is None:
        return None, None, None
    if tree is None:
        return None, "规则树中没有当前版本，无法应用参考文本。", ref.name
    cached = results.load(ref, tree.version) if results is not None else None
    if cached is not None:
        rules, report = cached
    else:
        dp.progress_hook = progress
        try:
            rules, report = apply(list(tree.rules), ref, tree.version, extended(project_pairs(docs)))
        except Exception as exc:  # noqa: BLE001 - a user reference must never break the store
            return None, f"应用参考文本「{ref.name}」时出错：{type(exc).__name__}: {exc}", ref.name
        finally:
            dp.progress_hook = None
        if results is not None:
            results.save(ref, tree.version, rules, report)
    if report["applied"]:
        tree.rules = rules
        tree.refs = []
        build_refs(tree)
    return report, None, ref.name
