"""The hash chain's tables beside the events (replay/chain.py hashes; here the links
are stored and read): one link per event, one head per stream, written in the
transaction that appends the events; snapshots sealed with the link they fold to."""

from __future__ import annotations

import uuid
from operator import itemgetter
from typing import Any, Sequence

from eventsourcing.persistence import StoredEvent

from battletape.domain.errors import StoreError
from battletape.domain.words import N_
from battletape.stores.locations import is_postgres
from battletape.stores.mapper import (SNAPSHOT_TOPIC, EncounterSnapshot,
                                      snapshot_body)


CHAIN_TABLE = "battletape_chain"
HEADS_TABLE = "battletape_heads"


class _Db:
    """Raw SQL on either store: placeholders, table names, rows as tuples."""

    def __init__(self, app):
        recorder = app.recorder
        self.recorder = recorder
        self.postgres = is_postgres(recorder)
        self.datastore = recorder.datastore
        # on PostgreSQL every table is named in the store's schema, quoted
        name = self.datastore.qualified if self.postgres else str
        self.events = name(recorder.events_table_name)
        snaps = app.snapshots.recorder if app.snapshots is not None else None
        self.snapshots = name(snaps.events_table_name) if snaps is not None else None
        self.chain = name(CHAIN_TABLE)
        self.heads = name(HEADS_TABLE)

    def run(self, cur: Any, sql: str, params: Sequence = (),
            unpacked: bool = False) -> list:
        """The rows as tuples; ``unpacked``: as the driver gives them, for a caller
        that only unpacks each (SQLite's rows unpack as tuples do)."""
        if self.postgres:
            sql = sql.replace("?", "%s")
        cur.execute(sql, tuple(params))
        try:
            rows = cur.fetchall()
        except Exception:  # a statement that returns nothing
            return []
        if unpacked and not self.postgres:
            return rows
        return [tuple(r.values()) if isinstance(r, dict) else tuple(r) for r in rows]

    def many(self, cur: Any, sql: str, params: list[Sequence]) -> None:
        """One INSERT ... VALUES (?, ...) for many rows: on PostgreSQL a statement
        for each thousand rows (psycopg2's executemany is a round trip a row)."""
        if not params:
            return
        if not self.postgres:
            cur.executemany(sql, params)
            return
        from battletape.stores.postgres import inserts

        head, _, row = sql.rpartition("VALUES")
        for statement in inserts(cur, head.rstrip(), row.strip().replace("?", "%s"),
                                 params):
            cur.execute(statement)

    def stream_key(self, value: Any) -> str:
        return value.hex if isinstance(value, uuid.UUID) else str(value).replace("-", "")

    def has_chain(self, cur: Any) -> bool:
        if self.postgres:
            found = self.run(cur, "SELECT to_regclass(?) IS NOT NULL", (self.heads,))
            return bool(found and found[0][0])
        return bool(self.run(cur, "SELECT 1 FROM sqlite_master WHERE type='table' "
                                  "AND name=?", (HEADS_TABLE,)))


def _db(app) -> _Db:
    db = getattr(app, "_battletape_db", None)
    if db is None:
        db = _Db(app)
        app._battletape_db = db  # type: ignore[attr-defined]
    return db


def _create_chain(db: _Db, cur: Any) -> None:
    """Create the chain's tables and seal every stream already stored (events written
    before the chain: their links say so)."""
    from battletape.replay import chain

    db.run(cur, f"CREATE TABLE IF NOT EXISTS {db.chain} (stream TEXT NOT NULL, "
                "version INTEGER NOT NULL, recorder TEXT NOT NULL, sealed INTEGER NOT "
                "NULL, hash TEXT NOT NULL, sig TEXT NOT NULL, "
                "PRIMARY KEY (stream, version))")
    db.run(cur, f"CREATE TABLE IF NOT EXISTS {db.heads} (stream TEXT PRIMARY KEY, "
                "version INTEGER NOT NULL, hash TEXT NOT NULL, sig TEXT NOT NULL)")
    rows = db.run(cur, f"SELECT originator_id, originator_version, topic, state FROM "
                       f"{db.events} ORDER BY originator_id, originator_version")
    streams: dict[str, list] = {}
    for oid, version, topic, state in rows:
        streams.setdefault(db.stream_key(oid), []).append(
            chain.Stored(version, topic, bytes(state)))
    for key, stored in streams.items():
        _write_links(db, cur, key, chain.extend(chain.GENESIS, key, stored, "", True))


def _write_links(db: _Db, cur: Any, stream: str, links: list) -> None:
    if not links:
        return
    db.many(cur, f"INSERT INTO {db.chain} (stream, version, recorder, sealed, hash, "
                 "sig) VALUES (?, ?, ?, ?, ?, ?)",
            [(stream, l.version, l.recorder, int(l.sealed), l.hash, l.sig)
             for l in links])
    last = links[-1]
    db.run(cur, f"DELETE FROM {db.heads} WHERE stream=?", (stream,))
    db.run(cur, f"INSERT INTO {db.heads} (stream, version, hash, sig) VALUES "
                "(?, ?, ?, ?)", (stream, last.version, last.hash, last.sig))


class SecretNeeded(StoreError):
    """A signed stream is extended only with its campaign's secret."""


def append(app, stored: Sequence[StoredEvent],
           recorder: str, key_for: Any = lambda stream: None) -> dict[str, str]:
    """Insert stored events and their chain links in one transaction; the new head
    link of each stream. A conflicting position raises the driver's IntegrityError.
    ``key_for(stream)``: the key of the stream's campaign (None: no secret here)."""
    from battletape.replay import chain

    db = _db(app)
    with db.datastore.transaction(commit=True) as cur:
        if db.postgres:  # eventsourcing's own lock: one writer at a time
            db.run(cur, f"LOCK TABLE {db.events} IN EXCLUSIVE MODE")
        if not db.has_chain(cur):
            _create_chain(db, cur)
        if db.postgres:
            db.recorder._insert_stored_events(cur, stored)
        else:
            db.recorder._insert_events(cur, stored)
        by_stream: dict[str, list] = {}
        for s in stored:
            by_stream.setdefault(db.stream_key(s.originator_id), []).append(
                chain.Stored(s.originator_version, s.topic, bytes(s.state)))
        heads: dict[str, str] = {}
        for key, rows in by_stream.items():
            found = db.run(cur, f"SELECT hash, sig FROM {db.heads} WHERE stream=?",
                           (key,))
            previous, sig = found[0] if found else (chain.GENESIS, "")
            secret = key_for(key)
            if sig and secret is None:
                raise SecretNeeded.said(N_("this campaign's records are signed: "
                                           "recording needs its secret "
                                           "(BATTLETAPE_SECRET or the secrets file)"))
            if sig and chain.sign(secret, previous) != sig:
                raise SecretNeeded.said(N_("the campaign secret given is not the one its "
                                           "records are signed with: nothing was saved"))
            links = chain.extend(previous, key, rows, recorder, key=secret)
            _write_links(db, cur, key, links)
            heads[key] = links[-1].hash
    return heads


def has_chain(app) -> bool:
    db = _db(app)
    if getattr(app, "_battletape_chained", False):
        return True
    with db.datastore.transaction(commit=False) as cur:
        found = db.has_chain(cur)
    if found:
        app._battletape_chained = True  # type: ignore[attr-defined]
    return found


def link_at(app, stream: uuid.UUID, version: int) -> str | None:
    db = _db(app)
    with db.datastore.transaction(commit=False) as cur:
        found = db.run(cur, f"SELECT hash FROM {db.chain} WHERE stream=? AND version=?",
                       (stream.hex, version))
    return found[0][0] if found else None


def chained_streams(app) -> tuple[list[uuid.UUID], list[str]]:
    """Every stream that has events or a head (a stream whose events were all
    deleted keeps its head), and the stored ids that are no stream id at all."""
    db = _db(app)
    with db.datastore.transaction(commit=False) as cur:
        ids = {db.stream_key(r[0]) for r in
               db.run(cur, f"SELECT DISTINCT originator_id FROM {db.events}")}
        if db.has_chain(cur):
            ids |= {str(r[0]) for r in db.run(cur, f"SELECT stream FROM {db.heads}")}
    streams, bad = [], []
    for i in sorted(ids):
        try:
            streams.append(uuid.UUID(hex=i))
        except ValueError:
            bad.append(i)
    return streams, bad


def snapshot_streams(app) -> set[str]:
    """The ids of every stream that has a snapshot stored (as stored)."""
    db = _db(app)
    if db.snapshots is None:
        return set()
    with db.datastore.transaction(commit=False) as cur:
        return {db.stream_key(r[0]) for r in
                db.run(cur, f"SELECT DISTINCT originator_id FROM {db.snapshots}")}


def chain_of(app, stream: uuid.UUID):
    """The stored rows, links and head of a stream, as replay/chain.py checks them."""
    from battletape.replay import chain

    db = _db(app)
    key = stream.hex
    param = key if not db.postgres else str(stream)
    with db.datastore.transaction(commit=False) as cur:
        stored = db.run(
            cur, f"SELECT originator_version, topic, state FROM {db.events} WHERE "
                 "originator_id=? ORDER BY originator_version", (param,), True)
        linked = db.run(
            cur, f"SELECT version, recorder, sealed, hash, sig FROM {db.chain} WHERE "
                 "stream=?", (key,), True)
        head = db.run(cur, f"SELECT version, hash, sig FROM {db.heads} WHERE stream=?",
                      (key,))
    if db.postgres or not set(map(type, map(itemgetter(2), stored))) <= {bytes}:
        rows = [chain.Stored(v, t, bytes(s)) for v, t, s in stored]  # (a memoryview)
        links = {v: chain.Link(v, r, bool(s), h, g) for v, r, s, h, g in linked}
    else:  # SQLite's rows as they come: tuples in the named tuples' order, read by
        # position (sealed: SQLite's 0 or 1); no call in Python for each
        rows = stored
        links = dict(zip(map(itemgetter(0), linked), linked))
    return rows, links, (chain.Head(*head[0]) if head else None)


def snapshots_of(app, stream: uuid.UUID) -> list[tuple[int, bytes]]:
    """Every stored snapshot of a stream: (position, stored bytes); one stored under
    another topic than a snapshot's gives empty bytes (unreadable)."""
    db = _db(app)
    if db.snapshots is None:
        return []
    param = stream.hex if not db.postgres else str(stream)
    with db.datastore.transaction(commit=False) as cur:
        return [(v, bytes(s) if t == SNAPSHOT_TOPIC else b"") for v, t, s in db.run(
            cur, f"SELECT originator_version, topic, state FROM {db.snapshots} WHERE "
                 "originator_id=? ORDER BY originator_version", (param,))]


def snapshot_holds(app, snap: EncounterSnapshot) -> bool:
    """A snapshot is used only if it carries the link of the event it folds up to
    and its state is the one sealed with it; in a store older than the chain, every
    snapshot of the current layout is."""
    from battletape.replay import chain

    if not has_chain(app):
        return True
    event_hash = link_at(app, snap.originator_id, snap.originator_version)
    if event_hash is None or snap.chain != event_hash:
        return False
    return snap.seal == chain.snapshot_seal(event_hash, snapshot_body(snap))
