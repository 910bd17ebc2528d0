"""Lookup and the CLI fast paths under arbitrary strings and odd argv: never an exception, never a traceback.

The search engineer's property tests cover judge.search's query analysis; this file covers rule-number
parsing (judge.rules.lookup) and `judge rule` / `judge search` / the typer fallback end to end.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.rules import lookup
from judge.store import open_store

EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "80"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
CJK = re.compile(r"[\u4e00-\u9fff]")

# Strings that look like rule numbers, almost-numbers and hostile text.
NUMBERISH = st.one_of(
    st.from_regex(r"\A(规则|rule|r)?\s*\d{1,5}(\.(\d{1,4}|[a-zA-Z]{1,2})){0,5}\.?\s*\Z", fullmatch=True),
    st.from_regex(r"\A\d{1,4}(\.\d{1,3})?\s*(-|–|—|~|～|到|至)\s*\d{1,4}(\.[a-z])?\Z", fullmatch=True),
    st.sampled_from(["", " ", ".", "..", "349..", "-", "1-", "-1", "349-", "999999999999999999999", "0", "000",
                     "352.8.a.1.b", "３４９", "٣٤٩", "349\x00", "349\n350", "1e3", "0x1f", "NaN", "²", "½",
                     "352.8.A", "规则", "rule", "r", "349 打出卡牌", "[322.2.]", "%", "'", "\"", "*", "\\"]),
    st.text(max_size=30),
)


@pytest.fixture(scope="module")
def conn():
    c = open_store()
    yield c
    c.close()


@FUZZ
@given(NUMBERISH)
def test_normalize_number_returns_a_number_or_raises_badnumber(text):
    try:
        number = lookup.normalize_number(text)
    except lookup.BadNumber as err:
        assert CJK.search(str(err)), str(err)
        return
    assert re.fullmatch(r"\d{1,3}(\.(\d+|[a-z]))*", number), (text, number)


@FUZZ
@given(NUMBERISH)
def test_lookups_of_any_text_never_raise(conn, text):
    rng = lookup.parse_range(text)
    if rng is not None:
        lookup.rule_range(conn, rng[0], rng[1])
        return
    try:
        number = lookup.normalize_number(text)
    except lookup.BadNumber:
        return
    rule = lookup.get_rule(conn, number)
    if rule is None:
        assert isinstance(lookup.nearest(conn, number), list)
    else:
        lookup.breadcrumb(conn, number)
        lookup.subtree(conn, number, depth=1)


def test_well_formed_numbers_round_trip(conn):
    assert lookup.normalize_number("规则 349.") == "349"
    assert lookup.normalize_number("352.8.a") == "352.8.a"
    assert lookup.get_rule(conn, "349") is not None


# ---------------------------------------------------------------- CLI in-process, odd argv
OPTS = ["--json", "--depth", "-d", "--version", "--limit", "-n", "--kind", "-k", "--color", "--", "-", "--depth=x",
        "--depth=-1", "--limit=0", "--limit=abc", "--version=nope", "--kind=规则", "--kind=火星", "--bogus", "-x"]
WORDS = ["349", "318-323", "352.8.a", "999", "0", "燃尽", "ranjin", "燃盡", "Deathknell", "规则 318", "[322.2.]",
         "\"", "'", "(", "NEAR", "AND", "*", "^", "col:x", "\x00", "😀", " ", "", "-1", "1e9"]
ARGV_ITEM = st.one_of(st.sampled_from(OPTS), st.sampled_from(WORDS), st.text(max_size=20))


def run_cli(argv, capsys) -> tuple[int, str, str]:
    from judge.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out, err = capsys.readouterr()
    code = exit_.value.code
    return (0 if code is None else code), out, err


@settings(FUZZ, max_examples=max(EXAMPLES // 2, 10))
@given(st.sampled_from(["rule", "search"]), st.lists(ARGV_ITEM, max_size=5))
def test_fast_path_commands_never_raise_on_odd_argv(capsys, command, rest):
    code, out, err = run_cli([command, *rest], capsys)
    assert code in (0, 1, 2), (code, err[-500:])
    if code != 0:  # an error (stderr) or "nothing found" (stdout) is said in words
        assert (err + out).strip(), "non-zero exit without a message"
        assert "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["rule"], ["rule", "--depth"], ["rule", "349", "--depth", "-3"], ["rule", "abc"], ["rule", "9999"],
    ["rule", "349", "--version", "nope"], ["search"], ["search", "   "], ["search", "--limit", "x", "燃尽"],
    ["search", "--kind", "火星", "燃尽"], ["search", "\"燃尽"], ["search", "NEAR(燃尽"], ["search", "x" * 10_000],
    ["search", "--", "--json"], ["nosuchcommand"], ["rule", "--bogus"],
])
def test_cli_process_gives_a_message_not_a_traceback(argv):
    proc = subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", *argv],
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    if proc.returncode != 0:
        assert proc.stderr.strip() or proc.stdout.strip()
