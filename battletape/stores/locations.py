"""Where the store is, and of which kind: resolved without loading the store's
libraries (eventsourcing), for commands that may not need them (`sql` on an
up-to-date analytics file, shell completion)."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_STORE = "battletape.db"
# eventsourcing's persistence on psycopg2 (battletape/stores/postgres.py: a command
# starts in a few milliseconds, where psycopg 3 and its pool take about 80 to import)
POSTGRES_MODULE = "battletape.stores.postgres"


def resolve_url(store: str | None) -> str:
    return store or os.environ.get("BATTLETAPE_STORE") or DEFAULT_STORE


def sqlite_file(store: str | None) -> Path | None:
    """The SQLite file of the store, if it is one and exists."""
    url = resolve_url(store)
    path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else url
    if "://" in path:
        return None
    file = Path(path)
    return file if file.is_file() else None


def is_postgres(recorder) -> bool:
    """Whether a recorder keeps its events in PostgreSQL."""
    return type(recorder).__module__ == POSTGRES_MODULE
