"""The projection: the store taken into a DuckDB file, caught up incrementally.

The store's notifications (global across streams) are read in batches; each batch is
decoded, folded and written in ONE DuckDB transaction together with the notification
id read so far, so a catch-up that dies midway leaves the file as it was after its
last whole batch, and the next one goes on from there: every event lands exactly once.

Corrections point backwards. A batch with an undo, redo, rewind or amendment refolds
its encounter in the same transaction (``projections.analytics.refold``): the flags of
``events_all`` are set again, and the derived rows from the first event whose
effective history changed onwards are deleted and folded again.

A long catch-up folds in a worker process (``projections.analytics.worker``): it
reads and folds batches into Arrow tables while this process has DuckDB insert and
commit the one before, each on a core of its own. A short one folds here, where
three things still work at once: a thread reads the next batch from the store, the
main thread folds the current one, and a writer thread has DuckDB write the one
before (DuckDB and SQLite work without the GIL). Either way a batch with
corrections is written once the batches before it are, so that its refold sees
every row, and the fold goes on from the refold.
"""

from __future__ import annotations

import gc
import os
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from battletape.domain.errors import StoreError
from battletape.domain.words import N_
from battletape.projections.analytics import ingest, schema
from battletape.projections.analytics.batch import (Batch, Streams, known_streams, summaries,
                                         with_documents)
from battletape.projections.analytics.file import connect, default_path  # noqa: F401 (the API)
from battletape.projections.analytics.ingest import literal, run_all
from battletape.projections.analytics.read import Reader, digest

BATCH = 50_000
CHECKPOINT = "256MB"  # WAL between checkpoints: fewer rewrites of the same row groups
ROW_GROUP = 32_768  # rows: a batch fills whole row groups, written before its COMMIT
MEMORY = "300MB"  # DuckDB's own limit while writing: the rest is evicted or spilled
SWITCH = 0.0005  # seconds between GIL hand-overs during a catch-up (default 0.005)
WORKER_FROM = 4 * BATCH  # events to take in from which the fold gets a process
Progress = Callable[[int, int], None]  # (events done, events to do)


class Projection:
    """The analytics file of one store."""

    pipeline = True  # write each batch in a thread while the next one is folded
    worker: bool | None = None  # fold in a worker process: None = when it pays
    worker_peak_rss_kb = 0  # the last worker's peak memory (benches report it)

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
            version = found[0][0] if found else None
        except duckdb.CatalogException:
            version = None
        if version == schema.version():
            return  # nothing to write: a catch-up with nothing new leaves the file be
        if version is not None:
            self._reset()  # an older schema: build again from the store
            return
        if self.con.execute("SELECT count(*) FROM duckdb_tables()").fetchone()[0]:
            self.close()
            raise StoreError.said(N_("{path!r} is a DuckDB file of something else, not "
                                     "battletape analytics: give another --analytics "
                                     "path"), path=str(self.path))
        self._create()

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
            self.con = None

    def _connect(self):
        con = connect(self.path, row_group_size=ROW_GROUP)
        con.execute(f"SET checkpoint_threshold = '{CHECKPOINT}'")
        con.execute(f"SET memory_limit = '{MEMORY}'")
        return con

    def _create(self) -> None:
        self.con.execute("BEGIN TRANSACTION")
        for statement in schema.ddl():
            self.con.execute(statement)
        self._set_meta({"schema": schema.version(), "nid": "0", "digest": ""})
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
        collecting = gc.isenabled()
        try:
            nid = self._checked_position(reader)
            last = reader.last()
            todo = max(0, last - nid)
            if progress:
                progress(0, todo)
            if not todo:
                return 0
            known = known_streams(self.con)
            gc.disable()  # a bulk load makes millions of objects and no cycles
            if self.use_worker(todo):
                return self._catch_up_beside(reader, nid, last, known, progress, todo)
            return self._catch_up_here(reader, nid, last, known, progress, todo)
        finally:
            if collecting:
                gc.enable()
            reader.close()

    def use_worker(self, todo: int) -> bool:
        """Fold in a process of its own when there is much to do (a process takes a
        few tenths of a second to start) and it can read the store too."""
        if self.worker is not None:
            return self.worker
        from battletape.projections.analytics.worker import can_share

        return todo >= WORKER_FROM and can_share(self.app) and \
            ingest.pa is not None

    def _checked_position(self, reader: Reader) -> int:
        """The last notification id taken in; 0 (and an empty file) if the event read
        last is not there any more: the file was made from another store."""
        meta = self._meta()
        nid = int(meta.get("nid", "0"))
        if nid:
            found = reader.read(nid, nid, 1)
            if not found or digest(found[0][1]) != meta.get("digest"):
                self._reset()
                nid = 0
        return nid

    def _catch_up_here(self, reader: Reader, nid: int, last: int, known, progress,
                       todo: int) -> int:
        """Fold in this process; a thread reads ahead, another writes behind."""
        self.streams = streams = Streams(known)
        pending: Future | None = None
        taken = 0
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
                    taken += batch.count
                    if progress:
                        progress(taken, todo)
                if pending is not None:
                    pending.result()
        finally:
            sys.setswitchinterval(switch)
            self.streams = None  # folds in memory may be ahead of a rolled-back file
        return taken

    def _catch_up_beside(self, reader: Reader, nid: int, last: int, known, progress,
                         todo: int) -> int:
        """Fold in a worker process (the other core) while this one writes. The
        stored JSON is read here too, not shipped: the same batches as the worker's,
        read ahead in a thread while the worker folds."""
        from battletape.projections.analytics.worker import Worker

        taken = 0
        with Worker(self.app, nid + 1, last, self.batch, known) as fold:
            ours = reader.batches(nid + 1, last, self.batch)
            for batch, notes in zip(fold.batches(), ours, strict=True):
                with_documents(batch, notes)
                saved = self._write(batch)
                if batch.refold:  # the worker waits for these
                    fold.refolded(saved)
                taken += batch.count
                if progress:
                    progress(taken, todo)
        self.worker_peak_rss_kb = fold.peak_rss_kb
        return taken

    def _write(self, batch: Batch) -> list[tuple]:
        """One transaction: the batch's rows, the refolds, the position read.
        Returns the `_streams` rows of the streams folded again."""
        con = self.con
        saved: list[tuple] = []
        con.execute("BEGIN TRANSACTION")
        try:
            if batch.refold:  # the rows first: the refold reads them back
                run_all(con, batch.loads)
                batch.loads = []
                saved = self._refold(batch)
            keys = ", ".join(literal(k) for k in batch.keys)
            names = ", ".join(literal(n) for n in batch.names)
            replaced = (f"DELETE FROM _streams WHERE stream::VARCHAR IN ({keys});\n" +
                        "".join(f"DELETE FROM {t} WHERE encounter IN ({names});\n"
                                for t in ("encounters", "combatants") if names))
            position = (f"UPDATE _meta SET value = CASE key WHEN 'nid' THEN "
                        f"{literal(str(batch.last))} ELSE {literal(batch.digest)} END "
                        "WHERE key IN ('nid', 'digest')")
            run_all(con, batch.loads + batch.summaries, before=replaced.rstrip(";\n"),
                    after=position)
            self._before_commit()
            con.execute("COMMIT")
        except BaseException:
            try:
                con.execute("ROLLBACK")
            except Exception:
                pass
            for prepared in batch.loads + batch.summaries:
                if prepared is not None:
                    prepared.discard()
            raise
        return saved

    def _refold(self, batch: Batch) -> list[tuple]:
        """Fold again the encounters whose history a correction of the batch changed;
        their summaries join the batch's."""
        from battletape.projections.analytics.refold import refold

        folders = {st.key: refold(self.con, st.key, st.encounter, st.campaign, st.system,
                                  before)
                   for st, before in batch.refold}
        loads, names, saved = summaries((st, folders[st.key]) for st, _ in batch.refold)
        batch.summaries += loads
        batch.names += names
        if self.streams is not None:  # folding here: the folds go on from these
            self.streams.refolded(saved, folders)
        return saved

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
