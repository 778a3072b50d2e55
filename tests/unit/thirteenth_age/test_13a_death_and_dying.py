"""13th Age (seed 004), Damage and Healing: Damage, Recoveries, Staggered, Unconscious,
Death and Dying, the optional Lasting-Wound and Meaningful Death rules, Temporary Hit
Points — through the CLI on fixture F (Bruna 40 hp, level 3, d10, Con +2; Kael 24)."""


def dying(t, damage=45):
    """Bruna drops on her own turn; `next` to her next turn (round 2), death save due."""
    t(f"damage Bruna {damage}")
    t.to_round(2)
    assert t.state()["turn"] == "Bruna"


def test_13A_DMG_09_monsters_are_slain_at_0_hp_pcs_start_dying(t):
    """13A-DMG-09: damage Ogre 60 -> dead and skipped by `next`; with --knock-out
    unconscious; damage Bruna 40 -> 0 hp, unconscious."""
    t("damage Ogre 60")
    assert t.c("Ogre")["status"] == "dead"
    t.until("Kael")
    t("next")
    assert t.state()["turn"] != "Ogre"
    t("undo"), t("undo"), t("undo"), t("undo"), t("undo"), t("undo")
    assert t.c("Ogre")["status"] == "up"
    t("damage Ogre 60 --knock-out")
    assert t.c("Ogre")["status"] == "unconscious"
    t("damage Bruna 40")
    assert (t.hp("Bruna"), t.c("Bruna")["status"]) == (0, "unconscious")


def test_13A_DMG_10_staggered_at_half_hit_points_or_fewer(t):
    """13A-DMG-10: Bruna 40: 21 not staggered, 20 staggered; Kael 24: 13 no, 12 yes; a
    25-hp PC: 13 no, 12 yes (12.5 is not rounded up)."""
    t("damage Bruna 19")
    assert not t.c("Bruna")["staggered"]
    t("damage Bruna 1")
    assert t.c("Bruna")["staggered"]
    t("damage Kael 11")
    assert not t.c("Kael")["staggered"]
    t("damage Kael 1")
    assert t.c("Kael")["staggered"]
    t("add Vex --pc --hp 25")
    t("damage Vex 12")
    assert not t.c("Vex")["staggered"]
    t("damage Vex 1")
    assert t.c("Vex")["staggered"]


def test_13A_DMG_10_below_0_hp_is_fewer_than_half_so_staggered(t):
    """13A-DMG-10 (a defect found in play): "half your hit points or fewer" includes 0
    and -5: Bruna at 0 and at -5 hp (unconscious) is staggered; dead, she is not."""
    t("damage Bruna 40")
    assert (t.hp("Bruna"), t.c("Bruna")["staggered"]) == (0, True)
    t("damage Bruna 5")
    assert (t.hp("Bruna"), t.c("Bruna")["staggered"]) == (-5, True)
    t("damage Bruna 20")
    assert (t.c("Bruna")["status"], t.c("Bruna")["staggered"]) == ("dead", False)


def test_13A_DMG_11_a_monster_is_staggered_by_half_its_hit_points_in_damage(t):
    """13A-DMG-11 [F]: the Ogre (60): 29 damage -> 31 hp, not staggered; 30 -> 30,
    staggered."""
    t("damage Ogre 29")
    assert not t.c("Ogre")["staggered"]
    t("damage Ogre 1")
    assert t.c("Ogre")["staggered"]


def test_13A_DTH_01_at_0_hp_or_below_unconscious_no_actions(t):
    """13A-DTH-01: damage Bruna 45 -> -5 (kept negative), unconscious; on her turn an
    attack and a move are refused."""
    t("damage Bruna 45")
    assert (t.hp("Bruna"), t.c("Bruna")["status"]) == (-5, "unconscious")
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 15", "unconscious")
    t.no("move Bruna far")
    t.to_round(2)
    t.no("next", "death save is due")  # `next` asks for the death save of her turn


def test_13A_DTH_02_a_monster_at_0_is_slain_unless_knocked_out(t):
    """13A-DTH-02 [F]: without --knock-out the goblin at 0 is dead; with it, unconscious
    (the characters' intent to keep it alive is the GM's input)."""
    t('damage "Goblin 1" 12')
    assert t.c("Goblin 1")["status"] == "dead"
    t('damage "Goblin 2" 12 --knock-out')
    assert t.c("Goblin 2")["status"] == "unconscious"


def test_13A_DTH_03_unconscious_is_helpless(t):
    """13A-DTH-03: Bruna at 0 hp is helpless: AC 17 - 4 = 13 (a goblin's 13 hits), and a
    coup de grace on her is allowed."""
    t("damage Bruna 40")
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t.to_round(2)
    dying_turn = t.state()["turn"]
    assert dying_turn == "Bruna"
    t("death-save Bruna --roll 10")
    t("next")
    t('attack "Goblin 1" Bruna --bonus 0 --vs ac --roll 13 --dmg 1 --coup-de-grace')
    e = t.last("AttackResolved")
    assert (e["defense_value"], e["hit"], e["crit"], e["damage"]) == (13, True, True, 2)


def test_13A_DTH_04_a_dying_pc_can_only_make_death_saves(t):
    """13A-DTH-04: on her turn, dying Bruna's attack is refused, her death save accepted."""
    dying(t)
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 15")
    t("death-save Bruna --roll 10")
    assert t.c("Bruna")["death_saves_failed"] == 1


def test_13A_DTH_05_a_death_save_is_rolled_at_the_start_of_your_turn_once(t):
    """13A-DTH-05: on the Ogre's turn refused; on her turn accepted, once."""
    t("damage Bruna 45")
    t.until("Ogre")
    t.no("death-save Bruna --roll 10", "start of Bruna's own turn")
    t("next")
    t("death-save Bruna --roll 10")
    t.no("death-save Bruna --roll 10", "already")


def test_13A_DTH_06_16_plus_spends_a_recovery_and_heals_from_0(t):
    """13A-DTH-06: at -5, a 16 with recovery dice 12: 0 + 12 + 2 (Con) = 14, up, 7
    recoveries; without --recovery the 3d10 are rolled and recorded."""
    dying(t)
    t("death-save Bruna --roll 16 --recovery 12")
    b = t.c("Bruna")
    assert (b["hp"], b["status"], b["recoveries"]) == (14, "up", 7)
    t("undo")
    t("death-save Bruna --roll 16")
    r = t.last("DeathSaveRolled")["recovery"]
    assert len(r["faces"]) == 3 and t.hp("Bruna") == r["total"] + 2


def test_13A_DTH_07_a_natural_20_acts_normally_that_turn_a_17_does_not(t):
    """13A-DTH-07: 20 -> conscious and may attack this turn; 17 -> conscious but the
    attack this turn is refused (13A-GAP-05, the tracker's reading)."""
    dying(t)
    t("death-save Bruna --roll 20 --recovery 10")
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 3")
    t("undo"), t("undo")
    t("death-save Bruna --roll 17 --recovery 10")
    assert t.c("Bruna")["status"] == "up"
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 3")


def test_13A_DTH_08_the_fourth_failed_death_save_in_a_battle_kills(t):
    """13A-DTH-08: 15, 2, 9 -> 3 failures, unconscious; a 16 in between wakes her but does
    not reset the count; dropped again, a fourth failure (14) -> dead."""
    dying(t)
    for natural in (15, 2, 9):
        t(f"death-save Bruna --roll {natural}")
        assert t.c("Bruna")["status"] == "unconscious"
        t.to_round(t.state()["round"] + 1)
    assert t.c("Bruna")["death_saves_failed"] == 3
    t("death-save Bruna --roll 16 --recovery 3")
    assert t.c("Bruna")["status"] == "up" and t.c("Bruna")["death_saves_failed"] == 3
    t("damage Bruna 20")
    t.to_round(t.state()["round"] + 1)
    t("death-save Bruna --roll 14")
    assert t.c("Bruna")["status"] == "dead"


def test_13A_DTH_09_death_at_negative_half_the_maximum(t):
    """13A-DTH-09: Bruna (40): -19 unconscious, -20 dead; Kael (24): -11 alive, -12 dead."""
    t("damage Bruna 59")
    assert (t.hp("Bruna"), t.c("Bruna")["status"]) == (-19, "unconscious")
    t("damage Bruna 1")
    assert t.c("Bruna")["status"] == "dead"
    t("damage Kael 35")
    assert (t.hp("Kael"), t.c("Kael")["status"]) == (-11, "unconscious")
    t("damage Kael 1")
    assert t.c("Kael")["status"] == "dead"


def test_13A_DTH_09_an_odd_maximum_dies_on_passing_half_not_before(t):
    """13A-DTH-09 (unclear in the seed, decided in death_and_dying's docstring): max 25,
    half is 12.5, which whole hit points can't equal: -12 is alive, -13 is dead."""
    t("add Vex --pc --hp 25")
    t("damage Vex 37")
    assert (t.hp("Vex"), t.c("Vex")["status"]) == (-12, "unconscious")
    t("damage Vex 1")
    assert (t.hp("Vex"), t.c("Vex")["status"]) == (-13, "dead")
    assert "25 hp: -13 is dead, -12 is not" in " ".join(t("death-save --help").split())


def test_13A_DTH_10_healing_a_dying_pc_starts_from_0(t):
    """13A-DTH-10: at -15, heal 8 -> 8, up; a potion fed by Kael (10 + Con 2) at -15 ->
    12."""
    t("damage Bruna 55")
    t("heal Bruna 8")
    assert (t.hp("Bruna"), t.c("Bruna")["status"]) == (8, "up")
    t("undo")
    t.until("Kael")
    t("potion Bruna --by Kael --roll 10")
    assert (t.hp("Bruna"), t.c("Bruna")["status"]) == (12, "up")


def test_13A_DTH_11_stabilize_dc_10_as_a_standard_action(t):
    """13A-DTH-11: on Kael's turn a 10 stabilizes Bruna (his standard spent; getting next
    to her took his move); a 9 changes nothing but spends it; an `up` target is refused;
    a second standard-action stabilize that turn is refused."""
    t("damage Bruna 45")
    t.until("Kael")
    t.no("stabilize Kael Kael --roll 12")
    t("stabilize Bruna Kael --roll 9")
    assert t.c("Bruna")["status"] == "unconscious"
    assert t.last("StabilizeAttempted")["action"] == "standard"
    t.no("stabilize Bruna Kael --roll 12")
    t("undo")
    t("stabilize Bruna Kael --roll 10")
    assert t.c("Bruna")["status"] == "stable"
    moved = [e for e in t.events() if e["type"] == "Moved" and e["name"] == "Kael"]
    assert moved[-1]["action"] == "move"


def test_13A_DTH_11_getting_next_to_the_dying_is_a_move_unless_already_next_to_them(t):
    """13A-DTH-11, "Get next to them" (decided in death_and_dying's docstring): Bruna and
    Kael both engaged with the Ogre are next to each other (13A-ENG-04): the stabilize
    spends no move of Kael's (no Moved event) and his move is still his."""
    t("engage Bruna Ogre")
    t("damage Bruna 45")
    t("next")
    t("engage Ogre Kael")  # out of both turns: where they stand, no action spent
    t.until("Kael")
    t("stabilize Bruna Kael --roll 12")
    assert t.c("Bruna")["status"] == "stable"
    assert not [e for e in t.events() if e["type"] == "Moved" and e["name"] == "Kael"]
    t("disengage Kael --roll 11")  # the move action, still unspent


def test_13A_DTH_11_an_engaged_helper_not_next_to_the_dying_is_refused(t):
    """13A-DTH-11: Kael engaged with Goblin 1, Bruna with nobody: refused until he gets
    free; forced, it is recorded with the ruling."""
    t('engage "Goblin 1" Kael')
    t("damage Bruna 45")
    t.until("Kael")
    t.no("stabilize Bruna Kael --roll 12", "not next to Bruna")
    t('--force "he reaches over" stabilize Bruna Kael --roll 12')
    assert t.c("Bruna")["status"] == "stable"


def test_13A_DTH_11_unengaged_the_stabilize_spends_the_move_and_beside_does_not(t):
    """13A-DTH-11: unengaged Kael: the stabilize spends his move (a further move takes
    his standard, already spent: refused); with --beside, his move is still his."""
    t("damage Bruna 45")
    t.until("Kael")
    t("stabilize Bruna Kael --roll 12")
    t.no("move Kael far")
    t("undo")
    t("stabilize Bruna Kael --roll 12 --beside")
    t("move Kael far")
    t("undo"), t("undo")
    t("move Kael far")
    t("stabilize Bruna Kael --roll 12")  # the move this turn took him there
    assert t.c("Bruna")["status"] == "stable"


def test_13A_DTH_12_a_stabilize_check_of_25_takes_only_a_quick_action(t):
    """13A-DTH-12: 25 -> stable, a quick action, Kael's standard still his (he attacks);
    24 -> the standard."""
    t("damage Bruna 45")
    t.until("Kael")
    t("stabilize Bruna Kael --roll 25 --beside")
    e = t.last("StabilizeAttempted")
    assert (e["quick"], e["action"]) == (True, "quick")
    t("attack Kael Ogre --bonus 5 --vs ac --roll 12")
    t("undo"), t("undo")
    t("stabilize Bruna Kael --roll 24 --beside")
    assert t.last("StabilizeAttempted")["action"] == "standard"


def test_13A_DTH_13_a_stable_character_ignores_failed_death_saves(t):
    """13A-DTH-13: stable Bruna rolls a 3: still stable, no failure counted; a 16 with
    recovery 8 wakes her (0 + 8 + 2 = 10)."""
    t("damage Bruna 45")
    t.until("Kael")
    t("stabilize Bruna Kael --roll 12")
    t.to_round(2)
    t("death-save Bruna --roll 3")
    b = t.c("Bruna")
    assert (b["status"], b["death_saves_failed"]) == ("stable", 0)
    t("undo")
    t("death-save Bruna --roll 16 --recovery 8")
    assert (t.c("Bruna")["status"], t.hp("Bruna")) == ("up", 10)


def test_13A_DTH_14_a_potion_for_the_dying_takes_a_standard_action(t):
    """13A-DTH-14: at -5, Kael feeds her a potion (6 + 2 = 8): up, his standard spent;
    --action quick for a dying drinker and a potion without --by are refused."""
    t("damage Bruna 45")
    t.until("Kael")
    t.no("potion Bruna --by Kael --roll 6 --action quick")
    t.no("potion Bruna --roll 6")
    t("potion Bruna --by Kael --roll 6")
    assert (t.hp("Bruna"), t.c("Bruna")["status"]) == (8, "up")
    t.no("attack Kael Ogre --bonus 5 --vs ac --roll 12", "standard")


def test_13A_DTH_15_lasting_wounds_cost_2_plus_level_once_a_fight(bare):
    """13A-DTH-15: with --rule lasting-wounds, Bruna (level 3) dropped twice in one fight:
    one wound, max 40 - 5 = 35 (at the fight's end); without the rule 40."""
    for rule, max_hp in (("--rule lasting-wounds", 35), ("", 40)):
        bare(f"new W{max_hp} --campaign C{max_hp} {rule}".strip())
        bare("add Bruna --pc --hp 40 --level 3")
        bare("add Ogre --hp 60")
        bare("init Bruna=10 Ogre=5")
        bare("damage Bruna 40"), bare("heal Bruna 10"), bare("damage Bruna 12")
        bare("heal Bruna 20")
        bare("end")
        assert bare.c("Bruna")["max_hp"] == max_hp


def test_13A_DTH_16_lasting_wounds_add_up_and_staggered_follows_the_new_maximum(bare):
    """13A-DTH-16: two fights with a drop (to 0, healed to 16): 40 - 5 - 5 = 30; carried
    into a third fight, 16/30 is not staggered, 15/30 is."""
    for name in ("W1", "W2"):
        bare(f"new {name} --rule lasting-wounds --campaign C")
        bare("add Bruna --pc --hp 40 --level 3")
        bare("add Ogre --hp 60")
        bare("init Bruna=10 Ogre=5")
        bare(f"damage Bruna {bare.hp('Bruna')}"), bare("heal Bruna 16")  # to 0, then 16
        bare("end")
    bare("new W3 --rule lasting-wounds --campaign C")
    bare("add Bruna --pc --hp 40 --level 3")  # carried: 16/30
    b = bare.c("Bruna")
    assert (b["max_hp"], b["hp"], b["staggered"]) == (30, 16, False)
    bare("add Ogre --hp 60")
    bare("init Bruna=10 Ogre=5")
    bare("damage Bruna 1")
    assert (bare.hp("Bruna"), bare.c("Bruna")["staggered"]) == (15, True)


def test_13A_DTH_17_a_full_heal_up_removes_all_lasting_wounds(bare):
    """13A-DTH-17: after a wound (max 35), heal-up -> max 40, hp 40."""
    bare("new W --rule lasting-wounds --campaign C")
    bare("add Bruna --pc --hp 40 --level 3")
    bare("add Ogre --hp 60")
    bare("init Bruna=10 Ogre=5")
    bare("damage Bruna 40"), bare("heal Bruna 10")
    bare("end")
    assert bare.c("Bruna")["max_hp"] == 35
    bare("heal-up --campaign C")
    bare("new X --campaign C")
    bare("add Bruna --pc --hp 40 --level 3")
    b = bare.c("Bruna")
    assert (b["max_hp"], b["hp"], b["lasting_wounds"]) == (40, 40, 0)


def test_13A_DTH_18_meaningful_death_a_coma_and_only_villains_slay(bare):
    """13A-DTH-18: with --rule meaningful-death, damage to -20 (-half max) from a
    non-villain does not kill; four failed death saves are a coma, not death; healing in
    the coma does not wake her; a villain's blow at -half max kills."""
    bare("new M --rule meaningful-death")
    bare("add Bruna --pc --hp 40 --level 3")
    bare("add Ogre --hp 60")
    bare("add Vargas --hp 80 --villain")
    bare("init Bruna=10 Ogre=5 Vargas=3")
    bare("damage Bruna 60")
    assert bare.c("Bruna")["status"] == "unconscious"
    for _ in range(4):
        bare.to_round(bare.state()["round"] + 1)
        bare("death-save Bruna --roll 3")
    b = bare.c("Bruna")
    assert b["status"] != "dead" and b["coma"]
    bare("heal Bruna 10")
    assert bare.c("Bruna")["status"] == "unconscious"
    bare.until("Vargas")
    bare("attack Vargas Bruna --bonus 10 --vs ac --roll 15 --dmg 40")
    assert bare.c("Bruna")["status"] == "dead"
