"""Emptying the rune pool (317.2.d, 316.3, 165) empties the record of its power's domains too: a pool
with no power keeps no domains (the invariant every playout checks)."""

from pathlib import Path

from judge.engine import invariants
from judge.scenario.runner import run_file

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "resources" / "power_domains_emptied_with_pool.场景"


def test_end_of_turn_empties_the_pool_and_its_domains():
    result = run_file(SCENARIO)
    assert all(c.ok for c in result.checks), [c.text for c in result.checks if not c.ok]
    assert invariants.violations(result.game) == []
    assert result.game.players["甲"].power_domains == []
