"""Bulk ingestion into DuckDB: row tuples become one Arrow table per batch.

Never row by row: each table of a batch goes in with one INSERT ... SELECT from an
Arrow table (or, without pyarrow, from one NDJSON file read by DuckDB's read_json).
"""

from __future__ import annotations

import os
import tempfile
from typing import Sequence

from projections.analytics_schema import BY_NAME, quoted

try:  # pyarrow is the fast path; NDJSON through read_json works without it
    import pyarrow as pa
except ImportError:  # pragma: no cover - exercised only where pyarrow is missing
    pa = None

Columns = Sequence[tuple[str, str]]  # (name, DuckDB type)


def _arrow_type(sql: str):
    if sql.endswith("[]"):
        return pa.list_(_arrow_type(sql[:-2]))
    return {"VARCHAR": pa.string(), "JSON": pa.string(), "UUID": pa.string(),
            "INTEGER": pa.int32(), "BIGINT": pa.int64(), "BOOLEAN": pa.bool_(),
            "TIMESTAMPTZ": pa.timestamp("us", tz="UTC")}[sql]


def _select_list(cols: Columns) -> str:
    return ", ".join(f"CAST({quoted(n)} AS {t}) AS {quoted(n)}" for n, t in cols)


def bulk(con, target: str, cols: Columns, rows: Sequence[tuple]) -> None:
    """Append ``rows`` (tuples in ``cols`` order) to ``target`` in one statement."""
    if not rows:
        return
    if pa is not None:
        data = list(zip(*rows))
        batch = pa.Table.from_arrays(
            [pa.array(values, type=_arrow_type(t)) for values, (_, t) in zip(data, cols)],
            names=[n for n, _ in cols])
        con.register("_ingest", batch)
        try:
            con.execute(f"INSERT INTO {target} SELECT {_select_list(cols)} FROM _ingest")
        finally:
            con.unregister("_ingest")
        return
    _bulk_ndjson(con, target, cols, rows)


def _bulk_ndjson(con, target: str, cols: Columns, rows: Sequence[tuple]) -> None:
    import msgspec

    names = [n for n, _ in cols]
    encode = msgspec.json.Encoder(enc_hook=str).encode
    fd, path = tempfile.mkstemp(suffix=".ndjson")
    try:
        with os.fdopen(fd, "wb") as fh:
            for row in rows:
                fh.write(encode(dict(zip(names, row))))
                fh.write(b"\n")
        spec = ", ".join(f"{quoted(n)}: '{'VARCHAR' if t == 'JSON' else t}'"
                         for n, t in cols)
        con.execute(f"INSERT INTO {target} SELECT {_select_list(cols)} FROM read_json("
                    f"?, format='newline_delimited', columns={{{spec}}})", [path])
    finally:
        os.unlink(path)


def insert(con, table: str, rows: Sequence[tuple]) -> None:
    """Append rows to an analytics table."""
    bulk(con, table, [(n, t) for n, t, _ in BY_NAME[table].columns], rows)


def temp_table(con, name: str, cols: Columns, rows: Sequence[tuple]) -> None:
    """A temporary table holding ``rows``."""
    spec = ", ".join(f"{quoted(n)} {t}" for n, t in cols)
    con.execute(f"CREATE OR REPLACE TEMP TABLE {name} ({spec})")
    bulk(con, name, cols, rows)
