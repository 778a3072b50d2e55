"""Read-only SQL over the analytics file.

Two locks: the statement must be a query (SELECT, or EXPLAIN of one), and the file
is opened read-only with external access off and the configuration locked, so no
write, ATTACH, COPY, INSTALL/LOAD, SET, or read_csv('/etc/...') gets through.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battletape.domain.errors import BadInput, BattletapeError
from battletape.domain.words import N_

READ_ONLY_CONFIG = {"enable_external_access": False, "lock_configuration": True,
                    "autoinstall_known_extensions": False,
                    "autoload_known_extensions": False}


class QueryError(BattletapeError):
    """DuckDB refused or failed the query."""


def check(sql: str, con=None) -> None:
    """Refuse anything but one read-only query (parsed by ``con`` when one is open:
    DuckDB's default connection, made on first use, costs a database of its own)."""
    import duckdb

    if not sql.strip():
        raise BadInput("query", sql,
                       N_("an SQL query, e.g. SELECT * FROM attacks LIMIT 5"))
    try:
        statements = (con or duckdb).extract_statements(sql)
    except duckdb.Error as err:
        raise QueryError(_first_line(err)) from None
    if len(statements) != 1:
        raise BadInput("query", f"{len(statements)} statements",
                       N_("one query at a time"))
    kind = statements[0].type
    if kind not in (duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN):
        name = str(kind).rsplit(".", 1)[-1]
        raise BadInput("query", name, N_("a read-only query (SELECT, WITH … SELECT, "
                       "DESCRIBE, SHOW, SUMMARIZE, EXPLAIN): the analytics are "
                       "read-only, and writes, ATTACH, COPY, INSTALL/LOAD and SET are "
                       "refused"))


def open_read_only(path: Path | str):
    from battletape.projections.analytics.file import connect

    return connect(path, read_only=True, config=dict(READ_ONLY_CONFIG))


def _if_current(path: Path | str, version, probe, errors: tuple) -> object:
    """A read-only connection to the analytics file if it holds every event of the
    store: its schema is ``version()`` (asked only of a file that opens), and ``probe(nid)`` (the store's last
    notification id and the stored JSON of ``nid``, None when missing) matches the
    position and the fingerprint the file recorded. None otherwise, or on ``errors``."""
    from battletape.projections.analytics.read import digest

    if not Path(path).exists():
        return None
    try:
        con = open_read_only(path)
    except BattletapeError:
        return None
    try:
        meta = dict(con.execute("SELECT key, value FROM _meta").fetchall())
        nid = int(meta.get("nid", "0"))
        if meta.get("schema") == version():
            last, state = probe(nid)
            if last == nid and state is not None and \
                    (not nid or digest(state) == meta.get("digest")):
                return con
    except errors:
        pass
    con.close()
    return None


def current(app, path: Path | str):
    """A read-only connection to the file if it already holds every event of the
    store (the usual case: then no catch-up needs the file opened for writing)."""
    import duckdb

    from battletape.projections.analytics.read import Reader
    from battletape.projections.analytics.schema import version

    def probe(nid: int) -> tuple[int, bytes | None]:
        last = reader.last()
        if last != nid:
            return last, None
        found = reader.read(nid, nid, 1) if nid else [(0, b"")]
        return last, found[0][1] if found else None

    if not Path(path).exists():
        return None
    reader = Reader(app.recorder)
    try:
        return _if_current(path, version, probe, (duckdb.Error,))
    finally:
        reader.close()


def current_sqlite(store_file: Path | str, path: Path | str,
                   table: str = "stored_events"):
    """:func:`current` for a SQLite store, read with the standard library: a query
    on an up-to-date file loads neither eventsourcing nor the store's event types."""
    import sqlite3

    import duckdb

    from battletape.projections.analytics.version_cache import version

    def probe(nid: int) -> tuple[int, bytes | None]:
        db = sqlite3.connect(f"file:{Path(store_file).resolve()}?mode=ro", uri=True,
                             timeout=10)
        try:
            last = db.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0
            row = db.execute(f"SELECT state FROM {table} WHERE rowid = ?",
                             (nid,)).fetchone() if nid else (b"",)
        finally:
            db.close()
        return last, row[0] if row else None

    return _if_current(path, version, probe, (duckdb.Error, sqlite3.Error, ValueError))


def without_branches(con, include_branches: bool = False, query: str | None = None) -> None:
    """Scope a read-only connection for `sql`: every table and view with an
    ``encounter`` column is shadowed by a temporary view that leaves what-if branches
    out (they copy their trunk's past: counted with it, the past would count twice),
    unless ``include_branches``; ``encounters`` gains ``branch``, true for a branch.
    A ``query`` that names none of the file's tables or views (``SELECT 1``) reads no
    rows to scope: nothing is made."""
    if query is not None and not _names_a_table(query):
        return
    db = con.execute("SELECT current_database()").fetchone()[0]
    source = '"{}".main."{}"'.format(db.replace('"', '""'), "{}")
    names = [r[0] for r in con.execute(
        "SELECT DISTINCT table_name FROM information_schema.columns WHERE "
        "table_catalog = current_database() AND table_schema = 'main' AND "
        "column_name = 'encounter' AND table_name NOT LIKE '\\_%' ESCAPE '\\'"
    ).fetchall()]
    branches = (f"SELECT encounter FROM {source.format('encounters')} "
                "WHERE branched_from IS NOT NULL")
    keep = "TRUE" if include_branches else \
        f"(encounter IS NULL OR encounter NOT IN ({branches}))"
    for name in names:
        extra = ", branched_from IS NOT NULL AS branch" if name == "encounters" else ""
        con.execute(f'CREATE TEMP VIEW "{name}" AS SELECT *{extra} FROM '
                    f"{source.format(name)} WHERE {keep}")


def _names_a_table(query: str) -> bool:
    """Whether a word of ``query`` is the name of one of the analytics' tables or
    views (a generous test: a column or a string with such a name counts too)."""
    import re

    from battletape.projections.analytics import schema

    names = {t.name for t in schema.TABLES} | set(schema.VIEWS)
    return any(w in names for w in re.findall(r"[a-z_][a-z0-9_]*", query.casefold()))


def run(path: Path | str, sql: str, params: list | None = None,
        con=None) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Columns and rows of ``sql`` over the file at ``path`` (or on ``con``, which
    it closes), read-only."""
    import duckdb

    con = con or open_read_only(path)
    try:
        check(sql, con)
    except BaseException:
        con.close()
        raise
    try:
        cur = con.execute(sql, params or [])
        columns = [d[0] for d in cur.description] if cur.description else []
        return columns, cur.fetchall()
    except duckdb.PermissionException as err:
        raise QueryError.said(N_("{reason} (the analytics are read-only and may not "
                                 "read or write files)"), reason=_first_line(err)
                              ) from None
    except duckdb.Error as err:
        raise QueryError(_first_line(err)) from None
    finally:
        con.close()


def _first_line(err: Exception) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__
