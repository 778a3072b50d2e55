"""D&D 3.5 (seed 003), Bonus (Bonuses): types and stacking, each type's own rule."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import fight, through_round_one


def mod(b, name, stat, value, type_="untyped", source="x", **kw):
    return b.run("mod", name, stat, value, type_=type_, source=source, **kw)


def attack_mods(b, bonus=0, **kw):
    e = b.run("attack", "A", "B", bonus=bonus, roll="10", kind="melee", **kw)[-1]
    return e.total - 10 - bonus, e


# --- the general rule --------------------------------------------------------------------

def test_35_BON_01_same_type_the_highest_applies():
    """35-BON-01 (Bonus): `mod X ac +2 --type deflection --source ring` and `+3 deflection`
    (amulet) -> +3, not +5."""
    b = fight(("X", 10, {"ac": 12}))
    mod(b, "X", "ac", 2, "deflection", "ring")
    mod(b, "X", "ac", 3, "deflection", "amulet")
    assert b.x("X", "ac") == 15


def test_35_BON_01_dodge_and_different_types_stack():
    """35-BON-01: two `+1 dodge` -> +2; a +1 luck with them -> +3."""
    b = fight(("X", 10, {"ac": 12}))
    mod(b, "X", "ac", 1, "dodge", "Dodge feat")
    mod(b, "X", "ac", 1, "dodge", "Mobility")
    assert b.x("X", "ac") == 14
    mod(b, "X", "ac", 1, "luck", "stone")
    assert b.x("X", "ac") == 15


def test_35_BON_01_untyped_from_the_same_effect_do_not_stack():
    """35-BON-01: two untyped +1 from "Bless" -> +1; +1 from "Bless" and +1 from "Prayer"
    -> +2 (on attack rolls)."""
    b = fight(("A", 10), ("B", 10, {"ac": 10}))
    mod(b, "A", "attack", 1, source="Bless")
    mod(b, "A", "attack", 1, source="Bless")
    assert attack_mods(b)[0] == 1
    mod(b, "A", "attack", 1, source="Prayer")
    through_round_one(b)
    assert attack_mods(b)[0] == 2


def test_35_BON_01_the_same_effect_on_two_numbers_is_two_bonuses():
    """35-BON-01: Bless +1 on attack rolls and +1 on saves: both stand (the second does not
    replace the first)."""
    b = fight(("A", 10, {"will": 2}), ("B", 10, {"ac": 10}))
    mod(b, "A", "attack", 1, source="Bless")
    mod(b, "A", "save", 1, source="Bless")
    assert attack_mods(b)[0] == 1
    assert b.run("save", "A", will=True, dc=10, roll_=10)[-1].roll.total == 13


def test_35_BON_01_penalties_follow_the_same_rule():
    """35-BON-01: penalties: the same typed penalty twice -> the worst (-2 and -3 luck ->
    -3); untyped from two different effects stack (-1, -2 -> -3), from the same effect
    don't."""
    b = fight(("X", 10, {"ac": 15}))
    mod(b, "X", "ac", -2, "luck", "curse A")
    mod(b, "X", "ac", -3, "luck", "curse B")
    assert b.x("X", "ac") == 12
    mod(b, "X", "ac", -1, source="Bane")
    mod(b, "X", "ac", -2, source="Doom")
    assert b.x("X", "ac") == 9
    mod(b, "X", "ac", -2, source="Doom")
    assert b.x("X", "ac") == 9


# --- each type ---------------------------------------------------------------------------

def test_35_BON_02_alchemical_bonuses_do_not_stack_with_each_other():
    """35-BON-02 (Alchemico): alchemical +2 and +1 on Fortitude -> +2; it applies to any
    number (not magical, no restriction)."""
    b = fight(("X", 10, {"fort": 1}))
    mod(b, "X", "fort", 2, "alchemical", "antitoxin")
    mod(b, "X", "fort", 1, "alchemico", "drug")
    assert b.run("save", "X", fort=True, dc=10, roll_=10)[-1].roll.total == 13


def test_35_BON_03_armor_bonus_ac_only_ignored_by_touch():
    """35-BON-03 (Armatura): Mage Armor +4 armor: AC 10 -> 14, flat-footed 14, touch 10; an
    armor bonus on attack rolls is refused."""
    b = fight(("X", 10))
    mod(b, "X", "ac", 4, "armor", "Mage Armor")
    assert (b.x("X", "ac"), b.x("X", "touch_ac"), b.x("X", "flat_footed_ac")) == \
        (14, 10, 14)
    with pytest.raises(RuleViolation, match="ac only"):
        mod(b, "X", "attack", 4, "armor", "Mage Armor")


def test_35_BON_04_natural_armor_stacks_with_armor_each_with_its_enhancement():
    """35-BON-04 (Armatura naturale): armor +4, natural armor +2, armor enhancement +1,
    natural-armor enhancement +2 -> AC 10 + 9 = 19; touch 10; a bare "enhancement" on AC is
    bad input (which one?)."""
    b = fight(("X", 10))
    mod(b, "X", "ac", 4, "armor", "chain shirt")
    mod(b, "X", "ac", 2, "natural-armor", "hide")
    mod(b, "X", "ac", 1, "armor-enhancement", "+1 chain shirt")
    mod(b, "X", "ac", 2, "natural-armor-enhancement", "amulet of natural armor")
    assert (b.x("X", "ac"), b.x("X", "touch_ac")) == (19, 10)
    with pytest.raises(BadInput):
        mod(b, "X", "ac", 1, "enhancement", "ring")


def test_35_BON_05_circumstance_bonuses_stack_unless_same_circumstance():
    """35-BON-05 (Circostanza): +2 "higher ground" and +2 "aided" -> +4; "higher ground"
    again -> still +4."""
    b = fight(("A", 10), ("B", 10, {"ac": 10}))
    mod(b, "A", "attack", 2, "circumstance", "higher ground")
    mod(b, "A", "attack", 2, "circostanza", "aided")
    mod(b, "A", "attack", 2, "circumstance", "higher ground")
    assert attack_mods(b)[0] == 4


@pytest.mark.parametrize("kind", ["insight", "competence", "luck", "profane", "sacred",
                                  "racial"])
def test_35_BON_06_other_types_follow_the_general_rule(kind):
    """35-BON-06 (Cognitivo, Competenza, Fortuna, Profano, Sacro, Razziale): no
    restriction beyond the general rule: +1 and +2 of the type on ability checks -> +2;
    with an untyped +1 -> +3."""
    b = fight(("X", 10, {"score": ["wis:10"]}))
    mod(b, "X", "checks", 1, kind, "one")
    mod(b, "X", "checks", 2, kind, "two")
    assert b.run("ability-check", "X", "wis", roll_=10)[-1].total == 12
    mod(b, "X", "checks", 1, source="other")
    assert b.run("ability-check", "X", "wis", roll_=10)[-1].total == 13


def test_35_BON_07_deflection_applies_to_touch_ac():
    """35-BON-07 (Deviazione): +2 deflection: AC 15 -> 17, touch 11 -> 13, flat-footed 14 ->
    16; AC only."""
    b = fight(("X", 10, {"ac": 15, "touch": 11, "flat_footed": 14}))
    mod(b, "X", "ac", 2, "deflection", "ring of protection")
    assert (b.x("X", "ac"), b.x("X", "touch_ac"), b.x("X", "flat_footed_ac")) == \
        (17, 13, 16)
    with pytest.raises(RuleViolation):
        mod(b, "X", "save", 2, "deflection", "ring of protection")


def test_35_BON_08_morale_never_for_a_mindless_creature():
    """35-BON-08 (Morale): a morale bonus comes from a mind-affecting effect: refused on a
    mindless creature, +2 on attack rolls for anyone else."""
    b = fight(("A", 10), ("B", 10, {"ac": 10}), ("Zombie", 16, {"mindless": True}))
    with pytest.raises(RuleViolation, match="mindless"):
        mod(b, "Zombie", "attack", 2, "morale", "Heroism")
    mod(b, "A", "attack", 2, "morale", "Heroism")
    assert attack_mods(b)[0] == 2


def test_35_BON_09_inherent_ability_scores_only_at_most_5():
    """35-BON-09 (Intrinseco): +5 inherent Str: 16 -> 21; +6 refused; on AC refused; two
    inherent bonuses don't stack (+3 and +5 -> +5)."""
    b = fight(("X", 10, {"score": ["str:16"]}))
    with pytest.raises(RuleViolation, match=r"\+5"):
        mod(b, "X", "str", 6, "inherent", "Wish")
    with pytest.raises(RuleViolation):
        mod(b, "X", "ac", 1, "inherent", "Wish")
    mod(b, "X", "str", 3, "inherent", "tome")
    mod(b, "X", "str", 5, "inherent", "Wish")
    assert b.x("X", "scores")["str"] == 21 and b.x("X", "ability_modifiers")["str"] == 5


def test_35_BON_10_enhancement_raises_a_score_or_a_weapon():
    """35-BON-10 (Potenziamento): Bull's Strength +4 enhancement: Str 14 -> 18, a melee
    attack +2 and --dmg 5 -> 7; a +1 weapon (enhancement on attack) -> +1 more; on saves
    refused."""
    b = fight(("A", 30, {"score": ["str:14"]}), ("B", 60, {"ac": 10}))
    mod(b, "A", "str", 4, "enhancement", "Bull's Strength")
    assert b.x("A", "scores")["str"] == 18
    mod(b, "A", "attack", 1, "enhancement", "+1 longsword")
    extra, e = attack_mods(b, dmg=5)
    assert extra == 3 and e.damage == 7
    with pytest.raises(RuleViolation):
        mod(b, "A", "save", 1, "enhancement", "x")


def test_35_BON_11_resistance_saves_only():
    """35-BON-11 (Resistenza): cloak +1 resistance on saves: Reflex +2 -> +3; on AC or
    attack refused; a +2 Resistance spell with it -> +2."""
    b = fight(("X", 10, {"ref": 2}))
    mod(b, "X", "save", 1, "resistance", "cloak of resistance")
    assert b.run("save", "X", ref=True, dc=10, roll_=10)[-1].roll.total == 13
    for stat in ("ac", "attack"):
        with pytest.raises(RuleViolation):
            mod(b, "X", stat, 1, "resistance", "cloak")
    mod(b, "X", "ref", 2, "resistenza", "Resistance")
    assert b.run("save", "X", ref=True, dc=10, roll_=10)[-1].roll.total == 14


def test_35_BON_12_dodge_lost_when_flat_footed():
    """35-BON-12 (Schivata): +1 dodge: AC 15 -> 16, flat-footed AC 13 unchanged; while X is
    flat-footed (round 1, before its turn) an attack vs AC hits AC 13."""
    b = fight(("A", 10), ("X", 10, {"ac": 15, "flat_footed": 13}))
    mod(b, "X", "ac", 1, "dodge", "Dodge")
    assert b.x("X", "flat_footed") and b.x("X", "ac") == 13
    e = b.run("attack", "A", "X", bonus=3, roll="10", kind="melee")[-1]
    assert e.defense_value == 13 and e.hit
    through_round_one(b)
    assert b.x("X", "ac") == 16 and b.x("X", "flat_footed_ac") == 13


def test_35_BON_13_shield_bonus_ac_only_ignored_by_touch():
    """35-BON-13 (Scudo): the Shield spell +4 shield: AC 12 -> 16, touch 12 unchanged; a
    shield bonus on attack rolls refused."""
    b = fight(("X", 10, {"ac": 12, "touch": 12}))
    mod(b, "X", "ac", 4, "scudo", "Shield")
    assert (b.x("X", "ac"), b.x("X", "touch_ac")) == (16, 12)
    with pytest.raises(RuleViolation):
        mod(b, "X", "attack", 1, "shield", "Shield")


def test_35_BON_14_size_bonus_only_between_different_sizes():
    """35-BON-14 (Taglia): a Small attacker against a Medium target: +1 attack, the Small
    target +1 AC against the Medium one; Small against Small: nothing."""
    b = fight(("A", 10, {"size": "small"}), ("B", 10, {"ac": 10}),
              ("C", 10, {"ac": 10, "size": "small"}))
    extra, e = attack_mods(b)
    assert extra == 1 and e.modifiers["size (small)"] == 1
    through_round_one(b)
    e = b.run("attack", "A", "C", bonus=0, roll="10", kind="melee")[-1]
    assert e.total == 10 and e.defense_value == 10
    b.run("next")
    e = b.run("attack", "B", "A", bonus=0, roll="10", kind="melee")[-1]
    assert e.defense_value == 11
