"""Tamper evidence: a seeded random edit of a SQLite store (any column of any row of
events, chain links, heads and snapshots; a deleted row; two events swapped) is
always found by `verify`, which names the stream and position."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3

import pytest

from tests.helpers import cli, ok

BATTLES = __import__("pathlib").Path(__file__).parents[2] / "fixtures" / "battles"
TABLES = ("stored_events", "battletape_chain", "battletape_heads", "stored_snapshots")


def _build(path: str, battle: str, every: int) -> str:
    """A store with two encounters of one campaign, a second GM, corrections and
    snapshots (one each ``every`` events)."""
    import os

    old = os.environ.get("BATTLETAPE_SNAPSHOT_INTERVAL")
    os.environ["BATTLETAPE_SNAPSHOT_INTERVAL"] = str(every)
    try:
        ok(path, "run", str(BATTLES / battle), user="marta")
        ok(path, "gm add Bo --user bo", user="marta")
        ok(path, "undo --reason 'wrong target'", user="marta")
        ok(path, "new Crypt --campaign Emberfall --seed 4", user="marta")
        ok(path, "add Bruna --hp 30 --ac 17 --pc", user="marta")
        ok(path, "ruling 'the door is stuck'", user="bo")
    finally:
        if old is None:
            del os.environ["BATTLETAPE_SNAPSHOT_INTERVAL"]
        else:
            os.environ["BATTLETAPE_SNAPSHOT_INTERVAL"] = old
    assert "every hash chain holds" in ok(path, "verify").out
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM stored_snapshots").fetchone()[0] >= 2
    return path


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    return _build(str(tmp_path_factory.mktemp("tamper") / "battletape.db"),
                  "bridge_full.bt", 40)


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """A shorter battle (verify is quicker), the same kinds of rows."""
    return _build(str(tmp_path_factory.mktemp("tamper") / "small.db"), "ambush.bt", 15)


def _changed(value, rng: random.Random):
    """A different value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice([-1, 1, 7])
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        if value and value[-1].isdigit():  # timestamps, hashes, ids: one digit
            return value[:-1] + str((int(value[-1]) + 1) % 10)
        return value + "x"
    if isinstance(value, list):
        return value + [value[0]] if value else ["x"]
    if isinstance(value, dict):
        if value:
            k = rng.choice(sorted(value))
            return {**value, k: _changed(value[k], rng)}
        return {"x": 1}
    return 1


def _edit_json(data: bytes, rng: random.Random) -> bytes:
    doc = json.loads(data)
    holder = doc
    while True:  # down into a nested struct now and then (snapshot states)
        keys = sorted(k for k in holder if k not in ("type",))
        k = rng.choice(keys)
        if isinstance(holder[k], dict) and holder[k] and rng.random() < 0.7:
            holder = holder[k]
            continue
        holder[k] = _changed(holder[k], rng)
        break
    return json.dumps(doc, separators=(",", ":")).encode()


def mutate(db: sqlite3.Connection, rng: random.Random) -> str:
    kind = rng.choice(["edit", "edit", "edit", "delete", "swap"])
    if kind == "swap":
        stream = rng.choice([r[0] for r in db.execute(
            "SELECT originator_id FROM stored_events GROUP BY originator_id "
            "HAVING count(*) > 1")])
        a, b = rng.sample([r[0] for r in db.execute(
            "SELECT originator_version FROM stored_events WHERE originator_id=?",
            (stream,))], 2)
        rows = {v: (t, s) for v, t, s in db.execute(
            "SELECT originator_version, topic, state FROM stored_events WHERE "
            "originator_id=? AND originator_version IN (?, ?)", (stream, a, b))}
        for v, other in ((a, b), (b, a)):
            db.execute("UPDATE stored_events SET topic=?, state=? WHERE originator_id=? "
                       "AND originator_version=?", (*rows[other], stream, v))
        return f"swap {stream} {a}<->{b}"
    table = rng.choice(TABLES if kind == "edit" else TABLES[:3])
    cols = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
    keys = [c for c in cols if c in ("originator_id", "originator_version", "stream",
                                      "version")]
    rows = db.execute(f"SELECT {', '.join(keys)} FROM {table}").fetchall()
    row = rng.choice(rows)
    where = " AND ".join(f"{k}=?" for k in keys)
    if kind == "delete":
        db.execute(f"DELETE FROM {table} WHERE {where}", row)
        return f"delete {table} {row}"
    col = rng.choice(cols)
    (value,) = db.execute(f"SELECT {col} FROM {table} WHERE {where}", row).fetchone()
    if col == "state":
        new = _edit_json(value, rng)
    elif col in ("originator_id", "stream"):
        others = [r[0] for r in db.execute(f"SELECT DISTINCT {col} FROM {table}")
                  if r[0] != value]
        new = rng.choice(others) if others and rng.random() < 0.5 else \
            _changed(value, rng)
    elif col == "topic":
        topics = [r[0] for r in db.execute("SELECT DISTINCT topic FROM stored_events")
                  if r[0] != value]
        new = rng.choice(topics)
    elif col in ("originator_version", "version"):
        new = value + rng.choice([1000, -1000, 10 ** 6])
    else:
        new = _changed(value, rng)
    if new == value:
        return mutate(db, rng)
    try:
        db.execute(f"UPDATE {table} SET {col}=? WHERE {where}", (new, *row))
    except sqlite3.IntegrityError:  # the key is taken: try another edit
        return mutate(db, rng)
    return f"edit {table}.{col} {row}"


def _tampered_copy(pristine: str, tmp_path, seed: int) -> tuple[str, str]:
    path = str(tmp_path / f"t{seed}.db")
    shutil.copy(pristine, path)
    with sqlite3.connect(path) as db:
        what = mutate(db, random.Random(seed))
    return path, what


def _assert_found(path: str, what: str) -> None:
    r = cli(path, "verify")
    assert r.code == 2, f"{what}: not found\n{r.out}"
    assert r.out.strip(), what  # a line names what is wrong


@pytest.mark.parametrize("seed", range(12))
def test_a_random_edit_is_found(small, tmp_path, seed):
    _assert_found(*_tampered_copy(small, tmp_path, seed))


@pytest.mark.slow
def test_every_one_of_400_random_edits_is_found(small, tmp_path):
    missed, kinds = [], set()
    for seed in range(1000, 1400):
        path, what = _tampered_copy(small, tmp_path, seed)
        kinds.add(what.split(" ")[0] + " " + what.split(" ")[1].split("(")[0]
                  if not what.startswith("swap") else "swap")
        r = cli(path, "verify")
        if r.code != 2 or not r.out.strip():
            missed.append(what)
        import os

        os.unlink(path)
    assert missed == []  # 100% found
    # every column of every table, deletions and swaps were tried
    with sqlite3.connect(small) as db:
        for table in TABLES:
            for col in [r[1] for r in db.execute(f"PRAGMA table_info({table})")]:
                assert f"edit {table}.{col}" in kinds, (table, col)
    assert {"swap", "delete stored_events"} <= {k.rsplit(".", 1)[0] for k in kinds}


def test_the_deleted_last_command_is_named(pristine, tmp_path):
    path = str(tmp_path / "t.db")
    shutil.copy(pristine, path)
    with sqlite3.connect(path) as db:
        (stream, last) = db.execute(
            "SELECT originator_id, max(originator_version) FROM stored_events "
            "GROUP BY originator_id ORDER BY count(*) DESC LIMIT 1").fetchone()
        db.execute("DELETE FROM stored_events WHERE originator_id=? AND "
                   "originator_version=?", (stream, last))
    r = cli(path, "verify")
    assert r.code == 2
    assert f"encounter 'Bridge at Emberfall (full)': position {last} was removed" in r.out


def test_a_deleted_index_row_names_the_encounter(pristine, tmp_path):
    from battletape.stores.store import INDEX_ID

    path = str(tmp_path / "t.db")
    shutil.copy(pristine, path)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM stored_events WHERE originator_id=? AND "
                   "originator_version=2", (INDEX_ID.hex,))
    r = cli(path, "verify")
    assert r.code == 2
    assert "the index: position 2 was removed" in r.out
    assert "encounter 'Crypt' is stored but missing from the index" in r.out


def test_an_edited_snapshot_is_ignored_and_reported(pristine, tmp_path):
    path = str(tmp_path / "t.db")
    shutil.copy(pristine, path)
    name = "Bridge at Emberfall (full)"
    before = ok(path, "-e", name, "state", "--json").json()
    with sqlite3.connect(path) as db:
        stream, version, data = db.execute(
            "SELECT originator_id, originator_version, state FROM stored_snapshots "
            "ORDER BY originator_version DESC LIMIT 1").fetchone()
        doc = json.loads(data)
        orc = next(c for c in doc["state"]["combatants"].values() if c["hp"] > 0)
        orc["hp"] += 50
        db.execute("UPDATE stored_snapshots SET state=? WHERE originator_id=? AND "
                   "originator_version=?", (json.dumps(doc).encode(), stream, version))
    assert ok(path, "-e", name, "state", "--json").json() == before  # the edit does not change the state
    r = cli(path, "verify")
    assert r.code == 2 and f"the snapshot at {version} does not match" in r.out


def test_a_store_older_than_the_chain_still_reads_and_says_so(tmp_path):
    """(Whether its commands still decide as recorded is verify's other check.)"""
    from battletape import integrity
    from battletape.application import Battletape

    old = __import__("pathlib").Path(__file__).parents[2] / "fixtures/stores/bridge_13a_v1.db"
    path = str(tmp_path / "old.db")
    shutil.copy(old, path)
    assert "note: the store predates the hash chain" in cli(path, "verify").out
    bt = Battletape(path)
    try:
        assert integrity.check(bt) == ([], [integrity.PREDATES])
        assert len(bt.events()) == 211  # it reads
    finally:
        bt.close()
    ok(path, "roll 1d20", user="marta")  # the first write seals it
    bt = Battletape(path)
    try:
        problems, notes = integrity.check(bt)
    finally:
        bt.close()
    assert problems == []
    assert "encounter 'Bridge at Emberfall (full)': positions 1-211 predate the hash " \
           "chain (sealed when the store was first written by this version)" in notes
