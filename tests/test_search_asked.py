"""Questions drafted in players' words for the rule paragraphs (judge/search/data/asked/*.tsv).

Each row names a rule by its number and asks, in a player's words, something that rule answers. The
writers drafted them from the rules alone, so no row may repeat a question of an evaluation set (for a frozen
set only a count is reported, never the question). The search indexes them with their rule: a question
whose words are not the rule's own still finds it.
"""


import pytest

from judge.paths import REPO_DIR
from judge.search import index
from judge.search.data_files import ASKED_DIR, read_asked
from judge.search.engine import search
from judge.search.fusion import char_pairs
from judge.search.text import has_cjk, norm_text
from tool_module import load_tool

ROWS = read_asked()
needs_rows = pytest.mark.skipif(not ROWS, reason="no drafted questions in judge/search/data/asked/")


def _where(row) -> str:
    folder = ASKED_DIR.relative_to(REPO_DIR) if ASKED_DIR.is_relative_to(REPO_DIR) else ASKED_DIR
    return f"{folder}/{row.file}:{row.line}"


def test_reader_takes_every_file_in_name_order_and_skips_comments(tmp_path):
    (tmp_path / "b.tsv").write_text("# comment\n101\t卡牌可以打几张？\n\n", encoding="utf-8")
    (tmp_path / "a.tsv").write_text("100\t什么是规则？\n100\n", encoding="utf-8")
    rows = read_asked(tmp_path)
    assert [(r.file, r.line, r.number, r.question, r.cells) for r in rows] == [
        ("a.tsv", 1, "100", "什么是规则？", 2), ("a.tsv", 2, "100", "", 1), ("b.tsv", 2, "101", "卡牌可以打几张？", 2)]
    assert read_asked(tmp_path / "missing") == []


@needs_rows
def test_every_row_is_well_formed():
    bad = []
    for row in ROWS:
        q = row.question
        if row.cells != 2:
            bad.append(f"{_where(row)}: {row.cells} cells (number<TAB>question)")
        elif not has_cjk(q):
            # A foreign player's short question in the English rules' words ("can I move during a showdown").
            words = q.split()
            if not (4 <= len(words) <= 12 and all(w.isascii() for w in words)):
                bad.append(f"{_where(row)}: neither Chinese (4-40 characters) nor English (4-12 words)")
        elif not 4 <= len(q) <= 40:
            bad.append(f"{_where(row)}: {len(q)} characters (4-40)")
    assert not bad, "\n".join(bad)


@needs_rows
def test_no_row_is_repeated_in_its_file():
    seen: dict[tuple[str, str, str], int] = {}
    dup = []
    for row in ROWS:
        key = (row.file, row.number, norm_text(row.question))
        if key in seen:
            dup.append(f"{_where(row)}: same as line {seen[key]}")
        seen.setdefault(key, row.line)
    assert not dup, "\n".join(dup)


@needs_rows
def test_every_number_is_a_rule_of_the_current_version(conn):
    version = index.current_version(conn)
    numbers = {r[0] for r in conn.execute("SELECT number FROM rules WHERE version = ?", (version,))}
    assert numbers
    missing = [f"{_where(row)}: no rule {row.number} in version {version}" for row in ROWS if row.number not in numbers]
    assert not missing, "\n".join(missing)


@needs_rows
def test_no_drafted_question_is_a_question_of_an_evaluation_set():
    asked_clean = load_tool("asked_clean")
    problems = []
    for path, shared in asked_clean.clashes(ROWS).items():
        if "frozen" in path.name:  # a count only: a frozen set's questions are never shown, nor where they are
            problems.append(f"{len(shared)} drafted question(s) equal a question of {path.name}")
        else:
            problems += [f"{_where(r)}: a question of {path.name}" for r in shared]
    assert not problems, "\n".join(problems) + "\n(python tools/asked_clean.py removes them, printing counts only)"


def _asked_clean(monkeypatch, folder):
    """tools/asked_clean.py working on `folder`, against the development set only."""
    asked_clean = load_tool("asked_clean")
    monkeypatch.setattr(asked_clean, "ASKED_DIR", folder)
    monkeypatch.setattr(asked_clean, "set_files", lambda: [REPO_DIR / "tests" / "search_questions_dev.tsv"])
    return asked_clean


def test_asked_clean_help_dry_run_and_removal(monkeypatch, tmp_path, capsys):
    from judge.search import evaluation

    question = evaluation.load(REPO_DIR / "tests" / "search_questions_dev.tsv")[0].query
    drafted = tmp_path / "100-199.tsv"
    text = f"# drafted\n101\t{question}\n101\t一个不在任何问题集里的问题\n"
    drafted.write_text(text, encoding="utf-8")
    tool = _asked_clean(monkeypatch, tmp_path)

    with pytest.raises(SystemExit) as done:
        tool.main(["--help"])
    assert done.value.code == 0 and "--dry-run" in capsys.readouterr().out
    assert drafted.read_text(encoding="utf-8") == text  # --help cleans nothing

    assert tool.main(["--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "search_questions_dev.tsv: 1 drafted" in out and "100-199.tsv: 1 row(s) would be removed" in out
    assert question not in out and drafted.read_text(encoding="utf-8") == text  # counts only, nothing written

    assert tool.main(["--check"]) == 1 and drafted.read_text(encoding="utf-8") == text
    capsys.readouterr()
    assert tool.main([]) == 0 and "100-199.tsv: 1 row(s) removed" in capsys.readouterr().out
    assert drafted.read_text(encoding="utf-8") == "# drafted\n101\t一个不在任何问题集里的问题\n"
    assert tool.main(["--check"]) == 0


def _owners(conn) -> list[tuple[str, str, str]]:
    """(number of the paragraph a drafted question is indexed with, its own text, the question)."""
    docs = index.collect_docs(conn, index.current_version(conn))
    out = []
    for d in docs:
        if d["kind"] == "rule":
            own = norm_text(f"{d['title']}\n{d['text']}")
            out += [(d["number"], own, q) for q in d.get("questions") or []]
    return out


@needs_rows
def test_a_question_in_words_its_rule_does_not_use_finds_that_rule(conn):
    """Questions sharing almost none of their character pairs with their rule's own title and text can only
    find it through the table: most of them must put it in the first five (none would, were it not indexed)."""
    from judge.search.analyze import analyze

    picked = []
    for number, own, q in _owners(conn):
        pairs = char_pairs(analyze(conn, q))
        if len(pairs) >= 4 and sum(p in own for p in pairs) <= len(pairs) // 5:
            picked.append((number, q))
    picked = picked[:: max(1, len(picked) // 20)][:20]
    assert len(picked) >= 5, "too few drafted questions in words of their own"
    found = [(n, q) for n, q in picked if any(h["kind"] == "rule" and h["number"] == n
                                              for h in search(conn, q, limit=5).to_dict()["hits"])]
    assert len(found) * 2 >= len(picked), f"{len(found)}/{len(picked)} found: missed {sorted(set(picked) - set(found))[:5]}"
