"""Leaving the fight in every system (issue 21): a creature that flees or surrenders
stops taking turns, its status is `fled` and how it left is among its conditions, the
log and the report say so, undo brings it back; the party's `flee` is another thing."""

import pytest

from tests.helpers import cli, ok, snapshot_of, state

# each system's stat line for a creature (13th Age: PD and MD beside AC)
STATS = {"13a": "--ac 13 --pd 11 --md 10", "5e": "--ac 13", "3.5e": "--ac 13"}
SYSTEMS = list(STATS)


def _fight(store: str, system: str) -> str:
    ok(store, f"new Gate --system {system} --seed 3")
    ok(store, f"add Bruna --pc --hp 30 {STATS[system]} --init 3")
    ok(store, f"add Goblin --hp 10 {STATS[system]} --init 1 --count 2")
    ok(store, "init Bruna=15 Goblin=5")  # Bruna 18, the goblins 6: Bruna's turn
    return store


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("how", ["fled", "surrendered"])
def test_a_creature_that_leaves_takes_no_more_turns_and_undo_brings_it_back(
        sqlite_store, system, how):
    s = _fight(sqlite_store, system)
    before = state(s)["position"]
    out = ok(s, f"leave 'Goblin 1' {how}").out
    assert ("surrenders" if how == "surrendered" else "flees the fight") in out
    # state --json: the contract's status, and how it left among the conditions
    goblin = state(s)["combatants"]["Goblin 1"]
    assert goblin["status"] == "fled" and how in goblin["conditions"]
    assert state(s, "--at", str(before))["combatants"]["Goblin 1"]["status"] == "up"
    # next skips it, round after round; the battle goes on
    turns = [ok(s, "next").out for _ in range(3)]
    assert not any("turn: Goblin 1" in t for t in turns)
    assert "turn: Goblin 2" in turns[0]
    log = ok(s, "log").out
    assert "Goblin 1" in log and "the encounter ends" not in log
    it = ok(s, "--lang", "it", "log").out
    assert ("si arrende" if how == "surrendered" else "fugge dal combattimento") in it
    report = ok(s, "export --format md").out
    assert "| Goblin 1 | 10/10 | fled |" in report and f"Goblin 1 became {how}" in report
    # undo the three turns, then the leaving: Goblin 1 is back and takes its turn
    for _ in range(4):
        ok(s, "undo")
    assert state(s)["combatants"]["Goblin 1"]["status"] == "up"
    assert how not in state(s)["combatants"]["Goblin 1"]["conditions"]
    assert "turn: Goblin 1" in ok(s, "next").out


@pytest.mark.parametrize("system", SYSTEMS)
def test_cond_add_fled_or_surrendered_is_leaving_in_every_system(sqlite_store, system):
    s = _fight(sqlite_store, system)
    ok(s, "cond add 'Goblin 2' surrendered")
    goblin = state(s)["combatants"]["Goblin 2"]
    assert goblin["status"] == "fled" and "surrendered" in goblin["conditions"]
    outs = [ok(s, "next").out for _ in range(3)]
    assert not any("turn: Goblin 2" in o for o in outs)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_bad_way_of_leaving_is_one_line_exit_2_and_the_store_unchanged(
        sqlite_store, system):
    s = _fight(sqlite_store, system)
    before = snapshot_of(s)
    r = cli(s, "leave 'Goblin 1' vanished")
    assert r.code == 2 and r.err.count("\n") == 1 and "fled or surrendered" in r.err
    r = cli(s, "leave Nobody")
    assert r.code == 2 and r.err.count("\n") == 1
    assert snapshot_of(s) == before


@pytest.mark.parametrize("system", SYSTEMS)
def test_leaving_twice_records_nothing(sqlite_store, system):
    s = _fight(sqlite_store, system)
    ok(s, "leave 'Goblin 1'")
    before = snapshot_of(s)
    r = cli(s, "leave 'Goblin 1'")
    assert r.code == 0 and "already" in r.out
    assert snapshot_of(s) == before


def test_in_13th_age_a_pc_leaves_only_with_flee_unless_the_gm_forces(sqlite_store):
    s = _fight(sqlite_store, "13a")
    r = cli(s, "leave Bruna")
    assert r.code == 2 and "`flee`" in r.err and "(a GM may --force)" in r.err
    ok(s, "--force", "she slips away alone", "leave", "Bruna")
    assert state(s)["combatants"]["Bruna"]["status"] == "fled"


@pytest.mark.parametrize("system", ["5e", "3.5e"])
def test_in_5e_and_35_a_pc_may_leave_alone_and_the_fight_goes_on(sqlite_store, system):
    s = _fight(sqlite_store, system)
    ok(s, "leave Bruna")
    st = state(s)
    assert st["combatants"]["Bruna"]["status"] == "fled" and not st.get("ended")
    assert "turn: Bruna" not in "".join(ok(s, "next").out for _ in range(3))


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_party_flee_still_ends_the_encounter(sqlite_store, system):
    s = _fight(sqlite_store, system)
    ok(s, "flee")
    assert "the encounter ends: fled" in ok(s, "log").out
