"""`verify`: the log's structure holds and every command decides again as recorded."""

import json
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


def test_a_line_recorded_again_is_decided_again_against_each_state(sqlite_store):
    """Verify reads a recorded line once and decides it against every state it meets:
    the same words three times (virtual damage dice, another outcome each time), and a
    forced line twice. Forged, the third is found at its own position."""
    s = sqlite_store
    ok(s, "new Cellar --system 5e --seed 11")
    ok(s, "add Aria --pc --hp 30 --ac 12 --init 3")
    ok(s, "add Goblin --hp 90 --ac 12 --init 2")
    ok(s, "init Aria=15 Goblin=5")
    swing = "attack Aria Goblin --bonus 5 --roll 12 --damage 2d6 --kind melee"
    forced = "--force 'the GM allows it' attack Aria Goblin --bonus 5 --roll 12 --damage 2d6 --kind melee --action bonus"
    positions = []
    for _ in range(3):
        positions.append(len(ok(s, "log --json").out.splitlines()) + 1)
        ok(s, swing)
        ok(s, forced)
        ok(s, "next")
        ok(s, "next")
    with sqlite3.connect(s) as db:
        damages = [json.loads(bytes(row[0]))["damage"] for row in db.execute(
            "select state from stored_events where topic like '%AttackResolved' "
            "order by originator_version")]
    assert len(damages) == 6 and len(set(damages)) > 1  # the dice fell otherwise
    assert ok(s, "verify").out.startswith("ok: ")
    third = positions[2]
    with sqlite3.connect(s) as db:
        (state,) = db.execute("select state from stored_events where originator_version = ?"
                              " and topic like '%AttackResolved'", (third,)).fetchone()
        recorded = json.loads(bytes(state))["damage"]
        forged = bytes(state).replace(f'"damage":{recorded}'.encode(),
                                      f'"damage":{recorded + 1}'.encode())
        db.execute("update stored_events set state = ? where originator_version = ?",
                   (forged, third))
    r = cli(s, "verify")
    assert r.code == 2
    first = next(line for line in r.out.splitlines() if "command at" in line)
    assert f"command at {third} " in first
    assert f"damage {recorded + 1} -> {recorded}" in first


def test_a_line_that_no_longer_reads_is_named_where_it_was_recorded(sqlite_store):
    """verify reads every line ahead of the walk: a line edited so that it no longer
    splits (an unbalanced quote) is still refused at its own command, after the
    commands before it were decided again as recorded."""
    ok(sqlite_store, "run", str(DEMO))
    with sqlite3.connect(sqlite_store) as db:
        (state,) = db.execute("select state from stored_events where originator_version"
                              " = 13").fetchone()
        line = json.loads(bytes(state))["command"]
        assert line.startswith("attack ")
        forged = bytes(state).replace(json.dumps(line).encode(),
                                      json.dumps(line + " 'oops").encode())
        assert forged != bytes(state)
        db.execute("update stored_events set state = ? where originator_version = 13",
                   (forged,))
    r = cli(sqlite_store, "verify")
    assert r.code == 2
    found = [l for l in r.out.splitlines() if "command at" in l]
    assert found and "command at 13 " in found[0] and "valid quoting" in found[0]
