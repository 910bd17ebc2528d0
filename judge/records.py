"""The read model: one record type per concept, as the store's readers see it.

Lookup (judge.api.Rulebook), the docs site and the search hand these out instead of raw rows.
Each has `from_row(mapping)` for a row of the store (judge.store.schema); numbers keep their
provenance (judge.rules.number.Provenance) so that an inferred number is never shown as certain.

The classes are declared with `@record` (judge.recordtype): what `@dataclass` gives, without its
import-time cost on the cold `judge rule` and `judge search` paths.
"""

from __future__ import annotations

from collections.abc import Mapping

from judge.recordtype import field, record
from judge.rules.ruling_status import SUPERSEDED_STATUSES
from judge.rules.number import Provenance, RuleNumber, display_number

__all__ = ["Erratum", "FaqEntry", "FaqRef", "Ref", "Rule", "SearchHit", "SearchResult", "Term", "Version",
           "decode_bullets"]


def _mapping(r) -> Mapping:
    """A row as a mapping with .get (sqlite3.Row has keys() but no get())."""
    return r if isinstance(r, Mapping) else dict(r)


def _s(value) -> str:
    return "" if value is None else str(value)


def _int(value) -> int | None:
    return None if value is None or value == "" else int(value)


def _float(value) -> float | None:
    return None if value is None or value == "" else float(value)


@record
class Rule:
    """A rule paragraph or node of one rules version."""

    id: str                    # "<version>:<number>", or "<version>:p<ord>" for an unnumbered paragraph
    version: str
    number: str                # canonical ("352.8.a"); "" for an unnumbered paragraph
    display_number: str        # "≈352.4" when the number is inferred
    number_source: Provenance | None
    confidence: float | None
    evidence: str
    parent: str
    level: int
    ord: int
    title: str
    text: str
    is_heading: bool
    source_file: str
    source_line: int | None
    examples: list[str] = field(default_factory=list)

    @property
    def provenance(self) -> Provenance | None:
        return self.number_source

    @property
    def rule_number(self) -> RuleNumber | None:
        return RuleNumber.strict(self.number)

    @property
    def certain(self) -> bool:
        """True if the number may be shown as certain (it is not inferred)."""
        return self.number_source is not None and self.number_source.certain

    @property
    def absent(self) -> bool:
        """Cited by the text, but the corpus has no text for it."""
        return self.number_source is Provenance.ABSENT

    @property
    def label(self) -> str:
        """'349 打出卡牌' or '≈355.7.a'."""
        num = self.display_number or f"p{self.ord}"
        return f"{num} {self.title}" if self.title else num

    @classmethod
    def from_row(cls, r: Mapping, examples: list[str] | None = None) -> Rule:
        r = _mapping(r)
        source = Provenance.of(r.get("number_source"))
        number = _s(r.get("number"))
        return cls(
            id=_s(r.get("id")), version=_s(r.get("version")), number=number,
            display_number=_s(r.get("display_number")) or display_number(number, source),
            number_source=source, confidence=_float(r.get("confidence")), evidence=_s(r.get("evidence")),
            parent=_s(r.get("parent")), level=int(r.get("level") or 0), ord=int(r.get("ord") or 0),
            title=_s(r.get("title")), text=_s(r.get("text")), is_heading=bool(r.get("is_heading")),
            source_file=_s(r.get("source_file")), source_line=_int(r.get("source_line")),
            examples=list(examples or []),
        )


@record
class Ref:
    """A citation in a rule's text ("见规则 349.打出卡牌"); `to_rule` is None if it resolves nowhere."""

    from_rule: str
    to_number: str
    to_rule: str | None
    cited_title: str
    raw: str
    source_file: str = ""
    source_line: int | None = None
    # Filled by readers that join the rules on either end (Rulebook.refs_in / refs_out).
    from_number: str = ""
    from_display: str = ""
    from_text: str = ""
    to_display: str = ""
    to_title: str = ""
    to_source: Provenance | None = None

    @property
    def resolved(self) -> bool:
        return self.to_rule is not None

    @classmethod
    def from_row(cls, r: Mapping) -> Ref:
        r = _mapping(r)
        return cls(
            from_rule=_s(r.get("from_rule")), to_number=_s(r.get("to_number")), to_rule=r.get("to_rule") or None,
            cited_title=_s(r.get("cited_title")), raw=_s(r.get("raw")), source_file=_s(r.get("source_file")),
            source_line=_int(r.get("source_line")), from_number=_s(r.get("from_number")),
            from_display=_s(r.get("from_display")), from_text=_s(r.get("from_text")),
            to_display=_s(r.get("to_display")) or _s(r.get("to_number")), to_title=_s(r.get("to_title")),
            to_source=Provenance.of(r.get("to_source")),
        )


def decode_bullets(value) -> list[tuple[int, str]]:
    """faq.bullets as (depth, text): a JSON list of {"text", "children"} or plain lines."""
    if not value:
        return []
    if isinstance(value, str):
        import json

        try:
            parsed = json.loads(value)
        except ValueError:
            return [(0, line.strip()) for line in value.splitlines() if line.strip()]
    else:
        parsed = value
    out: list[tuple[int, str]] = []

    def walk(item, depth):
        if isinstance(item, list):
            for sub in item:
                walk(sub, depth)
        elif isinstance(item, dict):
            text = item.get("text") or item.get("q") or item.get("a") or ""
            if text:
                out.append((depth, str(text)))
            for sub in item.get("children", []) or []:
                walk(sub, depth + 1)
        elif item is not None and str(item).strip():
            out.append((depth, str(item)))

    walk(parsed, 0)
    return out


# How an FAQ entry is tied to a rule (FaqRef.method), most certain first: the rule that supersedes it
# (status) or that a valid one was checked against (reviewed), a current number it cites (explicit), an
# old number renumbered by hand against the official numbering (renumbered), an old number mapped by
# content (mapped, with a confidence); then the search's guess (suggested).
FAQ_REF_METHODS = ("status", "reviewed", "explicit", "renumbered", "mapped", "suggested")
GROUNDED_METHODS = FAQ_REF_METHODS[:-1]  # from the FAQ's own words or a hand review, not a guess


@record
class FaqRef:
    """A rule an FAQ entry rests on; `method` is one of FAQ_REF_METHODS."""

    faq_id: str
    raw: str
    old_number: str
    rule_id: str | None
    method: str
    confidence: float | None
    # Filled when the rule is joined in (Rulebook.faq).
    number: str = ""
    display_number: str = ""
    number_source: Provenance | None = None
    title: str = ""
    text: str = ""

    @classmethod
    def from_row(cls, r: Mapping) -> FaqRef:
        r = _mapping(r)
        return cls(
            faq_id=_s(r.get("faq_id")), raw=_s(r.get("raw")), old_number=_s(r.get("old_number")),
            rule_id=r.get("rule_id") or None, method=_s(r.get("method")), confidence=_float(r.get("confidence")),
            number=_s(r.get("number")), display_number=_s(r.get("display_number")),
            number_source=Provenance.of(r.get("number_source")), title=_s(r.get("title")), text=_s(r.get("text")),
        )


@record
class Erratum:
    """A revised card text (修订文本), as the FAQ parser finds it and as the store returns it."""

    id: str                  # "E-L<line>" (core FAQ) or "E-R-L<line>" (referee FAQ)
    card_zh: str
    card_en: str | None
    text: str
    faq_id: str | None       # the FAQ entry it belongs to
    source_line: int | None
    doc: str = "core"        # core | referee

    @classmethod
    def from_row(cls, r: Mapping) -> Erratum:
        r = _mapping(r)
        rid = _s(r.get("id"))
        return cls(rid, _s(r.get("card_zh")), _s(r.get("card_en")), _s(r.get("text")), _s(r.get("faq_id")),
                   _int(r.get("source_line")), "referee" if rid.startswith("E-R") else "core")


@record
class FaqEntry:
    """An entry of a FAQ document (core or referee), with its status against the current rules."""

    id: str
    doc: str
    part: str
    topic: str
    card: str
    question: str
    answer: str
    bullets: list[tuple[int, str]]
    truncated: bool
    status: str
    superseded_by: str
    status_note: str
    source_file: str
    source_line: int | None
    refs: list[FaqRef] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)
    superseded_rule: Rule | None = None
    method: str = ""  # from Rulebook.faq_for: how the entry is tied to the rule (explicit, mapped, topic…)

    @property
    def superseded(self) -> bool:
        """Replaced by a current rule, wholly or in part (status says which: superseded, partly_superseded)."""
        return self.status in SUPERSEDED_STATUSES

    @classmethod
    def from_row(cls, r: Mapping) -> FaqEntry:
        r = _mapping(r)
        return cls(
            id=_s(r.get("id")), doc=_s(r.get("doc")), part=_s(r.get("part")), topic=_s(r.get("topic")),
            card=_s(r.get("card")), question=_s(r.get("question")), answer=_s(r.get("answer")),
            bullets=decode_bullets(r.get("bullets")), truncated=bool(r.get("truncated")),
            status=_s(r.get("status")) or "valid", superseded_by=_s(r.get("superseded_by")),
            status_note=_s(r.get("status_note")), source_file=_s(r.get("source_file")),
            source_line=_int(r.get("source_line")), method=_s(r.get("method")),
        )


@record
class Term:
    """A glossary term with its English name, its defining rule and the other ways to write it."""

    term: str
    english: str
    rule_id: str
    kind: str
    source: str
    aliases: list[tuple[str, str]] = field(default_factory=list)  # (alias, kind)
    alias_sources: dict[str, str] = field(default_factory=dict)     # alias -> where it was found
    # The defining rule, when it is joined in (Rulebook.glossary).
    number: str = ""
    display_number: str = ""
    number_source: Provenance | None = None
    rule_title: str = ""
    rule_text: str = ""

    @classmethod
    def from_row(cls, r: Mapping) -> Term:
        r = _mapping(r)
        aliases, sources = [], {}
        for a in r.get("aliases") or []:
            if isinstance(a, Mapping):
                aliases.append((_s(a.get("alias")), _s(a.get("kind"))))
                if a.get("source"):
                    sources[_s(a.get("alias"))] = _s(a.get("source"))
            else:
                aliases.append(tuple(a))
        return cls(
            term=_s(r.get("term")), english=_s(r.get("english")), rule_id=_s(r.get("rule_id")), kind=_s(r.get("kind")),
            source=_s(r.get("source")), aliases=aliases, alias_sources=sources, number=_s(r.get("number")),
            display_number=_s(r.get("display_number")), number_source=Provenance.of(r.get("number_source")),
            rule_title=_s(r.get("title")), rule_text=_s(r.get("text")),
        )


@record
class Version:
    """A document version of the corpus."""

    version: str
    file: str
    kind: str
    sha256: str
    description: str
    paragraphs: int | None

    @classmethod
    def from_row(cls, r: Mapping) -> Version:
        r = _mapping(r)
        return cls(_s(r.get("version")), _s(r.get("file")), _s(r.get("kind")), _s(r.get("sha256")),
                   _s(r.get("description")), _int(r.get("paragraphs")))


@record
class SearchHit:
    """One search result: a rule, an FAQ entry, an erratum or a glossary term."""

    rank: int
    kind: str                     # rule | faq | errata | term
    id: str
    number: str
    display_number: str
    number_source: Provenance | None
    title: str
    breadcrumb: list[str]
    snippet: str
    text: str
    score: float
    coverage: float
    direct: bool
    note: str
    status: str                   # an FAQ entry's reviewed status (judge.rules.faq_status); "" for other kinds
    superseded: bool              # an FAQ entry replaced by a current rule, wholly or in part
    superseded_by: str
    source: str

    @classmethod
    def from_dict(cls, h: Mapping) -> SearchHit:
        return cls(
            rank=int(h["rank"]), kind=_s(h.get("kind")), id=_s(h.get("id")), number=_s(h.get("number")),
            display_number=_s(h.get("display_number")), number_source=Provenance.of(h.get("number_source")),
            title=_s(h.get("title")), breadcrumb=list(h.get("breadcrumb") or []), snippet=_s(h.get("snippet")),
            text=_s(h.get("text")), score=float(h.get("score") or 0), coverage=float(h.get("coverage") or 0),
            direct=bool(h.get("direct")), note=_s(h.get("note")), status=_s(h.get("status")),
            superseded=bool(h.get("superseded")),
            superseded_by=_s(h.get("superseded_by")), source=_s(h.get("source")),
        )


@record
class SearchResult:
    """What `Rulebook.search` found, with the notes and suggestions `judge search` shows."""

    query: str
    hits: list[SearchHit]
    notes: list[str]
    suggestions: list[str]
    message: str  # when nothing matched: says so in Chinese, with the closest terms (else "")
    data: dict  # the full JSON document of `judge search --json` (judge/search/__init__.py)

    @classmethod
    def from_dict(cls, d: Mapping) -> SearchResult:
        return cls(query=_s(d.get("query")), hits=[SearchHit.from_dict(h) for h in d.get("hits", [])],
                   notes=list(d.get("notes") or []), suggestions=list(d.get("suggestions") or []),
                   message=_s(d.get("message")), data=dict(d))
