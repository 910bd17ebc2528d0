"""judge.recordtype: records behave as the dataclasses they replace, and the cold `judge run` path
imports no dataclasses."""

import copy
import dataclasses
import subprocess
import sys

import pytest

from judge import recordtype
from judge.recordtype import FrozenInstanceError, field, field_names, record, replace


@record
class Base:
    a: str
    b: int = 2
    items: list = field(default_factory=list)


@record
class Child(Base):
    c: str = "x"


@record(frozen=True)
class Point:
    x: int
    y: int = 0

    def __str__(self) -> str:
        return f"{self.x},{self.y}"


@record(slots=True)
class Slotted:
    n: int
    tags: set = field(default_factory=set)


@record
class OwnEq:
    v: int

    def __eq__(self, other):
        return isinstance(other, OwnEq) and other.v % 10 == self.v % 10


def test_init_defaults_and_fresh_factories():
    one, two = Base("p"), Base("q", 5, [1])
    assert (one.a, one.b, one.items, two.b, two.items) == ("p", 2, [], 5, [1])
    assert Base("p").items is not one.items
    assert Base(a="p", b=3) == Base("p", 3) and Base("p") != Base("p", 3)
    with pytest.raises(TypeError):
        Base()
    with pytest.raises(TypeError):
        Base("p", nope=1)
    assert repr(Base("p")) == "Base(a='p', b=2, items=[])"
    with pytest.raises(TypeError):
        hash(Base("p"))


def test_generic_and_compiled_methods_agree():
    """A class's first instances come from the generic __init__; once used often it gets its own,
    with the same behaviour (defaults, fresh factories, errors, equality, frozen hashing)."""

    @record
    class Hot:
        a: str
        b: int = 2
        items: list = field(default_factory=list)

    @record(frozen=True)
    class HotPoint:
        x: int
        y: int = 0

    def behaviour():
        out = [vars(Hot("p")), vars(Hot("p", 3, [1])), vars(Hot(b=4, a="q")), Hot("p") == Hot("p"),
               Hot("p") == Hot("p", 3), Hot("p").items is Hot("p").items, hash(HotPoint(1, 2)) == hash(HotPoint(1, 2)),
               HotPoint(1) == HotPoint(1, 0), {HotPoint(1): 1}.get(HotPoint(1))]
        for bad in (lambda: Hot(), lambda: Hot("p", 1, [], 4), lambda: Hot("p", c=1), lambda: Hot("p", a="q")):
            with pytest.raises(TypeError):
                bad()
        with pytest.raises(FrozenInstanceError):
            HotPoint(1).x = 2
        return out

    generic = behaviour()
    generic_init = Hot.__dict__["__init__"]
    for _ in range(recordtype.COMPILE_AFTER + 1):
        Hot("p")
        HotPoint(1)
    assert Hot.__dict__["__init__"] is not generic_init and Hot.__dict__["__eq__"] is not recordtype._eq
    assert HotPoint.__dict__["__hash__"] is not recordtype._hash
    assert behaviour() == generic


def test_a_field_without_default_after_one_with_a_default_is_refused():
    with pytest.raises(TypeError):
        @record
        class Bad:
            a: int = 1
            b: int


def test_inheritance_puts_base_fields_first():
    c = Child("p", 1, [], "y")
    assert field_names(c) == ("a", "b", "items", "c") == Child.__match_args__
    assert c != Base("p", 1, []) and Child("p") == Child("p")
    assert field_names(object()) is None


def test_frozen_records_hash_by_fields_and_refuse_assignment():
    p = Point(1, 2)
    assert {p: "k"}[Point(1, 2)] == "k" and str(p) == "1,2"
    with pytest.raises(FrozenInstanceError):
        p.x = 3
    with pytest.raises(AttributeError):
        del p.y
    assert replace(p, y=5) == Point(1, 5)


def test_slots_and_copies():
    s = Slotted(1)
    assert "__slots__" in Slotted.__dict__ and s.tags == set()
    with pytest.raises(AttributeError):
        s.other = 1
    d = copy.deepcopy(s)
    assert d == s and d.tags is not s.tags
    assert copy.deepcopy(Child("p", items=[[1]])).items == [[1]]


def test_a_class_keeps_its_own_eq():
    assert OwnEq(3) == OwnEq(13) and OwnEq(3) != OwnEq(4)


def test_the_dataclasses_protocol_answers():
    assert dataclasses.is_dataclass(Child) and dataclasses.is_dataclass(Child("p"))
    assert [f.name for f in dataclasses.fields(Child)] == ["a", "b", "items", "c"]
    assert dataclasses.asdict(Child("p")) == {"a": "p", "b": 2, "items": [], "c": "x"}
    assert dataclasses.replace(Point(1), y=3) == Point(1, 3)
    assert dataclasses.fields(Slotted)[1].default_factory is set


def test_cold_judge_run_imports_no_dataclasses(tmp_path):
    """`judge run` of a scenario (≤ 4× `python3 -c pass`, benchmarks/) builds records, not dataclasses."""
    code = ("import sys\nfrom judge.cli import main\ntry:\n    main(['run', '--quiet', 'combat/garen_recruit_healed_before_recheck.场景'])\n"
            "except SystemExit:\n    pass\nprint([m for m in ('dataclasses', 'inspect', 'typing') if m in sys.modules], file=sys.stderr)")
    for _ in range(2):  # the first run may export the grammar tables (a fresh cache); the second is the cold run
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8",
                              cwd=tmp_path)
    assert "1 个通过" in proc.stdout
    assert proc.stderr.strip().splitlines()[-1] == "[]"
