"""13th Age (seed 004), Ongoing Damage, Saves, Resistance, Temporary Hit Points —
through the CLI on fixture F (Goblin 1 12 hp; Bruna 40)."""


def imp(t):
    t("add Imp --hp 30 --ac 10 --resist fire:16")
    t("init Imp=5")  # after the Ogre


def test_13A_ONG_01_ongoing_damage_at_the_end_of_the_turn_before_the_save(t):
    """13A-ONG-01: ongoing 5 fire on Goblin 1 on Bruna's turn: nothing yet; the end of its
    turn (`next --save "Goblin 1"=4`): 12 - 5 = 7, then the save (4, failed)."""
    t('ongoing "Goblin 1" 5 --type fire')
    assert t.hp("Goblin 1") == 12
    t("next")
    t('next --save "Goblin 1"=4')
    assert t.hp("Goblin 1") == 7 and t.c("Goblin 1")["ongoing"] != []


def test_13A_ONG_02_a_failed_save_repeats_it_a_success_ends_it(t):
    """13A-ONG-02: failed (4): 7 and again next round 2; then 11 ends it; a hard ongoing
    ends on 16 not 15, an easy one on 6 not 5."""
    t('ongoing "Goblin 1" 5 --type fire')
    t("next")
    t('next --save "Goblin 1"=4')
    t.until("Goblin 1")
    t('next --save "Goblin 1"=11')
    assert t.hp("Goblin 1") == 2 and t.c("Goblin 1")["ongoing"] == []
    for save, fail, ok in (("hard", 15, 16), ("easy", 5, 6)):
        t(f"ongoing Ogre 1 --save {save}")
        t.until("Ogre")
        t(f"next --save Ogre={fail}")
        assert t.c("Ogre")["ongoing"] != []
        t.until("Ogre")
        t(f"next --save Ogre={ok}")
        assert t.c("Ogre")["ongoing"] == []


def test_13A_ONG_03_after_the_battle_pcs_make_their_saves(t):
    """13A-ONG-03: Bruna with ongoing 5 fire and dazed (save ends); `end`: both cleared,
    with no damage taken (40)."""
    t("ongoing Bruna 5 --type fire")
    t("cond add Bruna dazed --save normal")
    t("end")
    b = t.c("Bruna")
    assert (b["hp"], b["ongoing"], b["conditions"]) == (40, [], [])


def test_13A_ONG_04_several_ongoing_effects_each_hit_then_each_saves(t):
    """13A-ONG-04: 5 fire and 3 poison on Bruna; `next --save Bruna=12,3`: 40 - 8 = 32
    first, then fire ends (12), poison stays (3)."""
    t("ongoing Bruna 5 --type fire")
    t("ongoing Bruna 3 --type poison")
    t("next --save Bruna=12,3")
    b = t.c("Bruna")
    assert b["hp"] == 32 and len(b["ongoing"]) == 1 and "poison" in str(b["ongoing"])


def test_13A_SAVE_02_a_save_is_a_d20_11_plus_with_no_standard_modifiers(t):
    """13A-SAVE-02: dazed Bruna in round 3 (die 2): 11 ends it, 10 does not; neither the
    die nor dazed's -4 nor her level changes the total."""
    t.to_round(3)
    t("cond add Bruna dazed")
    t("save Bruna --roll 10 --against dazed")
    assert t.c("Bruna")["conditions"] == ["dazed"]
    assert t.last("SaveRolled")["roll"]["total"] == 10
    t("save Bruna --roll 11 --against dazed")
    assert t.c("Bruna")["conditions"] == []


def test_13A_SAVE_03_easy_6_normal_11_hard_16(t):
    """13A-SAVE-03: easy 5 fails 6 succeeds; normal 10/11; hard 15/16."""
    for difficulty, fail, ok in (("easy", 5, 6), ("normal", 10, 11), ("hard", 15, 16)):
        t(f"cond add Bruna dazed --save {difficulty}")
        t(f"save Bruna --roll {fail} --against dazed --difficulty {difficulty}")
        assert t.c("Bruna")["conditions"] == ["dazed"], difficulty
        t(f"save Bruna --roll {ok} --against dazed --difficulty {difficulty}")
        assert t.c("Bruna")["conditions"] == [], difficulty


def test_13A_SAVE_04_occasional_bonuses_to_saves(t):
    """13A-SAVE-04: 9 + --save-bonus 2 = 11 ends dazed, the bonus recorded; an effect's
    save:+1 adds too (10 + 1 = 11)."""
    t("cond add Bruna dazed")
    t("save Bruna --roll 9 --save-bonus 2 --against dazed")
    assert t.c("Bruna")["conditions"] == [] and t.last("SaveRolled")["roll"]["total"] == 11
    t("cond add Bruna dazed")
    t('cond add Bruna "lucky charm" --mod save:+1')
    t("save Bruna --roll 10 --against dazed")
    assert "dazed" not in t.c("Bruna")["conditions"]


def test_13A_SAVE_05_death_saves_disengage_checks_and_rallies_are_saves(t):
    """13A-SAVE-05: --save-bonus adds to a disengage check (9 + 2 = 11 succeeds) and to a
    death save (14 + 2 = 16 wakes her)."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t.to_round(2)
    t("disengage Bruna --roll 9 --save-bonus 2")
    assert t.c("Bruna")["engaged_with"] == []
    t("damage Bruna 45")
    t.to_round(3)
    t("death-save Bruna --roll 14 --save-bonus 2 --recovery 10")
    assert t.c("Bruna")["status"] == "up"


def test_13A_RES_01_a_natural_below_the_resistance_halves_the_damage(t):
    """13A-RES-01: Imp fire:16: Kael's natural 16 fire 11 -> 11; 15 -> 5 (half, down);
    cold on a 15 -> 11."""
    imp(t)
    t.until("Kael")
    for natural, type_, taken in ((16, "fire", 11), (15, "fire", 5), (15, "cold", 11)):
        t(f"attack Kael Imp --bonus 5 --vs ac --roll {natural} --dmg 11 --type {type_}")
        assert t.last("AttackResolved")["damage"] == taken
        t("undo")


def test_13A_RES_02_resisted_ongoing_damage_uses_the_original_roll(t):
    """13A-RES-02: ongoing 5 fire from a natural 12 (< 16): 2 a tick; from a 17: 5."""
    imp(t)
    t("ongoing Imp 5 --type fire --natural 12")
    t.until("Imp")
    t("next --save Imp=2")
    assert t.hp("Imp") == 28
    t("ongoing Imp 5 --type cold")
    t("ongoing Imp 6 --type fire --natural 17")
    t.until("Imp")
    t("next --save Imp=2,2,2")
    assert t.hp("Imp") == 28 - 2 - 5 - 6


def test_13A_RES_03_resistance_is_immunity_to_normal_energy(t):
    """13A-RES-03: `damage Imp 8 --type fire --nonmagical` -> 0; without it the natural
    decides (--natural 3: 4)."""
    imp(t)
    t("damage Imp 8 --type fire --nonmagical")
    assert t.hp("Imp") == 30
    t("damage Imp 8 --type fire --natural 3")
    assert t.hp("Imp") == 26


def test_13A_RES_04_automatic_damage_fakes_an_attack_roll(t):
    """13A-RES-04: `damage Imp 9 --type fire` rolls and records a d20; --natural 16 -> 9;
    --natural 3 -> 4."""
    imp(t)
    t("damage Imp 9 --type fire")
    e = t.last("DamageTaken")
    assert e["fake_roll"] is not None and e["amount"] == (9 if e["natural"] >= 16 else 4)
    t("undo")
    t("damage Imp 9 --type fire --natural 16")
    assert t.hp("Imp") == 21
    t("damage Imp 9 --type fire --natural 3")
    assert t.hp("Imp") == 17


def test_13A_RES_05_resistance_applies_to_the_doubled_crit(t):
    """13A-RES-05: fire:16, natural 20 crit 11 -> 22 (full); an Imp with fire:18 and crit
    range 17: natural 17 crit 22, halved -> 11."""
    imp(t)
    t("add Wisp --hp 40 --ac 10 --resist fire:18")
    t("init Wisp=4")
    t.until("Kael")
    t("attack Kael Imp --bonus 5 --vs ac --roll 20 --dmg 11 --type fire")
    assert t.last("AttackResolved")["damage"] == 22
    t("undo")
    t("attack Kael Wisp --bonus 5 --vs ac --roll 17 --crit-range 17 --dmg 11 --type fire")
    e = t.last("AttackResolved")
    assert (e["crit"], e["damage"]) == (True, 11)


def test_13A_THP_01_temporary_hit_points_kept_apart(t):
    """13A-THP-01: `temp Bruna 8` -> temp 8, hp 40, max 40."""
    t("temp Bruna 8")
    b = t.c("Bruna")
    assert (b["temp_hp"], b["hp"], b["max_hp"]) == (8, 40, 40)


def test_13A_THP_02_temporary_hit_points_do_not_stack(t):
    """13A-THP-02: 8 then 5 -> 8; then 10 -> 10."""
    t("temp Bruna 8")
    t("temp Bruna 5")
    assert t.c("Bruna")["temp_hp"] == 8
    t("temp Bruna 10")
    assert t.c("Bruna")["temp_hp"] == 10


def test_13A_THP_03_damage_takes_temporary_hit_points_first(t):
    """13A-THP-03: temp 8, damage 12 -> temp 0, hp 36; staggered on hp alone (temp 30 at
    hp 20 is staggered)."""
    t("temp Bruna 8")
    t("damage Bruna 12")
    b = t.c("Bruna")
    assert (b["temp_hp"], b["hp"]) == (0, 36)
    t("damage Bruna 16")
    t("temp Bruna 30")
    assert t.c("Bruna")["staggered"]


def test_13A_THP_04_temporary_hit_points_drop_at_initiative_and_after_battle(bare):
    """13A-THP-04: temp 8 before `init` -> 0 at init; temp 8 in the fight -> 0 at `end`."""
    bare("new T")
    bare("add Bruna --pc --hp 40")
    bare("add Ogre --hp 60")
    bare("temp Bruna 8")
    bare("init Bruna=10 Ogre=5")
    assert bare.c("Bruna")["temp_hp"] == 0
    bare("temp Bruna 8")
    bare("end")
    assert bare.c("Bruna")["temp_hp"] == 0
