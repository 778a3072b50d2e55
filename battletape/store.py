"""Store configuration: eventsourcing persistence chosen by URL, a msgspec mapper.

SQLite is the default (a file); a ``postgresql://`` URL selects eventsourcing's
PostgreSQL persistence. Events are stored as flat msgspec JSON, which DuckDB reads
directly; snapshots of the folded state keep long encounters quick to load.
"""

from __future__ import annotations

import gc
import os
import uuid
from pathlib import Path
from typing import Any, ClassVar, Sequence
from urllib.parse import parse_qs, unquote, urlparse

import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder
from eventsourcing.utils import get_topic, resolve_topic

from battletape.domain import events as ev
from battletape.domain.errors import StoreError
from battletape.domain.state import EncounterState
from battletape.domain.streams import INDEX_ID, NAMESPACE, campaign_id, encounter_id  # noqa: F401

from battletape.locations import DEFAULT_STORE, resolve_url  # noqa: F401 (here first)
# eventsourcing's persistence on psycopg2 (battletape/postgres.py: a command starts
# in a few milliseconds, where psycopg 3 and its pool take about 80 to import)
POSTGRES_MODULE = "battletape.postgres"
_SQLITE_MAGIC = b"SQLite format 3\x00"


# The layout of the folded state a snapshot holds. 1: the rule systems' own fields
# moved into their parts. 2: the escalation die and the recoveries too (13th Age's,
# no longer the core's). A snapshot written before ``format`` existed reads as 0; one
# of layout 0 or 1 is upcast (its system's fields moved into the part); one of an
# unknown layout is never used: the state is rebuilt from the events instead.
SNAPSHOT_FORMAT = 2


class EncounterSnapshot(msgspec.Struct, frozen=True, kw_only=True):
    """The folded state of an encounter at ``originator_version``."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: Any = None
    format: int = 0
    state: EncounterState
    chain: str = ""  # the chain's link of the event at originator_version
    seal: str = ""   # replay/chain.snapshot_seal of that link and the state


class _SnapshotHeader(msgspec.Struct, kw_only=True):
    """What is read of a snapshot before its state: which layout it has."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: Any = None
    format: int = 0


# the snapshot's stored name, fixed for the same reason as the events' (topic below)
SNAPSHOT_TOPIC = "battletape.store:EncounterSnapshot"


def topic(cls: type) -> str:
    """The topic an event class is stored under: the name it was first stored by
    (``domain.events:DamageTaken``), which stays put wherever its class now lives,
    so stores written before the packages moved under ``battletape`` keep reading.
    An event class that moved to another module (13th Age's own events, into its
    package) keeps its first name in its ``stored_as`` class variable."""
    if cls is EncounterSnapshot:
        return SNAPSHOT_TOPIC
    stored_as = getattr(cls, "stored_as", None)
    if stored_as:
        return stored_as
    found = get_topic(cls)
    return found.removeprefix("battletape.") if found.startswith("battletape.domain.") \
        else found


_EVENT_TOPICS = {topic(cls): cls for cls in ev.EVENT_TYPES.values()}
_snapshot_decoder = msgspec.json.Decoder(EncounterSnapshot)
_snapshot_header_decoder = msgspec.json.Decoder(_SnapshotHeader)


def decode_snapshot(data: bytes) -> EncounterSnapshot:
    """A stored snapshot; one of an older layout keeps its ``format`` and an empty
    state, so that ``latest_snapshot`` passes it by (its state is never decoded)."""
    head = _snapshot_header_decoder.decode(data)
    if head.format in (0, 1):
        return upcast_snapshot(data)
    if head.format != SNAPSHOT_FORMAT:
        return EncounterSnapshot(originator_id=head.originator_id,
                                 originator_version=head.originator_version,
                                 timestamp=head.timestamp, format=head.format,
                                 state=EncounterState())
    return _snapshot_decoder.decode(data)


def upcast_snapshot(data: bytes) -> EncounterSnapshot:
    """A snapshot of layout 0 or 1, when some of a system's own fields stood at the
    top of the combatant and of the encounter: they move into the system's part (the
    parts its package declares, domain/parts.py), the rest is read as it is."""
    from battletape.domain import state as st

    raw = msgspec.json.decode(data)
    state = raw.get("state") or {}
    system = state.get("system", "13a")

    def into_part(holder: dict, parts: tuple) -> None:
        part = next((p for p in parts if p.__struct_config__.tag == system), None)
        if part is None:
            return
        moved = {f: holder.pop(f) for f in part.__struct_fields__ if f in holder}
        if holder.get("part") is None:
            holder["part"] = {part.__struct_config__.tag_field: system, **moved}
        else:
            holder["part"] = {**moved, **holder["part"]}

    for combatant in (state.get("combatants") or {}).values():
        into_part(combatant, st.COMBATANT_PARTS)
    into_part(state, st.ENCOUNTER_PARTS)
    raw["format"] = SNAPSHOT_FORMAT
    return msgspec.convert(raw, EncounterSnapshot)


class MsgspecMapper(Mapper):
    """Stores each event as its own flat msgspec JSON (the aggregate9 example's way)."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        return StoredEvent(originator_id=domain_event.originator_id,
                           originator_version=domain_event.originator_version,
                           topic=topic(type(domain_event)),
                           state=ev.encoder.encode(domain_event))

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        if stored_event.topic in _EVENT_TOPICS:
            return ev.decoder.decode(stored_event.state)
        if stored_event.topic == SNAPSHOT_TOPIC:
            return decode_snapshot(stored_event.state)
        return msgspec.json.decode(stored_event.state,
                                   type=resolve_topic(stored_event.topic))


class NullTranscoder(Transcoder):
    """The msgspec mapper encodes by itself; eventsourcing's transcoder is unused."""

    def encode(self, obj: Any) -> bytes:
        return b""

    def decode(self, data: bytes) -> Any:
        return None


class BattletapeApplication(Application):
    """The eventsourcing application that holds every stream of a store."""

    name = "battletape"
    env: ClassVar[dict[str, str]] = {
        "MAPPER_TOPIC": get_topic(MsgspecMapper),
        "TRANSCODER_TOPIC": get_topic(NullTranscoder),
        "IS_SNAPSHOTTING_ENABLED": "y",
    }


def snapshot_interval() -> int:
    """Events between snapshots (BATTLETAPE_SNAPSHOT_INTERVAL, default 250)."""
    try:
        return max(1, int(os.environ.get("BATTLETAPE_SNAPSHOT_INTERVAL", "250")))
    except ValueError:
        return 250


def environment(store: str | None) -> dict[str, str]:
    """The eventsourcing environment for a store path or URL."""
    url = resolve_url(store)
    if url.startswith(("postgresql://", "postgres://")):
        parsed = urlparse(url)
        env = {
            "PERSISTENCE_MODULE": POSTGRES_MODULE,
            "POSTGRES_DBNAME": unquote(parsed.path.lstrip("/")) or "postgres",
            "POSTGRES_HOST": parsed.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(parsed.port or 5432),
            "POSTGRES_USER": unquote(parsed.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parsed.password or ""),
            "POSTGRES_CONNECT_TIMEOUT": "5",
        }
        schema = parse_qs(parsed.query).get("schema")
        if schema:
            env["POSTGRES_SCHEMA"] = schema[0]
        return env
    path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else url
    if "://" in path:
        raise StoreError(f"unsupported store URL {url!r}: give a file path or "
                         "postgresql://...")
    file = Path(path)
    if file.is_dir():
        raise StoreError(f"store {path!r} is a directory, not a database file")
    if file.exists() and file.stat().st_size:
        with file.open("rb") as fh:
            if fh.read(16) != _SQLITE_MAGIC:
                raise StoreError(f"store {path!r} is not a battletape database "
                                 "(not a SQLite file)")
    elif not file.parent.exists():
        raise StoreError(f"store {path!r}: folder {str(file.parent)!r} does not exist")
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(file),
            "SQLITE_LOCK_TIMEOUT": "10"}


def is_postgres(recorder: Any) -> bool:
    """Whether a recorder keeps its events in PostgreSQL."""
    return type(recorder).__module__ == POSTGRES_MODULE


def open_application(store: str | None) -> BattletapeApplication:
    try:
        return BattletapeApplication(env=environment(store))
    except StoreError:
        raise
    except Exception as err:  # the driver's own error, made one line
        raise StoreError(f"cannot open store {resolve_url(store)!r}: "
                         f"{str(err).splitlines()[0] if str(err) else type(err).__name__}")


def read_events(app: BattletapeApplication, stream: uuid.UUID,
                after: int | None = None, upto: int | None = None,
                topics: Sequence[str] | None = None) -> list[ev.Event]:
    """The events of a stream (after / up to a position, of some topics), decoded
    straight by msgspec.

    Only the ``state`` column is selected (eventsourcing's select builds a
    StoredEvent and a UUID per row, the larger part of a rebuild); the collector is
    paused while decoding, as events hold no reference cycles.
    """
    decode = ev.decoder.decode
    recorder = app.recorder
    table = getattr(recorder, "events_table_name", None)
    datastore = getattr(recorder, "datastore", None)
    enabled = gc.isenabled()
    gc.disable()
    try:
        sqlite = type(recorder).__module__ == "eventsourcing.sqlite"
        if table and datastore is not None and (sqlite or is_postgres(recorder)):
            mark = "?" if sqlite else "%s"
            if not sqlite:
                table = datastore.qualified(table)
            sql = f"SELECT state FROM {table} WHERE originator_id={mark} "
            params: list = [stream.hex if sqlite else str(stream)]
            if after is not None:
                sql += f"AND originator_version>{mark} "
                params.append(after)
            if upto is not None:
                sql += f"AND originator_version<={mark} "
                params.append(upto)
            if topics is not None:
                sql += f"AND topic IN ({','.join([mark] * len(topics))}) "
                params += list(topics)
            with datastore.transaction(commit=False) as cursor:
                cursor.execute(sql + "ORDER BY originator_version", params)
                return [decode(row[0]) for row in cursor.fetchall()]
        rows = recorder.select_events(stream, gt=after, lte=upto)
        wanted = set(topics) if topics is not None else None
        return [decode(r.state) for r in rows if wanted is None or r.topic in wanted]
    finally:
        if enabled:
            gc.enable()


CORRECTION_TOPICS = tuple(topic(cls) for cls in ev.CORRECTIONS)


def read_for_time_travel(app: BattletapeApplication, stream: uuid.UUID, at: int,
                         after: int | None = None) -> list[ev.Event]:
    """What folding up to ``at`` needs: the events up to it, and the corrections
    recorded since (they still apply to the past)."""
    return (read_events(app, stream, after=after, upto=at)
            + read_events(app, stream, after=at, topics=CORRECTION_TOPICS))


def latest_snapshot(app: BattletapeApplication, stream: uuid.UUID,
                    at_most: int | None = None) -> EncounterSnapshot | None:
    """The newest snapshot (at or before position ``at_most``), if it has the current
    layout: an older one is stale, and the caller rebuilds from the events (then
    snapshots again) rather than trust it."""
    if app.snapshots is None:
        return None
    try:
        found = list(app.snapshots.get(stream, lte=at_most, desc=True, limit=1))
    except Exception:  # an unreadable snapshot is only a lost cache
        return None
    if not found or not isinstance(found[0], EncounterSnapshot) or \
            found[0].format != SNAPSHOT_FORMAT or \
            not snapshot_holds(app, found[0]):
        return None
    return found[0]


def snapshot_still_valid(version: int, later: Sequence[ev.Event]) -> bool:
    """A snapshot is stale when a later correction reaches back to it or before."""
    for e in later:
        match e:
            case ev.CommandRetracted() if e.target <= version:
                return False
            case ev.CommandRestored() if e.retraction <= version:
                return False
            case ev.Rewound() if e.to < version:
                return False
            case ev.CommandAmended() if e.target <= version:
                return False
    return True


def valid_below(events: Sequence[ev.Event]) -> int:
    """The newest position a snapshot may have and stay valid after ``events``: the
    earliest position their corrections reach back to, less one (a rewind to P
    keeps P). Positions past every event when nothing reaches back."""
    reach = 1 << 62
    for e in events:
        match e:
            case ev.CommandRetracted():
                reach = min(reach, e.target - 1)
            case ev.CommandRestored():
                reach = min(reach, e.retraction - 1)
            case ev.Rewound():
                reach = min(reach, e.to)
            case ev.CommandAmended():
                reach = min(reach, e.target - 1)
    return reach


def save_snapshot(app: BattletapeApplication, stream: uuid.UUID,
                  state: EncounterState) -> None:
    """Store the folded state, sealed with the chain's link of its last event."""
    from battletape.replay import chain

    if app.snapshots is None:
        return
    event_hash = link_at(app, stream, state.position) if has_chain(app) else None
    snap = EncounterSnapshot(originator_id=stream, originator_version=state.position,
                             format=SNAPSHOT_FORMAT, state=state, chain=event_hash or "")
    if event_hash:
        snap = msgspec.structs.replace(
            snap, seal=chain.snapshot_seal(event_hash, snapshot_body(snap)))
    app.snapshots.put([snap])


# --- the hash chain (replay/chain.py hashes; here it is stored and read) ------------

CHAIN_TABLE = "battletape_chain"
HEADS_TABLE = "battletape_heads"


class _Db:
    """Raw SQL on either store: placeholders, table names, rows as tuples."""

    def __init__(self, app: BattletapeApplication):
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

    def run(self, cur: Any, sql: str, params: Sequence = ()) -> list[tuple]:
        if self.postgres:
            sql = sql.replace("?", "%s")
        cur.execute(sql, tuple(params))
        try:
            rows = cur.fetchall()
        except Exception:  # a statement that returns nothing
            return []
        return [tuple(r.values()) if isinstance(r, dict) else tuple(r) for r in rows]

    def many(self, cur: Any, sql: str, params: list[Sequence]) -> None:
        """One INSERT ... VALUES (?, ...) for many rows: on PostgreSQL a statement
        for each thousand rows (psycopg2's executemany is a round trip a row)."""
        if not params:
            return
        if not self.postgres:
            cur.executemany(sql, params)
            return
        from battletape.postgres import inserts

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


def _db(app: BattletapeApplication) -> _Db:
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


def append(app: BattletapeApplication, stored: Sequence[StoredEvent],
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
                raise SecretNeeded("this campaign's records are signed: recording needs "
                                   "its secret (BATTLETAPE_SECRET or the secrets file)")
            if sig and chain.sign(secret, previous) != sig:
                raise SecretNeeded("the campaign secret given is not the one its "
                                   "records are signed with: nothing was saved")
            links = chain.extend(previous, key, rows, recorder, key=secret)
            _write_links(db, cur, key, links)
            heads[key] = links[-1].hash
    return heads


def has_chain(app: BattletapeApplication) -> bool:
    db = _db(app)
    if getattr(app, "_battletape_chained", False):
        return True
    with db.datastore.transaction(commit=False) as cur:
        found = db.has_chain(cur)
    if found:
        app._battletape_chained = True  # type: ignore[attr-defined]
    return found


def link_at(app: BattletapeApplication, stream: uuid.UUID, version: int) -> str | None:
    db = _db(app)
    with db.datastore.transaction(commit=False) as cur:
        found = db.run(cur, f"SELECT hash FROM {db.chain} WHERE stream=? AND version=?",
                       (stream.hex, version))
    return found[0][0] if found else None


def chained_streams(app: BattletapeApplication) -> tuple[list[uuid.UUID], list[str]]:
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


def snapshot_streams(app: BattletapeApplication) -> set[str]:
    """The ids of every stream that has a snapshot stored (as stored)."""
    db = _db(app)
    if db.snapshots is None:
        return set()
    with db.datastore.transaction(commit=False) as cur:
        return {db.stream_key(r[0]) for r in
                db.run(cur, f"SELECT DISTINCT originator_id FROM {db.snapshots}")}


def chain_of(app: BattletapeApplication, stream: uuid.UUID):
    """The stored rows, links and head of a stream, as replay/chain.py checks them."""
    from battletape.replay import chain

    db = _db(app)
    key = stream.hex
    param = key if not db.postgres else str(stream)
    with db.datastore.transaction(commit=False) as cur:
        rows = [chain.Stored(v, t, bytes(s)) for v, t, s in db.run(
            cur, f"SELECT originator_version, topic, state FROM {db.events} WHERE "
                 "originator_id=? ORDER BY originator_version", (param,))]
        links = {v: chain.Link(v, r, bool(s), h, g) for v, r, s, h, g in db.run(
            cur, f"SELECT version, recorder, sealed, hash, sig FROM {db.chain} WHERE "
                 "stream=?", (key,))}
        head = db.run(cur, f"SELECT version, hash, sig FROM {db.heads} WHERE stream=?",
                      (key,))
    return rows, links, (chain.Head(*head[0]) if head else None)


def snapshots_of(app: BattletapeApplication, stream: uuid.UUID) -> list[tuple[int, bytes]]:
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


def snapshot_holds(app: BattletapeApplication, snap: EncounterSnapshot) -> bool:
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


def snapshot_body(snap: EncounterSnapshot) -> bytes:
    """What a snapshot's seal covers: all of it but the seal."""
    return msgspec.json.encode(msgspec.structs.replace(snap, seal=""))


class SealedSnapshot(msgspec.Struct, frozen=True, kw_only=True):
    """A stored snapshot with its state kept as the stored bytes, whatever its layout:
    what its seal covers is then encoded exactly as it was (``snapshot_body``)."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: Any = None
    format: int = 0
    state: msgspec.Raw
    chain: str = ""
    seal: str = ""


_sealed_decoder = msgspec.json.Decoder(SealedSnapshot)


def decode_sealed_snapshot(data: bytes) -> SealedSnapshot | None:
    """A stored snapshot read as it is (no upcasting, the state not decoded), to
    check its seal."""
    try:
        return _sealed_decoder.decode(data)
    except Exception:
        return None
