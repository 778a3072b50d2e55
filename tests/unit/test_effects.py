"""13th Age SRD (seed 004), Combat Rules — named effects of powers and spells beside
the seed's Conditions: their modifiers apply to the rolls they name (Attack Rolls:
"natural roll + bonus vs defense"; Saves: easy 6+, normal 11+, hard 16+), and "until
the end of your next turn" counts the caster's turns."""

import pytest

from battletape.domain.errors import BadInput
from battletape.domain.events import AttackResolved, ConditionRemoved, SaveRolled
from battletape.domain.thirteenth_age import attacks, conditions, cyclic_initiative as ci, ongoing_damage
from battletape.domain.thirteenth_age.attacks import AttackOrder
from tests.unit.support import Battle


def battle() -> Battle:
    b = Battle()
    b.add("Bruna", 30, pc=True, init=3, ac=15)
    b.add("Sera", 24, pc=True, init=2, ac=14)
    b.add("Orc", 20, init=1, ac=15)
    b.roll(ci.roll_initiative, {"Bruna": 15, "Sera": 12, "Orc": 5})  # Bruna, Sera, Orc
    return b


def attack(b, attacker, target, natural, bonus):
    order = AttackOrder(attacker=attacker, targets=[target], bonus=bonus, defense="ac",
                        rolls=[natural], dmg=4, action="free")
    return [e for e in b.roll(attacks.attack, order) if isinstance(e, AttackResolved)][0]


def test_an_effects_attack_modifier_turns_a_miss_into_a_hit():
    # Attack Rolls: natural 7 + 6 = 13 misses AC 15; "bless" +2 makes it 15, a hit
    b = battle()
    assert not attack(b, "Bruna", "Orc", 7, 6).hit
    b.do(conditions.apply_condition, "Bruna", "bless", None, "end-of-battle", None,
         ["attack:+2"])
    e = attack(b, "Bruna", "Orc", 7, 6)
    assert e.hit and e.total == 15 and e.modifiers == {"bless": 2}


def test_an_effects_defense_modifier_raises_the_defense_attacked():
    # the Orc's natural 10 + 5 = 15 hits Bruna's AC 15; shield of faith +1 makes it 16
    b = battle()
    b.do(conditions.apply_condition, "Bruna", "Shield  of Faith", None, None, None,
         ["ac:+1", "attack:+1"])
    b.roll(ci.next_turn, {})
    b.roll(ci.next_turn, {})                        # the Orc's turn
    e = attack(b, "Orc", "Bruna", 10, 5)
    assert e.defense_value == 16 and not e.hit
    assert b.c("Bruna").conditions["shield of faith"].mods == {"ac": 1, "attack": 1}


def test_an_effects_save_modifier_adds_to_the_save():
    # Saves: a normal save needs 11+; natural 9 with a +2 effect saves
    b = battle()
    b.do(conditions.apply_condition, "Bruna", "dazed", "normal", None, None)
    b.do(conditions.apply_condition, "Bruna", "resolve", None, None, None, ["save:+2"])
    [roll, *rest] = b.roll(ongoing_damage.save, "Bruna", 9, "dazed")
    assert isinstance(roll, SaveRolled) and roll.roll.total == 11 and roll.success


def test_until_the_end_of_the_casters_next_turn_counts_the_casters_turns():
    # "until the end of your next turn", cast by Sera on her own turn: it lasts
    # through Orc's and Bruna's turns and ends when Sera's next turn ends
    b = battle()
    b.roll(ci.next_turn, {})                        # Sera's turn
    b.do(conditions.apply_condition, "Bruna", "shield of faith", None,
         "end-of-next-turn:Sera", None, ["ac:+1"])
    for _ in range(3):                              # Sera ends, Orc, Bruna
        b.roll(ci.next_turn, {})
    assert "shield of faith" in b.c("Bruna").conditions
    assert b.state.turn == "Sera"
    new = b.roll(ci.next_turn, {})                  # Sera's next turn ends
    assert any(isinstance(e, ConditionRemoved) and e.condition == "shield of faith"
               for e in new)
    assert "shield of faith" not in b.c("Bruna").conditions


@pytest.mark.parametrize("mod", ["attack", "attack:x", "speed:+2", "ac:+99"])
def test_a_malformed_modifier_is_bad_input(mod):
    b = battle()
    with pytest.raises(BadInput):
        b.do(conditions.apply_condition, "Bruna", "bless", None, None, None, [mod])
