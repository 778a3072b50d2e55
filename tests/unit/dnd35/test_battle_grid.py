"""D&D 3.5 (seed 003), Griglia di battaglia: Fiancheggiare, Linea di visuale, Illuminazione,
Occultamento, Copertura, Taglia; Movimento: Nascondersi."""

import pytest

from battletape.domain.dnd35 import size
from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import fight, through_round_one


def duel(**b_options):
    """A and B, both past their first turn; A's turn in round 2."""
    return through_round_one(fight(("A", 30), ("B", 30, {"ac": 14, **b_options})))


def hit(events):
    return next(e for e in events if type(e).__name__ == "AttackResolved")


# --- Fiancheggiare ------------------------------------------------------------------------

def test_35_FLK_01_flanking_gives_plus_2_on_a_melee_attack():
    """35-FLK-01 (Fiancheggiare): --flank → +2 on a melee attack: 12 + 5 + 2 = 19."""
    b = duel()
    e = hit(b.run("attack", "A", "B", bonus=5, roll="12", kind="melee", flank=True))
    assert e.modifiers == {"attack bonus": 5, "flanking": 2} and e.total == 19


def test_35_FLK_01_flanking_is_refused_on_a_ranged_attack():
    """35-FLK-01 (Fiancheggiare): "effettuando un attacco in mischia": --kind ranged with
    --flank → refused, nothing recorded."""
    b = duel()
    before = len(b.events)
    with pytest.raises(RuleViolation, match="melee attack only"):
        b.run("attack", "A", "B", bonus=5, roll="12", kind="ranged", flank=True)
    assert len(b.events) == before


# --- Linea di visuale ------------------------------------------------------------------------

def test_35_LOS_01_attacking_blind_through_fog_treats_the_target_as_invisible():
    """35-LOS-01 (Linea di visuale): fog, darkness, smoke: attack blind, the target as
    invisible: total concealment, 50% (d100 50 misses, 51 hits)."""
    b = duel()
    e = b.run("attack", "A", "B", bonus=5, roll="15", kind="melee", obscured=True,
              miss_roll="50", dmg=4)
    assert b.last("MissChanceRolled").chance == 50 and not hit(e).hit
    b.run("next"), b.run("next")
    e = b.run("attack", "A", "B", bonus=5, roll="15", kind="melee", obscured=True,
              miss_roll="51", dmg=4)
    assert hit(e).hit and b.c("B").hp == 26


def test_35_LOS_01_no_attack_of_opportunity_against_an_unseen_target():
    """35-LOS-01, 35-CON-02: an obscured target has total concealment: no AoO."""
    b = duel()
    with pytest.raises(RuleViolation, match="total concealment"):
        b.run("attack", "B", "A", bonus=5, roll="15", kind="melee", opportunity=True,
              obscured=True)


# --- Illuminazione -------------------------------------------------------------------------

def test_35_LGT_01_dim_light_gives_every_enemy_concealment():
    """35-LGT-01 (Illuminazione): dim light, no darkvision → 20% miss chance: d100 20
    misses."""
    b = duel()
    e = b.run("attack", "A", "B", bonus=5, roll="15", kind="melee", light="dim",
              miss_roll="20")
    m = b.last("MissChanceRolled")
    assert (m.chance, m.missed, hit(e).hit) == (20, True, False)


def test_35_LGT_01_darkness_blinds_the_attacker_but_not_with_darkvision():
    """35-LGT-01 (Illuminazione): darkness → blinded, 50%; a creature with darkvision sees
    normally: no miss chance rolled."""
    b = through_round_one(fight(("A", 30), ("B", 30, {"ac": 14}),
                                ("Dwarf", 30, {"darkvision": True})))
    b.run("attack", "A", "B", bonus=5, roll="15", kind="melee", light="dark",
          miss_roll="45")
    assert b.last("MissChanceRolled").chance == 50 and not b.last("AttackResolved").hit
    b.run("next")
    b.run("next")
    e = b.run("attack", "Dwarf", "B", bonus=5, roll="15", kind="melee", light="dark")
    assert [type(x).__name__ for x in e].count("MissChanceRolled") == 0 and hit(e).hit


def test_35_LGT_01_bad_light_is_bad_input():
    """35-LGT-01: --light takes bright, dim or dark."""
    b = duel()
    with pytest.raises(BadInput, match="bright, dim or dark"):
        b.run("attack", "A", "B", bonus=5, roll="15", kind="melee", light="gloomy")


# --- Occultamento ------------------------------------------------------------------------

def test_35_CON_01_concealment_20_percent_after_a_hit():
    """35-CON-01 (Occultamento): --roll 18 (a hit) --concealment 20 --miss-roll 15 → miss;
    --miss-roll 21 → hit."""
    b = duel()
    e = b.run("attack", "A", "B", bonus=0, roll="18", concealment=20, miss_roll="15",
              dmg=5)
    assert not hit(e).hit and b.c("B").hp == 30
    assert "miss chance 20% (concealment): d100 15" in hit(e).tags
    b.run("next"), b.run("next")
    e = b.run("attack", "A", "B", bonus=0, roll="18", concealment=20, miss_roll="21",
              dmg=5)
    assert hit(e).hit and b.c("B").hp == 25


def test_35_CON_01_no_d100_after_a_miss_and_effects_do_not_stack():
    """35-CON-01: the d100 comes after the attack roll (a miss rolls none); several
    concealing effects don't stack: concealment 20 in dim light is still 20%."""
    b = duel()
    e = b.run("attack", "A", "B", bonus=0, roll="5", concealment=20)
    assert not any(type(x).__name__ == "MissChanceRolled" for x in e)
    b.run("next"), b.run("next")
    b.run("attack", "A", "B", bonus=0, roll="18", concealment=20, light="dim",
          miss_roll="30")
    assert b.last("MissChanceRolled").chance == 20 and b.last("AttackResolved").hit


def test_35_CON_01_a_miss_roll_for_an_attack_that_missed_is_bad_input():
    """35-CON-01 (audit D11): the d100 comes only after a hit: `attack A B --roll 2
    --concealment 20 --miss-roll 5` (a miss) is bad input, not a roll silently dropped;
    nothing is recorded."""
    b = fight(("A", 30, {"bab": 6}), ("B", 60, {"ac": 16}))
    before = len(b.events)
    with pytest.raises(BadInput, match="--miss-roll"):
        b.run("attack", "A", "B", bonus=7, roll="2", concealment=20, miss_roll="5",
              dmg=6, kind="melee")
    assert len(b.events) == before


def test_35_COV_01_cover_on_a_will_save_is_bad_input():
    """35-COV-01 (audit D11): cover gives +2 on Reflex saves only: `save B --will --dc 16
    --roll 11 --cover improved` is bad input; `--ref` takes it (11 + 3 + 4 = 18)."""
    b = fight(("A", 30), ("B", 60, {"ac": 16, "ref": 3}))
    with pytest.raises(BadInput, match="--cover"):
        b.run("save", "B", will=True, dc=16, roll_=11, cover="improved")
    b.run("save", "B", ref=True, dc=16, roll_=11, cover="improved")
    assert b.last("SaveRolled").roll.total == 18


def test_35_CON_02_total_concealment_50_percent_and_no_attack_of_opportunity():
    """35-CON-02 (Occultamento Totale): --concealment 50 --miss-roll 50 → miss;
    --opportunity --concealment 50 → refused."""
    b = duel()
    e = b.run("attack", "A", "B", bonus=0, roll="18", concealment=50, miss_roll="50")
    assert not hit(e).hit and b.last("MissChanceRolled").chance == 50
    with pytest.raises(RuleViolation, match="total concealment"):
        b.run("attack", "B", "A", bonus=0, roll="18", kind="melee", opportunity=True,
              concealment=50)


# --- Copertura -----------------------------------------------------------------------------

def test_35_COV_01_cover_gives_plus_4_ac_and_plus_2_reflex():
    """35-COV-01 (Copertura): AC 14 with --cover normal → 18; Reflex +2 (13 + 1 + 2 = 16
    against DC 16 succeeds; without cover 14 fails)."""
    b = duel(ref=1)
    e = hit(b.run("attack", "A", "B", bonus=0, roll="17", cover="normal"))
    assert e.defense_value == 18 and not e.hit
    assert b.run("save", "B", ref=True, dc=16, roll_=13, cover="normal")[0].success
    assert not b.run("save", "B", ref=True, dc=16, roll_=13)[0].success


def test_35_COV_01_no_attack_of_opportunity_against_cover():
    """35-COV-01: "Non è possibile effettuare AdO contro un avversario che ha copertura"."""
    b = duel()
    with pytest.raises(RuleViolation, match="cover"):
        b.run("attack", "B", "A", bonus=0, roll="18", kind="melee", opportunity=True,
              cover="normal")


def test_35_COV_02_a_miss_only_because_of_the_cover_hits_the_cover():
    """35-COV-02 (Distruggere la copertura): AC 14 + 4, total 16 → miss, the damage (8)
    goes to the cover, hardness 5 → 3; the target keeps its hp."""
    b = duel()
    e = b.run("attack", "A", "B", bonus=4, roll="12", cover="normal", dmg=8,
              cover_hardness=5)
    assert not hit(e).hit and any("cover hit" in t for t in hit(e).tags)
    c = b.last("CoverHit")
    assert (c.cover, c.damage, c.hardness, c.dealt) == ("normal", 8, 5, 3)
    assert b.c("B").hp == 30


def test_35_COV_02_a_miss_even_without_cover_does_not_hit_it():
    """35-COV-02: total 13 against AC 14 (+4) misses with or without the cover: no cover
    hit."""
    b = duel()
    e = b.run("attack", "A", "B", bonus=1, roll="12", cover="normal", dmg=8)
    assert not any(type(x).__name__ == "CoverHit" for x in e)


def test_35_COV_03_soft_cover_counts_against_ranged_attacks_only():
    """35-COV-03 (Copertura Leggera): +4 AC against a ranged attack (18), none in melee
    (14); no Reflex bonus."""
    b = duel(ref=0)
    assert hit(b.run("attack", "A", "B", bonus=0, roll="10", kind="ranged",
                     cover="soft")).defense_value == 18
    b.run("next"), b.run("next")
    assert hit(b.run("attack", "A", "B", bonus=0, roll="10", kind="melee",
                     cover="soft")).defense_value == 14
    assert b.run("save", "B", ref=True, dc=11, roll_=10, cover="soft")[0].roll.total == 10


def test_35_COV_04_limited_cover_plus_2_ac_plus_1_reflex():
    """35-COV-04 (Copertura Limitata): AC 14 → 16; Reflex +1."""
    b = duel(ref=0)
    assert hit(b.run("attack", "A", "B", bonus=0, roll="10",
                     cover="limited")).defense_value == 16
    assert b.run("save", "B", ref=True, dc=11, roll_=10, cover="limited")[0].roll.total == 11


def test_35_COV_05_improved_cover_plus_8_ac_plus_4_reflex():
    """35-COV-05 (Copertura Migliorata): AC 14 → 22; Reflex +4."""
    b = duel(ref=0)
    assert hit(b.run("attack", "A", "B", bonus=0, roll="10",
                     cover="improved")).defense_value == 22
    assert b.run("save", "B", ref=True, dc=11, roll_=10, cover="improved")[0].roll.total \
        == 14


def test_35_COV_05_improved_cover_acts_as_improved_evasion():
    """35-COV-05: an area's 20 damage, Reflex for half: passed → 10 normally, 0 behind an
    arrow slit; failed → 20 normally, 10 behind it."""
    b = duel()
    b.run("damage", "B", 20, reflex="passed")
    assert b.c("B").hp == 20
    b.run("damage", "B", 20, reflex="passed", cover="improved")
    assert b.c("B").hp == 20
    b.run("damage", "B", 20, reflex="failed", cover="improved")
    assert b.c("B").hp == 10
    assert "Improved Evasion" in b.last("DamageTaken").source
    with pytest.raises(BadInput, match="passed or failed"):
        b.run("damage", "B", 20, reflex="maybe")


def test_35_COV_06_total_cover_can_not_be_attacked():
    """35-COV-06 (Copertura Totale): --cover total → refused."""
    b = duel()
    with pytest.raises(RuleViolation, match="total cover"):
        b.run("attack", "A", "B", bonus=0, roll="10", cover="total")


# --- Taglia ----------------------------------------------------------------------------------

def test_35_SIZ_01_a_large_creature_minus_1_to_attack_and_ac_against_medium():
    """35-SIZ-01 (Taglia): `add Ogre --size large` → -1 on its attacks against a Medium
    creature and -1 AC against a Medium attacker."""
    b = through_round_one(fight(("Ogre", 30, {"size": "large", "ac": 16}),
                                ("B", 30, {"ac": 14})))
    e = hit(b.run("attack", "Ogre", "B", bonus=8, roll="10"))
    assert e.modifiers == {"attack bonus": 8, "size (large)": -1} and e.total == 17
    b.run("next")
    assert hit(b.run("attack", "B", "Ogre", bonus=2, roll="10")).defense_value == 15


def test_35_SIZ_01_size_bonus_counts_only_between_different_sizes():
    """35-SIZ-01: "va conteggiato solo nei combattimenti tra creature di taglia diversa":
    Large against Large → no size bonus; a Small creature +1 against a Medium one."""
    b = through_round_one(fight(("Ogre", 30, {"size": "large"}),
                                ("Troll", 30, {"size": "grande", "ac": 16}),
                                ("Gnome", 10, {"size": "small", "ac": 12})))
    e = hit(b.run("attack", "Ogre", "Troll", bonus=8, roll="10"))
    assert e.modifiers == {"attack bonus": 8} and e.defense_value == 16
    b.run("next"), b.run("next")
    e = hit(b.run("attack", "Gnome", "Ogre", bonus=1, roll="10"))
    assert e.modifiers["size (small)"] == 1 and e.defense_value == 9


def test_35_SIZ_01_the_table():
    """35-SIZ-01: Piccolissima +8/-16 ... Colossale -8/+16; reach 0 below Small; a
    quadruped has the reach of a biped one size smaller; sharing a space needs three
    categories (a mount one)."""
    assert [(s.bonus, s.special) for s in size.SIZES.values()] == [
        (8, -16), (4, -12), (2, -8), (1, -4), (0, 0), (-1, 4), (-2, 8), (-4, 12),
        (-8, 16)]
    b = fight(("Bear", 30, {"size": "large"}), ("Cat", 3, {"size": "tiny"}),
              ("Man", 10))
    assert (size.natural_reach(b.c("Bear")), size.natural_reach(b.c("Bear"), True)) == \
        (3, 1.5)
    assert size.may_share_space(b.c("Bear"), b.c("Cat"))
    assert not size.may_share_space(b.c("Man"), b.c("Cat"))
    assert size.may_share_space(b.c("Bear"), b.c("Man"), mount=True)
    assert b.x("Cat", "size") == "tiny"
    with pytest.raises(BadInput):
        b.run("add", "Blob", hp=5, size="enormous-ish")


# --- Nascondersi ----------------------------------------------------------------------------

def test_35_HID_01_a_hidden_attacker_gets_plus_2_and_the_target_is_flat_footed():
    """35-HID-01 (Nascondersi): --hidden → the target is treated as flat-footed (AC 15,
    flat-footed 12 → 12) and the attacker as invisible (+2)."""
    b = duel(ac=15, flat_footed=12)
    e = hit(b.run("attack", "A", "B", bonus=3, roll="10", hidden=True))
    assert e.defense_value == 12 and e.modifiers["unseen attacker (Invisibile)"] == 2
    assert any(t.startswith("loses Dex to AC") for t in e.tags)
    b.run("next"), b.run("next")
    e = hit(b.run("attack", "A", "B", bonus=3, roll="10"))
    assert e.defense_value == 15 and e.total == 13
