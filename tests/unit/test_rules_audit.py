"""13th Age SRD (seed 004), the sections a rules audit found too lenient or missing:
one test per finding, named after its section and using its numbers."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from battletape.domain.events import AttackResolved, DamageTaken, Engaged, Moved
from battletape.domain.thirteenth_age import (attacks, conditions, cyclic_initiative as ci,
                                   damage_and_healing as dh, death_and_dying as dd,
                                   disengaging, ongoing_damage, position, recoveries)
from battletape.domain.thirteenth_age.attacks import AttackOrder
from battletape.domain.thirteenth_age import events as te
from tests.unit.support import Battle


def fight(**options) -> Battle:
    """Kael 20, Bruna 17, the goblins 13, the imp 5: Kael's turn, round 1."""
    b = Battle(**options)
    b.add("Bruna", 30, pc=True, ac=18, pd=14, md=12, init=3, level=3, recovery_die="d10",
          con_mod=2, recoveries=2)
    b.add("Kael", 24, pc=True, ac=16, init=5, level=5, recovery_die="d6", con_mod=1)
    b.add("Goblin", 10, ac=16, init=4, count=3)
    b.add("Imp", 20, ac=15, init=0, resist=["fire:16"])
    b.roll(ci.roll_initiative, {"Bruna": 14, "Kael": 15, "Goblin": 9, "Imp": 5})
    return b


def to_turn(b: Battle, name: str) -> None:
    b.roll(ci.next_turn, {})
    for _ in range(20):
        if b.state.turn == name:
            return
        b.roll(ci.next_turn, {})
    raise AssertionError(f"{name}'s turn never came")


def attack(b: Battle, attacker: str, targets: list[str], **kw) -> list:
    order = AttackOrder(**{"attacker": attacker, "targets": targets, "bonus": 5,
                           "defense": "ac", **kw})
    return b.roll(attacks.attack, order)


def resolved(events: list) -> list[AttackResolved]:
    return [e for e in events if isinstance(e, AttackResolved)]


# 1. Actions on Your Turn: "Each turn you can take one of each action"

def test_actions_on_your_turn_a_second_move_takes_the_standard_and_a_third_is_refused():
    b = fight()
    b.do(position.move, "Kael", "far")
    b.do(position.move, "Kael", "nearby")  # "use a standard action to take a move"
    assert b.c("Kael").actions_used == ["move", "standard"]
    with pytest.raises(RuleViolation, match="no move action left"):
        b.do(position.move, "Kael", "far")


# 2. Delay: "By choosing to delay, you take no action"

def test_delay_a_creature_that_has_acted_this_turn_cannot_delay():
    b = fight()
    attack(b, "Kael", ["Goblin 1"], rolls=[15], dmg=4, kind="ranged")
    with pytest.raises(RuleViolation, match="take no action"):
        b.do(ci.delay, "Kael")
    b.roll(ci.next_turn, {})
    b.do(ci.delay, "Bruna")  # having done nothing, Bruna may
    assert b.c("Bruna").delayed


# 3. Readying an Action: "You can ready a standard action, a move action, or a free
# action" — one action, once the trigger comes

def test_readying_an_action_the_trigger_allows_the_one_readied_action():
    b = fight()
    b.do(ci.ready, "Kael", "a goblin moves")
    to_turn(b, "Goblin 1")
    b.roll(ci.act, "Kael", {})
    [e] = resolved(attack(b, "Kael", ["Goblin 1"], rolls=[15], dmg=4, kind="ranged"))
    assert e.hit and e.action == "readied"
    with pytest.raises(RuleViolation, match="already took its readied action"):
        attack(b, "Kael", ["Goblin 2"], rolls=[15], dmg=4, kind="ranged")
    with pytest.raises(RuleViolation, match="already took its readied action"):
        b.do(position.move, "Kael", "far")


def test_readying_a_move_action_allows_a_move_not_an_attack():
    b = fight()
    b.do(ci.ready, "Kael", "the imp casts", "move")
    to_turn(b, "Imp")
    b.roll(ci.act, "Kael", {})
    with pytest.raises(RuleViolation, match="readied a move action, not a standard"):
        attack(b, "Kael", ["Imp"], rolls=[15], dmg=4, kind="ranged")
    [moved] = b.do(position.move, "Kael", "far")
    assert moved.action == "readied" and b.c("Kael").whereabouts == "far"


# 4. Death and Dying: "roll a d20 at the start of your turn" — one, and `next` asks

def test_death_and_dying_one_death_save_a_turn_and_next_asks_for_it():
    b = fight()
    b.do(dh.direct_damage, "Bruna", 32, None)  # on Kael's turn: -2
    to_turn(b, "Bruna")
    with pytest.raises(RuleViolation, match="death save is due.*death-save Bruna"):
        b.roll(ci.next_turn, {})
    b.roll(dd.death_save, "Bruna", 9, None)
    with pytest.raises(RuleViolation, match="already rolled its death save"):
        b.roll(dd.death_save, "Bruna", 9, None)
    b.roll(ci.next_turn, {})
    assert b.c("Bruna").death_saves_failed == 1


def test_death_and_dying_a_pc_who_falls_on_its_own_turn_saves_at_the_next_one():
    b = fight()
    b.do(dh.direct_damage, "Kael", 30, None)  # Kael drops on his own turn
    with pytest.raises(RuleViolation, match="start of its next turn"):
        b.roll(dd.death_save, "Kael", 9, None)
    b.roll(ci.next_turn, {})  # nothing was due this turn


# 5. Coup de Grace: "Skip your move action and your quick action that turn"

def test_coup_de_grace_the_move_and_quick_actions_are_skipped_after_it_too():
    b = fight()
    from battletape.domain.events import Engaged
    b.do(lambda s: [Engaged(a="Goblin 1", b="Kael")])  # engaged before Kael's turn
    b.do(conditions.apply_condition, "Goblin 1", "helpless", None, None, None)
    [e] = resolved(attack(b, "Kael", ["Goblin 1"], rolls=[3], dmg=3, coup_de_grace=True))
    assert e.crit and b.c("Kael").actions_used == ["standard"]
    with pytest.raises(RuleViolation, match="coup de grace.*--force"):
        b.do(position.move, "Kael", "far")
    with pytest.raises(RuleViolation, match="coup de grace"):
        attack(b, "Kael", ["Goblin 1"], rolls=[3], dmg=3, action="quick")


# 6. Targeting: "you can't target yourself"

def test_targeting_you_cant_target_yourself():
    b = fight()
    with pytest.raises(RuleViolation, match="can't target itself.*--force"):
        attack(b, "Kael", ["Goblin 1", "Kael"], rolls=[15, 15], dmg=4, kind="spell")


# 7. Flying: "swoop past another flyer ... instead of engaging it directly, at a -2
# attack penalty"; engaging a flyer from the ground is refused by `engage` and by a
# melee attack alike

def test_flying_a_swoop_attacks_at_minus_2_without_engaging():
    b = fight()
    b.do(position.fly, "Kael", True)
    b.do(position.fly, "Imp", True)
    [e] = resolved(attack(b, "Kael", ["Imp"], rolls=[12], dmg=4, swoop=True))
    assert e.modifiers["swoop"] == -2 and e.total == 15 and e.hit
    assert b.c("Kael").engaged_with == [] and b.c("Imp").engaged_with == []


def test_flying_a_swoop_is_between_flyers():
    b = fight()
    b.do(position.fly, "Kael", True)
    with pytest.raises(RuleViolation, match="swoop"):
        attack(b, "Kael", ["Goblin 1"], rolls=[12], dmg=4, swoop=True)


def test_flying_a_melee_attack_from_the_ground_cannot_reach_a_flyer_as_engage_cannot():
    b = fight()
    b.do(position.fly, "Imp", True)
    with pytest.raises(RuleViolation, match="flying out of reach"):
        b.do(position.engage, "Kael", "Imp")
    with pytest.raises(RuleViolation, match="flying out of reach.*--force"):
        attack(b, "Kael", ["Imp"], rolls=[12], dmg=4, kind="melee")


# 8. Resistance: immunity to normal energy covers the attack's ongoing damage; damage
# without an attack roll fakes one

def test_resistance_normal_energy_immunity_covers_the_ongoing_damage_too():
    b = fight()
    attack(b, "Kael", ["Imp"], rolls=[19], dmg=6, damage_type="fire", nonmagical=True,
           ongoing=5, kind="ranged")
    assert b.c("Imp").hp == 20
    to_turn(b, "Imp")
    out = b.roll(ci.next_turn, {"Imp": [3]})
    [taken] = [e for e in out if isinstance(e, DamageTaken)]
    assert taken.immune and taken.amount == 0 and b.c("Imp").hp == 20


@pytest.mark.parametrize("seed", range(1, 9))
def test_resistance_automatic_damage_fakes_an_attack_roll(seed):
    b = fight()
    b.seed = seed
    [e] = b.roll(lambda s, r: dh.direct_damage(s, "Imp", 10, "fire", None, False, r))
    fake = te.fake_roll(e)
    assert fake is not None and fake.source == "virtual"
    assert e.natural == fake.faces[0]
    assert e.amount == (10 if e.natural >= 16 else 5) and e.half == (e.natural < 16)


def test_resistance_ongoing_damage_without_its_attack_roll_fakes_one_once():
    b = fight()
    [o] = b.roll(lambda s, r: ongoing_damage.apply(s, "Imp", 6, "fire", None, None,
                                                   False, r))
    assert te.fake_roll(o) is not None and o.natural == te.fake_roll(o).faces[0]
    assert b.c("Imp").ongoing[0].natural == o.natural
    [plain] = b.roll(lambda s, r: dh.direct_damage(s, "Kael", 4, "fire", None, False, r))
    assert te.fake_roll(plain) is None and plain.amount == 4  # Kael resists nothing


# 9. Grabbed: "Grabbed creatures can't use ranged attacks" — ranged spells neither

def test_grabbed_no_ranged_spells_but_close_quarters_is_fine():
    b = fight()
    b.do(conditions.apply_condition, "Kael", "grabbed", None, None, "Goblin 1")
    with pytest.raises(RuleViolation, match="ranged spells"):
        attack(b, "Kael", ["Goblin 2"], rolls=[15], dmg=4, kind="spell")
    [e] = resolved(attack(b, "Kael", ["Goblin 2"], rolls=[15], dmg=4, kind="close"))
    assert e.hit


# 10. Far Away: "two moves away from the enemies"

def test_far_away_reaching_melee_from_far_away_takes_two_moves():
    b = fight()
    b.do(position.move, "Kael", "far")
    to_turn(b, "Kael")
    out = b.do(position.engage, "Kael", "Goblin 1")
    assert [type(e) for e in out] == [Moved, Engaged]
    assert b.c("Kael").actions_used == ["move", "standard"]
    with pytest.raises(RuleViolation, match="no standard action left"):
        attack(b, "Kael", ["Goblin 1"], rolls=[15], dmg=4)


def test_far_away_coming_back_nearby_is_a_whole_move():
    b = fight()
    b.do(position.move, "Kael", "far")
    to_turn(b, "Kael")
    b.do(position.move, "Kael", "nearby")
    b.do(position.engage, "Kael", "Goblin 1")  # a second move: the standard action
    assert b.c("Kael").actions_used == ["move", "standard"]


def test_far_away_a_melee_attack_on_a_creature_far_away_takes_two_moves():
    b = fight()
    b.roll(ci.next_turn, {})
    b.do(position.move, "Bruna", "far")
    to_turn(b, "Kael")
    with pytest.raises(RuleViolation, match="no standard action left"):
        attack(b, "Kael", ["Bruna"], rolls=[15], dmg=4, kind="melee")  # move, move


# 11. Optional Meaningful Death Rule: "PCs can only be fully slain by named villains.
# PCs who fail four death checks fall into a coma"

def test_meaningful_death_four_failed_death_saves_are_a_coma():
    b = fight(meaningful_death=True)
    b.roll(ci.next_turn, {})
    b.do(dh.direct_damage, "Bruna", 30, None)  # on her own turn
    for _ in range(4):
        to_turn(b, "Bruna")
        b.roll(dd.death_save, "Bruna", 5, None)
    assert b.c("Bruna").status == "unconscious" and b.c("Bruna").coma
    from battletape.domain import systems
    assert systems.get("13a").combatant_keys(b.state.combatants["Bruna"])["coma"]
    to_turn(b, "Bruna")  # no death save is due in a coma: `next` goes on
    with pytest.raises(RuleViolation, match="coma"):
        b.roll(dd.death_save, "Bruna", 20, None)
    b.do(dh.direct_heal, "Bruna", 10)
    assert b.c("Bruna").hp == 10 and b.c("Bruna").status == "unconscious"


def test_meaningful_death_only_a_named_villain_slays_outright():
    b = fight(meaningful_death=True)
    from battletape.domain import systems
    add = systems.get("13a").verb("add").decision(None, name="Vargas", hp=60, ac=18,
                                                  init=2, villain=True)
    b.do(lambda s: add(s, None))
    b.do(dh.direct_damage, "Bruna", 50, None)  # -20, past -15: not by a villain
    assert b.c("Bruna").status == "unconscious"
    b.do(dh.direct_heal, "Bruna", 20)  # "Start from 0": up again, out of the way
    b.roll(ci.roll_initiative, {"Vargas": 10})
    b.do(dh.direct_damage, "Kael", 30, None)  # -6, Kael's hp 24: dies at -12
    to_turn(b, "Vargas")
    attack(b, "Vargas", ["Kael"], rolls=[18], dmg=10, kind="ranged")  # -16
    assert b.c("Kael").status == "dead"
    plain = fight()  # without the option, any blow past -half kills
    plain.do(dh.direct_damage, "Bruna", 45, None)
    assert plain.c("Bruna").status == "dead"


# 13. Out of turn: a standard or move action needs a readied action, an interrupt or
# --force

def test_out_of_turn_stabilize_disengage_and_move_are_refused():
    b = fight()
    b.do(position.engage, "Goblin 1", "Kael")
    to_turn(b, "Goblin 1")
    b.do(dh.direct_damage, "Bruna", 32, None)
    with pytest.raises(RuleViolation, match="readied action.*interrupt.*--force"):
        b.roll(dd.stabilize, "Bruna", "Kael", 12)
    with pytest.raises(RuleViolation, match="readied action.*interrupt.*--force"):
        b.roll(disengaging.disengage, "Kael", 15)
    with pytest.raises(RuleViolation, match="readied action.*interrupt.*--force"):
        b.do(position.move, "Kael", "far")


def test_out_of_turn_an_interrupt_moves_once_until_the_end_of_the_next_turn():
    # Interrupt Actions: "You can use one interrupt action when it's not your turn.
    # You can't use another one until the end of your next turn."
    b = fight()
    to_turn(b, "Goblin 1")
    [m] = b.do(position.move, "Kael", "far", interrupt=True)
    assert m.action == "interrupt" and b.c("Kael").interrupt_spent
    with pytest.raises(RuleViolation, match="already used an interrupt"):
        b.do(position.move, "Kael", "nearby", interrupt=True)


def test_out_of_turn_a_readied_action_stabilizes():
    b = fight()
    b.do(ci.ready, "Kael", "Bruna bleeds")
    to_turn(b, "Goblin 1")
    b.do(dh.direct_damage, "Bruna", 32, None)
    b.roll(ci.act, "Kael", {})
    [e] = b.roll(dd.stabilize, "Bruna", "Kael", 12)
    assert e.success and e.action == "readied"


# 14. What the seed has and battletape lacked

def test_crit_effects_a_doubled_triple_is_quadruple():
    # "If you manage to double your triple damage, bump it up to quadruple"
    b = fight()
    [e] = resolved(attack(b, "Kael", ["Imp"], rolls=[20], dmg=9, kind="ranged",
                          double_crits=2))
    assert e.multiplier == 4 and e.damage == 36


def test_saves_a_save_bonus_is_added_to_the_d20():
    # "occasional talents, feats, and magic items that provide small bonuses to saves"
    b = fight()
    b.do(conditions.apply_condition, "Kael", "dazed", "normal", None, None)
    [s, _] = b.roll(ongoing_damage.save, "Kael", 9, "dazed", None, 2)
    assert s.roll.total == 11 and s.success and "dazed" not in b.c("Kael").conditions
    b.do(conditions.apply_condition, "Kael", "weakened", "normal", None, None)
    out = b.roll(ci.next_turn, {"Kael": [8]}, 3)
    assert out[0].roll.total == 11 and out[0].success
    b.do(conditions.apply_condition, "Bruna", "dazed", "normal", None, None)
    with pytest.raises(BadInput, match="small bonus"):
        b.roll(ongoing_damage.save, "Bruna", 9, "dazed", None, 9)


def test_saves_a_death_save_bonus_turns_a_14_into_a_success():
    b = fight()
    b.do(dh.direct_damage, "Bruna", 32, None)
    to_turn(b, "Bruna")
    [save, spent] = b.roll(dd.death_save, "Bruna", 14, 8, 2)
    assert save.success and save.roll.total == 16 and b.c("Bruna").status == "up"


def test_unconscious_a_monster_can_be_knocked_out_instead_of_slain():
    # "unless the characters' intent is to keep the monster alive"
    b = fight()
    attack(b, "Kael", ["Goblin 1"], rolls=[18], dmg=12, kind="ranged", knock_out=True)
    assert b.c("Goblin 1").status == "unconscious"
    attack(b, "Kael", ["Goblin 2"], rolls=[18], dmg=12, kind="ranged", action="quick")
    assert b.c("Goblin 2").status == "dead"
    b.roll(ci.next_turn, {})
    b.roll(ci.next_turn, {})  # after Bruna: Goblin 1 is out, Goblin 2 dead
    assert b.state.turn == "Goblin 3"
    with pytest.raises(RuleViolation, match="PC"):
        b.roll(lambda s, r: dh.direct_damage(s, "Bruna", 40, None, None, False, r, True))


def test_shooting_into_melee_a_fumble_is_rerolled_against_the_engaged_ally():
    # "reroll that attack considering the engaged ally as the target"
    b = fight()
    b.do(position.engage, "Goblin 1", "Bruna")
    out = resolved(attack(b, "Kael", ["Goblin 1"], rolls=[1], dmg=6, kind="ranged",
                          ally_roll=15))
    assert [(e.target, e.fumble, e.hit) for e in out] == [("Goblin 1", True, False),
                                                         ("Bruna", False, True)]
    assert out[1].total == 20 and b.c("Bruna").hp == 24  # 15 + 5 vs AC 18: 6 damage


def test_shooting_into_melee_with_several_allies_the_gm_rules_which():
    b = fight()
    b.do(position.engage, "Goblin 1", "Bruna")
    b.do(position.engage, "Goblin 1", "Kael")
    b.add("Vex", 20, pc=True, ac=14)
    b.roll(ci.roll_initiative, {"Vex": 2})
    to_turn(b, "Vex")
    with pytest.raises(RuleViolation, match="--ally"):
        attack(b, "Vex", ["Goblin 1"], rolls=[1], dmg=6, kind="ranged", ally_roll=15)
    out = resolved(attack(b, "Vex", ["Goblin 1"], rolls=[1], dmg=6, kind="ranged",
                          ally="Kael", ally_roll=15))
    assert out[1].target == "Kael"


def test_confused_the_attack_goes_to_a_nearby_ally_chosen_randomly():
    # "Your next attack action will be a basic or at-will attack against any nearby
    # ally, determined randomly"
    b = fight()
    b.do(conditions.apply_condition, "Goblin 1", "confused", "normal", None, None)
    to_turn(b, "Goblin 1")
    with pytest.raises(RuleViolation, match="confused.*nearby ally"):
        attack(b, "Goblin 1", ["Kael"], rolls=[15], dmg=3, kind="close")
    [e] = resolved(attack(b, "Goblin 1", ["ally"], rolls=[15], dmg=3, kind="close",
                          pick=2))
    # the allies nearby, in initiative order: Goblin 2, Goblin 3, Imp
    assert e.target == "Goblin 3" and "confused:2/3:typed" in e.tags


def test_confused_the_die_picks_the_ally_virtually_and_records_it():
    b = fight()
    b.do(conditions.apply_condition, "Goblin 1", "confused", "normal", None, None)
    to_turn(b, "Goblin 1")
    [e] = resolved(attack(b, "Goblin 1", ["ally"], rolls=[15], dmg=3, kind="close"))
    tag = next(t for t in e.tags if t.startswith("confused:"))
    face = int(tag.split(":")[1].split("/")[0])
    assert e.target == ["Goblin 2", "Goblin 3", "Imp"][face - 1]


def test_death_and_dying_feeding_a_dying_character_a_potion_takes_a_standard_action():
    # "Feeding a dying character a healing potion ... always takes a standard action"
    b = fight()
    b.do(dh.direct_damage, "Bruna", 32, None)
    with pytest.raises(RuleViolation, match="always takes a standard action"):
        b.roll(recoveries.potion, "Bruna", "Kael", 10, "quick")
    with pytest.raises(RuleViolation, match="unconscious"):
        b.roll(recoveries.potion, "Bruna", None, 10)  # she can't drink it herself
    used, spent = b.roll(recoveries.potion, "Bruna", "Kael", 10)
    assert used.action == "standard" and spent.source == "potion"
    assert b.c("Bruna").hp == 12 and b.c("Bruna").status == "up"  # 0 + 10 + 2
    assert b.c("Bruna").part.recoveries == 1 and b.c("Kael").actions_used == ["standard"]


def test_disengaging_from_only_some_foes_keeps_the_others_engaged():
    # "You can disengage from more than one foe ... -1 for each foe beyond the first"
    b = fight()
    for g in ("Goblin 1", "Goblin 2", "Goblin 3"):
        b.do(position.engage, g, "Kael")
    [e] = b.roll(disengaging.disengage, "Kael", 12, False, ["Goblin 1", "Goblin 2"])
    assert e.penalty == -1 and e.roll.total == 11 and e.success
    assert b.c("Kael").engaged_with == ["Goblin 3"]
    assert b.c("Goblin 1").engaged_with == [] and b.c("Goblin 3").engaged_with == ["Kael"]
    with pytest.raises(RuleViolation, match="not engaged with Imp"):
        b.roll(disengaging.disengage, "Kael", 12, False, ["Imp"])
    [m] = b.do(position.move, "Kael", "far")  # the same move: Goblin 3 still swings
    assert m.provoked == ["Goblin 3"] and m.action == "free"
