"""The scenario grammar's parse tables: computed by Lark from `scenario.lark`, cached per grammar text.

`scenario.lark` stays the one source of the language. Lark analyses it (LALR tables, terminal order
per state, tree shaping per rule) and `export` writes the result as plain data that judge.dsl.lalr
applies; the data is cached in the user cache (marshal, keyed by the grammar text and this format's
version), so only the first run after a grammar change imports Lark. Any grammar Lark accepts with
`parser="lalr", lexer="contextual"` exports; options this runtime does not implement are refused.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from pathlib import Path

# Bump when the exported layout or its meaning changes.
FORMAT = 4
LARK_OPTIONS = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False}


def export(grammar: str) -> dict:
    """Analyse `grammar` with Lark and return the tables judge.dsl.lalr needs (marshal-able data)."""
    import lark
    from lark.lexer import _create_unless
    from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild, ParseTreeBuilder
    from lark.parsers.lalr_analysis import Shift

    parser = lark.Lark(grammar, **LARK_OPTIONS)
    conf = parser.lexer_conf
    if conf.postlex is not None or conf.callbacks or conf.use_bytes:
        raise ValueError("grammar tables: postlex, lexer callbacks and bytes input are not supported")
    frontend = parser.parser
    table = frontend.parser.parser.parse_table
    if list(table.start_states) != ["start"]:
        raise ValueError("grammar tables: exactly one start rule, named 'start', is supported")
    rule_index = {rule: i for i, rule in enumerate(parser.rules)}

    rules = []
    builder = ParseTreeBuilder(parser.rules, lark.Tree, False, False, False)
    for rule, chain in builder.rule_builders:
        expand1, include = False, None
        for w in chain:
            if w is ExpandSingleChild:
                expand1 = True
            elif getattr(w, "func", None) is ChildFilterLALR_NoPlaceholders:
                include = [(i, bool(x)) for i, x in w.args[0]]
            else:
                raise ValueError(f"grammar tables: unsupported tree shaping {w!r} for rule {rule}")
        name = rule.alias or rule.options.template_source or rule.origin.name
        rules.append((str(rule.origin.name), len(rule.expansion), str(name), expand1, include))

    # One dict per state (states are numbered 0..n-1): symbol -> the state to shift to (>= 0) or
    # -1 - the index of the rule to reduce by. Small ints load several times faster than tuples.
    if sorted(table.states) != list(range(len(table.states))):
        raise ValueError("grammar tables: parser states are expected to be numbered 0..n-1")
    states = [{str(sym): arg if action is Shift else -1 - rule_index[arg] for sym, (action, arg) in actions.items()}
              for _state, actions in sorted(table.states.items())]

    lexer = frontend.lexer
    ignore = set(conf.ignore)
    groups, group_of = [], {}

    def group(basic) -> int:
        if id(basic) not in group_of:
            terminals, callback = _create_unless(basic.terminals, conf.g_regex_flags, conf.re_module, False)
            unless = {name: [t.name for t in cb.scanner.terminals] for name, cb in callback.items()}
            names = [t.name for t in terminals]
            allowed = sorted(set(names) - ignore)
            group_of[id(basic)] = len(groups)
            groups.append((names, unless, allowed))
        return group_of[id(basic)]

    state_group = [group(lexer.lexers[state]) for state in range(len(states))]
    root = group(lexer.root_lexer)

    patterns = {t.name: t.pattern.to_regexp() for t in conf.terminals}
    return {
        "format": FORMAT,
        "grammar": grammar,
        "lark": lark.__version__,
        "flags": conf.g_regex_flags,
        "terminals": patterns,
        "first": first_chars(patterns, conf.g_regex_flags),
        "literals": {name: literal_form(regexp, conf.g_regex_flags) for name, regexp in patterns.items()},
        "ascii_folds": ascii_folds(conf.g_regex_flags),
        "newline_types": sorted(lexer.root_lexer.newline_types),
        "ignore": sorted(ignore),
        "groups": groups,
        "state_group": state_group,
        "root_group": root,
        "states": states,
        "start": table.start_states["start"],
        "end": table.end_states["start"],
        "rules": rules,
    }


def first_chars(patterns: dict[str, str], flags: int) -> dict[str, str | None]:
    """For each terminal, every character a match can start with (None when that is not a small known
    set, e.g. a negated class). The runtime skips a terminal whose set lacks the next character, so a
    run compiles only the regexes that can match; the sets are over-approximations, never missing one."""
    import re
    from re import _parser

    first: dict[str, set | None] = {}
    for name, regexp in patterns.items():
        try:
            parsed = _parser.parse(regexp, flags)
            chars, nullable = _first(list(parsed), bool(parsed.state.flags & re.IGNORECASE))
        except Exception:  # an analysis this code does not know: always try the terminal
            chars, nullable = None, True
        first[name] = None if chars is None or nullable else chars
    cased = {ch for chars in first.values() if chars for ch, icase in chars if icase and ch.lower() != ch.upper()}
    equivalents = _case_equivalents(cased, flags)
    out = {}
    for name, chars in first.items():
        if chars is None:
            out[name] = None
            continue
        found = set()
        for ch, icase in chars:
            found |= equivalents.get(ch, {ch}) if icase else {ch}
        out[name] = "".join(sorted(found))
    return out


def _first(items, icase: bool):
    """(set of (char, ignorecase) a match of this regex sequence may start with, or None; nullable)."""
    import re
    from re import _constants as c

    out: set = set()
    for op, av in items:
        if op is c.LITERAL:
            out.add((chr(av), icase))
            return out, False
        if op is c.IN:
            for iop, iav in av:
                if iop is c.LITERAL:
                    out.add((chr(iav), icase))
                elif iop is c.RANGE and iav[1] - iav[0] < 256:
                    out.update((chr(x), icase) for x in range(iav[0], iav[1] + 1))
                else:
                    return None, False
            return out, False
        if op is c.BRANCH:
            any_nullable = False
            for alt in av[1]:
                chars, nullable = _first(alt, icase)
                if chars is None:
                    return None, False
                out |= chars
                any_nullable |= nullable
            if not any_nullable:
                return out, False
        elif op is c.SUBPATTERN:
            _group, add, remove, sub = av
            chars, nullable = _first(sub, (icase or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE)
            if chars is None:
                return None, False
            out |= chars
            if not nullable:
                return out, False
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", None)):
            low, _high, sub = av
            chars, nullable = _first(sub, icase)
            if chars is None:
                return None, False
            out |= chars
            if low > 0 and not nullable:
                return out, False
        elif op is getattr(c, "ATOMIC_GROUP", None):
            chars, nullable = _first(av, icase)
            if chars is None:
                return None, False
            out |= chars
            if not nullable:
                return out, False
        elif op in (c.ASSERT, c.ASSERT_NOT, c.AT):
            continue  # zero width: what follows decides the first character
        else:
            return None, False
    return out, True


def literal_form(regexp: str, flags: int):
    """A terminal that is a choice of literal strings followed only by lookaround, as
    ([(text, ignorecase), ...] in the regex's order of preference, lookaround regex source or ""),
    else None. The runtime matches such a terminal with str.startswith and one compiled lookaround
    shared by every terminal with the same one, instead of compiling a regex per keyword."""
    import re
    from re import _constants as c
    from re import _parser

    try:
        parsed = _parser.parse(regexp, flags)
        items = list(parsed)
        split = len(items)
        while split and items[split - 1][0] in (c.ASSERT, c.ASSERT_NOT):
            split -= 1
        alternatives = _literals(items[:split], bool(parsed.state.flags & re.IGNORECASE))
        if not alternatives or any(not text for text, _ in alternatives):
            return None
        tail = _norm(items[split:])
        if not tail:
            return alternatives, ""
        for k in range(len(regexp) - 1, 0, -1):
            try:
                if _norm(list(_parser.parse(regexp[k:], flags))) == tail:
                    return alternatives, regexp[k:]
            except Exception:  # not a whole regex from here
                continue
    except Exception:
        return None
    return None


_MAX_LITERALS = 64


def ascii_folds(flags: int) -> str:
    """The non-ASCII characters `re` matches case-insensitively to some ASCII letter (such as the
    Kelvin sign for k): any other non-ASCII character never matches an ASCII keyword."""
    import string

    equivalents = _case_equivalents(set(string.ascii_letters), flags)
    return "".join(sorted({x for chars in equivalents.values() for x in chars if not x.isascii()}))


def _literals(items, icase: bool):
    """The literal strings a lookaround-free regex sequence matches, in order of preference, or None."""
    import re
    from re import _constants as c

    out = [("", icase)]
    for op, av in items:
        if op is c.LITERAL:
            options = [(chr(av), icase)]
        elif op is c.IN and all(iop is c.LITERAL for iop, _ in av):
            options = [(chr(iav), icase) for _, iav in av]
        elif op is c.BRANCH:
            options = []
            for alt in av[1]:
                sub = _literals(alt, icase)
                if sub is None:
                    return None
                options += sub
        elif op is c.SUBPATTERN:
            _group, add, remove, sub = av
            options = _literals(sub, (icase or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE)
            if options is None:
                return None
        else:
            return None
        joined = []
        for head, head_icase in out:
            for text, text_icase in options:
                if head and head_icase != text_icase:
                    return None  # mixed case rules within one alternative: leave it to the regex
                joined.append((head + text, text_icase if not head else head_icase))
        if len(joined) > _MAX_LITERALS:
            return None
        out = joined
    return out


def _norm(items):
    """A parsed regex as nested tuples, to compare two parses."""
    from re._parser import SubPattern

    def norm(x):
        if isinstance(x, SubPattern):
            return tuple(norm(i) for i in x.data)
        if isinstance(x, (list, tuple)):
            return tuple(norm(i) for i in x)
        return x

    return norm(items)


def _case_equivalents(chars: set, flags: int) -> dict[str, set]:
    """Every character `re` matches case-insensitively for each of `chars` (one pass over Unicode)."""
    import re

    if not chars:
        return {}
    keys = {x for ch in chars for x in (ch.lower(), ch.upper())}
    candidates = [chr(cp) for cp in range(0x110000)
                  if chr(cp).lower()[:1] in keys or chr(cp).upper()[:1] in keys]
    out = {}
    for ch in chars:
        pat = re.compile(re.escape(ch), flags | re.IGNORECASE)
        out[ch] = {ch} | {x for x in candidates if pat.fullmatch(x)}
    return out


def cache_file(grammar: str) -> Path | None:
    """Where the tables of this grammar text are cached (None when there is no usable cache dir)."""
    from judge.paths import cache_dir

    data = grammar.encode("utf-8")
    key = f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}-{len(data)}"
    ver = f"py{sys.version_info[0]}{sys.version_info[1]}-f{FORMAT}"
    try:
        return cache_dir() / f"scenario-grammar-{key}-{ver}.tables"
    except OSError:
        return None


def load(grammar: str) -> dict:
    """The tables for `grammar`: from the cache when they were made from this exact text, else
    exported now (and cached when the cache dir is writable)."""
    path = cache_file(grammar)
    if path is not None:
        try:
            data = marshal.loads(path.read_bytes())
            if isinstance(data, dict) and data.get("format") == FORMAT and data.get("grammar") == grammar:
                return data
        except (OSError, ValueError, EOFError, TypeError):
            pass
    data = export(grammar)
    if path is not None:
        _write(path, marshal.dumps(data))
    return data


def _write(path: Path, blob: bytes) -> None:
    """Write atomically (parallel processes may export the same grammar); a failure only loses the cache."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, path)
    except OSError:
        pass
