"""Refolding an encounter after a correction, inside the catch-up's transaction.

Corrections point backwards: an undo, redo, rewind or amendment changes what counts
of events already taken in. The encounter's stored events are read back from
``events_all``; ``replay.history.Corrections`` says again which are void or
replaced, and those flags are updated; the effective history as it was before this
batch and as it is now are compared, and the derived rows from the first difference
onwards are deleted and folded again (the part before is folded without rows, to
rebuild the state).
"""

from __future__ import annotations

from domain import events as ev
from projections.analytics_ingest import insert, temp_table
from projections.analytics_rows import Folder, Rows, effective_keys
from projections.analytics_schema import DERIVED


def refold(con, stream: str, encounter: str, campaign: str, before: int) -> Folder:
    """Fold the encounter ``stream`` again; ``before``: the last position taken in
    before this batch. Returns the fold, up to date."""
    from replay.history import Corrections

    stored = con.execute("SELECT position, voided, amended, data FROM events_all "
                         "WHERE stream = ? ORDER BY position", [stream]).fetchall()
    decode = ev.decoder.decode
    events = [decode(d) for _, _, _, d in stored]
    corr = Corrections(events)
    changed = []
    for (pos, voided, amended, _), e in zip(stored, events):
        flags = (pos in corr.void, corr.replaced(e))
        if flags != (voided, amended):
            changed.append((pos, *flags))
    if changed:
        temp_table(con, "_flags", [("position", "INTEGER"), ("voided", "BOOLEAN"),
                                   ("amended", "BOOLEAN")], changed)
        con.execute("UPDATE events_all SET voided = f.voided, amended = f.amended "
                    "FROM _flags f WHERE events_all.stream = ? "
                    "AND events_all.position = f.position", [stream])
    old = [key for key, _ in effective_keys(events[:before])]
    new = effective_keys(events, corr)
    same = 0
    for a, (b, _) in zip(old, new):
        if a != b:
            break
        same += 1
    for table in DERIVED:
        con.execute(f"DELETE FROM {table} WHERE encounter = ? AND seq > ?",
                    [encounter, same])
    rows = Rows()
    folder = Folder(stream, encounter, campaign).bind(rows)
    for _, e in new[:same]:
        folder.skip(e)
    for _, e in new[same:]:
        folder.feed(e)
    dicts = rows.dicts()
    for table, table_rows in rows.tables.items():
        insert(con, table, table_rows, dicts)
    return folder
