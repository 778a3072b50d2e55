"""Condizioni, Incorporeo (35-CND-22) on an attack roll: immune to nonmagical attacks; a
magic weapon's damage ignored on a d100 of 01-50, rolled apart from concealment; force
hurts in full."""

import pytest

from battletape.domain.errors import BadInput
from tests.unit.dnd35.support import fight, through_round_one


def ghost():
    b = through_round_one(fight(("A", 30), ("Ghost", 20, {"ac": 10})))
    b.run("cond add", "Ghost", "incorporeal")
    return b


def hit_on_ghost(b, **kw):
    evs = b.run("attack", "A", "Ghost", bonus=5, roll="15", dmg=10, kind="melee", **kw)
    return [e for e in evs if type(e).__name__ in ("AttackResolved",
                                                   "IncorporealDamageRolled")]


def test_35_CND_22_a_nonmagical_weapon_never_hurts_an_incorporeal_creature():
    """35-CND-22 (Incorporeo): immune to nonmagical attacks: a hit for 10 deals 0."""
    b = ghost()
    rolled, attack = hit_on_ghost(b)
    assert (rolled.magic, rolled.ignored, attack.hit, attack.damage) == (False, True, True, 0)
    assert b.c("Ghost").hp == 20


def test_35_CND_22_a_magic_weapon_is_ignored_on_01_to_50():
    """35-CND-22 (Incorporeo): 50% to ignore a magic weapon's damage: d100 30 -> 0;
    d100 51 -> 10 goes through."""
    b = ghost()
    rolled, attack = hit_on_ghost(b, magic=True, incorporeal_roll="30")
    assert (rolled.roll.total, rolled.ignored, attack.damage) == (30, True, 0)
    b.run("next"), b.run("next")
    rolled, attack = hit_on_ghost(b, magic=True, incorporeal_roll="51")
    assert (rolled.ignored, attack.damage) == (False, 10)
    assert b.c("Ghost").hp == 10


def test_35_CND_22_force_hurts_in_full_and_a_bad_roll_is_one_line():
    """35-CND-22 (Incorporeo): force effects deal full damage, no roll; a d100 of 101 is
    bad input."""
    b = ghost()
    evs = b.run("attack", "A", "Ghost", bonus=5, roll="15", dmg=10, kind="ranged",
                type_="force")
    assert evs[-1].damage == 10 and not any(type(e).__name__ == "IncorporealDamageRolled"
                                            for e in evs)
    b.run("next"), b.run("next")
    with pytest.raises(BadInput):
        hit_on_ghost(b, magic=True, incorporeal_roll="101")
