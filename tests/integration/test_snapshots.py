"""Snapshots from scripts, imports and `battletape snapshot`: where single commands
save them (every BATTLETAPE_SNAPSHOT_INTERVAL events), each the fold of the events up
to its position; no recorded event changed."""

import sqlite3
from pathlib import Path

import msgspec

from tests.helpers import ok, state

DEMO = Path(__file__).parents[2] / "fixtures" / "battles" / "demo.bt"


def _snapshots(store: str) -> dict[int, dict]:
    from battletape.stores.mapper import decode_snapshot

    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT originator_version, state FROM stored_snapshots "
                          "ORDER BY originator_version").fetchall()
    return {v: msgspec.to_builtins(decode_snapshot(bytes(s)).state) for v, s in rows}


def _events(store: str) -> list:
    with sqlite3.connect(store) as db:
        return db.execute("SELECT * FROM stored_events ORDER BY rowid").fetchall()


def _folded(store: str, position: int) -> dict:
    """The fold of the effective history up to ``position``, from the events alone."""
    from battletape.application import Battletape
    from battletape.replay import history

    bt = Battletape(store)
    try:
        return msgspec.to_builtins(history.state_at(bt.events(), position))
    finally:
        bt.close()


def _commands_ending(store: str) -> list[int]:
    from battletape.application import Battletape

    bt = Battletape(store)
    try:
        events = bt.events()
    finally:
        bt.close()
    return [e.originator_version for i, e in enumerate(events)
            if i + 1 == len(events) or events[i + 1].cmd != e.cmd]


def test_a_script_saves_snapshots_as_single_commands_do(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "10")
    one_by_one, script = str(tmp_path / "one.db"), str(tmp_path / "run.db")
    ok(script, "run", str(DEMO))
    for line in DEMO.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            ok(one_by_one, *__import__("shlex").split(line))
    by_script, by_commands = _snapshots(script), _snapshots(one_by_one)
    assert len(by_script) > 5  # not only the end: one every 10 events or so
    # the same positions, and the script's end (as before)
    assert set(by_script) - set(by_commands) <= {max(by_script)}
    assert set(by_commands) <= set(by_script)
    for position, snap in by_script.items():
        assert snap == _folded(script, position)
    assert state(script, "--round", "2") == state(one_by_one, "--round", "2")


def test_snapshot_gives_an_old_store_its_snapshots_and_changes_no_event(
        tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "10")
    store = str(tmp_path / "b.db")
    ok(store, "run", str(DEMO))
    ok(store, "undo", "--reason", "the last blow came too late")
    with sqlite3.connect(store) as db:  # as an older `run` left it: one snapshot or none
        db.execute("DELETE FROM stored_snapshots")
    events = _events(store)
    said = ok(store, "snapshot").out
    assert "snapshot(s) saved" in said
    saved = _snapshots(store)
    assert _events(store) == events  # no event written or changed
    ends = _commands_ending(store)
    assert saved and set(saved) <= set(ends)
    last_command = ends[-2]  # the undone one: the undo reaches back to it
    assert last_command not in saved
    for position, snap in saved.items():
        assert snap == _folded(store, position)
    # again: nothing left to save; and the store still verifies (seals hold)
    assert "0 snapshot(s) saved" in ok(store, "snapshot").out
    assert "every hash chain holds" in ok(store, "verify").out
    assert state(store) == msgspec.to_builtins(msgspec.json.decode(
        ok(store, "state", "--json", "--at", str(ends[-1])).out))


def test_an_import_saves_snapshots(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "10")
    source, target = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    ok(source, "run", str(DEMO))
    exported = tmp_path / "demo.jsonl"
    ok(source, "export", "-o", str(exported))
    ok(target, "import", str(exported))
    saved = _snapshots(target)
    assert set(saved) == set(_snapshots(source)) - {max(_snapshots(source))}
    for position, snap in saved.items():
        assert snap == _folded(target, position)


def test_a_correction_saves_a_snapshot_only_when_it_voids_the_one_loaded(tmp_path,
                                                                         monkeypatch):
    """An undo of the last command leaves the newest snapshot valid (it reaches back
    to a later position): no snapshot is written, and the next command folds from the
    one it had. One that reaches back past that snapshot (a rewind before it) saves a
    fresh one at its own position, the fold of the effective history up to there."""
    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "10")
    store, script = str(tmp_path / "b.db"), tmp_path / "fight.bt"
    script.write_text(DEMO.read_text().replace("\nend\n", "\n"))  # still fighting
    ok(store, "run", str(script))
    ok(store, "next")  # after the snapshot the script saved at its end
    before = _snapshots(store)
    newest = max(before)
    last = _commands_ending(store)[-1]
    assert newest < last - 1  # the last command lies after the newest snapshot
    ok(store, "undo --reason 'a slip'")
    assert _snapshots(store) == before
    assert state(store) == state(store, "--at", str(last + 1))
    ok(store, "rewind", str(newest - 3), "--reason", "wrong ruling")
    after = _snapshots(store)
    head = _commands_ending(store)[-1]  # the rewind's own position
    assert set(after) == set(before) | {head}
    assert after[head] == _folded(store, head)
