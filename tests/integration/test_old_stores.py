"""A 13th Age store written before the rule systems moved behind one interface reads
the same ``state --json`` at every position (commit 8a051f0 wrote the fixture: the
bridge battle, an undo and a rewind; the states are what that version printed)."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

from battletape.application import Battletape
from battletape.projections.views import state_view
from tests.helpers import cli

STORES = Path(__file__).parents[2] / "fixtures" / "stores"


def _old_store(tmp_path) -> str:
    path = tmp_path / "battletape.db"
    shutil.copy(STORES / "bridge_13a_v1.db", path)
    return str(path)


def _expected() -> list[dict]:
    return json.loads(gzip.decompress((STORES / "bridge_13a_v1.states.json.gz")
                                      .read_bytes()))


def _since(state: dict) -> dict:
    """An old state with the 13th Age rules fixed since it was printed: a PC at 0 hp or
    below and still alive is staggered ("half your hit points or fewer", 13A-DMG-10);
    the old version said false."""
    if state.get("system", "13a") != "13a":
        return state
    state = json.loads(json.dumps(state))
    for c in state["combatants"].values():
        if c["status"] != "dead" and c["hp"] <= 0 and c["hp"] * 2 <= c["max_hp"]:
            c["staggered"] = True
    return state


def _as_then(view: dict) -> dict:
    """A state as the old version printed it: the keys added since (the virtual
    dice's provenance) checked apart."""
    view = dict(view)
    dice = view.pop("dice")
    assert dice["mode"] in ("public seed", "unverifiable")
    return view


def test_every_position_of_an_old_store_reads_as_it_did(tmp_path):
    expected = _expected()
    bt = Battletape(_old_store(tmp_path), "test")
    try:
        last = bt.state().position
        assert last == len(expected) - 1
        for p in range(1, last + 1):
            assert _as_then(state_view(bt.state(at=p))) == _since(expected[p - 1]), \
                f"position {p}"
        assert _as_then(state_view(bt.state())) == _since(expected[-1])
    finally:
        bt.close()


def test_state_json_of_an_old_store_through_the_command_line(tmp_path):
    store = _old_store(tmp_path)
    now = cli(store, "state --json")
    assert now.code == 0, now.err
    assert _as_then(json.loads(now.out)) == _since(_expected()[-1])
    at = cli(store, "state --at 120 --json")
    assert _as_then(json.loads(at.out)) == _since(_expected()[119])


# the 13th Age fields a snapshot held at the top level before the systems' parts
_OLD_TOP = {"combatant": ("pd", "md", "whereabouts", "flying", "recovery_die", "con_mod",
                          "resist", "penalty", "fell", "lasting_wounds", "rallies",
                          "rally_blocked_round", "no_actions", "interrupt_spent",
                          "moving", "provoked", "spirit", "spirit_round",
                          # core fields then, 13th Age's since layout 2
                          "recoveries"),
            "encounter": ("escalation_held", "surprise", "surprise_advance",
                          "spirit_used", "escalation_die")}


def _as_old_layout(data: bytes) -> bytes:
    """A snapshot as the version before the parts wrote it: no ``format``, no ``part``,
    the 13th Age fields at the top level."""
    snap = json.loads(data)
    snap.pop("format", None)
    state = snap["state"]
    for key in _OLD_TOP["encounter"]:
        state[key] = (state.get("part") or {}).get(key)
    state.pop("part", None)
    for c in state["combatants"].values():
        part = c.pop("part") or {}
        for key in _OLD_TOP["combatant"]:
            c[key] = part.get(key)
    return json.dumps(snap).encode()


def _of_unknown_layout(data: bytes) -> bytes:
    """A snapshot of a layout this version does not know, with a wrong value in it."""
    snap = json.loads(data)
    snap["format"] = 99
    for c in snap["state"]["combatants"].values():
        c["hp"] += 1
    return json.dumps(snap).encode()


def _battle(path: str) -> dict:
    for line in ("new Bridge", "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3",
                 "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1",
                 "init Bruna=15 Orc=9", "damage Orc 5", "damage Bruna 4",
                 "move Bruna far", "damage Orc 2"):
        assert cli(path, line).code == 0, line
    return json.loads(cli(path, "state --json").out)


def _rewrite_snapshots(path: str, how) -> list:
    import sqlite3

    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT originator_id, originator_version, state "
                          "FROM stored_snapshots").fetchall()
        assert rows, "the battle took snapshots"
        for oid, version, data in rows:
            db.execute("UPDATE stored_snapshots SET state=? WHERE originator_id=? "
                       "AND originator_version=?", (how(data), oid, version))
    return rows


def test_a_snapshot_of_the_old_layout_is_upcast_to_the_same_state(tmp_path, monkeypatch):
    from battletape.stores import store as st

    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "4")
    path = str(tmp_path / "old.db")
    fresh = _battle(path)
    bt = Battletape(path, "test")
    try:
        stream = bt.registration("Bridge").encounter_id
        current = st.latest_snapshot(bt.app, stream)
    finally:
        bt.close()
    _rewrite_snapshots(path, _as_old_layout)
    bt = Battletape(path, "test")
    try:
        upcast = st.latest_snapshot(bt.app, stream)
        assert upcast is not None and upcast.format == st.SNAPSHOT_FORMAT
        assert upcast.state == current.state  # the 13th Age fields back in the part
        assert state_view(bt.state()) == fresh
        for p in range(1, bt.state().position + 1):
            assert state_view(bt.state(at=p))["position"] == p
    finally:
        bt.close()
    assert json.loads(cli(path, "state --json").out) == fresh


def _as_layout_2(data: bytes) -> bytes:
    """A snapshot as layout 2 wrote it: an ongoing damage's ``nonmagical`` a field of
    its own (13th Age's, in its ``extra`` since layout 3)."""
    snap = json.loads(data)
    snap["format"] = 2
    for c in snap["state"]["combatants"].values():
        for o in c.get("ongoing") or []:
            o["nonmagical"] = (o.pop("extra", None) or {}).get("nonmagical", False)
    return json.dumps(snap).encode()


def test_a_snapshot_of_layout_2_reads_13th_ages_nonmagical_ongoing_damage(
        tmp_path, monkeypatch):
    """Resistance: ongoing damage of normal energy (--nonmagical) meets an immune
    resistance: the Orc resists fire 16+ and the fire is not magical, so it takes 0
    at the end of its turn, from a snapshot of the old layout as from the events."""
    from battletape.stores import store as st

    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "4")
    path = str(tmp_path / "old.db")
    for line in ("new Bridge", "add Bruna --pc --hp 30 --ac 17 --init 3",
                 "add Orc --hp 20 --ac 15 --init 1 --resist fire:16",
                 "init Bruna=15 Orc=9", "ongoing Orc 5 --type fire --natural 4 "
                 "--nonmagical", "damage Orc 1", "damage Orc 1", "damage Orc 1"):
        assert cli(path, line).code == 0, line
    fresh = json.loads(cli(path, "state --json").out)
    assert fresh["combatants"]["Orc"]["hp"] == 17
    rows = _rewrite_snapshots(path, _as_layout_2)
    assert any(o.get("nonmagical") for r in rows
               for c in json.loads(_as_layout_2(r[2]))["state"]["combatants"].values()
               for o in c.get("ongoing") or [])
    bt = Battletape(path, "test")
    try:
        snap = st.latest_snapshot(bt.app, bt.registration("Bridge").encounter_id)
        assert snap.format == st.SNAPSHOT_FORMAT
        [o] = snap.state.combatants["Orc"].ongoing
        assert o.extra == {"nonmagical": True}
    finally:
        bt.close()
    assert json.loads(cli(path, "state --json").out) == fresh
    ok_ = cli(path, "next"), cli(path, "next")  # the Orc's turn ends: 5 fire, immune
    assert all(r.code == 0 for r in ok_), [r.err for r in ok_]
    assert json.loads(cli(path, "state --json").out)["combatants"]["Orc"]["hp"] == 17


def test_a_snapshot_of_an_unknown_layout_is_never_used(tmp_path, monkeypatch):
    from battletape.stores import store as st

    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "4")
    path = str(tmp_path / "new.db")
    fresh = _battle(path)
    _rewrite_snapshots(path, _of_unknown_layout)
    bt = Battletape(path, "test")
    try:
        stream = bt.registration("Bridge").encounter_id
        assert st.latest_snapshot(bt.app, stream) is None
        assert state_view(bt.state()) == fresh  # from the events, not the bad hp
    finally:
        bt.close()
    assert json.loads(cli(path, "state --json").out) == fresh


def test_verify_of_an_old_store_tells_changed_rules_from_alterations(tmp_path):
    """A battle recorded under battletape's earlier rules (before the GM's last word
    and the 13th Age audit: an attack then engaged without --kind) decides some
    commands otherwise today: `verify` names them as such and passes; a new battle is
    recorded under the current edition, where the same difference is a problem."""
    from battletape.domain import events as ev

    store = _old_store(tmp_path)
    r = cli(store, "verify")
    assert r.code == 0, r.out + r.err
    assert ("recorded under rules edition 1; today's rules "
            f"(edition {ev.RULES_EDITION})") in r.out
    assert "earlier edition of the rules" in r.out
    new = cli(store, "new Today --seed 1")
    assert new.code == 0
    start = json.loads(cli(store, "--encounter Today log --json").out.splitlines()[0])
    assert start["rules_edition"] == ev.RULES_EDITION == 4


# --- a store of every system, written by 2b65cd2 --------------------------------------
#
# fixtures/stores/systems_2b65cd2.db: the three demos (`demo`, `demo --system 5e`,
# `demo --system 3.5e`) with a snapshot every 20 events, then corrections as a GM
# makes them: in 13th Age an undo, a dispute and an amend; in 5e an amend, an undo of
# it and a second amend; in 3.5 a dispute, a rewind to 60 and a late joiner. The
# states are what 2b65cd2 printed at every position (`state_view(bt.state(name,
# at=p))`), before the packages moved under battletape and the core was reshaped.

def _systems_store(tmp_path) -> str:
    path = tmp_path / "systems.db"
    shutil.copy(STORES / "systems_2b65cd2.db", path)
    return str(path)


def _systems_expected() -> dict[str, list[dict]]:
    return json.loads(gzip.decompress(
        (STORES / "systems_2b65cd2.states.json.gz").read_bytes()))


def test_a_store_of_every_system_reads_as_it_did_at_every_position(tmp_path):
    expected = _systems_expected()
    assert {e.split(":")[0] for e in expected} == {"Demo"} and len(expected) == 3
    bt = Battletape(_systems_store(tmp_path), "test")
    try:
        for name, states in expected.items():
            assert bt.state(name).position == len(states), name
            for p, then in enumerate(states, 1):
                assert state_view(bt.state(name, at=p)) == _since(then), f"{name} at {p}"
    finally:
        bt.close()


def test_a_store_of_every_system_verifies_and_reads_through_the_command_line(tmp_path):
    store = _systems_store(tmp_path)
    r = cli(store, "verify")
    assert r.code == 0, r.out + r.err
    assert "3 encounter(s)" in r.out and "every hash chain holds" in r.out
    expected = _systems_expected()
    for name, states in expected.items():
        now = cli(store, f"--encounter '{name}' state --json")
        assert now.code == 0, now.err
        assert json.loads(now.out) == _since(states[-1])
