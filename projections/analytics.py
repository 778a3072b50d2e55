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
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from domain import events as ev
from domain.errors import StoreError
from projections import analytics_schema as schema
from projections.analytics_ingest import bulk, insert, temp_table
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

    @property
    def key(self) -> str:
        return str(self.id)


class Projection:
    """The analytics file of one store."""

    def __init__(self, app, path: Path | str, batch: int = BATCH):
        self.app = app
        self.path = Path(path)
        self.batch = batch
        self.con = None
        self.streams: dict[uuid.UUID, Stream] = {}

    # --- opening ----------------------------------------------------------------------

    def open(self) -> None:
        self.con = connect(self.path)
        version = None
        try:
            found = self.con.execute("SELECT value FROM _meta WHERE key = 'schema'").fetchall()
            version = int(found[0][0]) if found else None
        except Exception:
            pass
        if version is not None and version != schema.SCHEMA_VERSION:
            self._reset()
        for statement in schema.ddl():
            self.con.execute(statement)
        self._set_meta({"schema": str(schema.SCHEMA_VERSION)})

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
        for statement in schema.ddl():
            self.con.execute(statement)
        self._set_meta({"schema": str(schema.SCHEMA_VERSION)})

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
        found = self.app.recorder.select_notifications(nid, 1)
        return bool(found) and found[0].id == nid and \
            str(found[0].originator_id) == meta.get("stream") and \
            str(found[0].originator_version) == meta.get("version")

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
        while done < last:
            notes = self.app.recorder.select_notifications(done + 1, self.batch, stop=last)
            if not notes:
                break
            self._take(notes)
            done = notes[-1].id
            taken += len(notes)
            if progress:
                progress(min(todo, done - (last - todo)), todo)
        return taken

    def _stream(self, e: ev.Event) -> Stream:
        sid = e.originator_id
        st = self.streams.get(sid)
        if st is not None:
            return st
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
            st.folder = Folder(st.encounter, st.campaign, rows, state, st.seq,
                               st.damage_cmd)
        st.folder.rows = rows
        return st.folder

    def _take(self, notes) -> None:
        """One batch of notifications: decode, fold, write in one transaction."""
        decode = ev.decoder.decode
        events = [decode(n.state) for n in notes]
        dirty = {e.originator_id for e in events if isinstance(e, VOIDING)}
        rows = Rows()
        log: list[tuple] = []
        touched: dict[uuid.UUID, int] = {}  # stream -> known before this batch
        key: dict[uuid.UUID, str] = {}
        corrections = ev.CORRECTIONS
        for n, e in zip(notes, events):
            st = self._stream(e)
            if st.id not in touched:
                touched[st.id] = st.known
                key[st.id] = st.key
            correction = isinstance(e, corrections)
            campaign = st.campaign if st.kind != "index" else getattr(e, "campaign", None)
            log.append((n.id, key[st.id], st.encounter, campaign, e.originator_version,
                        type(e).__name__, e.cmd, e.by, e.timestamp, e.command or None,
                        correction, False, False, n.state))
            st.known = e.originator_version
            if st.kind == "encounter":
                folder = self._folder(st, rows)
                if not correction and st.id not in dirty:
                    folder.feed(e)
            elif st.kind == "campaign":
                campaign_rows(rows, st.campaign, e)
        con = self.con
        con.execute("BEGIN TRANSACTION")
        try:
            insert(con, "events_all", log)
            for table, table_rows in rows.tables.items():
                insert(con, table, table_rows)
            for sid in dirty:
                self._refold(self.streams[sid], touched[sid])
            self._save_streams([self.streams[sid] for sid in touched])
            last = notes[-1]
            self._set_meta({"nid": str(last.id), "stream": str(last.originator_id),
                            "version": str(last.originator_version)})
            self._before_commit()
            con.execute("COMMIT")
        except BaseException:
            try:
                con.execute("ROLLBACK")
            except Exception:
                pass
            self.streams.clear()  # what was folded in memory is rolled back too
            raise
        for sid, st in self.streams.items():  # keep only the states in use
            if sid not in touched:
                st.folder = None

    def _before_commit(self) -> None:
        """A hook for tests of interrupted catch-ups."""

    def _save_streams(self, streams: list[Stream]) -> None:
        con = self.con
        saved, encounters, people = [], [], []
        for st in streams:
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
        temp_table(con, "_touched", [("stream", "UUID")], [(s.key,) for s in streams])
        con.execute("DELETE FROM _streams WHERE stream IN (SELECT stream FROM _touched)")
        cols = [("stream", "UUID"), ("kind", "VARCHAR"), ("encounter", "VARCHAR"),
                ("campaign", "VARCHAR"), ("known", "INTEGER"), ("seq", "INTEGER"),
                ("damage_cmd", "INTEGER"), ("started_at", "TIMESTAMPTZ"),
                ("branched_from", "VARCHAR"), ("state", "JSON")]
        bulk(con, "_streams", cols, saved)
        names = [(e[0],) for e in encounters]
        temp_table(con, "_names", [("encounter", "VARCHAR")], names)
        con.execute("DELETE FROM encounters WHERE encounter IN (SELECT encounter FROM _names)")
        con.execute("DELETE FROM combatants WHERE encounter IN (SELECT encounter FROM _names)")
        insert(con, "encounters", encounters)
        insert(con, "combatants", people)

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
        folder = Folder(st.encounter, st.campaign, rows)
        for _, e in new[:same]:
            folder.skip(e)
        for _, e in new[same:]:
            folder.feed(e)
        for table, table_rows in rows.tables.items():
            insert(con, table, table_rows)
        st.folder = folder


def catch_up(app, path: Path | str, progress: Progress | None = None,
             batch: int = BATCH) -> int:
    """Bring the analytics file at ``path`` up to date with ``app``'s store."""
    projection = Projection(app, path, batch)
    try:
        return projection.catch_up(progress)
    finally:
        projection.close()
