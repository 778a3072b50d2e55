"""D&D 3.5 (seed 003), Attaccare gli oggetti (Attacking Objects): hit points and hardness,
no criticals, no nonlethal damage, ranged half, energy fractions."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import fight

DOOR = ("Door", 30, {"object_": True, "hardness": 5})


def test_35_OBJ_01_fire_half_then_hardness():
    """35-OBJ-01 (Attaccare gli oggetti): `damage Door 20 --type fire --hardness 5` -> 20/2
    = 10 - 5 = 5 (the energy fraction before hardness), even without --object."""
    b = fight(("Door", 30))
    e = b.run("damage", "Door", 20, type_="fire", hardness=5)[-1]
    assert (e.rolled, e.amount) == (20, 5) and b.c("Door").hp == 25


@pytest.mark.parametrize("kind,dealt", [("slashing", 15), ("acid", 15), ("suono", 15),
                                        ("electricity", 5), ("fuoco", 5), ("cold", 0)])
def test_35_OBJ_01_energy_fractions_and_hardness(kind, dealt):
    """35-OBJ-01 (Danni da energia): acid and sonic full, electricity and fire half, cold
    1/4, before hardness 5: 20 -> 15, 15, 15, 5, 5, 0 (cold 5 - 5)."""
    b = fight(DOOR)
    assert b.x("Door", "object") and b.x("Door", "hardness") == 5
    b.run("damage", "Door", 20, type_=kind)
    assert b.c("Door").hp == 30 - dealt


def test_35_OBJ_01_ranged_half_but_not_siege():
    """35-OBJ-01: half damage from ranged attacks, not from siege weapons: 20 --ranged ->
    10 - 5 = 5; --ranged --siege -> 15; --ranged on a creature is bad input."""
    b = fight(DOOR, ("X", 30))
    b.run("damage", "Door", 20, ranged=True)
    assert b.c("Door").hp == 25
    b.run("damage", "Door", 20, ranged=True, siege=True)
    assert b.c("Door").hp == 10
    with pytest.raises(BadInput):
        b.run("damage", "X", 20, ranged=True)


def test_35_OBJ_01_immune_to_nonlethal_damage():
    """35-OBJ-01: objects are immune to nonlethal damage: `damage Door 5 --nonlethal`
    refused; an unarmed strike hits for 0."""
    b = fight(("A", 10), DOOR)
    with pytest.raises(RuleViolation, match="nonlethal"):
        b.run("damage", "Door", 5, nonlethal=True)
    e = b.run("attack", "A", "Door", bonus=5, roll="15", unarmed=True, dmg=9)[-1]
    assert e.hit and e.damage == 0 and "object: immune to nonlethal damage" in e.tags
    assert (b.c("Door").hp, b.x("Door", "nonlethal")) == (30, 0)


def test_35_OBJ_01_immune_to_critical_hits_and_hardness_on_each_attack():
    """35-OBJ-01: a confirmed critical on an object deals normal damage: --dmg 12 x2 ->
    12 - 5 = 7."""
    b = fight(("A", 10), DOOR)
    e = b.run("attack", "A", "Door", bonus=5, roll="20", confirm="15", dmg=12,
              kind="melee")[-1]
    assert not e.crit and "immune to critical hits: normal damage" in e.tags
    assert e.damage == 7 and b.c("Door").hp == 23


def test_35_OBJ_01_a_ranged_attack_deals_half():
    """35-OBJ-01: a ranged attack --dmg 12 --type fire on a door of hardness 1: 12 -> 6
    (fire) -> 3 (ranged) -> 2."""
    b = fight(("A", 10), ("Door", 30, {"object_": True, "hardness": 1}))
    e = b.run("attack", "A", "Door", bonus=5, roll="15", dmg=12, type_="fire",
              kind="ranged")[-1]
    assert e.damage == 2 and b.c("Door").hp == 28


def test_35_OBJ_01_works_at_1_hp_breaks_at_0():
    """35-OBJ-01: an object works with at least 1 hp (up) and breaks at 0 (dead, not
    disabled); no massive-damage save."""
    b = fight(("Door", 60, {"object_": True}))
    b.run("damage", "Door", 59)
    assert b.c("Door").status == "up"
    b.run("damage", "Door", 1)
    assert (b.c("Door").hp, b.c("Door").status) == (0, "dead")
    b2 = fight(("Door", 100, {"object_": True}))
    assert [type(e).__name__ for e in b2.run("damage", "Door", 50)] == ["DamageTaken"]


def test_35_OBJ_01_hardness_needs_an_object():
    """35-OBJ-01: `add X --hardness 5` without --object is bad input."""
    with pytest.raises(BadInput):
        fight(("X", 10, {"hardness": 5}))


def test_35_OBJ_01_objects_roll_no_initiative_and_take_no_turns():
    """35-OBJ-01 (Attaccare gli oggetti, audit D10): A (init +2) and a Door (20 hp,
    hardness 5): `init A=15` rolls for A only (17), `next` never gives the Door a turn,
    the Door is not flat-footed; `init Door=12` is bad input."""
    from tests.unit.dnd35.support import Battle

    b = Battle()
    b.run("add", "A", hp=30, pc=True, ac=15, init=2)
    b.run("add", "Door", hp=20, object_=True, hardness=5)
    with pytest.raises(BadInput, match="object"):
        b.run("init", naturals=["A=15", "Door=12"])
    e = b.run("init", naturals=["A=15"])
    rolled = [x for x in e if type(x).__name__ == "InitiativeRolled"]
    assert [(x.names, x.roll.total) for x in rolled] == [(["A"], 17)]
    assert b.state.order == ["A"] and not b.x("Door", "flat_footed")
    b.run("next")
    assert (b.state.turn, b.state.round) == ("A", 2)


def test_35_OBJ_01_nonlethal_damage_on_an_object_is_a_forceable_refusal():
    """35-OBJ-01 (audit D13): `damage Door 8 --nonlethal` is refused with "a GM may
    --force"; forced, it harms the Door as damage does: 8 - hardness 5 = 3."""
    from battletape.domain.errors import forcing

    b = fight(("Door", 30, {"object_": True, "hardness": 5}))
    with pytest.raises(RuleViolation, match="nonlethal") as r:
        b.run("damage", "Door", 8, nonlethal=True)
    assert r.value.forceable
    with forcing():
        b.run("damage", "Door", 8, nonlethal=True)
    assert (b.c("Door").hp, b.x("Door", "nonlethal")) == (27, 0)
