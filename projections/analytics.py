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
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from domain.errors import StoreError
from projections import analytics_schema as schema
from projections.analytics_batch import Batch, Streams
from projections.analytics_file import connect, default_path  # noqa: F401 (the API)
from projections.analytics_ingest import literal, run_all
from projections.analytics_read import Reader, digest

BATCH = 50_000
CHECKPOINT = "256MB"  # WAL between checkpoints: fewer rewrites of the same row groups
MEMORY = "300MB"  # DuckDB's own limit while writing: the rest is evicted or spilled
SWITCH = 0.0005  # seconds between GIL hand-overs during a catch-up (default 0.005)
Progress = Callable[[int, int], None]  # (events done, events to do)


class Projection:
    """The analytics file of one store."""

    pipeline = True  # write each batch in a thread while the next one is folded

    def __init__(self, app, path: Path | str, batch: int = BATCH):
        self.app = app
        self.path = Path(path)
        self.batch = batch
        self.con = None
        self.streams: Streams | None = None  # during a catch-up

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
        if self.con.execute("SELECT count(*) FROM duckdb_tables()").fetchone()[0]:
            self.close()
            raise StoreError(f"{str(self.path)!r} is a DuckDB file of something else, "
                             "not battletape analytics: give another --analytics path")
        self._create()

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
            self.con = None

    def _connect(self):
        con = connect(self.path)
        con.execute(f"SET checkpoint_threshold = '{CHECKPOINT}'")
        con.execute(f"SET memory_limit = '{MEMORY}'")
        return con

    def _create(self) -> None:
        self.con.execute("BEGIN TRANSACTION")
        for statement in schema.ddl():
            self.con.execute(statement)
        self._set_meta({"schema": str(schema.SCHEMA_VERSION), "nid": "0", "digest": ""})
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
        lookup = self.con.cursor()  # the folding thread's: the writer has self.con
        self.streams = streams = Streams(lookup)
        collecting = gc.isenabled()
        gc.disable()  # a bulk load makes millions of objects and no cycles
        switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH)  # the reader and the writer get the GIL back soon
        try:
            with ThreadPoolExecutor(1, thread_name_prefix="analytics-writer") as writer:
                for notes in reader.batches(nid + 1, last, self.batch):
                    batch = streams.prepare(notes)
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
        finally:
            sys.setswitchinterval(switch)
            if collecting:
                gc.enable()
            self.streams = None  # folds in memory may be ahead of a rolled-back file
            lookup.close()
            reader.close()
        return taken

    def _write(self, batch: Batch) -> None:
        """One transaction: the batch's rows, the refolds, the position read."""
        from projections.analytics_refold import refold

        con = self.con
        con.execute("BEGIN TRANSACTION")
        try:
            if batch.dirty:  # the rows first: the refold reads them back
                run_all(con, batch.loads)
                for st, before in batch.touched:
                    if st.dirty:
                        st.folder = refold(con, st.key, st.encounter, st.campaign,
                                           before)
                        self.streams.live[st.id.int] = st
                batch.loads = []
                self.streams.summarize(batch)
            keys = ", ".join(literal(st.key) for st, _ in batch.touched)
            names = ", ".join(literal(n) for n, in batch.names)
            replaced = (f"DELETE FROM _streams WHERE stream::VARCHAR IN ({keys});\n" +
                        "".join(f"DELETE FROM {t} WHERE encounter IN ({names});\n"
                                for t in ("encounters", "combatants") if names))
            position = (f"UPDATE _meta SET value = CASE key WHEN 'nid' THEN "
                        f"{literal(str(batch.last))} ELSE {literal(batch.digest)} END "
                        "WHERE key IN ('nid', 'digest')")
            run_all(con, batch.loads, before=replaced.rstrip(";\n"), after=position)
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
