"""The direction of the data flow, checked on the source: documents -> tree -> store -> readers.

judge/rules (the rule tree, FAQ, glossary: pure builders and read functions) imports nothing from
judge/store; the store writes what the builders compute (judge.store.stages).
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "judge"

def imports(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function-level imports included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            if node.module == "judge":
                out.update(f"judge.{a.name}" for a in node.names)
    return out


def importers_of(package: str, prefix: str) -> set[str]:
    return {str(p.relative_to(PACKAGE)) for p in (PACKAGE / package).rglob("*.py")
            if any(m == prefix or m.startswith(prefix + ".") for m in imports(p))}


def test_rules_import_nothing_from_the_store():
    assert importers_of("rules", "judge.store") == set()


def test_corpus_and_records_sit_below_the_store():
    assert importers_of("corpus", "judge.store") == set()
    assert not [m for m in imports(PACKAGE / "records.py") if m.startswith(("judge.store", "judge.search"))]


def test_the_store_writes_what_the_builders_compute():
    stages = imports(PACKAGE / "store" / "stages.py")
    assert {"judge.rules.tree", "judge.rules.faq", "judge.rules.glossary", "judge.search.index"} <= stages
    assert importers_of("rules", "sqlite_utils") == set()  # only the store writes


def test_the_detector_sees_function_level_imports(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from judge.store import open_store\n    import judge.store.cache\n", encoding="utf-8")
    assert {"judge.store", "judge.store.cache"} <= imports(f)
