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


def spirit():
    """The audit's D07: Ghost (incorporeal, BAB +3) against K (AC 19, touch 11) wearing
    Mage Armor (+4 armor, a force effect); Ghost's turn."""
    b = fight(("Ghost", 40, {"ac": 14, "touch": 14, "nonliving": True, "bab": 3}),
              ("K", 30, {"pc": True, "ac": 19, "touch": 11, "flat_footed": 19}))
    b.run("cond add", "Ghost", "incorporeal")
    b.run("mod", "K", "ac", 4, type_="armor", source="Mage Armor", force_effect=True)
    return b


def test_35_CND_22_an_incorporeal_touch_does_not_ignore_force_armor():
    """35-CND-22 (Incorporeo, audit D07): "ignorano i bonus di armatura ... a meno che
    derivino da effetti di Forza (come Armatura Magica)": Ghost's touch 9 + 5 = 14 vs
    touch 11 + Mage Armor 4 = 15 -> a miss; a corporeal attacker's touch still ignores
    it (touch AC 11)."""
    b = spirit()
    e = [x for x in b.run("attack", "Ghost", "K", vs="touch", bonus=5, roll="9", dmg=6,
                          kind="melee") if type(x).__name__ == "AttackResolved"][0]
    assert (e.defense_value, e.hit) == (15, False)
    assert e.extra["defense_parts"] == {"touch (sheet)": 11, "Mage Armor": 4}
    b.run("cond remove", "Ghost", "incorporeal")
    b.run("next")
    b.run("next")
    e = [x for x in b.run("attack", "Ghost", "K", vs="touch", bonus=5, roll="9", dmg=6,
                          kind="melee") if type(x).__name__ == "AttackResolved"][0]
    assert (e.defense_value, e.hit) == (11, True)


def test_35_CND_22_an_incorporeal_attackers_weapon_harmless_or_50_percent():
    """35-CND-22 (audit D07): "con armi incorporee non magiche non può danneggiare in
    mischia i bersagli corporei ... con armi magiche ha il 50% di fallire": a nonmagical
    weapon hits (18 + 5 = 23 vs AC 19 + 4) for 0; a magic one: d100 30 -> misses, 51 ->
    6."""
    b = spirit()
    e = b.run("attack", "Ghost", "K", bonus=5, roll="18", dmg=6, kind="melee")[-1]
    assert (e.hit, e.damage) == (True, 0) and b.c("K").hp == 30
    assert "incorporeal attacker: a nonmagical weapon can't harm a corporeal target" \
        in e.tags
    for natural, hp in ((30, 30), (51, 24)):
        b.run("next"), b.run("next")
        b.run("attack", "Ghost", "K", bonus=5, roll="18", dmg=6, kind="melee",
              magic=True, miss_roll=str(natural))
        assert b.c("K").hp == hp
    assert b.last("MissChanceRolled").chance == 50
