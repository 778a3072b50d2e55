"""13th Age (seed 004), Combat Sequence, Cyclic Initiative (Roll Once, Delay, Readying),
Actions on Your Turn, Interrupt Actions, Make Saves Last, the Escalation Die, Ambushes
— through the CLI on fixture F (Bruna 17, Goblin 1..3 15, Kael 13, Ogre 11)."""

ORDER = ["Bruna", "Goblin 1", "Goblin 2", "Goblin 3", "Kael", "Ogre"]


def test_13A_INI_02_higher_initiative_acts_earlier(t):
    """13A-INI-02: order Bruna 17, the goblins 15, Kael 13, Ogre 11."""
    assert t.state()["order"] == ORDER and t.state()["turn"] == "Bruna"


def test_13A_INI_03_initiative_is_rolled_once(t):
    """13A-INI-03: round 2 keeps the same order and no new roll; `init` again is refused
    (everyone has rolled)."""
    n = len([e for e in t.events() if e["type"] == "InitiativeRolled"])
    t.to_round(2)
    assert t.state()["order"] == ORDER
    assert len([e for e in t.events() if e["type"] == "InitiativeRolled"]) == n
    t.no("init", "already")
    assert len([e for e in t.events() if e["type"] == "InitiativeRolled"]) == n


def test_13A_INI_04_monsters_of_one_type_share_one_roll(t):
    """13A-INI-04: Goblins 1..3 all 15 from one recorded d20 (11 + 4); `init "Goblin
    2"=18` is refused."""
    rolls = [e for e in t.events() if e["type"] == "InitiativeRolled"
             and e["group"] == "Goblin"]
    assert len(rolls) == 1 and rolls[0]["names"] == ["Goblin 1", "Goblin 2", "Goblin 3"]
    assert rolls[0]["roll"]["faces"] == [11]
    assert {t.c(f"Goblin {i}")["initiative"] for i in (1, 2, 3)} == {15}
    t.no('init "Goblin 2"=18')


def test_13A_INI_06_delay_acts_later_and_lowers_initiative(t):
    """13A-INI-06: Bruna delays: Goblin 1's turn with her slots unspent; on Goblin 3's turn
    (count 15) `act Bruna`: she acts, her initiative becomes 15, and from round 2 she
    sits after the goblins, before Kael (13)."""
    t("delay Bruna")
    assert t.state()["turn"] == "Goblin 1"
    t("next"), t("next")
    t("act Bruna")
    assert t.state()["turn"] == "Bruna"
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 3")
    assert t.c("Bruna")["initiative"] == 15
    t.to_round(2)
    order = t.state()["order"]
    assert order.index("Goblin 3") < order.index("Bruna") < order.index("Kael")


def test_13A_INI_07_a_creature_that_has_acted_cannot_delay(t):
    """13A-INI-07: after Bruna's attack, `delay Bruna` is refused."""
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 5")
    t.no("delay Bruna")


def test_13A_INI_08_an_unused_delay_is_lost_at_your_next_turn(t):
    """13A-INI-08: Bruna delays and nobody acts on it; at her turn in round 2 the delay is
    gone (`delayed` false) and she may delay again."""
    t("delay Bruna")
    t.to_round(2)
    assert t.state()["turn"] == "Bruna" and not t.c("Bruna")["delayed"]
    t("delay Bruna")


def test_13A_INI_09_a_delayed_action_next_round_raises_the_count_and_costs_the_turn(t):
    """13A-INI-09: Kael delays in round 1 and nobody acts on it; in round 2, after Bruna's
    turn, `act Kael`: his count rises to the point where he acts, the count of the turn
    it is (Goblin 1's 15; the checklist's 17 names the same point, right after Bruna),
    and he gets no turn at his old count 13 that round."""
    t.until("Kael")
    t("delay Kael")
    t.to_round(2)
    t("next")  # Bruna's turn ends
    t("act Kael")
    assert t.state()["turn"] == "Kael" and t.c("Kael")["initiative"] == 15
    turns = []
    for _ in range(5):
        t("next")
        turns.append(t.state()["turn"])
    assert "Kael" not in turns[:4]


def test_13A_INI_10_readying_is_a_standard_action(t):
    """13A-INI-10: `ready Bruna` spends her standard (an attack after it is refused);
    after an attack, `ready` is refused."""
    t('ready Bruna "the ogre moves"')
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 15")
    t("undo")
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 5")
    t.no('ready Bruna "the ogre moves"')


def test_13A_INI_11_ready_a_standard_move_or_free_action(t):
    """13A-INI-11: --action standard, move, free accepted; quick is bad input."""
    for action in ("standard", "move", "free"):
        t(f'ready Bruna "x" --action {action}')
        t("undo")
    t.no('ready Bruna "x" --action quick')


def test_13A_INI_12_a_readied_action_goes_just_before_the_trigger(t):
    """13A-INI-12: Bruna readies for the Ogre; on its turn `act Bruna`: she acts (her
    readied standard: an attack), her initiative becomes 11 and she sits just ahead of
    the Ogre from then on."""
    t('ready Bruna "the ogre moves"')
    t.until("Ogre")
    t("act Bruna")
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 15 --dmg 3")
    assert t.c("Bruna")["initiative"] == 11 and t.hp("Ogre") == 57
    order = t.state()["order"]
    assert order.index("Bruna") == order.index("Ogre") - 1


def test_13A_INI_13_an_unused_readied_action_is_lost_at_your_next_turn(t):
    """13A-INI-13: Bruna readies and nothing triggers it: at her round 2 turn it is gone
    (`readied` null), and an off-turn `act Bruna` later is refused."""
    t('ready Bruna "the ogre moves"')
    t.to_round(2)
    assert t.c("Bruna")["readied"] is None
    t("next")
    t.no("act Bruna")


def test_13A_ACT_01_one_of_each_action_a_turn(t):
    """13A-ACT-01: Bruna attacks (standard) and moves (move); a second attack is refused;
    next turn allowed again."""
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 5")
    t("move Bruna far")
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 5", "standard")
    t.to_round(2)
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 5")


def test_13A_ACT_02_free_actions_out_of_turn_spend_no_slot(t):
    """13A-ACT-02: Goblin 1's opportunity attack on Bruna's turn is free: on its own turn
    it still attacks and moves."""
    t.until("Goblin 1")
    t('engage "Goblin 1" Bruna')
    t.to_round(2)
    t("move Bruna far")
    t('attack "Goblin 1" Bruna --opportunity --bonus 5 --vs ac --roll 2')
    assert t.last("AttackResolved")["action"] == "free"
    t("next")
    t('attack "Goblin 1" Bruna --bonus 5 --vs ac --roll 2 --kind ranged')
    t('move "Goblin 1" far')


def test_13A_ACT_03_a_standard_a_move_and_a_quick_action(t):
    """13A-ACT-03: a quick attack, a standard attack and a move: all three accepted."""
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 5 --action quick")
    t("attack Bruna Ogre --bonus 4 --vs ac --roll 5")
    t("move Bruna far")


def test_13A_ACT_04_a_standard_action_can_be_a_move(t):
    """13A-ACT-04: two moves: the second takes the standard; an attack is then refused."""
    t("move Bruna far")
    t("move Bruna nearby")
    assert t.last("Moved")["action"] == "standard"
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 5")


def test_13A_ACT_05_a_standard_or_move_can_be_a_quick_action(t):
    """13A-ACT-05: three quick actions spend quick, move, standard; a fourth is refused;
    a move can't become a standard (move, move, move refused)."""
    for _ in range(3):
        t("attack Bruna Ogre --bonus 4 --vs ac --roll 5 --action quick")
    t.no("attack Bruna Ogre --bonus 4 --vs ac --roll 5 --action quick")
    t.to_round(2)
    t("move Bruna far"), t("move Bruna nearby")
    t.no("move Bruna far")


def test_13A_ACT_06_one_interrupt_until_the_end_of_your_next_turn(t):
    """13A-ACT-06: on Goblin 1's turn Bruna moves far as an interrupt; on Kael's turn a
    second interrupt is refused; after her next turn ends, allowed; on her own turn an
    interrupt is refused."""
    t.no("move Bruna far --interrupt", "not your turn")
    t.until("Goblin 1")
    t("move Bruna far --interrupt")
    t.until("Kael")
    t.no("move Bruna nearby --interrupt", "interrupt")
    t.to_round(2)
    t("next")
    t("move Bruna nearby --interrupt")


def test_13A_SAVE_01_saves_at_the_end_of_the_turn_after_ongoing_damage(t):
    """13A-SAVE-01: ongoing 5 fire and dazed (save ends) on Bruna; `next --save
    Bruna=12,4`: 5 fire first (35), then the saves: the fire ends (12), dazed stays (4)."""
    t("ongoing Bruna 5 --type fire")
    t("cond add Bruna dazed --save normal")
    t("next --save Bruna=12,4")
    evs = t.events()[-8:]
    types = [e["type"] for e in evs]
    took = types.index("DamageTaken")
    assert evs[took]["source"] == "ongoing" and types.index("SaveRolled") > took
    assert [(e["against"], e["success"]) for e in evs if e["type"] == "SaveRolled"] == [
        ("ongoing", True), ("dazed", False)]
    b = t.c("Bruna")
    assert b["hp"] == 35 and b["ongoing"] == [] and "dazed" in str(b["conditions"])


def test_13A_ESC_01_the_die_is_1_at_the_start_of_round_2(t):
    """13A-ESC-01: 0 through round 1, 1 when round 2 starts."""
    t.until("Ogre")
    assert t.state()["escalation_die"] == 0
    t("next")
    assert (t.state()["round"], t.state()["escalation_die"]) == (2, 1)


def test_13A_ESC_02_pcs_add_the_escalation_die_to_attacks(t):
    """13A-ESC-02: round 3 (die 2): 9 + 4 + 2 = 15 hits Goblin 1; the +2 recorded apart."""
    t.to_round(3)
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 9')
    e = t.last("AttackResolved")
    assert (e["escalation"], e["total"], e["hit"]) == (2, 15, True)


def test_13A_ESC_03_the_die_advances_each_round_to_6(t):
    """13A-ESC-03: round 7 -> 6, round 8 -> 6; `escalation set 7` is bad input."""
    t.to_round(7)
    assert t.state()["escalation_die"] == 6
    t.to_round(8)
    assert t.state()["escalation_die"] == 6
    t.no("escalation set 7")


def test_13A_ESC_04_monsters_do_not_add_the_escalation_die(t):
    """13A-ESC-04: round 3: the Ogre's 10 + 6 = 16 misses Bruna's 17 (no +2)."""
    t.to_round(3)
    t.until("Ogre")
    t("attack Ogre Bruna --bonus 6 --vs ac --roll 10")
    e = t.last("AttackResolved")
    assert (e["escalation"], e["total"], e["hit"]) == (0, 16, False)


def test_13A_ESC_05_the_gm_holds_the_die(t):
    """13A-ESC-05 [F]: round 2 (1), hold: round 3 still 1; release: round 4 is 2."""
    t.to_round(2)
    t("escalation hold")
    t.to_round(3)
    assert t.state()["escalation_die"] == 1
    t("escalation release")
    t.to_round(4)
    assert t.state()["escalation_die"] == 2


def test_13A_ESC_06_the_gm_resets_the_die_when_combat_ceases(t):
    """13A-ESC-06 [F]: round 3 (2); `escalation set 0 --reason lull` -> 0, the reason
    recorded; the next round advances it to 1."""
    t.to_round(3)
    t('escalation set 0 --reason "lull"')
    assert t.state()["escalation_die"] == 0 and "lull" in t("log")
    t.to_round(4)
    assert t.state()["escalation_die"] == 1


def test_13A_ESC_07_fear_prevents_using_the_escalation_die(t):
    """13A-ESC-07: round 3, Bruna afraid: 9 + 4 - 4 (dazed) = 9, no die."""
    t.to_round(3)
    t("cond add Bruna fear")
    t('attack Bruna "Goblin 1" --bonus 4 --vs ac --roll 9')
    e = t.last("AttackResolved")
    assert (e["escalation"], e["total"]) == (0, 9)


def ambush(bare, advance=""):
    """Chief ambushes with three goblins; the PCs' naturals are typed too (rolled with
    the others, used from the first full round)."""
    bare("new A")
    bare("add Goblin --hp 12 --ac 15 --init 4 --count 3")
    bare("add Chief --hp 30 --init 5")
    bare("add Bruna --pc --hp 40 --init 3")
    bare("add Kael --pc --hp 24 --init 1")
    bare(f"init --ambush Chief Goblin=10 Chief=8 Bruna=12 Kael=5 {advance}".strip())


def round_turns(bare, r):
    turns = []
    while bare.state()["round"] == r:
        turns.append(bare.state()["turn"])
        bare("next")
    return turns


def test_13A_AMB_01_in_the_ambush_round_the_ambusher_and_its_best_ally_act(bare):
    """13A-AMB-01: the ambush round has two turns: the Chief (13) and one goblin, the
    group's highest (14); not the other goblins, not the PCs."""
    ambush(bare)
    assert round_turns(bare, 1) == ["Chief", "Goblin 1"]


def test_13A_AMB_02_the_gm_chooses_whether_the_die_advances_after_surprise(bare):
    """13A-AMB-02 [F]: without --advance-escalation the die is 0 in the first full round;
    with it, 1."""
    for advance, die in (("", 0), ("--advance-escalation", 1)):
        bare(f"new A{die}")
        bare("add Goblin --hp 12 --ac 15 --init 4 --count 3")
        bare("add Chief --hp 30 --init 5")
        bare("add Bruna --pc --hp 40 --init 3")
        bare(f"init --ambush Chief Goblin=10 Chief=8 Bruna=12 {advance}".strip())
        round_turns(bare, 1)
        assert (bare.state()["round"], bare.state()["escalation_die"]) == (2, die)


def test_13A_AMB_03_then_the_ambushed_side_acts_in_normal_rounds(bare):
    """13A-AMB-03: after the ambush round, round 2 is a normal round in initiative order:
    Bruna 15 (12 + 3), the goblins 14, the Chief 13, Kael 6 (5 + 1)."""
    ambush(bare)
    round_turns(bare, 1)
    assert round_turns(bare, 2) == ["Bruna", "Goblin 1", "Goblin 2", "Goblin 3", "Chief",
                                    "Kael"]
