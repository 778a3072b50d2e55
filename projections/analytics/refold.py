"""Refolding an encounter after a correction, inside the catch-up's transaction.

Corrections point backwards: an undo, redo, rewind or amendment changes what counts
of events already taken in. ``domain.history.EffectiveHistory`` says again which stored
events are void or replaced — it needs only the positions and commands of ordinary
events, so only the corrections are decoded in full — and ``events_all``'s flags are
updated. The effective history as it was before this batch and as it is now are
compared, and the derived rows from the first difference onwards are deleted and
folded again; the events themselves are streamed back from ``events_all``, so a long
encounter is never held in memory whole.
"""

from __future__ import annotations

from typing import Iterator

from battletape.domain import events as ev
from battletape.projections.analytics.ingest import insert, temp_table
from battletape.projections.analytics.folder import Folder
from battletape.projections.analytics.rows import Rows, effective_keys
from battletape.projections.analytics.schema import DERIVED

CHUNK = 20_000


def refold(con, stream: str, encounter: str, campaign: str, system: str | None,
           before: int) -> Folder:
    """Fold the encounter ``stream`` again; ``before``: the last position taken in
    before this batch. Returns the fold, up to date."""
    from battletape.domain.history import EffectiveHistory

    decode = ev.decoder.decode
    stored = con.execute(
        "SELECT position, cmd, voided, amended, CASE WHEN correction THEN data END "
        "FROM events_all WHERE stream = ? ORDER BY position", [stream]).fetchall()
    # ordinary events as stubs: a position and a command is all the model reads of them
    events = [decode(d) if d is not None else ev.Event(originator_version=p, cmd=c)
              for p, c, _, _, d in stored]
    history = EffectiveHistory(events)
    changed = []
    for (pos, _, voided, amended, _), e in zip(stored, events):
        flags = (history.is_void(e), history.replaced(e))
        if flags != (voided, amended):
            changed.append((pos, *flags))
    del stored
    if changed:
        temp_table(con, "_flags", [("position", "INTEGER"), ("voided", "BOOLEAN"),
                                   ("amended", "BOOLEAN")], changed)
        con.execute("UPDATE events_all SET voided = f.voided, amended = f.amended "
                    "FROM _flags f WHERE events_all.stream = ? "
                    "AND events_all.position = f.position", [stream])
    old = [key for key, _ in effective_keys(events[:before])]
    new = effective_keys(events, history)
    del events
    same = 0
    for a, (b, _) in zip(old, new):
        if a != b:
            break
        same += 1
    for table in DERIVED:
        con.execute(f"DELETE FROM {table} WHERE encounter = ? AND seq > ?",
                    [encounter, same])
    rows = Rows()
    folder = Folder(stream, encounter, campaign, system).bind(rows)
    for i, e in enumerate(_events(con, stream, new)):
        if i < same:
            folder.skip(e)
        else:
            folder.feed(e)
    dicts = rows.dicts()
    for table, table_rows in rows.tables.items():
        insert(con, table, table_rows, dicts)
    return folder


def _events(con, stream: str, keys) -> Iterator[ev.Event]:
    """The effective history in full: stored events decoded as they stream back
    from events_all, replacement events from their amendments."""
    decode = ev.decoder.decode
    # the same connection: only it sees this transaction's rows and flags (nothing
    # else runs on it until the fold is done)
    cur = con.execute("SELECT position, data FROM events_all WHERE stream = ? AND NOT "
                      "voided AND NOT amended AND NOT correction ORDER BY position",
                      [stream])
    chunk: list = []
    index = 0
    for key, e in keys:
        if key[0] == "r":
            yield e
            continue
        if index == len(chunk):
            chunk, index = cur.fetchmany(CHUNK), 0
        position, data = chunk[index]
        index += 1
        if position != key[1]:
            raise RuntimeError(f"refold of {stream}: event {position} where "
                               f"{key[1]} was expected")
        yield decode(data)
