"""Store configuration: eventsourcing persistence chosen by URL, a msgspec mapper.

SQLite is the default (a file); a ``postgresql://`` URL selects eventsourcing's
PostgreSQL persistence. Events are stored as flat msgspec JSON, which DuckDB reads
directly (battletape/stores/mapper.py); snapshots of the folded state keep long
encounters quick to load; the hash chain's tables are kept beside the events
(battletape/stores/chain_tables.py). The names of both are found here too.
"""

from __future__ import annotations

import gc
import os
import uuid
from pathlib import Path
from typing import ClassVar, Sequence
from urllib.parse import parse_qs, unquote, urlparse

import msgspec
from eventsourcing.application import Application
from eventsourcing.utils import get_topic

from battletape.domain import events as ev
from battletape.domain.errors import StoreError
from battletape.domain.words import N_
from battletape.domain.state import EncounterState
from battletape.domain.streams import INDEX_ID, NAMESPACE, campaign_id, encounter_id  # noqa: F401

from battletape.stores.locations import (DEFAULT_STORE, POSTGRES_MODULE,  # noqa: F401
                                         is_postgres, resolve_url)
from battletape.stores.mapper import (SNAPSHOT_FORMAT, SNAPSHOT_TOPIC,  # noqa: F401
                                      EncounterSnapshot, MsgspecMapper, NullTranscoder,
                                      decode_sealed_snapshot, decode_snapshot,
                                      snapshot_body, topic, upcast_snapshot)
from battletape.stores.chain_tables import (CHAIN_TABLE, HEADS_TABLE,  # noqa: F401
                                            SecretNeeded, append, chain_of,
                                            chained_streams, has_chain, link_at,
                                            snapshot_holds, snapshot_streams,
                                            snapshots_of)

_SQLITE_MAGIC = b"SQLite format 3\x00"


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
        raise StoreError.said(N_("unsupported store URL {url!r}: give a file path or "
                                 "postgresql://..."), url=url)
    file = Path(path)
    if file.is_dir():
        raise StoreError.said(N_("store {path!r} is a directory, not a database file"),
                              path=path)
    if file.exists() and file.stat().st_size:
        with file.open("rb") as fh:
            if fh.read(16) != _SQLITE_MAGIC:
                raise StoreError.said(N_("store {path!r} is not a battletape database "
                                         "(not a SQLite file)"), path=path)
    elif not file.parent.exists():
        raise StoreError.said(N_("store {path!r}: folder {folder!r} does not exist"),
                              path=path, folder=str(file.parent))
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(file),
            "SQLITE_LOCK_TIMEOUT": "10"}


def open_application(store: str | None) -> BattletapeApplication:
    try:
        return BattletapeApplication(env=environment(store))
    except StoreError:
        raise
    except Exception as err:  # the driver's own error, made one line
        raise StoreError.said(N_("cannot open store {url!r}: {reason}"),
                              url=resolve_url(store), reason=str(err).splitlines()[0]
                              if str(err) else type(err).__name__)


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


def decode_events(rows: Sequence[bytes]) -> list[ev.Event]:
    """Stored event bytes (a stream's, already read) decoded, as ``read_events`` does."""
    decode = ev.decoder.decode
    enabled = gc.isenabled()
    gc.disable()
    try:
        return [decode(row) for row in rows]
    finally:
        if enabled:
            gc.enable()


CORRECTION_TOPICS = tuple(topic(cls) for cls in ev.CORRECTIONS)
#: what an effective history is built from when the log is read lazily: the
#: corrections, and the remarks it shows where they belong (``note P TEXT``)
HISTORY_TOPICS = CORRECTION_TOPICS + (topic(ev.NoteRecorded),)


def last_streams(app: BattletapeApplication, count: int = 32) -> list[uuid.UUID]:
    """The streams of the store's last ``count`` events, the newest first (from the
    notification log, one read); [] when the store keeps none."""
    recorder = app.recorder
    try:
        last = recorder.max_notification_id()
        if not last:
            return []
        found = recorder.select_notifications(start=max(1, last - count + 1),
                                              limit=count)
    except Exception:
        return []
    return [n.originator_id if isinstance(n.originator_id, uuid.UUID)
            else uuid.UUID(str(n.originator_id)) for n in reversed(found)]


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
    save_snapshots(app, stream, [state])


def save_snapshots(app: BattletapeApplication, stream: uuid.UUID,
                   states: Sequence[EncounterState]) -> None:
    """Store several folded states of one stream in one transaction (a script's, an
    import's), each sealed with the chain's link of its last event."""
    from battletape.replay import chain

    if app.snapshots is None or not states:
        return
    chained = has_chain(app)
    snaps = []
    for state in states:
        event_hash = link_at(app, stream, state.position) if chained else None
        snap = EncounterSnapshot(originator_id=stream, originator_version=state.position,
                                 format=SNAPSHOT_FORMAT, state=state,
                                 chain=event_hash or "")
        if event_hash:
            snap = msgspec.structs.replace(
                snap, seal=chain.snapshot_seal(event_hash, snapshot_body(snap)))
        snaps.append(snap)
    app.snapshots.put(snaps)


