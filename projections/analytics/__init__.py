"""Campaign analytics: the store projected into a DuckDB file for SQL.

One module per job: ``projection`` (the file and its catch-up, exactly once),
``read`` (the store's notifications in batches), ``batch`` (a batch decoded and
folded into loads), ``folder`` and ``rows`` (the fold into table rows), ``ingest``
(rows into DuckDB through Arrow), ``refold`` (an encounter folded again after a
correction), ``worker`` (the fold in a process of its own), ``schema`` (every table
and column), ``file`` (where the file lives, how it is opened), ``query`` (read-only
SQL), ``stats`` and ``fairness`` (the dashboard), ``export`` (Parquet).

What callers use is named here and imported on first use, so that importing one
module of the package (``query`` for ``sql --schema``, ``worker`` run with ``python
-m``) does not load the whole catch-up, pyarrow included.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from battletape.projections.analytics.file import connect, default_path
    from battletape.projections.analytics.projection import BATCH, Projection, catch_up

_API = {"BATCH": "projection", "Projection": "projection", "catch_up": "projection",
        "connect": "file", "default_path": "file"}

__all__ = list(_API)


def __getattr__(name: str):
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)
