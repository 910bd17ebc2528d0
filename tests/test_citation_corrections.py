"""Stale in-text citations (judge/rules/data/citation_corrections.tsv): a citation whose number, in the
official numbering (v1.4, the Chinese rules' numbering), is another rule never titles the wrong node,
its reference goes to the rule it means, and every view says what the text wrote."""

import html
import re

import pytest
from reference_files import ENGLISH as REFERENCE

from judge.api import Rulebook
from judge.cli import main
from judge.corpus import manifest
from judge.paths import corpus_dir
from judge.rules import CURRENT_VERSION, citation_review
from judge.rules.citations import find_citations
from judge.rules.model import format_number, parse_number
from judge.rules.tree import build_trees



@pytest.fixture(scope="module")
def tree():
    return build_trees(manifest.verify())[CURRENT_VERSION]


def run(capsys, *args):
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    return exc.value.code, capsys.readouterr().out


def _refs_from_line(tree, line: int):
    return [ref for ref in tree.refs if ref.source_line == line]


def test_costs_within_instructions_end_to_end(tree, capsys):
    by = tree.by_number()
    # 740.2.a is about a unit being alone: the citation's subject does not title it.
    assert "指示文本中的费用" not in by["740.2.a"].title
    assert by["740.4.a"].title == "指示文本中的费用"
    [ref] = [r for r in tree.refs if by["403.1.b.1"].id == r.from_rule]
    assert ref.to_number == "740.4.a" and ref.to_rule == by["740.4.a"].id
    assert "740.2.a" in ref.raw and ref.cited_title == "指示文本中的费用"
    code, out = run(capsys, "rule", "403.1.b.1")
    assert code == 0
    assert "→ 740.4.a 指示文本中的费用（正文写作 740.2.a，按官方编号 v1.4 应为 740.4.a）" in out
    code, out = run(capsys, "rule", "740.2.a")
    assert code == 0 and "指示文本中的费用" in out and "不是本条而是规则 740.4.a" in out
    assert "规则 740.2.a 孤身" in out
    code, out = run(capsys, "rule", "740.4.a")
    assert "← 403.1.b.1" in out and "正文写作 740.2.a" in out


def test_a_right_number_under_another_rules_title(tree, capsys):
    by = tree.by_number()
    assert by["317"].title == "回合结束阶段"
    assert by["317.2"].title == "失效步骤"       # the Chinese text's own word (317.2.f), not its parent's title
    [ref] = _refs_from_line(tree, 551)
    assert ref.to_number == "317.2"
    code, out = run(capsys, "rule", "143.3.b.1")
    assert "→ 317.2 失效步骤（正文写作“317.2.回合结束阶段”；按官方编号 v1.4，“回合结束阶段”是规则 317 的标题）" in out
    payload = Rulebook().refs_out("143.3.b.1")
    assert [citation_review.ref_label(r) for r in payload] == [
        ("失效步骤", "正文写作“317.2.回合结束阶段”；按官方编号 v1.4，“回合结束阶段”是规则 317 的标题")]


def test_every_correction_is_applied(tree):
    rows = [k for k in citation_review.corrections() if k.file == tree.doc.file]
    assert len(rows) >= 3
    by = tree.by_number()
    lines = (corpus_dir() / "core-rules-2026-07-17.zh.txt").read_text(encoding="utf-8").splitlines()
    for k in rows:
        # The line holds the citation as the table writes it.
        cites = [c for c in find_citations(lines[k.line - 1]) if format_number(parse_number(c.number)) == k.cited]
        assert any(citation_review.subject_of(c) == k.subject for c in cites), k
        assert k.holder in by and k.resolve in by, k
        # The subject titles the rule that holds it, never another number.
        assert k.subject in by[k.holder].title or by[k.holder].text.startswith(k.subject), k
        if k.cited != k.holder:
            assert k.subject not in by[k.cited].title, k
        # The reference from that line goes to the rule it means and is labelled with what the text wrote.
        refs = [r for r in tree.refs if r.source_line == k.line and k.cited in r.raw.replace(" ", "")
                and r.cited_title == k.subject]
        assert refs and all(r.to_number == k.resolve and r.to_rule == by[k.resolve].id for r in refs), k
        said = f"正文第 {k.line} 行写作“规则 {k.cited}”"
        assert said in by[k.resolve].evidence and said in by[k.holder].evidence and said in by[k.cited].evidence, k


def test_docs_link_a_stale_citation_to_the_rule_it_means(tree):
    from judge.docs.pages_rules import linked_text

    class Ctx:
        class data:
            rules_by_id = {r.id: r for r in tree.rules}

        @staticmethod
        def rule_href(page, rule):
            return f"#{rule.number}"

        @staticmethod
        def rule_link(page, rule, label=""):
            return f"[{label}](#{rule.number})"

        @staticmethod
        def resolve_number(number):
            return tree.by_number().get(number)

    r = tree.by_number()["403.1.b.1"]
    refs = [ref for ref in tree.refs if ref.from_rule == r.id]
    [para] = linked_text(Ctx, "p", r.text, refs)
    assert "(#740.4.a)" + "（正文写作 740.2.a，按官方编号 v1.4 应为 740.4.a）" in html.unescape(para)


# ---------------------------------------------------------------- against the reference (dev machines)

def _norm(text: str) -> str:
    return re.sub(r"[^a-z ]", "", text.lower()).strip()


def _stem(word: str) -> str:
    return re.sub(r"(s|ing|ment)$", "", re.sub(r"ies$", "y", word))


# 待命 is the Chinese word for both the Hide action (421) and the Hidden keyword (811): a citation of 421
# as 待命 names the action, which the glossary (待命 = the keyword) cannot tell apart.
SAME_WORD = {("421", "待命")}


def test_no_cited_title_names_another_rule_of_the_reference(tree):
    """A cited title whose English term (glossary pairs, heading terms) the reference defines or heads
    elsewhere must not sit on a number whose v1.4 rule is not that heading, that definition or its parent."""
    if REFERENCE is None:
        pytest.skip("reference file absent")
    from judge.rules.align.export_map import HEADING_TERMS
    from judge.rules.align.glossary import project_pairs
    from judge.rules.align.reference import parse_file

    _name, rules, _date = parse_file(REFERENCE, "en")
    en = {format_number(parse_number(r.number)): r for r in rules if parse_number(r.number)}
    terms: dict[str, set[str]] = {}
    for zh, english in project_pairs(manifest.verify()):
        terms.setdefault(zh, set()).add(_norm(english))
    for english, zh in HEADING_TERMS.items():
        terms.setdefault(zh, set()).add(_norm(english))

    def heads(number: str, term: str) -> bool:
        r = en.get(number)
        words = {_stem(w) for w in _norm(r.text).split()} if r and r.is_heading else set()
        return bool(r) and all(_stem(w) in words for w in term.split())

    def definers(term: str) -> set[str]:
        pattern = re.compile(rf"^(an? |the )?{re.escape(term)}s? (is|are) ")
        return {n for n, r in en.items() if pattern.match(r.text.lower())
                or (r.is_heading and _norm(re.sub(r"^(step )?\d+[a-z]?[.:]", "", r.text.lower())) == term)}

    def problems(cites) -> list[tuple[str, str]]:
        out = []
        for c in cites:
            subject = c.title or c.context
            number = format_number(parse_number(c.number))
            if not subject or (number, subject) in SAME_WORD:
                continue
            for term in terms.get(subject, ()):
                where = definers(term)
                if where and not heads(number, term) and not any(d == number or d.startswith(number + ".")
                                                                 for d in where):
                    out.append((number, subject))
        return sorted(set(out))

    raw = [c for p in tree.paragraphs for c in find_citations(p.text)]
    # The check is not vacuous: read as written, the stale titles it can decide are found...
    assert {("317.2", "回合结束阶段"), ("349", "打出过程")} <= set(problems(raw))
    # ...and with the reviewed corrections applied, no cited title lands on another rule.
    assert problems(citation_review.for_titles(tree.doc.file, raw)) == []
    # A node without text titled by a reviewed citation's subject is one the citations name so.
    subjects = {k.subject for k in citation_review.corrections() if k.file == tree.doc.file}
    named: dict[str, set[str]] = {}
    for c in citation_review.for_titles(tree.doc.file, raw):
        if c.title or c.context:
            named.setdefault(c.title or c.context, set()).add(format_number(parse_number(c.number)))
    for r in tree.rules:
        if r.number and not r.text and r.title in subjects:
            assert r.number in named[r.title], (r.number, r.title, named[r.title])


# ---------------------------------------------------------------- the referee FAQ's older numbering

def test_every_reviewed_old_faq_number_is_applied(capsys):
    from judge.store import open_store

    rows = [k for k in citation_review.corrections() if k.file == "origins-referee-faq.zh.txt"]
    assert len(rows) >= 10
    lines = (corpus_dir() / "origins-referee-faq.zh.txt").read_text(encoding="utf-8").splitlines()
    conn = open_store()
    for k in rows:
        assert f"[{k.cited}.]" in lines[k.line - 1].replace(" ", ""), k
        got = conn.execute("""SELECT DISTINCT r.number, f.confidence FROM faq_refs f JOIN rules r ON r.id = f.rule_id
                              WHERE f.method = 'renumbered' AND f.old_number = ?""", (k.cited,)).fetchall()
        assert [tuple(g) for g in got] == [(k.resolve, 1.0)], k
    code, out = run(capsys, "faq", "show", "R-L61")
    assert code == 0
    assert "原文“规则 [440.1.b.]”为旧编号，已按官方编号 v1.4 人工核对" in out and "466.5.a" in out
