"""Opening a PostgreSQL store: the schema and tables are made on first use (opens
check them with one query instead of CREATE statements), and made again when one is
missing; a command opens one connection."""

from __future__ import annotations

import uuid
from urllib.parse import quote

from battletape.application import Battletape
from battletape.stores.store import open_application
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


def test_dice_secrets_are_kept_in_the_stores_own_schema(pg_store):
    """Two stores in one database (two schemas) keep their virtual dice's secrets
    apart: the table is in the store's schema, not in the search path's."""
    schema = pg_store.rsplit("schema=", 1)[1]
    bt = Battletape(pg_store, "gm")
    try:
        bt.new("cave", system="13a")  # unseeded: commits to a secret
    finally:
        bt.close()
    assert "battletape_dice_secrets" in _tables(schema)
    held = pg_sql(f'SELECT count(*) FROM "{schema}".battletape_dice_secrets')
    assert held == [(1,)]


def test_secrets_kept_before_the_move_are_still_found(pg_store):
    """A store whose secrets were kept in the search path's table (before they moved
    into its schema) still reveals them; only the commitment's own secret is used."""
    from battletape.stores import dice_secrets
    from battletape.stores.store import open_application
    from battletape.domain import fair_dice

    schema = pg_store.rsplit("schema=", 1)[1]
    legacy = "bt_legacy_" + schema
    stream = uuid.uuid4()
    secret = b"s" * 32
    pg_sql(f'CREATE SCHEMA "{legacy}"',
           f'CREATE TABLE "{legacy}".battletape_dice_secrets (stream TEXT NOT NULL, '
           "commitment TEXT NOT NULL, secret TEXT NOT NULL, PRIMARY KEY (stream, "
           "commitment))",
           f"INSERT INTO \"{legacy}\".battletape_dice_secrets VALUES "
           f"('{stream.hex}', '{fair_dice.commitment(secret)}', '{secret.hex()}')")
    try:
        app = open_application(pg_store)
        try:
            with app.recorder.datastore.transaction(commit=True) as cur:
                cur.execute(f'SET search_path TO "{legacy}"')  # as the old table was
            assert dice_secrets.held(app, stream) == {fair_dice.commitment(secret): secret}
            assert dice_secrets.held(app, uuid.uuid4()) == {}
        finally:
            app.close()
    finally:
        pg_sql(f'DROP SCHEMA "{legacy}" CASCADE')


def test_any_schema_name_is_quoted_everywhere(pg_store):
    """A schema named with a hyphen, a capital and a double quote is a store like any
    other: every table is named in it, quoted (an unquoted name once broke a save)."""
    from tests.helpers import ok

    schema = 'Camp-"1"-' + uuid.uuid4().hex[:6]
    store = pg_store.rsplit("schema=", 1)[0] + "schema=" + quote(schema)
    try:
        ok(store, "new", "cave")
        ok(store, "add", "Bruna", "--pc", "--hp", "30", "--init", "3")
        assert "every hash chain holds" in ok(store, "verify").out
        assert {"battletape_events", "battletape_snapshots", "battletape_chain",
                "battletape_heads", "battletape_dice_secrets"} <= _tables(schema)
    finally:
        quoted = schema.replace('"', '""')
        pg_sql(f'DROP SCHEMA IF EXISTS "{quoted}" CASCADE')
