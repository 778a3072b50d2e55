"""D&D 3.5 (seed 003), Mosse speciali: Lottare (Prove di Lotta, Unirsi ad una Lotta),
Sbilanciare, Disarmare, Spezzare, Spingere, Oltrepassare, Scacciare."""

import pytest

from battletape.domain.dnd35 import maneuvers
from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import fight, through_round_one


def to_turn(b, name):
    """End the current turn, then on to ``name``'s next turn."""
    b.run("next")
    while b.state.turn != name:
        b.run("next")


def resolved(events):
    return next(e for e in events if type(e).__name__ == "ManeuverResolved")


def pair(a=None, b=None, pc=True, engaged=True):
    """A (a PC) and B in melee, past round one; A's turn."""
    x = through_round_one(fight(("A", 20, {"pc": pc, **(a or {})}),
                                ("B", 20, {"ac": 14, **(b or {})})))
    if engaged:
        x.run("engage", "A", "B")
    return x


# --- Lottare -------------------------------------------------------------------------------

def test_35_GRP_01_a_won_grapple_makes_both_grappling_and_deals_unarmed_damage():
    """35-GRP-01 (Lottare): `maneuver A B grapple --touch 15 --check 18 --opposed 12` →
    both `grappling`; unarmed damage (3, nonlethal); the touch attack provokes from the
    target only."""
    b = pair()
    e = b.run("maneuver", "A", "B", "grapple", touch=15, check=18, opposed=12, dmg=3)
    assert e[0].provokes == ["B"] and e[0].only_target
    r = resolved(e)
    assert r.touch_hit and r.success
    assert "grappling" in b.c("A").conditions and "grappling" in b.c("B").conditions
    assert b.x("A", "grappling_with") == ["B"] and b.x("B", "grappling_with") == ["A"]
    assert b.x("B", "nonlethal") == 3


def test_35_GRP_01_the_grapple_fails_if_the_aoo_dealt_damage_or_the_touch_misses():
    """35-GRP-01: "se l'AdO infligge danni il tentativo fallisce"; a missed touch attack
    (natural 2 + 0 against touch AC 10) fails too."""
    b = pair()
    r = resolved(b.run("maneuver", "A", "B", "grapple", touch=15, check=18, opposed=2,
                       aoo_damage=True))
    assert not r.success and "grappling" not in b.c("B").conditions
    to_turn(b, "A")
    r = resolved(b.run("maneuver", "A", "B", "grapple", touch=2, check=18, opposed=2))
    assert (r.touch_hit, r.touch_ac, r.success, r.check) == (False, 10, False, None)


def test_35_GRP_01_a_grapple_automatically_fails_two_sizes_up():
    """35-GRP-01: "la prova fallisce automaticamente contro bersagli di due o più
    categorie di taglia più grandi"."""
    b = pair(b={"size": "huge"})
    r = resolved(b.run("maneuver", "A", "B", "grapple", touch=15, check=20, opposed=1))
    assert not r.success and "automatically fails" in r.result
    assert "grappling" not in b.c("A").conditions


def test_35_GRP_02_grapple_modifier_is_bab_plus_str_plus_special_size():
    """35-GRP-02 (Prove di Lotta): A BAB 3, Str 14 → +5; a Large Ogre BAB 4, Str 18 → +8
    and +4 special size modifier; 12 + 5 = 17 against 4 + 12 = 16: A wins."""
    b = pair(a={"bab": 3, "score": ["str:14"]},
             b={"size": "large", "bab": 4, "score": ["str:18"]})
    r = resolved(b.run("maneuver", "A", "B", "grapple", touch=19, check=12, opposed=4))
    assert r.check_mods == {"grapple modifier (BAB + Str)": 5}
    assert r.opposed_mods == {"grapple modifier (BAB + Str)": 8, "size (large)": 4}
    assert (r.check.total, r.opposed.total, r.success) == (17, 16, True)


def test_35_GRP_02_ties_go_to_the_higher_modifier_then_a_reroll():
    """35-GRP-02: a tie: the higher modifier wins (B +2 beats A +0 at 12); equal
    modifiers → both reroll."""
    b = pair(b={"score": ["str:14"]})
    r = resolved(b.run("maneuver", "A", "B", "grapple", touch=19, check=12, opposed=10))
    assert r.check.total == r.opposed.total == 12 and not r.success
    to_turn(b, "A")
    with pytest.raises(RuleViolation, match="both reroll"):
        b.run("maneuver", "A", "B", "grapple", touch=19, check=12, opposed=12,
              opposed_bonus=0)


def test_35_GRP_03_joining_a_grapple_no_aoo_automatic_touch_check_still_needed():
    """35-GRP-03 (Unirsi ad una Lotta): against a creature already grappling, no AoO and
    the touch attack succeeds on its own; the grapple check is still needed."""
    b = through_round_one(fight(("A", 20, {"pc": True}), ("C", 20, {"pc": True}),
                                ("B", 20)))
    b.run("maneuver", "A", "B", "grapple", touch=15, check=18, opposed=2)
    b.run("next")
    b.run("engage", "C", "B")
    e = b.run("maneuver", "C", "B", "grapple", check=3, opposed=15)
    r = resolved(e)
    assert e[0].provokes == [] and r.touch is None and r.touch_hit and not r.success
    to_turn(b, "C")
    assert resolved(b.run("maneuver", "C", "B", "grapple", check=15, opposed=3)).success
    assert sorted(b.x("B", "grappling_with")) == ["A", "C"]


def test_35_GRP_03_at_most_four_same_size_grapplers_larger_count_more():
    """35-GRP-03: up to 4 same-size creatures on one; one size larger counts 2, smaller
    1/2: three Medium grapplers leave no room for a Large one, room for a Small one."""
    b = through_round_one(fight(("X1", 20), ("X2", 20), ("X3", 20),
                                ("Big", 30, {"size": "large"}),
                                ("Imp", 10, {"size": "small"}), ("B", 20)))
    for n in ("X1", "X2", "X3"):
        b.run("maneuver", n, "B", "grapple", touch=15, check=18, opposed=2)
        b.run("next")
    with pytest.raises(RuleViolation, match="no room"):
        b.run("maneuver", "Big", "B", "grapple", check=18, opposed=2)
    b.run("next")
    assert resolved(b.run("maneuver", "Imp", "B", "grapple", check=18, opposed=2)).success
    assert len(b.x("B", "grappling_with")) == 4


def test_35_GRP_02_pin_needs_a_grapple_and_an_opposed_grapple_check():
    """35-GRP-02, 35-CND-18: pinning is a grapple action: refused if not grappling; a won
    check → B `pinned` by A for 1 round."""
    b = pair()
    with pytest.raises(RuleViolation, match="not grappling"):
        b.run("maneuver", "A", "B", "pin", check=18, opposed=2)
    b.run("maneuver", "A", "B", "grapple", touch=15, check=18, opposed=2)
    to_turn(b, "A")
    b.run("maneuver", "A", "B", "pin", check=18, opposed=2)
    assert b.c("B").conditions["pinned"].source == "A"
    b.run("cond remove", "A", "grappling")
    assert b.x("B", "grappling_with") == [] and b.x("A", "grappling_with") == []


def _drained():
    """The audit's D03: A (BAB +4, Str 14, 5 HD) with 2 negative levels; B touch 11, Str
    12; round 2, A's turn."""
    b = through_round_one(fight(("A", 30, {"pc": True, "ac": 15, "bab": 4, "hd": 5,
                                           "score": ["str:14"]}),
                                ("B", 30, {"ac": 12, "touch": 11, "bab": 2,
                                           "score": ["str:12"]})))
    b.run("drain", "A", 2)
    return b


def test_35_TRP_01_the_movers_negative_levels_count_on_touch_and_str_check():
    """35-TRP-01, 35-CND-36 (audit D03): trip with 2 negative levels: touch 15 + 6 - 2 =
    19 hits touch AC 11; Str check 10 + 2 - 2 = 10 vs 10 + 1 = 11 -> fails."""
    b = _drained()
    r = resolved(b.run("maneuver", "A", "B", "trip", touch=15, check=10, opposed=10))
    assert r.touch_mods == {"BAB + Str + size": 6, "2 negative level(s)": -2}
    assert (r.touch.total, r.touch_hit) == (19, True)
    assert (r.check.total, r.opposed.total, r.success) == (10, 11, False)


def test_35_CND_36_negative_levels_on_the_opposed_attack_roll_of_a_disarm():
    """35-CND-36 (Risucchio di Energia, audit D03): -1 each on every attack roll: disarm
    10 + 6 - 2 = 14 vs B 12 + 3 = 15 -> B keeps its weapon."""
    b = _drained()
    r = resolved(b.run("maneuver", "A", "B", "disarm", check=10, opposed=12))
    assert r.check_mods == {"attack bonus (BAB + Str)": 6, "2 negative level(s)": -2}
    assert (r.check.total, r.opposed.total, r.success) == (14, 15, False)


def test_35_GRP_01_the_touch_attack_takes_the_movers_penalties():
    """35-GRP-01, 35-CND-38 (audit D03): shaken A with 2 negative levels: grapple touch
    8 + 6 - 2 - 2 = 10 vs touch AC 11 -> misses, no grapple."""
    b = _drained()
    b.run("cond add", "A", "shaken")
    r = resolved(b.run("maneuver", "A", "B", "grapple", touch=8, check=15, opposed=5))
    assert r.touch_mods == {"BAB + Str + size": 6, "fear (shaken)": -2,
                            "2 negative level(s)": -2}
    assert (r.touch.total, r.touch_hit, r.success) == (10, False, False)
    assert "grappling" not in b.c("A").conditions


# --- Sbilanciare ------------------------------------------------------------------------

def test_35_TRP_01_a_won_trip_knocks_the_defender_prone():
    """35-TRP-01 (Sbilanciare): a melee touch attack that provokes from the target, then
    opposed Str: B falls prone."""
    b = pair()
    e = b.run("maneuver", "A", "B", "trip", touch=15, check=15, opposed=10)
    assert e[0].provokes == ["B"] and resolved(e).success
    assert "prone" in b.c("B").conditions


def test_35_TRP_01_size_limit_legless_and_incorporeal_can_not_be_tripped():
    """35-TRP-01: at most one size larger (Large yes, Huge no); not legless, not
    incorporeal."""
    b = through_round_one(fight(("A", 20), ("Ogre", 20, {"size": "large"}),
                                ("Giant", 40, {"size": "huge"}), ("Snake", 10, {"legs": 0}),
                                ("Ghost", 10)))
    b.run("cond add", "Ghost", "incorporeal")
    for who, why in (("Giant", "more than one size larger"), ("Snake", "no legs"),
                     ("Ghost", "incorporeal")):
        with pytest.raises(RuleViolation, match=why):
            b.run("maneuver", "A", who, "trip", touch=15, check=15, opposed=10)
    r = resolved(b.run("maneuver", "A", "Ogre", "trip", touch=15, check=15, opposed=12))
    assert r.opposed_mods["size: 1 categories larger"] == 4
    assert (r.check.total, r.opposed.total, r.success) == (15, 16, False)


def test_35_TRP_01_legs_dex_and_the_counter_trip():
    """35-TRP-01: a horse (4 legs) +4 and may use Dex; the defender who wins may at once
    try to trip the attacker (no action, no touch attack)."""
    b = pair(b={"legs": 4, "score": ["str:12", "dex:16"]})
    r = resolved(b.run("maneuver", "A", "B", "trip", touch=15, check=10, opposed=10))
    assert r.opposed_mods == {"Dex": 3, "more than two legs (4)": 4}
    assert not r.success and r.counter_allowed
    with pytest.raises(RuleViolation, match="no counter"):
        b.run("maneuver", "B", "A", "disarm", check=15, opposed=5, counter=True)
    e = b.run("maneuver", "B", "A", "trip", check=15, opposed=5, counter=True)
    assert resolved(e).success and "prone" in b.c("A").conditions
    assert e[0].counter and b.x("B", "actions_used") == []


def test_35_TRP_01_the_seeds_names_and_bad_input():
    """35-TRP-01: `maneuver A B sbilanciare` is a trip; an unknown move → bad input."""
    b = pair()
    assert resolved(b.run("maneuver", "A", "B", "Sbilanciare", touch=15, check=15,
                          opposed=10)).maneuver == "trip"
    with pytest.raises(BadInput, match="grapple, trip"):
        b.run("maneuver", "A", "B", "headbutt", check=15, opposed=10)


def test_35_TRP_01_a_trip_weapon_does_not_provoke():
    """35-TRP-01: "utilizzando armi apposite (come la catena chiodata) ... non si provoca
    AdO"."""
    b = pair()
    e = b.run("maneuver", "A", "B", "trip", touch=15, check=15, opposed=10,
              trip_weapon=True)
    assert e[0].provokes == []


# --- Disarmare -------------------------------------------------------------------------

def test_35_DIS_01_disarm_opposed_attack_rolls_with_weapon_and_size_modifiers():
    """35-DIS-01 (Disarmare): opposed attack rolls; +4 two-handed, -4 light; +4 per size
    category; the attacker wins → the item drops in the defender's square."""
    b = pair(a={"size": "large"}, b={"bab": 2})
    e = b.run("maneuver", "A", "B", "disarm", bonus=3, check=10, opposed=12,
              weapon="two-handed", opposed_weapon="light", item="longsword")
    r = resolved(e)
    assert e[0].provokes == ["B"]
    assert r.check_mods == {"--bonus": 3, "size: 1 categories larger": 4,
                            "two-handed weapon": 4}
    assert r.opposed_mods == {"attack bonus (BAB + Str)": 2, "light weapon": -4}
    assert (r.check.total, r.opposed.total, r.success) == (21, 10, True)
    assert b.x("B", "dropped") == ["longsword"]


def test_35_DIS_01_a_damaging_aoo_fails_it_and_a_winning_defender_may_counter():
    """35-DIS-01: the AoO dealt damage → fails; the armed defender who wins may at once
    disarm the attacker without AoO; an empty-handed attacker may keep the item."""
    b = pair()
    assert not resolved(b.run("maneuver", "A", "B", "disarm", check=20, opposed=1,
                              aoo_damage=True)).success
    to_turn(b, "A")
    r = resolved(b.run("maneuver", "A", "B", "disarm", check=5, opposed=15))
    assert r.counter_allowed
    e = b.run("maneuver", "B", "A", "disarm", check=5, opposed=15, counter=True)
    assert not resolved(e).success and e[0].counter
    to_turn(b, "A")
    b.run("maneuver", "A", "B", "disarm", check=18, opposed=2, weapon="none", keep=True,
          item="dagger")
    assert b.state.combatants["A"].extra["holding"] == "dagger"


# --- Spezzare ----------------------------------------------------------------------------

def test_35_SUN_01_sunder_deals_weapon_damage_minus_hardness_to_the_object():
    """35-SUN-01 (Spezzare): opposed attack rolls; a win → weapon damage 12 - hardness 5 =
    7 to the shield; a piercing weapon can't sunder."""
    b = pair()
    with pytest.raises(RuleViolation, match="slashing or bludgeoning"):
        b.run("maneuver", "A", "B", "sunder", check=15, opposed=5, type_="piercing")
    e = b.run("maneuver", "A", "B", "sunder", check=15, opposed=5, dmg=12, hardness=5,
              item="shield", type_="slashing")
    r = resolved(e)
    assert e[0].provokes == ["B"]
    assert (r.success, r.item, r.damage, r.hardness) == (True, "shield", 7, 5)
    assert b.c("B").hp == 20


# --- Spingere -----------------------------------------------------------------------------

def test_35_BR_01_bull_rush_pushes_back_1_5_m_plus_1_5_per_5_points():
    """35-BR-01 (Spingere): opposed Str; won by 11 → 1,5 m + 2 x 1,5 m = 4,5 m."""
    b = pair()
    r = resolved(b.run("maneuver", "A", "B", "bull-rush", check=16, opposed=5))
    assert r.success and r.distance_m == 4.5


def test_35_BR_01_charging_plus_2_legs_plus_4_and_a_failure_without_room():
    """35-BR-01: +2 charging (the charge's -2 AC too), defender +4 with four legs; a
    failure with no room to move back → the attacker falls prone."""
    b = pair(a={"ac": 15}, b={"legs": 4})
    e = b.run("maneuver", "A", "B", "bull-rush", check=10, opposed=10, charge=True,
              no_room=True)
    r = resolved(e)
    assert e[0].action == "charge" and r.check_mods["charging"] == 2
    assert r.opposed_mods["more than two legs (4)"] == 4 and not r.success
    assert "prone" in b.c("A").conditions and b.x("A", "ac") == 13


def test_35_BR_01_only_one_size_larger():
    """35-BR-01: "Solo le creature grandi al massimo una categoria di taglia in più"."""
    b = pair(b={"size": "huge"})
    with pytest.raises(RuleViolation, match="more than one size larger"):
        b.run("maneuver", "A", "B", "bull-rush", check=16, opposed=5)


# --- Oltrepassare --------------------------------------------------------------------------

def test_35_OVR_01_overrun_once_per_round_prone_on_a_loss():
    """35-OVR-01 (Oltrepassare): a standard action during the move; the defender loses →
    prone; a second overrun in the same round → refused."""
    b = pair(engaged=False)
    e = b.run("maneuver", "A", "B", "overrun", check=15, opposed=5)
    assert e[0].kind == "standard" and resolved(e).success
    assert "prone" in b.c("B").conditions
    with pytest.raises(RuleViolation, match="once per round"):
        b.run("maneuver", "A", "B", "overrun", check=15, opposed=5)


def test_35_OVR_01_the_defender_steps_aside_or_blocks_and_may_knock_prone():
    """35-OVR-01: the defender steps aside → only movement spent; it wins → the attacker
    is pushed back 1,5 m, and it may try an opposed Str check to knock it prone."""
    b = pair(engaged=False, b={"legs": 4})
    e = b.run("maneuver", "A", "B", "overrun", avoided=True)
    assert len(e) == 1 and b.x("A", "actions_used") == []
    r = resolved(b.run("maneuver", "A", "B", "overrun", check=10, opposed=8))
    assert r.opposed_mods["more than two legs (4)"] == 4
    assert not r.success and r.distance_m == 1.5 and r.counter_allowed
    b.run("maneuver", "B", "A", "overrun", check=12, opposed=3, counter=True)
    assert "prone" in b.c("A").conditions
    b.run("next")
    with pytest.raises(RuleViolation, match="no counter"):
        b.run("maneuver", "B", "A", "overrun", check=12, opposed=3, counter=True)


# --- Scacciare ---------------------------------------------------------------------------

def test_35_TRN_01_turning_check_sets_max_hd_and_2d6_plus_level_plus_cha_the_total():
    """35-TRN-01 (Scacciare): `turn Cleric --level 6 --check 14 --damage-roll 7 --cha 2`
    → max HD 7, 15 HD: lowest first; HD <= 3 destroyed, the rest turned; HD 8 untouched."""
    b = through_round_one(fight(
        ("Cleric", 30, {"pc": True}), ("Skeleton", 6, {"hd": 1, "nonliving": True}),
        ("Wight", 30, {"hd": 8, "nonliving": True}),
        ("Mummy", 40, {"hd": 7, "nonliving": True}),
        ("Ghoul", 20, {"hd": 4, "nonliving": True})))
    b.run("engage", "Cleric", "Ghoul")
    e = b.run("turn", "Cleric", level=6, check=14, damage_roll=7, cha=2,
              targets="Wight,Mummy,Ghoul,Skeleton")
    t = b.last("TurningResolved")
    assert (t.max_hd, t.hd_total, t.destroyed, t.turned) == (7, 15, ["Skeleton"],
                                                             ["Ghoul", "Mummy"])
    assert e[0].action == "turn" and e[0].provokes == []
    assert b.c("Skeleton").status == "dead"
    assert "turned" in b.c("Ghoul").conditions and "turned" not in b.c("Wight").conditions
    assert b.x("Cleric", "turn_uses") == 1


def test_35_TRN_01_the_turning_table_and_uses_per_day():
    """35-TRN-01: 0- → -4, 1-3 → -3, ... 19-21 → +3, 22+ → +4; 3 + Cha attempts a day
    (Cha -2: one)."""
    table = {0: -4, 1: -3, 3: -3, 4: -2, 9: -1, 10: 0, 12: 0, 13: 1, 16: 2, 21: 3, 22: 4,
             30: 4, -3: -4}
    assert {n: maneuvers.turning_modifier(n) for n in table} == table
    b = through_round_one(fight(("Cleric", 30), ("Zombie", 20, {"hd": 2})))
    b.run("turn", "Cleric", level=3, check=5, damage_roll=2, cha=-2, targets="Zombie")
    assert b.last("TurningResolved").max_hd == 1
    to_turn(b, "Cleric")
    with pytest.raises(RuleViolation, match="turning attempts"):
        b.run("turn", "Cleric", level=3, check=5, damage_roll=2, cha=-2)
    with pytest.raises(BadInput, match="2..12"):
        b.run("turn", "Cleric", level=3, check=5, damage_roll=13, cha=2)
