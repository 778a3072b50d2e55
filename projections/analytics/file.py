"""The analytics file: where it lives and how it is opened."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from battletape.domain.errors import StoreError
from battletape.domain.words import N_


def default_path(url: str) -> Path:
    """The analytics file of the store at ``url`` (a path or a postgresql:// URL):
    beside a SQLite store (battletape.db -> battletape.duckdb); for PostgreSQL, a
    file named after the database (and schema) in the working directory;
    BATTLETAPE_ANALYTICS overrides both."""
    env = os.environ.get("BATTLETAPE_ANALYTICS")
    if env:
        return Path(env)
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
            config: dict | None = None, row_group_size: int | None = None):
    """A DuckDB connection; waits while another process holds the file.

    ``row_group_size`` (for writing): row groups of that many rows instead of
    DuckDB's 122,880. An append of at least one row group is written to the file
    before its COMMIT ("optimistic write") and not through the write-ahead log, so a
    catch-up's batch is written once instead of twice."""
    import duckdb

    path = Path(path)
    if read_only and not path.exists():
        raise StoreError.said(N_("no analytics file {path!r} yet"), path=str(path))
    if not path.parent.exists():
        raise StoreError.said(N_("analytics file {path!r}: folder does not exist"),
                              path=str(path))
    deadline = time.monotonic() + wait
    while True:
        try:
            if row_group_size and not read_only:
                return _attached(str(path), row_group_size, config or {})
            return duckdb.connect(str(path), read_only=read_only, config=config or {})
        except duckdb.IOException as err:
            text = str(err)
            if "lock" not in text.lower() or time.monotonic() > deadline:
                first = text.splitlines()[0] if text else type(err).__name__
                raise StoreError.said(N_("cannot open analytics file {path!r}: "
                                         "{reason}"), path=str(path), reason=first)
            time.sleep(0.2)
        except duckdb.Error as err:
            first = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise StoreError.said(N_("cannot open analytics file {path!r}: {reason}"),
                                  path=str(path), reason=first)


def _attached(path: str, row_group_size: int, config: dict):
    """The file attached (and used) with its own row group size; where this DuckDB
    has no such option, opened as usual."""
    import duckdb

    con = duckdb.connect(":memory:", config=config)
    quoted = path.replace("'", "''")
    try:
        con.execute(f"ATTACH '{quoted}' AS analytics (ROW_GROUP_SIZE {row_group_size})")
    except duckdb.IOException:
        con.close()
        raise
    except duckdb.Error:  # an older DuckDB: no ROW_GROUP_SIZE
        con.close()
        return duckdb.connect(path, config=config)
    con.execute("USE analytics")
    return con
