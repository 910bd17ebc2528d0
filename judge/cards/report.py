"""Everything `judge card` and the docs show about one card, as one dict (the --json document).

JSON (schema_version 1; fields are only ever added)::

    {"schema_version": 1, "query": str, "matched_by": str,      # number | full | exact | … | fuzzy | pinyin
     "card": Card.to_dict(), "faq_names": [{"name", "english", "how", "note"}],
     "keywords": [{"keyword", "value", "kind", "rules_name", "english", "rule": {…} | null}],
     "faq": [{"id", "doc", "doc_label", "status", "status_label", "superseded_by", "superseded_rule",
              "question", "answer", "matched_name", "source_file", "source_line"}],
     "errata": [{"id", "card_zh", "card_en", "text", "faq_id", "source_line"}],
     "scenarios": [{"file", "title", "how", "name"}],
     "encoding": {"file", "line", "numbers", "text"} | null, "encoding_note": str,
     "official_text": [{"number", "text", "source": {"name", "file", "fetched_at", "imported_at"}}]}
"""

from __future__ import annotations

import functools

ENCODING_NOTE = "该卡牌的技能编码（卡牌技能语言）尚不可用：场景中使用此卡时，需要在卡牌文件中手写其技能。"


def encoding_of(card) -> dict | None:
    """The shipped encoding of a card (its `卡牌` block in the card-ability language), or None."""
    import os

    from judge.cards import encoded

    block = encoded.index().get(card.id)
    if block is None:
        return None
    rel = os.path.relpath(block.file, os.path.dirname(os.path.dirname(encoded.ENCODINGS_DIR)))
    return {"file": "judge/" + rel.replace(os.sep, "/"), "line": block.line, "numbers": block.numbers,
            "text": block.text}


def missing_constructs(card) -> list[str]:
    """The constructs the coverage report says the card's encoding lacks (judge/cards/data/coverage.tsv)."""
    import os

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "coverage.tsv")
    try:
        st = os.stat(path)
    except OSError:
        return []
    missing = _coverage_missing(path, st.st_mtime_ns, st.st_size).get(card.id, "")
    return [m for m in missing.split(",") if m]


@functools.lru_cache(maxsize=2)
def _coverage_missing(path: str, _mtime_ns: int, _size: int) -> dict[str, str]:
    """card id -> the report's `missing` column (first row of an id), read once per version of the file."""
    import csv

    out: dict[str, str] = {}
    with open(path, encoding="utf-8") as fh:
        for r in csv.DictReader((line for line in fh if not line.startswith("#")), delimiter="\t"):
            out.setdefault(r["id"], r.get("missing") or "")
    return out


def encoding_note(card, encoding: dict | None) -> str:
    if encoding is not None:
        return f"技能编码（卡牌技能语言，{encoding['file']} 第 {encoding['line']} 行）："
    missing = missing_constructs(card)
    unwritten = [m.split(":", 1)[1] for m in missing if m.startswith("模板:")]
    lacking = [m for m in missing if not m.startswith("模板:")]
    if missing:
        why = f"缺少的构件：{'、'.join(lacking)}" if lacking else f"所需构件均已具备，尚未编写：{'、'.join(unwritten)}"
        return f"该卡牌尚无技能编码（{why}）：场景中使用此卡时，需要在卡牌文件中手写其技能。"
    return ENCODING_NOTE


def card_report(conn, card, *, query: str = "", matched_by: str = "", scenarios_root: str | None = None) -> dict:
    from judge.cards import imported, rulings
    from judge.cards.catalog import catalog

    cat = catalog()
    encoding = encoding_of(card)
    faq = []
    entries = rulings.faq_entries(conn, card, cat)
    if entries:  # the FAQ modules compile CJK regexes on import: only when there is something to show
        from judge.rules.faq_lookup import DOCS
        from judge.rules.ruling_status import STATUS_LABELS
    for e in entries:
        faq.append({
            "id": e["id"], "doc": e["doc"], "doc_label": DOCS[e["doc"]], "status": e["status"] or "valid",
            "status_label": STATUS_LABELS.get(e["status"] or "valid", ""), "superseded_by": e["superseded_by"],
            "superseded_rule": e.get("superseded_rule"), "status_note": e.get("status_note"),
            "topic": e.get("topic"), "part": e.get("part"), "truncated": e.get("truncated"),
            "question": e["question"], "answer": e["answer"], "bullets": e.get("bullets", []),
            "matched_name": e["matched_name"], "source_file": e["source_file"], "source_line": e["source_line"],
        })
    return {
        "schema_version": 1, "query": query, "matched_by": matched_by, "card": card.to_dict(),
        "faq_names": [{"name": f.name, "english": f.english or None, "how": f.how, "note": f.note or None}
                      for f in cat.names_in_faq(card)],
        "keywords": rulings.keyword_rules(conn, card),
        "faq": faq,
        "errata": rulings.errata(conn, card, cat),
        "scenarios": scenarios_using(card, scenarios_root),
        "encoding": encoding, "encoding_note": encoding_note(card, encoding),
        "official_text": imported.official_text(card),
    }


IMPORTED_ONLY_NOTE = ("这张卡牌不在内置卡牌目录（2026-04-27）中，只见于导入的卡牌目录：以下事实与文本来自该目录；"
                      "内置数据中没有它的 FAQ 裁定、勘误、关键词规则与场景。")


def imported_card_report(found: dict, query: str) -> dict:
    """The --json document of a card only an imported catalog has (same top-level shape, card facts from it)."""
    first = found["printings"][0]
    card = {"id": f"{found['name']}-{found['subtitle']}" if found["subtitle"] else found["name"],
            "name": found["name"], "subtitle": found["subtitle"], "english": None, "number": first["number"],
            "category": first.get("category") or None, "energy": first.get("energy"), "power": first.get("power"),
            "might": first.get("might"), "domains": first.get("domains", []), "tags": [t for t in (first.get("tags") or "").split(",") if t],
            "champion": first.get("champion") or None,
            "printings": [{"number": p["number"]} for p in found["printings"]]}
    texts, seen = [], set()
    for p in found["printings"]:
        if p.get("text") and p["text"] not in seen:
            seen.add(p["text"])
            texts.append({"number": p["number"], "text": p["text"], "source": found["source"]})
    return {"schema_version": 1, "query": query, "matched_by": "imported", "imported_only": True,
            "note": IMPORTED_ONLY_NOTE, "card": card, "faq_names": [], "keywords": [], "faq": [], "errata": [],
            "scenarios": [], "encoding": None, "encoding_note": ENCODING_NOTE, "official_text": texts}


def scenario_usage(root: str | None = None) -> dict[str, list[dict]]:
    """card id -> the shipped scenario and card files that define it or put it on the board."""
    import os

    from judge.cards import scenarios
    from judge.cards.catalog import catalog
    from judge.paths import scenarios_dir

    root = root or str(scenarios_dir())
    if not os.path.isdir(root):
        return {}
    cat = catalog()

    def resolve(name: str) -> str | None:
        ids, kind = cat.index.candidates(name)
        return ids[0] if len(ids) == 1 and kind in ("full", "exact", "champion", "faq") else None

    return scenarios.usage_all(root, resolve, cat.stamp())


def scenarios_using(card, root: str | None = None) -> list[dict]:
    return scenario_usage(root).get(card.id, [])
