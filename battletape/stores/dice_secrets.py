"""Where the GM's store keeps the secrets of committed virtual dice until they are
revealed: a table beside the events (``battletape_dice_secrets``), never part of an
encounter's events nor of an export. Only its SHA-256 is recorded in the encounter
(domain/fair_dice.py)."""

from __future__ import annotations

import uuid

TABLE = "battletape_dice_secrets"


def _where(app) -> tuple[object, str, str]:
    """The datastore, the table's qualified name and the parameter mark."""
    recorder = app.recorder
    datastore = recorder.datastore
    if type(recorder).__module__ == "eventsourcing.sqlite":
        return datastore, TABLE, "?"
    return datastore, datastore.qualified(TABLE), "%s"  # in the store's own schema


def _create(cursor, name: str) -> None:
    cursor.execute(f"CREATE TABLE IF NOT EXISTS {name} (stream TEXT NOT NULL, "
                   "commitment TEXT NOT NULL, secret TEXT NOT NULL, "
                   "PRIMARY KEY (stream, commitment))")


def put(app, stream: uuid.UUID, commitment: str, secret: bytes) -> None:
    """Keep ``secret`` (before the commitment's events are saved). The table is made
    on first use, under a lock on PostgreSQL so that writers starting together never
    trip over each other's CREATE."""
    datastore, name, mark = _where(app)
    insert = (f"INSERT INTO {name} (stream, commitment, secret) VALUES "
              f"({mark}, {mark}, {mark})", (stream.hex, commitment, secret.hex()))
    try:
        with datastore.transaction(commit=True) as cursor:
            cursor.execute(*insert)
        return
    except Exception:
        pass  # no table yet
    with datastore.transaction(commit=True) as cursor:
        if mark == "%s":
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (name,))
        _create(cursor, name)
        cursor.execute(*insert)


def held(app, stream: uuid.UUID) -> dict[str, bytes]:
    """The secrets this store holds for a stream, by commitment. A PostgreSQL store
    in a schema of its own also finds those kept before the table moved into the
    schema (in the search path's table): a secret is only ever used for the
    commitment it hashes to, so another store's row is never taken for this one's."""
    datastore, name, mark = _where(app)
    legacy = [TABLE] if mark == "%s" and datastore.schema != "public" else []
    out: dict[str, bytes] = {}
    for table in legacy + [name]:
        out.update(_rows(datastore, table, mark, stream))
    return out


def _exists(cursor, name: str, mark: str) -> bool:
    """Whether the table is there (looked up: a statement refused on a missing table
    raises through the driver's wrappers, and their chained exceptions hold every
    frame of the command that asked until the cyclic collector runs)."""
    if mark == "%s":
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", (name,))
    else:
        cursor.execute("SELECT count(*) FROM sqlite_master WHERE type='table' AND "
                       "name=?", (name,))
    found = cursor.fetchall()
    row = found[0] if found else None
    return bool(row and (row[next(iter(row))] if isinstance(row, dict) else row[0]))


def _rows(datastore, name: str, mark: str, stream: uuid.UUID) -> dict[str, bytes]:
    with datastore.transaction(commit=False) as cursor:
        if not _exists(cursor, name, mark):  # a store that never committed dice
            return {}
        cursor.execute(f"SELECT commitment, secret FROM {name} WHERE stream = {mark}",
                       (stream.hex,))
        rows = cursor.fetchall()
    out: dict[str, bytes] = {}
    for row in rows:
        commitment, secret = (row["commitment"], row["secret"]) if isinstance(row, dict) \
            else (row[0], row[1])
        try:
            out[commitment] = bytes.fromhex(secret)
        except ValueError:
            continue  # an edited row: verify reports the commitment it cannot meet
    return out
