"""Bulk ingestion into DuckDB: row tuples become one Arrow table per batch.

Never row by row: each table of a batch goes in with one INSERT ... SELECT from an
Arrow table (or, without pyarrow, from one NDJSON file read by DuckDB's read_json).
What DuckDB can work out by itself, in its own threads, it does: the stored JSON of
each event is handed over as one buffer, and the type, command, author and time of
every event are read out of it in SQL; names repeated on every row (the stream, the
encounter, the campaign) travel as small integers into a dictionary.

A :class:`Load` is made where the rows are (it holds the GIL: Python objects become
Arrow arrays) and run where the DuckDB connection is (DuckDB works without the GIL).
"""

from __future__ import annotations

import itertools
import os
import re
import tempfile
from dataclasses import dataclass
from typing import Any, Sequence

from battletape.projections.analytics import schema
from battletape.projections.analytics.schema import quoted

try:  # pyarrow is the fast path; NDJSON through read_json works without it
    import pyarrow as pa
except ImportError:  # pragma: no cover - exercised only where pyarrow is missing
    pa = None

Columns = Sequence[tuple[str, str]]  # (name, DuckDB type)
Dicts = dict[str, list]  # column -> the values its row entries index


def _arrow_type(sql: str):
    if sql.endswith("[]"):
        return pa.list_(_arrow_type(sql[:-2]))
    return {"VARCHAR": pa.string(), "JSON": pa.string(), "UUID": pa.string(),
            "INTEGER": pa.int32(), "BIGINT": pa.int64(), "BOOLEAN": pa.bool_(),
            "TIMESTAMP": pa.timestamp("us")}[sql]


def json_array(values: Sequence[bytes]):
    """Stored JSON documents (bytes, valid UTF-8) as one Arrow string array, copied
    once into a single buffer."""
    offsets = pa.array(itertools.accumulate(map(len, values), initial=0), pa.int32())
    return pa.StringArray.from_buffers(len(values), offsets.buffers()[1],
                                       pa.py_buffer(b"".join(values)))


def _arrow_table(cols: Columns, rows: Sequence[tuple], dicts: Dicts):
    """Row tuples to an Arrow table in one conversion (a struct array, split into
    its columns); ``dicts`` columns hold int32 indexes into their values."""
    fields = [(n, pa.int32() if n in dicts else _arrow_type(t)) for n, t in cols]
    try:
        children = pa.array(rows, type=pa.struct(fields)).flatten()
    except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError):
        # a stored value the column cannot hold (a store written before battletape
        # bounded its numbers): a warning and a NULL, never a broken file
        rows = within_range(cols, rows, dicts)
        children = pa.array(rows, type=pa.struct(fields)).flatten()
    arrays = [pa.DictionaryArray.from_arrays(child, pa.array(dicts[n], _arrow_type(t)))
              if n in dicts else child for child, (n, t) in zip(children, cols)]
    return pa.Table.from_arrays(arrays, names=[n for n, _ in cols])


_INT_RANGE = {"INTEGER": 2**31, "BIGINT": 2**63}


def within_range(cols: Columns, rows: Sequence[tuple], dicts: Dicts) -> list[tuple]:
    """``rows`` with every integer its column cannot hold replaced by NULL, each such
    value named in a one-line warning on stderr."""
    import sys

    limits = [None if n in dicts else _INT_RANGE.get(t) for n, t in cols]
    out = []
    for row in rows:
        fixed = list(row)
        for i, (value, limit) in enumerate(zip(row, limits)):
            if limit is not None and isinstance(value, int) and not -limit <= value < limit:
                print(f"warning: {cols[i][0]} {value} is beyond what the analytics "
                      f"column holds ({cols[i][1]}): stored as NULL", file=sys.stderr)
                fixed[i] = None
        out.append(tuple(fixed))
    return out


def cast_all(cols: Columns) -> str:
    return ", ".join(f"CAST({quoted(n)} AS {t}) AS {quoted(n)}" for n, t in cols)


@dataclass
class Load:
    """One INSERT of a batch into a table, ready to run."""

    target: str
    query: str  # selects from the batch, called _ingest
    data: Any = None  # an Arrow table
    ndjson: str | None = None  # or a file for read_json
    spec: str = ""

    def run(self, con) -> None:
        run_all(con, [self])

    def statements(self, name: str) -> list[str]:
        """The SQL of this load, its batch called ``name``."""
        insert = f"INSERT INTO {self.target} " + re.sub(r"\b_ingest\b", name, self.query)
        if self.data is not None:
            return [insert]
        return [f"CREATE OR REPLACE TEMP TABLE {name} AS SELECT * FROM read_json("
                f"{literal(self.ndjson)}, format='newline_delimited', "
                f"columns={{{self.spec}}})", insert, f"DROP TABLE {name}"]

    def discard(self) -> None:
        if self.ndjson is not None and os.path.exists(self.ndjson):
            os.unlink(self.ndjson)


def literal(text: str) -> str:
    """An SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def run_all(con, loads: Sequence[Load | None], before: str = "",
            after: str = "") -> None:
    """Run ``loads``, with some SQL before and after, in ONE call: every call into
    DuckDB gives the GIL away and must wait to get it back from the folding thread."""
    loads = [x for x in loads if x is not None]
    statements = [before] if before else []
    registered = []
    try:
        for i, prepared in enumerate(loads):
            name = f"_ingest_{i}"
            if prepared.data is not None:
                con.register(name, prepared.data)
                registered.append(name)
            statements += prepared.statements(name)
        if after:
            statements.append(after)
        if statements:
            con.execute(";\n".join(statements))
    finally:
        for name in registered:
            con.unregister(name)
        for prepared in loads:
            prepared.discard()


def load(target: str, cols: Columns, rows: Sequence[tuple], dicts: Dicts | None = None,
         query: str | None = None,
         json: tuple[str, Sequence[bytes]] | None = None) -> Load | None:
    """A :class:`Load` appending ``rows`` (tuples in ``cols`` order) to ``target``.

    ``dicts`` names columns whose entries are indexes into a list of values;
    ``query`` selects from the batch, called ``_ingest`` (default: every column
    cast to its type); ``json`` is one more column (name, stored JSON documents)."""
    if not rows:
        return None
    dicts = {n: v for n, v in (dicts or {}).items() if n in dict(cols)}
    query = query or f"SELECT {cast_all(cols)} FROM _ingest"
    if pa is None:
        if json is not None:
            cols = list(cols) + [(json[0], "JSON")]
            rows = [row + (doc,) for row, doc in zip(rows, json[1])]
        return _ndjson_load(target, cols, rows, dicts, query)
    data = _arrow_table(cols, rows, dicts)
    if json is not None:
        data = data.append_column(json[0], json_array(json[1]))
    return Load(target, query, data=data)


def _ndjson_load(target: str, cols: Columns, rows: Sequence[tuple], dicts: Dicts,
                 query: str) -> Load:
    import msgspec

    names = [n for n, _ in cols]
    lookups = [dicts.get(n) for n in names]
    encode = msgspec.json.Encoder(enc_hook=str).encode
    fd, path = tempfile.mkstemp(suffix=".ndjson")
    with os.fdopen(fd, "wb") as fh:
        for row in rows:
            values = [v.decode() if isinstance(v, bytes) else
                      (lookup[v] if lookup is not None else v)
                      for v, lookup in zip(row, lookups)]
            fh.write(encode(dict(zip(names, values))))
            fh.write(b"\n")
    spec = ", ".join(f"{quoted(n)}: '{'VARCHAR' if t == 'JSON' else t}'" for n, t in cols)
    return Load(target, query, ndjson=path, spec=spec)


def bulk(con, target: str, cols: Columns, rows: Sequence[tuple],
         dicts: Dicts | None = None) -> None:
    """Append ``rows`` to ``target`` now, in one statement."""
    prepared = load(target, cols, rows, dicts)
    if prepared is not None:
        prepared.run(con)


def table_load(table: str, rows: Sequence[tuple], dicts: Dicts | None = None):
    """A :class:`Load` of rows into an analytics table."""
    return load(table, [(n, t) for n, t, _ in schema.table(table).columns], rows, dicts)


def insert(con, table: str, rows: Sequence[tuple], dicts: Dicts | None = None) -> None:
    """Append rows to an analytics table now."""
    prepared = table_load(table, rows, dicts)
    if prepared is not None:
        prepared.run(con)


LOG_COLUMNS = [("nid", "BIGINT"), ("stream", "UUID"), ("encounter", "VARCHAR"),
               ("campaign", "VARCHAR"), ("system", "VARCHAR"), ("position", "INTEGER"),
               ("correction", "BOOLEAN")]
LOG_QUERY = """SELECT nid, CAST(stream AS UUID), encounter, campaign, system, position,
    j[1], CAST(j[2] AS INTEGER), j[3], CAST(j[4] AS TIMESTAMP), nullif(j[5], ''),
    correction, false, false, CAST(data AS JSON)
    FROM (SELECT *, json_extract_string(data, ['$.type', '$.cmd', '$.by',
                                               '$.timestamp', '$.command']) AS j
          FROM _ingest)"""


def log_load(rows: Sequence[tuple], docs: Sequence[bytes] | None,
             dicts: Dicts) -> Load | None:
    """A :class:`Load` into events_all: (nid, stream, encounter, campaign, system,
    position, correction) and the stored JSON of each event; DuckDB reads the rest out of it.
    Without ``docs`` (Arrow only), the `data` column is appended later."""
    return load("events_all", LOG_COLUMNS, rows, dicts, query=LOG_QUERY,
                json=("data", docs) if docs is not None else None)


def temp_table(con, name: str, cols: Columns, rows: Sequence[tuple]) -> None:
    """A temporary table holding ``rows``."""
    spec = ", ".join(f"{quoted(n)} {t}" for n, t in cols)
    con.execute(f"CREATE OR REPLACE TEMP TABLE {name} ({spec})")
    bulk(con, name, cols, rows)
