"""`verify`: the log's structure holds and every command decides again as recorded."""

import sqlite3
from pathlib import Path

from tests.helpers import cli, ok

DEMO = Path(__file__).parents[2] / "fixtures" / "battles" / "demo.bt"


def test_verify_accepts_a_battle_with_corrections_and_a_branch(sqlite_store):
    ok(sqlite_store, "run", str(DEMO))
    ok(sqlite_store, "undo --reason x")
    ok(sqlite_store, "amend 13 --roll 3 --reason 'it was a 3'")
    ok(sqlite_store, "branch 40 'What if'")
    r = ok(sqlite_store, "verify")
    assert r.out.startswith("ok: 2 encounter(s)")


def test_verify_finds_a_record_changed_behind_its_back(sqlite_store):
    ok(sqlite_store, "run", str(DEMO))
    with sqlite3.connect(sqlite_store) as db:
        (state,) = db.execute("select state from stored_events where originator_version = 13"
                              " and topic like '%AttackResolved'").fetchone()
        forged = bytes(state).replace(b'"damage":9', b'"damage":12')
        assert forged != bytes(state)
        db.execute("update stored_events set state = ? where originator_version = 13"
                   " and topic like '%AttackResolved'", (forged,))
    r = cli(sqlite_store, "verify")
    # the forged 12 damage is found where it was made: the hash chain breaks there,
    # and decided again the dice say 9 — every later command that relied on the
    # goblin being alive is listed after it
    assert r.code == 2 and "verify found" in r.err
    lines = r.out.splitlines()
    assert "encounter 'Demo: the bridge at Emberfall': position 13 was altered" in lines[0]
    first = next(line for line in lines if "command at" in line)
    assert "command at 13" in first and "damage 12 -> 9" in first
