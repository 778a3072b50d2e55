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
