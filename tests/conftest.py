"""Shared fixtures: a fresh SQLite store per test, a PostgreSQL schema when available."""

from __future__ import annotations

import os
import uuid
import warnings

import pytest

with warnings.catch_warnings():  # lark (d20's parser) imports the deprecated sre_parse:
    warnings.simplefilter("ignore", DeprecationWarning)  # not ours to fix, said once
    import lark  # noqa: F401

PG_URL = os.environ.get("BATTLETAPE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def pg_sql(*statements: str, url: str = PG_URL, params: tuple = ()) -> list[tuple]:
    """Run statements on the test server, each committed (autocommit); the rows of
    the last one (none for a statement that returns none)."""
    import psycopg2

    conn = psycopg2.connect(url, connect_timeout=3)
    try:
        conn.autocommit = True
        with conn.cursor() as cur:
            for statement in statements:
                cur.execute(statement, params or None)
            return cur.fetchall() if cur.description else []
    finally:
        conn.close()


def _pg_available() -> str | None:
    try:
        pg_sql("SELECT 1")
        return None
    except Exception as err:  # report why, skip on a user's machine
        return str(err).splitlines()[0] if str(err) else type(err).__name__


@pytest.fixture
def sqlite_store(tmp_path):
    return str(tmp_path / "battletape.db")


@pytest.fixture
def pg_store():
    reason = _pg_available()
    if reason is not None:
        if os.environ.get("BATTLETAPE_REQUIRE_PG"):
            pytest.fail(f"PostgreSQL is required here but unavailable: {reason}")
        pytest.skip(f"PostgreSQL not available at {PG_URL}: {reason}")
    schema = "bt_" + uuid.uuid4().hex[:12]
    yield f"{PG_URL}?schema={schema}"
    pg_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", "postgres"])
def any_store(request, tmp_path):
    """The same scenario on every store."""
    if request.param == "sqlite":
        return str(tmp_path / "battletape.db")
    return request.getfixturevalue("pg_store")


# the tests read battletape in English whatever the machine's locale says (a test of
# another language asks for it: --lang it, BATTLETAPE_LANG)
os.environ["BATTLETAPE_LANG"] = "en"
