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

from domain import events as ev
from domain.errors import StoreError
from domain.state import EncounterState

from battletape.locations import DEFAULT_STORE, resolve_url  # noqa: F401 (here first)
NAMESPACE = uuid.UUID("6f1b3a52-4c1e-4f8e-9a39-3b9f0d5c2b17")
INDEX_ID = uuid.uuid5(NAMESPACE, "index")
_SQLITE_MAGIC = b"SQLite format 3\x00"


# The layout of the folded state a snapshot holds. 1: the rule systems' own fields
# moved into their parts. A snapshot written before ``format`` existed reads as 0 and
# is upcast (its system's fields moved into the part); one of an unknown layout is
# never used: the state is rebuilt from the events instead.
SNAPSHOT_FORMAT = 1


class EncounterSnapshot(msgspec.Struct, frozen=True, kw_only=True):
    """The folded state of an encounter at ``originator_version``."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: Any = None
    format: int = 0
    state: EncounterState


class _SnapshotHeader(msgspec.Struct, kw_only=True):
    """What is read of a snapshot before its state: which layout it has."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: Any = None
    format: int = 0


_EVENT_TOPICS = {get_topic(cls): cls for cls in ev.EVENT_TYPES.values()}
_snapshot_decoder = msgspec.json.Decoder(EncounterSnapshot)
_snapshot_header_decoder = msgspec.json.Decoder(_SnapshotHeader)


def decode_snapshot(data: bytes) -> EncounterSnapshot:
    """A stored snapshot; one of an older layout keeps its ``format`` and an empty
    state, so that ``latest_snapshot`` passes it by (its state is never decoded)."""
    head = _snapshot_header_decoder.decode(data)
    if head.format == 0:
        return upcast_snapshot_v0(data)
    if head.format != SNAPSHOT_FORMAT:
        return EncounterSnapshot(originator_id=head.originator_id,
                                 originator_version=head.originator_version,
                                 timestamp=head.timestamp, format=head.format,
                                 state=EncounterState())
    return _snapshot_decoder.decode(data)


def upcast_snapshot_v0(data: bytes) -> EncounterSnapshot:
    """A snapshot of layout 0, when a system's own fields stood at the top of the
    combatant and of the encounter: they move into the system's part (the parts its
    package declares, domain/parts.py), the rest is read as it is."""
    from domain import state as st

    raw = msgspec.json.decode(data)
    state = raw.get("state") or {}
    system = state.get("system", "13a")

    def into_part(holder: dict, parts: tuple) -> None:
        part = next((p for p in parts if p.__struct_config__.tag == system), None)
        if part is None or holder.get("part") is not None:
            return
        moved = {f: holder.pop(f) for f in part.__struct_fields__ if f in holder}
        holder["part"] = {part.__struct_config__.tag_field: system, **moved}

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
                           topic=get_topic(type(domain_event)),
                           state=ev.encoder.encode(domain_event))

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        if stored_event.topic in _EVENT_TOPICS:
            return ev.decoder.decode(stored_event.state)
        if stored_event.topic == get_topic(EncounterSnapshot):
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


def encounter_id(name: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, "encounter:" + name.casefold())


def campaign_id(name: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, "campaign:" + name.casefold())


def environment(store: str | None) -> dict[str, str]:
    """The eventsourcing environment for a store path or URL."""
    url = resolve_url(store)
    if url.startswith(("postgresql://", "postgres://")):
        parsed = urlparse(url)
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
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


def _ensure_schema(env: dict[str, str]) -> None:
    """Create the PostgreSQL schema named by ``?schema=`` if it isn't there yet."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(dbname=env["POSTGRES_DBNAME"], host=env["POSTGRES_HOST"],
                         port=int(env["POSTGRES_PORT"]), user=env["POSTGRES_USER"],
                         password=env["POSTGRES_PASSWORD"] or None, connect_timeout=5,
                         autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(
            sql.Identifier(env["POSTGRES_SCHEMA"])))


def open_application(store: str | None) -> BattletapeApplication:
    try:
        env = environment(store)
        try:
            return BattletapeApplication(env=env)
        except Exception as err:
            # the schema of ?schema= is made the first time only (a connection of
            # its own on every command cost more than the command's own queries)
            if "POSTGRES_SCHEMA" not in env or "does not exist" not in str(err):
                raise
        _ensure_schema(env)
        return BattletapeApplication(env=env)
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

    On SQLite only the ``state`` column is selected (eventsourcing's select builds a
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
        if table and datastore is not None and \
                type(recorder).__module__ == "eventsourcing.sqlite":
            sql = f"SELECT state FROM {table} WHERE originator_id=? "
            params: list = [stream.hex]
            if after is not None:
                sql += "AND originator_version>? "
                params.append(after)
            if upto is not None:
                sql += "AND originator_version<=? "
                params.append(upto)
            if topics is not None:
                sql += f"AND topic IN ({','.join('?' * len(topics))}) "
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


def topic(cls: type) -> str:
    """The topic an event class is stored under."""
    return get_topic(cls)


CORRECTION_TOPICS = tuple(get_topic(cls) for cls in ev.CORRECTIONS)


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
    found = list(app.snapshots.get(stream, lte=at_most, desc=True, limit=1))
    if not found or found[0].format != SNAPSHOT_FORMAT:
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
    if app.snapshots is None:
        return
    app.snapshots.put([EncounterSnapshot(originator_id=stream,
                                         originator_version=state.position,
                                         format=SNAPSHOT_FORMAT, state=state)])
