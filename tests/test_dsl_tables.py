"""The scenario parser's runtime (judge.dsl.lalr) applies the tables Lark computes exactly as Lark
would: same trees, same tokens and positions, same errors — on the shipped scenarios, on damaged
copies of them, and on a small grammar using the shaping features the scenario grammar may grow into
(inlined `_rules`, `?rules`, aliases, templates, `!rules`, anonymous and case-insensitive strings,
priorities, string terminals a regex also matches). Checked against Lark itself, not against output
captured from this runtime."""

import random
import subprocess
import sys
from pathlib import Path

import lark
import pytest

from judge.dsl import grammar_tables
from judge.dsl.errors import GRAMMAR_PATH
from judge.dsl.lalr import Parser, Tables, Token, Tree, UnexpectedCharacters, UnexpectedToken

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((REPO / "scenarios").rglob("*.场景")) + sorted((REPO / "scenarios").rglob("*.卡牌"))


def shape(node):
    """A comparable view of a Lark tree or a runtime tree (rule names, token types and positions)."""
    if isinstance(node, (lark.Tree, Tree)):
        return (str(node.data), [shape(c) for c in node.children])
    if isinstance(node, (lark.Token, Token)):
        return (node.type, str(node), node.line, node.column, node.end_line, node.end_column)
    return node


def outcome(parse, text):
    try:
        return ("ok", shape(parse(text)))
    except (lark.exceptions.UnexpectedToken, UnexpectedToken) as err:
        return ("token", err.token.type, str(err.token), err.line, err.column, sorted(err.expected))
    except (lark.exceptions.UnexpectedCharacters, UnexpectedCharacters) as err:
        return ("chars", err.line, err.column, sorted(err.allowed))


def both(grammar, postlex=None):
    extra = {"postlex": postlex()} if postlex is not None else {}
    reference = lark.Lark(grammar, **grammar_tables.LARK_OPTIONS, **extra)
    runtime = Parser(Tables(grammar_tables.export(grammar)), postlex=postlex() if postlex is not None else None)
    return reference.parse, runtime.parse


@pytest.fixture(scope="module")
def scenario_parsers():
    from judge.dsl.parser import CardLines  # indented ability lines under a card header (both parsers)

    return both(GRAMMAR_PATH.read_text("utf-8"), CardLines)


def _texts():
    out = []
    for path in SCENARIOS:
        text = path.read_text("utf-8")
        out.append(text if text.endswith("\n") else text + "\n")
    return out


def test_shipped_scenarios_parse_to_the_same_trees(scenario_parsers):
    reference, runtime = scenario_parsers
    texts = _texts()
    assert len(texts) > 100
    for path, text in zip(SCENARIOS, texts):
        expected = outcome(reference, text)
        assert expected[0] == "ok", path
        assert outcome(runtime, text) == expected, path


def test_damaged_scenarios_fail_with_the_same_errors(scenario_parsers):
    """Characters deleted, duplicated or replaced at random places: the same error (kind, location,
    token, expected terminals) or the same tree."""
    reference, runtime = scenario_parsers
    rng = random.Random(12)
    texts = _texts()
    junk = ["", "x", "#", ":", "->", "\n", "战", "「", "1", "+", '"', "  ", "行动", "期望:"]
    errors = 0
    for _ in range(400):
        text = rng.choice(texts)
        at = rng.randrange(len(text))
        cut = rng.choice([0, 1, 1, 2, 5])
        damaged = text[:at] + rng.choice(junk) + text[at + cut:]
        expected = outcome(reference, damaged)
        errors += expected[0] != "ok"
        assert outcome(runtime, damaged) == expected, repr(damaged[max(0, at - 40):at + 40])
    assert errors > 100  # the damage did produce errors of both kinds to compare
    assert outcome(runtime, "") == outcome(reference, "")


TOY = r"""
start: _NL* (stmt _NL+)*
?stmt: assign | call | block | kw_list | pair{NAME, NUMBER} | key_stmt | bang
key_stmt: KEY expr
bang: BANG+ "!"
assign: NAME "=" expr                 -> set_var
call: NAME "(" _args? ")"
_args: expr ("," expr)*
block: "begin"i _NL+ (stmt _NL+)* "end"i
!kw_list: "list" NAME+
pair{a, b}: a ":" b
?expr: term | expr "+" term -> add
?term: NUMBER | NAME | STRING | "-" term -> neg
KEY.2: /(?:if|while)(?![a-z])/
BANG.2: /(?:!!|!)(?=!)/
NAME: /[a-zA-Zé_\u4e00-\u9fff][\w]*/
NUMBER: /\d+(\.\d+)?/
STRING: /"[^"\n]*"/
_NL: /(\r?\n)+/
%ignore /[ \t]+/
%ignore /#[^\n]*/
"""

TOY_INPUTS = [
    "x = 1\n", "x = 1 + y + 2\n", "f(1, a, \"s\")\n", "f()\n", "begin\nx = 1\nEND\n", "BeGiN\n\nend\n",
    "list a b c\n", "k: 3\n", "变量 = -4\n", "é = 2 # note\n", "\n\nx = 1\n\n", "if = 1\n", "list\n",
    "x = \n", "x = 1 +\n", "f(1,)\n", "begin\nx = 1\n", "x ? 1\n", "x = 1", "k: k\n", "while(1)\n",
    "x = \"open\n", "1 = x\n", "begin x\n", "x = 1 2\n", "Kelvin = 1\n", "ſ = 1\n",
    "iffy = 1\n", "if x\n", "while 1 + 2\n", "!!!\n", "!!\n", "!\n", "!!!!!\n",
    "begİn\nend\n", "BEGıN\nEND\n", "begin\nenﬀ\n", "b\u0130gin\nend\n", "be变in\nend\n",
]


def test_generic_grammar_features_match_lark():
    reference, runtime = both(TOY)
    kinds = set()
    for text in TOY_INPUTS:
        expected = outcome(reference, text)
        kinds.add(expected[0])
        assert outcome(runtime, text) == expected, text
    assert kinds == {"ok", "token", "chars"}


def test_transformer_methods_inline_and_terminal_callbacks():
    from judge.dsl.lalr import Transformer, v_args

    @v_args(inline=True)
    class Calc(Transformer):
        def NUMBER(self, tok):
            return int(tok)

        def add(self, a, b):
            return a + b

        def neg(self, a):
            return -a

    class Program(Calc):
        def start(self, items):
            return items

    grammar = "start: (expr _NL)*\n?expr: NUMBER | expr \"+\" NUMBER -> add | \"-\" expr -> neg\n" \
              "NUMBER: /\\d+/\n_NL: /\\n/\n%ignore \" \"\n"
    parser = Parser(Tables(grammar_tables.export(grammar)), Program())
    assert parser.parse("1 + 2 + 3\n-4\n7\n") == [6, -4, 7]


def test_first_characters_cover_every_match():
    first = grammar_tables.first_chars({
        "KW": r"(?:(?i:kick)|踢)(?![^\s])", "OPT": r"a?b", "LOOK": r"(?=x)[xy]", "NEG": r"[^a]",
        "REP": r"(?:ab)*c", "NUL": r"a*", "RANGE": r"[0-3]z"}, 0)
    assert set(first["KW"]) >= {"k", "K", "\u212a", "踢"} and "x" not in first["KW"]
    assert set(first["OPT"]) == {"a", "b"} and set(first["REP"]) == {"a", "c"}
    assert set(first["LOOK"]) == {"x", "y"} and set(first["RANGE"]) == {"0", "1", "2", "3"}
    assert first["NEG"] is None and first["NUL"] is None


def test_tables_cached_per_grammar_text(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path))
    grammar = "start: WORD+\nWORD: /\\w+/\n%ignore \" \"\n"
    data = grammar_tables.load(grammar)
    cached = grammar_tables.cache_file(grammar)
    assert cached.exists() and grammar_tables.load(grammar) == data
    other = grammar + "// changed\n"
    assert grammar_tables.cache_file(other) != cached
    cached.write_bytes(b"not marshal data")  # a damaged cache is rebuilt, not trusted
    rebuilt = grammar_tables.load(grammar)
    assert rebuilt["grammar"] == grammar and grammar_tables.load(grammar) == rebuilt
    assert shape(Parser(Tables(rebuilt)).parse("a b")) == shape(Parser(Tables(data)).parse("a b"))


def test_a_run_with_cached_tables_does_not_import_lark(tmp_path):
    """Lark analyses the grammar once; parsing a scenario afterwards needs only the runtime."""
    code = ("import sys; from judge.dsl.parser import load_scenario; "
            f"load_scenario({str(SCENARIOS[0])!r}); print('lark' in sys.modules)")
    env = {"JUDGE_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    again = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout.split() == ["True"]
    assert again.stdout.split() == ["False"], (
        "a module on the scenario path imports lark: transformers take Token, Transformer and v_args "
        "from judge.dsl.lalr; only judge.dsl.grammar_tables uses Lark")


def test_literal_terminals_keep_the_regex_order_and_lookaround():
    form = grammar_tables.literal_form
    assert form(r"(?:战场|战力|(?i:bf))(?![a-z])", 0) == ([("战场", False), ("战力", False), ("bf", True)], "(?![a-z])")
    assert form(r"->|→|>", 0) == ([("->", False), ("→", False), (">", False)], "")
    assert form(r"[^a]", 0) is None and form(r"a+", 0) is None and form(r"(?=a)a", 0) is None
