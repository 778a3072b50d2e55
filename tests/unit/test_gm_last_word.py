"""13th Age SRD (seed 004), Combat Rules — and DESIGN.md principle 8, the GM has the
last word: what a forced decision records; no invented facts about an attack's kind;
"You can engage enemies by moving into melee with them" with one move action."""

import pytest

from battletape.domain import gm
from battletape.domain.errors import AlreadyHolds, RuleViolation, forced, forcing, refuse
from battletape.domain.events import AttackResolved, Engaged, RulingRecorded
from battletape.domain.thirteenth_age import attacks, cyclic_initiative as ci, position
from battletape.domain.thirteenth_age.attacks import AttackOrder
from tests.unit.support import Battle


def battle() -> Battle:
    b = Battle()
    b.add("Bruna", 30, pc=True, init=3, ac=17)
    b.add("Orc", 20, init=1, ac=15)
    b.add("Goblin", 10, init=0, ac=13, count=2)
    b.roll(ci.roll_initiative, {"Bruna": 15, "Orc": 6, "Goblin": 2})  # Bruna's turn
    return b


def test_refuse_raises_a_forceable_violation_that_says_so():
    with pytest.raises(RuleViolation) as caught:
        refuse("it is Bruna's turn", "Actions on Your Turn")
    assert caught.value.forceable and caught.value.rule == "Actions on Your Turn"
    assert str(caught.value).endswith("(Actions on Your Turn) (a GM may --force)")
    assert not forced()


def test_inside_forcing_refuse_notes_the_refusal_once_and_returns():
    with forcing() as overridden:
        assert forced()
        refuse("it is Bruna's turn", "Actions on Your Turn")
        refuse("it is Bruna's turn", "Actions on Your Turn")
    assert [(o.refusal, o.rule) for o in overridden] == [
        ("it is Bruna's turn", "Actions on Your Turn")]
    assert not forced()


def test_a_forced_out_of_turn_attack_records_the_ruling_then_the_attack():
    # Actions on Your Turn: the Orc may not attack on Bruna's turn unless the GM says
    b = battle()
    order = AttackOrder(attacker="Orc", targets=["Bruna"], bonus=5, defense="ac",
                        rolls=[14], dmg=6)
    with pytest.raises(RuleViolation, match="a GM may --force"):
        b.roll(attacks.attack, order)
    new = b.roll(gm.forced(attacks.attack, "the orc won the ambush"), order)
    ruling, attack = new[0], new[-1]
    assert isinstance(ruling, RulingRecorded) and ruling.text == "the orc won the ambush"
    assert ruling.rule == "Actions on Your Turn" and "Bruna's turn" in ruling.overrode
    assert isinstance(attack, AttackResolved) and attack.hit  # 14 + 5 = 19 vs AC 17
    assert b.c("Bruna").hp == 24


def test_a_command_no_rule_refuses_is_recorded_as_it_is_under_force():
    b = battle()
    order = AttackOrder(attacker="Bruna", targets=["Orc"], bonus=6, defense="ac",
                        rolls=[12], dmg=7)
    new = b.roll(gm.forced(attacks.attack, "just in case"), order)
    assert not any(isinstance(e, RulingRecorded) for e in new)


def test_an_attack_without_a_kind_neither_engages_nor_needs_engagement():
    # Melee Attacks need engagement (Movement and Melee); nothing says this one was
    b = battle()
    b.roll(attacks.attack, AttackOrder(attacker="Bruna", targets=["Orc"], bonus=6,
                                       defense="ac", rolls=[12], dmg=7))
    assert b.c("Bruna").engaged_with == [] and b.c("Orc").hp == 13
    assert b.c("Bruna").actions_used == ["standard"]


def test_a_melee_attack_engages_as_its_move():
    b = battle()
    b.roll(attacks.attack, AttackOrder(attacker="Bruna", targets=["Orc"], bonus=6,
                                       defense="ac", rolls=[12], dmg=7, kind="melee"))
    assert b.c("Bruna").engaged_with == ["Orc"]
    assert b.c("Bruna").actions_used == ["move", "standard"]


def test_engaging_several_enemies_in_one_move_costs_one_move_action():
    # "You can engage enemies by moving into melee with them": one move, three foes
    b = battle()
    b.do(position.engage, "Bruna", "Orc")
    b.do(position.engage, "Bruna", "Goblin 1")
    b.do(position.engage, "Goblin 2", "Bruna")  # named either way: Bruna moves
    assert b.c("Bruna").actions_used == ["move"]
    assert sorted(b.c("Bruna").engaged_with) == ["Goblin 1", "Goblin 2", "Orc"]
    last = [e for e in b.events if isinstance(e, Engaged)][-1]
    assert (last.a, last.b) == ("Bruna", "Goblin 2")


def test_engage_b_a_on_a_turn_spends_a_move_like_engage_a_b():
    b = battle()
    b.do(position.engage, "Orc", "Bruna")  # Bruna's turn: she moves into melee
    assert b.c("Bruna").actions_used == ["move"]
    with pytest.raises(AlreadyHolds):
        b.do(position.engage, "Bruna", "Orc")


def test_a_melee_attack_on_two_foes_is_one_move_into_melee():
    b = battle()
    b.roll(attacks.attack, AttackOrder(attacker="Bruna", targets=["Goblin 1", "Goblin 2"],
                                       bonus=6, defense="ac", rolls=[12, 13], dmg=3,
                                       kind="melee"))
    assert b.c("Bruna").actions_used == ["move", "standard"]
