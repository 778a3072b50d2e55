"""Parquet export of the analytics tables, partitioned by campaign."""

from __future__ import annotations

from pathlib import Path

from battletape.domain.errors import StoreError
from battletape.domain.words import N_
from battletape.projections.analytics.schema import TABLES

EXPORTED_VIEWS = ("corrections", "disputes")


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def to_parquet(path: Path | str, folder: Path | str) -> dict[str, int]:
    """Write folder/TABLE/campaign=NAME/*.parquet for every table; rows per table."""
    import duckdb

    from battletape.projections.analytics.file import connect

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    con = connect(path, read_only=True)
    written: dict[str, int] = {}
    try:
        for name in [t.name for t in TABLES] + list(EXPORTED_VIEWS):
            n = con.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
            written[name] = n
            if not n:
                continue
            con.execute(f"COPY (SELECT * FROM {name}) TO {_literal(str(folder / name))} "
                        "(FORMAT PARQUET, PARTITION_BY (campaign), OVERWRITE_OR_IGNORE)")
    except duckdb.Error as err:
        line = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise StoreError.said(N_("cannot write Parquet to {folder!r}: {reason}"),
                              folder=str(folder), reason=line) from None
    finally:
        con.close()
    return written
