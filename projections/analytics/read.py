"""Reading the store for the analytics: notifications in batches, the next one
read ahead in a thread while the current one is folded.

eventsourcing's ``recorder.select_notifications`` (notification ids are global
across streams) is the general way; on SQLite the same SELECT runs on a connection
of our own to the same file, and on PostgreSQL on the store's own datastore, without
the ``Notification`` objects, the UUID parsing that the JSON repeats anyway and the
``sqlite3.Row`` factory: twice as quick.
"""

from __future__ import annotations

import hashlib
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Iterator

Notes = list[tuple[int, bytes]]  # (notification id, stored JSON)


class Reader:
    """Notifications of one store, ``(id, JSON)``, in id order."""

    def __init__(self, recorder):
        self.recorder = recorder
        self._sqlite: sqlite3.Connection | None = None
        self._table = ""
        pool = getattr(getattr(recorder, "datastore", None), "pool", None)
        name = getattr(pool, "db_name", None)
        if type(recorder).__name__ == "SQLiteApplicationRecorder" and name and \
                not getattr(pool, "is_sqlite_memory_mode", True):
            self._sqlite = sqlite3.connect(name, uri=True, check_same_thread=False,
                                           timeout=10)
            self._table = recorder.events_table_name
        self._postgres = None
        datastore = getattr(recorder, "datastore", None)
        if type(recorder).__name__ == "PostgresApplicationRecorder" and \
                hasattr(datastore, "qualified"):  # battletape's, on psycopg2
            self._postgres = datastore
            self._table = datastore.qualified(recorder.events_table_name)

    def last(self) -> int:
        return self.recorder.max_notification_id() or 0

    def read(self, start: int, stop: int, limit: int) -> Notes:
        """From ``start`` to ``stop`` (both included), at most ``limit``."""
        if self._sqlite is not None:
            return self._sqlite.execute(
                f"SELECT rowid, state FROM {self._table} WHERE rowid >= ? AND rowid <= ? "
                "ORDER BY rowid LIMIT ?", (start, stop, limit)).fetchall()
        if self._postgres is not None:  # each thread on a connection of its own
            with self._postgres.cursor() as cursor:
                cursor.execute(f"SELECT notification_id, state FROM {self._table} WHERE "
                               "notification_id >= %s AND notification_id <= %s "
                               "ORDER BY notification_id LIMIT %s", (start, stop, limit))
                return [(nid, bytes(state)) for nid, state in cursor.fetchall()]
        return [(n.id, bytes(n.state)) for n in
                self.recorder.select_notifications(start, limit, stop=stop)]

    def batches(self, start: int, stop: int, limit: int) -> Iterator[Notes]:
        """Every batch from ``start`` to ``stop``; the next is read while the caller
        works on the current one (SQLite and psycopg2 wait without the GIL)."""
        with ThreadPoolExecutor(1, thread_name_prefix="analytics-reader") as pool:
            ahead = pool.submit(self.read, start, stop, limit)
            while True:
                notes = ahead.result()
                if not notes:
                    return
                following = notes[-1][0] + 1
                if following > stop:
                    yield notes
                    return
                ahead = pool.submit(self.read, following, stop, limit)
                yield notes

    def close(self) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
            self._sqlite = None


def digest(data: bytes | str) -> str:
    """A fingerprint of one stored event: tells this store from another."""
    raw = data.encode() if isinstance(data, str) else bytes(data)
    return hashlib.sha1(raw).hexdigest()
