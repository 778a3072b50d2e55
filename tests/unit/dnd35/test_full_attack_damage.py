"""Attacchi, Attacco completo (35-ATK-09): each hit of a full attack deals its own
damage, as rolled at the table: ``--dmg 9,7`` in the order of the hits."""

import pytest

from battletape.domain.errors import BadInput
from tests.unit.dnd35.support import fight, through_round_one


def test_35_ATK_09_each_hit_of_a_full_attack_takes_its_own_typed_damage():
    """35-ATK-09, 35-BAB-01: BAB +11, +11/+6/+1 against AC 10: three hits of 9, 7, 4."""
    b = through_round_one(fight(("A", 40, {"bab": 11}), ("B", 60, {"ac": 10})))
    hits = [e for e in b.run("attack", "A", "B", bonus=11, roll="15,12,9", dmg="9,7,4",
                             full=True, kind="melee") if type(e).__name__ == "AttackResolved"]
    assert [(e.bonus, e.damage) for e in hits] == [(11, 9), (6, 7), (1, 4)]
    assert b.c("B").hp == 60 - 20


def test_35_ATK_09_a_miss_takes_no_value_and_too_few_values_is_bad_input():
    """35-ATK-09: the values follow the hits, not the swings; fewer values than hits is
    a one-line error and records nothing (one value is the damage of every hit)."""
    b = through_round_one(fight(("A", 40, {"bab": 11}), ("B", 60, {"ac": 20})))
    hits = [e for e in b.run("attack", "A", "B", bonus=11, roll="15,2,19", dmg="9,6",
                             full=True, kind="melee") if type(e).__name__ == "AttackResolved"]
    assert [(e.hit, e.damage) for e in hits] == [(True, 9), (False, 0), (True, 6)]
    b.run("next"), b.run("next")
    before = len(b.events)
    with pytest.raises(BadInput):
        b.run("attack", "A", "B", bonus=11, roll="19,20,20", dmg="9,6", full=True,
              kind="melee")
    assert len(b.events) == before
