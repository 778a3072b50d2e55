"""A batch of notifications, decoded and folded into loads for DuckDB.

:class:`Streams` knows every stream met in a catch-up (its kind, names, position
taken in, and its fold while the fold is in memory); ``prepare`` turns a batch of
stored events into a :class:`Batch`: the rows of ``events_all`` and of the derived
tables, and the summaries of the touched encounters, as loads ready to run. A
prepared batch holds nothing but its loads and a few names: it can be pickled, so
the fold may run in a process of its own (``projections.analytics.worker``).

What was known of each stream before the catch-up (the ``_streams`` table) is read
once, into a dict: the fold needs no connection to the file.
"""

from __future__ import annotations

import dataclasses
import uuid
from dataclasses import dataclass, field

from battletape.domain import events as ev
from battletape.domain.history import NEVER_COUNTED, VOIDING
from battletape.domain.streams import INDEX_ID
from battletape.projections.analytics import schema
from battletape.projections.analytics.folder import Folder
from battletape.projections.analytics.ingest import Load, json_array, load, log_load, table_load
from battletape.projections.analytics.read import digest
from battletape.projections.analytics.rows import Rows, campaign_rows, dump_state, load_state, summary

STREAM_COLUMNS = [("stream", "UUID"), ("kind", "VARCHAR"), ("encounter", "VARCHAR"),
                  ("campaign", "VARCHAR"), ("known", "INTEGER"), ("seq", "INTEGER"),
                  ("damage_cmd", "INTEGER"), ("started_at", "TIMESTAMP"),
                  ("branched_from", "VARCHAR"), ("system", "VARCHAR"), ("state", "JSON")]


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
    system: str | None = None  # an encounter's rule system
    folder: Folder | None = None  # the fold, while in memory
    mark: int = 0  # the last batch that touched it
    ref: int = 0  # its reference in that batch's rows
    dirty: bool = False  # a correction in that batch: fold it again

    def __post_init__(self) -> None:
        self.key = str(self.id)


Known = dict[str, tuple]  # stream key -> its `_streams` row, without the key


def known_streams(con) -> Known:
    """What the file knows of every stream (its `_streams` table)."""
    cols = ", ".join(n for n, _ in STREAM_COLUMNS[1:])
    return {str(row[0]): row[1:] for row in
            con.execute(f"SELECT stream, {cols} FROM _streams").fetchall()}


@dataclass
class Batch:
    """What one batch of notifications adds, ready to be written."""

    last: int
    first: int = 0
    count: int = 0  # notifications in the batch
    digest: str = ""  # of the last event
    loads: list[Load] = field(default_factory=list)  # events_all and derived rows
    summaries: list[Load] = field(default_factory=list)  # _streams, encounters, ...
    keys: list[str] = field(default_factory=list)  # the streams it touched
    names: list[str] = field(default_factory=list)  # encounters summarized
    refold: list[tuple[Stream, int]] = field(default_factory=list)  # (stream, known
    #                      before the batch): a correction voided or replaced events

    @property
    def dirty(self) -> bool:
        """A correction in the batch: its encounters are folded again."""
        return bool(self.refold)


def summaries(pairs) -> tuple[list[Load | None], list[str], list[tuple]]:
    """The loads of `_streams`, `encounters` and `combatants` rows of streams as
    they stand, from ``(stream, fold or None)`` pairs; the encounters named; the
    `_streams` rows."""
    saved, encounters, people = [], [], []
    for st, folder in pairs:
        state_json = None
        if folder is not None:
            st.seq, st.damage_cmd = folder.seq, folder.damage_cmd
            state_json = dump_state(folder.state)
            enc, who = summary(st.key, folder.state, st.started_at, st.branched_from,
                               st.known, st.seq)
            encounters.append(enc)
            people += who
        saved.append((st.key, st.kind, st.encounter, st.campaign, st.known, st.seq,
                      st.damage_cmd, st.started_at, st.branched_from, st.system,
                      state_json))
    loads = [load("_streams", STREAM_COLUMNS, saved), table_load("encounters", encounters),
             table_load("combatants", people)]
    return loads, [e[0] for e in encounters], saved


class Streams:
    """The streams met in one catch-up, and the folding of its batches."""

    def __init__(self, known: Known, docs: bool = True):
        self.known = known  # the `_streams` rows, kept up to date as batches go
        self.docs = docs  # events_all's stored JSON in the loads (else the writer
        #                   reads it from the store itself: see with_documents)
        self.by_id: dict[int, Stream] = {}  # by the stream id's integer
        self.live: dict[int, Stream] = {}  # streams whose fold is in memory
        self.mark = 0
        self.rolls_tail = (None,) * len(schema.system_columns().get("rolls", ()))

    def stream(self, e: ev.Event) -> Stream:
        """A stream met for the first time in this catch-up."""
        sid = e.originator_id
        row = self.known.get(str(sid))
        if row:
            st = Stream(sid, *row[:-1])
        else:
            if sid == INDEX_ID:
                st = Stream(sid, "index")
            elif isinstance(e, ev.EncounterStarted):
                st = Stream(sid, "encounter", e.name, e.campaign, started_at=e.timestamp,
                            branched_from=e.branched_from, system=e.system)
            elif isinstance(e, ev.CampaignStarted):
                st = Stream(sid, "campaign", campaign=e.name)
            else:
                st = Stream(sid, "other")
        self.by_id[sid.int] = st
        return st

    def folder(self, st: Stream, rows: Rows) -> Folder:
        if st.folder is None:
            state = None
            if st.known:
                found = self.known.get(st.key)
                state = load_state(found[-1]) if found and found[-1] else None
            st.folder = Folder(st.key, st.encounter, st.campaign, st.system, state,
                               st.seq, st.damage_cmd)
            self.live[st.id.int] = st
        return st.folder.bind(rows)

    def prepare(self, notes) -> Batch:
        """Decode and fold a batch into rows, and the rows into loads (no writes)."""
        decode = ev.decoder.decode
        batch = Batch(last=notes[-1][0], first=notes[0][0], count=len(notes),
                      digest=digest(notes[-1][1]))
        self.mark += 1
        mark = self.mark
        rows, log, docs, touched = Rows(), [], [], []
        streams = self.by_id
        for nid, data in notes:
            e = decode(data)
            st = streams.get(e.originator_id.int) or self.stream(e)
            if st.mark != mark:
                st.mark, st.dirty = mark, False
                touched.append((st, st.known))
                st.ref = rows.ref(st.key, st.encounter, st.campaign, st.system)
                if st.kind == "encounter":
                    self.folder(st, rows)
            kind = type(e)
            correction = kind in NEVER_COUNTED
            ref = st.ref
            if st.kind == "index":
                ref = rows.ref(st.key, None, getattr(e, "campaign", None))
            log.append((nid, ref, ref, ref, ref, e.originator_version, correction))
            if self.docs:
                docs.append(data)
            st.known = e.originator_version
            if st.kind == "encounter":
                if kind in VOIDING:  # the effective history changed: fold again
                    st.dirty = True
                elif not correction and not st.dirty:
                    st.folder.feed(e)
            elif st.kind == "campaign":
                campaign_rows(rows, ref, e, self.rolls_tail)
        for sid, st in list(self.live.items()):  # keep the folds of this batch and
            if st.mark < mark - 1:                # the one before
                st.folder = None
                del self.live[sid]
        dicts = rows.dicts()
        batch.loads.append(log_load(log, docs if self.docs else None, dicts))
        batch.loads += [table_load(t, r, dicts) for t, r in rows.tables.items()]
        batch.keys = [st.key for st, _ in touched]
        batch.refold = [(dataclasses.replace(st, folder=None), before)
                        for st, before in touched if st.dirty]
        self.summarize(batch, [st for st, _ in touched if not st.dirty])
        return batch

    def summarize(self, batch: Batch, touched: list[Stream]) -> None:
        """Add the summaries of ``touched`` streams to the batch, and remember them."""
        loads, names, saved = summaries((st, st.folder) for st in touched)
        batch.summaries += loads
        batch.names += names
        self.remember(saved)

    def remember(self, saved: list[tuple]) -> None:
        """`_streams` rows as they will be once the batch is written."""
        for row in saved:
            self.known[row[0]] = row[1:]

    def refolded(self, saved: list[tuple], folders: dict | None = None) -> None:
        """Streams folded again by the writer: their rows, and their folds if in
        this process (else the fold is made again from the row when next needed)."""
        self.remember(saved)
        for row in saved:
            st = self.by_id[uuid.UUID(row[0]).int]
            st.known, st.seq, st.damage_cmd = row[4], row[5], row[6]
            st.dirty = False
            st.folder = (folders or {}).get(row[0])
            if st.folder is None:
                self.live.pop(st.id.int, None)
            else:
                self.live[st.id.int] = st


def with_documents(batch: Batch, notes) -> None:
    """Give the batch's events_all load the stored JSON of its events, read again
    from the store by the writer (``notes``: the batch's notifications)."""
    if len(notes) != batch.count or notes[-1][0] != batch.last or \
            notes[0][0] != batch.first:
        raise RuntimeError(f"the store gave notifications {notes[0][0]}..{notes[-1][0]} "
                           f"for the batch {batch.first}..{batch.last}")
    log = next(x for x in batch.loads if x is not None and x.target == "events_all")
    log.data = log.data.append_column("data", json_array([d for _, d in notes]))
