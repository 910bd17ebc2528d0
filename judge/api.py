"""The Python API: a rulebook to query, and scenarios to load and run.

    from judge import Rulebook, run_scenario, load_scenario

    book = Rulebook()                        # the shipped rules, built into the user cache on first use
    rule = book.rule("349")                  # judge.records.Rule, with rule.number_source (Provenance)
    hits = book.search("燃尽", kinds=["rule"], limit=5).hits
    result = run_scenario("scenarios/combat/equal_might_all_die.场景")
    result.passed, result.events, result.expectations

Every method returns records of judge.records (dataclasses), never raw rows. Errors are
judge.errors.JudgeError subclasses with a Chinese message (NotFoundError for an unknown number, id,
card or term, with the nearest existing ones as a hint).
"""

from __future__ import annotations

import os
from pathlib import Path

from judge.errors import NotFoundError, StoreError
from judge.records import Erratum, FaqEntry, FaqRef, Ref, Rule, SearchResult, Term, Version
from judge.rules import lookup
from judge.rules.number import BadNumber, RuleNumber

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:  # sqlite3 is imported where a store is opened: `judge run` never opens one
    import sqlite3

__all__ = ["Rulebook", "ScenarioResult", "load_scenario", "run_scenario"]  # noqa: F822 (ScenarioResult: __getattr__)


class Rulebook:
    """The rule tree, FAQ, errata and glossary of one store.

    `Rulebook()` opens the store of the shipped corpus (or of $JUDGE_CORPUS_DIR), building it into the
    per-user cache first if needed. `Rulebook(folder)` does the same for another copy of the corpus (a
    folder with its MANIFEST.tsv); `Rulebook(file)` opens a store file built by `judge build` (or
    `Rulebook.build(path)`), read only. `version` picks the rules version lookups use (default: the
    current version, 2026-07-17); `versions()` lists them.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, version: str | None = None):
        self._path = Path(path) if path is not None else None
        if self._path is None:
            from judge.store import open_store

            self._conn = open_store()
        elif self._path.is_dir():
            self._conn = _open_corpus(self._path)
        else:
            self._conn = _open_file(self._path)
        self._search_conn = None  # judge.search.store.TupleRows over self._conn, once searched
        known = [r["version"] for r in self._conn.execute("SELECT version FROM versions")]
        if version is not None and version not in known:
            raise NotFoundError(f"没有版本“{version}”。", hint="可用版本：" + "、".join(known))
        self.version = version or lookup.current_version(self._conn)

    @staticmethod
    def build(path: str | os.PathLike) -> Path:
        """Build a store of the corpus into `path` (a file); `Rulebook(path)` then opens it."""
        from judge.store import build_store

        return build_store(Path(path), force=True)

    # ---------------------------------------------------------------- lifecycle

    def close(self) -> None:
        self._conn.close()
        self._search_conn = None

    def __enter__(self) -> Rulebook:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Rulebook(version={self.version!r})"

    @property
    def connection(self) -> sqlite3.Connection:
        """The read-only sqlite3 connection (rows as sqlite3.Row), for queries the API does not offer."""
        return self._conn

    # ---------------------------------------------------------------- rules

    def _number(self, number: str | RuleNumber) -> str:
        return str(RuleNumber.parse(number))

    def _row(self, number: str | RuleNumber) -> dict:
        num = self._number(number)
        row = lookup.get_rule(self._conn, num, self.version)
        if row is None:
            near = lookup.nearest(self._conn, num, self.version)
            hint = "最接近的现有编号：" + "、".join(near) if near else None
            raise NotFoundError(f"找不到规则 {num}。", hint=hint)
        return row

    def _rule(self, row: dict) -> Rule:
        return Rule.from_row(row, [e["text"] for e in lookup.examples(self._conn, row["id"])])

    def rule(self, number: str | RuleNumber) -> Rule:
        """The rule with this number ("349", "103.2.a", "规则 349.打出卡牌", "≈352.4")."""
        return self._rule(self._row(number))

    def get(self, number: str | RuleNumber) -> Rule | None:
        """Like rule(), but None when there is no such rule (a malformed number still raises BadNumber)."""
        try:
            return self.rule(number)
        except NotFoundError:
            return None

    def __contains__(self, number) -> bool:
        try:
            return lookup.get_rule(self._conn, self._number(number), self.version) is not None
        except BadNumber:
            return False

    def children(self, number: str | RuleNumber) -> list[Rule]:
        """The direct sub-rules, in document order."""
        row = self._row(number)
        return [self._rule(r) for r in lookup.children(self._conn, row["number"], self.version)]

    def subtree(self, number: str | RuleNumber, depth: int | None = None) -> list[Rule]:
        """The rule and all its sub-rules (down to `depth` levels below it), in document order."""
        row = self._row(number)
        return [self._rule(r) for r in lookup.subtree(self._conn, row["number"], self.version, depth)]

    def section(self, number: str | RuleNumber) -> list[Rule]:
        """For a section heading ("349 打出卡牌"): the top-level rules of its section; [] for other rules."""
        row = self._row(number)
        return [self._rule(r) for r in lookup.section(self._conn, row["number"], self.version)]

    def breadcrumb(self, number: str | RuleNumber) -> list[Rule]:
        """The ancestors from the top-level rule down to the rule itself."""
        row = self._row(number)
        return [self._rule(r) for r in lookup.breadcrumb(self._conn, row["number"], self.version)]

    def rules(self, start: str | RuleNumber | None = None, end: str | RuleNumber | None = None) -> list[Rule]:
        """Every rule of the version in document order, or those from `start` to `end` inclusive."""
        if start is None:
            rows = self._conn.execute("SELECT * FROM rules WHERE version = ? ORDER BY ord", (self.version,)).fetchall()
            return [Rule.from_row(r) for r in rows]
        rows = lookup.rule_range(self._conn, self._number(start), self._number(end or start), self.version)
        return [Rule.from_row(r) for r in rows]

    def refs_out(self, number: str | RuleNumber) -> list[Ref]:
        """The citations the rule's text makes, with the cited rule's display number when it exists."""
        row = self._row(number)
        return [Ref.from_row(r) for r in lookup.refs_out(self._conn, row["id"])]

    def refs_in(self, number: str | RuleNumber) -> list[Ref]:
        """The rules whose text cites this one."""
        row = self._row(number)
        return [Ref.from_row(r) for r in lookup.refs_in(self._conn, row["id"])]

    def nearest(self, number: str | RuleNumber, k: int = 5) -> list[str]:
        """Existing numbers closest to `number` (for "did you mean")."""
        return lookup.nearest(self._conn, self._number(number), self.version, k)

    def versions(self) -> list[Version]:
        return [Version.from_row(r) for r in lookup.versions(self._conn)]

    # ---------------------------------------------------------------- FAQ, errata, glossary

    def faq(self, entry_id: str) -> FaqEntry:
        """One FAQ entry ("C-L33", "R-L41"), with the rules it rests on and its errata."""
        from judge.rules import faq_lookup

        row = faq_lookup.get_entry(self._conn, entry_id)
        entry = FaqEntry.from_row(row)
        entry.refs = [FaqRef.from_row({**r, "faq_id": entry.id}) for r in row.get("refs", [])]
        entry.errata = [Erratum.from_row(e) for e in row.get("errata", [])]
        if row.get("superseded_rule"):
            entry.superseded_rule = self.get(row["superseded_rule"]["number"])
        return entry

    def faq_entries(self, doc: str | None = None, topic: str | None = None, status: str | None = None) -> list[FaqEntry]:
        """FAQ entries, optionally of one document ("core", "referee"), topic or status ("valid", "disputed",
        "partly_superseded", "superseded"; judge.rules.faq_status)."""
        from judge.rules import faq_lookup

        return [FaqEntry.from_row(r) for r in faq_lookup.list_entries(self._conn, doc, topic, status)]

    def faq_for(self, number: str | RuleNumber) -> list[FaqEntry]:
        """FAQ entries resting on a rule (for a rule absent from the corpus, also those filed under its title)."""
        row = self._row(number)
        entries = lookup.faq_for(self._conn, row["id"])
        if row["number_source"] == "absent" and row["title"]:
            seen = {e["id"] for e in entries}
            entries += [e for e in lookup.faq_about(self._conn, row["title"]) if e["id"] not in seen]
        return [FaqEntry.from_row(e) for e in entries]

    def errata(self, card: str | None = None) -> list[Erratum]:
        """Revised card texts, all or those of one card (Chinese, English or another name; fuzzy)."""
        from judge.rules import faq_lookup

        return [Erratum.from_row(r) for r in faq_lookup.errata(self._conn, card)]

    def glossary(self, term: str | None = None, include_cards: bool = False) -> list[Term]:
        """Glossary terms, or the entries matching one term (Chinese, English, pinyin, traditional; fuzzy)."""
        from judge.rules import faq_lookup

        return [Term.from_row(r) for r in faq_lookup.glossary(self._conn, term, include_cards)]

    # ---------------------------------------------------------------- search

    def search(self, query: str, kinds: list[str] | str | None = None, limit: int = 10) -> SearchResult:
        """Rules, FAQ entries, errata and glossary terms for a query however it is typed.

        kinds: "rule", "faq", "errata", "term" (or their Chinese names), a list or a comma-separated string.
        """
        from judge.search import engine

        kind_list = engine.parse_kinds([kinds] if isinstance(kinds, str) else kinds)
        result = engine.search(self._search_connection(), query, limit=limit, kinds=kind_list)
        return SearchResult.from_dict(result.to_dict())

    def _search_connection(self):
        if self._search_conn is None:
            from judge.search.store import TupleRows, tune

            # The store already open, not a second connection: its queries' rows as tuples, with the
            # search's page cache and mmap.
            tune(self._conn)
            self._search_conn = TupleRows(self._conn)
        return self._search_conn


def _open_corpus(folder: Path) -> sqlite3.Connection:
    """The store of the corpus in `folder` (built into the user cache if needed), as $JUDGE_CORPUS_DIR would."""
    from judge.errors import CorpusError
    from judge.store import open_store

    if not (folder / "MANIFEST.tsv").is_file():
        raise CorpusError(f"{folder} 不是规则语料目录：其中没有 MANIFEST.tsv。",
                          hint="请给出语料目录（如 rules_corpus/）或 judge build 生成的数据库文件。")
    saved = os.environ.get("JUDGE_CORPUS_DIR")
    os.environ["JUDGE_CORPUS_DIR"] = str(folder.resolve())
    try:
        return open_store()
    finally:
        if saved is None:
            os.environ.pop("JUDGE_CORPUS_DIR", None)
        else:
            os.environ["JUDGE_CORPUS_DIR"] = saved


def _open_file(path: Path) -> sqlite3.Connection:
    try:  # the C module behind sqlite3 (as judge.store.cache opens the store): reading needs no datetime adapters
        import _sqlite3 as sqlite3  # and the package would import datetime on a cold `judge search`
    except ImportError:
        import sqlite3

    if not path.is_file():
        raise StoreError(f"找不到规则数据库文件：{path}", hint="用 Rulebook.build(路径) 或 judge build 生成。")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("SELECT 1 FROM rules LIMIT 1")
    except sqlite3.Error as exc:
        raise StoreError(f"无法读取规则数据库 {path}：{exc}", hint="该文件不是 judge 生成的规则数据库，或已损坏。") from None
    return conn


# -------------------------------------------------------------------- scenarios


def __getattr__(name: str):
    # The scenario harness (and the engine under it) loads only when scenarios are used.
    if name == "ScenarioResult":
        from judge.scenario.runner import ScenarioResult

        return ScenarioResult
    raise AttributeError(f"module 'judge.api' has no attribute {name!r}")


def _looks_like_text(value: str) -> bool:
    """DSL text has lines; a path never does."""
    return "\n" in value.strip()


def load_scenario(path_or_text: str | os.PathLike):
    """Parse and validate a scenario (a file path, a shipped scenario's relative path, or DSL text).

    Returns judge.dsl.model.Scenario; raises judge.dsl.errors.ScenarioError (Chinese, with file,
    line and column) on bad input.
    """
    from judge.dsl.parser import load_scenario as _load_file
    from judge.dsl.parser import parse_text
    from judge.dsl.validate import validate
    from judge.paths import scenario_path

    if isinstance(path_or_text, str) and _looks_like_text(path_or_text):
        sc = parse_text(path_or_text, "<场景>", base_dir=Path.cwd())
        validate(sc)
        return sc
    return _load_file(scenario_path(path_or_text))


def run_scenario(path_or_text, *, auto: bool = False):
    """Play a scenario under the rules (a path, DSL text, or a Scenario from load_scenario).

    Returns judge.scenario.runner.ScenarioResult: `passed`, `events` (the trace: kind, text, rules,
    faq, changes), `expectations` (each with text, ok, actual, line, kind), `failures`, `stop` (why
    the run stopped early, else None), `rules_applied`, `winner`, `to_dict()`. `auto` takes the
    documented default for a choice the scenario does not script (said in the trace); without it a
    missing choice stops the run.
    """
    from judge.dsl.model import Scenario
    from judge.scenario.runner import run_scenario as _run

    sc = path_or_text if isinstance(path_or_text, Scenario) else load_scenario(path_or_text)
    return _run(sc, auto=auto)
