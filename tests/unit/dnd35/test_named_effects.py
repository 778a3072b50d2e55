"""3.5: named effects with modifiers on the interface every system shares (issue 24):
``cond add NAME EFFECT --mod STAT:+N[:TYPE] [--rounds N]``; the modifiers are typed
bonuses from an effect of that name (35-BON-*), and they end with it."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import fight


def test_35_BON_01_two_bless_count_once_bless_and_prayer_twice():
    """35-BON-01: untyped +1 from "Bless" twice -> +1; "Bless" and "Prayer" -> +2 (an
    attack of bonus +10 rolling 5: 16, then 17)."""
    b = fight(("Kael", 52, {"ac": 19, "bab": 6}), ("Ogre", 29, {"ac": 15}))
    b.run("cond add", "Kael", "bless", mod=["attack:+1"])
    e = b.run("attack", "Kael", "Ogre", bonus=10, roll="5", dmg=5, kind="melee")[-1]
    assert e.total == 16
    b.run("cond add", "Kael", "prayer", mod=["attack:+1"])
    e = b.run("attack", "Kael", "Ogre", bonus=10, roll="5", dmg=5, kind="melee",
              gm="a second attack")[-1]
    assert e.total == 17


def test_35_BON_07_shield_of_faith_deflection_for_n_rounds():
    """35-BON-07: Shield of Faith, +2 deflection to AC (19 -> 21), for 2 rounds; removed
    with the effect, the bonus goes too."""
    b = fight(("Kael", 52, {"ac": 19, "touch": 11}), ("Ogre", 29, {"ac": 15}))
    b.run("cond add", "Kael", "shield of faith", mod=["ac:+2:deflection"], rounds=2)
    assert b.c("Kael").conditions["shield of faith"].mods == {"ac:deflection": 2}
    assert [m["value"] for m in b.c("Kael").extra["mods"]] == [2]
    b.run("cond remove", "Kael", "shield of faith")
    assert b.c("Kael").extra["mods"] == []


def test_35_BON_11_a_resistance_bonus_only_to_saves_refused_elsewhere():
    """35-BON-11: a resistance bonus applies to saves only: on AC it is a forceable
    refusal; a malformed modifier is bad input; an unknown name without --mod is a
    typo."""
    b = fight(("Kael", 52), ("Ogre", 29))
    with pytest.raises(RuleViolation, match="resistance bonus"):
        b.run("cond add", "Kael", "cloak", mod=["ac:+1:resistance"])
    with pytest.raises(BadInput, match="--mod"):
        b.run("cond add", "Kael", "cloak", mod=["ac:lots"])
    with pytest.raises(BadInput, match="named effect with --mod"):
        b.run("cond add", "Kael", "sleepy")


# --- issue 24: 3.5 alike on the one interface ---------------------------------------------

def _events(b, *args, **kw):
    return [type(e).__name__ for e in b.run(*args, **kw)]


def test_35_RND_01_until_the_end_of_the_casters_next_turn():
    """35-RND-01 (turns in initiative order): ``--until end-of-next-turn:Hag`` counts
    the caster's turns, not the bearer's: cast in Kael's turn, it lasts through Hag's
    turn of this round and ends as it ends; ``end-of-turn`` (the bearer's) ends with
    Kael's own turn."""
    b = fight(("Kael", 30, {"ac": 15}), ("Hag", 60, {"ac": 16}))
    b.run("cond add", "Kael", "shield of faith", mod=["ac:+2:deflection"],
          until="end-of-next-turn:Hag")
    b.run("cond add", "Kael", "blur step", mod=["ac:+1:dodge"], until="end-of-turn")
    info = b.c("Kael").conditions["shield of faith"]
    assert (info.until, info.turn_ends, info.turn_of) == ("end-of-next-turn", 1, "Hag")
    b.run("next")                                   # Kael's turn ends
    assert "blur step" not in b.c("Kael").conditions
    assert "shield of faith" in b.c("Kael").conditions
    b.run("next")                                   # Hag's turn ends
    assert "shield of faith" not in b.c("Kael").conditions
    assert b.c("Kael").extra["mods"] == []


def test_35_CND_38_shaken_that_a_will_save_ends_at_the_end_of_each_turn():
    """35-CND-38 (shaken: -2 on saves): ``effect Hag Kael --will --dc 15 --condition
    shaken --save-ends``: Kael (Will +1) rolls 5: 6 fails, shaken; at the end of its
    turn it saves again, 13 + 1 - 2 = 12 fails (its own SaveRolled, ``ends`` shaken);
    next turn 16 + 1 - 2 = 15 succeeds and shaken ends. No damage is dealt."""
    b = fight(("Kael", 30, {"ac": 15, "will": 1}), ("Hag", 60, {"ac": 16}))
    first = b.run("effect", "Hag", "Kael", will=True, dc=15, condition="shaken",
                  save_ends=True, save_roll=["Kael=5"])
    assert [type(e).__name__ for e in first] == ["SaveRolled", "ConditionApplied"]
    assert first[0].roll.total == 6 and not first[0].success
    assert first[1].save == "will:15" and first[1].source == "Hag"
    assert b.c("Kael").hp == 30
    ended = b.run("next", save=["Kael=13"])
    saved = next(e for e in ended if type(e).__name__ == "SaveRolled")
    assert (saved.ends, saved.roll.total, saved.success) == ("shaken", 12, False)
    assert "shaken" in b.c("Kael").conditions
    b.run("next")                                   # Hag's turn: no save of Kael's
    ended = b.run("next", save=["Kael=16"])
    saved = next(e for e in ended if type(e).__name__ == "SaveRolled")
    assert (saved.ends, saved.roll.total, saved.success) == ("shaken", 15, True)
    assert "shaken" not in b.c("Kael").conditions


def test_35_CND_38_save_ends_bad_input():
    """A save for a creature whose turn does not end, too many naturals, a malformed
    --save-ends: one line each, nothing recorded."""
    b = fight(("Kael", 30, {"will": 1}), ("Hag", 60))
    b.run("cond add", "Kael", "shaken", save_ends="will:15")
    with pytest.raises(BadInput, match="--save"):
        b.run("next", save=["Hag=12"])
    with pytest.raises(BadInput, match="at most 1"):
        b.run("next", save=["Kael=12,13"])
    with pytest.raises(BadInput, match="--save-ends"):
        b.run("cond add", "Hag", "shaken", save_ends="will")
    with pytest.raises(BadInput, match="--rounds"):
        b.run("cond add", "Hag", "shaken", rounds=2, until="end-of-turn")


def test_35_CRT_01_a_keen_weapon_effect_threatens_on_17():
    """35-CRT-01 (some weapons threaten on less): ``--mod threat:17`` (Keen Edge on a
    19-20 longsword): a natural 17 that hits threatens and, confirmed, is a x2 critical
    (8 x 2 = 16); a 16 does not threaten; the effect never widens a range given lower."""
    b = fight(("Kael", 30, {"ac": 15, "bab": 6}), ("Orc", 60, {"ac": 16}))
    b.run("cond add", "Kael", "keen edge", mod=["threat:17"])
    e = b.run("attack", "Kael", "Orc", bonus=7, roll="17", confirm="15", dmg=8,
              kind="melee", threat=19)[-1]
    assert (e.crit, e.crit_range, e.damage) == (True, 17, 16)
    assert "threat range 17-20 (keen edge)" in e.tags
    e = b.run("attack", "Kael", "Orc", bonus=7, roll="16", dmg=8, kind="melee",
              gm="second swing")[-1]
    assert (e.hit, e.crit, e.damage) == (True, False, 8)


def test_35_DMG_01_damage_reduction_of_a_named_effect_may_negate_a_hit():
    """35-DMG-01: "the target's abilities (DR) may negate it entirely": Stoneskin
    ``dr:10:adamantine``: a hit for 8 -> 0, a critical 8 x 2 = 16 -> 6; DR 5/magic
    from another effect does not stack (the best counts), and a --magic attack
    overcomes it but not the DR 10/adamantine."""
    b = fight(("Kael", 30, {"ac": 15, "bab": 6}), ("Golem", 60, {"ac": 10}))
    b.run("cond add", "Golem", "stoneskin", mod=["dr:10:adamantine"])
    b.run("cond add", "Golem", "tough hide", mod=["dr:5:magic"])
    e = b.run("attack", "Kael", "Golem", bonus=7, roll="10", dmg=8, kind="melee")[-1]
    assert (e.hit, e.damage) == (True, 0)
    assert "DR 10/adamantine (stoneskin): -8" in e.tags
    e = b.run("attack", "Kael", "Golem", bonus=7, roll="20", confirm="15", dmg=8,
              kind="melee", magic=True, gm="again")[-1]
    assert (e.crit, e.damage) == (True, 6)
    assert b.c("Golem").hp == 54


def test_35_DMG_02_energy_resistance_and_immunity_by_type():
    """35-DMG-02 (damage types): Resist Energy ``resist:10:fire``: 15 fire -> 5, 15
    cold -> 15, slashing untouched by it; ``immune:cold`` -> 0. Two resistances to
    fire don't stack (10, not 15)."""
    b = fight(("Kael", 30, {"ac": 15, "bab": 6}), ("Mira", 40, {"ac": 10}))
    b.run("cond add", "Mira", "resist energy", mod=["resist:10:fire"])
    b.run("cond add", "Mira", "ring", mod=["resist:5:fuoco"])
    e = b.run("damage", "Mira", 15, type_="fire")[-1]
    assert (e.amount, e.rolled, e.resistance) == (5, 15, 10)
    e = b.run("attack", "Kael", "Mira", bonus=7, roll="10", dmg=15, kind="melee",
              type_="cold")[-1]
    assert e.damage == 15
    b.run("cond add", "Mira", "protection from cold", mod=["immune:cold"])
    e = b.run("damage", "Mira", 12, type_="cold")[-1]
    assert e.amount == 0
    with pytest.raises(BadInput, match="energy type"):
        b.run("cond add", "Mira", "odd", mod=["resist:10:slashing"])


def test_35_BON_08_saves_by_kind_and_by_ability_from_named_effects():
    """Saves by type and by ability: ``will:+2:morale`` (Heroism-like) adds to Will
    only; ``wis:+4:enhancement`` (Owl's Wisdom, Wis 10 -> 14) adds +2 to Will through
    the score. Kael (Will +1, Fort +3, Wis 10) rolls 10: Will 10 + 1 + 2 + 2 = 15,
    Fort 10 + 3 = 13."""
    b = fight(("Kael", 30, {"will": 1, "fort": 3, "score": ["wis:10"]}), ("Orc", 20))
    b.run("cond add", "Kael", "heroism", mod=["will:+2:morale"])
    b.run("cond add", "Kael", "owl's wisdom", mod=["wis:+4:enhancement"])
    assert b.run("save", "Kael", will=True, dc=15, roll_=10)[-1].roll.total == 15
    assert b.run("save", "Kael", fort=True, dc=15, roll_=10)[-1].roll.total == 13


def test_35_CND_22_mage_armor_by_name_is_a_force_effect():
    """35-CND-22: an incorporeal touch ignores armor "unless from force effects (like
    Mage Armor)": ``mod K ac 4 --type armor --source "Mage Armor"`` is one (the seed's
    own example), so the ghost's touch is against 11 + 4 = 15 (3.5 audit D07)."""
    b = fight(("Ghost", 40, {"ac": 14, "touch": 14, "nonliving": True, "bab": 3}),
              ("K", 30, {"ac": 19, "touch": 11, "flat_footed": 19}))
    b.run("cond add", "Ghost", "incorporeal")
    b.run("mod", "K", "ac", 4, type_="armor", source="Mage Armor")
    e = b.run("attack", "Ghost", "K", vs="touch", bonus=5, roll="9", dmg=6,
              kind="melee")[-1]
    assert (e.defense_value, e.hit) == (15, False)


def test_35_CND_38_a_turn_ended_by_a_delayed_creature_still_saves():
    """35-CND-38 with Ritardare: when a delayed Kael acts after the hag, the hag's turn
    ends, and the save that ends its shaken is rolled then (virtually: nobody typed
    it), linked to the condition."""
    b = fight(("Kael", 30, {"will": 1}), ("Hag", 60, {"will": 4}))
    b.run("delay", "Kael")
    b.run("cond add", "Hag", "shaken", save_ends="will:15")
    out = b.run("act", "Kael")
    saved = [e for e in out if type(e).__name__ == "SaveRolled"]
    assert [(e.name, e.ends, e.target) for e in saved] == [("Hag", "shaken", 15)]


def test_35_CND_38_effect_on_a_target_already_frightened_keeps_the_other_saves():
    """An effect on two targets, one of them already under the condition: both saves
    are recorded, the condition goes to the one that lacks it."""
    b = fight(("Kael", 30, {"will": 1}), ("Mira", 24, {"will": 6}), ("Hag", 60))
    b.run("cond add", "Kael", "stunned")
    out = b.run("effect", "Hag", "Kael,Mira", will=True, dc=15, condition="stunned",
                save_roll=["Kael=3", "Mira=2"])
    assert [type(e).__name__ for e in out] == ["SaveRolled", "SaveRolled",
                                               "ConditionApplied"]
    assert out[2].name == "Mira"


def test_35_RND_01_a_seed_condition_until_the_end_of_the_casters_turn():
    """35-RND-01: the seed's conditions take ``--until`` too: ``cond add Orc dazed
    --until end-of-next-turn:Kael`` cast in the orc's turn lasts through Kael's next
    turn (it is not Kael's turn now: one end to go) and ends as it ends."""
    b = fight(("Kael", 30), ("Orc", 20))
    b.run("next")                                   # the orc's turn
    b.run("cond add", "Orc", "dazed", until="end-of-next-turn:Kael")
    assert b.c("Orc").conditions["dazed"].turn_ends == 1
    b.run("next")                                   # the orc's turn ends: still dazed
    assert "dazed" in b.c("Orc").conditions
    out = b.run("next")                             # Kael's turn ends
    assert ("Orc", "dazed", "expired") in [(e.name, e.condition, e.reason) for e in out
                                           if type(e).__name__ == "ConditionRemoved"]
