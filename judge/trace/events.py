"""Trace events: one per engine step, with the rules (and FAQ entries) it applied.

Kept free of heavy imports: the engine appends events on its hot path.
"""

from __future__ import annotations

from judge.recordtype import field, record


@record
class Change:
    """A state change of one object: attribute, before, after (e.g. 伤害 2→3)."""

    subject: str
    attribute: str
    before: object
    after: object

    def text(self) -> str:
        return f"{self.subject} {self.attribute} {_fmt(self.before)}→{_fmt(self.after)}"


def _fmt(v) -> str:
    if v is None:
        return "无"
    if v is True:
        return "是"
    if v is False:
        return "否"
    return str(v)


@record
class Event:
    """One step of the trace: what happened, the rules and FAQ entries it rests on, the changes."""

    kind: str  # action | step | change | choice | auto | result | illegal | check | stop | note
    text: str
    rules: tuple[str, ...] = ()
    faq: tuple[str, ...] = ()
    changes: list[Change] = field(default_factory=list)
    depth: int = 0
    ok: bool | None = None  # for check / expectation events

    def to_dict(self) -> dict:
        from dataclasses import asdict

        d = asdict(self)
        d["rules"] = list(self.rules)
        d["faq"] = list(self.faq)
        return d


class Trace:
    """An append-only list of events with a current nesting depth."""

    def __init__(self):
        self.events: list[Event] = []
        self.depth = 0
        self.enabled = True

    def add(self, kind: str, text: str, rules=(), faq=(), changes=None, ok=None) -> Event:
        if faq:
            from judge.engine.citations import faq_id

            faq = tuple(faq_id(k) for k in faq)
        # each rule once, in the order cited ("382、382" says nothing more than "382")
        ev = Event(kind, text, tuple(dict.fromkeys(r for r in rules if r)), tuple(dict.fromkeys(faq)),
                   list(changes or ()), self.depth, ok)
        if self.enabled:
            self.events.append(ev)
        return ev

    def rules_applied(self) -> set[str]:
        return {r for e in self.events for r in e.rules}

    def __iter__(self):
        return iter(self.events)

    def __len__(self):
        return len(self.events)
