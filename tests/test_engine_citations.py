"""Every rule number the engine can cite exists in the rule tree and is about what the engine claims."""

import re

import pytest
from reference_files import ENGLISH, needs_english


from judge.engine.citations import FAQ, RULES, RULES_EN



@pytest.fixture(scope="module")
def conn():
    from judge.store import open_store

    return open_store()


def _texts(conn, number):
    """The rule's own title/text, its descendants', and every sentence of the corpus citing it."""
    from judge.rules.lookup import current_version

    v = current_version(conn)
    rows = conn.execute("SELECT title, text FROM rules WHERE version = ? AND (number = ? OR number LIKE ?)",
                        (v, number, number + ".%")).fetchall()
    own = " ".join(f"{r[0] or ''} {r[1] or ''}" for r in rows)
    citing = []
    pat = re.compile(r"([^。；]*?)请查阅\s*规则\s*" + re.escape(number) + r"(?![\d])\.?\s*([^\s。，；]*)")
    for (text,) in conn.execute("SELECT text FROM rules WHERE version = ? AND text LIKE ?", (v, f"%{number}%")):
        citing += [m.group(1) + number + m.group(2) for m in pat.finditer(text or "")]
    return own, citing


@pytest.mark.parametrize("number", sorted(RULES))
def test_cited_rule_exists_with_its_concept(conn, number):
    from judge.rules.lookup import get_rule

    row = get_rule(conn, number)
    assert row is not None, f"规则 {number} 不在规则树中"
    if number in RULES_EN:
        return  # no Chinese text: its concept is checked against the English reference below
    own, citing = _texts(conn, number)
    concept = RULES[number]
    assert concept in own or any(concept in c for c in citing), \
        f"规则 {number} 的文本或引用它的句子中没有“{concept}”"


@needs_english
@pytest.mark.parametrize("number", sorted(RULES_EN))
def test_rule_without_chinese_text_has_its_concept_in_the_english_rules(conn, number):
    """The rule's own English text (the lines from its number to the next numbered rule) names the
    concept; the tree has no Chinese text for it."""
    lines = ENGLISH.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(number + ". "))
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"\d{3}\.", lines[i])), len(lines))
    text = " ".join(lines[start:end]).lower()
    assert RULES_EN[number] in text, f"rule {number}: '{RULES_EN[number]}' not in its English text"
    from judge.rules.lookup import get_rule

    assert get_rule(conn, number) is not None


@pytest.fixture(scope="module")
def shipped_traces():
    from judge.scenario.runner import run_file, scenario_files

    return [run_file(f).game.trace for f in scenario_files("scenarios")]


def test_every_rule_in_shipped_traces_is_registered(shipped_traces):
    used = set()
    for trace in shipped_traces:
        used |= trace.rules_applied()
    assert used <= set(RULES), f"未登记的规则编号：{sorted(used - set(RULES))}"
    assert {"323", "465.2.c", "466.1", "471.1"} <= used


def test_superseded_rulings_are_never_cited_without_the_rule(shipped_traces):
    """SUPERSEDED lists the rulings of FAQ that a current rule replaced, wholly or in part, as faq_status.tsv
    reviews them; the engine follows the rule: a step citing one always cites a rule too."""
    from judge.engine.citations import SUPERSEDED, faq_id
    from judge.rules import faq_status, ruling_status

    rows = {f"{'C' if r.doc == 'core' else 'R'}-L{r.line}": r for r in faq_status.load_status_rows()}
    replaced = {fid for fid, row in rows.items() if row.status in ruling_status.SUPERSEDED_STATUSES}
    assert set(SUPERSEDED) == {key for key, (fid, _) in FAQ.items() if fid in replaced}
    for key, number in SUPERSEDED.items():
        assert rows[faq_id(key)].rule.startswith(number), key
    # core FAQ 39, 89, 93, 195 and referee FAQ 61, 63: their results hold (the final point, both sides surviving,
    # healing, burn out, the combat cleanup, Kog'Maw and the imp); referee FAQ 41 (control while contested) does not
    assert {key for key in SUPERSEDED if rows[faq_id(key)].status == ruling_status.SUPERSEDED} == {"R-CONTROL-LOCK"}
    cited = [ev for trace in shipped_traces for ev in trace if set(ev.faq) & replaced]
    assert {"C-L39", "C-L89", "R-L61"} <= {f for ev in cited for f in ev.faq}
    assert all(ev.rules for ev in cited), [ev.text for ev in cited if not ev.rules]


def test_faq_citations_exist():
    from judge.rules.faq import parse_shipped

    ids = {e.id for pf in parse_shipped() for e in pf.entries}
    missing = [fid for fid, _ in FAQ.values() if fid not in ids]
    assert not missing, missing


def test_a_step_cites_each_rule_once():
    from judge.trace.events import Trace

    ev = Trace().add("step", "t", rules=("383.3", "383.3.d.1", "383.3"), faq=("R-L19", "R-L19"))
    assert ev.rules == ("383.3", "383.3.d.1") and ev.faq == ("R-L19",)
