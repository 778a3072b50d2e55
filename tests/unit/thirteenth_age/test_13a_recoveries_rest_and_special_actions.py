"""13th Age (seed 004), Recoveries, Rally, Fight in Spirit, Flee, Rest and Recharge —
through the CLI on fixture F (Bruna 40 hp, level 3, d10, Con +2, 8 recoveries)."""


def carried(bare, name="Bruna", level=3):
    """NAME as carried into a new battle of the campaign (hp, recoveries, penalties)."""
    bare("new Next --campaign C")
    bare(f"add {name} --pc --hp 40 --level {level} --recovery-die d10 --con-mod 2")
    return bare.c(name)


def after_battle(bare, damage=30):
    bare("new First --campaign C")
    bare("add Bruna --pc --hp 40 --level 3 --recovery-die d10 --con-mod 2")
    bare("add Kael --pc --hp 24 --level 3")
    bare("add Ogre --hp 60")
    bare("init Bruna=14 Kael=12 Ogre=9")
    bare(f"damage Bruna {damage}")
    bare("end")


def test_13A_REC_01_pcs_start_with_8_or_9_recoveries(t):
    """13A-REC-01: Bruna 8 by default; `--recoveries 9` -> 9."""
    assert t.c("Bruna")["recoveries"] == 8
    t("add X --pc --hp 30 --recoveries 9")
    assert t.c("X")["recoveries"] == 9


def test_13A_REC_02_potions_and_rallies_use_up_recoveries(t):
    """13A-REC-02: a potion -> 7; a rally -> 6."""
    t("damage Bruna 30")
    t("potion Bruna --roll 6 --action quick")
    assert t.c("Bruna")["recoveries"] == 7
    t("rally Bruna --roll 6")
    assert t.c("Bruna")["recoveries"] == 6


def test_13A_REC_03_a_recovery_is_level_dice_plus_con_never_above_max(t):
    """13A-REC-03: at 10 hp, `recover Bruna` rolls 3d10 (+2); --roll 15 -> 27, 7 left; at
    35, --roll 15 -> 40."""
    t("damage Bruna 30")
    t("recover Bruna")
    r = t.last("RecoverySpent")
    assert (r["roll"]["expr"], len(r["roll"]["faces"]), r["con_bonus"]) == ("3d10", 3, 2)
    assert t.hp("Bruna") == min(40, 10 + r["roll"]["total"] + 2)
    t("undo")
    t("recover Bruna --roll 15")
    assert (t.hp("Bruna"), t.c("Bruna")["recoveries"]) == (27, 7)
    t("heal Bruna 8")
    t("recover Bruna --roll 15")
    assert t.hp("Bruna") == 40


def test_13A_REC_04_con_doubled_at_5th_tripled_at_8th(t):
    """13A-REC-04: level 5, Con +2, at 20: --roll 10 -> 34; level 8 -> 36; Con -1 at 5th
    -> 28."""
    for name, level, con, hp in (("V", 5, 2, 34), ("W", 8, 2, 36), ("Y", 5, -1, 28)):
        t(f"add {name} --pc --hp 60 --level {level} --con-mod={con}")
        t(f"damage {name} 40")
        t(f"recover {name} --roll 10")
        assert t.hp(name) == hp, name


def test_13A_REC_05_no_recoveries_left_half_healing_and_minus_1(t):
    """13A-REC-05: Z (0 recoveries, d10, Con +1, AC 15) at 10: --roll 9 -> half of 10 =
    5 -> 15; -1 to attacks (round 2: 10 + 0 + 1 (die) - 1 = 10, not 11) and defenses (a
    goblin reads AC 14)."""
    t("add Z --pc --hp 30 --recoveries 0 --recovery-die d10 --con-mod 1 --ac 15")
    t("init Z=19")  # Z 19 acts first from round 2
    t("damage Z 20")
    t.to_round(2)
    t("recover Z --roll 9")
    assert t.hp("Z") == 15 and t.c("Z")["penalty"] == 1  # a penalty of 1
    t("attack Z Ogre --bonus 0 --vs ac --roll 10")
    assert t.last("AttackResolved")["total"] == 10
    t.until("Goblin 1")
    t('attack "Goblin 1" Z --bonus 0 --vs ac --roll 10')
    assert t.last("AttackResolved")["defense_value"] == 14


def test_13A_REC_06_the_penalty_stacks_and_a_heal_up_clears_it(bare):
    """13A-REC-06: a second recovery with none left -> -2; `heal-up` -> 0."""
    bare("new First --campaign C")
    bare("add Z --pc --hp 30 --recoveries 0 --recovery-die d10 --con-mod 1 --ac 15")
    bare("add Ogre --hp 60")
    bare("init Z=10 Ogre=5")
    bare("damage Z 20")
    bare("recover Z --roll 9"), bare("recover Z --roll 9")
    assert bare.c("Z")["penalty"] == 2  # a penalty of 2
    bare("end")
    bare("heal-up --campaign C")
    bare("new Next --campaign C")
    bare("add Z --pc --hp 30 --recovery-die d10 --con-mod 1 --ac 15")
    assert bare.c("Z")["penalty"] == 0


def test_13A_RALLY_01_once_a_battle_a_standard_action_rally(t):
    """13A-RALLY-01: at 20, `rally Bruna --roll 12` -> 34 (12 + 2), 7 recoveries, her
    standard spent; a monster's rally refused."""
    t("damage Bruna 20")
    t("rally Bruna --roll 12")
    b = t.c("Bruna")
    assert (b["hp"], b["recoveries"]) == (34, 7)
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 10", "standard")
    t.until("Ogre")
    t.no("rally Ogre --roll 5")


def test_13A_RALLY_02_a_second_rally_needs_a_normal_save(t):
    """13A-RALLY-02: next round, `rally Bruna --save 11 --roll 5` rallies (+7)."""
    t("damage Bruna 30")
    t("rally Bruna --roll 5")
    t.to_round(2)
    t("rally Bruna --save 11 --roll 5")
    assert t.hp("Bruna") == 10 + 7 + 7


def test_13A_RALLY_03_a_failed_rally_save_no_healing_turn_goes_on(t):
    """13A-RALLY-03: `--save 10`: no healing, no recovery spent, her standard still hers
    (an attack accepted); another rally that round refused."""
    t("damage Bruna 30")
    t("rally Bruna --roll 5")
    t.to_round(2)
    t("rally Bruna --save 10 --roll 5")
    b = t.c("Bruna")
    assert (b["hp"], b["recoveries"]) == (17, 7)
    t.no("rally Bruna --save 15 --roll 5")
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 10")


def test_13A_SPR_01_only_those_out_of_the_fight_fight_in_spirit(t):
    """13A-SPR-01: `spirit Bruna Kael` while she is up is refused; unconscious, accepted."""
    t.no("spirit Bruna Kael")
    t("damage Bruna 45")
    t("spirit Bruna Kael")


def test_13A_SPR_02_once_a_round(t):
    """13A-SPR-02: a second spirit that round refused; next round accepted."""
    t("damage Bruna 45")
    t("spirit Bruna Kael --amount 2")
    t.no("spirit Bruna Kael --amount 1")
    t.to_round(2)
    t("death-save Bruna --roll 10")
    t("spirit Bruna Kael --amount 1")


def test_13A_SPR_03_plus_2_the_first_time_a_battle_then_plus_1(t):
    """13A-SPR-03: first time --bonus ac --amount 2: Kael's AC 14 + 2 = 16 (a goblin's 15
    misses); a later --amount 2 refused, 1 accepted; --bonus hp is bad input."""
    t("damage Bruna 45")
    t.no("spirit Bruna Kael --bonus hp --amount 1")
    t("spirit Bruna Kael --bonus ac --amount 2")
    t.until("Goblin 1")
    t('attack "Goblin 1" Kael --bonus 0 --vs ac --roll 15')
    e = t.last("AttackResolved")
    assert (e["defense_value"], e["hit"]) == (16, False)
    t.to_round(2)
    t("death-save Bruna --roll 10")
    t.no("spirit Bruna Kael --bonus ac --amount 2")
    t("spirit Bruna Kael --bonus ac --amount 1")


def test_13A_SPR_04_the_bonus_lasts_one_to_two_rounds(t):
    """13A-SPR-04: the +2 AC given in round 1 is gone by round 3 (Kael's AC 14 again)."""
    t("damage Bruna 45")
    t("spirit Bruna Kael --bonus ac --amount 2")
    for r in (2, 3):
        t.to_round(r)
        t("death-save Bruna --roll 10")
    t("next")
    t('attack "Goblin 1" Kael --bonus 0 --vs ac --roll 14')
    e = t.last("AttackResolved")
    assert (e["defense_value"], e["hit"]) == (14, True)


def test_13A_FLEE_01_the_party_flees_with_a_campaign_loss(t):
    """13A-FLEE-01: on the Ogre's turn refused; on Bruna's turn every PC (the unconscious
    Kael carried) is fled, a campaign loss recorded, the encounter ended."""
    t.until("Ogre")
    t("damage Kael 30")
    t.no("flee")
    t("next")
    t("flee")
    s = t.state()
    assert s["combatants"]["Bruna"]["status"] == s["combatants"]["Kael"]["status"] == "fled"
    assert s["ended"] and "loss" in t("log").lower()


def test_13A_REST_02_a_quick_rest_spends_recoveries(bare):
    """13A-REST-02: after the battle Bruna at 10 with 8 recoveries: `rest Bruna --roll 12
    --roll 9` -> 10 + 14 + 11 = 35, 6 left; more rolls than recoveries, or a rest in a
    battle, refused."""
    after_battle(bare)
    bare("rest Bruna --roll 12 --roll 9")
    b = carried(bare)
    assert (b["hp"], b["recoveries"]) == (35, 6)
    bare("add Ogre --hp 60")
    bare("init Bruna=10 Ogre=5")
    bare.no("rest Bruna --roll 12 --campaign C")


def test_13A_REST_03_staggered_you_must_heal(bare):
    """13A-REST-03: staggered Bruna (10/40): `rest --spend 0` refused; `rest` alone spends
    one recovery."""
    after_battle(bare)
    bare.no("rest Bruna --spend 0")
    bare("rest Bruna")
    assert carried(bare)["recoveries"] == 7


def test_13A_REST_04_recharge_rolls_after_a_battle(bare):
    """13A-REST-04: `recharge Kael Fireball --need 16 --roll 16` recharged; `--roll 15`
    lost until after the next battle."""
    after_battle(bare)
    assert "recharged" in bare("recharge Kael Fireball --need 16 --roll 16")
    assert "still spent" in bare("recharge Kael Zap --need 16 --roll 15")


def test_13A_REST_05_a_full_heal_up_resets_hp_and_recoveries(bare):
    """13A-REST-05: after rests (10 -> 35, 6 recoveries), `heal-up` -> 40 and 8."""
    after_battle(bare)
    bare("rest Bruna --roll 12 --roll 9")
    bare("heal-up")
    b = carried(bare)
    assert (b["hp"], b["recoveries"], b["penalty"]) == (40, 8, 0)


def test_13A_REST_06_an_early_heal_up_is_a_campaign_loss(bare):
    """13A-REST-06 [F]: `heal-up --campaign-loss` heals up and records a campaign loss."""
    after_battle(bare)
    out = bare("heal-up --campaign-loss")
    assert "loss" in out.lower()
    assert carried(bare)["hp"] == 40
