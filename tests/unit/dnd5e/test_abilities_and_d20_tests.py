"""5e SRD (seed 002), Giocare: Le sei caratteristiche, Test con d20, Competenza."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from battletape.domain.dnd5e import ability_scores, d20_tests
from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd5e.support import Battle, fight

TABLE = {1: -5, 2: -4, 3: -4, 4: -3, 5: -3, 6: -2, 7: -2, 8: -1, 9: -1, 10: 0, 11: 0,
         12: 1, 13: 1, 14: 2, 15: 2, 16: 3, 17: 3, 18: 4, 19: 4, 20: 5, 21: 5, 22: 6,
         23: 6, 24: 7, 25: 7, 26: 8, 27: 8, 28: 9, 29: 9, 30: 10}


def test_5E_ABI_01_only_the_six_abilities_are_accepted():
    """5E-ABI-01: Le sei caratteristiche: Forza, Destrezza, Costituzione, Intelligenza, Saggezza,
    Carisma; `add X --save dex:+3` accepts only str dex con int wis cha."""
    b = Battle()
    b.run("add", "X", hp=10, save=["dex:+3", "Saggezza:+1"])
    assert b.c("X").extra["saves"] == {"dex": 3, "wis": 1}
    with pytest.raises(BadInput, match="str dex con int wis cha"):
        b.run("add", "Y", hp=10, save=["luck:+3"])
    assert "Y" not in b.state.combatants


def test_5E_ABI_02_scores_from_1_to_30_and_31_is_refused():
    """5E-ABI-02: Punteggi di caratteristica: 1..30, "30 è il massimo assoluto"; 0 only from an
    effect, not as input."""
    b = Battle()
    b.run("add", "Tarrasque", hp=300, score=["str:30"])
    assert b.c("Tarrasque").extra["scores"] == {"str": 30}
    for bad in ("str:31", "str:0"):
        with pytest.raises(BadInput):
            b.run("add", "Y", hp=10, score=[bad])


@given(st.integers(min_value=1, max_value=30))
def test_5E_ABI_03_modifier_table_property(score):
    """5E-ABI-03: Modificatori di caratteristica: the seed's table, 1 -> -5 ... 30 -> +10."""
    assert ability_scores.modifier(score) == TABLE[score]


def test_5E_ABI_04_round_down_in_resistance_and_half_damage_and_slowed():
    """5E-ABI-04: Arrotondare per difetto: resistance to 7 -> 3; save-for-half of 9 -> 4; Slowed
    halves a Speed of 7 squares to 3."""
    from battletape.domain.dnd5e.conditions import halve_speed

    b = fight(("X", 30, {"resist": ["fire"]}), ("Mage", 10), ("G", 30, {"save": ["dex:+0"]}))
    b.run("damage", "X", 7, type_="fire")
    assert b.c("X").hp == 27  # 7 // 2 = 3
    b.run("effect", "Mage", "G", ability="dex", dc=10, dmg=9, half=True,
          save_roll=["G=15"])
    assert b.c("G").hp == 26
    assert halve_speed(7) == 3
    assert ability_scores.round_down(Fraction(7, 2)) == 3


def test_5E_D20_01_three_kinds_of_d20_test():
    """5E-D20-01: Test con d20: ability checks, saving throws, attack rolls."""
    b = fight(("A", 20, {"ac": 12}), ("B", 20, {"ac": 12}))
    kinds = [type(b.run("check", "A", ability="str", bonus=1, roll="10", dc=10)[0]).__name__,
             type(b.run("save", "A", ability="con", dc=10, roll="10")[0]).__name__,
             type(b.run("attack", "A", "B", bonus=1, roll="10")[0]).__name__]
    assert kinds == ["AbilityCheckRolled", "SaveRolled", "AttackResolved"]


def test_5E_D20_02_advantage_keeps_higher_disadvantage_lower_both_faces_recorded():
    """5E-D20-02: "tiri due d20 ma tieni solo il risultato di uno: il più alto col vantaggio, il più
    basso con lo svantaggio"."""
    b = fight(("A", 20), ("B", 40, {"ac": 30}))
    e = b.run("attack", "A", "B", bonus=5, adv=True, roll="7/15")[0]
    assert (e.roll.faces, e.natural) == ([7, 15], 15)
    b.run("next"), b.run("next")
    e = b.run("attack", "A", "B", bonus=5, dis=True, roll="7/15")[0]
    assert (e.roll.faces, e.natural) == ([7, 15], 7)
    with pytest.raises(BadInput, match="two naturals"):
        b.run("attack", "A", "B", bonus=5, adv=True, roll="7")


@given(st.integers(1, 20), st.integers(1, 20), st.integers(-5, 10))
def test_5E_D20_02_property_advantage_max_disadvantage_min(a, b_, mod):
    """5E-D20-02: Advantage keeps the higher face, disadvantage the lower; the total adds the
    modifier once."""
    adv = d20_tests.roll([a, b_], None, mod, ["gm"], [])
    dis = d20_tests.roll([a, b_], None, mod, [], ["gm"])
    assert adv.natural == max(a, b_) and adv.roll.total == max(a, b_) + mod
    assert dis.natural == min(a, b_) and dis.roll.total == min(a, b_) + mod


def test_5E_D20_02_advantage_and_disadvantage_cancel_srd():
    """5E-D20-02: The seed is silent (5E-GAP-02); the SRD: they cancel, one d20."""
    t = d20_tests.roll([3, 18], None, 0, ["target prone"], ["attacker poisoned"])
    assert t.mode == "cancelled" and t.natural == 3
    assert any("cancel" in tag for tag in t.tags)


def test_5E_D20_03_each_addend_kept_separately():
    """5E-D20-03: Add the ability modifier, the proficiency bonus if proficient, circumstances:
    the event keeps each addend."""
    b = fight(("V", 20, {"level": 5}))
    e = b.run("check", "V", skill="stealth", bonus=3, proficient=["stealth"], roll="10")[0]
    assert e.modifiers == {"bonus": 3, "proficiency": 3} and e.total == 16
    a = fight(("A", 20), ("B", 20, {"ac": 10}))
    atk = a.run("attack", "A", "B", bonus=4, roll="10")[0]
    assert atk.modifiers == {"attack bonus": 4} and atk.total == 14


def test_5E_D20_04_equal_or_beat_the_target_number():
    """5E-D20-04: "Se il totale eguaglia o supera il numero bersaglio, il test ha successo": vs
    AC 15 a 15 hits and a 14 misses; vs DC 13 a 13 succeeds."""
    b = fight(("A", 20), ("B", 40, {"ac": 15}), ("C", 40, {"ac": 15}))
    hit, miss = b.run("attack", "A", "B,C", bonus=5, roll="10,9")
    assert hit.hit and not miss.hit
    assert b.run("save", "A", ability="wis", dc=13, bonus=3, roll="10")[0].success
    assert not b.run("save", "A", ability="wis", dc=13, bonus=3, roll="9")[0].success


@pytest.mark.parametrize("level,bonus", [(1, 2), (4, 2), (5, 3), (8, 3), (9, 4), (13, 5),
                                         (17, 6), (21, 7), (25, 8), (29, 9), (30, 9)])
def test_5E_PRO_01_proficiency_by_level(level, bonus):
    """5E-PRO-01: Bonus di competenza: up to 4 -> +2; 5-8 -> +3; ...; 29-30 -> +9."""
    b = Battle()
    b.run("add", "X", hp=10, level=level)
    assert b.c("X").extra["prof"] == bonus


def test_5E_PRO_01_proficiency_by_challenge_rating():
    """5E-PRO-01: Fractional CRs fall under "Fino a 4": CR 1/2 -> +2; CR 17 -> +6."""
    b = Battle()
    b.run("add", "Gob", hp=7, cr="1/2")
    b.run("add", "Dragon", hp=300, cr="17")
    assert (b.c("Gob").extra["prof"], b.c("Dragon").extra["prof"]) == (2, 6)
    with pytest.raises(BadInput):
        b.run("add", "Y", hp=7, cr="3/2")


def test_5E_PRO_02_bonus_added_once_with_two_proficiencies():
    """5E-PRO-02: Il bonus non si accumula: Cha (Deception or Persuasion) adds it once."""
    b = fight(("V", 20, {"level": 1}))
    e = b.run("check", "V", ability="cha", bonus=1, roll="10",
              proficient=["deception", "persuasion"])[0]
    assert e.modifiers["proficiency"] == 2 and e.total == 13


def test_5E_PRO_03_multiplied_once_only():
    """5E-PRO-03: "moltiplicato una sola volta e diviso una sola volta": Expertise doubles once;
    a second doubling is refused."""
    b = fight(("V", 20, {"level": 1}))
    e = b.run("check", "V", skill="stealth", bonus=0, expertise=1, roll="10")[0]
    assert e.modifiers["proficiency"] == 4
    with pytest.raises(RuleViolation, match="only once"):
        b.run("check", "V", skill="stealth", bonus=0, expertise=2, roll="10")
    assert ability_scores.applied_proficiency(3, ["x"], divisions=1) == 1


def test_5E_PRO_03_a_negative_expertise_is_bad_input_a_second_doubling_forceable():
    """5E-PRO-03: "Può essere moltiplicato una sola volta e diviso una sola volta"; "Le
    eccezioni superano le regole generali". The audit's D15: V (level 5, prof +3):
    `check V --skill stealth --bonus 3 --expertise -1 --roll 10` is bad input (not a
    doubling: 19); `--expertise 2` is refused, and a GM may force it (a feature's
    exception): 10 + 3 + 4 x 3 = 25, the ruling recorded."""
    b = fight(("V", 20, {"pc": True, "level": 5}))
    with pytest.raises(BadInput, match="bad --expertise -1"):
        b.run("check", "V", skill="stealth", bonus=3, expertise=-1, roll="10")
    with pytest.raises(BadInput, match="bad --half-prof -1"):
        b.run("check", "V", skill="stealth", bonus=3, half_prof=-1, roll="10")
    with pytest.raises(RuleViolation, match="multiplied only once.*a GM may --force"):
        b.run("check", "V", skill="stealth", bonus=3, proficient=["stealth"], expertise=2,
              roll="10")
    assert b.run("check", "V", skill="stealth", bonus=3, proficient=["stealth"],
                 expertise=1, roll="10")[0].total == 19
    ruling, e = b.run("check", "V", skill="stealth", bonus=3, proficient=["stealth"],
                      expertise=2, roll="10", gm="Reliable expertise feature")
    assert ruling.rule == "Competenza: il bonus non si accumula" and e.total == 25


def test_5E_PRO_04_skill_proficiency_adds_the_bonus_only_when_proficient():
    """5E-PRO-04: Competenze nelle abilità: Medicine is a Wisdom skill; proficient -> add the
    bonus, otherwise not. `stabilize X H --roll 8 --bonus 2` where --bonus is Wis+prof."""
    from battletape.domain.dnd5e.terms import SKILLS

    assert len(SKILLS) == 18 and SKILLS["medicine"] == ("Medicina", "wis")
    b = fight(("H", 20, {"level": 1}))
    with_prof = b.run("check", "H", skill="medicina", bonus=0, proficient=["medicine"],
                      roll="8")[0]
    without = b.run("check", "H", skill="medicine", bonus=0, roll="8")[0]
    assert (with_prof.ability, with_prof.total, without.total) == ("wis", 10, 8)


def test_5E_PRO_05_save_proficiency_in_the_save_bonus():
    """5E-PRO-05: Competenze nei tiri salvezza: `add X --save wis:+3` (Wis +1, prof +2);
    `save X --ability wis --dc 12 --roll 8` -> 11 fails, `--roll 9` -> 12 succeeds."""
    b = fight(("X", 20, {"save": ["wis:+3"]}))
    fail = b.run("save", "X", ability="wis", dc=12, roll="8")[0]
    ok = b.run("save", "X", ability="wis", dc=12, roll="9")[0]
    assert (fail.roll.total, fail.success, ok.roll.total, ok.success) == (11, False, 12, True)


def test_5E_D20_03_the_score_gives_the_modifier_of_saves_and_initiative():
    """5E-D20-03, 5E-INI-01, 5E-PRO-05: "Aggiungi ... Modificatore di caratteristica
    rilevante" to every d20 test. The audit's D02: `add S --score dex:16 --score str:14`;
    `init S=10` -> 13 (a Dex check); `save S --ability str --dc 12 --roll 10` -> 12,
    success, as the Str check; a --save or --init given still wins."""
    b = Battle()
    b.run("add", "S", hp=10, score=["dex:16", "str:14"])
    b.run("add", "T", hp=10)
    b.run("add", "U", hp=10, init=1, score=["dex:16"], save=["str:+5"])
    b.run("init", naturals=["S=10", "T=5", "U=10"])
    assert (b.c("S").initiative, b.c("T").initiative, b.c("U").initiative) == (13, 5, 11)
    save = b.run("save", "S", ability="str", dc=12, roll="10")[0]
    assert (save.roll.total, save.success) == (12, True) and "str 14: +2" in save.roll.expr
    check = b.run("check", "S", ability="str", dc=12, roll="10")[0]
    assert (check.total, check.success) == (12, True)
    assert b.run("save", "U", ability="str", dc=12, roll="10")[0].roll.total == 15
    assert b.run("save", "T", ability="str", dc=12, roll="10")[0].roll.total == 10
