"""Exporting the rule tree: every rule with its provenance, examples and links (jsonl, json, csv)."""

from __future__ import annotations

import csv
import io
import json

FIELDS = ["number", "display_number", "number_source", "confidence", "evidence", "parent", "level", "title",
          "text", "examples", "refs_out", "refs_in", "version", "source_file", "source_line"]
FORMATS = ("jsonl", "json", "csv")


def export_rows(conn, version: str | None = None) -> list[dict]:
    """Rules of one version (default: current; "all" for every version), in document order."""
    from judge.rules import lookup

    if version == "all":
        rules = conn.execute("SELECT * FROM rules ORDER BY version, ord").fetchall()
    else:
        rules = conn.execute("SELECT * FROM rules WHERE version = ? ORDER BY ord",
                             (version or lookup.current_version(conn),)).fetchall()
    examples: dict[str, list[str]] = {}
    for e in conn.execute("SELECT rule_id, text FROM examples ORDER BY rule_id, ord"):
        examples.setdefault(e[0], []).append(e[1])
    out_refs: dict[str, list[str]] = {}
    in_refs: dict[str, list[str]] = {}
    for r in conn.execute("SELECT refs.from_rule, refs.to_number, refs.to_rule, f.number FROM refs "
                          "JOIN rules f ON f.id = refs.from_rule"):
        out_refs.setdefault(r[0], []).append(r[1])
        if r[2]:
            in_refs.setdefault(r[2], []).append(r[3] or r[0])
    rows = []
    for r in rules:
        rows.append({
            "number": r["number"], "display_number": r["display_number"], "number_source": r["number_source"],
            "confidence": r["confidence"], "evidence": r["evidence"], "parent": r["parent"], "level": r["level"],
            "title": r["title"], "text": r["text"], "examples": examples.get(r["id"], []),
            "refs_out": out_refs.get(r["id"], []), "refs_in": in_refs.get(r["id"], []),
            "version": r["version"], "source_file": r["source_file"], "source_line": r["source_line"],
        })
    return rows


def dumps(rows: list[dict], fmt: str) -> str:
    if fmt == "jsonl":
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    if fmt == "json":
        return json.dumps(rows, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({**r, "examples": "\n".join(r["examples"]), "refs_out": " ".join(r["refs_out"]),
                        "refs_in": " ".join(x or "" for x in r["refs_in"])})
        return buf.getvalue()
    raise ValueError(fmt)
