"""Campaign analytics: the store projected into a DuckDB file, caught up incrementally.

The store's notifications (global across streams) are read in batches; each batch is
decoded, folded and written in ONE DuckDB transaction together with the notification
id read so far, so a catch-up that dies midway leaves the file as it was after its
last whole batch, and the next one goes on from there: every event lands exactly once.

Corrections point backwards. A batch with an undo, redo, rewind or amendment refolds
its encounter in the same transaction (``projections.analytics_refold``): the flags of
``events_all`` are set again, and the derived rows from the first event whose
effective history changed onwards are deleted and folded again.

Three things work at once: a thread reads the next batch from the store, the main
thread folds the current one and turns its rows into Arrow tables, and a writer
thread has DuckDB insert and commit the one before (DuckDB and SQLite work without
the GIL). A batch with corrections is written by the main thread once the writer is
done, so that its refold sees every row.
"""

from __future__ import annotations

import gc
import os
import re
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from domain import events as ev
from domain.errors import StoreError
from projections import analytics_schema as schema
from projections.analytics_ingest import Load, load, log_load, table_load, temp_table
from projections.analytics_read import Reader, digest
from projections.analytics_rows import (Folder, Rows, campaign_rows, dump_state,
                                        load_state, summary)

BATCH = 50_000
CHECKPOINT = "256MB"  # WAL between checkpoints: fewer rewrites of the same row groups
VOIDING_TYPES = {ev.CommandRetracted, ev.CommandRestored, ev.Rewound, ev.CommandAmended}
CORRECTION_TYPES = set(ev.CORRECTIONS)
Progress = Callable[[int, int], None]  # (events done, events to do)
STREAM_COLUMNS = [("stream", "UUID"), ("kind", "VARCHAR"), ("encounter", "VARCHAR"),
                  ("campaign", "VARCHAR"), ("known", "INTEGER"), ("seq", "INTEGER"),
                  ("damage_cmd", "INTEGER"), ("started_at", "TIMESTAMP"),
                  ("branched_from", "VARCHAR"), ("state", "JSON")]


def default_path(store_url: str | None) -> Path:
    """Beside a SQLite store (battletape.db -> battletape.duckdb); for PostgreSQL, a
    file named after the database (and schema) in the working directory;
    BATTLETAPE_ANALYTICS overrides both."""
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


@dataclass(eq=False)
class Stream:
    """What the projection knows of one stream of the store."""

    id: uuid.UUID
    kind: str  # encounter, campaign, index or other
    encounter: str | None = None
    campaign: str | None = None
    known: int = 0  # last stored position taken in
    seq: int = 0  # effective events folded
    damage_cmd: int = 0
    started_at: object = None
    branched_from: str | None = None
    folder: Folder | None = None  # the fold, while in memory
    mark: int = 0  # the last batch that touched it
    ref: int = 0  # its reference in that batch's rows
    dirty: bool = False  # a correction in that batch: fold it again

    def __post_init__(self) -> None:
        self.key = str(self.id)


@dataclass
class Batch:
    """What one batch of notifications adds, ready to be written."""

    last: int
    digest: str = ""  # of the last event
    dirty: bool = False
    rows: Rows = field(default_factory=Rows)
    log: list = field(default_factory=list)
    docs: list = field(default_factory=list)  # the stored JSON of each event
    touched: list = field(default_factory=list)  # (stream, known before the batch)
    loads: list[Load] = field(default_factory=list)
    names: list = field(default_factory=list)  # encounters whose summary is new


class Projection:
    """The analytics file of one store."""

    pipeline = True  # write each batch in a thread while the next one is folded

    def __init__(self, app, path: Path | str, batch: int = BATCH):
        self.app = app
        self.path = Path(path)
        self.batch = batch
        self.con = None
        self.streams: dict[int, Stream] = {}  # by the stream id's integer
        self.live: dict[int, Stream] = {}  # streams whose fold is in memory
        self._mark = 0
        self._lookup = None  # a second connection, for the folding thread

    # --- the file ---------------------------------------------------------------------

    def open(self) -> None:
        import duckdb

        self.con = self._connect()
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

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
            self.con = None

    def _connect(self):
        con = connect(self.path)
        con.execute(f"SET checkpoint_threshold = '{CHECKPOINT}'")
        return con

    def _create(self) -> None:
        self.con.execute("BEGIN TRANSACTION")
        for statement in schema.ddl():
            self.con.execute(statement)
        self._set_meta({"schema": str(schema.SCHEMA_VERSION)})
        self.con.execute("COMMIT")

    def _reset(self) -> None:
        """Start again from an empty file (another store, or an older schema)."""
        self.close()
        for suffix in ("", ".wal"):
            try:
                os.unlink(str(self.path) + suffix)
            except FileNotFoundError:
                pass
        self.con = self._connect()
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

    # --- catching up ------------------------------------------------------------------

    def catch_up(self, progress: Progress | None = None) -> int:
        """Take in every event stored since the last catch-up; how many were new."""
        if self.con is None:
            self.open()
        reader = Reader(self.app.recorder)
        meta = self._meta()
        nid = int(meta.get("nid", "0"))
        if nid:  # the event read last must still be there: else it is another store
            found = reader.read(nid, nid, 1)
            if not found or digest(found[0][1]) != meta.get("digest"):
                self._reset()
                nid = 0
        last = reader.last()
        todo, taken = max(0, last - nid), 0
        if progress:
            progress(0, todo)
        pending: Future | None = None
        self._lookup = self.con.cursor()
        collecting = gc.isenabled()
        gc.disable()  # a bulk load makes millions of objects and no cycles
        try:
            with ThreadPoolExecutor(1, thread_name_prefix="analytics-writer") as writer:
                for notes in reader.batches(nid + 1, last, self.batch):
                    batch = self._prepare(notes)
                    if pending is not None:
                        pending.result()
                        pending = None
                    if batch.dirty or not self.pipeline:
                        self._write(batch)
                    else:
                        pending = writer.submit(self._write, batch)
                    taken += len(notes)
                    if progress:
                        progress(taken, todo)
                if pending is not None:
                    pending.result()
        except BaseException:
            self.streams.clear()  # what was folded in memory was rolled back
            self.live.clear()
            raise
        finally:
            if collecting:
                gc.enable()
            self._lookup.close()
            reader.close()
        return taken

    def _stream(self, e: ev.Event) -> Stream:
        """A stream met for the first time in this catch-up."""
        sid = e.originator_id
        row = self._lookup.execute(
            "SELECT kind, encounter, campaign, known, seq, damage_cmd, started_at, "
            "branched_from FROM _streams WHERE stream = ?", [sid]).fetchall()
        if row:
            st = Stream(sid, *row[0])
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
        self.streams[sid.int] = st
        return st

    def _folder(self, st: Stream, rows: Rows) -> Folder:
        if st.folder is None:
            state = None
            if st.known:
                found = self._lookup.execute("SELECT state FROM _streams WHERE stream = ?",
                                             [st.id]).fetchall()
                state = load_state(found[0][0]) if found and found[0][0] else None
            st.folder = Folder(st.key, st.encounter, st.campaign, state, st.seq,
                               st.damage_cmd)
            self.live[st.id.int] = st
        return st.folder.bind(rows)

    def _prepare(self, notes) -> Batch:
        """Decode and fold a batch into rows, and the rows into loads (no writes)."""
        decode = ev.decoder.decode
        batch = Batch(last=notes[-1][0], digest=digest(notes[-1][1]))
        self._mark += 1
        mark = self._mark
        rows, log, docs, touched = batch.rows, batch.log, batch.docs, batch.touched
        streams = self.streams
        for nid, data in notes:
            e = decode(data)
            st = streams.get(e.originator_id.int) or self._stream(e)
            if st.mark != mark:
                st.mark, st.dirty = mark, False
                touched.append((st, st.known))
                st.ref = rows.ref(st.key, st.encounter, st.campaign)
                if st.kind == "encounter":
                    self._folder(st, rows)
            kind = type(e)
            correction = kind in CORRECTION_TYPES
            ref = st.ref
            if st.kind == "index":
                ref = rows.ref(st.key, None, getattr(e, "campaign", None))
            log.append((nid, ref, ref, ref, e.originator_version, correction))
            docs.append(data)
            st.known = e.originator_version
            if st.kind == "encounter":
                if kind in VOIDING_TYPES:
                    st.dirty = batch.dirty = True
                elif not correction and not st.dirty:
                    st.folder.feed(e)
            elif st.kind == "campaign":
                campaign_rows(rows, ref, e)
        for sid, st in list(self.live.items()):  # keep the folds of this batch and
            if st.mark < mark - 1:                # the one before
                st.folder = None
                del self.live[sid]
        dicts = rows.dicts()
        batch.loads.append(log_load(log, docs, dicts))
        batch.loads += [table_load(t, r, dicts) for t, r in rows.tables.items()]
        if not batch.dirty:
            self._summarize(batch)
        return batch

    def _summarize(self, batch: Batch) -> None:
        """Loads of the `_streams`, `encounters` and `combatants` rows of the streams
        the batch touched."""
        saved, encounters, people = [], [], []
        for st, _ in batch.touched:
            state_json = None
            if st.folder is not None:
                st.seq, st.damage_cmd = st.folder.seq, st.folder.damage_cmd
                state_json = dump_state(st.folder.state)
                enc, who = summary(st.key, st.folder.state, st.started_at,
                                   st.branched_from, st.known, st.seq)
                encounters.append(enc)
                people += who
            saved.append((st.key, st.kind, st.encounter, st.campaign, st.known, st.seq,
                          st.damage_cmd, st.started_at, st.branched_from, state_json))
        batch.names = [(e[0],) for e in encounters]
        batch.loads += [load("_streams", STREAM_COLUMNS, saved),
                        table_load("encounters", encounters),
                        table_load("combatants", people)]

    def _write(self, batch: Batch) -> None:
        """One transaction: the batch's rows, the refolds, the position read."""
        from projections.analytics_refold import refold

        con = self.con
        con.execute("BEGIN TRANSACTION")
        try:
            if batch.dirty:  # the rows first: the refold reads them back
                for prepared in batch.loads:
                    if prepared is not None:
                        prepared.run(con)
                for st, before in batch.touched:
                    if st.dirty:
                        st.folder = refold(con, st.key, st.encounter, st.campaign,
                                           before)
                        self.live[st.id.int] = st
                batch.loads = []
                self._summarize(batch)
            temp_table(con, "_touched", [("stream", "UUID")],
                       [(st.key,) for st, _ in batch.touched])
            temp_table(con, "_names", [("encounter", "VARCHAR")], batch.names)
            con.execute("DELETE FROM _streams WHERE stream IN (SELECT stream FROM _touched)")
            con.execute("DELETE FROM encounters WHERE encounter IN "
                        "(SELECT encounter FROM _names)")
            con.execute("DELETE FROM combatants WHERE encounter IN "
                        "(SELECT encounter FROM _names)")
            for prepared in batch.loads:
                if prepared is not None:
                    prepared.run(con)
            self._set_meta({"nid": str(batch.last), "digest": batch.digest})
            self._before_commit()
            con.execute("COMMIT")
        except BaseException:
            try:
                con.execute("ROLLBACK")
            except Exception:
                pass
            for prepared in batch.loads:
                if prepared is not None:
                    prepared.discard()
            raise

    def _before_commit(self) -> None:
        """A hook for tests of interrupted catch-ups."""


def catch_up(app, path: Path | str, progress: Progress | None = None,
             batch: int = BATCH) -> int:
    """Bring the analytics file at ``path`` up to date with ``app``'s store."""
    projection = Projection(app, path, batch)
    try:
        return projection.catch_up(progress)
    finally:
        projection.close()
