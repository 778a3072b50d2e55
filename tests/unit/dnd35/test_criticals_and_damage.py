"""D&D 3.5 (seed 003), Danni (Damage), Tipi di danno, Colpi critici, Danni non letali,
Danno massiccio, Danno di precisione."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation, forcing
from tests.unit.dnd35.support import attacks, of_last, Dice, fight, refused


# --- Danni ------------------------------------------------------------------------------

def test_35_DMG_01_a_hit_deals_at_least_1_damage():
    """35-DMG-01 (Danni): penalties can never bring a hit below 1: --damage 1d4-3, face 1
    -> 1."""
    b = fight(("A", 30), ("B", 30, {"ac": 10}))
    e = b.run("attack", "A", "B", bonus=5, roll="12", damage="1d4-3", kind="melee",
              rng=Dice(1))[-1]
    assert e.damage_roll.faces == [1] and e.damage == 1
    assert "at least 1 damage on a hit" in e.tags and b.c("B").hp == 29


def test_35_DMG_01_a_sickened_attackers_penalty_still_leaves_1():
    """35-DMG-01: the attacker's penalties (sickened -2 on damage) stop at 1 damage; a
    face of 4 on 1d4 -> 2."""
    b = fight(("A", 30), ("B", 30, {"ac": 10}))
    b.run("cond add", "A", "sickened")
    e = b.run("attack", "A", "B", bonus=5, roll="12", damage="1d4", kind="melee",
              rng=Dice(2))[-1]
    assert e.damage == 1 and "at least 1 damage on a hit" in e.tags
    b.run("next"), b.run("next")
    e = b.run("attack", "A", "B", bonus=5, roll="12", damage="1d4", kind="melee",
              rng=Dice(4))[-1]
    assert e.damage == 2


def test_35_DMG_02_damage_types_english_or_italian():
    """35-DMG-02 (Tipi di danno): physical, energy, positive/negative, untyped; the seed's
    Italian names are read (fuoco -> fire); an unknown type is one line of bad input."""
    b = fight(("A", 30), ("B", 30, {"ac": 10}))
    e = b.run("attack", "A", "B", bonus=5, roll="12", dmg=4, type_="fuoco", kind="melee")[-1]
    assert e.damage_type == "fire"
    e = b.run("damage", "B", 3, type_="contundente")[-1]
    assert e.damage_type == "bludgeoning" and b.c("B").hp == 23
    with pytest.raises(BadInput) as err:
        b.run("damage", "B", 3, type_="banana")
    assert "\n" not in str(err.value)


# --- Colpi critici ---------------------------------------------------------------------

def test_35_CRT_01_a_threat_below_20_threatens_only_if_it_hits():
    """35-CRT-01 (Minaccia di critico): --threat 19 --roll 19 whose total misses -> a plain
    miss, no confirmation roll; a --confirm given for it is bad input."""
    b = fight(("A", 30), ("B", 30, {"ac": 30}))
    e = b.run("attack", "A", "B", bonus=5, roll="19", threat=19, dmg=6, kind="melee")[-1]
    assert (e.hit, e.crit) == (False, False) and "threat" not in e.tags
    assert not of_last(b, "ConfirmationRolled")
    b2 = fight(("A", 30), ("B", 30, {"ac": 30}))
    with pytest.raises(BadInput) as err:
        b2.run("attack", "A", "B", bonus=5, roll="19", threat=19, confirm="15", dmg=6,
               kind="melee")
    assert "--confirm" in str(err.value) and "\n" not in str(err.value)
    assert b2.c("B").hp == 30


def test_35_CRT_01_a_20_always_threatens_and_19_threatens_when_it_hits():
    """35-CRT-01: with --threat 19 a 19 that hits is a threat; without it, a 19 is not."""
    b = fight(("A", 30), ("B", 60, {"ac": 10}))
    b.run("attack", "A", "B", bonus=5, roll="19", threat=19, confirm="10", dmg=6,
          kind="melee")
    assert "threat" in b.last("AttackResolved").tags and b.last("AttackResolved").crit
    b2 = fight(("A", 30), ("B", 60, {"ac": 10}))
    with pytest.raises(BadInput, match="no confirmation roll without a threat"):
        b2.run("attack", "A", "B", bonus=5, roll="19", confirm="10", dmg=6, kind="melee")
    e = b2.run("attack", "A", "B", bonus=5, roll="19", dmg=6, kind="melee")[-1]
    assert e.hit and "threat" not in e.tags and not e.crit


def test_35_CRT_01_bad_threat_and_multiplier_are_one_line_errors():
    """35-CRT-01/35-CRT-03: a threat range of 21 and a multiplier of 1 are bad input."""
    b = fight(("A", 30), ("B", 30))
    for kw in ({"threat": 21}, {"mult": 1}, {"threat": 1}, {"mult": 5}):
        with pytest.raises(BadInput) as err:
            b.run("attack", "A", "B", bonus=5, roll="19", kind="melee", **kw)
        assert "\n" not in str(err.value)


def test_35_CRT_02_confirmation_is_a_second_roll_with_the_same_bonus_vs_the_same_ac():
    """35-CRT-02 (Colpi critici): AC 16, bonus +7, --roll 19 --threat 19 --confirm 8 ->
    15, a normal hit; --confirm 9 -> 16, a critical."""
    b = fight(("A", 30), ("B", 60, {"ac": 16}))
    e = b.run("attack", "A", "B", bonus=7, roll="19", threat=19, confirm="8", dmg=5,
              kind="melee")[-1]
    c = b.last("ConfirmationRolled")
    assert (c.total, c.defense_value, c.confirmed) == (15, 16, False)
    assert e.hit and not e.crit and e.damage == 5 and "not confirmed" in e.tags
    b2 = fight(("A", 30), ("B", 60, {"ac": 16}))
    e = b2.run("attack", "A", "B", bonus=7, roll="19", threat=19, confirm="9", dmg=5,
               kind="melee")[-1]
    c = b2.last("ConfirmationRolled")
    assert (c.total, c.confirmed) == (16, True)
    assert e.crit and e.multiplier == 2 and e.damage == 10 and b2.c("B").hp == 50


def test_35_CRT_02_natural_20_confirms_and_natural_1_fails():
    """35-CRT-02: a confirmation is an attack roll: a natural 20 confirms against AC 40,
    a natural 1 fails with +30."""
    b = fight(("A", 30), ("B", 60, {"ac": 40}))
    b.run("attack", "A", "B", bonus=0, roll="20", confirm="20", dmg=3, kind="melee")
    assert b.last("ConfirmationRolled").confirmed and b.last("AttackResolved").crit
    b2 = fight(("A", 30), ("B", 60, {"ac": 10}))
    b2.run("attack", "A", "B", bonus=30, roll="20", confirm="1", dmg=3, kind="melee")
    assert not b2.last("ConfirmationRolled").confirmed
    assert not b2.last("AttackResolved").crit


def test_35_CRT_03_critical_damage_rolls_the_dice_mult_times_extra_dice_once():
    """35-CRT-03 (Danni extra da colpo critico): --damage 1d8+5 --extra 1d6 --mult 2,
    faces [4, 6], extra [3] -> (4+5)+(6+5)+3 = 23; --mult 3 with [4, 6, 2] -> 30."""
    b = fight(("A", 30), ("B", 100, {"ac": 10}))
    e = b.run("attack", "A", "B", bonus=5, roll="20", confirm="15", damage="1d8+5",
              extra="1d6", mult=2, kind="melee", rng=Dice(4, 6, 3))[-1]
    assert e.crit and e.damage == 23 and e.damage_roll.faces == [4, 6, 3]
    assert "extra dice not multiplied" in e.tags and b.c("B").hp == 77
    b2 = fight(("A", 30), ("B", 100, {"ac": 10}))
    e = b2.run("attack", "A", "B", bonus=5, roll="20", confirm="15", damage="1d8+5",
               extra="1d6", mult=3, kind="melee", rng=Dice(4, 6, 2, 3))[-1]
    assert e.damage == 30 and e.multiplier == 3


def test_35_CRT_03_without_a_critical_the_damage_is_rolled_once():
    """35-CRT-03: the same attack not confirmed: (4+5) + 3 = 12."""
    b = fight(("A", 30), ("B", 100, {"ac": 10}))
    e = b.run("attack", "A", "B", bonus=5, roll="20", confirm="2", damage="1d8+5",
              extra="1d6", kind="melee", rng=Dice(4, 3))[-1]
    assert not e.crit and e.damage == 12


def test_35_CRT_04_crit_immune_target_takes_normal_damage():
    """35-CRT-04: add Ooze --crit-immune; a confirmed critical deals normal damage,
    recorded as such."""
    b = fight(("A", 30), ("Ooze", 60, {"ac": 10, "crit_immune": True}))
    e = b.run("attack", "A", "Ooze", bonus=5, roll="20", confirm="18", damage="1d8+5",
              kind="melee", rng=Dice(4))[-1]
    assert b.last("ConfirmationRolled").confirmed
    assert not e.crit and e.multiplier == 1 and e.damage == 9
    assert "immune to critical hits: normal damage" in e.tags and b.c("Ooze").hp == 51


def test_35_CRT_05_a_ray_crits_like_a_weapon():
    """35-CRT-05: a damaging spell with an attack roll (a ray: ranged touch) threatens and
    confirms like a weapon: 2d6 x2, faces [3, 4] and [5, 6] -> 18."""
    b = fight(("Mage", 30), ("B", 60, {"ac": 18, "touch": 11}))
    e = b.run("attack", "Mage", "B", bonus=4, roll="20", confirm="9", vs="touch",
              kind="ranged", damage="2d6", type_="fire", rng=Dice(3, 4, 5, 6))[-1]
    assert e.defense == "touch" and e.defense_value == 11
    assert e.crit and e.damage == 18 and e.damage_type == "fire"


# --- Danni non letali -------------------------------------------------------------------

def test_35_NL_01_nonlethal_damage_is_tracked_apart_and_leaves_hp():
    """35-NL-01 (Danni non letali): damage X 5 --nonlethal -> hp unchanged, nonlethal 5."""
    b = fight(("A", 30), ("X", 20))
    b.run("damage", "X", 5, nonlethal=True)
    assert b.c("X").hp == 20 and b.x("X", "nonlethal") == 5 and b.c("X").status == "up"


def test_35_NL_02_nonlethal_with_a_lethal_weapon_is_minus_4_type_unchanged():
    """35-NL-02: attack --nonlethal with a lethal weapon -> -4 recorded, the damage goes
    to the nonlethal pool, its type (slashing) does not change."""
    b = fight(("A", 30), ("X", 20, {"ac": 12}))
    e = b.run("attack", "A", "X", bonus=5, roll="11", dmg=6, nonlethal=True,
              type_="slashing", kind="melee")[-1]
    assert e.modifiers["nonlethal damage with a lethal weapon"] == -4
    assert (e.total, e.hit, e.damage_type) == (12, True, "slashing")
    assert b.c("X").hp == 20 and b.x("X", "nonlethal") == 6


def test_35_NL_02_or_vice_versa_lethal_damage_with_an_unarmed_strike_is_minus_4():
    """35-NL-02 (audit D09): "o viceversa": `attack A B --unarmed --lethal --bonus 4
    --roll 12 --dmg 3` -> 12 + 4 - 4 = 12 vs AC 10, 3 lethal damage (hp 27), still an
    unarmed strike; --lethal with --nonlethal is bad input."""
    b = fight(("A", 30, {"pc": True, "bab": 4}), ("B", 30, {"ac": 10}))
    e = b.run("attack", "A", "B", unarmed=True, lethal=True, bonus=4, roll="12", dmg=3,
              kind="melee")
    assert e[0].action == "unarmed-strike"
    r = e[-1]
    assert r.modifiers["lethal damage with a nonlethal weapon"] == -4
    assert (r.total, r.hit, r.damage) == (12, True, 3) and "nonlethal" not in r.tags
    assert b.c("B").hp == 27 and b.x("B", "nonlethal") == 0
    with pytest.raises(BadInput, match="--lethal"):
        b.run("attack", "A", "B", unarmed=True, lethal=True, nonlethal=True, bonus=4,
              roll="12", dmg=3, kind="melee")


def test_35_NL_03_nonlethal_equal_to_hp_staggered_more_unconscious():
    """35-NL-03: hp 10, damage X 10 --nonlethal -> staggered; one more -> unconscious."""
    b = fight(("A", 30), ("X", 10))
    b.run("damage", "X", 10, nonlethal=True)
    assert b.x("X", "staggered") and b.c("X").status == "up"
    b.run("damage", "X", 1, nonlethal=True)
    assert b.c("X").status == "unconscious" and b.x("X", "nonlethal") == 11


def test_35_NL_04_healing_heals_as_much_nonlethal():
    """35-NL-04 (Guarire i danni non letali): hp 8/12, nonlethal 6, heal X 3 -> hp 11,
    nonlethal 3."""
    b = fight(("A", 30), ("X", 12))
    b.run("damage", "X", 4)
    b.run("damage", "X", 6, nonlethal=True)
    assert (b.c("X").hp, b.x("X", "nonlethal")) == (8, 6)
    b.run("heal", "X", 3)
    assert (b.c("X").hp, b.x("X", "nonlethal")) == (11, 3)


# --- Danno massiccio --------------------------------------------------------------------

def test_35_MAS_01_one_attack_of_50_demands_fortitude_dc_15_failure_kills():
    """35-MAS-01 (Danno massiccio): attack --dmg 50 on a living target -> save X --fort
    --dc 15 --against massive-damage is due; --roll 14 --bonus 0 -> dead."""
    b = fight(("A", 30), ("X", 120, {"ac": 10}))
    b.run("attack", "A", "X", bonus=5, roll="12", dmg=50, kind="melee")
    due = b.last("SaveDemanded")
    assert (due.name, due.save, due.dc, due.against) == ("X", "fort", 15, "massive-damage")
    assert b.x("X", "save_due") == {"save": "fort", "dc": 15, "against": "massive-damage"}
    assert b.c("X").hp == 70
    b.run("save", "X", fort=True, dc=15, against="massive-damage", roll_=14, bonus=0)
    assert b.c("X").status == "dead" and b.c("X").hp == 70


def test_35_MAS_01_a_successful_save_leaves_it_alive():
    """35-MAS-01: --roll 15 --bonus 0 -> alive, nothing more due."""
    b = fight(("A", 30), ("X", 120, {"ac": 10}))
    b.run("attack", "A", "X", bonus=5, roll="12", dmg=55, kind="melee")
    b.run("save", "X", fort=True, dc=15, against="massive-damage", roll_=15, bonus=0)
    assert b.c("X").status == "up" and b.x("X", "save_due") is None


def test_35_MAS_01_two_hits_of_30_do_not_trigger_it():
    """35-MAS-01: several hits in the same round never trigger it, even totalling more:
    a full attack of two hits of 30 -> no save."""
    b = fight(("A", 30, {"bab": 6}), ("X", 120, {"ac": 10}))
    b.run("attack", "A", "X", bonus=6, roll="15,15", dmg=30, full=True, kind="melee")
    assert [e.damage for e in attacks(b)] == [30, 30] and b.c("X").hp == 60
    assert not of_last(b, "SaveDemanded") and b.x("X", "save_due") is None
    with pytest.raises(RuleViolation):
        b.run("save", "X", fort=True, dc=15, against="massive-damage", roll_=3)


def test_35_MAS_01_only_living_creatures():
    """35-MAS-01: a construct (--nonliving) taking 50 owes no save."""
    b = fight(("A", 30), ("Golem", 120, {"ac": 10, "nonliving": True}))
    b.run("attack", "A", "Golem", bonus=5, roll="12", dmg=50, kind="melee")
    assert not of_last(b, "SaveDemanded") and b.c("Golem").hp == 70


# --- Danno di precisione ----------------------------------------------------------------

def _sneak(target_opts=None, **kw):
    b = fight(("Rogue", 30), ("B", 60, {"ac": 10, **(target_opts or {})}))
    e = b.run("attack", "Rogue", "B", bonus=5, dmg=4, extra_dmg=10,
              precision=True, **{"kind": "melee", "roll": "15", **kw})[-1]
    return b, e


def test_35_PRC_01_precision_damage_applies_when_nothing_denies_it():
    """35-PRC-01 (Danno di precisione): --extra 3d6 --precision on a living target ->
    added (4 + 10)."""
    b, e = _sneak()
    assert e.damage == 14 and b.c("B").hp == 46


def test_35_PRC_01_any_concealment_denies_precision_damage():
    """35-PRC-01: "qualunque forma di occultamento nega il danno di precisione":
    --concealment 20 (miss roll 50: the hit stands) -> 4 only."""
    b, e = _sneak(concealment=20, miss_roll="50")
    assert e.hit and e.damage == 4
    assert "precision damage lost: any concealment denies precision damage" in e.tags


def test_35_PRC_01_nonlethal_minus_4_denies_precision_damage():
    """35-PRC-01: with the -4 of nonlethal damage -> dropped."""
    b, e = _sneak(nonlethal=True)
    assert e.damage == 4 and any(t.startswith("precision damage lost") for t in e.tags)
    assert b.x("B", "nonlethal") == 4


@pytest.mark.parametrize("opts", [{"nonliving": True}, {"crit_immune": True}])
def test_35_PRC_01_non_living_or_crit_immune_targets_are_immune(opts):
    """35-PRC-01: non-living, amorphous or crit-immune creatures are immune."""
    b, e = _sneak(opts)
    assert e.damage == 4


def test_35_PRC_01_needs_proficiency_with_the_weapon():
    """35-PRC-01: "purchè chi la impugna abbia la competenza in quell'arma"."""
    b, e = _sneak(roll="19", nonproficient=True)
    assert e.hit and e.damage == 4


def test_35_PRC_01_ranged_precision_only_within_9_m():
    """35-PRC-01: a ranged attack deals precision damage only within 9 m."""
    b, e = _sneak(kind="ranged", distance=9)
    assert e.damage == 14
    b, e = _sneak(kind="ranged", distance=12)
    assert e.damage == 4 and any("within 9 m" in t for t in e.tags)


def test_35_PRC_01_every_qualifying_hit_of_a_full_attack_and_never_multiplied():
    """35-PRC-01: in a full attack precision damage applies to every hit; on a critical
    it is not multiplied (35-CRT-03): (4x2 + 10) + (4 + 10) = 32."""
    b = fight(("Rogue", 30, {"bab": 6}), ("B", 60, {"ac": 10}))
    b.run("attack", "Rogue", "B", bonus=6, roll="20,12", confirm="15", dmg=4,
          extra_dmg=10, precision=True, full=True, kind="melee")
    assert [e.damage for e in attacks(b)] == [18, 14] and b.c("B").hp == 28


def test_35_MAS_01_the_demanded_save_is_enforced_and_a_plain_fort_save_settles_it():
    """35-MAS-01 (Danno massiccio, audit D01): A hits X (120 hp, Fort +4) for 55 -> the
    save DC 15 is owed at once: `next` and X's own attack are refused (forceable) until
    it is rolled; `save X --fort --dc 15 --roll 10` (no --against) is that save: 10 + 4 =
    14 < 15 -> X dies (65 hp left)."""
    b = fight(("A", 30, {"pc": True, "ac": 15, "bab": 6}), ("X", 120, {"ac": 10,
                                                                       "fort": 4}))
    b.run("attack", "A", "X", bonus=5, roll="12", dmg=55, kind="melee")
    assert "must first make the Fortitude save DC 15" in str(refused(b, "next"))
    with forcing():
        b.run("next")                     # the GM may go on: the save stays owed
    assert b.state.turn == "X" and b.x("X", "save_due")["dc"] == 15
    assert refused(b, "attack", "X", "A", bonus=5, roll="12", dmg=4,
                   kind="melee").forceable
    e = b.run("save", "X", fort=True, dc=15, roll_=10)
    assert e[0].against == "massive-damage" and not e[0].success
    assert b.c("X").status == "dead" and b.c("X").hp == 65
    assert b.x("X", "save_due") is None


def test_35_MAS_01_a_save_not_owed_is_a_forceable_refusal():
    """35-MAS-01 (audit D13): `save X --fort --against massive-damage` when nothing is
    owed is refused with "(a GM may --force)"; forced, DC 15 by default, 3 + 4 fails and
    kills."""
    b = fight(("A", 30), ("X", 120, {"ac": 10, "fort": 4}))
    assert refused(b, "save", "X", fort=True, against="massive-damage",
                   roll_=3).forceable
    with forcing():
        e = b.run("save", "X", fort=True, against="massive-damage", roll_=3)
    assert e[0].target == 15 and b.c("X").status == "dead"


def test_35_CRT_01_threat_0_is_bad_input_not_20():
    """35-CRT-01 (audit D11): `--threat 0` is not "no --threat": bad input, one line;
    nothing recorded."""
    b = fight(("A", 30, {"bab": 6}), ("B", 60, {"ac": 16}))
    before = len(b.events)
    with pytest.raises(BadInput, match="--threat"):
        b.run("attack", "A", "B", bonus=7, roll="19", threat=0, dmg=6, kind="melee")
    assert len(b.events) == before
