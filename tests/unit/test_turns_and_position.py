"""13th Age SRD, Combat Rules: Cyclic Initiative, Escalation Die, Ongoing Damage,
Saves, Conditions, Disengaging, Position, Fight in Spirit, Flee."""

import pytest

from battletape.domain.errors import AlreadyHolds, BadInput, RuleViolation
from battletape.domain.events import DamageTaken, SaveRolled
from battletape.domain.thirteenth_age import (attacks, conditions, cyclic_initiative as ci,
                                   disengaging, ongoing_damage, position, saves,
                                   special_actions)
from tests.unit.support import Battle


def battle() -> Battle:
    b = Battle()
    b.add("Bruna", 30, pc=True, init=3)
    b.add("Kael", 24, pc=True, init=5)
    b.add("Goblin", 10, init=4, count=3)
    b.roll(ci.roll_initiative, {"Bruna": 14, "Kael": 15, "Goblin": 9})
    return b


def next_(b: Battle, **saves_):
    return b.roll(ci.next_turn, {k: v for k, v in saves_.items()})


def test_monsters_of_one_type_share_one_initiative_roll():
    b = battle()
    inits = {b.c(f"Goblin {i}").initiative for i in (1, 2, 3)}
    assert inits == {13}  # 9 + 4
    assert b.state.order == ["Kael", "Bruna", "Goblin 1", "Goblin 2", "Goblin 3"]
    assert b.state.turn == "Kael" and b.state.round == 1


def test_roll_once_initiative_is_not_rolled_again():
    b = battle()
    with pytest.raises(RuleViolation):
        b.roll(ci.roll_initiative, {})


def test_escalation_die_starts_at_1_in_round_2_and_stops_at_6():
    from battletape.domain.thirteenth_age import escalation_die as ed
    b = battle()
    assert ed.current(b.state) == 0
    values = []
    for _ in range(8):
        for _ in range(5):
            next_(b)
        values.append(ed.current(b.state))
    assert values == [1, 2, 3, 4, 5, 6, 6, 6]
    assert b.state.round == 9


def test_the_gm_may_hold_the_escalation_die():
    from battletape.domain.thirteenth_age import escalation_die as ed
    b = battle()
    b.do(ed.set_escalation, 0, True, "they hide")
    for _ in range(5):
        next_(b)
    assert b.state.round == 2 and ed.current(b.state) == 0


def test_next_skips_the_dead():
    from battletape.domain.thirteenth_age import damage_and_healing as dh
    b = battle()
    b.do(dh.direct_damage, "Goblin 1", 10, None)
    next_(b)
    next_(b)
    assert b.state.turn == "Goblin 2"


def test_ongoing_damage_is_taken_at_the_end_of_the_turn_before_the_save():
    # Ongoing Damage: "takes that damage at the end of its turn immediately before it
    # rolls its save (11+)".
    b = battle()
    b.do(ongoing_damage.apply, "Kael", 5, "fire", None, None)
    out = next_(b, Kael=[10])
    kinds = [type(e).__name__ for e in out]
    assert kinds.index("DamageTaken") < kinds.index("SaveRolled")
    assert b.c("Kael").hp == 19 and len(b.c("Kael").ongoing) == 1  # 10 < 11: again
    for _ in range(4):
        next_(b)
    next_(b, Kael=[11])
    assert b.c("Kael").hp == 14 and b.c("Kael").ongoing == []


def test_ongoing_damage_resistance_uses_the_original_attack_roll():
    b = Battle()
    b.add("Imp", 20, resist=["fire:16"])
    b.add("Kael", 20, pc=True)
    b.roll(ci.roll_initiative, {"Imp": 20, "Kael": 1})
    b.do(ongoing_damage.apply, "Imp", 7, "fire", None, 12)
    out = next_(b, Imp=[2])
    [dmg] = [e for e in out if isinstance(e, DamageTaken)]
    assert dmg.half and dmg.amount == 3 and b.c("Imp").hp == 17


def test_saves_easy_6_normal_11_hard_16():
    assert [saves.target(d) for d in ("easy", "normal", "hard", None)] == [6, 11, 16, 11]
    with pytest.raises(BadInput):
        saves.target("trivial")


def test_save_ends_conditions_are_saved_against_at_the_end_of_the_turn():
    b = battle()
    b.do(conditions.apply_condition, "Kael", "dazed", "hard", None, None)
    out = next_(b, Kael=[15])
    [s] = [e for e in out if isinstance(e, SaveRolled)]
    assert s.target == 16 and not s.success and "dazed" in b.c("Kael").conditions


def test_end_of_turn_conditions_lapse_when_the_turn_ends():
    b = battle()
    b.do(conditions.apply_condition, "Bruna", "stuck", None, "end-of-next-turn", None)
    next_(b)  # Kael's turn ends
    assert "stuck" in b.c("Bruna").conditions
    next_(b)  # Bruna's turn ends
    assert "stuck" not in b.c("Bruna").conditions


def test_a_condition_is_had_once_the_worst_counts():
    b = battle()
    b.do(conditions.apply_condition, "Kael", "dazed", "easy", None, None)
    b.do(conditions.apply_condition, "Kael", "dazed", "hard", None, None)
    with pytest.raises(AlreadyHolds, match="dazed already"):  # not worse: nothing new
        b.do(conditions.apply_condition, "Kael", "dazed", "normal", None, None)
    assert b.c("Kael").conditions["dazed"].save == "hard"


def test_a_near_miss_of_a_condition_is_refused_as_a_typo():
    # Conditions: the seed's list; anything else is a named effect of a power, unless
    # it is a near miss of one of the seed's conditions
    b = battle()
    with pytest.raises(BadInput, match="expected stunned"):
        b.do(conditions.apply_condition, "Kael", "stuned", None, None, None)


def test_disengage_is_a_normal_save_minus_1_per_extra_foe():
    # Disengaging: "roll a normal save (11+) ... -1 penalty for each foe beyond the first".
    from battletape.domain.events import Engaged
    b = battle()
    # the goblins closed in on their own turns (on Kael's, engaging them is his move)
    b.do(lambda s: [Engaged(a="Goblin 1", b="Kael"), Engaged(a="Goblin 2", b="Kael")])
    [e] = b.roll(disengaging.disengage, "Kael", 11)
    assert e.penalty == -1 and e.roll.total == 10 and not e.success
    assert b.c("Kael").engaged_with == ["Goblin 1", "Goblin 2"]
    [e] = b.roll(disengaging.disengage, "Kael", 12)
    assert e.success and b.c("Kael").engaged_with == [] and b.c("Goblin 1").engaged_with == []


def test_grabbed_disengage_checks_take_minus_5():
    b = battle()
    b.do(conditions.apply_condition, "Kael", "grabbed", None, None, "Goblin 1")
    [e] = b.roll(disengaging.disengage, "Kael", 15)
    assert e.penalty == -5 and not e.success
    [e] = b.roll(disengaging.disengage, "Kael", 11, True)  # hit the grabber this turn
    assert e.penalty == 0 and e.success


def test_stuck_creatures_cannot_disengage_or_move():
    b = battle()
    b.do(position.engage, "Goblin 1", "Kael")
    b.do(conditions.apply_condition, "Kael", "stuck", None, None, None)
    with pytest.raises(RuleViolation):
        b.roll(disengaging.disengage, "Kael", 20)
    with pytest.raises(RuleViolation):
        b.do(position.move, "Kael", "far")
    b.do(position.move, "Kael", "far", teleport=True)  # Teleportation
    assert b.c("Kael").engaged_with == [] and b.c("Kael").whereabouts == "far"


def test_moving_away_draws_opportunity_attacks_from_each_engaged_foe():
    b = battle()
    b.do(position.engage, "Goblin 1", "Kael")
    b.do(position.engage, "Goblin 2", "Kael")
    [m] = b.do(position.move, "Kael", "far")
    assert m.provoked == ["Goblin 1", "Goblin 2"]


def test_engaged_creatures_cannot_intercept():
    b = battle()
    b.do(position.engage, "Goblin 1", "Kael")
    with pytest.raises(RuleViolation):
        b.do(position.intercept, "Kael", "Goblin 2")
    b.do(position.intercept, "Bruna", "Goblin 2")
    assert b.c("Bruna").engaged_with == ["Goblin 2"]


def test_only_airborne_flyers_intercept_flyers():
    b = battle()
    b.do(position.fly, "Goblin 2", True)
    with pytest.raises(RuleViolation):
        b.do(position.intercept, "Bruna", "Goblin 2")


def test_delay_moves_your_initiative_to_the_count_you_act_on():
    # Delay: "Your initiative result becomes the count on which you took the delayed action."
    b = battle()
    b.do(ci.delay, "Kael")
    assert b.state.turn == "Bruna"
    b.roll(ci.act, "Kael", {})
    assert b.state.turn == "Kael" and b.c("Kael").initiative == 17
    assert b.state.order[:2] == ["Bruna", "Kael"]
    next_(b)
    assert b.state.turn == "Goblin 1"


def test_readied_actions_go_just_before_the_trigger():
    b = battle()
    b.do(ci.ready, "Kael", "a goblin moves")
    next_(b)
    next_(b)  # Goblin 1's turn
    b.roll(ci.act, "Kael", {})
    assert b.c("Kael").initiative == 13 and b.state.turn == "Goblin 1"
    assert b.state.order.index("Kael") == b.state.order.index("Goblin 1") - 1
    # the readied standard action is one attack (a ranged one: no move into melee)
    b.roll(attacks.attack, attacks.AttackOrder(attacker="Kael", targets=["Goblin 1"],
                                               bonus=5, defense="ac", rolls=[15], dmg=4,
                                               kind="ranged"))
    assert b.c("Goblin 1").hp == 6


def test_fight_in_spirit_plus_2_the_first_time_then_plus_1():
    from battletape.domain.thirteenth_age import damage_and_healing as dh
    b = battle()
    b.do(dh.direct_damage, "Bruna", 30, None)
    with pytest.raises(RuleViolation):
        b.do(special_actions.fight_in_spirit, "Kael", "Bruna", "ac", None)
    [e] = b.do(special_actions.fight_in_spirit, "Bruna", "Kael", "ac", None)
    assert e.amount == 2
    with pytest.raises(RuleViolation):
        b.do(special_actions.fight_in_spirit, "Bruna", "Kael", "ac", None)  # once a round


def test_flee_is_a_campaign_loss_and_the_party_leaves():
    b = battle()
    [e] = b.do(special_actions.flee)
    assert e.campaign_loss and b.c("Kael").status == "fled"


def test_behind_an_unengaged_ally():
    # Behind: "If you're behind an unengaged ally ... your ally has the option to
    # move and intercept."
    b = battle()
    b.do(position.move, "Kael", "behind", ally="Bruna")
    assert b.c("Kael").whereabouts == "behind:Bruna"
    b.do(position.engage, "Goblin 1", "Bruna")
    with pytest.raises(RuleViolation, match="only an unengaged ally"):
        b.do(position.move, "Kael", "behind", ally="Bruna")
    with pytest.raises(RuleViolation, match="not an ally"):
        b.do(position.move, "Kael", "behind", ally="Goblin 2")
