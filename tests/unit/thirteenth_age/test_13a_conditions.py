"""13th Age (seed 004), Special Attacks and Effects: Conditions, Coup de Grace, Grabbed
— through the CLI on fixture F (Bruna AC 17 PD 14 MD 12; Ogre AC 16 PD 15 MD 11)."""


def conds(t, name):
    return str(t.c(name)["conditions"])


def defenses(t, name):
    """NAME's AC, PD and MD as an attack reads them now (an attack against each, undone):
    by Bruna on her turn, or by Goblin 1 against Bruna on its turn."""
    attacker = "Goblin 1" if name == "Bruna" else "Bruna"
    if t.state()["turn"] != attacker:
        t.until(attacker)
    out = []
    for vs in ("ac", "pd", "md"):
        t(f'attack "{attacker}" {name} --bonus 0 --vs {vs} --roll 2 --action free')
        out.append(t.last("AttackResolved")["defense_value"])
        t("undo")
    return tuple(out)


def grabbed(t):
    """The Ogre grabs Bruna (on Goblin 1's turn), then round 2, Bruna's turn."""
    t.until("Goblin 1")
    t("cond add Bruna grabbed --by Ogre")
    t.to_round(2)


def test_13A_COND_01_one_instance_of_a_condition_the_worst_counts(t):
    """13A-COND-01: dazed (easy) then dazed (hard): one dazed, the hard save (an 11 at the
    end of her turn does not end it); weakened and stunned: defenses -4 (13 10 8), not
    -8."""
    t("cond add Bruna dazed --save easy")
    t("cond add Bruna dazed --save hard")
    assert t.c("Bruna")["conditions"] == ["dazed"]
    t("next --save Bruna=11")
    assert t.c("Bruna")["conditions"] == ["dazed"]
    t("cond add Bruna weakened"), t("cond add Bruna stunned")
    assert defenses(t, "Bruna") == (13, 10, 8)


def test_13A_COND_02_confused_no_oas_and_attacks_a_random_nearby_ally(t):
    """13A-COND-02: confused Goblin 1: its OA refused; on its turn `attack "Goblin 1" ally
    --pick 2` goes to the second goblin ally; attacking Bruna is refused."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t('cond add "Goblin 1" confused')
    t.to_round(2)
    t("move Bruna far")
    t.no('attack "Goblin 1" Bruna --opportunity --bonus 5 --vs ac --roll 14')
    t("next")
    t.no('attack "Goblin 1" Bruna --bonus 5 --vs ac --roll 14')
    t('attack "Goblin 1" ally --pick 2 --bonus 5 --vs ac --roll 14')
    assert t.last("AttackResolved")["target"] == "Goblin 3"


def test_a_confused_attack_typed_again_is_decided_again_as_recorded(t):
    """13A-COND-02, verified: one line `attack "Goblin 1" ally ...` in three rounds, the
    die picking the ally each time; verify decides a recurring line from one order, so
    the ally picked the first time must not become the target the next times."""
    t('cond add "Goblin 1" confused --until end-of-battle')
    for _ in range(3):
        t.until("Goblin 1")
        t('attack "Goblin 1" ally --bonus 5 --vs ac --roll 14 --dmg 1')
        t("next")
    assert len({e["target"] for e in t.events() if e["type"] == "AttackResolved"}) > 1
    assert t("verify").startswith("ok: ")


def test_13A_COND_03_dazed_minus_4_to_attacks(t):
    """13A-COND-03: dazed Bruna: 15 + 4 - 4 = 15 hits Goblin 1 (AC 15); 14 -> 14 misses."""
    t("cond add Bruna dazed")
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 15 --action quick')
    assert (t.last("AttackResolved")["total"], t.last("AttackResolved")["hit"]) == (15, True)
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 14')
    assert (t.last("AttackResolved")["total"], t.last("AttackResolved")["hit"]) == (14, False)


def test_13A_COND_04_fear_dazes_and_takes_the_escalation_die(t):
    """13A-COND-04: round 2 (die 1), Bruna afraid: 10 + 4 - 4 = 10, no die; fear and
    dazed together: still -4 once."""
    t.to_round(2)
    t("cond add Bruna fear")
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 10 --action quick')
    assert t.last("AttackResolved")["total"] == 10
    t("cond add Bruna dazed")
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 10')
    assert t.last("AttackResolved")["total"] == 10


def test_13A_COND_05_hampered_only_basic_attacks_moves_normally(t):
    """13A-COND-05: hampered Bruna: a --basic attack accepted, a non-basic one refused;
    she moves far."""
    t("cond add Bruna hampered")
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 10", "basic")
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 10 --basic")
    t("move Bruna far")


def test_13A_COND_06_helpless_minus_4_to_all_defenses(t):
    """13A-COND-06: helpless Ogre: 8 + 4 = 12 vs AC 16 - 4 = 12 hits; PD 11, MD 7."""
    t("cond add Ogre helpless")
    assert defenses(t, "Ogre") == (12, 11, 7)
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 8")
    assert t.last("AttackResolved")["hit"]


def test_13A_COND_07_stuck_cannot_move_or_disengage_but_teleports(t):
    """13A-COND-07: stuck Bruna (engaged with Goblin 1): move far, move behind, disengage
    refused; teleport far accepted."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t("cond add Bruna stuck")
    t.to_round(2)
    t.no("move Bruna far", "stuck")
    t.no("move Bruna behind --ally Kael", "stuck")
    t.no("disengage Bruna --roll 15", "stuck")
    t("teleport Bruna far")


def test_13A_COND_08_stunned_minus_4_defenses_and_no_actions(t):
    """13A-COND-08: stunned Bruna: AC 13 PD 10 MD 8; attack, move and quick refused; her
    OA refused; her end-of-turn saves still happen (dazed ends on 11)."""
    t("cond add Bruna stunned")
    assert defenses(t, "Bruna") == (13, 10, 8)
    t.to_round(2)
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 10", "stunned")
    t.no("move Bruna far", "stunned")
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 10 --action quick", "stunned")
    t("cond add Bruna dazed --save normal")
    t("next --save Bruna=11")
    assert "dazed" not in conds(t, "Bruna")
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t('move "Goblin 1" far')
    t.no('attack Bruna "Goblin 1" --opportunity --bonus 4 --vs ac --roll 10')


def test_13A_COND_09_vulnerable_expands_the_crit_range_by_2(t):
    """13A-COND-09: vulnerable Ogre: 18 + 4 = 22 hits, crit, 20; 17 no crit; with
    --crit-range 19, 17 crits."""
    t("cond add Ogre vulnerable")
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 18 --dmg 10 --action free")
    assert (t.last("AttackResolved")["crit"], t.last("AttackResolved")["damage"]) == (True, 20)
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 17 --dmg 10 --action free")
    assert not t.last("AttackResolved")["crit"]
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 17 --dmg 10 --crit-range 19 --action free")
    assert t.last("AttackResolved")["crit"]


def test_13A_COND_10_weakened_minus_4_to_attacks_and_defenses(t):
    """13A-COND-10: weakened Bruna: AC 13 PD 10 MD 8; in round 2 (die 1) her attack
    14 + 4 - 4 + 1 = 15."""
    t("cond add Bruna weakened")
    assert defenses(t, "Bruna") == (13, 10, 8)
    t.to_round(2)
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 14')
    assert t.last("AttackResolved")["total"] == 15


def test_13A_COND_11_the_seeds_conditions_and_their_italian_names(t):
    """13A-COND-11: dazed --save normal ends on 11 at the end of Bruna's turn; --until
    end-of-turn lapses then; the ten conditions are accepted, the Italian state names
    them (Frastornato ... Afferrato)."""
    t("cond add Bruna dazed --save normal")
    t("cond add Bruna hampered --until end-of-turn")
    t("next --save Bruna=11")
    assert "dazed" not in conds(t, "Bruna") and "hampered" not in conds(t, "Bruna")
    for c in ("confused", "dazed", "fear", "hampered", "helpless", "stuck", "stunned",
              "vulnerable", "weakened"):
        t(f"cond add Ogre {c}")
    t("cond add Kael grabbed --by Ogre")
    it = t("--lang it state").lower()
    for word in ("frastornato", "paura", "impedito", "indifeso", "invischiato",
                 "stordito", "vulnerabile", "indebolito", "confuso", "afferrato"):
        assert word in it, word


def test_13A_CDG_01_a_coup_de_grace_on_a_helpless_engaged_enemy_crits(t):
    """13A-CDG-01: helpless Ogre engaged with Bruna: 3 + 0 -> hit, crit, 10 x 2 = 20;
    against a target not helpless, or not engaged, refused."""
    t.until("Goblin 1")
    t("engage Ogre Bruna")
    t.to_round(2)
    t.no("attack Bruna Ogre --coup-de-grace --bonus 0 --vs ac --roll 3 --dmg 10", "helpless")
    t("cond add Ogre helpless")
    t('cond add "Goblin 1" helpless')
    t.no('attack Bruna "Goblin 1" --coup-de-grace --bonus 0 --vs ac --roll 3 --dmg 10')
    t("attack Bruna Ogre --coup-de-grace --bonus 0 --vs ac --roll 3 --dmg 10")
    e = t.last("AttackResolved")
    assert (e["hit"], e["crit"], e["damage"]) == (True, True, 20) and t.hp("Ogre") == 40


def cdg_ready(t):
    t.until("Goblin 1")
    t("engage Ogre Bruna")
    t("cond add Ogre helpless")
    t.to_round(2)


def test_13A_CDG_02_skip_your_move_and_quick_action(t):
    """13A-CDG-02: after a quick action the coup de grace is refused; after it, a move is
    refused."""
    cdg_ready(t)
    t("attack Bruna Ogre --bonus 0 --vs ac --roll 3 --action quick")
    t.no("attack Bruna Ogre --coup-de-grace --bonus 0 --vs ac --roll 3 --dmg 10")
    t("undo")
    t("attack Bruna Ogre --coup-de-grace --bonus 0 --vs ac --roll 3 --dmg 10")
    t.no("move Bruna far", "coup de grace")


def test_13A_CDG_03_a_standard_action_attack_on_your_turn(t):
    """13A-CDG-03: as an opportunity attack, or as a quick action, refused."""
    cdg_ready(t)
    t.no("attack Bruna Ogre --coup-de-grace --opportunity --bonus 0 --vs ac --roll 3")
    t.no("attack Bruna Ogre --coup-de-grace --action quick --bonus 0 --vs ac --roll 3")


def test_13A_CDG_04_it_targets_only_the_helpless_enemy(t):
    """13A-CDG-04: `attack Bruna Ogre,"Goblin 1" --coup-de-grace` refused."""
    cdg_ready(t)
    t.no('attack Bruna Ogre,"Goblin 1" --coup-de-grace --bonus 0 --vs ac --roll 3,3')


def test_13A_GRAB_01_grabbed_is_engaged_and_letting_go_is_free(t):
    """13A-GRAB-01: Bruna grabbed by the Ogre is engaged with it; on the Ogre's turn it
    lets go (cond remove) and still has its standard, move and quick actions."""
    t("cond add Bruna grabbed --by Ogre")
    assert t.c("Bruna")["engaged_with"] == ["Ogre"]
    t.until("Ogre")
    t("cond remove Bruna grabbed")
    t("attack Ogre Kael --bonus 5 --vs ac --roll 2 --action quick")
    t("attack Ogre Kael --bonus 5 --vs ac --roll 2")
    t("move Ogre far")


def test_13A_GRAB_02_grabbed_cannot_move_away_but_teleports_or_disengages(t):
    """13A-GRAB-02: `move Bruna far` refused; teleport ends the grab and the engagement; a
    disengage of 20 (-5: 15) succeeds."""
    grabbed(t)
    t.no("move Bruna far", "grabbed")
    t("teleport Bruna far")
    assert "grabbed" not in conds(t, "Bruna") and t.c("Bruna")["engaged_with"] == []
    t("undo")
    t("disengage Bruna --roll 20")
    assert "grabbed" not in conds(t, "Bruna")


def test_13A_GRAB_03_disengage_minus_5_unless_you_hit_the_grabber(t):
    """13A-GRAB-03: 15 - 5 = 10 fails; 16 - 5 = 11 succeeds; having hit the Ogre this
    turn (--hit-grabber: the tracker does not infer it from the attack) 11 succeeds."""
    grabbed(t)
    t("disengage Bruna --roll 15")
    assert "grabbed" in conds(t, "Bruna")
    t("undo")
    t("disengage Bruna --roll 16")
    assert "grabbed" not in conds(t, "Bruna")
    t("undo")
    t("disengage Bruna --roll 11 --hit-grabber")
    assert "grabbed" not in conds(t, "Bruna")


def test_13A_GRAB_04_a_grabber_moving_away_lets_go(t):
    """13A-GRAB-04 [F]: sizes are not modelled: without the GM's ruling the Ogre's move
    away releases Bruna (no grab, no engagement); the GM may --force it to carry her."""
    t.until("Goblin 1")
    t("cond add Bruna grabbed --by Ogre")
    t.until("Ogre")
    t("move Ogre far")
    assert "grabbed" not in conds(t, "Bruna") and t.c("Bruna")["engaged_with"] == []


def test_13A_GRAB_05_grabbed_creatures_make_no_opportunity_attacks(t):
    """13A-GRAB-05: grabbed Bruna: a goblin engaged with her moves away: her OA refused;
    the Ogre lets go by moving away: it just leaves her behind, her OA refused."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t("cond add Bruna grabbed --by Ogre")
    t('move "Goblin 1" far')
    t.no('attack Bruna "Goblin 1" --opportunity --bonus 4 --vs ac --roll 15')
    t.until("Ogre")
    t("move Ogre far")
    assert "grabbed" not in conds(t, "Bruna")
    t.no("attack Bruna Ogre --opportunity --bonus 4 --vs ac --roll 15")


def test_13A_GRAB_06_grabbed_no_ranged_attacks(t):
    """13A-GRAB-06: grabbed Bruna: ranged refused; melee and close accepted."""
    grabbed(t)
    t.no("attack Bruna Ogre --kind ranged --bonus 4 --vs ac --roll 15", "ranged")
    t("attack Bruna Ogre --kind melee --bonus 4 --vs ac --roll 15 --action quick")
    t("attack Bruna Ogre --kind close --bonus 4 --vs pd --roll 15")


def test_13A_GRAB_07_the_grabber_gets_plus_4(t):
    """13A-GRAB-07: the Ogre's 8 + 5 + 4 = 17 hits Bruna's 17; Goblin 1's 8 + 5 = 13,
    no +4."""
    t("cond add Bruna grabbed --by Ogre")
    t.until("Goblin 1")
    t('attack "Goblin 1" Bruna --bonus 5 --vs ac --roll 8 --kind ranged')
    assert t.last("AttackResolved")["total"] == 13
    t.until("Ogre")
    t("attack Ogre Bruna --bonus 5 --vs ac --roll 8")
    e = t.last("AttackResolved")
    assert (e["total"], e["hit"]) == (17, True)


def test_13A_GRAB_08_the_grab_ends_with_the_engagement(t):
    """13A-GRAB-08: `damage Ogre 60` (slain) -> Bruna no longer grabbed."""
    t("cond add Bruna grabbed --by Ogre")
    t("damage Ogre 60")
    assert "grabbed" not in conds(t, "Bruna") and t.c("Bruna")["engaged_with"] == []
