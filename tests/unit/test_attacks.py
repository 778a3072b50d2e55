"""13th Age SRD, Combat Rules: Attacks, Crits, Fumbles, Damage on Miss, Resistance."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from battletape.domain.events import AttackResolved
from battletape.domain.thirteenth_age import attacks, cyclic_initiative as ci, events as te
from battletape.domain.thirteenth_age.attacks import AttackOrder
from battletape.domain.thirteenth_age.state import encounter
from tests.unit.support import Battle


def fight(**pc_kw) -> Battle:
    b = Battle()
    b.add("Bruna", 40, pc=True, ac=18, pd=14, md=12, init=3, level=3, **pc_kw)
    b.add("Orc", 30, ac=16, pd=14, md=10, init=1)
    b.add("Imp", 20, ac=15, pd=13, md=12, init=0, resist=["fire:16"])
    b.roll(ci.roll_initiative, {"Bruna": 14, "Orc": 5, "Imp": 4})
    return b


def hit(b: Battle, **kw) -> list[AttackResolved]:
    # several attacks per test: free actions, so the action economy stays out of it
    order = AttackOrder(**{"attacker": "Bruna", "targets": ["Orc"], "bonus": 6,
                           "defense": "ac", "action": "free", **kw})
    return [e for e in b.roll(attacks.attack, order) if isinstance(e, AttackResolved)]


def test_attack_bonuses_a_total_equal_to_the_defense_hits():
    # 13A-ATK-01
    # Attack Bonuses: "If the total is equal to or higher than the defense, you hit."
    b = fight()
    [e] = hit(b, rolls=[10], dmg=7)  # 10 + 6 = 16 vs AC 16
    assert e.total == 16 and e.hit and e.damage == 7
    assert b.c("Orc").hp == 23


def test_attack_bonuses_one_below_the_defense_misses():
    # 13A-ATK-01
    b = fight()
    [e] = hit(b, rolls=[9], dmg=7)
    assert not e.hit and e.damage == 0 and b.c("Orc").hp == 30


def test_crits_a_natural_20_deals_double_damage():
    # 13A-CRIT-01
    # Crits: "Every attack roll that is natural 20 is a crit for double damage."
    b = fight()
    [e] = hit(b, rolls=[20], dmg=9)
    assert e.crit and e.multiplier == 2 and e.damage == 18


def test_crit_effects_doubling_crit_damage_triples_it():
    # 13A-CRIT-03
    b = fight()
    [e] = hit(b, rolls=[20], dmg=9, double_crit=True)
    assert e.damage == 27


def test_crit_range_expanded_by_one_crits_on_19():
    # 13A-CRIT-04
    # Crit Range: "Each point of improvement drops the number needed ... by 1."
    b = fight()
    [e] = hit(b, rolls=[19], dmg=5, crit_range=19)
    assert e.crit and e.damage == 10


def test_vulnerable_expands_the_crit_range_by_2_normally_18():
    # 13A-COND-09
    from battletape.domain.thirteenth_age import conditions
    b = fight()
    b.do(conditions.apply_condition, "Orc", "vulnerable", None, None, None)
    [e] = hit(b, rolls=[18], dmg=5)
    assert e.crit_range == 18 and e.crit and e.damage == 10


def test_fumbles_a_natural_1_has_no_effect_not_even_miss_damage():
    # 13A-CRIT-05
    # Fumbles: "Rolling a natural 1 has no effect on the target, not even miss damage."
    b = fight()
    [e] = hit(b, rolls=[1], dmg=9, miss=4, modifier=30)
    assert e.fumble and not e.hit and e.damage == 0 and b.c("Orc").hp == 30


def test_damage_on_miss_is_dealt_on_an_ordinary_miss():
    # 13A-ATK-07
    b = fight()
    [e] = hit(b, rolls=[2], dmg=9, miss=4)
    assert not e.hit and e.damage == 4 and b.c("Orc").hp == 26


def test_multiple_targets_one_attack_roll_each_damage_rolled_once():
    # 13A-ATK-03, 13A-DMG-02
    # Damage: "a separate attack roll for each one, but only roll damage once."
    b = fight()
    out = hit(b, targets=["Orc", "Imp"], rolls=[12, 3], damage="2d6", kind="spell",
              defense="pd")
    assert [e.hit for e in out] == [True, False]
    assert out[0].damage_roll is not None
    b2 = fight()
    both = hit(b2, targets=["Orc", "Imp"], rolls=[12, 15], damage="2d6", kind="spell",
               defense="pd")
    assert both[0].damage_roll == both[1].damage_roll


def test_escalation_die_is_added_by_pcs_only():
    # 13A-ESC-02, 13A-ESC-04
    b = fight()
    encounter(b.state).escalation_die = 3  # as if round 4
    [e] = hit(b, rolls=[7], dmg=1)
    assert te.own(e, "escalation") == 3 and e.total == 7 + 6 + 3


def test_ability_damage_is_doubled_at_5th_level_and_tripled_at_8th():
    # 13A-DMG-04, 13A-DMG-05
    # Damage: "At 5th level, double the ability score modifier ... At 8th, triple."
    for level, expected in ((4, 10 + 3), (5, 10 + 6), (8, 10 + 9)):
        b = Battle()
        b.add("Bruna", 40, pc=True, level=level)
        b.add("Orc", 60, ac=10)
        b.roll(ci.roll_initiative, {"Bruna": 20, "Orc": 1})
        [e] = hit(b, rolls=[15], damage="10", ability=3)
        assert e.damage == expected


def test_unarmed_attacks_use_1d3_at_odd_levels_and_take_minus_2():
    assert attacks.unarmed_damage(1) == "1d3"
    assert attacks.unarmed_damage(2) == "1d6"
    assert attacks.unarmed_damage(3) == "1d6+1d3"
    b = fight()
    [e] = hit(b, rolls=[12], unarmed=True)
    assert e.modifiers["unarmed"] == -2 and e.total == 12 + 6 - 2
    assert 1 <= e.damage <= 9


def test_two_weapon_fighting_rerolls_a_natural_2_and_uses_the_reroll():
    # 13A-ATK-13
    b = fight()
    [e] = hit(b, rolls=[2], reroll=15, two_weapon=True, dmg=6)
    assert e.rerolled_from == 2 and e.natural == 15 and e.hit


def test_flexible_attacks_record_the_natural_result():
    b = fight()
    [e] = hit(b, rolls=[16], flexible=True, dmg=3)
    assert "flexible:16" in e.tags


def test_resistance_a_natural_below_the_rating_halves_the_damage():
    # 13A-RES-01
    # Resistance: "If the roll is lower than your resistance, the attack deals half."
    b = fight()
    [e] = hit(b, targets=["Imp"], rolls=[14], dmg=11, damage_type="fire")
    assert e.half and e.damage == 5 and b.c("Imp").hp == 15
    [e] = hit(b, targets=["Imp"], rolls=[16], dmg=11, damage_type="fire")
    assert not e.half and e.damage == 11


def test_resistance_to_an_energy_type_is_immunity_to_normal_energy():
    # 13A-RES-03
    b = fight()
    [e] = hit(b, targets=["Imp"], rolls=[19], dmg=11, damage_type="fire",
              nonmagical=True)
    assert e.immune and e.damage == 0


def test_invisibility_a_concealment_roll_of_50_or_less_misses_completely():
    # 13A-MOD-04
    b = fight()
    [e] = hit(b, rolls=[20], dmg=8, invisible=True, concealment=[50])
    assert e.concealed_miss and not e.hit and e.damage == 0
    [e] = hit(b, rolls=[20], dmg=8, invisible=True, concealment=[51])
    assert e.hit and e.damage == 16


def test_coup_de_grace_is_an_automatic_crit_on_a_helpless_engaged_enemy():
    # 13A-CDG-01, 13A-CDG-02
    from battletape.domain.thirteenth_age import conditions, position
    b = fight()
    from battletape.domain.events import Engaged
    b.do(lambda s: [Engaged(a="Orc", b="Bruna")])  # the orc closed in on its own turn
    b.do(conditions.apply_condition, "Orc", "helpless", None, None, None)
    [e] = hit(b, rolls=[3], dmg=7, coup_de_grace=True, action="standard")
    assert e.crit and e.hit and e.damage == 14
    # "Skip your move action and your quick action that turn": not after moving
    b2 = fight()
    b2.do(position.engage, "Bruna", "Orc")
    b2.do(conditions.apply_condition, "Orc", "helpless", None, None, None)
    with pytest.raises(RuleViolation, match="skips the move"):
        hit(b2, rolls=[3], dmg=7, coup_de_grace=True, action="standard")


def test_attacks_out_of_turn_are_refused_unless_opportunity():
    b = fight()
    with pytest.raises(RuleViolation):
        b.roll(attacks.attack, AttackOrder(attacker="Orc", targets=["Bruna"], bonus=5,
                                           defense="ac", rolls=[10]))


def test_a_natural_outside_1_to_20_is_bad_input():
    b = fight()
    with pytest.raises(BadInput):
        hit(b, rolls=[21])
    with pytest.raises(BadInput):
        hit(b, rolls=[0])


def test_dazed_attackers_take_minus_4_and_penalties_do_not_stack():
    # Conditions: dazed -4 and weakened -4 to attacks: "penalties ... don't stack".
    from battletape.domain.thirteenth_age import conditions
    b = fight()
    b.do(conditions.apply_condition, "Bruna", "dazed", "normal", None, None)
    b.do(conditions.apply_condition, "Bruna", "weakened", "normal", None, None)
    [e] = hit(b, rolls=[10], dmg=1)
    assert sum(e.modifiers.values()) == -4 and e.total == 12


def test_the_grabber_gets_plus_4_against_the_creature_it_grabs():
    # 13A-GRAB-07
    from battletape.domain.thirteenth_age import conditions
    b = fight()
    b.do(conditions.apply_condition, "Orc", "grabbed", None, None, "Bruna")
    [e] = hit(b, rolls=[6], dmg=1)
    assert e.modifiers["grabbing"] == 4 and e.total == 16 and e.hit


def test_actions_one_standard_action_a_turn_then_the_move_cannot_replace_it():
    # Actions on Your Turn: "one standard action, move action, and quick action ...
    # You can use a standard action to take a move action" (not the other way round).
    b = fight()
    hit(b, rolls=[12], dmg=1, action="standard", kind="melee")  # move into melee, standard
    assert b.c("Bruna").actions_used == ["move", "standard"]
    with pytest.raises(RuleViolation, match="no standard action left"):
        hit(b, rolls=[12], dmg=1, action="standard")
    hit(b, rolls=[12], dmg=1, action="quick")
    with pytest.raises(RuleViolation, match="no quick action left"):
        hit(b, rolls=[12], dmg=1, action="quick")
    b.roll(ci.next_turn, {})
    assert b.c("Bruna").actions_used == []


def test_interrupt_actions_once_until_the_end_of_your_next_turn():
    b = fight()
    order = AttackOrder(attacker="Orc", targets=["Bruna"], bonus=5, defense="ac",
                        rolls=[10], action="interrupt", kind="ranged")
    b.roll(attacks.attack, order)
    assert b.c("Orc").interrupt_spent
    with pytest.raises(RuleViolation, match="interrupt"):
        b.roll(attacks.attack, order)
    b.roll(ci.next_turn, {})  # Bruna's turn ends; the Orc's starts
    with pytest.raises(RuleViolation):
        b.roll(attacks.attack, AttackOrder(attacker="Orc", targets=["Bruna"], bonus=5,
                                           defense="ac", rolls=[10], action="interrupt"))
    b.roll(ci.next_turn, {})  # the end of the Orc's next turn
    assert not b.c("Orc").interrupt_spent


def test_hampered_creatures_make_only_basic_attacks():
    # 13A-COND-05
    from battletape.domain.thirteenth_age import conditions
    b = fight()
    b.do(conditions.apply_condition, "Bruna", "hampered", "normal", None, None)
    with pytest.raises(RuleViolation, match="hampered"):
        hit(b, rolls=[12], dmg=1)
    hit(b, rolls=[12], dmg=1, basic=True)
