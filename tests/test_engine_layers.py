"""The engine's boundaries: no import from the scenario language or the harness, the only import
cycles are those the rules imply (listed in judge/engine/__init__.py), and every piece of game state
is a declared field that the invariants read."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "judge" / "engine"


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_blocks(tree) -> set[int]:
    """ids of import nodes under `if TYPE_CHECKING:` (annotations only, never run)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", None)) == "TYPE_CHECKING":
            out |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return out


def _imports(path: Path) -> set[str]:
    """Every judge.* module a file imports at run time, at top level or inside functions."""
    tree = ast.parse(path.read_text("utf-8"))
    out = set()
    pkg = _module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else _module_name(path)
    skip = _type_checking_blocks(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("judge")}
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                base = pkg.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([mod] if mod else []))
            if not mod.startswith("judge"):
                continue
            for a in node.names:
                sub = f"{mod}.{a.name}"
                out.add(sub if _exists(sub) else mod)
    return out


def _exists(module: str) -> bool:
    p = ROOT / Path(*module.split("."))
    return p.with_suffix(".py").exists() or (p / "__init__.py").exists()


def _engine_graph() -> dict[str, set[str]]:
    graph = {}
    for f in ENGINE.rglob("*.py"):
        graph[_module_name(f)] = {m for m in _imports(f) if m.startswith("judge.engine") and m != _module_name(f)}
    return graph


def test_engine_imports_neither_the_language_nor_the_harness():
    bad = []
    for f in ENGINE.rglob("*.py"):
        for m in _imports(f):
            if m.startswith(("judge.dsl", "judge.scenario", "judge.cli", "judge.docs")):
                bad.append(f"{f.relative_to(ROOT)} -> {m}")
    assert bad == []


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _listed_cycles() -> list[set[str]]:
    """The module map's 'Import cycles' paragraph: one line per cycle, modules joined by ↔."""
    doc = (ENGINE / "__init__.py").read_text("utf-8")
    part = doc.split("Import cycles", 1)[1].split("\n\n", 1)[0]
    cycles = []
    for line in part.splitlines():
        if "↔" in line:
            names = re.findall(r"([a-z_]+(?:\.[a-z_]+)?)\s*(?:↔|$|\(|:)", line.strip().lstrip("- "))
            cycles.append({"judge.engine." + n for n in names if _exists("judge.engine." + n)})
    return cycles


def test_engine_cycles_are_exactly_the_listed_ones():
    listed = _listed_cycles()
    assert listed, "the module map lists no cycle"
    found = _cycles(_engine_graph())
    assert sorted(map(sorted, found)) == sorted(map(sorted, listed))


def test_game_state_is_declared():
    from judge.engine.state import Game

    assert "__slots__" in Game.__dict__  # no attribute outside the declared fields can be set
    game = Game.__new__(Game)
    with pytest.raises(AttributeError):
        game.undeclared_key = 1


# Declared fields the invariants do not read, each for a reason.
NOT_STATE = {"trace": "the trace is output, not state", "choices": "scripted answers, input to the engine",
             "explicit_priority": "a scripting mode flag"}


def test_invariants_read_every_declared_field():
    from judge.engine.state import Game

    src = (ENGINE / "invariants.py").read_text("utf-8")
    read = set(re.findall(r"game\.([a-z_]+)", src))
    missing = [f.name for f in dataclasses.fields(Game) if f.name not in read and f.name not in NOT_STATE]
    assert missing == []
