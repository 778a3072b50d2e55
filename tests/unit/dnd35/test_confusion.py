"""D&D 3.5 (seed 003), Condizioni: Confuso (Confused, 35-CND-11): `confusion X --roll N`
in X's turn decides what it does; its actions follow the roll."""

import pytest

from battletape.domain.dnd35 import attacks_of_opportunity as aoo
from battletape.domain.dnd35.confusion import behaviour
from battletape.domain.errors import BadInput
from tests.unit.dnd35.support import refused, to_turn, fight, through_round_one


def confused(source="A"):
    """A, B (confused by ``source``), C; round 2, B's turn."""
    b = through_round_one(fight(("A", 40), ("B", 40), ("C", 40)))
    b.run("cond add", "B", "confuso", source=source)
    b.run("next")
    assert b.state.turn == "B"
    return b


def test_35_CND_11_the_d100_table():
    """35-CND-11 (Confuso): 1-10 attack the source, 11-20 act normally, 21-50 babble,
    51-70 flee, 71-100 attack the nearest creature."""
    got = {n: behaviour(n) for n in (1, 10, 11, 20, 21, 50, 51, 70, 71, 100)}
    assert got == {1: "attack-source", 10: "attack-source", 11: "act-normally",
                   20: "act-normally", 21: "babble", 50: "babble", 51: "flee", 70: "flee",
                   71: "attack-nearest", 100: "attack-nearest"}


def test_35_CND_11_babble_refuses_every_action_this_turn():
    """35-CND-11: `confusion X --roll 35` → `babble` recorded, X's attacks refused this
    turn (and any other action)."""
    b = confused()
    e = b.run("confusion", "B", roll_=35)
    assert (e[0].behaviour, e[0].roll.total, e[0].roll.source) == ("babble", 35, "typed")
    assert b.x("B", "confusion") == {"round": 2, "behaviour": "babble", "target": None}
    assert "babble" in refused(b, "attack", "B", "A", bonus=5, roll="10").args[0]
    refused(b, "do", "B", "move")
    refused(b, "confusion", "B", roll_=5)     # once a turn


def test_35_CND_11_no_action_before_the_roll():
    """35-CND-11: "agisce ad ogni suo turno in modo casuale": nothing before the d100;
    the roll only in its own turn, only for a confused creature."""
    b = confused()
    assert "confusion B" in str(refused(b, "do", "B", "move"))
    refused(b, "attack", "B", "A", bonus=5, roll="10")
    refused(b, "confusion", "A", roll_=35)
    to_turn(b, "C")
    refused(b, "confusion", "B", roll_=35)


def test_35_CND_11_attack_the_source_only_the_source():
    """35-CND-11: 01-10 attacks the source of the confusion: A; C refused."""
    b = confused()
    assert b.run("confusion", "B", roll_=4)[0].target == "A"
    refused(b, "attack", "B", "C", bonus=5, roll="10")
    b.run("attack", "B", "A", bonus=5, roll="10", kind="melee")
    assert b.last("AttackResolved").target == "A"


def test_35_CND_11_flee_is_two_move_actions_no_attack():
    """35-CND-11: 51-70 flees the source: two move actions, no attack."""
    b = confused()
    assert b.run("confusion", "B", roll_=60)[0].behaviour == "flee"
    refused(b, "attack", "B", "A", bonus=5, roll="10")
    b.run("do", "B", "move")
    b.run("do", "B", "move")


def test_35_CND_11_act_normally_and_attack_the_nearest():
    """35-CND-11: 11-20 acts normally (any action); 71-100 attacks the nearest creature
    (battletape keeps no map: any target, but no other standard action)."""
    b = confused()
    assert b.run("confusion", "B", roll_=15)[0].behaviour == "act-normally"
    b.run("do", "B", "drink-potion")
    to_turn(b, "B")
    assert b.run("confusion", "B", roll_=90)[0].behaviour == "attack-nearest"
    refused(b, "do", "B", "drink-potion")
    b.run("attack", "B", "C", bonus=5, roll="10")


def test_35_CND_11_attacked_it_attacks_its_attacker_next_turn():
    """35-CND-11: "Qualsiasi creatura confusa attaccata, attacca automaticamente il suo
    aggressore al turno successivo": attacked by C → next turn's behaviour forced to
    "attack C" (no roll; a typed roll is refused)."""
    b = confused()
    b.run("confusion", "B", roll_=35)
    to_turn(b, "C")
    b.run("attack", "C", "B", bonus=5, roll="3")
    to_turn(b, "B")
    with pytest.raises(BadInput):
        b.run("confusion", "B", roll_=35)
    e = b.run("confusion", "B")[0]
    assert (e.behaviour, e.target, e.roll) == ("attack-attacker", "C", None)
    refused(b, "attack", "B", "A", bonus=5, roll="10")
    b.run("attack", "B", "C", bonus=5, roll="10")
    to_turn(b, "B")
    e = b.run("confusion", "B")[0]
    assert e.roll is not None and e.behaviour == behaviour(e.roll.total)


def test_35_CND_11_attack_of_opportunity_only_against_one_already_attacking_it():
    """35-CND-11: "può effettuare AdO solo contro una creatura che la sta già
    attaccando": none against A, one against C after C attacked it."""
    b = confused()
    b.run("confusion", "B", roll_=35)
    to_turn(b, "C")
    assert "confused" in aoo.why_not(b.state, b.c("B"), b.c("A"))
    b.run("attack", "C", "B", bonus=5, roll="3")
    assert aoo.why_not(b.state, b.c("B"), b.c("C")) is None


def test_35_CND_11_a_rolled_action_it_can_t_do_is_babbling():
    """35-CND-11: "Una creatura confusa che non può portare a termine l'azione casuale si
    limita a blaterare": the source is dead → attack the source becomes babble."""
    b = confused(source="A")
    b.run("damage", "A", 60)
    assert b.c("A").status == "dead"
    e = b.run("confusion", "B", roll_=3)[0]
    assert e.behaviour == "babble" and "dead" in e.why


def test_35_CND_11_removing_confusion_frees_it():
    """35-CND-11: without the condition, no roll and no limit."""
    b = confused()
    b.run("cond remove", "B", "confused")
    b.run("do", "B", "drink-potion")
    refused(b, "confusion", "B", roll_=20)


def test_35_CND_11_38_22_log_lines_of_the_new_events():
    """35-CND-11, 35-CND-38, 35-CND-22: the confusion roll, the fear effect and the
    incorporeal roll each have an English log line."""
    from tests.unit.dnd35.support import SYSTEM

    b = confused()
    e = b.run("confusion", "B", roll_=35)[0]
    assert SYSTEM.describe(e) == "B is confused: d100 35: babbles incoherently"
    f = b.run("cond add", "C", "shaken", effect="Scare")[0]
    assert SYSTEM.describe(f) == "C suffers the fear effect Scare (shaken)"
    b.run("cond add", "A", "incorporeal")
    g = b.run("damage", "A", 6, magic=True, miss_roll=12)[0]
    assert SYSTEM.describe(g) == ("A is incorporeal: d100 12: the 6 damage is ignored "
                                  "(50%)")
