"""In-memory objects of the builders -> rows of the store's tables (judge.store.schema).

The rule tree, the FAQ and the glossary are built by pure functions of judge.rules, which know
nothing of the store; this module is where their objects take the schema's shape.
"""

from __future__ import annotations

import json

from judge.rules.number import RuleNumber, display_number


def rule_row(rule) -> dict:
    """A judge.rules.model.Rule as a row of `rules`."""
    number = RuleNumber.strict(rule.number) if rule.number else None
    parent = number.parent if number else None
    return {
        "id": rule.id, "version": rule.version, "number": rule.number,
        "display_number": display_number(rule.number, rule.number_source) or None,
        "number_source": str(rule.number_source), "confidence": round(rule.confidence, 3),
        "evidence": rule.evidence, "parent": str(parent) if parent else None,
        "level": number.level if number else 0, "ord": rule.ord, "title": rule.title or None, "text": rule.text,
        "is_heading": int(rule.is_heading), "source_file": rule.source_file or None,
        "source_line": rule.source_line or None,
    }


def rule_rows(tree) -> list[dict]:
    """Every rule of a judge.rules.tree.VersionTree, in document order."""
    return [rule_row(r) for r in tree.rules]


def example_rows(tree) -> list[dict]:
    return [{"rule_id": r.id, "ord": k, "text": text, "source_line": line or None}
            for r in tree.rules for k, (text, line) in enumerate(r.examples)]


def ref_row(ref) -> dict:
    """A judge.records.Ref (a citation found by the tree builder) as a row of `refs`."""
    return {"from_rule": ref.from_rule, "to_number": ref.to_number, "to_rule": ref.to_rule,
            "cited_title": ref.cited_title or None, "raw": ref.raw,
            "source_file": ref.source_file, "source_line": ref.source_line}


def version_row(tree) -> dict:
    doc = tree.doc
    return {"version": tree.version, "file": doc.file, "kind": doc.kind, "sha256": doc.sha256,
            "description": doc.description, "paragraphs": len(tree.paragraphs)}


def faq_row(entry) -> dict:
    """A judge.rules.faq.ParsedFaqEntry as a row of `faq`."""
    return {
        "id": entry.id, "doc": entry.doc, "part": entry.part, "topic": entry.topic,
        "card": "、".join(entry.cards) or None, "question": entry.question, "answer": entry.answer,
        "bullets": json.dumps(entry.bullets, ensure_ascii=False), "truncated": entry.truncated,
        "status": entry.status, "superseded_by": entry.superseded_by, "status_note": entry.status_note,
        "source_file": entry.source_file, "source_line": entry.source_line,
    }


def erratum_row(erratum) -> dict:
    return {"id": erratum.id, "card_zh": erratum.card_zh, "card_en": erratum.card_en, "text": erratum.text,
            "faq_id": erratum.faq_id, "source_line": erratum.source_line}


def term_row(term) -> dict:
    """A judge.rules.glossary.GlossaryItem as a row of `terms`."""
    return {"term": term.term, "english": term.english, "rule_id": term.rule_id, "kind": term.kind,
            "source": term.source}


def alias_rows(terms) -> list[dict]:
    """Rows of `term_aliases`: each term's English name and its other ways of writing it."""
    rows = []
    for t in terms:
        if t.english and t.kind != "card":
            rows.append({"alias": t.english, "term": t.term, "kind": "english", "source": t.source})
        for alias, (kind, source) in t.aliases.items():
            rows.append({"alias": alias, "term": t.term, "kind": kind, "source": source})
    return rows
