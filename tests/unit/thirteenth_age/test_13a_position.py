"""13th Age (seed 004), Position, Movement and Melee, Disengaging, Intercepting, Targeting,
Flying, Teleportation and the opportunity attacks of Ranged and Spell Attacks — through
the CLI on fixture F (order: Bruna, Goblin 1..3, Kael, Ogre)."""

OA = "--opportunity --bonus 5 --vs ac --roll 14 --dmg 4 --kind melee"


def engaged(t, name):
    return t.c(name)["engaged_with"]


def set_up(t, *foes, who="Bruna"):
    """WHO engaged with FOES on Goblin 1's turn (spending none of WHO's actions), then
    on to WHO's turn in round 2."""
    t.until("Goblin 1")
    for foe in foes:
        t(f'engage "{foe}" {who}')
    t.to_round(2)
    t.until(who)


def test_13A_MOV_02_everyone_is_nearby_and_one_move_reaches_melee(t):
    """13A-MOV-02: all nearby by default; Bruna's melee attack on the Ogre spends one move
    (into melee) and engages it."""
    assert {c["whereabouts"] for c in t.state()["combatants"].values()} == {"nearby"}
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 3 --kind melee")
    assert engaged(t, "Bruna") == ["Ogre"]
    assert [e["action"] for e in t.events() if e["type"] == "Engaged"] == ["move"]


def test_13A_MOV_03_far_away_is_two_moves_from_melee(t):
    """13A-MOV-03: Kael far; a goblin's melee attack on him takes its move and its
    standard (as a second move), leaving no standard for the attack: refused."""
    t.until("Kael")
    t("move Kael far")
    assert t.c("Kael")["whereabouts"] == "far"
    t.until("Goblin 1")
    t.no('attack "Goblin 1" Kael --bonus 5 --vs ac --roll 14 --dmg 4 --kind melee')


def test_13A_MOV_04_teleporting_draws_no_opportunity_attacks(t):
    """13A-MOV-04: engaged Bruna teleports far: engagement over, no OA offered."""
    t('engage Bruna "Goblin 1"')
    t("teleport Bruna far")
    assert engaged(t, "Bruna") == [] and t.c("Bruna")["whereabouts"] == "far"
    t.no(f'attack "Goblin 1" Bruna {OA}')


def test_13A_ENG_01_behind_an_unengaged_ally(t):
    """13A-ENG-01 [F]: Kael behind Bruna; Bruna intercepts the Ogre going for him: engaged;
    behind the Ogre (not an ally) or an engaged ally is refused."""
    t.until("Kael")
    t.no("move Kael behind --ally Ogre", "not an ally")
    t("move Kael behind --ally Bruna")
    t.until("Ogre")
    t("intercept Bruna Ogre")
    assert engaged(t, "Ogre") == ["Bruna"]
    t.to_round(2)
    t.until("Kael")
    t.no("move Kael nearby --ally Bruna")
    t.no("move Kael behind --ally Bruna", "engaged")


def test_13A_ENG_02_intercepting_engages(t):
    """13A-ENG-02 [F]: `intercept Kael Ogre` -> engaged both ways, recorded as an
    intercept."""
    t("intercept Kael Ogre")
    assert engaged(t, "Kael") == ["Ogre"] and engaged(t, "Ogre") == ["Kael"]
    assert t.last("Engaged")["how"] == "intercept"


def test_13A_ENG_03_engagement_is_symmetric_and_only_with_enemies(t):
    """13A-ENG-03: all unengaged at first; `engage Bruna "Goblin 1"` engages both ways."""
    assert all(c["engaged_with"] == [] for c in t.state()["combatants"].values())
    t('engage Bruna "Goblin 1"')
    assert engaged(t, "Bruna") == ["Goblin 1"] and engaged(t, "Goblin 1") == ["Bruna"]


def test_13A_ENG_03_allies_do_not_engage_each_other(t):
    """13A-ENG-03 (a defect found in play): "engaged (locked in combat with one or more
    enemies)": `engage Bruna Kael` (two PCs) and `engage "Goblin 1" "Goblin 2"` are
    refused, and so is an intercept of an ally; so Kael gets no opportunity attack when
    Bruna moves away. A GM may --force it (a charmed ally): recorded with the ruling."""
    t.no("engage Bruna Kael", "allies")
    t.no('engage "Goblin 1" "Goblin 2"', "allies")
    t.no("intercept Kael Bruna", "allies")
    t("move Bruna far")
    t.no(f"attack Kael Bruna {OA}")
    t("undo")
    t('--force "Kael is charmed" engage Bruna Kael')
    assert engaged(t, "Bruna") == ["Kael"]
    assert any(e["type"] == "RulingRecorded" or "Ruling" in e["type"] for e in t.events())


def test_13A_ENG_04_allies_engaged_with_one_enemy_are_next_to_each_other(t):
    """13A-ENG-04: Bruna and Kael both engaged with the Ogre are next to each other: Kael
    stabilizes her without a move (13A-DTH-11); not so when only Kael is engaged."""
    t("engage Bruna Ogre")
    t("damage Bruna 45")
    t("next")
    t("engage Ogre Kael")
    t.until("Kael")
    t("stabilize Bruna Kael --roll 12")
    assert not [e for e in t.events() if e["type"] == "Moved" and e["name"] == "Kael"]


def test_13A_ENG_05_free_creatures_move_and_shoot_freely_and_intercept(t):
    """13A-ENG-05: unengaged Kael moves far and shoots the Ogre: no OA provoked; a free
    goblin may intercept Kael."""
    t.until("Kael")
    t("move Kael far")
    t("attack Kael Ogre --bonus 5 --vs ac --roll 12 --kind ranged")
    assert [e for e in t.events() if e.get("provoked")] == []
    t.no(f"attack Ogre Kael {OA}")
    t('intercept "Goblin 1" Kael')
    assert engaged(t, "Kael") == ["Goblin 1"]


def test_13A_ENG_06_engaged_creatures_attack_in_melee_without_moving(t):
    """13A-ENG-06: Bruna engaged with Goblin 1 attacks it in melee: no move spent (she can
    still move)."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t.to_round(2)
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 15 --dmg 3 --kind melee')
    t("move Bruna far")


def test_13A_ENG_07_a_melee_attack_from_free_first_moves_to_engage(t):
    """13A-ENG-07: unengaged Bruna's melee attack spends a move to engage; with her move
    and then her standard spent on moves, the attack is refused."""
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 3 --kind melee")
    assert engaged(t, "Bruna") == ["Ogre"]
    t("undo")
    t("move Bruna far"), t("move Bruna nearby")
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 3 --kind melee")


def test_13A_ENG_08_engaged_creatures_cannot_intercept(t):
    """13A-ENG-08: Bruna engaged with Goblin 1 can't intercept the Ogre; free Kael can."""
    t('engage Bruna "Goblin 1"')
    t.no("intercept Bruna Ogre", "engaged")
    t("intercept Kael Ogre")


def test_13A_ENG_10_a_disengage_check_is_a_normal_save_and_takes_the_move(t):
    """13A-ENG-10: engaged with Goblin 1, 11 succeeds, 10 fails; either spends the move."""
    set_up(t, "Goblin 1")
    t("disengage Bruna --roll 11")
    assert engaged(t, "Bruna") == []
    t("undo")
    t("disengage Bruna --roll 10")
    assert engaged(t, "Bruna") == ["Goblin 1"]
    assert t.last("DisengageAttempted")["action"] == "move"


def test_13A_ENG_11_minus_1_per_foe_beyond_the_first(t):
    """13A-ENG-11: three goblins: 13 - 2 = 11 succeeds from all; 12 - 2 = 10 fails; --from
    one goblin: 11 frees her from Goblin 1 only."""
    t.until("Goblin 1")
    for g in ("Goblin 1", "Goblin 2", "Goblin 3"):
        t(f'engage "{g}" Bruna')
    t.to_round(2)
    t("disengage Bruna --roll 13")
    assert engaged(t, "Bruna") == []
    t("undo")
    t("disengage Bruna --roll 12")
    assert len(engaged(t, "Bruna")) == 3
    t("undo")
    t('disengage Bruna --from "Goblin 1" --roll 11')
    assert engaged(t, "Bruna") == ["Goblin 2", "Goblin 3"]


def test_13A_ENG_12_after_a_successful_disengage_the_move_goes_on_without_oas(t):
    """13A-ENG-12: free after an 11, `move Bruna far` is the same move (her standard is
    still hers) and Goblin 1 gets no OA."""
    set_up(t, "Goblin 1")
    t("disengage Bruna --roll 11")
    t("move Bruna far")
    t.no(f'attack "Goblin 1" Bruna {OA}')
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --kind ranged")


def test_13A_ENG_13_a_failed_disengage_stays_engaged_without_oas(t):
    """13A-ENG-13: a 10: still engaged, no OA for Goblin 1; moving away then takes the
    standard and provokes."""
    set_up(t, "Goblin 1")
    t("disengage Bruna --roll 10")
    assert engaged(t, "Bruna") == ["Goblin 1"]
    t.no(f'attack "Goblin 1" Bruna {OA}')
    t("move Bruna far")
    assert t.last("Moved")["action"] == "standard"
    t(f'attack "Goblin 1" Bruna {OA}')


def test_13A_ENG_14_disengaging_uses_a_move_action(t):
    """13A-ENG-14: engaged with Goblin 1: a failed disengage (10) takes the move, a second
    (5) the standard (a move taken with it); a third move-type action is refused; a
    creature engaged with nobody has nothing to disengage from (nothing recorded)."""
    set_up(t, "Goblin 1")
    t("disengage Bruna --roll 10")
    assert t.last("DisengageAttempted")["action"] == "move"
    t("disengage Bruna --roll 5")
    assert t.last("DisengageAttempted")["action"] == "standard"
    t.no("disengage Bruna --roll 15", "no move action left")
    n = len(t.events())
    assert "not engaged" in t("disengage Kael --roll 15") and len(t.events()) == n


def test_13A_ENG_15_an_intercept_stops_the_mover_and_is_free(t):
    """13A-ENG-15 [F]: on Goblin 2's turn Kael intercepts it: engaged; its melee attack on
    Bruna is then refused; none of Kael's slots spent; an engaged Kael can't intercept
    again."""
    t.until("Goblin 2")
    t('intercept Kael "Goblin 2"')
    assert engaged(t, "Goblin 2") == ["Kael"]
    t.no('attack "Goblin 2" Bruna --bonus 5 --vs ac --roll 14 --kind melee')
    assert t.last("Engaged")["action"] in ("", "free")
    t.no('intercept Kael "Goblin 3"', "engaged")


def test_13A_OPP_01_moving_away_draws_an_oa_from_each_engaged_foe(t):
    """13A-OPP-01: engaged with Goblins 1 and 2, `move Bruna far`: each may make one OA;
    she is free; an unengaged mover provokes none (Kael)."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna'), t('engage "Goblin 2" Bruna')
    t.to_round(2)
    t("move Bruna far")
    assert engaged(t, "Bruna") == []
    t(f'attack "Goblin 1" Bruna {OA}')
    t(f'attack "Goblin 2" Bruna {OA}')
    t.until("Kael")
    t("move Kael far")
    t.no(f'attack "Goblin 3" Kael {OA}')


def test_13A_OPP_02_a_ranged_attack_provokes_the_engaged_foes_not_targeted(t):
    """13A-OPP-02: engaged with Goblins 1 and 2, Bruna shoots Goblin 1: Goblin 2 may make
    an OA, Goblin 1 may not."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna'), t('engage "Goblin 2" Bruna')
    t.to_round(2)
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 5 --kind ranged')
    t.no(f'attack "Goblin 1" Bruna {OA}')
    t(f'attack "Goblin 2" Bruna {OA}')


def test_13A_OPP_03_spells_draw_opportunity_attacks(t):
    """13A-OPP-03 (as 13A-OPP-06): Kael's spell while engaged with Goblin 1 provokes it."""
    t('engage "Goblin 1" Kael')
    t.until("Kael")
    t('attack Kael "Goblin 1" --bonus 5 --vs pd --roll 5 --kind spell')
    t(f'attack "Goblin 1" Kael {OA}')


def test_13A_OPP_04_an_oa_is_one_free_basic_melee_attack_by_an_engaged_foe(t):
    """13A-OPP-04: Bruna moves away from Goblin 1: its OA (14 + 5 = 19 vs 17, 4 damage) is
    accepted on her turn; a second for the same move, one by Goblin 3 (not engaged) and a
    ranged one are refused; an OA on the attacker's own turn is refused."""
    t('engage Bruna "Goblin 1"')
    t("move Bruna far")
    t.no(f'attack "Goblin 1" Bruna {OA.replace("melee", "ranged")}')
    t(f'attack "Goblin 1" Bruna {OA}')
    assert t.hp("Bruna") == 36
    t.no(f'attack "Goblin 1" Bruna {OA}')
    t.no(f'attack "Goblin 3" Bruna {OA}')
    t("next")
    t.no(f'attack "Goblin 1" Bruna {OA}')


def test_13A_OPP_05_a_ranged_attack_on_every_engaged_foe_provokes_none(t):
    """13A-OPP-05: engaged with Goblins 1 and 2, shooting both: no OA for either."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna'), t('engage "Goblin 2" Bruna')
    t.to_round(2)
    t('attack Bruna "Goblin 1","Goblin 2" --bonus 4 --vs ac --roll 5,5 --kind ranged')
    t.no(f'attack "Goblin 1" Bruna {OA}')
    t.no(f'attack "Goblin 2" Bruna {OA}')


def test_13A_OPP_06_spells_provoke_even_the_target_close_spells_do_not(t):
    """13A-OPP-06: Kael engaged with Goblin 1 casts at it: Goblin 1 may OA; a close spell
    provokes nothing."""
    t('engage "Goblin 1" Kael')
    t.until("Kael")
    t('attack Kael "Goblin 1" --bonus 5 --vs pd --roll 5 --kind close')
    t.no(f'attack "Goblin 1" Kael {OA}')
    t("undo")
    t('attack Kael "Goblin 1" --bonus 5 --vs pd --roll 5 --kind spell')
    t(f'attack "Goblin 1" Kael {OA}')


def test_13A_OPP_07_teleporting_ends_engagement_without_oas(t):
    """13A-OPP-07: engaged Bruna teleports: free, Goblin 1's OA refused."""
    t('engage Bruna "Goblin 1"')
    t("teleport Bruna far")
    assert engaged(t, "Goblin 1") == []
    t.no(f'attack "Goblin 1" Bruna {OA}')


def test_13A_TGT_02_you_cannot_target_yourself(t):
    """13A-TGT-02: `attack Bruna Bruna` and `attack Bruna Ogre,Bruna` are refused."""
    t.no("attack Bruna Bruna --bonus 4 --vs ac --roll 15")
    t.no("attack Bruna Ogre,Bruna --bonus 4 --vs ac --roll 15,15")


def test_13A_FLY_01_a_flyer_passes_over_unengaged_enemies_without_oas(t):
    """13A-FLY-01: Kael flies far over the goblins: no OA from any of them."""
    t.until("Kael")
    t("fly Kael")
    t("move Kael far")
    t.no(f'attack "Goblin 1" Kael {OA}')


def test_13A_FLY_02_only_airborne_flyers_intercept_a_flyer(t):
    """13A-FLY-02: flying Kael: a goblin on the ground can't intercept him; once it flies,
    it can."""
    t("fly Kael")
    t.no('intercept "Goblin 1" Kael', "flyer")
    t('fly "Goblin 1"')
    t('intercept "Goblin 1" Kael')


def test_13A_FLY_03_a_flyers_melee_attack_engages_as_on_the_ground(t):
    """13A-FLY-03: flying Kael's melee attack engages the Ogre; leaving draws its OA;
    a disengage check works as usual (11)."""
    t.until("Kael")
    t("fly Kael")
    t("attack Kael Ogre --bonus 5 --vs ac --roll 12 --kind melee")
    assert engaged(t, "Kael") == ["Ogre"]
    t.to_round(2)
    t.until("Kael")
    t("disengage Kael --roll 10")
    assert engaged(t, "Kael") == ["Ogre"]
    t("undo")
    t("disengage Kael --roll 11")
    assert engaged(t, "Kael") == []


def test_13A_FLY_04_a_swoop_at_minus_2_without_engaging(t):
    """13A-FLY-04: both flying: 13 + 5 - 2 = 16 vs AC 16 hits, no engagement; a swoop at a
    creature on the ground is refused."""
    t("fly Kael"), t("fly Ogre")
    t.until("Kael")
    t("attack Kael Ogre --kind melee --swoop --bonus 5 --vs ac --roll 13")
    e = t.last("AttackResolved")
    assert (e["total"], e["hit"]) == (16, True) and engaged(t, "Kael") == []
    t.no('attack Kael "Goblin 1" --kind melee --swoop --bonus 5 --vs ac --roll 13')
