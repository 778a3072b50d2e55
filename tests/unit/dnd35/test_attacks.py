"""D&D 3.5 (seed 003), Attacchi (Attacks): Attacchi in mischia, Colpi senz'armi, Armi
naturali, Attacchi a distanza, Gittata, Tirare nella mischia, Attacchi da tocco, Attacco
completo, Bonus di Attacco Base, Classe Armatura, Tiro per Colpire."""

import pytest

from battletape.domain.dnd35.attacks import attacks_from_bab
from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import fight, through_round_one


def attacks(b):
    """The AttackResolved events of the last command."""
    cmd = b.events[-1].cmd
    return [e for e in b.events if e.cmd == cmd and type(e).__name__ == "AttackResolved"]


def taken(b):
    cmd = b.events[-1].cmd
    return next(e for e in b.events if e.cmd == cmd and type(e).__name__ ==
                "TableActionTaken")


# --- Attacchi -------------------------------------------------------------------------

def test_35_ATK_01_an_attack_is_a_roll_against_ac_and_takes_the_standard_action():
    """35-ATK-01 (Attacchi): "un attacco richiede un TxC contro la CA di un avversario e
    consuma un'azione standard": after it, no standard action is left, and a single
    attack is one roll (several come from a full attack)."""
    b = fight(("A", 30), ("B", 30, {"ac": 15}))
    e = b.run("attack", "A", "B", bonus=5, roll="10", kind="melee")[-1]
    assert (e.defense, e.defense_value, e.total, e.hit) == ("ac", 15, 15, True)
    assert taken(b).kind == "standard" and b.x("A", "actions_used") == ["standard"]
    with pytest.raises(RuleViolation):
        b.run("do", "A", "standard")
    with pytest.raises(BadInput, match="--full for a full attack"):
        b.run("attack", "A", "B", bonus=5, roll="10,8", kind="melee")


def test_35_ATK_02_melee_attack_bonus_is_the_sheets_and_a_weapon_attack_does_not_provoke():
    """35-ATK-02 (Attacchi in mischia): bonus = BAB + Str (+ others), given as --bonus; a
    melee weapon attack provokes no AoO even from an engaged enemy."""
    b = fight(("A", 30, {"pc": True, "bab": 4}), ("B", 30, {"ac": 16}))
    through_round_one(b)
    b.run("engage", "A", "B")
    e = b.run("attack", "A", "B", bonus=7, roll="9", dmg=5, kind="melee")[-1]
    assert (e.bonus, e.modifiers, e.total, e.hit) == (7, {"attack bonus": 7}, 16, True)
    assert taken(b).action == "melee-attack" and taken(b).provokes == []
    assert b.c("B").hp == 25


def test_35_ATK_03_unarmed_strike_provokes_from_the_target_and_deals_nonlethal():
    """35-ATK-03 (Colpi senz'armi): "provoca AdO da parte del bersaglio, e infligge solo
    danni non letali": B's nonlethal pool takes the damage; only B is offered an AoO."""
    b = fight(("A", 30, {"pc": True}), ("B", 30, {"ac": 10}), ("C", 30))
    through_round_one(b)
    b.run("engage", "A", "C")
    e = b.run("attack", "A", "B", bonus=4, roll="12", dmg=3, unarmed=True,
              kind="melee")[-1]
    assert e.hit and "nonlethal" in e.tags
    t = taken(b)
    assert (t.action, t.provokes, t.only_target) == ("unarmed-strike", ["B"], True)
    assert b.c("B").hp == 30 and b.x("B", "nonlethal") == 3
    assert "nonlethal damage with a lethal weapon" not in e.modifiers


def test_35_ATK_04_natural_weapons_are_armed_and_do_not_provoke():
    """35-ATK-04 (Armi naturali): a creature attacking with a natural weapon is armed and
    provokes no AoO (lethal damage); an unarmed strike is not a natural attack."""
    b = fight(("Bear", 40, {"pc": True}), ("B", 30, {"ac": 10}))
    through_round_one(b)
    b.run("engage", "Bear", "B")
    e = b.run("attack", "Bear", "B", bonus=6, roll="12", dmg=4, natural="primary")[-1]
    assert e.hit and taken(b).provokes == [] and taken(b).action == "melee-attack"
    assert e.kind == "melee"
    assert b.c("B").hp == 26 and b.x("B", "nonlethal") == 0
    with pytest.raises(BadInput, match="--natural"):
        b.run("attack", "Bear", "B", bonus=6, roll="12", natural="primary", unarmed=True)


def test_35_ATK_05_a_ranged_attack_provokes_from_those_threatening_the_shooter():
    """35-ATK-05 (Attacchi a distanza): "Effettuare un attacco a distanza ... provoca AdO";
    bonus = BAB + Dex as --bonus."""
    b = fight(("A", 30, {"pc": True}), ("B", 30), ("C", 30, {"ac": 12}))
    through_round_one(b)
    b.run("engage", "A", "B")
    e = b.run("attack", "A", "C", bonus=6, roll="6", kind="ranged")[-1]
    assert e.hit and e.total == 12
    assert (taken(b).action, taken(b).provokes) == ("ranged-attack", ["B"])


def test_35_ATK_06_range_increments_minus_2_each_beyond_the_first():
    """35-ATK-06 (Gittata): -2 cumulative per increment beyond the first; projectile
    weapons reach 10 increments, thrown weapons 5: --increment 3 -> -4; 11 or a thrown 6
    -> error."""
    def shoot(**kw):
        b = fight(("A", 30), ("B", 30, {"ac": 10}))
        return b.run("attack", "A", "B", bonus=5, roll="10", kind="ranged", **kw)[-1]

    e = shoot(increment=3)
    assert e.modifiers["range increment 3"] == -4 and e.total == 11
    assert shoot(increment=1).modifiers == {"attack bonus": 5}
    assert shoot(increment=10).modifiers["range increment 10"] == -18
    with pytest.raises(BadInput, match="10 range increments"):
        shoot(increment=11)
    with pytest.raises(BadInput, match="5 range increments"):
        shoot(increment=6, thrown=True)
    assert shoot(increment=5, thrown=True).modifiers["range increment 5"] == -8


def test_35_ATK_07_shooting_into_melee_is_minus_4():
    """35-ATK-07 (Tirare nella mischia): --into-melee -> -4 on a ranged attack; without
    the flag (a target square 3 m from the ally) no penalty."""
    b = fight(("A", 30), ("B", 30, {"ac": 14}))
    e = b.run("attack", "A", "B", bonus=5, roll="10", kind="ranged", into_melee=True)[-1]
    assert e.modifiers["shooting into melee"] == -4 and (e.total, e.hit) == (11, False)
    b2 = fight(("A", 30), ("B", 30, {"ac": 14}))
    with pytest.raises(RuleViolation, match="ranged"):
        b2.run("attack", "A", "B", bonus=5, roll="10", kind="melee", into_melee=True)
    e = b2.run("attack", "A", "B", bonus=5, roll="10", kind="ranged")[-1]
    assert "shooting into melee" not in e.modifiers and e.hit


def test_35_ATK_08_touch_attacks_use_touch_ac_ignoring_armor_shield_natural_armor():
    """35-ATK-08 (Attacchi da tocco): --vs touch uses B's touch AC; an armor bonus (Mage
    Armor) added to B counts against --vs ac, not against a touch attack."""
    b = fight(("A", 30), ("B", 30, {"ac": 18, "touch": 12, "flat_footed": 16}))
    through_round_one(b)
    b.run("mod", "B", "ac", 4, type_="armor", source="mage armor")
    assert (b.x("B", "ac"), b.x("B", "touch_ac")) == (22, 12)
    e = b.run("attack", "A", "B", bonus=2, roll="10", vs="touch", kind="ranged")[-1]
    assert (e.defense, e.defense_value, e.hit) == ("touch", 12, True)
    b.run("next"), b.run("next")
    e = b.run("attack", "A", "B", bonus=2, roll="10", vs="ac", kind="melee")[-1]
    assert (e.defense_value, e.hit) == (22, False)


def test_35_ATK_09_full_attack_rolls_in_order_targets_chosen_as_it_goes():
    """35-ATK-09 (Attacco completo): a full-round action; iteratives in decreasing order
    (+11/+6/+1 for --bonus 11 --roll 15,12,9); B first, C for the rest; afterwards no
    move, but one 5-foot step."""
    b = fight(("A", 30, {"bab": 11}), ("B", 30, {"ac": 10}), ("C", 30, {"ac": 10}))
    b.run("attack", "A", "B,C", bonus=11, roll="15,12,9", full=True, kind="melee")
    got = [(e.target, e.bonus, e.natural, e.total) for e in attacks(b)]
    assert got == [("B", 11, 15, 26), ("C", 6, 12, 18), ("C", 1, 9, 10)]
    assert taken(b).kind == "full-round"
    with pytest.raises(RuleViolation):
        b.run("do", "A", "move")
    b.run("do", "A", "5-foot-step")
    with pytest.raises(RuleViolation, match="5-foot step"):
        b.run("do", "A", "5-foot-step")


def test_35_ATK_09_too_many_targets_for_the_attacks():
    """35-ATK-09: one target per attack at most: BAB +6 gives 2 attacks, 3 targets ->
    bad input."""
    b = fight(("A", 30, {"bab": 6}), ("B", 30), ("C", 30), ("D", 30))
    with pytest.raises(BadInput, match="at most 2 target"):
        b.run("attack", "A", "B,C,D", bonus=6, full=True, kind="melee")


# --- Bonus di Attacco Base --------------------------------------------------------------

@pytest.mark.parametrize("bab,count", [(0, 1), (5, 1), (6, 2), (10, 2), (11, 3), (15, 3),
                                       (16, 4), (20, 4)])
def test_35_BAB_01_attacks_from_bab(bab, count):
    """35-BAB-01 (Bonus di Attacco Base): 1 attack up to +5, 2 at +6..+10, 3 at
    +11..+15, 4 at +16 or more -- rolled virtually, one AttackResolved each."""
    b = fight(("A", 30, {"bab": bab}), ("B", 500, {"ac": 50}))
    b.run("attack", "A", "B", bonus=bab, full=True, kind="melee")
    assert attacks_from_bab(bab) == count
    assert [e.bonus for e in attacks(b)] == [bab - 5 * i for i in range(count)]


def test_35_BAB_01_five_rolls_at_bab_16_is_bad_input():
    """35-BAB-01: BAB +16 -> +16/+11/+6/+1; five --roll faces -> "BAB +16 gives 4
    attacks"."""
    b = fight(("A", 30, {"bab": 16}), ("B", 500, {"ac": 10}))
    b.run("attack", "A", "B", bonus=16, roll="5,5,5,5", full=True, kind="melee")
    assert [e.bonus for e in attacks(b)] == [16, 11, 6, 1]
    b2 = fight(("A", 30, {"bab": 16}), ("B", 500, {"ac": 10}))
    with pytest.raises(BadInput) as err:
        b2.run("attack", "A", "B", bonus=16, roll="5,5,5,5,5", full=True, kind="melee")
    assert "BAB +16 gives 4 attacks" in str(err.value) and "\n" not in str(err.value)


def test_35_BAB_01_bab_6_gives_plus_6_and_plus_1():
    """35-BAB-01: BAB +6 -> +6/+1, a third face is bad input."""
    b = fight(("A", 30, {"bab": 6}), ("B", 500, {"ac": 10}))
    b.run("attack", "A", "B", bonus=6, roll="10,10", full=True, kind="melee")
    assert [e.bonus for e in attacks(b)] == [6, 1]
    b2 = fight(("A", 30, {"bab": 6}), ("B", 500, {"ac": 10}))
    with pytest.raises(BadInput, match="BAB \\+6 gives 2 attacks"):
        b2.run("attack", "A", "B", bonus=6, roll="10,10,10", full=True, kind="melee")


# --- Classe Armatura ------------------------------------------------------------------

def test_35_AC_01_flat_footed_target_is_hit_against_its_flat_footed_ac_untold():
    """35-AC-01 (Classe Armatura): add X --ac 18 --touch 12 --flat-footed 16; while X is
    flat-footed (round 1, before its first turn) `attack A X --vs ac` uses 16."""
    b = fight(("A", 30), ("X", 30, {"ac": 18, "touch": 12, "flat_footed": 16}))
    assert b.x("X", "flat_footed")
    # the effective ACs while flat-footed: no Dex or dodge part (18 - 16 = 2)
    assert (b.x("X", "ac"), b.x("X", "touch_ac"), b.x("X", "flat_footed_ac")) == (16, 10, 16)
    e = b.run("attack", "A", "X", bonus=6, roll="10", vs="ac", kind="melee")[-1]
    assert (e.defense_value, e.hit) == (16, True)
    assert any(t.startswith("loses Dex to AC: flat-footed") for t in e.tags)
    b.run("next"), b.run("next")          # X has acted: no longer flat-footed
    assert not b.x("X", "flat_footed")
    assert (b.x("X", "ac"), b.x("X", "touch_ac"), b.x("X", "flat_footed_ac")) == (18, 12, 16)
    e = b.run("attack", "A", "X", bonus=6, roll="10", vs="ac", kind="melee")[-1]
    assert (e.defense_value, e.hit) == (18, False)


def test_35_AC_01_flat_footed_loses_dodge_bonuses_too():
    """35-AC-01: flat-footed -> no Dex and no dodge bonus: a +1 dodge mod counts once X
    has acted, not before."""
    b = fight(("A", 30), ("X", 30, {"ac": 15, "flat_footed": 13}))
    b.run("mod", "X", "ac", 1, type_="dodge", source="Dodge")
    e = b.run("attack", "A", "X", bonus=0, roll="13", kind="melee")[-1]
    assert (e.defense_value, e.hit) == (13, True)
    b.run("next"), b.run("next")
    e = b.run("attack", "A", "X", bonus=0, roll="15", kind="melee")[-1]
    assert (e.defense_value, e.hit) == (16, False)


# --- Tiro per Colpire -----------------------------------------------------------------

def test_35_TXC_01_hit_if_the_total_is_at_least_the_ac():
    """35-TXC-01 (Tiro per Colpire): 1d20 + bonus; a hit if >= AC: 10 + 5 vs 15 hits, 9 + 5
    misses."""
    b = fight(("A", 30), ("B", 30, {"ac": 15}))
    through_round_one(b)
    e = b.run("attack", "A", "B", bonus=5, roll="10", kind="melee")[-1]
    assert (e.roll.faces, e.total, e.hit) == ([10], 15, True)
    b.run("next"), b.run("next")
    e = b.run("attack", "A", "B", bonus=5, roll="9", kind="melee")[-1]
    assert (e.total, e.hit) == (14, False)


def test_35_TXC_02_natural_1_always_misses():
    """35-TXC-02: "Un 1 al dado in un TxC è sempre un fallimento": --roll 1 --bonus 30 vs
    AC 10 -> miss."""
    b = fight(("A", 30), ("B", 30, {"ac": 10}))
    e = b.run("attack", "A", "B", bonus=30, roll="1", dmg=5, kind="melee")[-1]
    assert (e.total, e.hit, e.fumble, e.damage) == (31, False, True, 0)
    assert "natural 1 misses" in e.tags and b.c("B").hp == 30


def test_35_TXC_03_natural_20_always_hits_and_threatens():
    """35-TXC-03: "un 20 al dado è sempre un successo (oltre che una minaccia di
    critico)": --roll 20 --bonus -5 vs AC 40 -> hit, threat."""
    b = fight(("A", 30), ("B", 30, {"ac": 40}))
    e = b.run("attack", "A", "B", bonus=-5, roll="20", confirm="3", dmg=4, kind="melee")[-1]
    assert (e.total, e.hit) == (15, True)
    assert "natural 20 hits" in e.tags and "threat" in e.tags
    assert b.last("ConfirmationRolled").confirmed is False and b.c("B").hp == 26


def test_35_AC_01_the_attack_records_the_ac_breakdown():
    """35-AC-01, DESIGN principle 1 (audit D16): X (AC 10) unconscious after 11
    nonlethal: Y's 6 vs AC -3 = 10 - 5 (Dex 0: unconscious, helpless) - 4 (helpless, in
    melee) - 4 (prone, in melee); each part is named in its extra's defense_parts, and an
    event stored before the field existed still reads (an empty breakdown)."""
    import msgspec

    from battletape.domain.dnd35.events import defense_parts
    from battletape.domain.events import AttackResolved

    b = fight(("Y", 30, {"pc": True, "ac": 15}), ("X", 10, {"ac": 10}))
    b.run("damage", "X", 11, nonlethal=True)
    e = b.run("attack", "Y", "X", bonus=0, roll="6", dmg=1, kind="melee")[-1]
    parts = defense_parts(e)
    assert e.defense_value == -3 and sum(parts.values()) == -3
    assert parts["ac (sheet)"] == 10
    assert parts["counts as Dex 0"] == -5
    assert parts["prone"] == -4
    old = msgspec.json.decode(msgspec.json.encode(e))
    del old["extra"]["defense_parts"]
    assert defense_parts(msgspec.json.decode(msgspec.json.encode(old),
                                             type=AttackResolved)) == {}
