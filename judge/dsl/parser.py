"""Scenario files -> judge.dsl.model.Scenario (LALR tables Lark computes from the grammar, applied by
judge.dsl.lalr with the transformer running while parsing), with Chinese errors.

The transformer is one class made of section transformers (judge.dsl.sections): setup, cards,
board, steps and expectations, each a small class with `v_args(inline=True)` callbacks; the
assembly of the Scenario (`start`) and the includes are here."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path


from judge.dsl import limits
from judge.dsl.lalr import Parser, Tables, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from judge.dsl import model as m
from judge.dsl.errors import GRAMMAR_PATH, ScenarioError, describe_terminal, keyword_spellings, suggest  # noqa: F401
from judge.dsl.sections.board import BoardSection
from judge.dsl.sections.cards import CardSection
from judge.dsl.sections.common import _CURRENT_FILE, Atoms, _text
from judge.dsl.sections.expectations import ExpectationSection
from judge.dsl.sections.setup import SetupSection
from judge.dsl.sections.steps import StepSection


class _Build(SetupSection, CardSection, BoardSection, StepSection, ExpectationSection, Atoms):
    """Bottom-up: each rule returns a small tagged tuple or model object; `start` assembles the Scenario."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def start(self, items):
        sc = m.Scenario(self.file)
        current: m.PlayerSpec | None = None
        for it in items:
            tag = it[0]
            if tag == "title":
                sc.title = it[1]
            elif tag == "source":
                sc.sources.append(it[1])
            elif tag == "note":
                sc.notes.append(it[1])
            elif tag == "include":
                sc.includes.append((it[1], it[2]))
            elif tag == "mode":
                sc.mode = it[1]
            elif tag == "victory":
                sc.victory_score = it[1]
            elif tag == "turn":
                sc.turn = it[1]
            elif tag == "turn_player":
                sc.turn_player = _text(it[1])
            elif tag == "phase":
                sc.phase = it[1]
            elif tag == "team":
                sc.teams.append(it[1])
            elif tag == "card":
                sc.cards[it[1].name] = it[1]
            elif tag == "player":
                current = m.PlayerSpec(_text(it[1]), m.Pos(self.file, it[1].line, it[1].column))
                sc.players.append(current)
            elif tag in ("zone", "points", "pool", "xp"):
                if current is None:
                    raise ScenarioError("区域行之前必须先声明玩家（“玩家 甲”）。", file=self.file,
                                        line=it[3].line, column=it[3].column)
                if tag == "zone":
                    current.zones.append(m.ZoneSpec(current.name, it[1], it[2], it[3], it[4]))
                elif tag == "points":
                    current.points = it[1]
                elif tag == "xp":
                    current.xp = it[1]
                else:
                    current.energy, current.power, current.power_domains = it[1], it[2], it[4]
            elif tag == "battlefield":
                sc.battlefields.append(it[1])
            elif tag == "steps":
                sc.steps = it[1]
            elif tag == "expectations":
                sc.expectations = it[1]
        return sc



class CardLines:
    """Post-lexer: a line break followed by an indented line, inside a card definition (a `卡牌`
    header and its ability lines), is `_CONT` — the card's next ability line; every other line
    break stays `_NL` and indentation means nothing (actions are often indented)."""

    always_accept = ()  # _NL is lexed wherever _CONT may follow (a card header can end there)

    def process(self, stream):
        in_card = False
        for tok in stream:
            if tok.type == "_NL":
                tail = tok.rsplit("\n", 1)[-1]
                if in_card and tail and not tail.strip(" \t\u3000\r"):
                    yield tok.update("_CONT")
                    continue
                in_card = False
            elif tok.type == "CARD":
                in_card = True
            yield tok


_BUILDER = None


@lru_cache(maxsize=1)
def _parser() -> Parser:
    # The transformer runs inline while parsing (LALR), so no intermediate tree is built.
    from judge.dsl import grammar_tables

    global _BUILDER
    _BUILDER = _Build("<场景>")
    return Parser(Tables(grammar_tables.load(GRAMMAR_PATH.read_text("utf-8"))), _BUILDER, postlex=CardLines())


def _all_keywords() -> list[str]:
    return [s for spellings in keyword_spellings().values() for s in spellings]


def _syntax_error(err: UnexpectedInput, text: str, file: str) -> ScenarioError:
    lines = text.splitlines()
    line = getattr(err, "line", 0) or 0
    col = getattr(err, "column", 0) or 0
    src = lines[line - 1] if 0 < line <= len(lines) else None
    if isinstance(err, UnexpectedToken):
        tok = err.token
        bad = str(tok)
        if tok.type == "$END":
            return ScenarioError("文件意外结束。", file=file, line=line, column=col,
                                 expected=[describe_terminal(t) for t in sorted(err.expected)], source_line=src)
        expected = sorted({describe_terminal(t) for t in err.expected if not t.startswith("__")})
        expected_words = [s for t in err.expected for s in keyword_spellings().get(t, [])]
        sugg = suggest(bad.strip(), expected_words or _all_keywords())
        shown = "换行" if tok.type == "_NL" else bad
        return ScenarioError("无法识别的写法：这里不应出现此内容。", file=file, line=line, column=col, text=shown,
                             expected=expected, suggestions=sugg, source_line=src)
    if isinstance(err, UnexpectedCharacters):
        rest = src[col - 1:] if src else ""
        bad = rest.split()[0] if rest.split() else rest[:1]
        allowed = sorted({describe_terminal(t) for t in (err.allowed or ()) if not t.startswith("__")})
        words = [s for t in (err.allowed or ()) for s in keyword_spellings().get(t, [])]
        return ScenarioError("无法识别的写法：这里不应出现此内容。", file=file, line=line, column=col, text=bad,
                             expected=allowed, suggestions=suggest(bad, words or _all_keywords()), source_line=src)
    return ScenarioError(f"无法解析：{err}", file=file, line=line, column=col, source_line=src)


def parse_text(text: str, file: str = "<场景>", *, base_dir: Path | None = None, _seen=None) -> m.Scenario:
    """Parse scenario source text; includes are resolved relative to `base_dir`."""
    if not text.endswith("\n"):
        text += "\n"
    text = text.lstrip("\ufeff")
    limits.check_text(text, file)
    try:
        parser = _parser()
        _BUILDER.file = _CURRENT_FILE[0] = file
        sc = parser.parse(text)
    except UnexpectedInput as err:
        raise _syntax_error(err, text, file) from None
    _attach_source_text(sc, text)
    if not sc.includes:
        return sc
    seen = set(_seen or ())
    seen.add(str(Path(file).resolve()) if base_dir is not None else file)
    for inc, pos in sc.includes:
        path = (base_dir or Path(".")) / inc
        if not path.exists():
            raise ScenarioError("找不到被包含的文件。", file=file, line=pos.line, column=pos.column, text=inc)
        key = str(path.resolve())
        limits.check_include_depth(seen, file, pos.line, pos.column, inc)
        if key in seen:
            raise ScenarioError("循环包含。", file=file, line=pos.line, column=pos.column, text=inc)
        try:
            cards = _included_cards(path, key, seen)
        except limits.UnreadableSource as err:
            raise ScenarioError(f"无法读取被包含的文件：{err.message}", file=file, line=pos.line, column=pos.column,
                                text=inc) from None
        except UnicodeDecodeError:
            raise ScenarioError("被包含的文件不是 UTF-8 编码。", file=file, line=pos.line, column=pos.column,
                                text=inc) from None
        except OSError as exc:
            raise ScenarioError(f"无法读取被包含的文件（{exc.strerror or exc}）：应为一个卡牌定义文件。", file=file,
                                line=pos.line, column=pos.column, text=inc) from None
        for name, card in cards.items():
            sc.cards.setdefault(name, card)
    return sc


_INCLUDE_CACHE: dict[tuple[str, float], dict] = {}


def _included_cards(path: Path, key: str, seen) -> dict:
    """Card definitions of an included file, parsed once per process (per modification time)."""
    import copy

    stamp = (key, path.stat().st_mtime)
    if stamp not in _INCLUDE_CACHE:
        sub = parse_text(limits.read_source(path).decode("utf-8"), str(path), base_dir=path.parent,
                         _seen=seen | {key})
        if sub.players or sub.battlefields or sub.steps or sub.expectations:
            raise ScenarioError("被包含的文件只能定义卡牌（“卡牌 …”行）。", file=str(path), line=1, column=1)
        _INCLUDE_CACHE[stamp] = sub.cards
    # Scenarios may add implicit cards to their own table; never share mutable card objects.
    return {k: copy.copy(v) for k, v in _INCLUDE_CACHE[stamp].items()}


def _attach_source_text(sc: m.Scenario, text: str) -> None:
    """Keep each step's own source line (comments stripped) for traces and reports."""
    lines = text.splitlines()

    def line_of(pos):
        raw = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
        return raw.split("#", 1)[0].strip()

    for step in sc.steps:
        src = line_of(step.pos)
        # drop the line's leading keywords: 期望非法 / 检查 / 检查 合法|非法 / 检查 步骤后 N
        skip = {"illegal": 1, "check": 1, "probe": 2}.get(step.kind, 0)
        rest = src.split(None, skip)[-1] if skip and len(src.split(None, skip)) > skip else src
        if step.kind == "step_check":
            rest = re.sub(r"^\S+\s+\S+\s+[\d.a-z]+\s*[:：]?\s*", "", src)
        if step.kind == "probe":
            rest = re.sub(r"\s+(规则|rule)\s+\S+$", "", rest, flags=re.I)
        if step.action is not None:
            step.action.text = rest
        if step.expectation is not None:
            step.expectation.text = rest
    for e in sc.expectations:
        e.text = line_of(e.pos)


def load_scenario(path: str | Path) -> m.Scenario:
    """Read, parse and validate one scenario file."""
    from judge.dsl.validate import validate

    p = Path(path)
    data = limits.read_source(p)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        # Point at the first bad byte: line and column (in characters) of what decodes before it.
        head = data[: exc.start].decode("utf-8", "replace")
        line = head.count("\n") + 1
        col = len(head) - (head.rfind("\n") + 1) + 1
        raise ScenarioError(f"场景文件不是 UTF-8 编码：第 {exc.start} 字节无法解码。", file=str(p), line=line, column=col,
                            expected=["UTF-8 编码的文本"]) from None
    sc = parse_text(text, str(p), base_dir=p.parent)
    validate(sc)
    return sc
