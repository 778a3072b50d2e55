"""5e SRD (seed 002), Giocare: Danni e guarigione, Svenire un nemico, A 0 punti ferita."""

import pytest
from hypothesis import given, strategies as st

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd5e.support import Battle, Dice, fight


def test_5E_HP_01_hit_points_never_below_0():
    """5E-HP-01: Punti ferita: from the maximum down to a minimum of 0: hp 5, damage 12 -> 0."""
    b = fight(("X", 5, {"pc": True}))
    b.run("damage", "X", 12)
    assert b.c("X").hp == 0


@pytest.mark.parametrize("max_hp,hp,bloodied", [(15, 8, False), (15, 7, True),
                                                (16, 8, True), (16, 9, False),
                                                (16, 0, True)])
def test_5E_HP_03_bloodied_at_half_or_less_compared_exactly(max_hp, hp, bloodied):
    """5E-HP-03: Insanguinato: "Con metà PF o meno"; 0 HP is half or less too."""
    b = Battle()
    b.run("add", "X", hp=max_hp, pc=True)
    if hp < max_hp:
        b.run("damage", "X", max_hp - hp)
    assert b.x("X", "bloodied") is bloodied
    from tests.unit.dnd5e.support import SYSTEM
    assert SYSTEM.staggered(b.c("X")) is bloodied


def test_5E_RST_01_long_rest_ends_temporary_hit_points():
    """5E-RST-01: Riposo: temp HP end at a long rest. A rest is between battles: in a
    fight only a GM forces one; the HP it gives back is the SRD's (5E-GAP-11): a long
    rest all of them."""
    b = Battle()
    b.run("add", "X", hp=20, pc=True)
    b.run("damage", "X", 5)
    b.run("temp", "X", 6)
    with pytest.raises(RuleViolation, match="between battles"):
        b.run("rest", "short")
    b.run("rest", "short", gm="a lull")
    assert b.c("X").temp_hp == 6 and b.c("X").hp == 15  # no Hit Die spent
    b.run("rest", "long", gm="they camp")
    assert b.c("X").temp_hp == 0 and b.c("X").hp == 20


def test_5E_DMG_01_damage_adds_the_modifier():
    """5E-DMG-01: Tiri danni: `--damage 1d8+3` with face 6 -> 9."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=3, roll="10", damage="1d8+3",
              rng=Dice(6))[0]
    assert e.damage_roll.faces == [6] and e.damage == 9


def test_5E_CRT_01_crit_rolls_dice_twice_modifiers_once():
    """5E-CRT-01: Colpi critici: "Si tirano due volte tutti i dadi ... e si sommano i
    modificatori": 1d8+3 with faces [5, 7] -> 15; --dmg 8 --crit-dmg 7 -> 15."""
    b = fight(("A", 20), ("B", 60, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=3, roll="20", damage="1d8+3", rng=Dice(5, 7))[0]
    assert e.crit and e.damage_roll.faces == [5, 7] and e.damage == 15
    e = b.run("attack", "A", "B", bonus=3, roll="20", dmg=8, crit_dmg=7, damage="1d8+3",
              action="bonus")[0]
    assert e.damage == 15


def test_5E_SVD_01_one_damage_roll_for_every_target():
    """5E-SVD-01: Danni multipli: the dice are rolled once."""
    b = fight(("Mage", 20), ("Gob1", 40), ("Gob2", 40))
    evs = b.run("effect", "Mage", "Gob1,Gob2", ability="dex", dc=13, damage="8d6",
                half=True)
    rolls = [e for e in evs if type(e).__name__ == "FreeRolled"]
    assert len(rolls) == 1 and len(rolls[0].roll.faces) == 8
    taken = [e for e in evs if type(e).__name__ == "DamageTaken"]
    assert {e.rolled for e in taken} <= {rolls[0].roll.total, rolls[0].roll.total // 2, 0}


def test_5E_SVD_02_save_halves_rounded_down():
    """5E-SVD-02: Mezzo danno: 27 rolled, Gob1 saves -> 13, Gob2 fails -> 27."""
    b = fight(("Mage", 20), ("Gob1", 40), ("Gob2", 40))
    b.run("effect", "Mage", "Gob1,Gob2", ability="dex", dc=13, dmg=27, half=True,
          save_roll=["Gob1=15", "Gob2=5"])
    assert (b.c("Gob1").hp, b.c("Gob2").hp) == (27, 13)


def test_5E_TYP_01_damage_types_italian_names_accepted():
    """5E-TYP-01: Tipi di danno: `damage X 5 --type fuoco` is fire; an unknown type is an error."""
    b = Battle()
    b.run("add", "X", hp=20, resist=["fire"])
    e = b.run("damage", "X", 5, type_="fuoco")[0]
    assert e.damage_type == "fire" and e.amount == 2
    with pytest.raises(BadInput):
        b.run("damage", "X", 5, type_="sparkly")


def test_5E_RES_01_resistance_halves_rounded_down():
    """5E-RES-01."""
    b = Battle()
    b.run("add", "X", hp=20, resist=["cold"])
    b.run("damage", "X", 9, type_="cold")
    assert b.c("X").hp == 16


def test_5E_RES_02_vulnerability_doubles():
    """5E-RES-02."""
    b = Battle()
    b.run("add", "X", hp=20, vulnerable=["radiant"])
    b.run("damage", "X", 6, type_="radiant")
    assert b.c("X").hp == 8


def test_5E_RES_03_resistances_do_not_stack():
    """5E-RES-03: No accumulo: two fire resistances, 10 fire -> 5 (not 2)."""
    b = Battle()
    b.run("add", "X", hp=20, resist=["fire", "fire"], save=[])
    b.run("damage", "X", 10, type_="fire")
    assert b.c("X").hp == 15
    with pytest.raises(BadInput, match="no value"):
        b.run("add", "Y", hp=20, resist=["fire:5"])


def test_5E_RES_04_order_modifier_then_resistance_then_vulnerability():
    """5E-RES-04: "Prima bonus/penalità, poi resistenza, poi vulnerabilità": 11 fire -> 5 -> 10;
    with a -3 reduction: 25 -> 22 -> 11 -> 22."""
    b = Battle()
    b.run("add", "X", hp=50, resist=["fire"], vulnerable=["fire"])
    assert b.run("damage", "X", 11, type_="fire")[0].amount == 10
    assert b.run("damage", "X", 25, type_="fire", modifier=-3)[0].amount == 22


@given(st.integers(0, 200), st.booleans(), st.booleans())
def test_5E_RES_04_property_resistance_before_vulnerability(amount, resist, vulnerable):
    """5E-RES-04."""
    from battletape.domain.dnd5e.damage_and_healing import adjust
    from battletape.domain.state import Combatant, EncounterState

    c = Combatant(name="X", max_hp=10, hp=10, extra={
        "resist": ["fire"] if resist else [], "vulnerable": ["fire"] if vulnerable else []})
    got = adjust(EncounterState(), c, amount, "fire").amount
    expected = amount // 2 if resist else amount
    assert got == (expected * 2 if vulnerable else expected)


def test_5E_IMM_01_immunity_to_damage_and_condition():
    """5E-IMM-01: Immunità: `add X --immune poison,poisoned`; 10 poison -> 0; the condition is
    recorded as ignored."""
    b = Battle()
    b.run("add", "X", hp=20, immune=["poison,poisoned"])
    b.run("damage", "X", 10, type_="poison")
    assert b.c("X").hp == 20
    e = b.run("cond add", "X", "poisoned")[0]
    assert type(e).__name__ == "ConditionIgnored" and "poisoned" not in b.c("X").conditions


def test_5E_IMM_01_immunity_holds_for_an_implied_condition():
    """5E-IMM-01: Immunità: "non subisce quel tipo di danno o condizione", however the
    condition comes. The audit's D10: I immune to prone: `cond add I unconscious` gives
    Unconscious and Incapacitated, Prone recorded as ignored; at 0 HP too. J immune to
    incapacitated: Stunned ("Sei incapacitato") leaves it able to act."""
    b = fight(("I", 30, {"immune": ["prone"], "no_die_at_0": True}),
              ("J", 30, {"immune": ["incapacitated"]}), ("K", 30))
    new = b.run("cond add", "I", "unconscious")
    assert [type(e).__name__ for e in new] == ["ConditionApplied", "ConditionIgnored"]
    assert new[1].condition == "prone"
    assert set(b.c("I").conditions) == {"unconscious", "incapacitated"}
    b.run("cond remove", "I", "unconscious")
    b.run("damage", "I", 30)
    assert b.c("I").status == "unconscious" and "prone" not in b.c("I").conditions
    b.run("cond add", "J", "stunned")
    assert set(b.c("J").conditions) == {"stunned"}
    b.run("next")  # J's turn
    assert b.run("do", "J", "dodge")[0].action == "dodge"


def test_5E_HEAL_01_never_above_the_maximum():
    """5E-HEAL-01: Guarigione: 10/12, heal 5 -> 12."""
    b = Battle()
    b.run("add", "X", hp=12, pc=True)
    b.run("damage", "X", 2)
    b.run("heal", "X", 5)
    assert b.c("X").hp == 12


def test_5E_HEAL_02_healing_at_0_wakes_and_resets_death_saves():
    """5E-HEAL-02: hp 0, 1 success, 2 failures, heal 1 -> hp 1, up, counters 0, not unconscious."""
    b = fight(("X", 10, {"pc": True}), ("Y", 10))
    b.run("damage", "X", 10)
    b.run("next"), b.run("next")
    b.run("death-save", "X", roll_=12)
    b.run("damage", "X", 1), b.run("damage", "X", 1)
    assert (b.x("X", "death_saves_succeeded"), b.c("X").death_saves_failed) == (1, 2)
    b.run("heal", "X", 1)
    c = b.c("X")
    assert (c.hp, c.status, c.death_saves_failed, b.x("X", "death_saves_succeeded")) == \
        (1, "up", 0, 0)
    assert "unconscious" not in c.conditions


def test_5E_KO_01_knock_out_leaves_1_hp_and_unconscious():
    """5E-KO-01: Svenire un nemico: B hp 7, melee --knock-out --dmg 20 -> hp 1, knocked-out."""
    b = fight(("A", 20), ("B", 7, {"ac": 5}), ("C", 30, {"ac": 5}))
    b.run("attack", "A", "B", bonus=3, roll="12", dmg=20, kind="melee", knock_out=True)
    c = b.c("B")
    assert (c.hp, c.status, "unconscious" in c.conditions) == (1, "knocked-out", True)
    b.run("next"), b.run("next")
    with pytest.raises(RuleViolation, match="melee"):
        b.run("attack", "C", "A", bonus=3, roll="12", dmg=20, kind="ranged",
              knock_out=True)


def test_5E_KO_01_knock_out_changes_nothing_above_0():
    """5E-KO-01."""
    b = fight(("A", 20), ("B", 30, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=3, roll="12", dmg=5, kind="melee",
              knock_out=True)[0]
    assert b.c("B").hp == 25 and "knock-out: no effect (target stays above 0)" in e.tags


def test_5E_KO_02_wakes_with_healing_medicine_or_short_rest():
    """5E-KO-02: "Dopo un Riposo breve torna cosciente, o prima se riceve cure o una prova di
    Saggezza (Medicina) CD 10"."""
    def knocked():
        b = fight(("A", 20), ("B", 7, {"ac": 5}), ("C", 20))
        b.run("attack", "A", "B", bonus=3, roll="12", dmg=20, kind="melee", knock_out=True)
        return b
    b = knocked()
    b.run("heal", "B", 1)
    assert (b.c("B").hp, b.c("B").status, "unconscious" in b.c("B").conditions) == \
        (2, "up", False)
    b = knocked()
    b.run("next"), b.run("next")
    b.run("stabilize", "B", "C", roll_=9, bonus=1)
    assert (b.c("B").hp, b.c("B").status) == (1, "up")
    b = knocked()
    b.run("rest", "short", names=["B"], gm="they hide for an hour")
    assert b.c("B").status == "up"


def test_5E_ZERO_01_at_0_die_or_fall_unconscious():
    """5E-ZERO-01: "Quando scendi a 0 PF puoi morire subito o perdere i sensi"."""
    b = fight(("Pc", 10, {"pc": True}), ("Gob", 7))
    b.run("damage", "Pc", 10)
    b.run("damage", "Gob", 7)
    assert (b.c("Pc").status, b.c("Gob").status) == ("unconscious", "dead")


def test_5E_ZERO_02_monsters_die_at_0_unless_the_gm_says():
    """5E-ZERO-02: "I mostri muoiono a 0 PF salvo scelta del GM": --no-die-at-0."""
    b = fight(("Gob", 7), ("Boss", 30, {"no_die_at_0": True}))
    b.run("damage", "Gob", 10)
    b.run("damage", "Boss", 30)
    assert (b.c("Gob").status, b.c("Gob").hp) == ("dead", 0)
    assert b.c("Boss").status == "unconscious"


def test_5E_ZERO_03_max_hp_to_0_kills():
    """5E-ZERO-03: "Se i tuoi PF massimi scendono a 0, muori": reduce-max X 12 -> dead."""
    b = Battle()
    b.run("add", "X", hp=12, pc=True)
    b.run("reduce-max", "X", 5)
    assert (b.c("X").max_hp, b.c("X").hp, b.c("X").status) == (7, 7, "up")
    b.run("reduce-max", "X", 7)
    assert b.c("X").status == "dead"


def test_5E_ZERO_04_instant_death_when_excess_equals_max_srd_reading():
    """5E-ZERO-04: Morte istantanea: max 12, hp 5: damage 17 -> excess 12 = max: dead under the
    SRD's "equals or exceeds" (the seed's "superano" would not); 16 -> unconscious."""
    b = Battle()
    b.run("add", "X", hp=12, pc=True)
    b.run("add", "Y", hp=12, pc=True)
    b.run("damage", "X", 7), b.run("damage", "Y", 7)
    evs = b.run("damage", "X", 17)
    death = [e for e in evs if type(e).__name__ == "InstantDeath"][0]
    assert (death.excess, death.max_hp, b.c("X").status) == (12, 12, "dead")
    assert "SRD" in death.rule
    b.run("damage", "Y", 16)
    assert b.c("Y").status == "unconscious"


def test_5E_ZERO_06_unconscious_with_prone_and_incapacitated():
    """5E-ZERO-06: Privo di sensi: PC hp 4, damage 6 -> hp 0, unconscious (prone, incapacitated)."""
    b = Battle()
    b.run("add", "X", hp=4, pc=True)
    b.run("damage", "X", 6)
    c = b.c("X")
    assert (c.hp, c.status) == (0, "unconscious")
    assert {"unconscious", "prone", "incapacitated"} <= set(c.conditions)


def test_5E_ZERO_06_unconscious_until_it_regains_hit_points_and_melee_hits_crit():
    """5E-ZERO-06, 5E-CON-13, 5E-DS-09: "sei Privo di sensi finché non recuperi PF";
    "ogni colpo in mischia è critico"; "Se critico = 2 fallimenti". The audit's D03: PC A
    (max 20) takes 20; `cond remove A unconscious` is refused (a GM may force it), and so
    is removing its Incapacitated; B's melee hit (3/12, advantage) is a critical hit: two
    failures. Forced, the removal wakes A (status up) at 0 HP."""
    b = fight(("A", 20, {"pc": True}), ("B", 30, {"ac": 5}))
    b.run("damage", "A", 20)
    with pytest.raises(RuleViolation, match="A has 0 hit points: it is unconscious until"):
        b.run("cond remove", "A", "unconscious")
    with pytest.raises(RuleViolation, match="incapacitated because it is unconscious"):
        b.run("cond remove", "A", "incapacitated")
    assert {"unconscious", "incapacitated", "prone"} <= set(b.c("A").conditions)
    b.run("next")
    hit = b.run("attack", "B", "A", bonus=0, roll="3/12", kind="melee", dmg=2)[0]
    assert hit.crit and "crit:target unconscious" in hit.tags
    assert "advantage:target unconscious" in hit.tags and b.c("A").death_saves_failed == 2
    ruling, removed = b.run("cond remove", "A", "unconscious", gm="a dream of Pelor")
    assert ruling.rule == "A 0 punti ferita: Privo di sensi"
    c = b.c("A")
    assert (c.hp, c.status) == (0, "up") and "unconscious" not in c.conditions
