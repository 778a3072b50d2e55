"""D&D 3.5 (seed 003), Punti ferita: the thresholds of Inabile, Morente, Morto, Stabile and
Danni non letali (section 13 of the rules file)."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import fight, through_round_one


def to_turn(b, name):
    """``next`` until ``name``'s turn starts (rolling nothing)."""
    for _ in range(10):
        if b.state.turn == name:
            return b
        b.run("next")
    raise AssertionError(name)


def test_35_HPS_01_one_hp_or_more_is_up():
    """35-HPS-01: hp >= 1 -> up: hp 3, `damage X 2` -> 1, up."""
    b = fight(("X", 3))
    b.run("damage", "X", 2)
    assert (b.c("X").hp, b.c("X").status) == (1, "up")


def test_35_HPS_02_exactly_0_is_disabled():
    """35-HPS-02 (Inabile): "esattamente 0 pf": hp 3, `damage X 3` -> 0, disabled."""
    b = fight(("X", 3))
    b.run("damage", "X", 3)
    assert (b.c("X").hp, b.c("X").status) == (0, "disabled")


def test_35_HPS_03_minus_1_to_minus_9_is_dying_and_acts_not():
    """35-HPS-03 (Morente): hp 3, `damage X 8` -> -5, dying; X's commands refused."""
    b = fight(("X", 3), ("B", 10))
    b.run("damage", "X", 8)
    assert (b.c("X").hp, b.c("X").status) == (-5, "dying")
    n = len(b.events)
    for verb, args, kw in (("attack", ("X", "B"), {"bonus": 5, "roll": "10"}),
                           ("do", ("X", "move"), {}), ("move", ("X",), {})):
        with pytest.raises(RuleViolation, match="dying"):
            b.run(verb, *args, **kw)
    assert len(b.events) == n


def test_35_HPS_04_minus_10_is_dead():
    """35-HPS-04 (Morto): hp 3, `damage X 13` -> -10, dead; `damage Y 12` -> -9, dying."""
    b = fight(("X", 3), ("Y", 3))
    b.run("damage", "X", 13)
    b.run("damage", "Y", 12)
    assert (b.c("X").hp, b.c("X").status) == (-10, "dead")
    assert (b.c("Y").hp, b.c("Y").status) == (-9, "dying")


def test_35_HPS_04_other_lethal_effects_kill_whatever_the_hp():
    """35-HPS-04: massive damage (a failed Fortitude DC 15 save) kills at 50 hp left;
    Con 0 too (35-ABD-01), whatever hp it has left (HD 1: 30 - 5 = 25)."""
    b = fight(("X", 100, {"fort": 0}), ("Y", 30, {"score": ["con:10"]}))
    b.run("damage", "X", 50)
    b.run("save", "X", fort=True, dc=15, roll_=14, against="massive-damage")
    assert (b.c("X").hp, b.c("X").status) == (50, "dead")
    b.run("ability", "Y", "con", -10)
    assert (b.c("Y").hp, b.c("Y").status) == (25, "dead")


def test_35_HPS_05_a_dying_monsters_d100_is_rolled_by_next_when_none_is_typed():
    """35-HPS-05 (Morente): a dying monster's d100 nobody typed is rolled virtually as
    `next` ends its turn (13th Age's `next` rolls saves the same way)."""
    b = fight(("X", 3), ("B", 10))
    b.run("damage", "X", 8)
    to_turn(b, "B")
    to_turn(b, "X")
    events = b.run("next")
    saved = [e for e in events if type(e).__name__ == "DeathSaveRolled"]
    assert len(saved) == 1 and saved[0].name == "X" and saved[0].roll.source == "virtual"
    assert saved[0].success == (saved[0].roll.total <= 10)
    assert b.state.turn == "B"


def test_35_HPS_05_d100_in_its_turn_01_to_10_stable():
    """35-HPS-05 (Morente): in its turn a dying creature rolls d100: `death-save X --roll
    7` -> stable; `next` refuses to end a dying PC's turn before its player's roll."""
    b = fight(("X", 3, {"pc": True}), ("B", 10))
    b.run("damage", "X", 8)
    to_turn(b, "B")
    to_turn(b, "X")
    assert b.x("X", "death_save_due")
    with pytest.raises(RuleViolation, match="death-save"):
        b.run("next")
    e = b.run("death-save", "X", roll_=7)[-1]
    assert e.success and e.roll.faces == [7]
    assert (b.c("X").hp, b.c("X").status) == (-5, "stable")
    b.run("next")
    assert b.state.turn == "B"


def test_35_HPS_05_otherwise_it_loses_1_hp_and_dies_at_minus_10():
    """35-HPS-05: `--roll 11` -> hp -1 more; at -9 `--roll 50` -> -10, dead; only once a
    round, only in its own turn."""
    b = fight(("X", 3), ("B", 10))
    b.run("damage", "X", 8)
    with pytest.raises(RuleViolation):
        b.run("death-save", "X", roll_=50)      # X became dying during its turn
    to_turn(b, "B")
    with pytest.raises(RuleViolation, match="own turn"):
        b.run("death-save", "X", roll_=50)
    to_turn(b, "X")
    with pytest.raises(BadInput):
        b.run("death-save", "X", roll_=101)
    b.run("death-save", "X", roll_=11)
    assert (b.c("X").hp, b.c("X").status) == (-6, "dying")
    with pytest.raises(RuleViolation, match="already"):
        b.run("death-save", "X", roll_=5)
    b.run("damage", "X", 3)
    to_turn(b, "B")
    b.run("next", death_save=["X=50"])
    assert (b.c("X").hp, b.c("X").status) == (-10, "dead")


def test_35_HPS_06_healing_a_dying_creature():
    """35-HPS-06 (Stabile): hp -5, `heal X 2` -> -3, stable; `heal Y 5` from -5 -> 0,
    disabled; `heal Z 8` from -5 -> 3, up."""
    b = fight(("X", 10), ("Y", 10), ("Z", 10))
    for n in "XYZ":
        b.run("damage", n, 15)
    b.run("heal", "X", 2)
    b.run("heal", "Y", 5)
    b.run("heal", "Z", 8)
    assert [(b.c(n).hp, b.c(n).status) for n in "XYZ"] == \
        [(-3, "stable"), (0, "disabled"), (3, "up")]


def test_35_HPS_06_a_stable_creature_that_takes_damage_is_dying_again():
    """35-HPS-06: ⚠ (the 3.5 books; the seed is silent) stable at -3, `damage X 1` -> -4,
    dying."""
    b = fight(("X", 10))
    b.run("damage", "X", 15)
    b.run("heal", "X", 2)
    b.run("damage", "X", 1)
    assert (b.c("X").hp, b.c("X").status) == (-4, "dying")


def test_35_HPS_07_stabilize_by_heal_check_dc_15():
    """35-HPS-07: `stabilize X H --roll 11 --bonus 4` -> 15 -> stable; H's standard action
    spent, the creatures threatening H offered an attack of opportunity."""
    b = through_round_one(fight(("H", 10), ("X", 3), ("O", 10)))
    b.run("engage", "H", "O")
    b.run("damage", "X", 8)
    events = b.run("stabilize", "X", "H", roll_=11, bonus=4)
    act, tried = events
    assert (act.action, act.kind, act.provokes) == ("stabilize", "standard", ["O"])
    assert (tried.roll.total, tried.success) == (15, True)
    assert b.c("X").status == "stable" and b.c("H").actions_used == ["standard"]


def test_35_HPS_07_a_failed_heal_check_leaves_it_dying():
    """35-HPS-07: --roll 10 --bonus 4 -> 14 < 15: still dying; the action is spent, so a
    second try this round is refused."""
    b = fight(("H", 10), ("X", 3))
    b.run("damage", "X", 8)
    assert not b.run("stabilize", "X", "H", roll_=10, bonus=4)[-1].success
    assert b.c("X").status == "dying"
    with pytest.raises(RuleViolation, match="standard"):
        b.run("stabilize", "X", "H", roll_=20, bonus=4)


def test_35_HPS_09_disabled_standard_action_costs_1_hp():
    """35-HPS-09 (Inabile): X at 0: `attack X B` resolves, then X hp -1, dying."""
    b = fight(("X", 3), ("B", 10, {"ac": 10}))
    b.run("damage", "X", 3)
    events = b.run("attack", "X", "B", bonus=5, roll="12", dmg=4, kind="melee")
    assert [type(e).__name__ for e in events][-2:] == ["AttackResolved", "DamageTaken"]
    assert b.c("B").hp == 6
    assert (b.c("X").hp, b.c("X").status) == (-1, "dying")


def test_35_HPS_09_disabled_one_move_or_standard_no_full_round():
    """35-HPS-09: at 0, `do X move` accepted (no hp lost), then nothing else; `attack X B
    --full` refused."""
    b = fight(("X", 3, {"bab": 6}), ("B", 10, {"ac": 10}))
    b.run("damage", "X", 3)
    with pytest.raises(RuleViolation, match="no full-round"):
        b.run("attack", "X", "B", bonus=5, roll="12,12", full=True, kind="melee")
    b.run("do", "X", "move")
    assert (b.c("X").hp, b.c("X").status) == (0, "disabled")
    with pytest.raises(RuleViolation, match="disabled"):
        b.run("do", "X", "move")


def test_35_HPS_09_only_the_living_are_disabled():
    """35-HPS-09: a `--nonliving` creature at 0 hp -> dead (destroyed)."""
    b = fight(("Zombie", 5, {"nonliving": True}))
    b.run("damage", "Zombie", 5)
    assert (b.c("Zombie").hp, b.c("Zombie").status) == (0, "dead")


def test_35_HPS_10_a_dead_creature_cant_be_healed():
    """35-HPS-10 (Morto): `heal X 5` on a dead creature -> refused, nothing recorded."""
    b = fight(("X", 3))
    b.run("damage", "X", 13)
    n = len(b.events)
    with pytest.raises(RuleViolation, match="dead"):
        b.run("heal", "X", 5)
    assert len(b.events) == n and b.c("X").hp == -10


def test_35_HPS_10_healing_stops_at_maximum_and_heals_nonlethal():
    """35-HPS-10: ⚠ the labelled default: healing stops at the maximum (8/12 + 10 -> 12);
    it heals as much nonlethal damage (6 -> 0)."""
    b = fight(("X", 12))
    b.run("damage", "X", 4)
    b.run("damage", "X", 6, nonlethal=True)
    b.run("heal", "X", 10)
    assert (b.c("X").hp, b.x("X", "nonlethal")) == (12, 0)


def test_35_HPS_11_nonlethal_thresholds_at_any_hp():
    """35-HPS-11: hp 5 (of 10): nonlethal 5 -> staggered; 6 -> unconscious, not dying."""
    b = fight(("X", 10))
    b.run("damage", "X", 5)
    b.run("damage", "X", 5, nonlethal=True)
    assert b.x("X", "staggered") and b.c("X").status == "up"
    b.run("damage", "X", 1, nonlethal=True)
    assert (b.c("X").hp, b.c("X").status) == (5, "unconscious")


def test_35_HPS_11_disabled_and_any_nonlethal_is_unconscious():
    """35-HPS-11: a disabled creature at 0 that takes 1 nonlethal -> unconscious; healed 1
    -> hp 1, nonlethal 0, up."""
    b = fight(("X", 3))
    b.run("damage", "X", 3)
    b.run("damage", "X", 1, nonlethal=True)
    assert (b.c("X").hp, b.c("X").status) == (0, "unconscious")
    b.run("heal", "X", 1)
    assert (b.c("X").hp, b.x("X", "nonlethal"), b.c("X").status) == (1, 0, "up")
