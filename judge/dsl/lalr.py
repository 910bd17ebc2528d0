"""A small LALR(1) runtime for the scenario grammar: contextual lexer + table-driven parser.

The tables are computed by Lark from `scenario.lark` (judge.dsl.grammar_tables) and applied here
with Lark's own semantics — the same terminal order per parser state, the same tree shaping
(`_rule` inlining, `?rule` single-child expansion, filtered tokens), the same errors — so that a
`judge run` neither imports Lark nor compiles one lexer regex per parser state: each terminal's
regex is compiled once, when first tried, and a state's terminals are tried in Lark's order.
Only the terminals that can start with the next character are tried (judge.dsl.grammar_tables
works out those characters from each regex when it exports the tables).
"""

from __future__ import annotations

import re


class Token(str):
    """A lexed token: the matched text, its terminal name and its position (as Lark's Token)."""

    __slots__ = ("type", "start_pos", "value", "line", "column", "end_line", "end_column", "end_pos")

    def __new__(cls, type, value, start_pos=None, line=None, column=None, end_line=None, end_column=None,
                end_pos=None):
        inst = super().__new__(cls, value)
        inst.type, inst.value, inst.start_pos = type, value, start_pos
        inst.line, inst.column = line, column
        inst.end_line, inst.end_column, inst.end_pos = end_line, end_column, end_pos
        return inst

    @classmethod
    def new_borrow_pos(cls, type_, value, borrow_t):
        return cls(type_, value, borrow_t.start_pos, borrow_t.line, borrow_t.column,
                   borrow_t.end_line, borrow_t.end_column, borrow_t.end_pos)

    def update(self, type=None, value=None):
        return Token.new_borrow_pos(type if type is not None else self.type,
                                    value if value is not None else self.value, self)

    def __reduce__(self):
        return (self.__class__, (self.type, self.value, self.start_pos, self.line, self.column,
                                 self.end_line, self.end_column, self.end_pos))

    def __deepcopy__(self, memo):
        return Token(self.type, self.value, self.start_pos, self.line, self.column,
                     self.end_line, self.end_column, self.end_pos)

    def __repr__(self):
        return f"Token({self.type!r}, {self.value!r})"

    def __eq__(self, other):
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__


class Tree:
    """The node a rule builds when the transformer has no method for it (`data`, `children`)."""

    __slots__ = ("data", "children", "meta")

    def __init__(self, data, children, meta=None):
        self.data, self.children, self.meta = data, children, meta

    def __repr__(self):
        return f"Tree({self.data!r}, {self.children!r})"

    def __eq__(self, other):
        return isinstance(other, Tree) and self.data == other.data and self.children == other.children

    __hash__ = None


class Transformer:
    """Base of the transformers applied while parsing: one method per rule (or alias) name; a rule
    without a method becomes a Tree. Methods named after a terminal receive each such token."""

    def __default__(self, data, children, meta):
        return Tree(data, children, meta)


def v_args(inline: bool = False):
    """Class decorator: the class's public methods receive a rule's children as separate arguments."""
    if not inline:
        raise ValueError("v_args: only inline=True is supported")

    def mark(cls):
        for klass in cls.__mro__:
            if klass is Transformer or klass is object:
                continue
            for name, fn in vars(klass).items():
                if name.startswith("_") or not callable(fn):
                    continue
                if klass is cls:
                    fn.inline_args = True
                elif name not in vars(cls) and not getattr(getattr(cls, name), "inline_args", False):
                    setattr(cls, name, _inline_copy(fn))
        return cls

    return mark


def _inline_copy(fn):
    def inlined(self, *args):
        return fn(self, *args)

    inlined.inline_args = True
    inlined.__name__ = inlined.__qualname__ = fn.__name__
    return inlined


class UnexpectedInput(Exception):
    line = column = 0


class UnexpectedToken(UnexpectedInput):
    """A token the parser cannot take in its state; `expected` are the terminals it could take."""

    def __init__(self, token, expected, state=None):
        super().__init__(f"unexpected token {token!r} at {token.line}:{token.column}; expected one of "
                         f"{sorted(expected)}")
        self.token, self.expected, self.state = token, set(expected), state
        self.line, self.column = token.line, token.column


class UnexpectedCharacters(UnexpectedInput):
    """Text no terminal allowed here matches; `allowed` are those terminals."""

    def __init__(self, text, pos, line, column, allowed, state=None):
        self.char = text[pos]
        super().__init__(f"no terminal matches {self.char!r} at {line}:{column}")
        self.pos_in_stream, self.line, self.column = pos, line, column
        self.allowed, self.state = set(allowed), state


# A lexer state meeting the same next character this often in one process tries its terminals there with
# one compiled alternation of their regexes (the first alternative that matches is the terminal Lark's
# order tries first) instead of one by one: a long run (every shipped scenario) lexes several times
# faster there, while a cold `judge run` of one file compiles few or none of them.
HOT_AFTER = 64


class _Group:
    """The terminals one lexer state tries, in Lark's order (priority, then width)."""

    __slots__ = ("names", "unless", "allowed", "by_char")

    def __init__(self, names, unless, allowed):
        self.names, self.unless, self.allowed = names, unless, allowed
        self.by_char: dict[str, list] = {}  # next character -> [terminals to try, times asked, alternation]


class Tables:
    """Parse tables and lexer data exported from Lark (see judge.dsl.grammar_tables for the format)."""

    def __init__(self, data: dict):
        self.data = data
        self.patterns: dict[str, str] = data["terminals"]
        self.first: dict[str, str | None] = data["first"]
        self.literals: dict = data["literals"]
        self.ascii_folds: str = data["ascii_folds"]
        self._tails: dict[str, re.Pattern] = {}
        self.newline_types = frozenset(data["newline_types"])
        self.ignore = frozenset(data["ignore"])
        self.flags = data["flags"]
        self.groups = [_Group(*g) for g in data["groups"]]
        self.state_group = data["state_group"]
        self.root = self.groups[data["root_group"]]
        self.states = data["states"]
        self.start, self.end = data["start"], data["end"]
        self.rules = data["rules"]
        self._compiled: dict[str, re.Pattern] = {}

    def compiled(self, name: str) -> re.Pattern:
        pat = self._compiled.get(name)
        if pat is None:
            pat = self._compiled[name] = re.compile(self.patterns[name], self.flags)
        return pat

    def match(self, group: _Group, text: str, pos: int):
        """(value, type) of the first of the group's terminals matching at pos, or None. Only the
        terminals that can start with the character at pos are tried (and compiled)."""
        ch = text[pos]
        entry = group.by_char.get(ch)
        if entry is None:
            entry = group.by_char[ch] = [self._tries(group, ch), 0, None]
        if entry[2] is not None:  # the terminals as one alternation, in the same order: the first that matches
            m = entry[2].match(text, pos)
            return (m.group(0), m.lastgroup) if m else None
        tries = entry[0]
        entry[1] += 1
        if entry[1] == HOT_AFTER and len(tries) > 1:
            entry[2] = re.compile("|".join(f"(?P<{name}>{self.patterns[name]})" for name, _c, _t in tries), self.flags)
        compiled = self._compiled
        for name, choices, tail in tries:
            if choices is None:
                pat = compiled.get(name)
                if pat is None:
                    pat = self.compiled(name)
                m = pat.match(text, pos)
                if m:
                    return m.group(0), name
                continue
            # a literal terminal: its choices that can start with this character, in the regex's order,
            # the first whose lookaround holds (as the regex would backtrack)
            for choice, icase in choices:
                if icase:
                    end = self._match_ignorecase(choice, text, pos)
                    if end is None:
                        continue
                elif text.startswith(choice, pos):
                    end = pos + len(choice)
                else:
                    continue
                if not tail or self._tail(tail).match(text, end):
                    return text[pos:end], name
        return None

    def _tries(self, group: _Group, ch: str) -> tuple:
        """The group's terminals that can match at a character `ch`, in order, as (name, None, None) for
        a regex and (name, choices, lookaround) for a literal terminal, its choices narrowed to those
        that can start with `ch` (a terminal left without one cannot match there)."""
        first, folds, out = self.first, self.ascii_folds, []
        for name in group.names:
            if first[name] is not None and ch not in first[name]:
                continue
            literal = self.literals[name]
            if literal is None:
                out.append((name, None, None))
                continue
            choices = tuple((choice, icase) for choice, icase in literal[0] if _may_start(choice, icase, ch, folds))
            if choices:
                out.append((name, choices, literal[1]))
        return tuple(out)

    def _match_ignorecase(self, choice: str, text: str, pos: int):
        """End of a case-insensitive match of `choice` at pos, or None. ASCII text against an ASCII
        choice compares lowercased (what `re` does there); text with a non-ASCII character that no
        ASCII letter folds to cannot match; anything else asks `re`."""
        segment = text[pos:pos + len(choice)]
        if len(segment) < len(choice):
            return None
        if choice.isascii():
            if segment.isascii():
                return pos + len(choice) if segment.lower() == choice.lower() else None
            folds = self.ascii_folds
            if any(not c.isascii() and c not in folds for c in segment):
                return None
        m = self._tail(f"(?i:{re.escape(choice)})").match(text, pos)
        return m.end() if m else None

    def _tail(self, source: str) -> re.Pattern:
        pat = self._tails.get(source)
        if pat is None:
            pat = self._tails[source] = re.compile(source, self.flags)
        return pat

    def retype(self, group: _Group, token: Token) -> None:
        """Lark's "unless" rule: a regex token whose whole text is one of the string terminals the
        regex also matches takes that terminal's type."""
        for name in group.unless.get(token.type, ()):
            if self.compiled(name).fullmatch(token):
                token.type = name
                return

    def callbacks(self, transformer) -> tuple[dict, dict]:
        """One callable per rule (children list -> value, made on the rule's first reduction) and per
        terminal the transformer handles."""
        default = getattr(transformer, "__default__", None)

        def make(index: int):
            _origin, _size, name, expand1, include = self.rules[index]
            f = getattr(transformer, name, None) if transformer is not None else None
            if f is None:
                if default is not None:
                    f = _default(default, name)
                else:
                    f = _tree(name)
            elif getattr(f, "inline_args", False):
                return _shape(f, expand1, include, inline=True)
            return _shape(f, expand1, include)

        out = _Callbacks(make)
        terms = {}
        if transformer is not None:
            for name in self.patterns:
                cb = getattr(transformer, name, None)
                if cb is not None:
                    terms[name] = cb
        return out, terms


def _may_start(choice: str, icase: bool, ch: str, folds: str) -> bool:
    """Whether a literal choice can match text starting with `ch` (an over-approximation: a choice kept
    here is still matched in full)."""
    head = choice[:1]
    if not head:
        return True
    if not icase:
        return head == ch
    if head.isascii() and ch.isascii():
        return head.lower() == ch.lower()
    if head.isascii():  # a non-ASCII character matches an ASCII letter only if it folds to one
        return ch in folds
    return True


class _Callbacks(dict):
    """Rule index -> its callable, made when first asked for: a parse reduces a few of the grammar's
    hundreds of rules, and making them all costs a cold `judge run` more than its parse."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, index: int):
        f = self[index] = self.make(index)
        return f


def _default(handler, name):
    return lambda children: handler(name, children, None)


def _tree(name):
    return lambda children: Tree(name, children)


def _splat(f):
    return lambda children: f(*children)


def _shape(f, expand1, include, inline=False):
    """Lark's tree shaping of one rule: drop filtered tokens, splice `_rule` children, then hand a
    single child through for a `?rule`. `inline`: `f` takes the children as separate arguments."""
    if include is not None and not any(expand for _, expand in include) and not expand1:
        # only tokens to drop (most rules): the kept children picked by position
        keep = tuple(i for i, _ in include)
        if inline:
            if len(keep) == 1:
                k = keep[0]
                return lambda children: f(children[k])
            return lambda children: f(*[children[i] for i in keep])
        return lambda children: f([children[i] for i in keep])
    if inline:
        f = _splat(f)
    if expand1:
        inner = f

        def f(children):  # noqa: F811 - wraps the rule's callback
            return children[0] if len(children) == 1 else inner(children)

    if include is None:
        return f

    def filtered(children):
        out = []
        for i, expand in include:
            if expand:
                if out:
                    out += children[i].children
                else:
                    out = children[i].children
            else:
                out.append(children[i])
        return f(out)

    return filtered


class Parser:
    """Parses text with the tables, calling the transformer's methods as rules reduce."""

    def __init__(self, tables: Tables, transformer=None, postlex=None):
        self.tables = tables
        self.rule_callbacks, self.term_callbacks = tables.callbacks(transformer)
        # a token-stream filter without lookahead (it may retype tokens, e.g. judge.dsl.parser.CardLines)
        self.postlex = postlex

    def parse(self, text: str):
        t = self.tables
        states, callbacks, term_cb = t.states, self.rule_callbacks, self.term_callbacks
        rules = t.rules
        state_stack = [t.start]
        value_stack: list = []
        end_state = t.end
        last = None
        stream = self._lex(text, state_stack)
        if self.postlex is not None:
            stream = self.postlex.process(stream)
        push_state, push_value = state_stack.append, value_stack.append
        for token in stream:
            last = token
            type_ = token.type
            while True:
                state = state_stack[-1]
                action = states[state].get(type_)
                if action is None:
                    raise UnexpectedToken(token, _expected(states[state]), state)
                if action >= 0:  # shift to that state
                    push_state(action)
                    push_value(token if type_ not in term_cb else term_cb[type_](token))
                    break
                # reduce by rule -1 - action (as _reduce, written out: the parser's innermost loop)
                index = -1 - action
                origin, size = rules[index][0], rules[index][1]
                if size:
                    children = value_stack[-size:]
                    del state_stack[-size:]
                    del value_stack[-size:]
                else:
                    children = []
                value = callbacks[index](children)
                push_state(states[state_stack[-1]][origin])
                push_value(value)
        end = Token.new_borrow_pos("$END", "", last) if last is not None else Token("$END", "", 0, 1, 1)
        while True:
            state = state_stack[-1]
            action = states[state].get("$END")
            if action is None or action >= 0:  # Lark's tables never shift $END
                raise UnexpectedToken(end, _expected(states[state]), state)
            self._reduce(-1 - action, rules, states, state_stack, value_stack, callbacks)
            if state_stack[-1] == end_state:
                return value_stack[-1]

    @staticmethod
    def _reduce(index, rules, states, state_stack, value_stack, callbacks):
        origin, size = rules[index][0], rules[index][1]
        if size:
            children = value_stack[-size:]
            del state_stack[-size:]
            del value_stack[-size:]
        else:
            children = []
        value = callbacks[index](children)
        state_stack.append(states[state_stack[-1]][origin])
        value_stack.append(value)

    def _lex(self, text: str, state_stack: list):
        t = self.tables
        groups, state_group, ignore, newline_types = t.groups, t.state_group, t.ignore, t.newline_types
        pos, line, line_start = 0, 1, 0
        end = len(text)
        last = None
        while pos < end:
            group = groups[state_group[state_stack[-1]]]
            entry = group.by_char.get(text[pos])
            if entry is not None and entry[2] is not None:  # Tables.match's alternation, asked here directly
                m = entry[2].match(text, pos)
                res = (m.group(0), m.lastgroup) if m else None
            else:
                res = t.match(group, text, pos)
            line0, column = line, pos - line_start + 1
            if res is None:
                self._unexpected(text, pos, line, column, group, state_stack, last)
            value, type_ = res
            if type_ in newline_types:
                n = value.count("\n")
                if n:
                    line += n
                    line_start = pos + value.rindex("\n") + 1
            pos += len(value)
            if type_ in ignore:
                continue
            tok = Token(type_, value, pos - len(value), line0, column, line, pos - line_start + 1, pos)
            if type_ in group.unless:
                t.retype(group, tok)
            last = tok
            yield tok

    def _unexpected(self, text, pos, line, column, group, state_stack, last):
        """As Lark's contextual lexer: text that a terminal of another state would match is an
        unexpected token (with this state's terminals as expected); otherwise unexpected characters."""
        t = self.tables
        allowed = group.allowed or ("<END-OF-FILE>",)
        err = UnexpectedCharacters(text, pos, line, column, allowed, state_stack[-1])
        res = t.match(t.root, text, pos)
        if res is None or res[1] in t.ignore:
            raise err
        value, type_ = res
        tok = Token(type_, value, pos, line, column)
        if type_ in t.root.unless:
            t.retype(t.root, tok)
        raise UnexpectedToken(tok, err.allowed, state_stack[-1]) from None


def _expected(actions: dict) -> set:
    return {s for s in actions if s.isupper()}
