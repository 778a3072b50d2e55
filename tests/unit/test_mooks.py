"""13th Age (seed 004, Targeting: "whether they're mooks, normal monsters, or large
monsters"), the mook rules: a mob's hit points are the sum of its mooks'; damage
spills over from one mook to the next, each mook's threshold its own hit points; the
mob acts on one initiative and one turn."""

import pytest

from battletape.domain.errors import BadInput
from battletape.domain.thirteenth_age import attacks, cyclic_initiative as ci
from battletape.domain.thirteenth_age.attacks import AttackOrder
from battletape.domain.thirteenth_age.commands import VERBS
from battletape.domain.thirteenth_age.mooks import mobs_view
from tests.unit.support import Battle

ADD = next(v for v in VERBS if v.name == "add")


def battle() -> Battle:
    b = Battle()
    b.add("Bruna", 30, pc=True, init=3, ac=15)
    b.roll(ADD.decision(None, name="Kobold", hp=6, ac=13, init=1, count=6, mook=True))
    b.roll(ci.roll_initiative, {"Bruna": 15, "Kobold": 5})  # Bruna 18, the mob 6
    return b


def hit(b, target, dmg, attacker="Bruna", natural=12):
    order = AttackOrder(attacker=attacker, targets=[target], bonus=6, defense="ac",
                        rolls=[natural], dmg=dmg, action="free")
    return b.roll(attacks.attack, order)


def test_a_mobs_hit_points_are_the_sum_of_its_mooks():
    b = battle()
    assert mobs_view(b.state) == {"Kobold": {"hp": 36, "max_hp": 36, "mooks": 6,
                                             "alive": 6}}


def test_damage_spills_over_killing_mooks_one_by_one():
    # 14 damage on a mob of 6-hp mooks: the one hit dies (6), the next dies (6), the
    # third keeps 4 of its 6
    b = battle()
    hit(b, "Kobold 3", 14)
    hp = {n: (b.c(n).hp, b.c(n).status) for n in b.state.combatants if n != "Bruna"}
    assert [s for _, s in hp.values()].count("dead") == 2
    assert hp["Kobold 3"] == (0, "dead")
    assert sorted(h for h, s in hp.values() if s == "up") == [4, 6, 6, 6]
    assert mobs_view(b.state)["Kobold"]["hp"] == 22


def test_damage_below_a_mooks_hit_points_kills_none():
    b = battle()
    hit(b, "Kobold 1", 5)
    assert b.c("Kobold 1").hp == 1 and mobs_view(b.state)["Kobold"]["alive"] == 6


def test_the_mob_takes_one_turn_a_round_and_every_mook_acts_in_it():
    b = battle()
    b.roll(ci.next_turn, {})
    assert b.state.turn == "Kobold 1"
    for name in ("Kobold 1", "Kobold 4"):  # two mooks of the mob attack in its turn
        hit(b, "Bruna", 3, attacker=name)
    assert b.c("Bruna").hp == 24
    b.roll(ci.next_turn, {})
    assert b.state.turn == "Bruna" and b.state.round == 2


def test_when_the_first_mook_falls_the_next_living_one_takes_the_mobs_turn():
    b = battle()
    hit(b, "Kobold 1", 6)
    b.roll(ci.next_turn, {})
    assert b.state.turn == "Kobold 2"


def test_a_pc_is_never_a_mook():
    with pytest.raises(BadInput):
        ADD.decision(None, name="Bruna", hp=30, pc=True, mook=True)


def attack(b, attacker, target="Bruna", natural=12, dmg=3):
    order = AttackOrder(attacker=attacker, targets=[target], bonus=5, defense="ac",
                        rolls=[natural], dmg=dmg)  # the standard action, as typed
    return b.roll(attacks.attack, order)


def test_every_mook_of_the_mob_takes_its_standard_action_in_the_mobs_turn():
    # "the mob takes one turn, in which every mook of it acts": six standard-action
    # attacks on Bruna in the mob's turn, none forced, none taken for a readied action
    b = battle()
    b.roll(ci.next_turn, {})
    assert b.state.turn == "Kobold 1"
    for n in range(1, 7):
        attack(b, f"Kobold {n}", natural=15)  # total 20 vs AC 15: hit for 3
    assert b.c("Bruna").hp == 30 - 6 * 3
    assert not any("ruling" in type(e).__name__.lower() for e in b.events)


def test_a_mook_has_one_standard_and_one_move_action_in_its_mobs_turn():
    from battletape.domain.errors import RuleViolation
    from battletape.domain.thirteenth_age import position

    b = battle()
    b.roll(ci.next_turn, {})
    attack(b, "Kobold 2")
    with pytest.raises(RuleViolation, match="Kobold 2 has no standard action left"):
        attack(b, "Kobold 2")
    b.do(position.move, "Kobold 3", "far")  # its move action
    b.do(position.move, "Kobold 3", "nearby")  # its standard action, as a move
    with pytest.raises(RuleViolation, match="Kobold 3 has no move action left"):
        b.do(position.move, "Kobold 3", "far")
    b.roll(ci.next_turn, {})  # Bruna
    b.roll(ci.next_turn, {})  # round 2: the mob again, every mook's actions anew
    assert b.state.turn == "Kobold 1"
    attack(b, "Kobold 2")


def test_outside_the_mobs_turn_a_mook_waits():
    from battletape.domain.errors import RuleViolation

    b = battle()
    b.roll(ci.next_turn, {})  # the mob's turn
    b.roll(ci.next_turn, {})  # round 2: Bruna's turn
    assert b.state.turn == "Bruna"
    with pytest.raises(RuleViolation, match="it is Bruna's turn, not Kobold 2's"):
        attack(b, "Kobold 2")
