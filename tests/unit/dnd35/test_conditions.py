"""D&D 3.5 (seed 003), Condizioni (Conditions): the seed's list, Abbagliato ... Stordito.

The attack, Armor Class, save, ability and action-budget numbers each condition changes,
the ladders and exclusive pairs, the implied conditions and the durations. Confuso is in
``test_confusion.py``.
"""

import pytest

from battletape.domain.dnd35 import attacks_of_opportunity as aoo, conditions
from battletape.domain.dnd35.conditions import EFFECTS
from battletape.domain.dnd35.terms import CONDITIONS
from battletape.domain.errors import BadInput
from tests.unit.dnd35.support import already, refused, to_turn, Battle, Dice, fight, through_round_one

#: B's sheet: AC 15, touch 12, flat-footed 13 (a Dex and dodge part of 2)
SHEET = {"ac": 15, "touch": 12, "flat_footed": 13}


def abc(**b_options):
    """A, B (AC 15/12/13), C; round 2, A's turn (nobody flat-footed)."""
    return through_round_one(fight(("A", 40, {"bab": 1}), ("B", 40, {**SHEET, **b_options}),
                                   ("C", 40, SHEET)))


def hit(b, attacker, target, roll="10", **kw):
    b.run("attack", attacker, target, bonus=kw.pop("bonus", 5), roll=roll, **kw)
    return b.last("AttackResolved")


def test_35_CND_every_condition_of_the_seed_is_known_with_its_italian_name():
    """35-CND-00 (Condizioni): the seed's 42 names, Abbagliato ... Stordito, are accepted
    in Italian (`--lang it`) and have an Effects record; the hit-point statuses (Inabile,
    Morente, Morto, Stabile) are refused as conditions."""
    assert len([c for c in CONDITIONS if c != "climbing"]) == 42
    assert set(CONDITIONS) - conditions.STATUSES == set(EFFECTS)
    b = abc()
    b.run("cond add", "B", "Frenato")
    b.run("cond add", "B", "in preda al panico")
    assert {"checked", "panicked"} <= set(b.c("B").conditions)
    for status in ("morente", "dead", "stabile", "inabile"):
        with pytest.raises(BadInput):
            b.run("cond add", "B", status)
    with pytest.raises(BadInput):
        b.run("cond add", "B", "sleepy")


def test_35_CND_00_exhausted_replaces_fatigued_and_others_combine_freely():
    """35-CND-00 (Condizioni): "Alcune condizioni (come affaticato ed esausto) sono
    mutuamente esclusive": `cond add X exhausted` on a fatigued X → fatigued removed;
    other conditions add up (prone -4 melee, dazzled -1, shaken -2 on one attack)."""
    b = abc()
    b.run("cond add", "A", "fatigued")
    e = b.run("cond add", "A", "exhausted")
    assert [type(x).__name__ for x in e] == ["ConditionRemoved", "ConditionApplied"]
    assert "fatigued" not in b.c("A").conditions and "exhausted" in b.c("A").conditions
    for c in ("prone", "dazzled", "shaken"):
        b.run("cond add", "A", c)
    r = hit(b, "A", "B", kind="melee")
    assert r.modifiers == {"attack bonus": 5, "dazzled": -1, "prone": -4,
                           "fear (shaken)": -2}
    assert r.total == 10 + 5 - 7


def test_35_CND_00_a_condition_already_held_records_nothing_and_statuses_are_not_removed():
    """35-CND-00: the same condition twice changes nothing (not a ladder), nor does
    removing one not had (DESIGN.md principle 8: nothing recorded, exit 0); a hit-point
    status is not a condition to remove."""
    from battletape.domain.errors import AlreadyHolds

    b = abc()
    b.run("cond add", "B", "prone")
    with pytest.raises(AlreadyHolds):
        b.run("cond add", "B", "prone")
    with pytest.raises(AlreadyHolds):
        b.run("cond remove", "B", "dazzled")
    with pytest.raises(BadInput):
        b.run("cond add", "B", "dazed", rounds=0)


def test_35_CND_01_dazzled_minus_1_on_attacks_not_on_ability_checks():
    """35-CND-01 (Abbagliato): -1 on attack rolls, Spot and Search checks (skills
    battletape does not roll): an ability check is unchanged."""
    b = abc()
    b.run("cond add", "A", "abbagliato")
    assert hit(b, "A", "B").modifiers == {"attack bonus": 5, "dazzled": -1}
    b.run("ability-check", "A", "str", roll_=10, bonus=0)
    assert b.last("AbilityCheckMade").total == 10
    assert "Spot" in EFFECTS["dazzled"].skills


def test_35_CND_02_blinded_target_minus_2_AC_no_Dex_and_attacker_unseen():
    """35-CND-02 (Accecato): `cond add B blinded`; `attack A B` uses B's AC -2 without
    Dex (15 - 2 - 2 = 11), and A, unseen by B, gets +2."""
    b = abc()
    b.run("cond add", "B", "blinded")
    r = hit(b, "A", "B", kind="melee")
    assert r.defense_value == 11
    assert r.modifiers["unseen attacker (Invisibile)"] == 2
    assert any(t.startswith("loses Dex to AC: blinded") for t in r.tags)


def test_35_CND_02_blinded_attacker_has_50_percent_miss_chance_and_half_speed():
    """35-CND-02: every opponent has total concealment for a blinded attacker: `attack B
    A --miss-roll 40` → miss; 60 → the hit stands; half speed (9 m → 4,5 m)."""
    b = abc()
    b.run("cond add", "B", "blinded")
    to_turn(b, "B")
    r = hit(b, "B", "A", roll="15", miss_roll="40")
    m = b.last("MissChanceRolled")
    assert (m.chance, m.missed, r.hit) == (50, True, False)
    b.run("cond remove", "B", "blinded")
    b.run("cond add", "B", "blinded")
    b.run("engage", "B", "A")       # an attack of opportunity: B threatens A
    r = hit(b, "B", "A", roll="15", miss_roll="60", opportunity=True)
    assert r.hit and not b.last("MissChanceRolled").missed
    assert conditions.speed(b.c("B")) == 4.5


def test_35_CND_02_miss_roll_without_any_miss_chance_is_bad_input():
    """35-CND-02 / 35-CND-27: --miss-roll needs a miss chance: a condition's or
    --concealment."""
    b = abc()
    with pytest.raises(BadInput):
        b.run("attack", "A", "B", bonus=5, roll="15", miss_roll="40")


def test_35_CND_03_cowering_no_actions_minus_2_AC_and_no_Dex_nor_dodge():
    """35-CND-03 (Accovacciato): no actions; -2 AC; loses its Dex bonus "in all its
    forms" (a dodge bonus too): 15 - 2 - 2 = 11 even with +1 dodge."""
    b = abc()
    b.run("mod", "B", "ac", 1, type_="dodge", source="Dodge")
    assert hit(b, "A", "B").defense_value == 16
    b.run("cond add", "B", "cowering")
    b.run("engage", "A", "B")       # an attack of opportunity: A threatens B
    assert hit(b, "A", "B", opportunity=True, kind="melee").defense_value == 11
    to_turn(b, "B")
    refused(b, "do", "B", "move")
    assert aoo.why_not(b.state, b.c("B")) is not None


def test_35_CND_05_fascinated_takes_no_action_and_no_attack_of_opportunity():
    """35-CND-05 (Affascinato): stands quietly, taking no action: B's `do` refused in its
    turn, no attack of opportunity; -4 on reactive checks (Listen, Spot)."""
    b = abc()
    b.run("cond add", "B", "fascinated")
    assert "fascinated" in aoo.why_not(b.state, b.c("B"))
    to_turn(b, "B")
    refused(b, "do", "B", "draw-weapon")
    assert "-4" in EFFECTS["fascinated"].skills
    b.run("cond remove", "B", "fascinated")
    b.run("do", "B", "move")


def test_35_CND_05_shaken_free_or_directly_threatened_fascination_ends():
    """35-CND-05 (Affascinato, audit D06): `do A shake-fascinated --target X` (a standard
    action, no AoO) ends it; fascinated again, C's attack on X (12 + 5 = 17 vs AC 14:
    a direct threat) ends it too, and X moves in its turn."""
    b = fight(("A", 30, {"pc": True, "ac": 15}), ("C", 30, {"pc": True, "ac": 15}),
              ("X", 30, {"ac": 14}))
    b.run("cond add", "X", "fascinated")
    e = b.run("do", "A", "shake-fascinated", target="X")
    assert (e[0].kind, e[0].provokes) == ("standard", [])
    assert e[-1].condition == "fascinated" and e[-1].reason == "shaken free by A"
    assert "fascinated" not in b.c("X").conditions
    b.run("cond add", "X", "fascinated")
    b.run("next")
    b.run("attack", "C", "X", bonus=5, roll="12", dmg=3, kind="melee")
    assert b.last("ConditionRemoved").reason == "a direct threat by C"
    assert "fascinated" not in b.c("X").conditions
    b.run("next")
    b.run("do", "X", "move")


def test_35_CND_06_fatigued_twice_is_exhausted_and_no_charge():
    """35-CND-06 (Affaticato): `cond add X fatigued` twice → `exhausted`; `attack X B
    --charge` → refused; `do X run` refused."""
    b = abc()
    b.run("cond add", "A", "fatigued")
    refused(b, "attack", "A", "B", bonus=5, roll="10", charge=True, kind="melee")
    refused(b, "do", "A", "run")
    b.run("cond add", "A", "fatigued")
    assert "exhausted" in b.c("A").conditions and "fatigued" not in b.c("A").conditions
    refused(b, "attack", "A", "B", bonus=5, roll="10", charge=True, kind="melee")


def test_35_CND_06_fatigued_minus_2_Str_and_Dex_on_the_scores_and_the_AC():
    """35-CND-06: -2 Str and -2 Dex: Dex 14 → 12 (modifier +2 → +1) takes 1 off the AC
    and off a Reflex save; Str 14 → 12 takes 1 off a melee attack."""
    b = through_round_one(fight(("A", 40, {"score": ["str:14", "dex:14"], "ac": 14,
                                           "flat_footed": 12, "ref": 2}), ("B", 40)))
    assert b.x("A", "ac") == 14
    b.run("cond add", "A", "fatigued")
    assert b.x("A", "ac") == 13
    r = hit(b, "A", "B", kind="melee")
    assert r.total == 10 + 5 - 1
    b.run("save", "A", ref=True, dc=10, roll_=10)
    assert b.last("SaveRolled").roll.total == 10 + 2 - 1


def test_35_CND_06_constructs_and_undead_are_not_fatigued():
    """35-CND-06 / 35-ABI-06: a creature without Constitution can't become fatigued or
    exhausted."""
    b = fight(("Zombie", 20, {"no_con": True, "nonliving": True}), ("A", 10))
    refused(b, "cond add", "Zombie", "fatigued")
    refused(b, "cond add", "Zombie", "exhausted")


def test_35_CND_07_deafened_minus_4_on_initiative():
    """35-CND-07 (Assordato): `init` for a deafened X → -4 applied (natural 10, bonus +2:
    8)."""
    b = Battle()
    b.run("add", "X", hp=10, init=2)
    b.run("add", "Y", hp=10, init=2)
    b.run("cond add", "X", "deafened")
    b.run("init", naturals=["X=10", "Y=10"])
    totals = {e.names[0]: e.roll.total for e in b.events
              if type(e).__name__ == "InitiativeRolled"}
    assert totals == {"X": 8, "Y": 12}
    assert b.state.order == ["Y", "X"]


def test_35_CND_08_staggered_one_standard_or_move_action_no_full_round():
    """35-CND-08 (Barcollante): only one standard or move action per round, no
    full-round action."""
    b = abc()
    b.run("cond add", "A", "staggered")
    refused(b, "attack", "A", "B", bonus=5, roll="10", full=True, kind="melee")
    b.run("do", "A", "move")
    refused(b, "do", "A", "move")
    refused(b, "attack", "A", "B", bonus=5, roll="10", kind="melee")


def test_35_CND_09_knocked_down_is_prone():
    """35-CND-09 (Buttato a terra): on the ground it becomes prone: a melee attack
    against it is at AC 15 - 4 = 11; the prone stays when knocked-down is removed."""
    b = abc()
    b.run("cond add", "B", "buttato a terra")
    assert {"knocked-down", "prone"} <= set(b.c("B").conditions)
    assert hit(b, "A", "B", kind="melee").defense_value == 11
    b.run("cond remove", "B", "knocked-down")
    assert "prone" in b.c("B").conditions


def test_35_CND_10_flat_footed_no_Dex_no_dodge_no_attack_of_opportunity():
    """35-CND-10 (Colto alla Sprovvista): loses its Dex bonus and every dodge bonus (AC
    15 → 13 with +1 dodge ignored); no attack of opportunity."""
    b = abc()
    b.run("mod", "B", "ac", 1, type_="dodge", source="Dodge")
    b.run("cond add", "B", "flat-footed")
    assert hit(b, "A", "B").defense_value == 13
    assert b.x("B", "flat_footed")
    assert "flat-footed" in aoo.why_not(b.state, b.c("B"))
    refused(b, "attack", "B", "A", bonus=5, roll="10", opportunity=True, kind="melee")


def test_35_CND_10_a_newcomer_is_flat_footed_until_its_first_turn():
    """35-CND-10 (Colto alla Sprovvista, audit D05): "una creatura che non ha ancora
    agito in combattimento": Late joins in round 2 (AC 16, flat-footed 13; acts from
    round 3): A's 10 + 3 = 13 hits AC 13; Late is offered no AoO on A's pick-up; its
    first turn (round 3, initiative 18, first) ends it."""
    b = through_round_one(fight(("A", 30, {"pc": True, "ac": 15, "init": 3}),
                                ("B", 30, {"ac": 15, "init": 1}),
                                inits={"A": 14, "B": 9}))
    b.run("add", "Late", hp=10, ac=16, touch=13, flat_footed=13, joins="aware")
    assert b.x("Late", "flat_footed")
    assert hit(b, "A", "Late").defense_value == 13
    b.run("engage", "A", "Late")
    assert b.run("do", "A", "pick-up")[0].provokes == []
    b.run("next")                                   # B's turn, round 2
    assert b.x("Late", "flat_footed")
    b.run("next")                                   # round 3: Late first
    assert b.state.turn == "Late" and not b.x("Late", "flat_footed")
    assert not b.x("A", "flat_footed")


def test_35_CND_12_dehydrated_is_fatigued_and_on_fatigued_exhausted():
    """35-CND-12 (Disidratato): thirst makes it fatigued; a fatigued creature that is
    dehydrated becomes exhausted (35-CND-06)."""
    b = abc()
    b.run("cond add", "A", "dehydrated")
    assert {"dehydrated", "fatigued"} <= set(b.c("A").conditions)
    refused(b, "do", "A", "run")
    b.run("cond remove", "A", "dehydrated")
    assert "fatigued" not in b.c("A").conditions
    b.run("cond add", "B", "fatigued")
    b.run("cond add", "B", "dehydrated")
    assert {"dehydrated", "exhausted"} <= set(b.c("B").conditions)
    assert "fatigued" not in b.c("B").conditions


def test_35_CND_13_exhausted_no_charge_minus_6_Dex_half_speed():
    """35-CND-13 (Esausto): can't run or charge; -6 Str and -6 Dex (Dex 16 → 10: +3 → 0,
    AC 16 → 13); half speed; a fatiguing effect changes nothing."""
    b = through_round_one(fight(("A", 40, {"score": ["dex:16"], "ac": 16,
                                           "flat_footed": 13}), ("B", 40)))
    b.run("cond add", "A", "esausto")
    assert b.x("A", "ac") == 13
    assert conditions.speed(b.c("A")) == 4.5 and b.x("A", "speed") == 4.5
    refused(b, "attack", "A", "B", bonus=5, roll="10", charge=True, kind="melee")
    already(b, "cond add", "A", "fatigued")


def test_35_CND_15_immobilized_can_t_leave_its_position_but_fights():
    """35-CND-15 (Fermato sul Posto): can't leave its position (a move, a 5-foot step
    refused); no other penalty: it attacks, and its AC is unchanged."""
    b = abc()
    b.run("cond add", "A", "immobilized")
    refused(b, "move", "A", "away")
    refused(b, "do", "A", "5-foot-step")
    assert hit(b, "A", "B").modifiers == {"attack bonus": 5}
    assert b.x("A", "ac") == 10


def test_35_CND_16_dazed_no_actions_AC_unchanged_one_round():
    """35-CND-16 (Frastornato): `cond add X dazed --rounds 1` → X's turn allows no
    actions; AC unchanged (15); it ends at the same initiative count a round later."""
    b = abc()
    b.run("cond add", "B", "dazed", rounds=1)
    assert hit(b, "A", "B").defense_value == 15
    assert aoo.why_not(b.state, b.c("B")) is not None
    to_turn(b, "B")
    refused(b, "do", "B", "move")
    refused(b, "attack", "B", "A", bonus=5, roll="10")
    to_turn(b, "A")                    # round 3: A's turn, when the daze began
    assert "dazed" not in b.c("B").conditions
    to_turn(b, "B")
    b.run("do", "B", "move")


def test_35_CND_16_dazed_lasts_1_round_by_default_and_costs_a_turn_before_the_count():
    """35-CND-16: "durano tipicamente 1 round": dazed in C's turn, B (acting before C)
    loses its next turn, and the daze ends at C's count."""
    b = abc()
    to_turn(b, "C")
    b.run("cond add", "B", "dazed")
    assert b.c("B").conditions["dazed"].until == "round 3, C's turn"
    to_turn(b, "B")
    refused(b, "do", "B", "move")
    to_turn(b, "C")
    assert "dazed" not in b.c("B").conditions


def test_35_CND_17_checked_no_number_changes():
    """35-CND-17 (Frenato): can't move against the wind; no other penalty."""
    b = abc()
    b.run("cond add", "B", "checked")
    assert hit(b, "A", "B").defense_value == 15
    to_turn(b, "B")
    assert hit(b, "B", "A").modifiers == {"attack bonus": 5}


def test_35_CND_18_pinned_minus_4_AC_but_against_the_pinner_Dex_0_no_actions():
    """35-CND-18 (Immobilizzato): -4 AC against anyone but the pinner; Dex 0 (-5 in
    place of its +2): C hits AC 15 - 2 - 5 - 4 = 4, the pinner A AC 8; no actions."""
    b = abc()
    b.run("cond add", "B", "pinned", source="A")
    assert hit(b, "A", "B", kind="melee").defense_value == 8
    to_turn(b, "C")
    assert hit(b, "C", "B", kind="ranged").defense_value == 4
    to_turn(b, "B")
    refused(b, "do", "B", "move")
    assert aoo.why_not(b.state, b.c("B")) is not None


def test_35_CND_19_grappling_threatens_nothing_loses_Dex_but_to_its_opponent():
    """35-CND-19 (In Lotta): threatens no square (no AoO); loses its Dex bonus to AC
    against everyone but its grapple opponents: A (its opponent) AC 15, C AC 13."""
    b = abc()
    b.run("cond add", "B", "grappling", source="A")
    assert hit(b, "A", "B").defense_value == 15
    to_turn(b, "C")
    assert hit(b, "C", "B").defense_value == 13
    assert "grappling" in aoo.why_not(b.state, b.c("B"))
    assert not EFFECTS["grappling"].threatens


def _grappling():
    """The audit's D02: A (BAB +6, Str 14) grapples B (AC 12, touch 11): touch 15 + 8 =
    23 hits, check 18 + 8 = 26 vs 12 + 3 = 15 -> A and B are grappling; round 3, A's turn."""
    b = through_round_one(fight(("A", 30, {"pc": True, "ac": 15, "bab": 6,
                                           "score": ["str:14"]}),
                                ("B", 40, {"ac": 12, "touch": 11, "bab": 2,
                                           "score": ["str:12"]}),
                                ("C", 30, {"ac": 12, "bab": 2})))
    b.run("maneuver", "A", "B", "grapple", touch=15, check=18, opposed=12, dmg=2)
    assert b.c("A").extra["grappling_with"] == ["B"]
    to_turn(b, "A")
    return b


def test_35_CND_19_an_attack_on_the_grapple_opponent_is_at_minus_4():
    """35-CND-19 (In Lotta): "un normale TxC ... con una penalità di -4": A's light
    weapon on B, --bonus 8 --roll 6 -> 6 + 8 - 4 = 10 vs AC 12: a miss; C (not in the
    grapple) takes no penalty."""
    b = _grappling()
    e = [x for x in b.run("attack", "A", "B", bonus=8, roll="6", dmg=3, kind="melee",
                          handed="light") if type(x).__name__ == "AttackResolved"][0]
    assert e.modifiers == {"attack bonus": 8,
                           "grappling (attack on the grapple opponent)": -4}
    assert (e.total, e.hit) == (10, False)


def test_35_CND_19_grappling_allows_one_attack_with_a_light_natural_or_unarmed_weapon():
    """35-CND-19: "solo armi naturali, attacchi senz'armi o armi leggere", "un solo TxC
    per round: non si può attaccare con due armi": a full attack with a two-handed
    weapon, a two-weapon full attack, a one-handed weapon are refused (forceable);
    forced, the -4 still counts (10 + 8 - 4 = 14)."""
    from battletape.domain.errors import forcing

    b = _grappling()
    for kw in ({"full": True, "roll": "10,10", "handed": "two-handed"},
               {"full": True, "two_weapon": True, "roll": "10,10,10"},
               {"roll": "10", "handed": "one-handed"}):
        r = refused(b, "attack", "A", "B", bonus=8, dmg=3, kind="melee", **kw)
        assert r.forceable and r.rule == "Condizioni: In Lotta"
    with forcing():
        e = b.run("attack", "A", "B", bonus=8, roll="10", dmg=3, kind="melee",
                  handed="one-handed")
    assert [x.total for x in e if type(x).__name__ == "AttackResolved"] == [14]


def test_35_CND_20_panicked_no_attack_minus_2_on_saves_and_checks():
    """35-CND-20 (In Preda al Panico): the shaken penalties (-2 on saves and checks);
    flees: no attack; panicked replaces shaken and frightened."""
    b = abc()
    b.run("cond add", "A", "shaken")
    e = b.run("cond add", "A", "panicked")
    assert "shaken" not in b.c("A").conditions and "panicked" in b.c("A").conditions
    assert [type(x).__name__ for x in e] == ["ConditionRemoved", "ConditionApplied"]
    refused(b, "attack", "A", "B", bonus=5, roll="10")
    b.run("save", "A", will=True, dc=10, roll_=10, bonus=1)
    assert b.last("SaveRolled").roll.total == 9
    b.run("ability-check", "A", "str", roll_=10, bonus=0)
    assert b.last("AbilityCheckMade").total == 8
    b.run("do", "A", "move")


def test_35_CND_22_incorporeal_ignores_nonmagical_and_half_of_magical_damage():
    """35-CND-22 (Incorporeo): `damage Ghost 10 --magic --miss-roll 30` → 0; 70 → 10;
    `--type force` → 10; nonmagical → 0."""
    b = fight(("Ghost", 40, {"nonliving": True}), ("A", 10))
    b.run("cond add", "Ghost", "incorporeal")
    b.run("damage", "Ghost", 10, magic=True, miss_roll=30)
    assert b.c("Ghost").hp == 40 and b.last("IncorporealDamageRolled").ignored
    b.run("damage", "Ghost", 10)
    assert b.c("Ghost").hp == 40 and not b.last("IncorporealDamageRolled").magic
    b.run("damage", "Ghost", 10, magic=True, miss_roll=70)
    assert b.c("Ghost").hp == 30
    b.run("damage", "Ghost", 10, type_="force")
    assert b.c("Ghost").hp == 20
    with pytest.raises(BadInput):
        b.run("damage", "A", 3, miss_roll=30)
    with pytest.raises(BadInput):
        b.run("damage", "Ghost", 10, miss_roll=30)


def test_35_CND_22_incorporeal_magical_damage_rolls_its_d100_when_not_typed():
    """35-CND-22: the 50% is a d100 recorded in the event (here rolled virtually)."""
    b = fight(("Ghost", 40, {"nonliving": True}), ("A", 10))
    b.run("cond add", "Ghost", "incorporeo")
    e = b.run("damage", "Ghost", 8, magic=True)
    r = e[0]
    assert r.roll is not None and r.roll.source != "typed"
    assert b.c("Ghost").hp == (40 if r.roll.total <= 50 else 32)


def test_35_CND_23_helpless_Dex_0_and_minus_4_against_melee_only():
    """35-CND-23 (Indifeso): `attack A B --kind melee` vs helpless B → B's AC with a Dex
    modifier of -5 in place of its own (+2), and -4 more: 15 - 2 - 5 - 4 = 4; a ranged
    attack → without the -4: 8."""
    b = abc()
    b.run("cond add", "B", "helpless")
    assert hit(b, "A", "B", kind="melee").defense_value == 4
    to_turn(b, "C")
    assert hit(b, "C", "B", kind="ranged").defense_value == 8
    to_turn(b, "B")
    refused(b, "do", "B", "move")


def test_35_CND_23_helpless_allows_a_coup_de_grace_also_when_dying():
    """35-CND-23: a coup de grace against a helpless creature; a dying creature is
    unconscious, so helpless (35-CND-34)."""
    b = abc()
    b.run("damage", "B", 43)
    assert b.c("B").status == "dying"
    assert hit(b, "A", "B", kind="melee", coup_de_grace=True, dmg=4).hit
    refused(b, "attack", "A", "C", bonus=5, roll="10", kind="melee", coup_de_grace=True)


def test_35_CND_24_sickened_minus_2_attack_damage_saves_checks():
    """35-CND-24 (Infermo): -2 on attack rolls, damage rolls, saves and checks:
    `--damage 1d8+2` face 5 → 5 (7 - 2)."""
    b = abc()
    b.run("cond add", "A", "sickened")
    b.run("attack", "A", "B", bonus=5, roll="15", damage="1d8+2", rng=Dice(5))
    r = b.last("AttackResolved")
    assert r.modifiers == {"attack bonus": 5, "sickened": -2}
    assert r.damage == 5 and b.c("B").hp == 35
    b.run("save", "A", fort=True, dc=10, roll_=10, bonus=0)
    assert b.last("SaveRolled").roll.total == 8
    b.run("ability-check", "A", "con", roll_=10, bonus=0)
    assert b.last("AbilityCheckMade").total == 8


def test_35_CND_24_30_constructs_and_undead_are_never_sickened_or_nauseated():
    """35-CND-24, 35-CND-30: "Soltanto le creature viventi possono essere inferme /
    nauseate (costrutti e non morti sono immuni)"."""
    b = fight(("Golem", 40, {"nonliving": True}), ("A", 10))
    for c in ("sickened", "nauseated", "infermo", "nauseato"):
        e = refused(b, "cond add", "Golem", c)
        assert "living" in str(e)
    assert b.c("Golem").conditions == {}


def test_35_CND_25_rebuked_is_cowering_for_10_rounds():
    """35-CND-25 (Intimorito): `cond add X rebuked` → `cowering` for 10 rounds (1
    minute): X can't act; both end 10 rounds later at the same count."""
    b = abc()
    b.run("cond add", "B", "rebuked")
    assert b.c("B").conditions["rebuked"].until == "round 12, A's turn"
    assert b.c("B").conditions["cowering"].source == "rebuked"
    assert hit(b, "A", "B").defense_value == 11
    while b.state.round < 12:
        b.run("next")
    assert b.state.turn == "A"
    assert "rebuked" not in b.c("B").conditions and "cowering" not in b.c("B").conditions
    e = b.events[-3:]
    assert any(type(x).__name__ == "ConditionRemoved" and x.reason == "duration over"
               for x in e)


def test_35_CND_26_entangled_minus_2_attack_minus_4_Dex_no_charge_half_speed():
    """35-CND-26 (Intralciato): half speed, no run or charge, -2 on attack rolls, -4 Dex
    (Dex 14 → 10: AC 14 → 12)."""
    b = through_round_one(fight(("A", 40, {"score": ["dex:14"], "ac": 14,
                                           "flat_footed": 12}), ("B", 40)))
    b.run("cond add", "A", "entangled")
    assert hit(b, "A", "B").modifiers == {"attack bonus": 5, "entangled": -2}
    assert b.x("A", "ac") == 12
    assert conditions.speed(b.c("A")) == 4.5
    refused(b, "do", "A", "run")


def test_35_CND_27_invisible_attacker_plus_2_and_target_loses_Dex():
    """35-CND-27 (Invisibile): `attack A B` with A invisible → +2, B's AC without Dex
    (15 - 2 = 13)."""
    b = abc()
    b.run("cond add", "A", "invisible")
    r = hit(b, "A", "B")
    assert r.modifiers == {"attack bonus": 5, "unseen attacker (Invisibile)": 2}
    assert r.defense_value == 13


def test_35_CND_27_attacks_against_an_invisible_creature_miss_50_percent():
    """35-CND-27: total concealment: `attack B A --miss-roll 40` → miss (50%)."""
    b = abc()
    b.run("cond add", "A", "invisibile")
    to_turn(b, "B")
    r = hit(b, "B", "A", roll="18", miss_roll="40")
    assert not r.hit and b.last("MissChanceRolled").chance == 50
    refused(b, "attack", "B", "A", bonus=5, roll="18", opportunity=True, concealment=50,
            kind="melee")


def test_35_CND_30_nauseated_a_single_move_action_no_attack():
    """35-CND-30 (Nauseato): `attack X B` → refused; `do X move` once accepted, twice
    refused; no standard action."""
    b = abc()
    b.run("cond add", "A", "nauseated")
    refused(b, "attack", "A", "B", bonus=5, roll="10")
    refused(b, "do", "A", "drink-potion")
    b.run("do", "A", "move")
    refused(b, "do", "A", "move")
    assert aoo.why_not(b.state, b.c("A")) is not None


def test_35_CND_31_paralyzed_implies_helpless_until_the_paralysis_ends():
    """35-CND-31 (Paralizzato): `cond add X paralyzed` → `helpless` implied (AC 4 in
    melee); helpless can't be removed alone; removing paralyzed ends it."""
    b = abc()
    b.run("cond add", "B", "paralizzato")
    assert b.c("B").conditions["helpless"].source == "paralyzed"
    assert hit(b, "A", "B", kind="melee").defense_value == 4
    refused(b, "cond remove", "B", "helpless")
    already(b, "cond add", "B", "helpless")
    b.run("cond remove", "B", "paralyzed")
    assert "helpless" not in b.c("B").conditions


def test_35_CND_31_paralyzed_can_t_move_or_act():
    """35-CND-31: "non può muoversi in alcun modo": no action in its turn."""
    b = abc()
    b.run("cond add", "B", "paralyzed")
    to_turn(b, "B")
    refused(b, "do", "B", "move")
    refused(b, "attack", "B", "A", bonus=5, roll="10")


def test_35_CND_32_petrified_counts_as_unconscious_so_helpless():
    """35-CND-32 (Pietrificato): considered unconscious (so helpless, prone)."""
    b = abc()
    b.run("cond add", "B", "petrified")
    assert {"petrified", "unconscious", "helpless", "prone"} <= set(b.c("B").conditions)
    assert hit(b, "A", "B", kind="melee").defense_value == 15 - 2 - 5 - 4 - 4
    b.run("cond remove", "B", "petrified")
    assert set(b.c("B").conditions) == {"prone"}


def test_35_CND_33_blown_away_is_knocked_down_prone():
    """35-CND-33 (Portato via): on the ground knocked down: prone (ranged AC +4)."""
    b = abc()
    b.run("cond add", "B", "portato via")
    assert {"blown-away", "prone"} <= set(b.c("B").conditions)
    assert hit(b, "A", "B", kind="ranged").defense_value == 19


def test_35_CND_34_unconscious_falls_helpless_and_prone():
    """35-CND-34 (Privo di Sensi): falls, helpless: helpless and prone implied, no
    actions; a creature knocked out by nonlethal damage counts as unconscious too."""
    b = abc()
    b.run("cond add", "B", "unconscious")
    assert {"helpless", "prone"} <= set(b.c("B").conditions)
    to_turn(b, "B")
    refused(b, "do", "B", "move")
    to_turn(b, "C")
    b.run("damage", "A", 41, nonlethal=True)
    assert b.c("A").status == "unconscious"
    assert hit(b, "C", "A", kind="melee").defense_value == 10 - 5 - 4 - 4
    assert "helpless" in conditions.held(b.c("A"))


def test_35_CND_35_prone_defender_minus_4_melee_plus_4_ranged():
    """35-CND-35 (Prono): prone B: melee attack vs AC 15 - 4 = 11, ranged vs 15 + 4 =
    19."""
    b = abc()
    b.run("cond add", "B", "prone")
    assert hit(b, "A", "B", kind="melee").defense_value == 11
    to_turn(b, "C")
    assert hit(b, "C", "B", kind="ranged").defense_value == 19


def test_35_CND_35_prone_attacker_minus_4_melee_and_only_crossbows_or_shuriken():
    """35-CND-35: as attacker -4 on melee attack rolls; `attack B A --kind ranged
    --weapon longbow` → refused, `--weapon crossbow` accepted."""
    b = abc()
    b.run("cond add", "B", "prone")
    to_turn(b, "B")
    refused(b, "attack", "B", "A", bonus=5, roll="10", kind="ranged", weapon="longbow")
    r = hit(b, "B", "A", kind="ranged", weapon="crossbow")
    assert r.modifiers == {"attack bonus": 5}
    b.run("next"), b.run("next"), b.run("next")
    assert hit(b, "B", "A", kind="melee").modifiers == {"attack bonus": 5, "prone": -4}


def test_35_CND_37_turned_flees_for_10_rounds_and_can_t_attack():
    """35-CND-37 (Scacciato): for 1 minute (10 rounds) flees the source: no attack;
    anyone may attack it normally (AC unchanged)."""
    b = abc()
    b.run("cond add", "B", "scacciato", source="A")
    assert b.c("B").conditions["turned"].until == "round 12, A's turn"
    assert hit(b, "A", "B").defense_value == 15
    to_turn(b, "B")
    refused(b, "attack", "B", "A", bonus=5, roll="10")
    b.run("do", "B", "move")


def test_35_CND_38_shaken_ladder_and_the_same_fear_effect_does_not_stack():
    """35-CND-38 (Scosso): `cond add X shaken --effect "Cause Fear"`, then `cond add X
    shaken --effect "Scare"` → `frightened`; the same `--effect "Cause Fear"` again → no
    change (refused)."""
    b = abc()
    b.run("cond add", "A", "shaken", effect="Cause Fear")
    assert hit(b, "A", "B").modifiers == {"attack bonus": 5, "fear (shaken)": -2}
    b.run("cond add", "A", "shaken", effect="Scare")
    assert "frightened" in b.c("A").conditions and "shaken" not in b.c("A").conditions
    before = dict(b.c("A").conditions)
    assert b.x("A", "fear_effects") == ["Cause Fear", "Scare"]
    e = already(b, "cond add", "A", "shaken", effect="cause fear")
    assert "doesn't stack" in str(e)
    assert b.c("A").conditions == before
    b.run("cond add", "A", "shaken", effect="Fear Aura")
    assert "panicked" in b.c("A").conditions
    already(b, "cond add", "A", "frightened", effect="Fear")


def test_35_CND_38_shaken_minus_2_on_attacks_saves_checks_counted_once():
    """35-CND-38: -2 on attack rolls, saves, skill and ability checks; the fear
    penalties are one -2 however many fear conditions."""
    b = abc()
    b.run("cond add", "A", "scosso")
    b.run("save", "A", fort=True, dc=10, roll_=10, bonus=0)
    assert b.last("SaveRolled").roll.total == 8
    b.run("ability-check", "A", "wis", roll_=10, bonus=0)
    assert b.last("AbilityCheckMade").total == 8
    assert conditions.penalty(b.c("A"), "saves") == -2


def test_35_CND_38_fear_ends_and_the_same_effect_may_strike_again():
    """35-CND-38: once the fear is over, the same effect makes it shaken again."""
    b = abc()
    b.run("cond add", "A", "shaken", effect="Cause Fear", rounds=1)
    b.run("next"), b.run("next"), b.run("next")
    assert "shaken" not in b.c("A").conditions
    b.run("cond add", "A", "shaken", effect="Cause Fear")
    assert "shaken" in b.c("A").conditions


def test_35_CND_39_frightened_flees_no_attack_and_shaken_makes_it_panicked():
    """35-CND-39 (Spaventato): the shaken penalties; flees (no attack); frightened + a
    shaken or frightened effect → panicked."""
    b = abc()
    b.run("cond add", "A", "frightened", source="B")
    refused(b, "attack", "A", "B", bonus=5, roll="10")
    b.run("save", "A", will=True, dc=10, roll_=10, bonus=0)
    assert b.last("SaveRolled").roll.total == 8
    b.run("cond add", "A", "shaken")
    assert "panicked" in b.c("A").conditions and "frightened" not in b.c("A").conditions
    b2 = abc()
    b2.run("cond add", "A", "spaventato")
    b2.run("cond add", "A", "frightened")
    assert "panicked" in b2.c("A").conditions


def test_35_CND_40_stalled_no_actions_no_Dex_20_percent_miss_chance():
    """35-CND-40 (Stallo): no actions; loses its Dex bonus (AC 13); attacks against it
    have a 20% miss chance: --miss-roll 15 → miss, 25 → hit."""
    b = abc()
    b.run("cond add", "B", "stalled")
    r = hit(b, "A", "B", roll="15", miss_roll="15")
    assert r.defense_value == 13 and not r.hit
    assert b.last("MissChanceRolled").chance == 20
    to_turn(b, "C")
    assert hit(b, "C", "B", roll="15", miss_roll="25").hit
    to_turn(b, "B")
    refused(b, "do", "B", "move")


def test_35_CND_42_stunned_minus_2_AC_no_Dex_no_actions():
    """35-CND-42 (Stordito): `attack A X` → X's AC -2 without Dex (15 - 2 - 2 = 11); X's
    turn allows no action."""
    b = abc()
    b.run("cond add", "B", "stunned", rounds=2)
    assert hit(b, "A", "B").defense_value == 11
    assert b.x("B", "ac") == 11
    to_turn(b, "B")
    refused(b, "do", "B", "move")
    to_turn(b, "B")
    refused(b, "do", "B", "move")
    to_turn(b, "B")
    b.run("do", "B", "move")
