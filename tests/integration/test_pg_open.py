"""Opening a PostgreSQL store: the schema and tables are made on first use (opens
check them with one query instead of CREATE statements), and made again when one is
missing; a command opens one connection."""

from __future__ import annotations

from battletape.application import Battletape
from battletape.store import open_application
from tests.conftest import pg_sql


def _tables(schema: str) -> set[str]:
    return {r[0] for r in pg_sql(
        "SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = %s",
        params=(schema,))}


def test_first_open_makes_the_schema_and_tables_and_later_opens_keep_them(pg_store):
    schema = pg_store.rsplit("schema=", 1)[1]
    assert _tables(schema) == set()
    bt = Battletape(pg_store, "gm")
    try:
        bt.new("cave", system="13a")
    finally:
        bt.close()
    assert {"battletape_events", "battletape_snapshots"} <= _tables(schema)
    bt = Battletape(pg_store, "gm")
    try:
        assert [r.name for r in bt.registrations()] == ["cave"]
    finally:
        bt.close()


def test_a_missing_table_is_made_again_at_the_next_open(pg_store):
    schema = pg_store.rsplit("schema=", 1)[1]
    open_application(pg_store).close()
    pg_sql(f'DROP TABLE "{schema}".battletape_snapshots')
    assert "battletape_snapshots" not in _tables(schema)
    app = open_application(pg_store)
    try:
        assert "battletape_snapshots" in _tables(schema)
    finally:
        app.close()


def test_one_connection_a_command(pg_store):
    bt = Battletape(pg_store, "gm")
    try:
        bt.new("cave", system="13a")
        bt.state("cave")
        assert bt.app.recorder.datastore.connections_opened == 1
    finally:
        bt.close()
