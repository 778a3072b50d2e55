"""`run` prints only what it saved: a script that fails on a line prints no event
(none was saved), one that succeeds prints every event with its stored position."""

from __future__ import annotations

from tests.helpers import cli, ok, snapshot_of

SCRIPT = ("new Scripted --seed 2\nadd Bruna --hp 30 --ac 17 --pc\n"
          "add Orc --hp 20 --ac 13\n")


def test_a_failing_script_prints_no_position(sqlite_store, tmp_path):
    ok(sqlite_store, "new Before --seed 1")
    bad = tmp_path / "bad.bt"
    bad.write_text(SCRIPT + "attack Nobody Orc --bonus 1 --vs ac --roll 3 --dmg 1\n")
    before = snapshot_of(sqlite_store)
    r = cli(sqlite_store, "run", str(bad))
    assert r.code == 2 and r.err.startswith("Error: line 4:")
    assert r.out == ""  # nothing was saved, so no position is announced
    assert snapshot_of(sqlite_store) == before


def test_a_saved_script_prints_the_stored_positions(sqlite_store, tmp_path):
    good = tmp_path / "good.bt"
    good.write_text(SCRIPT)
    r = ok(sqlite_store, "run", str(good))
    printed = [line.split()[0] for line in r.out.splitlines() if line[:5].strip().isdigit()]
    stored = [str(e["originator_version"]) for e in
              ok(sqlite_store, "-e", "Scripted", "log", "--json").json_lines()
              if e["type"] == "CombatantAdded"]
    assert printed == stored == ["2", "3"]
