"""13th Age SRD, Combat Rules: Damage and Healing, Temporary Hit Points, Recoveries,
Staggered, Unconscious, Death and Dying, Rally."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from battletape.domain.thirteenth_age import (cyclic_initiative as ci, damage_and_healing as dh,
                                   death_and_dying as dd, recoveries)
from battletape.domain.thirteenth_age.damage_and_healing import staggered
from tests.unit.support import Battle


def party(**opts) -> Battle:
    b = Battle(**opts)
    b.add("Bruna", 30, pc=True, level=3, recovery_die="d10", con_mod=2, recoveries=2)
    b.add("Kael", 24, pc=True, level=5, recovery_die="d6", con_mod=1)
    b.add("Orc", 20)
    b.roll(ci.roll_initiative, {"Bruna": 20, "Kael": 15, "Orc": 2})
    return b


def to_turn(b: Battle, name: str) -> None:
    """`next` until it is ``name``'s turn (a death save is rolled at its start)."""
    b.roll(ci.next_turn, {})
    while b.state.turn != name:
        b.roll(ci.next_turn, {})


def test_staggered_at_half_hit_points_or_fewer():
    b = party()
    b.do(dh.direct_damage, "Bruna", 14, None)
    assert b.c("Bruna").hp == 16 and not staggered(b.c("Bruna"))
    b.do(dh.direct_damage, "Bruna", 1, None)
    assert b.c("Bruna").hp == 15 and staggered(b.c("Bruna"))  # 15 = half of 30


def test_monsters_at_0_hp_are_slain():
    b = party()
    b.do(dh.direct_damage, "Orc", 20, None)
    assert b.c("Orc").status == "dead"


def test_pcs_at_0_hp_fall_unconscious_and_die_at_negative_half_max():
    # Death and Dying: "You also die when you reach negative hit points equal to half
    # your maximum hit points." Bruna: 30 max, so -15.
    b = party()
    b.do(dh.direct_damage, "Bruna", 30, None)
    assert b.c("Bruna").status == "unconscious" and b.c("Bruna").hp == 0
    b.do(dh.direct_damage, "Bruna", 14, None)
    assert b.c("Bruna").status == "unconscious" and b.c("Bruna").hp == -14
    b.do(dh.direct_damage, "Bruna", 1, None)
    assert b.c("Bruna").status == "dead"


def test_meaningful_death_keeps_pcs_from_dying_of_damage():
    b = party(meaningful_death=True)
    b.do(dh.direct_damage, "Bruna", 60, None)
    assert b.c("Bruna").status == "unconscious"


def test_temporary_hit_points_absorb_first_and_do_not_stack():
    # Temporary Hit Points: "use only the higher amount"; "subtract it from your
    # temporary hit points first".
    b = party()
    b.do(dh.temporary, "Bruna", 8)
    b.do(dh.temporary, "Bruna", 5)
    assert b.c("Bruna").temp_hp == 8
    b.do(dh.direct_damage, "Bruna", 11, None)
    assert b.c("Bruna").temp_hp == 0 and b.c("Bruna").hp == 27


def test_temporary_hit_points_drop_to_0_when_you_roll_initiative():
    b = Battle()
    b.add("Bruna", 30, pc=True)
    b.do(dh.temporary, "Bruna", 6)
    assert b.c("Bruna").temp_hp == 6
    b.roll(ci.roll_initiative, {"Bruna": 10})
    assert b.c("Bruna").temp_hp == 0


def test_healing_a_dying_pc_starts_from_0():
    # Death and Dying: "ignore your current negative hit points. Start from 0".
    b = party()
    b.do(dh.direct_damage, "Bruna", 36, None)
    assert b.c("Bruna").hp == -6
    b.do(dh.direct_heal, "Bruna", 10)
    assert b.c("Bruna").hp == 10 and b.c("Bruna").status == "up"


def test_a_recovery_is_level_recovery_dice_plus_con_doubled_at_5th():
    # Recoveries: Kael is 5th level, Con +1 doubled to +2; 5d6 rolled 17 -> 19.
    b = party()
    b.do(dh.direct_damage, "Kael", 20, None)
    [e] = b.roll(recoveries.recover, "Kael", 17)
    assert e.roll.expr == "5d6" and e.con_bonus == 2 and e.amount == 19
    assert b.c("Kael").hp == 23 and b.c("Kael").part.recoveries == 7


def test_a_recovery_with_none_left_heals_half_and_costs_minus_1():
    # Recoveries: "half the healing ... and take a -1 penalty ... This penalty stacks".
    b = party()
    b.do(dh.direct_damage, "Bruna", 29, None)
    b.roll(recoveries.recover, "Bruna", 10)  # 3d10=10 +2 = 12
    b.roll(recoveries.recover, "Bruna", 6)   # 6+2 = 8
    assert b.c("Bruna").part.recoveries == 0 and b.c("Bruna").hp == 21
    [e] = b.roll(recoveries.recover, "Bruna", 8)  # (8+2)//2 = 5
    assert not e.had_recovery and e.amount == 5
    b.roll(recoveries.recover, "Bruna", 3)
    assert b.c("Bruna").penalty == 2 and b.c("Bruna").hp == 28


def test_a_recovery_total_outside_the_dice_range_is_refused():
    b = party()
    with pytest.raises(BadInput):
        b.roll(recoveries.recover, "Bruna", 31)  # 3d10 can't make 31


def test_rally_the_first_is_free_the_second_needs_11():
    # Rally: "Once a battle ... If you want to rally again later in the same battle,
    # make a normal save (11+) ... If you fail the save, you can take your turn
    # normally, but you can't rally that round."
    b = party()
    b.do(dh.direct_damage, "Bruna", 20, None)
    with pytest.raises(BadInput):
        b.roll(recoveries.rally, "Bruna", 9, 15)  # the first rally needs no save
    b.roll(recoveries.rally, "Bruna", 9, None)  # 3d10=9 + Con 2 = 11
    assert b.c("Bruna").hp == 21
    for _ in range(3):
        b.roll(ci.next_turn, {})
    assert b.state.turn == "Bruna" and b.state.round == 2
    out = b.roll(recoveries.rally, "Bruna", 9, 10)
    assert out[0].success is False and len(out) == 1 and b.c("Bruna").hp == 21
    assert b.c("Bruna").actions_used == []  # the failed save spent no action
    with pytest.raises(RuleViolation, match="rally save this round"):
        b.roll(recoveries.rally, "Bruna", 9, 15)
    for _ in range(3):
        b.roll(ci.next_turn, {})
    out = b.roll(recoveries.rally, "Bruna", 5, 11)
    assert out[0].success and b.c("Bruna").hp == 28


def test_death_saves_16_plus_spend_a_recovery_and_wake_up():
    b = party()
    b.do(dh.direct_damage, "Bruna", 35, None)
    to_turn(b, "Bruna")
    [save, spent] = b.roll(dd.death_save, "Bruna", 16, 12)
    assert save.success and not save.acts and spent.amount == 14
    assert b.c("Bruna").hp == 14 and b.c("Bruna").status == "up"


def test_death_saves_the_fourth_failure_kills():
    b = party()
    b.do(dh.direct_damage, "Bruna", 30, None)
    for i in range(3):
        to_turn(b, "Bruna")
        b.roll(dd.death_save, "Bruna", 15, None)
        assert b.c("Bruna").status == "unconscious"
    to_turn(b, "Bruna")
    b.roll(dd.death_save, "Bruna", 2, None)
    assert b.c("Bruna").death_saves_failed == 4 and b.c("Bruna").status == "dead"


def test_a_stabilized_character_ignores_failed_death_saves():
    b = party()
    b.do(dh.direct_damage, "Bruna", 30, None)
    to_turn(b, "Kael")
    *_, e = b.roll(dd.stabilize, "Bruna", "Kael", 12)
    assert e.success and not e.quick and b.c("Bruna").status == "stable"
    to_turn(b, "Bruna")
    b.roll(dd.death_save, "Bruna", 3, None)
    assert b.c("Bruna").death_saves_failed == 0


def test_stabilizing_at_25_plus_takes_only_a_quick_action():
    b = party()
    b.do(dh.direct_damage, "Bruna", 30, None)
    to_turn(b, "Kael")
    *_, e = b.roll(dd.stabilize, "Bruna", "Kael", 25)
    assert e.quick


def test_stabilizing_fails_below_dc_10():
    b = party()
    b.do(dh.direct_damage, "Bruna", 30, None)
    to_turn(b, "Kael")
    *_, e = b.roll(dd.stabilize, "Bruna", "Kael", 9)
    assert not e.success and b.c("Bruna").status == "unconscious"


def test_lasting_wounds_reduce_max_hp_by_2_plus_level_after_the_battle():
    from battletape.domain.thirteenth_age import special_actions
    b = party(lasting_wounds=True)
    b.do(dh.direct_damage, "Bruna", 31, None)
    b.do(dh.direct_heal, "Bruna", 10)
    b.do(special_actions.end, "victory")
    assert b.c("Bruna").max_hp == 30 - (2 + 3) and b.c("Bruna").lasting_wounds == 1
