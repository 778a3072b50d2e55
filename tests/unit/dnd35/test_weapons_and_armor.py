"""D&D 3.5 (seed 003), Armi (Weapons): competenza, Armi a Spargimento, Impugnare un'arma,
Combattere con due armi, Taglia delle armi, Armi Naturali, Armi Improvvisate; Armature e
Carico: Competenza nelle armature, Destrezza Massima, Fallimento degli incantesimi."""

import pytest

from battletape.domain.dnd35.events import AbilityChanged
from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import attacks, of_last, SYSTEM, fight, through_round_one


# --- Armi -------------------------------------------------------------------------------

def test_35_WPN_01_non_proficient_weapon_is_minus_4():
    """35-WPN-01 (Armi): a weapon the attacker is not proficient with: -4 -- 10 + 5 vs AC
    15 hits, with --nonproficient 11 misses."""
    b = fight(("A", 30), ("B", 30, {"ac": 15}))
    e = b.run("attack", "A", "B", bonus=5, roll="10", nonproficient=True, kind="melee")[-1]
    assert e.modifiers["non-proficient weapon"] == -4 and (e.total, e.hit) == (11, False)
    b2 = fight(("A", 30), ("B", 30, {"ac": 15}))
    e = b2.run("attack", "A", "B", bonus=5, roll="10", kind="melee")[-1]
    assert e.hit and "non-proficient weapon" not in e.modifiers


def test_35_WPN_05_splash_weapon_hit_direct_damage_and_splash_to_adjacent():
    """35-WPN-05 (Armi a Spargimento): a ranged touch attack (touch AC 11 of AC 17) with no
    proficiency needed; a hit: B takes the direct damage, every adjacent creature the
    splash damage."""
    b = fight(("A", 30), ("B", 30, {"ac": 17, "touch": 11}), ("C", 30), ("D", 30))
    through_round_one(b)
    evs = b.run("attack", "A", "B", bonus=1, roll="10", splash=True, nonproficient=True,
                dmg=5, type_="fire", splash_dmg=1, adjacent="C,D")
    e = b.last("AttackResolved")
    assert (e.defense, e.defense_value, e.hit, e.kind) == ("touch", 11, True, "ranged")
    assert "non-proficient weapon" not in e.modifiers
    s = b.last("SplashLanded")
    assert (s.at, s.hit, s.splashed, s.damage) == ("B", True, ["C", "D"], 1)
    assert [(x.target, x.amount) for x in evs if type(x).__name__ == "DamageTaken"] == \
        [("C", 1), ("D", 1)]
    assert (b.c("B").hp, b.c("C").hp, b.c("D").hp) == (25, 29, 29)
    assert SYSTEM.describe(s) == "A's splash weapon hits B: 1 splash damage to C, D"


def test_35_WPN_05_a_splash_weapon_that_misses_scatters_1d8():
    """35-WPN-05: a miss lands in one of the 8 squares around the target (1d8): recorded,
    no damage."""
    b = fight(("A", 30), ("B", 30, {"ac": 17, "touch": 15}), ("C", 30))
    through_round_one(b)
    b.run("attack", "A", "B", bonus=1, roll="10", splash=True, dmg=5, splash_dmg=1,
          adjacent="C", scatter=6)
    s = b.last("SplashLanded")
    assert (s.hit, s.scatter.faces, s.scatter.sides, s.splashed) == (False, [6], [8], [])
    assert (b.c("B").hp, b.c("C").hp) == (30, 30)
    b.run("next"), b.run("next"), b.run("next")
    b.run("attack", "A", "B", bonus=1, roll="10", splash=True, dmg=5)
    assert b.last("SplashLanded").scatter.sides == [8]   # rolled virtually, recorded


def test_35_WPN_05_thrown_at_an_intersection_ac_5_splashes_the_4_squares():
    """35-WPN-05: thrown at a grid intersection (AC 5): splash damage to the creatures
    of the 4 squares, no direct damage; 3 + 1 = 4 misses AC 5."""
    b = fight(("A", 30), ("C", 30), ("D", 30))
    through_round_one(b)
    b.run("attack", "A", "C,D", bonus=1, roll="4", splash=True, intersection=True,
          splash_dmg=2)
    s = b.last("SplashLanded")
    assert (s.at, s.hit, s.defense_value, s.roll.total, s.splashed) == \
        ("intersection", True, 5, 5, ["C", "D"])
    assert not of_last(b, "AttackResolved")
    assert (b.c("C").hp, b.c("D").hp) == (28, 28)
    b.run("next"), b.run("next"), b.run("next")
    b.run("attack", "A", "C,D", bonus=1, roll="3", splash=True, intersection=True,
          splash_dmg=2, scatter=2)
    s = b.last("SplashLanded")
    assert not s.hit and s.scatter.total == 2 and (b.c("C").hp, b.c("D").hp) == (28, 28)


def test_35_WPN_05_splash_options_need_splash():
    """35-WPN-05: --intersection without --splash is bad input; a melee splash too."""
    b = fight(("A", 30), ("B", 30))
    with pytest.raises(BadInput):
        b.run("attack", "A", "B", bonus=1, roll="10", intersection=True)
    with pytest.raises(BadInput):
        b.run("attack", "A", "B", bonus=1, roll="10", splash=True, kind="melee")


# --- Impugnare un'arma ------------------------------------------------------------------

def _hit(str_mod, **kw):
    b = fight(("A", 30, {"bab": kw.pop("bab", 0)}), ("B", 100, {"ac": 5}))
    b.run("attack", "A", "B", bonus=5, dmg=5, str_mod=str_mod,
          **{"roll": "10", "kind": "melee", **kw})
    return attacks(b)


def test_35_WPN_07_two_handed_weapon_adds_one_and_a_half_str():
    """35-WPN-07 (Armi a Due Mani): Str +3 two-handed -> +4 damage (floor(4,5))."""
    e = _hit(3, handed="two-handed")[0]
    assert e.damage == 9 and "damage +4: 1,5 x Str (two-handed weapon in both hands)" in e.tags


def test_35_WPN_07_one_handed_in_both_hands_light_gains_nothing():
    """35-WPN-07 (Armi a Una Mano / Armi Leggere): one-handed in both hands 1,5 x; a light
    weapon in both hands only the Str bonus; one-handed in one hand the Str bonus."""
    assert _hit(3, handed="one-handed", both_hands=True)[0].damage == 9
    assert _hit(3, handed="light", both_hands=True)[0].damage == 8
    assert _hit(3, handed="one-handed")[0].damage == 8


def test_35_WPN_07_off_hand_half_str_negative_str_always_in_full():
    """35-WPN-07: the off hand adds half the Str bonus (+3 -> +1); a Str penalty (-2)
    applies in full, off hand included."""
    got = _hit(3, bab=1, full=True, two_weapon=True, off_hand="light", roll="15,15")
    assert [e.damage for e in got] == [8, 6]
    got = _hit(-2, bab=1, full=True, two_weapon=True, off_hand="light", roll="15,15")
    assert [e.damage for e in got] == [3, 3]


def test_35_WPN_07_str_is_a_fixed_bonus_multiplied_on_a_critical():
    """35-WPN-07 with 35-CRT-03: (5 + 4) x 2 = 18 on a confirmed critical."""
    e = _hit(3, handed="two-handed", roll="20", confirm="15")[0]
    assert e.crit and e.damage == 18


def test_35_WPN_08_two_weapon_fighting_penalties():
    """35-WPN-08 (Combattere con due armi): --full --two-weapon --off-hand light -> -4 on
    the primary attacks, -8 off hand; one-handed off hand -6/-10; one extra attack
    whatever the BAB."""
    b = fight(("A", 30, {"bab": 6}), ("B", 100, {"ac": 5}))
    b.run("attack", "A", "B", bonus=6, roll="10,10,10", full=True, two_weapon=True,
          off_hand="light", kind="melee")
    got = [(e.modifiers.get("two-weapon fighting (primary)"),
            e.modifiers.get("two-weapon fighting (off hand)"), e.bonus) for e in attacks(b)]
    assert got == [(-4, None, 2), (-4, None, -3), (None, -8, -2)]
    b2 = fight(("A", 30, {"bab": 6}), ("B", 100, {"ac": 5}))
    b2.run("attack", "A", "B", bonus=6, full=True, two_weapon=True, kind="melee")
    assert [e.bonus for e in attacks(b2)] == [0, -5, -4]
    with pytest.raises(BadInput, match="--full"):
        b2.run("attack", "A", "B", bonus=6, two_weapon=True, kind="melee")
    b3 = fight(("A", 30, {"bab": 6}), ("B", 100, {"ac": 5}))
    with pytest.raises(BadInput, match="off hand one more"):
        b3.run("attack", "A", "B", bonus=6, roll="9,9,9,9", full=True, two_weapon=True)


# --- Taglia delle armi ------------------------------------------------------------------

def test_35_WPN_09_weapon_size_minus_2_per_category_and_one_handedness_heavier():
    """35-WPN-09 (Taglia delle armi): a Medium wielder with a Large one-handed weapon: -2,
    wielded as a two-handed weapon (1,5 x Str: +3 -> +4)."""
    b = fight(("A", 30), ("B", 100, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=5, roll="10", dmg=5, str_mod=3,
              handed="one-handed", weapon_size="large", kind="melee")[-1]
    assert e.modifiers["weapon size (large, 1 category off)"] == -2
    assert e.damage == 9
    b2 = fight(("A", 30), ("B", 100, {"ac": 5}))
    e = b2.run("attack", "A", "B", bonus=5, roll="10", weapon_size="huge", kind="melee")[-1]
    assert e.modifiers["weapon size (huge, 2 categories off)"] == -4


def test_35_WPN_09_past_light_or_two_handed_it_cant_be_wielded():
    """35-WPN-09: a Large two-handed weapon for a Medium creature, or a Small light weapon,
    can't be wielded at all; a Large creature uses a Medium two-handed weapon one-handed
    at -2."""
    b = fight(("A", 30), ("B", 100, {"ac": 5}), ("Ogre", 30, {"size": "large"}))
    with pytest.raises(RuleViolation, match="can't be wielded") as err:
        b.run("attack", "A", "B", bonus=5, roll="10", handed="two-handed",
              weapon_size="large", kind="melee")
    assert err.value.args and "Taglia delle armi" in str(err.value)
    with pytest.raises(RuleViolation, match="can't be wielded"):
        b.run("attack", "A", "B", bonus=5, roll="10", handed="light", weapon_size="small",
              kind="melee")
    b.run("next"), b.run("next")
    e = b.run("attack", "Ogre", "B", bonus=5, roll="10", dmg=5, str_mod=3,
              handed="two-handed", weapon_size="medium", kind="melee")[-1]
    assert e.modifiers["weapon size (medium, 1 category off)"] == -2 and e.damage == 8


def test_35_WPN_09_cant_be_wielded_is_a_forceable_refusal():
    """35-WPN-09 (Taglia delle armi, audit D13): `--force 'giant sword' attack A B
    --weapon-size large --handed two-handed` is recorded: -2 for one category off,
    10 + 5 - 2 = 13 vs AC 5, 5 damage and nothing more."""
    from battletape.domain.errors import forcing

    b = fight(("A", 30), ("B", 100, {"ac": 5}))
    with pytest.raises(RuleViolation) as r:
        b.run("attack", "A", "B", bonus=5, roll="10", dmg=5, handed="two-handed",
              weapon_size="large", kind="melee")
    assert r.value.forceable
    with forcing():
        e = b.run("attack", "A", "B", bonus=5, roll="10", dmg=5, handed="two-handed",
                  weapon_size="large", kind="melee")[-1]
    assert e.modifiers["weapon size (large, 1 category off)"] == -2
    assert (e.total, e.hit, e.damage) == (13, True, 5)


# --- Armi Naturali ----------------------------------------------------------------------

def test_35_WPN_10_natural_weapons_never_iterative_secondary_minus_5():
    """35-WPN-10 (Armi Naturali): BAB +16 troll, claw/claw/bite as primary,secondary,
    secondary: three attacks only, the secondaries at -5; four rolls are bad input."""
    b = fight(("Troll", 60, {"bab": 16}), ("B", 100, {"ac": 5}))
    b.run("attack", "Troll", "B", bonus=14, roll="10,10,10", full=True,
          natural="primary,secondary,secondary")
    assert [e.bonus for e in attacks(b)] == [14, 9, 9]
    assert attacks(b)[1].modifiers["secondary natural weapon"] == -5
    b2 = fight(("Troll", 60, {"bab": 16}), ("B", 100, {"ac": 5}))
    with pytest.raises(BadInput, match="3 natural weapons give 3 attacks"):
        b2.run("attack", "Troll", "B", bonus=14, roll="10,10,10,10", full=True,
               natural="primary,secondary,secondary")


def test_35_WPN_10_a_secondary_alone_or_as_an_aoo_is_still_minus_5():
    """35-WPN-10: "Questo vale anche qualora l'arma secondaria sia usata da sola o come
    AdO"."""
    b = fight(("A", 30), ("B", 100, {"ac": 5, "pc": True}))
    through_round_one(b)
    e = b.run("attack", "A", "B", bonus=8, roll="10", natural="secondary")[-1]
    assert e.bonus == 3
    b.run("next")
    b.run("engage", "A", "B")       # an attack of opportunity: A threatens B
    e = b.run("attack", "A", "B", bonus=8, roll="10", natural="secondary",
              opportunity=True, kind="melee")[-1]
    assert e.bonus == 3 and e.action == "aoo"


def test_35_WPN_10_mixed_with_a_manufactured_weapon_naturals_are_secondary():
    """35-WPN-10: the manufactured weapon is primary with iteratives (BAB +6: +6/+1), each
    natural weapon secondary (-5); a primary natural with it is refused."""
    b = fight(("A", 30, {"bab": 6}), ("B", 100, {"ac": 5}))
    b.run("attack", "A", "B", bonus=6, roll="10,10,10", full=True, manufactured=True,
          natural="secondary", kind="melee")
    assert [e.bonus for e in attacks(b)] == [6, 1, 1]
    b2 = fight(("A", 30, {"bab": 6}), ("B", 100, {"ac": 5}))
    with pytest.raises(RuleViolation, match="secondary"):
        b2.run("attack", "A", "B", bonus=6, full=True, manufactured=True,
               natural="primary")


def test_35_WPN_10_natural_strength_one_and_a_half_alone_half_secondary():
    """35-WPN-10: the only natural weapon (--only-natural) adds 1,5 x Str (+3 -> +4); with
    others, the primary full Str, secondaries half (+1)."""
    assert _hit(3, natural="primary", only_natural=True)[0].damage == 9
    got = _hit(3, full=True, natural="primary,secondary", roll="15,15")
    assert [e.damage for e in got] == [8, 6]


def test_35_WPN_10_one_natural_attack_is_not_the_only_natural_weapon():
    """35-WPN-10 (Armi Naturali, audit D08): "1,5 volte il bonus di Forza se è l'unica
    arma naturale della creatura" -- a fact about the creature, not the command: a
    troll (Str +6) claws once, 6 + 6 = 12 (not 15); --only-natural says so: 6 + 9 = 15;
    --only-natural with a secondary is bad input."""
    b = fight(("Troll", 60, {"ac": 16, "bab": 6, "init": 3}), ("B", 60, {"ac": 10}))
    e = b.run("attack", "Troll", "B", natural="primary", bonus=9, roll="12", dmg=6,
              str_mod=6, kind="melee")[-1]
    assert e.damage == 12
    b.run("next"), b.run("next")
    e = b.run("attack", "Troll", "B", natural="primary", only_natural=True, bonus=9,
              roll="12", dmg=6, str_mod=6, kind="melee")[-1]
    assert e.damage == 15
    with pytest.raises(BadInput, match="--only-natural"):
        b.run("attack", "Troll", "B", natural="secondary", only_natural=True, bonus=9,
              roll="12", dmg=6, str_mod=6, kind="melee")


# --- Armi Improvvisate ------------------------------------------------------------------

def test_35_WPN_11_improvised_weapon_minus_4_threat_20_x2():
    """35-WPN-11 (Armi Improvvisate): non-proficient (-4); threatens on 20 only, x2:
    --threat 19 or --mult 3 with --improvised are refused."""
    b = fight(("A", 30), ("B", 100, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=5, roll="10", improvised=True, kind="melee")[-1]
    assert e.modifiers["improvised weapon (non-proficient)"] == -4 and e.bonus == 1
    b2 = fight(("A", 30), ("B", 100, {"ac": 5}))
    for kw in ({"threat": 19}, {"mult": 3}):
        with pytest.raises(RuleViolation, match="improvised"):
            b2.run("attack", "A", "B", bonus=5, roll="10", improvised=True, **kw)


def test_35_WPN_11_throwing_one_is_a_standard_action_full_round_if_two_handed():
    """35-WPN-11: thrown (3 m increments), a standard action, a full-round action if
    two-handed; never one of a full attack's attacks."""
    b = fight(("A", 30, {"bab": 6}), ("B", 100, {"ac": 5}))
    b.run("attack", "A", "B", bonus=5, roll="10", improvised=True, thrown=True,
          kind="ranged", increment=2)
    assert of_last(b, "TableActionTaken")[0].kind == "standard"
    assert b.last("AttackResolved").modifiers["range increment 2 (3 m each, improvised)"] \
        == -2
    b2 = fight(("A", 30, {"bab": 6}), ("B", 100, {"ac": 5}))
    b2.run("attack", "A", "B", bonus=5, roll="10", improvised=True, thrown=True,
           handed="two-handed", kind="ranged")
    assert of_last(b2, "TableActionTaken")[0].kind == "full-round"
    b3 = fight(("A", 30, {"bab": 6}), ("B", 100, {"ac": 5}))
    with pytest.raises(RuleViolation, match="standard action"):
        b3.run("attack", "A", "B", bonus=5, improvised=True, thrown=True, full=True,
               kind="ranged")


# --- Armature e Carico ------------------------------------------------------------------

def test_35_ARM_01_non_proficient_armor_check_penalty_on_attack_rolls():
    """35-ARM-01 (Competenza nelle armature): not proficient -> the armor check penalty
    (-3) on every attack roll; proficient -> none."""
    b = fight(("A", 30, {"armor_check": -3, "armor_nonproficient": True}),
              ("P", 30, {"armor_check": -3}), ("B", 100, {"ac": 14}))
    e = b.run("attack", "A", "B", bonus=5, roll="10", kind="melee")[-1]
    assert e.modifiers["armor check penalty (non-proficient armor)"] == -3
    assert (e.total, e.hit) == (12, False)
    b.run("next")
    e = b.run("attack", "P", "B", bonus=5, roll="10", kind="melee")[-1]
    assert e.modifiers == {"attack bonus": 5} and e.hit
    with pytest.raises(BadInput, match="--armor-check"):
        b.run("add", "Q", hp=5, armor_nonproficient=True)


def test_35_ARM_01_non_proficient_armor_penalty_on_str_dex_checks_and_special_moves():
    """35-ARM-01 (audit D04): "a tutti i TxC e a tutte le prove di abilità e
    caratteristica basate su Forza e Destrezza": A (Str 14, BAB +4, armor check -3, not
    proficient): `ability-check A str --roll 10` -> 10 + 2 - 3 = 9 (Wis untouched);
    trip B (touch 11, Str 12): touch 10 + 6 - 3 = 13 hits, Str 10 + 2 - 3 = 9 vs 10 + 1
    = 11 -> fails."""
    b = through_round_one(fight(
        ("A", 30, {"pc": True, "ac": 15, "bab": 4, "score": ["str:14", "wis:10"],
                   "armor_check": -3, "armor_nonproficient": True}),
        ("B", 30, {"ac": 12, "touch": 11, "bab": 2, "score": ["str:12"]})))
    b.run("ability-check", "A", "str", roll_=10)
    assert b.last("AbilityCheckMade").total == 9
    b.run("ability-check", "A", "wis", roll_=10)
    assert b.last("AbilityCheckMade").total == 10
    b.run("maneuver", "A", "B", "trip", touch=10, check=10, opposed=10)
    r = b.last("ManeuverResolved")
    assert (r.touch.total, r.touch_hit) == (13, True)
    assert r.touch_mods["armor check penalty (non-proficient armor)"] == -3
    assert r.check_mods == {"Str": 2, "armor check penalty (non-proficient armor)": -3}
    assert (r.check.total, r.opposed.total, r.success) == (9, 11, False)


def test_35_ARM_02_max_dex_caps_what_a_dex_change_does_to_ac():
    """35-ARM-02 (Destrezza Massima): Dex 16 (+3) in armor with max Dex +1, AC 17 / touch
    11: 4 points of Dex damage (12, +1) leave the AC; 6 more (Dex 6, -2) take it to 14 /
    8 and the flat-footed AC 16 -> 14. Without the cap the first loss already counts."""
    b = fight(("A", 30), ("X", 30, {"ac": 17, "touch": 11, "flat_footed": 16,
                                     "score": ["dex:16"], "max_dex": 1}),
              ("Y", 30, {"ac": 19, "touch": 13, "flat_footed": 16, "score": ["dex:16"]}))
    through_round_one(b)
    b.do(lambda s: [AbilityChanged(name="X", ability="dex", amount=4),
                    AbilityChanged(name="Y", ability="dex", amount=4)])
    assert (b.x("X", "ac"), b.x("X", "touch_ac")) == (17, 11)
    assert (b.x("Y", "ac"), b.x("Y", "touch_ac")) == (17, 11)
    b.do(lambda s: [AbilityChanged(name="X", ability="dex", amount=6)])
    assert (b.x("X", "ac"), b.x("X", "touch_ac"), b.x("X", "flat_footed_ac")) == (14, 8, 14)
    e = b.run("attack", "A", "X", bonus=0, roll="15", kind="melee")[-1]
    assert (e.defense_value, e.hit) == (14, True)


def test_35_ARM_02_max_dex_0_is_not_losing_the_dex_bonus():
    """35-ARM-02: "Indossare un'armatura con destrezza massima 0 non conta come aver perso
    il bonus di Destrezza": a +1 dodge bonus still applies (AC 16 -> 17)."""
    b = fight(("A", 30), ("X", 30, {"ac": 16, "touch": 10, "flat_footed": 16,
                                     "score": ["dex:14"], "max_dex": 0}))
    through_round_one(b)
    b.run("mod", "X", "ac", 1, type_="dodge", source="Dodge")
    e = b.run("attack", "A", "X", bonus=0, roll="16", kind="melee")[-1]
    assert (e.defense_value, e.hit) == (17, False)
    assert not any(t.startswith("loses Dex") for t in e.tags)


def test_35_ARM_03_arcane_spell_failure_d100_at_most_the_chance():
    """35-ARM-03 (Fallimento degli incantesimi): armor 20% + shield 5% = 25%, one d100:
    20 -> failed, 26 -> the spell goes off; --chance overrides the sheet."""
    b = fight(("Mage", 20, {"spell_failure": "20,5"}), ("B", 30))
    e = b.run("spell-failure", "Mage", roll_=20)[-1]
    assert (e.chance, e.roll.total, e.failed) == (25, 20, True)
    assert SYSTEM.describe(e) == ("Mage's arcane spell failure (25%): d100 20: the spell "
                                  "is wasted")
    e = b.run("spell-failure", "Mage", roll_=26)[-1]
    assert (e.chance, e.failed) == (25, False)
    e = b.run("spell-failure", "Mage", roll_=25, chance=25)[-1]
    assert e.failed
    with pytest.raises(BadInput, match="--spell-failure"):
        b.run("spell-failure", "B", roll_=20)
    with pytest.raises(BadInput):
        b.run("add", "Q", hp=5, spell_failure="20,5,5")
