"""A batch of notifications, decoded and folded into loads for DuckDB.

:class:`Streams` knows every stream met in a catch-up (its kind, names, position
taken in, and its fold while the fold is in memory); ``prepare`` turns a batch of
stored events into a :class:`Batch`: the rows of ``events_all`` and of the derived
tables, and the summaries of the touched encounters, as loads ready to run.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from domain import events as ev
from projections.analytics_folder import Folder
from projections.analytics_ingest import Load, load, log_load, table_load
from projections.analytics_read import digest
from projections.analytics_rows import Rows, campaign_rows, dump_state, load_state, summary

VOIDING_TYPES = {ev.CommandRetracted, ev.CommandRestored, ev.Rewound, ev.CommandAmended}
CORRECTION_TYPES = set(ev.CORRECTIONS)
STREAM_COLUMNS = [("stream", "UUID"), ("kind", "VARCHAR"), ("encounter", "VARCHAR"),
                  ("campaign", "VARCHAR"), ("known", "INTEGER"), ("seq", "INTEGER"),
                  ("damage_cmd", "INTEGER"), ("started_at", "TIMESTAMP"),
                  ("branched_from", "VARCHAR"), ("state", "JSON")]


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


class Streams:
    """The streams met in one catch-up, and the folding of its batches."""

    def __init__(self, lookup):
        self.lookup = lookup  # a DuckDB connection that sees what is committed
        self.by_id: dict[int, Stream] = {}  # by the stream id's integer
        self.live: dict[int, Stream] = {}  # streams whose fold is in memory
        self.mark = 0

    def stream(self, e: ev.Event) -> Stream:
        """A stream met for the first time in this catch-up."""
        sid = e.originator_id
        row = self.lookup.execute(
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
        self.by_id[sid.int] = st
        return st

    def folder(self, st: Stream, rows: Rows) -> Folder:
        if st.folder is None:
            state = None
            if st.known:
                found = self.lookup.execute("SELECT state FROM _streams WHERE stream = ?",
                                             [st.id]).fetchall()
                state = load_state(found[0][0]) if found and found[0][0] else None
            st.folder = Folder(st.key, st.encounter, st.campaign, state, st.seq,
                               st.damage_cmd)
            self.live[st.id.int] = st
        return st.folder.bind(rows)

    def prepare(self, notes) -> Batch:
        """Decode and fold a batch into rows, and the rows into loads (no writes)."""
        decode = ev.decoder.decode
        batch = Batch(last=notes[-1][0], digest=digest(notes[-1][1]))
        self.mark += 1
        mark = self.mark
        rows, log, docs, touched = batch.rows, batch.log, batch.docs, batch.touched
        streams = self.by_id
        for nid, data in notes:
            e = decode(data)
            st = streams.get(e.originator_id.int) or self.stream(e)
            if st.mark != mark:
                st.mark, st.dirty = mark, False
                touched.append((st, st.known))
                st.ref = rows.ref(st.key, st.encounter, st.campaign)
                if st.kind == "encounter":
                    self.folder(st, rows)
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
            self.summarize(batch)
        return batch

    def summarize(self, batch: Batch) -> None:
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
