"""Campaign analytics: the store projected into a DuckDB file, caught up incrementally.

The store's notifications (global across streams) are read in batches with
``recorder.select_notifications``; each batch is decoded, folded and written in ONE
DuckDB transaction together with the notification id read so far, so a catch-up that
dies midway leaves the file as it was after its last whole batch, and the next one
goes on from there: every event lands exactly once.

Corrections point backwards. An undo, redo, rewind or amendment marks its encounter
for a refold in the same transaction: the flags of ``events_all`` are set again from
``replay.history.Corrections``, and the derived rows from the first event whose
effective history changed onwards are deleted and folded again.
"""

from __future__ import annotations

import os
import re
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from domain import events as ev
from domain.errors import StoreError
from projections import analytics_schema as schema
from projections.analytics_ingest import bulk, insert, insert_log, temp_table
from projections.analytics_rows import (Folder, Rows, campaign_rows, dump_state,
                                        effective_keys, load_state, summary)

BATCH = 20_000
VOIDING = (ev.CommandRetracted, ev.CommandRestored, ev.Rewound, ev.CommandAmended)
Progress = Callable[[int, int], None]  # (events done, events to do)


def default_path(store_url: str | None) -> Path:
    """Beside a SQLite store (battletape.db -> battletape.duckdb); for PostgreSQL, a
    file named after the database (and schema) in the working directory."""
    from battletape.store import resolve_url

    env = os.environ.get("BATTLETAPE_ANALYTICS")
    if env:
        return Path(env)
    url = resolve_url(store_url)
    if url.startswith(("postgresql://", "postgres://")):
        from urllib.parse import parse_qs, urlparse

        parsed = urlparse(url)
        parts = [parsed.path.lstrip("/") or "postgres"]
        parts += parse_qs(parsed.query).get("schema", [])
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", "-".join(parts))
        return Path(f"battletape-{name}.duckdb")
    path = Path(url[len("sqlite:///"):] if url.startswith("sqlite:///") else url)
    return path.with_suffix(".duckdb") if path.suffix else Path(str(path) + ".duckdb")


def connect(path: Path | str, read_only: bool = False, wait: float = 30.0,
            config: dict | None = None):
    """A DuckDB connection; waits while another process holds the file."""
    import duckdb

    path = Path(path)
    if read_only and not path.exists():
        raise StoreError(f"no analytics file {str(path)!r} yet")
    if not path.parent.exists():
        raise StoreError(f"analytics file {str(path)!r}: folder does not exist")
    deadline = time.monotonic() + wait
    while True:
        try:
            return duckdb.connect(str(path), read_only=read_only, config=config or {})
        except duckdb.IOException as err:
            text = str(err)
            if "lock" not in text.lower() or time.monotonic() > deadline:
                first = text.splitlines()[0] if text else type(err).__name__
                raise StoreError(f"cannot open analytics file {str(path)!r}: {first}")
            time.sleep(0.2)
        except duckdb.Error as err:
            first = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise StoreError(f"cannot open analytics file {str(path)!r}: {first}")


@dataclass
class Stream:
    """What the projection knows of one stream of the store."""

    id: uuid.UUID
    kind: str  # encounter, campaign, index or other
    encounter: str | None = None
    campaign: str | None = None
    known: int = 0  # last stored position ingested
    seq: int = 0  # effective events folded
    damage_cmd: int = 0
    started_at: object = None
    branched_from: str | None = None
    folder: Folder | None = None
    mark: int = 0  # the last batch that touched it
    ref: int = 0  # its reference in that batch's rows
    mark_ref: int = 0
    dirty: bool = False  # a correction in this batch: fold it again

    def __post_init__(self) -> None:
        self.key = str(self.id)


@dataclass
class Batch:
    """What one batch of notifications adds, ready to be written."""

    last: int
    digest: str = ""  # of the last event: tells this store from another
    dirty: bool = False
    rows: Rows = field(default_factory=Rows)
    log: list = field(default_factory=list)
    docs: list = field(default_factory=list)  # the stored JSON of each event
    touched: list = field(default_factory=list)  # (stream, known before the batch)
    saved: list = field(default_factory=list)
    encounters: list = field(default_factory=list)
    people: list = field(default_factory=list)


STREAM_COLUMNS = [("stream", "UUID"), ("kind", "VARCHAR"), ("encounter", "VARCHAR"),
                  ("campaign", "VARCHAR"), ("known", "INTEGER"), ("seq", "INTEGER"),
                  ("damage_cmd", "INTEGER"), ("started_at", "TIMESTAMP"),
                  ("branched_from", "VARCHAR"), ("state", "JSON")]


def _digest(data: bytes | str) -> str:
    import hashlib

    raw = data.encode() if isinstance(data, str) else bytes(data)
    return hashlib.sha1(raw).hexdigest()


def read_notifications(recorder, start: int, stop: int,
                       limit: int) -> list[tuple[int, bytes]]:
    """(notification id, stored JSON) from ``start`` to ``stop``, at most ``limit``.

    eventsourcing's ``select_notifications``; on SQLite the same SELECT straight
    through the recorder's own datastore, skipping the Notification objects and the
    UUID parsing that the JSON repeats anyway (three times quicker)."""
    if type(recorder).__name__ == "SQLiteApplicationRecorder" and \
            hasattr(recorder, "datastore") and hasattr(recorder, "events_table_name"):
        with recorder.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT rowid, state FROM {recorder.events_table_name} "
                      "WHERE rowid >= ? AND rowid <= ? ORDER BY rowid LIMIT ?",
                      (start, stop, limit))
            return [(r[0], r[1]) for r in c.fetchall()]
    return [(n.id, bytes(n.state)) for n in
            recorder.select_notifications(start, limit, stop=stop)]


class Projection:
    """The analytics file of one store."""

    def __init__(self, app, path: Path | str, batch: int = BATCH):
        self.app = app
        self.path = Path(path)
        self.batch = batch
        self.con = None
        self.streams: dict[uuid.UUID, Stream] = {}
        self.live: dict[uuid.UUID, Stream] = {}  # streams whose fold is in memory
        self._mark = 0

    # --- opening ----------------------------------------------------------------------

    def open(self) -> None:
        import duckdb

        self.con = connect(self.path)
        try:
            found = self.con.execute("SELECT value FROM _meta WHERE key = 'schema'"
                                     ).fetchall()
            version = int(found[0][0]) if found else None
        except duckdb.CatalogException:
            version = None
        if version == schema.SCHEMA_VERSION:
            return  # nothing to write: a catch-up with nothing new leaves the file be
        if version is not None:
            self._reset()  # an older schema: build again from the store
            return
        self._create()

    def _create(self) -> None:
        self.con.execute("BEGIN TRANSACTION")
        for statement in schema.ddl():
            self.con.execute(statement)
        self._set_meta({"schema": str(schema.SCHEMA_VERSION)})
        self.con.execute("COMMIT")

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
            self.con = None

    def _reset(self) -> None:
        """Start again from an empty file (another store, or an older schema)."""
        self.close()
        for suffix in ("", ".wal"):
            try:
                os.unlink(str(self.path) + suffix)
            except FileNotFoundError:
                pass
        self.con = connect(self.path)
        self.streams.clear()
        self.live.clear()
        self._create()

    def _meta(self) -> dict[str, str]:
        return dict(self.con.execute("SELECT key, value FROM _meta").fetchall())

    def _set_meta(self, values: dict[str, str]) -> None:
        keys = list(values)
        self.con.execute("DELETE FROM _meta WHERE key IN (SELECT unnest(?))", [keys])
        self.con.executemany("INSERT INTO _meta VALUES (?, ?)", list(values.items()))

    def position(self) -> int:
        """The last notification id taken in."""
        return int(self._meta().get("nid", "0"))

    def _same_store(self, meta: dict[str, str]) -> bool:
        """The event at the last notification read is still the one we read."""
        nid = int(meta.get("nid", "0"))
        if nid == 0:
            return True
        found = read_notifications(self.app.recorder, nid, nid, 1)
        return bool(found) and found[0][0] == nid and \
            _digest(found[0][1]) == meta.get("digest")

    # --- catching up ------------------------------------------------------------------

    def catch_up(self, progress: Progress | None = None) -> int:
        """Take in every event stored since the last catch-up; how many were new."""
        if self.con is None:
            self.open()
        meta = self._meta()
        if not self._same_store(meta):
            self._reset()
            meta = {}
        done = int(meta.get("nid", "0"))
        last = self.app.recorder.max_notification_id() or 0
        todo, taken = max(0, last - done), 0
        if progress:
            progress(0, todo)
        try:
            while done < last:
                notes = read_notifications(self.app.recorder, done + 1, last, self.batch)
                if not notes:
                    break
                self._write(self._prepare(notes))
                done = notes[-1][0]
                taken += len(notes)
                if progress:
                    progress(min(todo, done - (last - todo)), todo)
        except BaseException:
            self.streams.clear()  # what was folded in memory was rolled back
            self.live.clear()
            raise
        return taken

    def _stream(self, e: ev.Event) -> Stream:
        sid = e.originator_id
        row = self.con.execute(
            "SELECT kind, encounter, campaign, known, seq, damage_cmd, started_at, "
            "branched_from FROM _streams WHERE stream = ?", [sid]).fetchall()
        if row:
            kind, enc, camp, known, seq, dmg, started, branched = row[0]
            st = Stream(sid, kind, enc, camp, known, seq, dmg, started, branched)
        else:
            from battletape.store import INDEX_ID

            if sid == INDEX_ID:
                st = Stream(sid, "index")
            elif isinstance(e, ev.EncounterStarted):
                st = Stream(sid, "encounter", e.name, e.campaign, started_at=e.timestamp,
                            branched_from=e.branched_from)
            elif isinstance(e, ev.CampaignStarted):
                st = Stream(sid, "campaign", campaign=e.name)
            else:
                st = Stream(sid, "other")
        self.streams[sid] = st
        return st

    def _folder(self, st: Stream, rows: Rows) -> Folder:
        if st.folder is None:
            state = None
            if st.known:
                found = self.con.execute("SELECT state FROM _streams WHERE stream = ?",
                                            [st.id]).fetchall()
                state = load_state(found[0][0]) if found and found[0][0] else None
            st.folder = Folder(st.key, st.encounter, st.campaign, state, st.seq,
                               st.damage_cmd)
            self.live[st.id] = st
        return st.folder.bind(rows)

    def _prepare(self, notes: list[tuple[int, bytes]]) -> "Batch":
        """Decode and fold a batch of notifications into rows (no DuckDB writes)."""
        decode = ev.decoder.decode
        corrections = ev.CORRECTIONS
        batch = Batch(last=notes[-1][0])
        self._mark += 1
        mark = self._mark
        rows, log, docs, touched = batch.rows, batch.log, batch.docs, batch.touched
        streams = self.streams
        for nid, data in notes:
            e = decode(data)
            st = streams.get(e.originator_id) or self._stream(e)
            if st.mark != mark:
                st.mark = mark
                touched.append((st, st.known))
                st.dirty = False
            correction = isinstance(e, corrections)
            if st.kind == "index":
                ref = rows.ref(st.key, None, getattr(e, "campaign", None))
            else:
                ref = st.ref if st.mark_ref == mark else self._ref(st, rows, mark)
            log.append((nid, ref, ref, ref, e.originator_version, correction))
            docs.append(data)
            st.known = e.originator_version
            if st.kind == "encounter":
                folder = self._folder(st, rows)
                if isinstance(e, VOIDING):
                    st.dirty = True
                    batch.dirty = True
                elif not correction and not st.dirty:
                    folder.feed(e)
            elif st.kind == "campaign":
                campaign_rows(rows, ref, e)
        batch.digest = _digest(data)
        if not batch.dirty:
            self._summarize(batch)
        for sid, st in list(self.live.items()):  # keep the folds of this batch and
            if st.mark < mark - 1:                # the one before
                st.folder = None
                del self.live[sid]
        return batch

    @staticmethod
    def _ref(st: Stream, rows: Rows, mark: int) -> int:
        st.ref, st.mark_ref = rows.ref(st.key, st.encounter, st.campaign), mark
        return st.ref

    def _summarize(self, batch: "Batch") -> None:
        """The `_streams`, `encounters` and `combatants` rows of the touched streams."""
        for st, _ in batch.touched:
            state_json = None
            if st.folder is not None:
                st.seq, st.damage_cmd = st.folder.seq, st.folder.damage_cmd
                state_json = dump_state(st.folder.state)
                enc, who = summary(st.key, st.folder.state, st.started_at,
                                   st.branched_from, st.known, st.seq)
                batch.encounters.append(enc)
                batch.people += who
            batch.saved.append((st.key, st.kind, st.encounter, st.campaign, st.known,
                                st.seq, st.damage_cmd, st.started_at, st.branched_from,
                                state_json))

    def _write(self, batch: "Batch") -> None:
        """One transaction: the batch's rows, the refolds, the position read.

        (Writing in a thread while the next batch is folded was tried: no faster,
        the GIL is the limit.)"""
        con = self.con
        con.execute("BEGIN TRANSACTION")
        try:
            dicts = batch.rows.dicts()
            insert_log(con, batch.log, batch.docs, dicts)
            for table, table_rows in batch.rows.tables.items():
                insert(con, table, table_rows, dicts)
            if batch.dirty:
                for st, before in batch.touched:
                    if st.dirty:
                        self._refold(st, before)
                self._summarize(batch)
            self._save_streams(batch)
            self._set_meta({"nid": str(batch.last), "digest": batch.digest})
            self._before_commit()
            con.execute("COMMIT")
        except BaseException:
            try:
                con.execute("ROLLBACK")
            except Exception:
                pass
            raise

    def _before_commit(self) -> None:
        """A hook for tests of interrupted catch-ups."""

    def _save_streams(self, batch: "Batch") -> None:
        con = self.con
        temp_table(con, "_touched", [("stream", "UUID")],
                   [(st.key,) for st, _ in batch.touched])
        con.execute("DELETE FROM _streams WHERE stream IN (SELECT stream FROM _touched)")
        bulk(con, "_streams", STREAM_COLUMNS, batch.saved)
        names = [(e[0],) for e in batch.encounters]
        temp_table(con, "_names", [("encounter", "VARCHAR")], names)
        con.execute("DELETE FROM encounters WHERE encounter IN (SELECT encounter FROM _names)")
        con.execute("DELETE FROM combatants WHERE encounter IN (SELECT encounter FROM _names)")
        insert(con, "encounters", batch.encounters)
        insert(con, "combatants", batch.people)

    def _refold(self, st: Stream, before: int) -> None:
        """Corrections reached back: set the flags again and fold the encounter again
        from the first event whose effective history changed."""
        from replay.history import Corrections

        con = self.con
        stored = con.execute("SELECT position, voided, amended, data FROM events_all "
                             "WHERE stream = ? ORDER BY position", [st.id]).fetchall()
        decode = ev.decoder.decode
        events = [decode(d) for _, _, _, d in stored]
        corr = Corrections(events)
        changed = []
        for (pos, voided, amended, _), e in zip(stored, events):
            v = pos in corr.void
            a = corr.replaced(e)
            if (v, a) != (voided, amended):
                changed.append((pos, v, a))
        if changed:
            temp_table(con, "_flags", [("position", "INTEGER"), ("voided", "BOOLEAN"),
                                       ("amended", "BOOLEAN")], changed)
            con.execute("UPDATE events_all SET voided = f.voided, amended = f.amended "
                        "FROM _flags f WHERE events_all.stream = ? "
                        "AND events_all.position = f.position", [st.id])
        old = [k for k, _ in effective_keys(events[:before])]
        new = effective_keys(events, corr)
        same = 0
        for a, (b, _) in zip(old, new):
            if a != b:
                break
            same += 1
        for table in schema.DERIVED:
            con.execute(f"DELETE FROM {table} WHERE encounter = ? AND seq > ?",
                        [st.encounter, same])
        rows = Rows()
        folder = Folder(st.key, st.encounter, st.campaign).bind(rows)
        for _, e in new[:same]:
            folder.skip(e)
        for _, e in new[same:]:
            folder.feed(e)
        for table, table_rows in rows.tables.items():
            insert(con, table, table_rows, rows.dicts())
        st.folder = folder
        self.live[st.id] = st


def catch_up(app, path: Path | str, progress: Progress | None = None,
             batch: int = BATCH) -> int:
    """Bring the analytics file at ``path`` up to date with ``app``'s store."""
    projection = Projection(app, path, batch)
    try:
        return projection.catch_up(progress)
    finally:
        projection.close()
