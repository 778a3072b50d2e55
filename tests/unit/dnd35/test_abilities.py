"""D&D 3.5 (seed 003), Caratteristiche (Abilities), Danni alle caratteristiche (Ability
Damage), Risucchio di caratteristica, Risucchio di Energia (negative levels)."""

import pytest

from battletape.domain.dnd35 import stats
from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import fight, through_round_one


def of_last(b, name):
    cmd = b.events[-1].cmd
    return [e for e in b.events if e.cmd == cmd and type(e).__name__ == name]


# --- Caratteristiche: the modifier ------------------------------------------------------

@pytest.mark.parametrize("score,mod", [(1, -5), (2, -4), (3, -4), (8, -1), (9, -1),
                                       (10, 0), (11, 0), (12, 1), (13, 1), (18, 4),
                                       (24, 7), (25, 7), (0, -5)])
def test_35_ABI_01_modifier_is_floor_of_score_minus_10_over_2(score, mod):
    """35-ABI-01 (Caratteristiche): +0 at 10-11, one point per two; the seed's sample
    table runs from 1 (-5) to 24-25 (+7)."""
    assert stats.modifier(score) == mod


def test_35_ABI_01_the_state_shows_each_score_and_modifier():
    """35-ABI-01: `add X --score str:1 --score dex:24 --score con:11` -> modifiers -5, +7,
    +0 in state --json."""
    b = fight(("X", 10, {"score": ["str:1", "dex:24", "con:11"]}))
    assert b.x("X", "scores") == {"str": 1, "dex": 24, "con": 11}
    assert b.x("X", "ability_modifiers") == {"str": -5, "dex": 7, "con": 0}


# --- Prove di caratteristica ------------------------------------------------------------

def test_35_ABI_02_an_ability_check_is_d20_plus_the_modifier():
    """35-ABI-02 (Prove di caratteristica): 1d20 + modifier: Str 16, natural 12 -> 15 vs
    DC 15 success; shaken -2 -> 13, failure."""
    b = fight(("X", 10, {"score": ["str:16"]}))
    e = b.run("ability-check", "X", "str", roll_=12, dc=15)[-1]
    assert (e.natural, e.total, e.success) == (12, 15, True)
    assert e.modifiers == {"Str 16": 3}
    b.run("cond add", "X", "shaken")
    e = b.run("ability-check", "X", "Forza", roll_=12, dc=15)[-1]
    assert (e.total, e.success) == (13, False) and e.modifiers["fear"] == -2


def test_35_ABI_02_without_a_score_the_modifier_must_be_given():
    """35-ABI-02: no score on the sheet -> `--bonus` is needed (one line of bad input);
    with --bonus 2, natural 8 -> 10."""
    b = fight(("X", 10))
    with pytest.raises(BadInput) as err:
        b.run("ability-check", "X", "wis", roll_=8)
    assert "\n" not in str(err.value)
    assert b.run("ability-check", "X", "wis", roll_=8, bonus=2)[-1].total == 10


# --- Risucchio di caratteristica --------------------------------------------------------

def test_35_ABI_03_drain_on_a_critical_doubles_points_and_temporary_hp():
    """35-ABI-03 (Risucchio di caratteristica): `ability X con -2 --drain --by Wight
    --crit` -> X Con -4, Wight temp_hp 10."""
    b = fight(("Wight", 26), ("X", 30, {"score": ["con:14"]}))
    e = b.run("ability", "X", "con", -2, drain=True, by="Wight", crit=True)[0]
    assert (e.amount, e.temp_hp, e.drain, e.crit) == (4, 10, True, True)
    assert b.x("X", "scores")["con"] == 10 and b.x("X", "ability_drain") == {"con": 4}
    assert b.c("Wight").temp_hp == 10


def test_35_ABI_03_drain_gives_5_temporary_hp_whatever_the_points():
    """35-ABI-03: 5 temporary hp "a prescindere da quanti punti abbia risucchiato": 1 point
    or 6 points -> 5; only Restoration (`+N --drain`) restores a drained score, curing
    damage does not."""
    b = fight(("Wight", 26), ("X", 30, {"score": ["str:14"]}), ("Y", 30,
                                                               {"score": ["str:14"]}))
    b.run("ability", "X", "str", -1, drain=True, by="Wight")
    assert b.c("Wight").temp_hp == 5
    b.run("ability", "Y", "str", -6, drain=True, by="Wight")
    assert b.c("Wight").temp_hp == 5 and b.x("Y", "scores")["str"] == 8
    with pytest.raises(RuleViolation):
        b.run("ability", "Y", "str", 2)
    b.run("ability", "Y", "str", 2, drain=True)
    assert b.x("Y", "scores")["str"] == 10 and b.x("Y", "ability_drain") == {"str": 4}


def test_35_ABI_03_crit_and_by_only_with_a_drain():
    """35-ABI-03: --crit doubles drained points only: with plain ability damage it is bad
    input, and nothing is recorded."""
    b = fight(("Wight", 26), ("X", 30, {"score": ["con:14"]}))
    n = len(b.events)
    for kw in ({"crit": True}, {"by": "Wight"}):
        with pytest.raises(BadInput):
            b.run("ability", "X", "con", -2, **kw)
    assert len(b.events) == n


# --- Forza ------------------------------------------------------------------------------

def test_35_ABI_04_strength_damage_lowers_melee_attack_and_damage():
    """35-ABI-04 (Forza): Str 16 -> 12 (modifier +3 -> +1): a melee attack --bonus 5 gets
    -2 (total 17 on a 12) and --dmg 6 deals 4; a ranged attack is untouched."""
    b = fight(("A", 30, {"score": ["str:16"]}), ("B", 60, {"ac": 10}))
    b.run("ability", "A", "str", -4)
    e = b.run("attack", "A", "B", bonus=5, roll="12", dmg=6, kind="melee")[-1]
    assert e.modifiers["Str 12 since the sheet"] == -2 and e.total == 15
    assert e.damage == 4 and b.c("B").hp == 56
    through_round_one(b)
    e = b.run("attack", "A", "B", bonus=5, roll="12", dmg=6, kind="ranged")[-1]
    assert e.total == 17 and e.damage == 6


def test_35_ABI_04_thrown_weapon_damage_follows_strength():
    """35-ABI-04: the Str modifier applies to thrown-weapon damage: Str 16 -> 12, a thrown
    dagger --dmg 6 -> 4, its ranged attack roll unchanged."""
    b = fight(("A", 30, {"score": ["str:16"]}), ("B", 60, {"ac": 10}))
    b.run("ability", "A", "str", -4)
    e = b.run("attack", "A", "B", bonus=5, roll="12", dmg=6, kind="ranged",
              thrown=True, weapon="dagger")[-1]
    assert e.total == 17 and e.damage == 4


def test_35_ABI_04_no_strength_uses_dexterity_for_attack_rolls():
    """35-ABI-04: a creature without a Str score (a shadow) uses Dex for its attack rolls:
    Dex 14 -> 10 gives its melee touch -2."""
    b = fight(("Shadow", 19, {"no_score": ["str"], "score": ["dex:14"]}),
              ("B", 30, {"ac": 10}))
    assert b.x("Shadow", "no_scores") == ["str"]
    with pytest.raises(RuleViolation):
        b.run("ability", "Shadow", "str", -2)
    b.run("ability", "Shadow", "dex", -4)
    e = b.run("attack", "Shadow", "B", bonus=3, roll="10", vs="touch", kind="melee")[-1]
    assert e.modifiers["Dex 10 since the sheet"] == -2 and e.total == 11


# --- Destrezza --------------------------------------------------------------------------

def test_35_ABI_05_dexterity_damage_moves_ranged_attacks_ac_and_reflex():
    """35-ABI-05 (Destrezza): Dex 16 -> 12 (+3 -> +1): ranged attack -2, AC 16 -> 14, touch
    13 -> 11, flat-footed AC 13 unchanged, Reflex save +4 -> +2."""
    b = fight(("X", 30, {"score": ["dex:16"], "ac": 16, "touch": 13, "flat_footed": 13,
                         "ref": 4}), ("B", 30, {"ac": 10}))
    b.run("ability", "X", "dex", -4)
    assert (b.x("X", "ac"), b.x("X", "touch_ac"), b.x("X", "flat_footed_ac")) == \
        (14, 11, 13)
    e = b.run("attack", "X", "B", bonus=5, roll="12", dmg=3, kind="ranged")[-1]
    assert e.modifiers["Dex 12 since the sheet"] == -2
    s = b.run("save", "X", ref=True, dc=15, roll_=12)[-1]
    assert s.roll.total == 14 and not s.success


def test_35_ABI_05_no_dexterity_fails_reflex_and_cannot_move():
    """35-ABI-05: no Dex score: automatically fails Reflex saves (even a natural 20 with
    +10), can't move (`move`, `do X move`, a 5-foot step refused)."""
    b = fight(("Queen", 100, {"no_score": ["dex"], "ref": 10}), ("B", 30))
    s = b.run("save", "Queen", ref=True, dc=5, roll_=20)[-1]
    assert s.success is False
    for verb, args in (("move", ("Queen",)), ("do", ("Queen", "move")),
                       ("do", ("Queen", "5-foot-step"))):
        with pytest.raises(RuleViolation, match="no Dexterity score"):
            b.run(verb, *args)
    b.run("do", "Queen", "standard")
    assert b.c("Queen").actions_used == ["standard"]


# --- Costituzione -----------------------------------------------------------------------

def test_35_ABI_06_constitution_changes_hit_points_per_hit_die():
    """35-ABI-06 (Costituzione): HD 5, Con 14 -> 10 (+2 -> +0): 30/30 hp -> 20/20; cured
    (+4) -> 30/30 again; Fortitude +5 -> +3."""
    b = fight(("X", 30, {"score": ["con:14"], "hd": 5, "fort": 5}))
    b.run("ability", "X", "con", -4)
    assert (b.c("X").hp, b.c("X").max_hp) == (20, 20)
    s = b.run("save", "X", fort=True, dc=15, roll_=10)[-1]
    assert s.roll.total == 13
    b.run("ability", "X", "con", 4)
    assert (b.c("X").hp, b.c("X").max_hp) == (30, 30)


def test_35_ABI_06_at_least_1_hp_per_hit_die():
    """35-ABI-06: minimum 1 hp per Hit Die: HD 4, 12 hp, Con 14 -> 2 (-6 per HD) -> 4 hp,
    not -12."""
    b = fight(("X", 12, {"score": ["con:14"], "hd": 4}))
    b.run("ability", "X", "con", -12)
    assert (b.c("X").hp, b.c("X").max_hp) == (4, 4) and b.c("X").status == "up"


def test_35_ABI_06_no_constitution_golem():
    """35-ABI-06: `add Golem --no-con`: `cond add Golem fatigued` refused, `drain Golem 1`
    refused, no ability damage, immune to Fortitude saves unless harmless."""
    b = fight(("Golem", 60, {"no_con": True, "score": ["str:24"], "fort": 0}), ("B", 10))
    n = len(b.events)
    for verb, args, kw in (("cond add", ("Golem", "fatigued"), {}),
                           ("cond add", ("Golem", "exhausted"), {}),
                           ("drain", ("Golem", 1), {}),
                           ("ability", ("Golem", "str", -2), {}),
                           ("save", ("Golem",), {"fort": True, "dc": 15, "roll_": 3})):
        with pytest.raises(RuleViolation):
            b.run(verb, *args, **kw)
    assert len(b.events) == n
    s = b.run("save", "Golem", fort=True, dc=15, roll_=16, harmless=True)[-1]
    assert s.success


# --- Danni alle caratteristiche ---------------------------------------------------------

def test_35_ABD_01_dex_0_is_paralyzed_and_helpless():
    """35-ABD-01 (Danni alle caratteristiche): Dex 14, `ability X dex -14` -> paralyzed,
    helpless; cured by magic (+2) -> Dex 2, no longer paralyzed."""
    b = fight(("X", 30, {"score": ["dex:14"]}))
    b.run("ability", "X", "dex", -14)
    assert b.x("X", "scores")["dex"] == 0
    assert {"paralyzed", "helpless"} <= set(b.c("X").conditions)
    b.run("ability", "X", "dex", 2)
    assert b.x("X", "scores")["dex"] == 2
    assert "paralyzed" not in b.c("X").conditions and "helpless" not in b.c("X").conditions


def test_35_ABD_01_a_score_never_goes_below_0():
    """35-ABD-01: `-20` on Dex 14 -> 0, not -6 (14 points recorded, of 20)."""
    b = fight(("X", 30, {"score": ["dex:14"]}))
    e = b.run("ability", "X", "dex", -20)[0]
    assert (e.amount, e.asked) == (14, 20)
    assert b.x("X", "scores")["dex"] == 0 and b.x("X", "ability_damage") == {"dex": 14}


def test_35_ABD_01_con_0_dies():
    """35-ABD-01: `ability X con -12` (Con 12) -> dead; curing it later does not revive."""
    b = fight(("X", 30, {"score": ["con:12"]}))
    b.run("ability", "X", "con", -12)
    assert b.c("X").status == "dead"
    with pytest.raises(RuleViolation):
        b.run("ability", "X", "con", 4)


def test_35_ABD_01_str_int_wis_cha_at_0():
    """35-ABD-01: Str 0 falls and can't move (helpless, prone); Int 0 coma and Wis 0
    restless sleep (unconscious, helpless); Cha 0 catatonic (helpless)."""
    b = fight(("S", 30, {"score": ["str:10"]}), ("I", 30, {"score": ["int:10"]}),
              ("W", 30, {"score": ["wis:10"]}), ("C", 30, {"score": ["cha:10"]}))
    for name, abil in (("S", "str"), ("I", "int"), ("W", "wis"), ("C", "cha")):
        b.run("ability", name, abil, -10)
    assert {"helpless", "prone"} <= set(b.c("S").conditions)
    assert {"unconscious", "helpless"} <= set(b.c("I").conditions)
    assert {"unconscious", "helpless"} <= set(b.c("W").conditions)
    assert "helpless" in b.c("C").conditions and "unconscious" not in b.c("C").conditions


def test_35_ABD_01_ability_damage_is_bad_input_without_a_score():
    """35-ABD-01: damage to a score the sheet doesn't give is one line of bad input; 0
    points too."""
    b = fight(("X", 30, {"score": ["dex:14"]}))
    for args in (("X", "str", -2), ("X", "dex", 0), ("X", "luck", -1)):
        with pytest.raises(BadInput) as err:
            b.run("ability", *args)
        assert "\n" not in str(err.value)


# --- Risucchio di Energia ---------------------------------------------------------------

def test_35_CND_36_negative_levels_penalties_and_hp():
    """35-CND-36 (Risucchio di Energia): `drain X 2` -> -2 on attacks, saves, ability checks;
    hp -10; one fewer effective HD per level."""
    b = fight(("X", 40, {"hd": 5, "fort": 4, "score": ["str:10"]}), ("B", 30, {"ac": 10}))
    b.run("drain", "X", 2, by="B")
    assert b.x("X", "negative_levels") == 2 and b.x("X", "effective_hd") == 3
    assert (b.c("X").hp, b.c("X").max_hp) == (30, 30)
    e = b.run("attack", "X", "B", bonus=5, roll="10", kind="melee")[-1]
    assert e.modifiers["2 negative level(s)"] == -2 and e.total == 13
    s = b.run("save", "X", fort=True, dc=10, roll_=10)[-1]
    assert s.roll.total == 12
    c = b.run("ability-check", "X", "str", roll_=10)[-1]
    assert c.total == 8


def test_35_CND_36_negative_levels_equal_to_hd_kill():
    """35-CND-36: HD 2, `drain X 2` -> dead at once (Died recorded); `drain X 1` with HD 2
    leaves it alive."""
    b = fight(("X", 40, {"hd": 2}), ("Y", 40, {"hd": 2}))
    b.run("drain", "X", 2)
    assert b.c("X").status == "dead" and b.last("Died").name == "X"
    b.run("drain", "Y", 1)
    assert b.c("Y").status == "up"
    b.run("drain", "Y", -1)
    assert b.x("Y", "negative_levels") == 0 and b.c("Y").hp == 40
    with pytest.raises(BadInput):
        b.run("drain", "Y", -1)
