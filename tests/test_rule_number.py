"""RuleNumber: the one type for parsing, ordering, parents and display; Provenance: where a number came from."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.rules.number import BadNumber, Provenance, RuleNumber, display_number, within


@pytest.mark.parametrize("typed, canonical", [
    ("349", "349"), ("349.", "349"), ("规则 349.打出卡牌", "349"), ("≈352.4", "352.4"), ("352.8.A.", "352.8.a"),
    ("３５２．８", "352.8"), ("rule 5", "005"), ("[322.2.]", "322.2"), ("352.8.a.1", "352.8.a.1"),
    ("437.1.b.1.a", "437.1.b.1.a"), ("352.8.aa", "352.8.aa"),
])
def test_parse_takes_what_judges_type(typed, canonical):
    assert str(RuleNumber.parse(typed)) == canonical


@pytest.mark.parametrize("bad", ["abc", "352.8.1", "352.x", "349 abc", "", "352.8.a.1.2"])
def test_parse_rejects_non_numbers_in_chinese(bad):
    with pytest.raises(BadNumber) as err:
        RuleNumber.parse(bad)
    assert "规则编号" in str(err.value)


def test_strict_takes_only_the_canonical_form():
    assert RuleNumber.strict("352.8.a") == RuleNumber((352, 8, 1)) and RuleNumber.strict("352.8.aa").key == (352, 8, 27)
    assert RuleNumber.strict("规则 352") is None and RuleNumber.strict("352.8.1") is None and RuleNumber.strict("") is None


def test_order_parent_level_and_display():
    numbers = [RuleNumber.parse(x) for x in ["355.10", "355.2", "352.8.b", "352.8.a", "352", "352.8.a.2"]]
    assert [str(n) for n in sorted(numbers)] == ["352", "352.8.a", "352.8.a.2", "352.8.b", "355.2", "355.10"]
    n = RuleNumber.parse("352.8.a.2")
    assert str(n.parent) == "352.8.a" and n.level == 3 and RuleNumber.parse("352").parent is None
    assert [str(a) for a in n.ancestors] == ["352", "352.8", "352.8.a"]
    assert n.is_within(RuleNumber.parse("352.8")) and not RuleNumber.parse("355.10").is_within(RuleNumber.parse("355.1"))
    assert n.display(Provenance.INFERRED) == "≈352.8.a.2" and n.display("cited") == "352.8.a.2"
    assert display_number("352.4", "inferred") == "≈352.4" and display_number(None, "inferred") == ""


def test_within_on_stored_numbers_is_the_rule_or_its_sub_rules():
    assert within("352.8", "352.8") and within("352.8.a.1", "352.8") and within("352.8", "352")
    assert not within("352.80", "352.8") and not within("3520", "352") and not within("352", "352.8")


_NUMBERS = st.sampled_from(["352", "352.8", "352.8.a", "352.8.a.1", "352.80", "352.9", "355.1", "355.10", "355.10.b"])


@given(_NUMBERS, _NUMBERS)
def test_within_agrees_with_rule_number_is_within(number, root):
    assert within(number, root) == RuleNumber.strict(number).is_within(RuleNumber.strict(root))


def test_equal_to_its_canonical_string_and_immutable():
    n = RuleNumber.parse("352.8.a")
    assert n == "352.8.a" and {n: 1}["352.8.a"] == 1 and n != "352.8"
    with pytest.raises(AttributeError):
        n.key = (1,)


def test_provenance_is_the_stored_string_and_only_inferred_is_uncertain():
    assert Provenance("inferred") is Provenance.INFERRED and Provenance.CITED == "cited"
    assert {"official": 1}[Provenance.OFFICIAL] == 1
    assert [p for p in Provenance if not p.certain] == [Provenance.INFERRED]
    assert all(p.label for p in Provenance)


@given(st.integers(0, 999), st.one_of(st.none(), st.integers(0, 60)), st.one_of(st.none(), st.integers(1, 26)),
       st.one_of(st.none(), st.integers(0, 30)))
def test_canonical_form_round_trips(a, b, c, d):
    key = tuple(x for x in (a, b, c if b is not None else None, d if b is not None and c is not None else None)
                if x is not None)
    n = RuleNumber(key)
    assert RuleNumber.strict(str(n)) == n and RuleNumber.parse(str(n)).key == key
