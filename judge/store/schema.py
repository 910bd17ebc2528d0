"""The SQLite schema of the store: the contract between the rule tree and its readers.

Readers (search, engine, docs, CLI lookups) use plain sqlite3 against these tables; only the
builder uses sqlite-utils. Bump SCHEMA_VERSION on any change: the cache is rebuilt.

Tables (one row per ...):
  rules        rule paragraph or node of any version. id = "<version>:<number>" for numbered rules,
               "<version>:p<ord>" for paragraphs of an unnumbered version.
               number_source: cited | source | inferred | absent (cited by the text, no text in the corpus)
               | aligned (from a user reference, see `judge corpus align`)
               | reference (a rule only the user's reference has: its number, and its text labelled as such).
  examples     "举例：" blocks of a rule, in order.
  refs         a cross-reference in a rule's text ("规则 349.打出卡牌"); to_rule is null if it resolves nowhere.
  terms        a glossary term with its defining rule and English name.
  term_aliases another way to write a term: synonym (FAQ translation), english, traditional, pinyin.
  faq          an entry of a FAQ document (core or referee), with its status against the current rules.
  errata       a revised card text (修订文本) of the core FAQ.
  faq_refs     a rule an FAQ entry rests on; method: one of records.FAQ_REF_METHODS (status, reviewed, explicit,
               renumbered, mapped, suggested).
  versions     one row per document version.
  meta         key/value: corpus_hash, schema_version, built_at.
"""

SCHEMA_VERSION = 2

TABLES: dict[str, dict[str, type]] = {
    "rules": {
        "id": str, "version": str, "number": str, "display_number": str, "number_source": str,
        "confidence": float, "evidence": str, "parent": str, "level": int, "ord": int,
        "title": str, "text": str, "is_heading": int, "source_file": str, "source_line": int,
    },
    "examples": {"rule_id": str, "ord": int, "text": str, "source_line": int},
    "refs": {
        "from_rule": str, "to_number": str, "to_rule": str, "cited_title": str, "raw": str,
        "source_file": str, "source_line": int,
    },
    "terms": {"term": str, "english": str, "rule_id": str, "kind": str, "source": str},
    "term_aliases": {"alias": str, "term": str, "kind": str, "source": str},
    "faq": {
        "id": str, "doc": str, "part": str, "topic": str, "card": str, "question": str, "answer": str,
        "bullets": str, "truncated": int, "status": str, "superseded_by": str, "status_note": str,
        "source_file": str, "source_line": int,
    },
    "errata": {"id": str, "card_zh": str, "card_en": str, "text": str, "faq_id": str, "source_line": int},
    "faq_refs": {"faq_id": str, "raw": str, "old_number": str, "rule_id": str, "method": str, "confidence": float},
    "versions": {"version": str, "file": str, "kind": str, "sha256": str, "description": str, "paragraphs": int},
    "meta": {"key": str, "value": str},
}

PRIMARY_KEYS = {"rules": "id", "faq": "id", "errata": "id", "versions": "version", "meta": "key"}
