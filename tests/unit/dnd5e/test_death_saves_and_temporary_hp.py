"""5e SRD (seed 002), Giocare: Tiri salvezza contro la morte, Stabilizzare,
Punti ferita temporanei."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd5e.support import Battle, fight


def dying(hp: int = 12) -> "Battle":
    """X (a PC) at 0 HP; Y and H act after it; it is X's turn with a save due."""
    b = fight(("X", hp, {"pc": True}), ("Y", 30, {"ac": 5}), ("H", 30, {"pc": True}))
    b.run("damage", "X", hp)
    b.run("next"), b.run("next"), b.run("next")
    assert b.state.turn == "X"
    return b


def test_5E_DS_01_death_save_due_at_the_start_of_the_turn():
    """5E-DS-01: "All'inizio di ogni turno a 0 PF tiri 1d20": `next` waits for it."""
    b = dying()
    assert b.x("X", "death_save_due")
    with pytest.raises(RuleViolation, match="death save first"):
        b.run("next")
    e = b.run("death-save", "X", roll_=12)[0]
    assert e.roll.faces == [12] and e.roll.modifier == 0
    b.run("next")
    with pytest.raises(RuleViolation, match="start of its turn"):
        b.run("death-save", "X", roll_=12)


def test_5E_DS_01_next_can_roll_the_death_save():
    """5E-DS-01."""
    b = fight(("Y", 30), ("X", 12, {"pc": True}))
    b.run("damage", "X", 12)
    b.run("next", death_save=["X=9"])
    assert b.c("X").death_saves_failed == 1 and not b.x("X", "death_save_due")


def test_5E_DS_02_ten_or_more_succeeds():
    """5E-DS-02: "10 o più = successo, altrimenti fallimento"."""
    b = dying()
    b.run("death-save", "X", roll_=10)
    assert b.x("X", "death_saves_succeeded") == 1
    b.run("next"), b.run("next"), b.run("next")
    b.run("death-save", "X", roll_=9)
    assert b.c("X").death_saves_failed == 1


def _rolls(b, *naturals):
    for n in naturals:
        b.run("death-save", "X", roll_=n)
        b.run("next"), b.run("next"), b.run("next")


def test_5E_DS_03_three_successes_stable():
    """5E-DS-03: "3 successi = Stabile" (the SRD resets the counters, 5E-GAP-12)."""
    b = dying()
    _rolls(b, 10, 15, 3)
    b.run("death-save", "X", roll_=11)
    c = b.c("X")
    assert (c.status, c.death_saves_failed, b.x("X", "death_saves_succeeded")) == \
        ("stable", 0, 0)


def test_5E_DS_04_three_failures_dead():
    """5E-DS-04."""
    b = dying()
    _rolls(b, 5, 5)
    b.run("death-save", "X", roll_=2)
    assert b.c("X").status == "dead"


def test_5E_DS_05_not_consecutive_and_reset_by_healing():
    """5E-DS-05: "Non devono essere consecutivi. Si azzerano se recuperi PF"."""
    b = dying()
    _rolls(b, 5, 15, 5, 15)
    assert (b.c("X").death_saves_failed, b.x("X", "death_saves_succeeded")) == (2, 2)
    b.run("heal", "X", 3)
    assert (b.c("X").death_saves_failed, b.x("X", "death_saves_succeeded")) == (0, 0)


def test_5E_DS_06_natural_1_counts_two_failures():
    """5E-DS-06: "1 naturale = 2 fallimenti": 1 failure, then a 1 -> 3 -> dead."""
    b = dying()
    _rolls(b, 4)
    b.run("death-save", "X", roll_=1)
    assert b.c("X").status == "dead"


def test_5E_DS_07_natural_20_regains_1_hp():
    """5E-DS-07: "20 naturale = recuperi 1 PF": hp 1, up, counters 0, unconscious removed."""
    b = dying()
    _rolls(b, 4)
    b.run("death-save", "X", roll_=20)
    c = b.c("X")
    assert (c.hp, c.status, c.death_saves_failed) == (1, "up", 0)
    assert "unconscious" not in c.conditions


def test_5E_DS_08_damage_at_0_is_one_failure():
    """5E-DS-08: Danni a 0 PF: "Subire danni = 1 fallimento": hp stays 0."""
    b = dying()
    b.run("damage", "X", 3)
    assert (b.c("X").death_saves_failed, b.c("X").hp) == (1, 0)


def test_5E_DS_09_a_critical_at_0_is_two_failures():
    """5E-DS-09: "Se critico = 2 fallimenti": damage --crit, or a melee hit on an unconscious
    creature (a critical, 5E-CON-13)."""
    b = dying(hp=30)
    b.run("damage", "X", 3, crit=True)
    assert b.c("X").death_saves_failed == 2
    c = dying(hp=30)
    c.run("death-save", "X", roll_=12)
    c.run("next")
    e = c.run("attack", "Y", "X", bonus=0, roll="12/3", kind="melee", dmg=4)[0]
    assert e.crit and c.c("X").death_saves_failed == 2


def test_5E_DS_10_damage_at_0_equal_to_max_kills():
    """5E-DS-10: "Se il danno ≥ PF massimi = morte immediata": max 12 at 0: 12 dead; 11 one
    failure."""
    b = dying(hp=12)
    b.run("damage", "X", 11)
    assert (b.c("X").status, b.c("X").death_saves_failed) == ("unconscious", 1)
    b.run("damage", "X", 12)
    assert b.c("X").status == "dead"


def test_5E_STB_01_medicine_dc_10_stabilizes_and_spends_the_action():
    """5E-STB-01: Stabilizzare: `stabilize X H --roll 8 --bonus 2` -> 10, stable, H's action;
    `--roll 7 --bonus 2` -> 9, no change (recorded)."""
    b = dying()
    b.run("death-save", "X", roll_=12)
    b.run("next"), b.run("next")
    fail = b.run("stabilize", "X", "H", roll_=7, bonus=2)[0]
    assert not fail.success and b.c("X").status == "unconscious"
    b.run("next"), b.run("death-save", "X", roll_=12)
    b.run("next"), b.run("next")
    ok = b.run("stabilize", "X", "H", roll_=8, bonus=2)[0]
    assert ok.success and ok.roll.total == 10 and b.c("X").status == "stable"
    assert b.c("H").actions_used == ["action"]


def test_5E_STB_02_stable_rolls_no_death_saves_but_stays_unconscious():
    """5E-STB-02."""
    b = dying()
    b.run("death-save", "X", roll_=12)
    b.run("next"), b.run("next")
    b.run("stabilize", "X", "H", roll_=15)
    b.run("next")
    assert b.state.turn == "X" and not b.x("X", "death_save_due")
    with pytest.raises(RuleViolation, match="X is stable"):
        b.run("death-save", "X", roll_=12)
    assert "unconscious" in b.c("X").conditions
    b.run("next")  # no death save demanded


def test_5E_STB_03_damage_restarts_death_saves():
    """5E-STB-03: "Se subisce danni, riprende a tirare": stable, damage 2 -> unconscious, 1 failure."""
    b = dying()
    b.run("death-save", "X", roll_=12)
    b.run("next"), b.run("next")
    b.run("stabilize", "X", "H", roll_=15)
    b.run("damage", "X", 2)
    assert (b.c("X").status, b.c("X").death_saves_failed) == ("unconscious", 1)


def test_5E_THP_01_temporary_hit_points_are_lost_first():
    """5E-THP-01: Perdite: temp 5, hp 10, damage 8 -> temp 0, hp 7."""
    b = Battle()
    b.run("add", "X", hp=10, pc=True)
    b.run("temp", "X", 5)
    b.run("damage", "X", 8)
    assert (b.c("X").temp_hp, b.c("X").hp) == (0, 7)


def test_5E_THP_02_they_last_until_a_long_rest():
    """5E-THP-02."""
    b = Battle()
    b.run("add", "X", hp=10, pc=True)
    b.run("temp", "X", 5)
    b.run("rest", "long", names=["X"], gm="a night's camp")
    assert b.c("X").temp_hp == 0


def test_5E_THP_03_they_do_not_stack_keep_old_or_new():
    """5E-THP-03: No accumulo: temp 5, `temp X 3 --keep new` -> 3; `--keep old` -> 5; without
    --keep the larger is kept (DESIGN.md) and the event says so."""
    b = Battle()
    b.run("add", "X", hp=10, pc=True)
    b.run("temp", "X", 5)
    b.run("temp", "X", 3, keep="old")
    assert b.c("X").temp_hp == 5
    b.run("temp", "X", 3, keep="new")
    assert b.c("X").temp_hp == 3
    e = b.run("temp", "X", 4)[0]
    assert (e.keep, b.c("X").temp_hp) == ("larger", 4)
    with pytest.raises(BadInput):
        b.run("temp", "X", 4, keep="both")


def test_5E_THP_04_temporary_hp_are_not_healing():
    """5E-THP-04: "Non ti fanno riprendere coscienza se sei a 0 PF"; heal never changes temp_hp."""
    b = dying()
    b.run("temp", "X", 5)
    assert (b.c("X").temp_hp, b.c("X").status, b.x("X", "death_save_due")) == \
        (5, "unconscious", True)
    b.run("heal", "X", 4)
    assert (b.c("X").temp_hp, b.c("X").hp) == (5, 4)
