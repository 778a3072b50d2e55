"""D&D 3.5 (seed 003), Mosse speciali: Aiutare un altro, Caricare, Colpo di grazia,
Combattere sulla difensiva, Difesa totale, Fintare."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import Battle, fight, through_round_one


def hit(events):
    return next(e for e in events if type(e).__name__ == "AttackResolved")


def to_turn(b, name):
    """End the current turn, then on to ``name``'s next turn."""
    b.run("next")
    while b.state.turn != name:
        b.run("next")


# --- Aiutare un altro ---------------------------------------------------------------------

def trio():
    return through_round_one(fight(("A", 20), ("Ally", 20), ("B", 30, {"ac": 15})))


def test_35_AID_01_aid_gives_plus_2_on_the_allys_next_attack_used_once():
    """35-AID-01 (Aiutare un altro): `aid A Ally B --roll 8 --bonus 2 --give attack` (10
    vs AC 10) → Ally's next attack on B +2, used once."""
    b = trio()
    e = b.run("aid", "A", "Ally", "B", roll_=8, bonus=2, give="attack")
    assert b.last("AidAnotherRolled").success and b.last("TableActionTaken").kind == \
        "standard"
    assert [m["source"] for m in b.x("Ally", "mods")] == ["aid another (A)"]
    b.run("next")
    first = hit(b.run("attack", "Ally", "B", bonus=3, roll="10", kind="melee"))
    assert first.modifiers == {"attack bonus": 3, "aid another (A)": 2}
    assert b.x("Ally", "mods") == []
    b.run("engage", "Ally", "B")    # an attack of opportunity: Ally threatens B
    second = hit(b.run("attack", "Ally", "B", bonus=3, roll="10", kind="melee",
                       opportunity=True))
    assert second.modifiers == {"attack bonus": 3}
    assert len(e) == 3


def test_35_AID_01_aid_ac_counts_against_that_opponents_next_attack():
    """35-AID-01: --give ac → +2 AC for the ally against B's next attack only."""
    b = trio()
    b.run("aid", "A", "Ally", "B", roll_=15, bonus=0, give="ac")
    b.run("next"), b.run("next")
    assert hit(b.run("attack", "B", "Ally", bonus=0, roll="5")).defense_value == 12
    b.run("engage", "B", "Ally")    # an attack of opportunity: B threatens Ally
    assert hit(b.run("attack", "B", "Ally", bonus=0, roll="5",
                     opportunity=True)).defense_value == 10


def test_35_AID_01_aid_ends_at_the_start_of_the_aiders_next_turn():
    """35-AID-01: "Il bonus dura fino all'inizio del proprio turno successivo"."""
    b = trio()
    b.run("aid", "A", "Ally", "B", roll_=15, bonus=0, give="attack")
    b.run("next"), b.run("next")
    assert b.x("Ally", "mods")
    b.run("next")
    assert b.state.turn == "A" and b.x("Ally", "mods") == []


def test_35_AID_01_a_failed_aid_gives_nothing_and_bad_give_is_refused():
    """35-AID-01: 7 + 2 = 9 < AC 10 → no bonus; --give must be attack or ac."""
    b = trio()
    b.run("aid", "A", "Ally", "B", roll_=7, bonus=2, give="attack")
    assert not b.last("AidAnotherRolled").success and b.x("Ally", "mods") == []
    with pytest.raises(BadInput, match="attack"):
        b.run("aid", "Ally", "A", "B", roll_=7, bonus=2, give="damage")


# --- Caricare --------------------------------------------------------------------------------

def test_35_CHG_01_charge_plus_2_and_minus_2_ac_until_the_chargers_next_turn():
    """35-CHG-01 (Caricare): `attack A B --charge` → +2, a full-round action; A's AC -2
    until A's TurnStarted."""
    b = through_round_one(fight(("A", 20, {"ac": 16}), ("B", 20), ("C", 20)))
    e = b.run("attack", "A", "B", bonus=4, roll="10", charge=True, kind="melee")
    assert hit(e).modifiers["charge"] == 2 and e[0].kind == "full-round"
    assert b.x("A", "ac") == 14
    to_turn(b, "C")
    assert hit(b.run("attack", "C", "A", bonus=0, roll="5")).defense_value == 14
    to_turn(b, "A")
    assert b.x("A", "ac") == 16


def test_35_CHG_01_a_fatigued_creature_can_not_charge():
    """35-CHG-01, 35-CND-06: A fatigued → refused."""
    b = through_round_one(fight(("A", 20), ("B", 20)))
    b.run("cond add", "A", "fatigued")
    with pytest.raises(RuleViolation, match="fatigued and can't charge"):
        b.run("attack", "A", "B", bonus=4, roll="10", charge=True, kind="melee")


def test_35_CHG_01_charge_is_a_standard_action_in_the_surprise_round():
    """35-CHG-01, 35-SUR-03: limited to a standard action (the surprise round), a charge
    is a standard action."""
    b = Battle()
    b.run("add", "A", hp=20)
    b.run("add", "B", hp=20)
    b.run("init", naturals=["A=15"], aware=["A"])
    assert b.state.turn == "A" and b.x("A", "mods") == []
    e = b.run("attack", "A", "B", bonus=4, roll="10", charge=True, kind="melee")
    assert e[0].kind == "standard" and hit(e).modifiers["charge"] == 2


# --- Colpo di grazia -------------------------------------------------------------------------

def test_35_CDG_01_coup_de_grace_hits_crits_and_demands_fortitude_10_plus_damage():
    """35-CDG-01 (Colpo di grazia): helpless B, 7 x2 = 14 damage, B alive → Fortitude DC 24
    due; a full-round action that provokes."""
    b = through_round_one(fight(("A", 20, {"pc": True}), ("B", 40, {"ac": 25}),
                                ("C", 20)))
    b.run("cond add", "B", "paralyzed")
    b.run("engage", "A", "C")
    e = b.run("attack", "A", "B", bonus=0, roll="2", dmg=7, coup_de_grace=True,
              kind="melee")
    r = hit(e)
    assert (r.hit, r.crit, r.damage) == (True, True, 14)
    assert e[0].kind == "full-round" and e[0].provokes == ["C"]
    assert b.x("B", "save_due") == {"save": "fort", "dc": 24, "against": "coup-de-grace"}
    b.run("save", "B", fort=True, dc=24, roll_=3, against="coup-de-grace")
    assert b.c("B").status == "dead"


def test_35_CDG_01_only_against_a_helpless_creature_not_a_crit_immune_one():
    """35-CDG-01: B not helpless → refused; an ooze (immune to critical hits) → refused."""
    b = through_round_one(fight(("A", 20), ("B", 40), ("Ooze", 40, {"crit_immune": True})))
    with pytest.raises(RuleViolation, match="not helpless"):
        b.run("attack", "A", "B", bonus=0, roll="2", dmg=7, coup_de_grace=True)
    b.run("cond add", "Ooze", "paralyzed")
    with pytest.raises(RuleViolation, match="immune to critical hits"):
        b.run("attack", "A", "Ooze", bonus=0, roll="2", dmg=7, coup_de_grace=True)


# --- Combattere sulla difensiva e Difesa totale ---------------------------------------------

def test_35_DEF_01_fighting_defensively_minus_4_plus_2_dodge_ac():
    """35-DEF-01 (Combattere sulla difensiva): -4 on the attack, A's AC +2 (dodge) until
    its next turn; lost while A is flat-footed."""
    b = through_round_one(fight(("A", 20, {"ac": 15}), ("B", 20)))
    e = hit(b.run("attack", "A", "B", bonus=5, roll="10", defensively=True))
    assert e.modifiers["fighting defensively"] == -4 and e.total == 11
    assert b.x("A", "ac") == 17
    b.run("cond add", "A", "flat-footed")
    assert b.x("A", "ac") == 15
    b.run("cond remove", "A", "flat-footed")
    to_turn(b, "A")
    assert b.x("A", "ac") == 15


def test_35_TDF_01_total_defense_plus_4_dodge_at_once_and_no_aoo():
    """35-TDF-01 (Difesa totale): `do A total-defense` → AC +4 at once (a standard action);
    `attack A X --opportunity` → refused; gone at A's next turn."""
    b = through_round_one(fight(("A", 20, {"ac": 15}), ("B", 20)))
    e = b.run("do", "A", "total-defense")
    assert e[0].kind == "standard" and b.x("A", "ac") == 19
    b.run("next")
    with pytest.raises(RuleViolation, match="total defense"):
        b.run("attack", "A", "B", bonus=0, roll="10", opportunity=True, kind="melee")
    assert hit(b.run("attack", "B", "A", bonus=0, roll="10")).defense_value == 19
    b.run("next")
    assert b.x("A", "ac") == 15


# --- Fintare ----------------------------------------------------------------------------------

def test_35_FNT_01_feint_the_target_loses_dex_against_the_next_melee_attack():
    """35-FNT-01 (Fintare): `feint A B --roll 14 --bonus 5 --opposed 17` → B feinted_by A;
    A's next melee attack on B (next turn) uses B's flat-footed AC (15 → 12), once."""
    b = through_round_one(fight(("A", 20), ("B", 20, {"ac": 15, "flat_footed": 12})))
    e = b.run("feint", "A", "B", roll_=14, bonus=5, opposed=17)
    assert e[0].action == "feint" and b.last("FeintRolled").total == 19
    assert b.x("B", "feinted_by") == "A"
    to_turn(b, "A")
    r = hit(b.run("attack", "A", "B", bonus=0, roll="12", kind="melee"))
    assert r.defense_value == 12 and r.hit
    assert b.x("B", "feinted_by") is None


def test_35_FNT_01_the_feint_ends_with_the_feinters_next_turn():
    """35-FNT-01: "entro il suo turno successivo": not used by the end of A's next turn →
    gone; a ranged attack does not use it."""
    b = through_round_one(fight(("A", 20), ("B", 20, {"ac": 15, "flat_footed": 12})))
    b.run("feint", "A", "B", roll_=14, bonus=5, opposed=17)
    to_turn(b, "A")
    assert hit(b.run("attack", "A", "B", bonus=0, roll="12",
                     kind="ranged")).defense_value == 12
    assert b.x("B", "feinted_by") == "A"
    b.run("next")
    assert b.x("B", "feinted_by") is None


def test_35_FNT_01_mindless_refused_non_humanoid_minus_4_animal_minus_8():
    """35-FNT-01: impossible against a mindless creature; -4 against a non-humanoid; -8
    against Int 1-2; a tie keeps the target's guard."""
    b = through_round_one(fight(
        ("A", 20), ("Zombie", 20, {"mindless": True}),
        ("Owlbear", 20, {"nonhumanoid": True}), ("Wolf", 20, {"score": ["int:2"]}),
        ("Orc", 20)))
    with pytest.raises(RuleViolation, match="mindless"):
        b.run("feint", "A", "Zombie", roll_=14, bonus=5, opposed=1)
    b.run("feint", "A", "Owlbear", roll_=14, bonus=5, opposed=15)
    f = b.last("FeintRolled")
    assert f.total == 15 and not f.success
    to_turn(b, "A")
    b.run("feint", "A", "Wolf", roll_=14, bonus=5, opposed=10)
    assert b.last("FeintRolled").modifiers["Wolf has Int 2"] == -8
    assert b.last("FeintRolled").total == 11 and b.x("Wolf", "feinted_by") == "A"


def test_35_CDG_01_the_coup_de_grace_save_is_owed_before_play_goes_on():
    """35-CDG-01 (Colpo di grazia, audit D01): paralyzed X (40 hp, Fort +2) takes 7 x2 =
    14 -> Fortitude DC 24 owed; `next` is refused until `save X --fort --roll 13`
    (13 + 2 = 15 < 24, no --against, no --dc) settles it: X dies."""
    from battletape.domain.errors import RuleViolation

    b = fight(("A", 30, {"pc": True, "bab": 6}), ("X", 40, {"ac": 10, "fort": 2}))
    b.run("cond add", "X", "paralyzed")
    b.run("attack", "A", "X", bonus=5, roll="13", dmg=7, coup_de_grace=True,
          kind="melee")
    assert b.x("X", "save_due") == {"save": "fort", "dc": 24, "against": "coup-de-grace"}
    with pytest.raises(RuleViolation) as e:
        b.run("next")
    assert "DC 24" in str(e.value) and e.value.forceable
    s = b.run("save", "X", fort=True, roll_=13)
    assert (s[0].against, s[0].target, s[0].success) == ("coup-de-grace", 24, False)
    assert b.c("X").status == "dead"
    b.run("next")
    assert b.state.turn == "A" and b.state.round == 2      # the dead take no turn
