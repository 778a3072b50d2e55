"""A command whose effect already holds records nothing, says so on stdout and exits 0
(DESIGN.md principle 8); inside `run` such a line no longer aborts the script."""

import pytest

from tests.helpers import cli, ok, run_script, state


@pytest.fixture
def fight(sqlite_store):
    s = sqlite_store
    ok(s, "new Gate --seed 3")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    return s


def positions(store):
    return [e["originator_version"] for e in ok(store, "log", "--json").json_lines()]


@pytest.mark.parametrize("line, says", [
    ("engage Orc Bruna", "already engaged"),   # engaged by `engage Bruna Orc`
    ("engage Bruna Orc", "already engaged"),
])
def test_engaging_creatures_already_engaged_records_nothing(fight, line, says):
    ok(fight, "engage Bruna Orc")
    before = positions(fight)
    r = cli(fight, line)
    assert r.code == 0 and r.err == ""
    assert r.out.startswith("nothing recorded:") and says in r.out
    assert positions(fight) == before


def test_removing_a_condition_not_had_and_disengaging_unengaged_are_no_ops(fight):
    before = positions(fight)
    for line in ("cond remove Bruna dazed", "disengage Bruna --roll 12",
                 "move Bruna nearby"):
        r = cli(fight, line)
        assert r.code == 0 and "nothing recorded" in r.out, (line, r.err)
    assert positions(fight) == before


def test_a_condition_already_had_is_a_no_op_unless_the_new_one_is_worse(fight):
    ok(fight, "cond add Orc dazed --save hard")
    before = positions(fight)
    r = cli(fight, "cond add Orc dazed --save easy")  # a hard save lasts longer
    assert r.code == 0 and "nothing recorded" in r.out and "dazed" in r.out
    assert positions(fight) == before
    ok(fight, "cond add Bruna weakened --until end-of-turn")
    r = ok(fight, "cond add Bruna weakened --save normal")  # worse: lasts longer
    assert "nothing recorded" not in r.out
    assert state(fight)["combatants"]["Bruna"]["conditions"] == ["weakened"]


def test_a_line_whose_effect_holds_does_not_abort_the_script(fight):
    r = run_script(fight, "engage Bruna Orc\nengage Bruna Orc\n"
                          "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 7\n")
    assert r.code == 0, r.err
    assert r.out.count("nothing recorded: Bruna is already engaged with Orc") == 1
    assert state(fight)["combatants"]["Orc"]["hp"] == 13


@pytest.mark.parametrize("system, condition", [("5e", "prone"), ("3.5e", "prone")])
def test_a_condition_already_had_is_a_no_op_in_every_system(sqlite_store, system,
                                                             condition):
    s = sqlite_store
    ok(s, f"new Gate --system {system}")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --init 3")
    ok(s, "add Orc --hp 20 --ac 15 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    ok(s, f"cond add Orc {condition}")
    before = positions(s)
    r = cli(s, f"cond add Orc {condition}")
    assert r.code == 0 and "nothing recorded" in r.out and condition in r.out
    r = cli(s, "cond remove Bruna prone")
    assert r.code == 0 and "nothing recorded" in r.out
    assert positions(s) == before
