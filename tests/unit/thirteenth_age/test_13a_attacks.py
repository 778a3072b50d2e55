"""13th Age (seed 004), Attacks: Target Hit Points, Crits, Fumbles, Damage on Miss,
Flexible Attacks, Unarmed Attacks, Two-Weapon Fighting, and the Combat Modifiers
(Shooting into Melee, Invisibility) — through the CLI on fixture F (Ogre AC 16, 60 hp)."""

ATTACK = "attack Bruna Ogre --bonus 4 --vs ac"


def last(t):
    return t.last("AttackResolved")


def test_13A_ATK_06_target_hit_points_are_current_hit_points(t):
    """13A-ATK-06: the Ogre damaged to 25: `state` shows hp 25 (the value an effect on
    "30 hp or fewer" reads), max 60 unchanged."""
    t("damage Ogre 35")
    o = t.c("Ogre")
    assert (o["hp"], o["max_hp"]) == (25, 60)


def test_13A_ATK_07_a_miss_deals_no_damage_unless_the_attack_says(t):
    """13A-ATK-07: 5 + 4 = 9 misses: 60; with --miss 3: 57; --miss on a hit is not added
    (15 + 4 = 19 hits for 9: 48)."""
    t(f"{ATTACK} --roll 5 --dmg 9 --action free")
    assert t.hp("Ogre") == 60
    t(f"{ATTACK} --roll 5 --dmg 9 --miss 3 --action free")
    assert t.hp("Ogre") == 57
    t(f"{ATTACK} --roll 15 --dmg 9 --miss 3 --action free")
    assert t.hp("Ogre") == 48


def test_13A_ATK_08_flexible_attacks_read_the_natural_roll(t):
    """13A-ATK-08: --flexible with 12 + 4 = 16 vs 16: a hit, the natural 12 recorded for
    the trigger (even), not the total 16."""
    t(f"{ATTACK} --flexible --roll 12")
    e = last(t)
    assert (e["natural"], e["total"], e["hit"]) == (12, 16, True)
    assert any("12" in x or "even" in x for x in e["tags"])


def test_13A_ATK_09_one_flexible_attack_at_a_time(t):
    """13A-ATK-09: one attack roll, one flexible attack: a single --flexible attack records
    one roll and one natural, read once."""
    t(f"{ATTACK} --flexible --roll 11")
    evs = [e for e in t.events() if e["type"] == "AttackResolved"]
    assert len(evs) == 1 and evs[0]["natural"] == 11


def test_13A_ATK_10_no_flexible_attack_as_an_opportunity_attack(t):
    """13A-ATK-10: Goblin 1's OA on Bruna moving away with --flexible is refused."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t.to_round(2)
    t("move Bruna far")
    t.no('attack "Goblin 1" Bruna --opportunity --flexible --bonus 5 --vs ac --roll 14')
    t('attack "Goblin 1" Bruna --opportunity --bonus 5 --vs ac --roll 14')


def test_13A_ATK_12_unarmed_minus_2_against_ac_level_dice(t):
    """13A-ATK-12: level 3: 12 + 6 - 2 = 16 vs AC 16 hits; --vs pd refused; a miss (5)
    deals no damage, and miss damage for a punch is bad input ("If you miss, no
    damage")."""
    t(f"attack Bruna Ogre --unarmed --bonus 6 --vs ac --roll 12 --action free")
    e = last(t)
    assert (e["total"], e["hit"]) == (16, True)
    t.no("attack Bruna Ogre --unarmed --bonus 6 --vs pd --roll 12")
    t.no("attack Bruna Ogre --unarmed --bonus 6 --vs ac --roll 5 --miss 3", "--miss")
    t("attack Bruna Ogre --unarmed --bonus 6 --vs ac --roll 5 --action free")
    assert (last(t)["hit"], last(t)["damage"]) == (False, 0)


def test_13A_ATK_13_two_weapons_reroll_a_natural_2_and_use_the_reroll(t):
    """13A-ATK-13: --two-weapon --roll 2 --reroll 15: the natural used is 15, 15 + 4 = 19
    hits for 8 (52), both faces recorded; without a reroll the 2 stands or is rolled."""
    t(f"{ATTACK} --two-weapon --roll 2 --reroll 15 --dmg 8")
    e = last(t)
    assert (e["natural"], e["rerolled_from"], e["hit"]) == (15, 2, True)
    assert t.hp("Ogre") == 52


def test_13A_ATK_13_a_reroll_without_a_natural_2_is_bad_input(t):
    """13A-ATK-13 (a defect found in play): `--roll 5 --reroll 15` used to record a miss,
    the reroll silently dropped; the seed rerolls only a natural 2: bad input (one line,
    exit 2, store unchanged), and so is --reroll without --two-weapon."""
    t.no(f"{ATTACK} --two-weapon --roll 5 --reroll 15 --dmg 8", "--reroll")
    t.no(f"{ATTACK} --roll 2 --reroll 15 --dmg 8", "--reroll")
    t(f"{ATTACK} --two-weapon --roll 5 --dmg 8")
    assert not last(t)["hit"] and last(t)["rerolled_from"] is None


def test_13A_CRIT_01_a_natural_20_is_a_crit_for_double_damage(t):
    """13A-CRIT-01: 20 + 0 vs AC 16: crit, 9 x 2 = 18 (60 - 18 = 42)."""
    t("attack Bruna Ogre --bonus 0 --vs ac --roll 20 --dmg 9")
    e = last(t)
    assert (e["crit"], e["damage"]) == (True, 18) and t.hp("Ogre") == 42


def test_13A_CRIT_02_the_whole_damage_is_doubled(t):
    """13A-CRIT-02: --damage 1d8+3 on a crit: (face + 3) x 2, not the dice twice."""
    t(f"{ATTACK} --roll 20 --damage 1d8+3")
    e = last(t)
    assert e["damage"] == 2 * (e["damage_roll"]["faces"][0] + 3)


def test_13A_CRIT_03_doubling_a_crit_triples_then_quadruples(t):
    """13A-CRIT-03: crit --dmg 10: --double-crit -> 30; --double-crits 1 -> 30; 2 -> 40."""
    for opt, dmg in (("--double-crit", 30), ("--double-crits 1", 30), ("--double-crits 2", 40)):
        t(f"{ATTACK} --roll 20 --dmg 10 {opt}")
        assert last(t)["damage"] == dmg
        t("undo")


def test_13A_CRIT_04_an_expanded_crit_range(t):
    """13A-CRIT-04: --crit-range 19: 19 + 4 = 23 hits, crit, 20; 18 is no crit (10)."""
    t(f"{ATTACK} --crit-range 19 --roll 19 --dmg 10 --action free")
    assert (last(t)["crit"], last(t)["damage"]) == (True, 20)
    t(f"{ATTACK} --crit-range 19 --roll 18 --dmg 10 --action free")
    assert (last(t)["crit"], last(t)["damage"]) == (False, 10)


def test_13A_CRIT_05_a_natural_1_has_no_effect_not_even_miss_damage(t):
    """13A-CRIT-05: --bonus 30 --roll 1 --dmg 9 --miss 4 --ongoing 5: a miss, 60 hp, no
    ongoing damage."""
    t("attack Bruna Ogre --bonus 30 --vs ac --roll 1 --dmg 9 --miss 4 --ongoing 5")
    e = last(t)
    assert (e["fumble"], e["hit"], e["damage"]) == (True, False, 0)
    assert t.hp("Ogre") == 60 and t.c("Ogre")["ongoing"] == []


def test_13A_CRIT_06_a_fumbles_bad_result_is_the_gms_ruling(t):
    """13A-CRIT-06 [F]: a fumble records nothing more by itself; the GM's bad result is a
    `ruling`, recorded; shooting into melee is 13A-MOD-02."""
    t(f"{ATTACK} --roll 1")
    t('ruling "Bruna slips on the wet stones"')
    assert "slips" in t("log")


def test_13A_MOD_01_plus_or_minus_2_for_circumstances(t):
    """13A-MOD-01 [F]: --mod 2: 10 + 4 + 2 = 16 hits AC 16; --mod -2: 12 misses; the
    modifier is recorded apart."""
    t(f"{ATTACK} --mod 2 --roll 10 --action free")
    assert (last(t)["total"], last(t)["hit"]) == (16, True)
    assert 2 in last(t)["modifiers"].values()
    t(f"{ATTACK} --mod=-2 --roll 10 --action free")
    assert (last(t)["total"], last(t)["hit"]) == (12, False)


def test_13A_MOD_02_a_fumble_into_melee_is_rerolled_against_the_engaged_ally(t):
    """13A-MOD-02 [F]: Bruna engaged with Goblin 1; Kael shoots it and rolls a 1: the
    reroll 17 + 5 = 22 hits Bruna (AC 17) for 6 (34); --ally Kael (not in that melee)
    refused."""
    t('engage Bruna "Goblin 1"')
    t.until("Kael")
    t.no('attack Kael "Goblin 1" --kind ranged --roll 1 --ally Kael --ally-roll 17 '
         '--bonus 5 --vs ac --dmg 6')
    t('attack Kael "Goblin 1" --kind ranged --roll 1 --ally Bruna --ally-roll 17 '
      '--bonus 5 --vs ac --dmg 6')
    e = last(t)
    assert (e["target"], e["total"], e["hit"]) == ("Bruna", 22, True)
    assert t.hp("Bruna") == 34


def test_13A_MOD_04_invisible_50_percent_to_miss_before_the_roll(t):
    """13A-MOD-04 [F]: --invisible with a d100 of 30: a miss before the roll, no damage,
    no miss damage; with 51 the roll decides (19 + 4 = 23 hits for 8)."""
    t(f"{ATTACK} --invisible --concealment 30 --roll 19 --dmg 8 --miss 2 --action free")
    e = last(t)
    assert (e["concealed_miss"], e["hit"], e["damage"]) == (True, False, 0)
    assert t.hp("Ogre") == 60
    t(f"{ATTACK} --invisible --concealment 51 --roll 19 --dmg 8 --action free")
    assert last(t)["hit"] and t.hp("Ogre") == 52
