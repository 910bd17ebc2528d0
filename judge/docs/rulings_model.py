"""What a ruling page shows about one scenario, independent of how the engine represents it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TraceStep:
    index: int
    text: str                       # what happened, in Chinese (untrusted: escaped when rendered)
    rules: list[str] = field(default_factory=list)     # rule numbers applied, e.g. "318.3.b"
    faq: list[str] = field(default_factory=list)       # FAQ entry ids a ruling rests on
    changes: list[str] = field(default_factory=list)   # state changes, e.g. "伤害 2→3"
    depth: int = 0                  # nesting: sub-steps of a procedure
    kind: str = ""                  # engine event kind (action, step, change, check, stop ...)


@dataclass
class Expectation:
    text: str
    ok: bool | None                 # None: not evaluated (the run stopped before)
    detail: str = ""


@dataclass
class BoardView:
    """The board at one moment of the run, for a picture: the start, a checkpoint, or the end."""

    at: str                         # start | checkpoint | end
    board: dict                     # Game.snapshot(), keywords already in Chinese
    line: int | None = None         # the checkpoint's line in the scenario file
    label: str = ""                 # the checkpoint's expectation text
    ok: bool | None = None          # the checkpoint's verdict

    @property
    def anchor(self) -> str:
        return f"board-line-{self.line}" if self.at == "checkpoint" else f"board-{self.at}"


@dataclass
class Ruling:
    slug: str                       # file-safe id, unique within the topic
    path: str                       # scenario file, relative to scenarios/
    topic: str                      # shown topic (Chinese label of the folder)
    title: str
    question: str = ""
    sources: list[str] = field(default_factory=list)   # where the situation comes from (FAQ / rule)
    board: str = ""                 # the board as the engine sees it before the actions
    source_text: str = ""           # the scenario file itself
    steps: list[TraceStep] = field(default_factory=list)
    expectations: list[Expectation] = field(default_factory=list)
    error: str = ""                 # set when the scenario could not be run
    folder: str = ""                # folder under scenarios/ (file-safe; used for paths and anchors)
    boards: list[BoardView] = field(default_factory=list)   # start, each checkpoint, end

    @property
    def cited_rules(self) -> list[str]:
        seen: dict[str, None] = {}
        for step in self.steps:
            for number in step.rules:
                seen.setdefault(number, None)
        return list(seen)

    @property
    def passed(self) -> bool:
        return not self.error and all(e.ok for e in self.expectations)
