"""5e SRD (seed 002), Giocare: Condizioni (Conditions), the seed's list in its order."""

import pytest

from battletape.domain.dnd5e.conditions import EFFECTS, halve_speed
from battletape.domain.dnd5e.terms import CONDITIONS
from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd5e.support import Battle, fight


def ab(**options):
    """A and B (AC 5, 60 hp) in A's turn; C waits."""
    return fight(("A", 60, {"ac": 5}), ("B", 60, {"ac": 5}), ("C", 60, {"ac": 5}),
                 **options)


def test_5E_CND_01_conditions_add_up_but_one_disadvantage_is_one():
    """5E-CND-01: "Sono cumulative: ... i loro effetti si sommano"; two sources of disadvantage are
    still one (SRD, 5E-GAP-02): both recorded, one d20 kept."""
    b = ab()
    b.run("cond add", "A", "poisoned")
    b.run("cond add", "A", "prone")
    e = b.run("attack", "A", "B", bonus=0, roll="15/3")[0]
    assert e.natural == 3
    assert {"disadvantage:attacker poisoned", "disadvantage:attacker prone"} <= set(e.tags)
    assert len(CONDITIONS) == 19 and set(EFFECTS) == set(CONDITIONS)


def test_5E_CND_02_durations_end_of_next_turn_and_rounds():
    """5E-CND-02: "Una condizione termina quando la sua durata scade": --until end-of-next-turn is
    gone after X's next turn; --rounds 10 ends at the same point of round + 10."""
    b = ab()
    b.run("next")  # B's turn
    b.run("cond add", "A", "poisoned", until="end-of-next-turn")
    b.run("next"), b.run("next")  # C, then A's turn
    assert "poisoned" in b.c("A").conditions
    b.run("next")  # A's turn ends
    assert "poisoned" not in b.c("A").conditions
    b.run("cond add", "C", "blinded", rounds=10)  # in B's turn, round 2
    assert b.state.round == 2 and b.state.turn == "B"
    while (b.state.round, b.state.turn) != (12, "A"):
        b.run("next")
    assert "blinded" in b.c("C").conditions
    b.run("next")  # round 12, B's turn
    assert "blinded" not in b.c("C").conditions
    with pytest.raises(BadInput):
        b.run("cond add", "C", "blinded", until="sunset")


def test_5E_CON_01_blinded():
    """5E-CON-01: Accecato: attacks against it have advantage; its own attacks can't see."""
    b = ab()
    b.run("cond add", "B", "blinded")
    assert b.run("attack", "A", "B", bonus=0, roll="4/17")[0].natural == 17
    b.run("next")
    assert b.run("attack", "B", "A", bonus=0, roll="4/17")[0].natural == 4


def test_5E_CON_02_grappled_speed_0_and_ends_when_moved_away():
    """5E-CON-02: Afferrato: Speed 0; "Se vieni spostato fuori dalla portata dell'effetto, la
    condizione termina"."""
    b = ab()
    b.run("next")
    b.run("cond add", "B", "grappled", source="A")
    assert b.c("B").conditions["grappled"].source == "A"
    with pytest.raises(RuleViolation):
        b.run("do", "B", "drop-prone")
    with pytest.raises(RuleViolation, match="can't move"):
        b.run("move", "B")
    b.run("move", "B", "away", forced=True)
    assert "grappled" not in b.c("B").conditions


def test_5E_CON_03_exhaustion_levels_1_to_10_dead_at_10():
    """5E-CON-03: Affaticato: `exhaustion X +3` -> 3; +7 -> 10 -> dead; beyond 10 an error; 0
    removes the condition."""
    b = ab()
    b.run("exhaustion", "A", 3)
    assert b.x("A", "exhaustion") == 3 and "exhaustion" in b.c("A").conditions
    with pytest.raises(BadInput):
        b.run("exhaustion", "A", 8)
    b.run("exhaustion", "A", -3)
    assert "exhaustion" not in b.c("A").conditions
    b.run("exhaustion", "B", 3)
    b.run("exhaustion", "B", 7)
    assert (b.x("B", "exhaustion"), b.c("B").status) == (10, "dead")


def test_5E_CON_04_deafened_recorded_no_roll_effect():
    """5E-CON-04: Assordato: can't hear (checks relying on hearing fail): no attack effect."""
    b = ab()
    b.run("cond add", "B", "deafened")
    e = b.run("attack", "A", "B", bonus=0, roll="12")[0]
    assert "deafened" in b.c("B").conditions and e.natural == 12 and e.tags == []


def test_5E_CON_04_deafened_fails_checks_relying_on_hearing():
    """5E-CON-04, 5E-CON-01: Assordato: "fallisci prove basate sull'udito"; Accecato:
    "fallisci automaticamente le prove di caratteristica basate sulla vista". The audit's
    D13: A blinded, `check A --skill perception --roll 15 --dc 10 --sense sight` fails,
    recorded with the reason; the same check by hearing succeeds; B deafened fails a
    check by hearing (even with no DC); an unknown sense is bad input."""
    b = ab()
    b.run("cond add", "A", "blinded")
    b.run("cond add", "B", "deafened")
    e = b.run("check", "A", skill="perception", bonus=0, roll="15", dc=10, sense="sight")[0]
    assert (e.total, e.success) == (15, False) and "auto-fail:blinded (sight)" in e.tags
    e = b.run("check", "A", skill="perception", bonus=0, roll="15", dc=10,
              sense="hearing")[0]
    assert e.success and not any(t.startswith("auto-fail") for t in e.tags)
    e = b.run("check", "B", skill="perception", bonus=0, roll="15", sense="udito")[0]
    assert e.success is False and "auto-fail:deafened (hearing)" in e.tags
    assert b.run("check", "B", skill="perception", bonus=0, roll="15", dc=10,
                 sense="sight")[0].success
    with pytest.raises(BadInput, match="sight or hearing"):
        b.run("check", "B", skill="perception", bonus=0, roll="15", sense="smell")


def test_5E_CON_08_frightened_checks_when_the_source_is_out_of_sight():
    """5E-CON-08: Spaventato: "Svantaggio a prove e tiri per colpire finché la fonte della
    paura è visibile". The audit's D14: A frightened by B: `check A --ability str --roll 15`
    asks for two naturals; `--source-hidden` takes one, as `attack` does."""
    b = ab()
    b.run("cond add", "A", "frightened", source="B")
    with pytest.raises(RuleViolation, match="two naturals.*disadvantage:frightened"):
        b.run("check", "A", ability="str", bonus=0, roll="15")
    e = b.run("check", "A", ability="str", bonus=0, roll="15", source_hidden=True)[0]
    assert e.total == 15 and not e.tags
    b.run("cond add", "A", "poisoned")
    e = b.run("check", "A", ability="str", bonus=0, roll="15/3", source_hidden=True)[0]
    assert e.natural == 3 and e.tags == ["disadvantage:poisoned"]


def test_5E_CON_05_poisoned_disadvantage_on_attacks_and_checks():
    """5E-CON-05."""
    b = ab()
    b.run("cond add", "A", "poisoned")
    assert b.run("attack", "A", "B", bonus=0, roll="15/3")[0].natural == 3
    assert b.run("check", "A", ability="str", bonus=0, roll="15/3")[0].natural == 3


def test_5E_CON_06_held_speed_0_ends_dodge():
    """5E-CON-06: Bloccato: "Sei immobilizzato e non puoi muoverti, la tua Velocità è 0"."""
    b = ab()
    b.run("do", "A", "dodge")
    b.run("cond add", "A", "held")
    assert b.x("A", "dodging") is False
    with pytest.raises(RuleViolation):
        b.run("do", "A", "drop-prone")


def test_5E_CON_08_frightened_while_the_source_is_visible():
    """5E-CON-08: Frightened (Spaventato): disadvantage while the source is visible."""
    b = ab()
    b.run("cond add", "A", "frightened", source="B")
    assert b.run("attack", "A", "B", bonus=0, roll="15/3")[0].natural == 3
    e = b.run("attack", "A", "B", bonus=0, roll="15", source_hidden=True,
              action="bonus")[0]
    assert e.natural == 15


def test_5E_CON_09_immobilized_attacks_against_have_advantage():
    """5E-CON-09."""
    b = ab()
    b.run("cond add", "B", "immobilized")
    assert b.run("attack", "A", "B", bonus=0, roll="4/17")[0].natural == 17


def test_5E_CON_10_charmed_cant_target_the_charmer_with_an_effect():
    """5E-CON-10: Incantato: "Non puoi attaccare o bersagliare l'incantatore". The audit's
    D06: A charmed by B: `effect A B --ability dex --dc 15 --dmg 8 --save-roll B=3` is
    refused (a GM may force it); targeting C is accepted."""
    b = ab()
    b.run("cond add", "A", "charmed", source="B")
    with pytest.raises(RuleViolation, match="A is charmed by B and can't target it"):
        b.run("effect", "A", "B", ability="dex", dc=15, dmg=8, save_roll=["B=3"])
    with pytest.raises(RuleViolation, match="charmed by B"):
        b.run("effect", "A", "C,B", ability="dex", dc=15, dmg=8)
    assert b.c("B").hp == 60
    b.run("effect", "A", "C", ability="dex", dc=15, dmg=8, save_roll=["C=3"])
    assert b.c("C").hp == 52
    ruling = b.run("effect", "A", "B", ability="dex", dc=15, dmg=8, save_roll=["B=3"],
                   gm="the charm ended at dawn")[0]
    assert ruling.rule == "Condizioni: Incantato" and b.c("B").hp == 52


def test_5E_CON_10_charmed_cant_attack_the_charmer():
    """5E-CON-10: Incantato: can't attack or target the charmer."""
    b = ab()
    b.run("cond add", "A", "charmed", source="B")
    with pytest.raises(RuleViolation, match="charmed by B"):
        b.run("attack", "A", "B", bonus=0, roll="12")
    assert b.run("attack", "A", "C", bonus=0, roll="12")[0].target == "C"


def test_5E_CON_11_incapacitated_no_actions_or_reactions():
    """5E-CON-11: Incapacitato: "Non puoi compiere azioni o reazioni"; Dodge ends; no 5E-RNG-02."""
    b = ab()
    b.run("do", "A", "dodge")
    b.run("cond add", "A", "incapacitated")
    assert b.x("A", "dodging") is False
    with pytest.raises(RuleViolation, match="incapacitated"):
        b.run("attack", "A", "B", bonus=0, roll="12")
    b.run("next")
    with pytest.raises(RuleViolation, match="incapacitated"):
        b.run("attack", "A", "B", bonus=0, roll="12", opportunity=True, kind="melee")
    e = b.run("attack", "B", "C", bonus=0, roll="12", kind="ranged", adjacent_enemy="A")[0]
    assert e.natural == 12


def test_5E_CON_12_invisible():
    """5E-CON-12: Invisibile: its attacks have advantage, attacks against it disadvantage."""
    b = ab()
    b.run("cond add", "A", "invisible")
    assert b.run("attack", "A", "B", bonus=0, roll="3/15")[0].natural == 15
    b.run("next")
    assert b.run("attack", "B", "A", bonus=0, roll="3/15")[0].natural == 3


def test_5E_CON_13_unconscious():
    """5E-CON-13: Privo di sensi: incapacitated, prone, auto-fails Str/Dex saves, attacks against
    it have advantage, every melee hit is a critical (a ranged hit is not)."""
    b = ab()
    b.run("cond add", "B", "unconscious")
    assert {"prone", "incapacitated"} <= set(b.c("B").conditions)
    assert not b.run("save", "B", ability="dex", dc=5, roll="20")[0].success
    melee = b.run("attack", "A", "B", bonus=0, roll="4/12", kind="melee", dmg=4)[0]
    assert melee.natural == 12 and melee.crit
    ranged = b.run("attack", "A", "B", bonus=0, roll="4/12", kind="ranged", dmg=4,
                   action="bonus")[0]
    assert ranged.hit and not ranged.crit
    b.run("cond remove", "B", "unconscious")
    assert "incapacitated" not in b.c("B").conditions and "prone" in b.c("B").conditions


def test_5E_CON_14_prone():
    """5E-CON-14: Prono: its attacks have disadvantage; melee attacks against it advantage;
    ranged nothing derived (5E-GAP-13)."""
    b = ab()
    b.run("cond add", "B", "prone")
    assert b.run("attack", "A", "B", bonus=0, roll="4/17", kind="melee")[0].natural == 17
    assert b.run("attack", "A", "B", bonus=0, roll="4", kind="ranged",
                 action="bonus")[0].natural == 4
    b.run("next")
    assert b.run("attack", "B", "A", bonus=0, roll="17/4")[0].natural == 4


def test_5E_CON_15_slowed_halves_speed_rounded_down():
    """5E-CON-15: Rallentato: "La tua Velocità è dimezzata"."""
    b = ab()
    b.run("cond add", "A", "slowed")
    assert EFFECTS["slowed"].halves_speed and "slowed" in b.c("A").conditions
    assert (halve_speed(7), halve_speed(6)) == (3, 3)


def test_5E_CON_16_restrained():
    """5E-CON-16: Restrained (Intrappolato): Speed 0, attacks against it advantage, its own
    disadvantage."""
    b = ab()
    b.run("cond add", "A", "restrained")
    assert b.run("attack", "A", "B", bonus=0, roll="17/4")[0].natural == 4
    b.run("next")
    assert b.run("attack", "B", "A", bonus=0, roll="4/17")[0].natural == 17


def test_5E_CON_17_stunned():
    """5E-CON-17: Stordito: incapacitated, auto-fails Str and Dex saves, attacks against it
    advantage."""
    b = ab()
    b.run("cond add", "B", "stunned")
    assert "incapacitated" in b.c("B").conditions
    assert not b.run("save", "B", ability="str", dc=5, roll="19")[0].success
    assert b.run("save", "B", ability="con", dc=5, roll="19")[0].success
    assert b.run("attack", "A", "B", bonus=0, roll="4/17")[0].natural == 17


def test_5E_CON_18_petrified_incapacitated_only_what_the_seed_says():
    """5E-CON-18: Pietrificato: incapacitated, can't move or speak (the SRD's extra effects are not
    in the seed)."""
    b = ab()
    b.run("cond add", "A", "petrified")
    with pytest.raises(RuleViolation, match="petrified|incapacitated"):
        b.run("do", "A", "dash")
    b.run("next")
    assert b.run("attack", "B", "A", bonus=0, roll="9")[0].natural == 9
    assert b.run("save", "A", ability="dex", dc=5, roll="19")[0].success


def test_5E_CON_19_paralyzed_melee_hit_is_a_crit_miss_stays_a_miss():
    """5E-CON-19: Paralizzato: melee --roll 12 --bonus 5 vs AC 15 -> hit and crit; a melee miss
    stays a miss."""
    b = fight(("A", 60), ("B", 60, {"ac": 15}))
    b.run("cond add", "B", "paralyzed")
    e = b.run("attack", "A", "B", bonus=5, adv=True, roll="3/12", kind="melee",
              damage="1d6+1")[0]
    assert e.hit and e.crit and len(e.damage_roll.faces) == 2
    miss = b.run("attack", "A", "B", bonus=0, roll="2/5", kind="melee", action="bonus")[0]
    assert not miss.hit and not miss.crit
    assert not b.run("save", "B", ability="dex", dc=5, roll="19")[0].success


def test_5E_CND_02_a_condition_for_rounds_ends_even_if_its_anchor_died():
    """5E-CND-02 (Condizioni: "Una condizione termina quando la sua durata scade"):
    poisoned for 1 round on the goblin's turn ends at the goblin's place in round 2,
    even when the goblin died before it."""
    b = Battle()
    b.run("add", "Bruna", hp=20, ac=15, init=0, pc=True)
    b.run("add", "Gob", hp=7, ac=13, init=2)
    b.run("add", "Orc", hp=15, ac=13, init=0)
    b.run("init", ["Gob=18", "Bruna=10", "Orc=5"])
    b.run("cond add", "Bruna", "poisoned", source="Gob", rounds=1)
    assert "poisoned" in b.c("Bruna").conditions
    b.run("next")                                      # Bruna's turn
    b.run("attack", "Bruna", "Gob", bonus=5, roll="15/16", dmg=9, kind="melee")
    assert b.c("Gob").status == "dead"
    b.run("next")                                      # Orc
    assert "poisoned" in b.c("Bruna").conditions       # still round 1
    b.run("next")                                      # round 2: Gob is skipped
    assert b.state.round == 2
    assert "poisoned" not in b.c("Bruna").conditions


def test_5E_INI_05_no_tie_with_the_dead():
    """5E-INI-05 (Pareggi): a newcomer whose total equals a dead creature's has no tie
    to decide."""
    b = Battle()
    b.run("add", "Bruna", hp=20, ac=15, init=0, pc=True)
    b.run("add", "Gob", hp=7, ac=13, init=0)
    b.run("init", ["Gob=12", "Bruna=10"])
    b.run("attack", "Gob", "Bruna", bonus=5, roll="3", dmg=1, kind="melee")
    b.run("next")
    b.run("attack", "Bruna", "Gob", bonus=5, roll="15", dmg=9, kind="melee")
    b.run("add", "Orc", hp=15, ac=13, init=0)
    b.run("init", ["Orc=12"])
    assert not b.x("Orc", "tie_undecided")
