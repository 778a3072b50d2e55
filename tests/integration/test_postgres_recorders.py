"""battletape/stores/postgres.py keeps eventsourcing's recorder contract: eventsourcing's own
recorder test cases (the ones its PostgreSQL and SQLite modules pass) run against it
on the real server, each in a schema of its own; and a store written by it has the
tables and columns of eventsourcing's PostgreSQL module."""

from __future__ import annotations

import os
import uuid

import pytest
from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    InfrastructureFactory,
    IntegrityError,
    OperationalError,
    StoredEvent,
)
from eventsourcing.tests.persistence import (
    AggregateRecorderTestCase,
    ApplicationRecorderTestCase,
    InfrastructureFactoryTestCase,
    NonInterleavingNotificationIDsBaseCase,
    ProcessRecorderTestCase,
    TrackingRecorderTestCase,
)
from eventsourcing.utils import Environment

from battletape.stores import postgres
from tests.conftest import PG_URL, _pg_available, pg_sql

pytestmark = pytest.mark.postgres


def _env(schema: str) -> Environment:
    from urllib.parse import urlparse

    url = urlparse(PG_URL)
    env = Environment("battletape", {
        "PERSISTENCE_MODULE": "battletape.stores.postgres",
        "POSTGRES_DBNAME": url.path.lstrip("/") or "postgres",
        "POSTGRES_HOST": url.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(url.port or 5432),
        "POSTGRES_USER": url.username or "postgres",
        "POSTGRES_PASSWORD": url.password or "",
        "POSTGRES_SCHEMA": schema,
    })
    return env


class _Schema:
    """A schema of the test's own, dropped after it; the recorders made in it."""

    def setUp(self) -> None:
        reason = _pg_available()
        if reason is not None:
            if os.environ.get("BATTLETAPE_REQUIRE_PG"):
                pytest.fail(f"PostgreSQL is required here but unavailable: {reason}")
            pytest.skip(f"PostgreSQL not available at {PG_URL}: {reason}")
        self.schema = "bt_rec_" + uuid.uuid4().hex[:10]
        self.env = _env(self.schema)
        self.factories: list[postgres.PostgresFactory] = []
        super().setUp()

    def factory(self) -> postgres.PostgresFactory:
        made = postgres.PostgresFactory(self.env)
        self.factories.append(made)
        return made

    def tearDown(self) -> None:
        try:
            super().tearDown()
        finally:
            for made in self.factories:
                made.close()
            pg_sql(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')


class TestAggregateRecorder(_Schema, AggregateRecorderTestCase):
    def create_recorder(self) -> AggregateRecorder:
        return self.factory().aggregate_recorder("snapshots")


class TestApplicationRecorder(_Schema, ApplicationRecorderTestCase):
    def create_recorder(self) -> ApplicationRecorder:
        return self.factory().application_recorder()

    @pytest.mark.slow
    def test_concurrent_no_conflicts(self, initial_position: int = 0) -> None:
        super().test_concurrent_no_conflicts(initial_position)

    @pytest.mark.slow
    def test_concurrent_throughput(self) -> None:
        super().test_concurrent_throughput()


class TestNonInterleavingNotificationIds(_Schema, NonInterleavingNotificationIDsBaseCase):
    def create_recorder(self) -> ApplicationRecorder:
        return self.factory().application_recorder()


class TestTrackingRecorder(_Schema, TrackingRecorderTestCase):
    def create_recorder(self):
        return self.factory().tracking_recorder()


class TestProcessRecorder(_Schema, ProcessRecorderTestCase):
    def create_recorder(self):
        return self.factory().process_recorder()


class _TrackingSubclass(postgres.PostgresTrackingRecorder):
    pass


class TestFactory(_Schema, InfrastructureFactoryTestCase[postgres.PostgresFactory]):
    def setUp(self) -> None:
        _Schema.setUp(self)  # sets self.env, then eventsourcing's constructs from it

    def tearDown(self) -> None:
        _Schema.tearDown(self)

    def expected_factory_class(self):
        return postgres.PostgresFactory

    def expected_aggregate_recorder_class(self):
        return postgres.PostgresAggregateRecorder

    def expected_application_recorder_class(self):
        return postgres.PostgresApplicationRecorder

    def expected_tracking_recorder_class(self):
        return postgres.PostgresTrackingRecorder

    def tracking_recorder_subclass(self):
        return _TrackingSubclass

    def expected_process_recorder_class(self):
        return postgres.PostgresProcessRecorder


# --- battletape's own needs of the module ----------------------------------------


@pytest.fixture
def factory(pg_store):
    schema = pg_store.rsplit("schema=", 1)[1]
    made = InfrastructureFactory.construct(_env(schema))
    yield made, schema
    made.close()


def _columns(schema: str, table: str) -> list[tuple]:
    return pg_sql("SELECT column_name, data_type FROM information_schema.columns WHERE "
                  "table_schema = %s AND table_name = %s ORDER BY ordinal_position",
                  params=(schema, table))


def test_the_tables_are_eventsourcings(factory):
    """The columns and keys of eventsourcing's PostgreSQL module: a store either one
    wrote is the other's."""
    made, schema = factory
    made.application_recorder()
    made.aggregate_recorder("snapshots")
    assert _columns(schema, "battletape_events") == [
        ("originator_id", "uuid"), ("originator_version", "bigint"), ("topic", "text"),
        ("state", "bytea"), ("notification_id", "bigint")]
    assert _columns(schema, "battletape_snapshots") == [
        ("originator_id", "uuid"), ("originator_version", "bigint"), ("topic", "text"),
        ("state", "bytea")]
    keys = pg_sql("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = %s "
                  "ORDER BY indexname", params=(schema,))
    assert [k[0] for k in keys] == ["battletape_events_notification_id_idx",
                                    "battletape_events_pkey", "battletape_snapshots_pkey"]
    assert "UNIQUE" in keys[0][1] and "(notification_id)" in keys[0][1]
    assert "(originator_id, originator_version)" in keys[1][1]


def test_an_existing_store_is_opened_without_any_ddl(factory):
    """Once the tables are there, opening checks them with one query and creates
    nothing (a role that may only record never needs the right to create)."""
    made, schema = factory
    made.application_recorder()
    pg_sql(f'REVOKE CREATE ON SCHEMA "{schema}" FROM PUBLIC')
    before = pg_sql("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON "
                    "n.oid = c.relnamespace WHERE n.nspname = %s", params=(schema,))
    again = InfrastructureFactory.construct(_env(schema))
    try:
        again.application_recorder()
        assert again.datastore.connections_opened == 1
    finally:
        again.close()
    after = pg_sql("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON "
                   "n.oid = c.relnamespace WHERE n.nspname = %s", params=(schema,))
    assert before == after


def test_a_position_taken_is_an_integrity_error_and_nothing_is_kept(factory):
    made, _ = factory
    recorder = made.application_recorder()
    stream = uuid.uuid4()
    [first] = recorder.insert_events([StoredEvent(stream, 1, "t", b"one")])
    with pytest.raises(IntegrityError):
        recorder.insert_events([StoredEvent(stream, 2, "t", b"two"),
                                StoredEvent(stream, 1, "t", b"again")])
    assert [e.state for e in recorder.select_events(stream)] == [b"one"]
    # the connection is usable after the failed transaction (the ids the failed
    # insert drew from the sequence are not used again: PostgreSQL's sequences)
    [second] = recorder.insert_events([StoredEvent(stream, 2, "t", b"two")])
    assert second > first
    assert [(n.id, n.state) for n in recorder.select_notifications(0, 10)] == [
        (first, b"one"), (second, b"two")]


def test_an_unreachable_server_is_one_operational_error():
    env = _env("public")
    env["POSTGRES_PORT"] = "1"  # nothing listens there
    env["POSTGRES_CONNECT_TIMEOUT"] = "2"
    made = InfrastructureFactory.construct(env)
    with pytest.raises(OperationalError) as raised:
        made.application_recorder()
    assert "\n" not in str(raised.value)
    made.close()


def test_a_subscription_sees_events_recorded_after_it_began(factory):
    """LISTEN on the table's channel: a notification recorded by another connection
    after the subscription started comes through."""
    made, _ = factory
    recorder = made.application_recorder()
    stream = uuid.uuid4()
    recorder.insert_events([StoredEvent(stream, 1, "t", b"before")])
    other = InfrastructureFactory.construct(made.env)
    try:
        with recorder.subscribe(gt=0) as subscription:
            assert _next_within(subscription, 10).state == b"before"
            other.application_recorder().insert_events(
                [StoredEvent(stream, 2, "t", b"after")])
            got = _next_within(subscription, 10)
            assert (got.originator_version, got.state) == (2, b"after")
    finally:
        other.close()


def _next_within(subscription, seconds: float):
    """The subscription's next notification; a test failure, not a hang, when none
    comes within ``seconds``."""
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(1)
    try:
        return pool.submit(next, subscription).result(timeout=seconds)
    except TimeoutError:
        subscription.stop()
        pytest.fail(f"no notification within {seconds} s")
    finally:
        pool.shutdown(wait=False)


def test_a_long_insert_is_cut_into_statements_and_keeps_its_order(factory):
    """An import of a long battle inserts more rows than one statement holds: every
    row is stored, in order, with its notification id, in one transaction."""
    made, _ = factory
    recorder = made.application_recorder()
    stream = uuid.uuid4()
    count = postgres.ROWS * 2 + 7
    ids = recorder.insert_events([StoredEvent(stream, i, "t", str(i).encode())
                                  for i in range(1, count + 1)])
    assert len(ids) == count and ids == sorted(ids)
    stored = recorder.select_events(stream)
    assert [e.originator_version for e in stored] == list(range(1, count + 1))
    assert stored[-1].state == str(count).encode()
    with pytest.raises(IntegrityError):  # the last statement fails: none is kept
        recorder.insert_events([StoredEvent(stream, i, "t", b"x")
                                for i in range(count + 1, count + postgres.ROWS + 2)]
                               + [StoredEvent(stream, 1, "t", b"again")])
    assert len(recorder.select_events(stream)) == count


def test_a_session_outlives_a_lost_connection(factory, monkeypatch):
    """A long session (`play`, `serve`) whose connection the server dropped while it
    sat idle (a restart, an idle timeout) goes on: the next command reconnects."""
    made, _ = factory
    recorder = made.application_recorder()
    stream = uuid.uuid4()
    recorder.insert_events([StoredEvent(stream, 1, "t", b"one")])
    pid = made.datastore.connection().get_backend_pid()
    pg_sql("SELECT pg_terminate_backend(%s)", params=(pid,))
    monkeypatch.setattr(postgres, "IDLE", 0.0)  # as after a while at the table
    assert [e.state for e in recorder.select_events(stream)] == [b"one"]
    recorder.insert_events([StoredEvent(stream, 2, "t", b"two")])
    assert made.datastore.connections_opened == 2
    assert made.datastore.connection().get_backend_pid() != pid
