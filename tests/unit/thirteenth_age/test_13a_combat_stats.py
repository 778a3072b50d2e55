"""13th Age (seed 004), Combat Stats: Initiative Bonus, Attack Bonuses, Damage, Weapons,
Other Damage Types, Defenses, Stacking Rules — through the CLI on fixture F."""


def attacks(t, cmd_events=None):
    evs = t.events()
    last = evs[-1]["cmd"]
    return [e for e in evs if e["cmd"] == last and e["type"] == "AttackResolved"]


def test_13A_INI_01_initiative_is_a_natural_d20_plus_the_typed_bonus(t):
    """13A-INI-01: "Your initiative bonus is your Dexterity modifier + your level": F
    rolls Bruna 14 + 3 = 17, Kael 12 + 1 = 13, Ogre 9 + 2 = 11, the goblins 11 + 4 = 15."""
    cs = t.state()["combatants"]
    assert (cs["Bruna"]["initiative"], cs["Kael"]["initiative"], cs["Ogre"]["initiative"],
            cs["Goblin 1"]["initiative"]) == (17, 13, 11, 15)


def test_13A_ATK_01_a_total_equal_to_the_defense_hits_one_below_misses(t):
    """13A-ATK-01: d20 + bonus >= defense hits: 11 + 4 = 15 vs AC 15 hits (12 - 5 = 7);
    after undo, 10 + 4 = 14 misses (12)."""
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 11 --dmg 5')
    assert t.hp("Goblin 1") == 7
    t("undo")
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 10 --dmg 5')
    assert t.hp("Goblin 1") == 12 and not t.last("AttackResolved")["hit"]


def test_13A_ATK_02_the_defense_is_ac_pd_or_md(t):
    """13A-ATK-02: 11 + 4 = 15: vs PD 15 hits, vs MD 11 hits, vs AC 16 misses; --vs xx
    is bad input."""
    for vs, hit in (("pd", True), ("md", True), ("ac", False)):
        t(f"attack Bruna Ogre --bonus 4 --vs {vs} --roll 11 --action free")
        e = t.last("AttackResolved")
        assert (e["defense"], e["total"], e["hit"]) == (vs, 15, hit)
    t.no("attack Bruna Ogre --bonus 4 --vs xx --roll 11")


def test_13A_ATK_03_one_attack_roll_per_target(t):
    """13A-ATK-03: two targets, two rolls: 12 + 4 = 16 hits Goblin 1 (12 - 5 = 7), 3 + 4
    = 7 misses Goblin 2; one natural for two targets is bad input."""
    t.no('attack Bruna "Goblin 1","Goblin 2" --bonus 4 --vs ac --roll 12 --dmg 5')
    t('attack Bruna "Goblin 1","Goblin 2" --bonus 4 --vs ac --roll 12,3 --dmg 5')
    a, b = attacks(t)
    assert (a["target"], a["hit"], b["target"], b["hit"]) == ("Goblin 1", True,
                                                               "Goblin 2", False)
    assert (t.hp("Goblin 1"), t.hp("Goblin 2")) == (7, 12)


def test_13A_DMG_01_damage_is_subtracted_from_hit_points(t):
    """13A-DMG-01: 15 + 4 = 19 hits the Ogre, 9 damage: 60 - 9 = 51."""
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 9")
    assert t.hp("Ogre") == 51


def test_13A_DMG_02_several_targets_one_damage_roll(t):
    """13A-DMG-02: "only roll damage once": both goblins hit (19, 20 vs 15) and take the
    same 1d8 total, from one recorded roll."""
    t('attack Bruna "Goblin 1","Goblin 2" --bonus 4 --vs ac --roll 15,16 --damage 1d8')
    a, b = attacks(t)
    assert a["damage_roll"] == b["damage_roll"] and a["damage"] == b["damage"]
    assert t.hp("Goblin 1") == t.hp("Goblin 2") == 12 - a["damage"]


def test_13A_DMG_03_damage_adds_the_ability_modifier_once(t):
    """13A-DMG-03: WEAPON + Ability at level 3: the d8's face + 3."""
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --damage 1d8 --ability 3")
    e = t.last("AttackResolved")
    assert e["damage"] == e["damage_roll"]["faces"][0] + 3


def test_13A_DMG_04_at_5th_level_the_ability_modifier_is_doubled(t):
    """13A-DMG-04: Vex, level 5: --ability 3 adds 6; --ability -1 adds -2."""
    t("new V")
    t("add Vex --pc --hp 50 --level 5")
    t("add Ogre --hp 60 --ac 16")
    t("init Vex=10 Ogre=5")
    for ability, added in (("3", 6), ("-1", -2)):
        t(f"attack Vex Ogre --bonus 4 --vs ac --roll 15 --damage 1d8 --ability={ability} "
          "--action free")
        e = t.last("AttackResolved")
        assert e["damage"] == max(0, e["damage_roll"]["faces"][0] + added)


def test_13A_DMG_05_at_8th_level_the_ability_modifier_is_tripled(t):
    """13A-DMG-05: level 8: --ability 3 adds 9; --ability -1 adds -3."""
    t("new V")
    t("add Vex --pc --hp 80 --level 8")
    t("add Ogre --hp 60 --ac 16")
    t("init Vex=10 Ogre=5")
    for ability, added in (("3", 9), ("-1", -3)):
        t(f"attack Vex Ogre --bonus 4 --vs ac --roll 15 --damage 1d12 --ability={ability} "
          "--action free")
        e = t.last("AttackResolved")
        assert e["damage"] == max(0, e["damage_roll"]["faces"][0] + added)


def test_13A_DMG_08_damage_types_are_recorded_and_named_in_italian(t):
    """13A-DMG-08: force and negative energy (two of the seed's types) are accepted and
    recorded as typed, and each deals its 5 (60 - 10 = 50); the Italian log names
    negative energy "energia negativa"; a type outside the list is kept as typed."""
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 5 --type force --action free")
    assert t.last("AttackResolved")["damage_type"] == "force"
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 5 --type negative-energy "
      "--action free")
    assert t.last("AttackResolved")["damage_type"] == "negative-energy"
    assert t.hp("Ogre") == 50
    assert "energia negativa" in t("--lang it log").lower()
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 5 --type shadow --action free")
    assert t.last("AttackResolved")["damage_type"] == "shadow" and t.hp("Ogre") == 45


def test_13A_DEF_01_three_defenses(t):
    """13A-DEF-01: AC, PD and MD are kept apart: the Ogre 16, 15, 11."""
    o = t.c("Ogre")
    assert (o["ac"], o["pd"], o["md"]) == (16, 15, 11)


def test_13A_STK_01_bonuses_to_one_stat_stack(t):
    """13A-STK-01: bless +1 and battle cry +2 on attacks: 9 + 4 + 3 = 16 vs AC 16 hits."""
    t('cond add Bruna bless --mod attack:+1')
    t('cond add Bruna "battle cry" --mod attack:+2')
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 9")
    e = t.last("AttackResolved")
    assert (e["total"], e["hit"]) == (16, True)


def test_13A_STK_02_magic_item_bonuses_do_not_stack_the_best_is_typed(t):
    """13A-STK-02 [F]: the tracker has no items: the GM types only the best item bonus in
    --bonus; two item bonuses given as one named effect ("item") are one effect, never
    added (+2 kept: 9 + 4 + 2 = 15 misses AC 16, not 16)."""
    t('cond add Bruna item --mod attack:+1')
    t('cond add Bruna item --mod attack:+2')
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 9")
    e = t.last("AttackResolved")
    assert e["total"] == 15 and not e["hit"]


def test_13A_STK_03_condition_penalties_do_not_stack(t):
    """13A-STK-03: dazed (-4 attacks) and weakened (-4 attacks and defenses): Bruna's
    attack 15 + 4 - 4 = 15, not 11; AC 17 - 4 = 13."""
    t("cond add Bruna dazed")
    t("cond add Bruna weakened")
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 15')
    assert t.last("AttackResolved")["total"] == 15
    t.until("Goblin 1")
    t("attack \"Goblin 1\" Bruna --bonus 0 --vs ac --roll 13")
    e = t.last("AttackResolved")
    assert (e["defense_value"], e["hit"]) == (13, True)


def test_13A_STK_04_an_effect_does_not_stack_with_itself(t):
    """13A-STK-04: bless +1 twice on Bruna is one bless: 10 + 4 + 1 = 15 misses AC 16;
    the same for a monster (the Ogre's bless twice: 10 + 5 + 1 = 16 misses AC 17)."""
    t('cond add Bruna bless --mod attack:+1')
    t('cond add Bruna bless --mod attack:+1')
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 10")
    assert t.last("AttackResolved")["total"] == 15
    t('cond add Ogre bless --mod attack:+1')
    t('cond add Ogre bless --mod attack:+1')
    t.until("Ogre")
    t("attack Ogre Bruna --bonus 5 --vs ac --roll 10")
    e = t.last("AttackResolved")
    assert (e["total"], e["hit"]) == (16, False)
