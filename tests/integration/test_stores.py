"""The same battle on every store: SQLite file and PostgreSQL server."""

from pathlib import Path

from tests.helpers import cli, ok, state

DEMO = Path(__file__).parents[2] / "fixtures" / "battles" / "demo.bt"


def test_a_whole_battle_gives_the_same_state_on_every_store(any_store, tmp_path):
    script = tmp_path / "b.bt"
    script.write_text(DEMO.read_text().replace('"Demo: the bridge at Emberfall"', 'Bridge'))
    ok(any_store, "run", str(script))
    s = state(any_store)
    assert s["combatants"]["Ogre Chief"]["status"] == "dead"
    assert s["round"] == 6 and s["escalation_die"] == 5
    # state --round 2 is the moment round 2 started, the same on every store
    r2 = state(any_store, "--round", "2")
    assert r2["round"] == 2 and r2["escalation_die"] == 1 and r2["turn"] is None
    log = [line for line in ok(any_store, "log", "--json").out.splitlines() if line]
    assert len(log) == s["position"]


def test_commands_one_by_one_on_every_store(any_store):
    ok(any_store, "new Skirmish --seed 4")
    ok(any_store, "add Bruna --pc --hp 30 --ac 17 --init 3")
    ok(any_store, "add Rat --hp 6 --ac 12 --count 2")
    ok(any_store, "init Bruna=15 Rat=2")
    ok(any_store, "attack Bruna 'Rat 1' --bonus 5 --vs ac --roll 9 --dmg 6")
    assert state(any_store)["combatants"]["Rat 1"]["status"] == "dead"
    ok(any_store, "undo --reason 'wrong rat'")
    assert state(any_store)["combatants"]["Rat 1"]["hp"] == 6
    r = cli(any_store, "attack Bruna 'Rat 9' --bonus 5 --vs ac --roll 9")
    assert r.code == 2 and "unknown combatant" in r.err


def test_snapshots_do_not_change_what_is_read(any_store, monkeypatch, tmp_path):
    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "5")
    script = tmp_path / "b.bt"
    script.write_text(DEMO.read_text().replace('"Demo: the bridge at Emberfall"', 'Bridge'))
    ok(any_store, "run", str(script))
    now = state(any_store)
    rebuilt = state(any_store, "--at", str(now["position"]))
    assert now == rebuilt
    ok(any_store, "rewind 40 --reason 'the ogre was not there yet'")
    assert {k: v for k, v in state(any_store).items() if k != "position"} == \
        {k: v for k, v in state(any_store, "--at", "40").items() if k != "position"}
