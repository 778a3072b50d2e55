"""eventsourcing's persistence on PostgreSQL, through psycopg2.

A battletape command is a process of its own, so what it costs to start counts:
eventsourcing's own PostgreSQL module imports psycopg 3 and psycopg_pool (asyncio,
the SSL module, ``importlib.metadata``: about 80 ms before the first query), where
psycopg2's C extension loads in a few. This module is an eventsourcing persistence
module (``PERSISTENCE_MODULE=battletape.stores.postgres``: an ``InfrastructureFactory`` and
its recorders) on psycopg2, with the tables of eventsourcing's module, so a store
either one wrote is the other's too:

* ``<app>_events``: originator_id uuid, originator_version bigint, topic text,
  state bytea, notification_id bigserial (a unique index); ``<app>_snapshots``
  the same without notification ids; ``<app>_tracking``, one row per application.
* An insert takes the table's EXCLUSIVE lock, so that notification ids are
  committed in the order they are issued (a reader tailing the log never passes a
  gap that fills later), and NOTIFYs the table's channel, as eventsourcing's does.

One connection per thread, opened on first use; a statement outside a transaction
runs in autocommit (one round trip), a ``transaction()`` is BEGIN … COMMIT or
ROLLBACK. Tables are created only when missing, under an advisory lock, so two
processes that open a new store at once do not collide and a role that may only
record never needs the right to create. psycopg2's errors become eventsourcing's
(``IntegrityError`` for a position already taken, and so on).
"""

from __future__ import annotations

import select
import threading
import time
import uuid
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

import psycopg2
from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    DatabaseError,
    DataError,
    InfrastructureFactory,
    IntegrityError,
    InterfaceError,
    InternalError,
    ListenNotifySubscription,
    Notification,
    NotSupportedError,
    OperationalError,
    PersistenceError,
    ProcessRecorder,
    ProgrammingError,
    StoredEvent,
    Subscription,
    Tracking,
    TrackingRecorder,
)
from eventsourcing.utils import resolve_topic, strtobool

ROWS = 1000  # rows an INSERT statement holds at most
IDLE = 30.0  # seconds after which a connection is checked before it is used again
_CREATE_LOCK = 0x62747470  # the advisory lock held while a store's tables are created
_AUTOVACUUM = ("WITH (autovacuum_enabled = true, autovacuum_vacuum_threshold = "
               "100000000, autovacuum_vacuum_scale_factor = 0.5, "
               "autovacuum_analyze_threshold = 1000, "
               "autovacuum_analyze_scale_factor = 0.01)")

# psycopg2's error classes and eventsourcing's, most specific first
_ERRORS = (
    (psycopg2.IntegrityError, IntegrityError),
    (psycopg2.DataError, DataError),
    (psycopg2.InternalError, InternalError),
    (psycopg2.ProgrammingError, ProgrammingError),
    (psycopg2.NotSupportedError, NotSupportedError),
    (psycopg2.OperationalError, OperationalError),
    (psycopg2.InterfaceError, InterfaceError),
    (psycopg2.DatabaseError, DatabaseError),
    (psycopg2.Error, PersistenceError),
)


def inserts(curs: Any, head: str, row: str, rows: Sequence[Sequence[Any]],
            tail: str = "") -> Iterator[str]:
    """``head VALUES row, row, ... tail`` statements of at most ROWS rows each (an
    import of a long battle is many, never one statement of hundreds of megabytes);
    ``row`` is a template of ``%s`` marks, filled in by psycopg2."""
    for at in range(0, len(rows), ROWS):
        values = ",".join(curs.mogrify(row, tuple(r)).decode()
                          for r in rows[at:at + ROWS])
        yield f"{head} VALUES {values}{tail}"


def identifier(name: str) -> str:
    """``name`` quoted as a PostgreSQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def translated(err: psycopg2.Error) -> PersistenceError:
    """eventsourcing's error for one of psycopg2's, with its first line; the
    driver's error stays its cause, and its class name is kept in the message's
    type (a ``UniqueViolation`` is an ``IntegrityError``)."""
    for driver, ours in _ERRORS:
        if isinstance(err, driver):
            text = str(err).strip().splitlines()
            return ours(text[0] if text else type(err).__name__)
    return PersistenceError(str(err))


class PostgresDatastore:
    """Connections to one database and schema: one per thread, opened on first use."""

    def __init__(self, *, dbname: str, host: str, port: str, user: str,
                 password: str, schema: str = "", connect_timeout: int = 5,
                 lock_timeout: int = 0, application_name: str = "battletape"):
        self.params = {"dbname": dbname, "host": host, "port": port, "user": user,
                       "password": password, "connect_timeout": connect_timeout,
                       "application_name": application_name,
                       "client_encoding": "utf8"}
        self.schema = schema.strip() or "public"
        self.lock_timeout = lock_timeout
        self._local = threading.local()
        self._opened: list[Any] = []
        self._guard = threading.Lock()
        self.connections_opened = 0  # over the datastore's life (one per thread used)

    def qualified(self, table: str) -> str:
        return f"{identifier(self.schema)}.{identifier(table)}"

    def connect(self) -> Any:
        """A new connection of its own (autocommit), closed by the caller."""
        try:
            conn = psycopg2.connect(**self.params)
        except psycopg2.Error as err:
            raise translated(err) from err
        conn.autocommit = True
        return conn

    def connection(self) -> Any:
        """This thread's connection. A broken one is replaced; one idle for longer
        than IDLE seconds (a `play` or `serve` session) is checked first with one
        round trip, so that a server restarted meanwhile costs no command."""
        conn = getattr(self._local, "conn", None)
        now = time.monotonic()
        if conn is not None and not conn.closed and \
                now - getattr(self._local, "used", now) > IDLE:
            try:
                with conn.cursor() as curs:
                    curs.execute("SELECT 1")
            except psycopg2.Error:
                conn.close()
        if conn is None or conn.closed:
            conn = self.connect()
            self._local.conn = conn
            with self._guard:
                self._opened.append(conn)
                self.connections_opened += 1
        self._local.used = now
        return conn

    @contextmanager
    def cursor(self) -> Iterator[Any]:
        """A cursor on this thread's connection, each statement its own transaction."""
        conn = self.connection()
        try:
            with conn.cursor() as curs:
                yield curs
        except psycopg2.Error as err:
            raise translated(err) from err

    @contextmanager
    def transaction(self, *, commit: bool = False) -> Iterator[Any]:
        """A cursor in one transaction: committed at the end if ``commit`` and no
        error was raised, rolled back otherwise."""
        conn = self.connection()
        try:
            with conn.cursor() as curs:
                curs.execute("BEGIN")
                try:
                    yield curs
                except BaseException:
                    if not conn.closed:
                        curs.execute("ROLLBACK")
                    raise
                curs.execute("COMMIT" if commit else "ROLLBACK")
        except psycopg2.Error as err:
            if conn.closed:
                self._local.conn = None
            raise translated(err) from err

    def close(self) -> None:
        with self._guard:
            opened, self._opened = self._opened, []
        for conn in opened:
            if not conn.closed:
                conn.close()
        self._local = threading.local()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass


class PostgresRecorder:
    """What every recorder here shares: its datastore and its tables' DDL."""

    def __init__(self, datastore: PostgresDatastore):
        self.datastore = datastore

    def create_statements(self) -> list[str]:
        return []

    def tables(self) -> list[str]:
        return []

    def create_table(self) -> None:
        """Create the tables if any is missing (one query when they all exist)."""
        ds = self.datastore
        names = [ds.qualified(t) for t in self.tables()]
        with ds.cursor() as curs:
            curs.execute("SELECT " + " AND ".join(
                ["to_regclass(%s) IS NOT NULL"] * len(names)), names)
            if curs.fetchone()[0]:
                return
        with ds.transaction(commit=True) as curs:
            curs.execute("SELECT pg_advisory_xact_lock(%s)", (_CREATE_LOCK,))
            curs.execute(f"CREATE SCHEMA IF NOT EXISTS {identifier(ds.schema)}")
            for statement in self.create_statements():
                curs.execute(statement)


class PostgresAggregateRecorder(PostgresRecorder, AggregateRecorder):
    """The events of aggregates (here: the snapshots), by originator and position."""

    def __init__(self, datastore: PostgresDatastore, *,
                 events_table_name: str = "stored_events"):
        super().__init__(datastore)
        self.events_table_name = events_table_name
        self.table = datastore.qualified(events_table_name)

    def tables(self) -> list[str]:
        return [self.events_table_name]

    def _create_events_table(self, columns: str = "") -> str:
        """eventsourcing's events table (``columns``: what an application's adds)."""
        return (f"CREATE TABLE IF NOT EXISTS {self.table} (originator_id uuid NOT NULL, "
                f"originator_version bigint NOT NULL, topic text, state bytea, {columns}"
                f"PRIMARY KEY (originator_id, originator_version)) {_AUTOVACUUM}")

    def create_statements(self) -> list[str]:
        return [self._create_events_table()]

    def _insert_rows(self, curs: Any, stored_events: Sequence[StoredEvent],
                     returning: str = "", before: str = "") -> list[int]:
        """Insert the events (``before``: statements sent with the first INSERT, in
        the same round trip); the ``returning`` column of each, when asked."""
        rows = [(str(e.originator_id), e.originator_version, e.topic,
                 psycopg2.Binary(e.state)) for e in stored_events]
        ids: list[int] = []
        for statement in inserts(curs, f"INSERT INTO {self.table} (originator_id, "
                                       "originator_version, topic, state)",
                                 "(%s,%s,%s,%s)", rows, returning):
            curs.execute(before + statement)
            before = ""
            if returning:
                ids += [row[0] for row in curs.fetchall()]
        return ids

    def _insert_stored_events(self, curs: Any, stored_events: Sequence[StoredEvent],
                              **_: Any) -> list[int]:
        return self._insert_rows(curs, stored_events)

    def insert_events(self, stored_events: Sequence[StoredEvent],
                      **kwargs: Any) -> Sequence[int] | None:
        if stored_events:
            with self.datastore.transaction(commit=True) as curs:
                self._insert_stored_events(curs, stored_events, **kwargs)
        return None

    def select_events(self, originator_id: uuid.UUID | str, *, gt: int | None = None,
                      lte: int | None = None, desc: bool = False,
                      limit: int | None = None) -> Sequence[StoredEvent]:
        sql = (f"SELECT originator_id, originator_version, topic, state FROM "
               f"{self.table} WHERE originator_id = %s")
        params: list[Any] = [str(originator_id)]
        if gt is not None:
            sql += " AND originator_version > %s"
            params.append(gt)
        if lte is not None:
            sql += " AND originator_version <= %s"
            params.append(lte)
        sql += " ORDER BY originator_version" + (" DESC" if desc else "")
        if limit is not None:
            sql += " LIMIT %s"
            params.append(limit)
        with self.datastore.cursor() as curs:
            curs.execute(sql, params)
            rows = curs.fetchall()
        return [StoredEvent(originator_id=uuid.UUID(oid), originator_version=version,
                            topic=topic, state=bytes(state))
                for oid, version, topic, state in rows]


class PostgresApplicationRecorder(PostgresAggregateRecorder, ApplicationRecorder):
    """The application's events, also in one sequence of notification ids."""

    def __init__(self, datastore: PostgresDatastore, *,
                 events_table_name: str = "stored_events"):
        super().__init__(datastore, events_table_name=events_table_name)
        self.channel_name = events_table_name.replace(".", "_")

    def create_statements(self) -> list[str]:
        return [self._create_events_table("notification_id bigserial, "),
                "CREATE UNIQUE INDEX IF NOT EXISTS "
                f"{identifier(self.events_table_name + '_notification_id_idx')} "
                f"ON {self.table} (notification_id ASC)"]

    def _insert_stored_events(self, curs: Any, stored_events: Sequence[StoredEvent],
                              **_: Any) -> list[int]:
        """Lock the table, notify its channel and insert; the notification ids. A
        command's few events go with the lock in one round trip."""
        if not stored_events:
            return []
        lock = (f"SET LOCAL lock_timeout = '{int(self.datastore.lock_timeout)}s'; "
                f"LOCK TABLE {self.table} IN EXCLUSIVE MODE; "
                f"NOTIFY {identifier(self.channel_name)}; ")
        return self._insert_rows(curs, stored_events, " RETURNING notification_id",
                                 before=lock)

    def _insert_events(self, curs: Any, stored_events: Sequence[StoredEvent],
                       **kwargs: Any) -> None:
        """What else goes in the same transaction (a process recorder's tracking)."""

    def insert_events(self, stored_events: Sequence[StoredEvent],
                      **kwargs: Any) -> Sequence[int] | None:
        with self.datastore.transaction(commit=True) as curs:
            self._insert_events(curs, stored_events, **kwargs)
            return self._insert_stored_events(curs, stored_events, **kwargs)

    def select_notifications(self, start: int | None, limit: int,
                             stop: int | None = None, topics: Sequence[str] = (),
                             *, inclusive_of_start: bool = True
                             ) -> Sequence[Notification]:
        where, params = [], []
        if start is not None:
            where.append("notification_id >= %s" if inclusive_of_start
                         else "notification_id > %s")
            params.append(start)
        if stop is not None:
            where.append("notification_id <= %s")
            params.append(stop)
        if topics:
            where.append("topic = ANY(%s)")
            params.append(list(topics))
        sql = (f"SELECT notification_id, originator_id, originator_version, topic, "
               f"state FROM {self.table}")
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY notification_id LIMIT %s"
        params.append(limit)
        with self.datastore.cursor() as curs:
            curs.execute(sql, params)
            rows = curs.fetchall()
        return [Notification(id=nid, originator_id=uuid.UUID(oid),
                             originator_version=version, topic=topic,
                             state=bytes(state))
                for nid, oid, version, topic, state in rows]

    def max_notification_id(self) -> int | None:
        with self.datastore.cursor() as curs:
            curs.execute(f"SELECT MAX(notification_id) FROM {self.table}")
            return curs.fetchone()[0]

    def subscribe(self, gt: int | None = None,
                  topics: Sequence[str] = ()) -> Subscription[ApplicationRecorder]:
        return PostgresSubscription(recorder=self, gt=gt, topics=topics)


class PostgresSubscription(ListenNotifySubscription[PostgresApplicationRecorder]):
    """New notifications as they are recorded: LISTEN on the table's channel, on a
    connection of the subscription's own."""

    def __init__(self, recorder: PostgresApplicationRecorder, gt: int | None = None,
                 topics: Sequence[str] = ()):
        super().__init__(recorder=recorder, gt=gt, topics=topics)
        self._listen_thread = threading.Thread(target=self._listen, daemon=True)
        self._listen_thread.start()

    def __exit__(self, *args: object, **kwargs: Any) -> None:
        try:
            super().__exit__(*args, **kwargs)
        finally:
            self._listen_thread.join()

    def _listen(self) -> None:
        conn = None
        try:
            conn = self._recorder.datastore.connect()
            with conn.cursor() as curs:
                curs.execute(f"LISTEN {identifier(self._recorder.channel_name)}")
            while not self._has_been_stopped and not self._thread_error:
                if select.select([conn], [], [], 0.1)[0]:
                    conn.poll()
                    if conn.notifies:
                        conn.notifies.clear()
                        self._has_been_notified.set()
        except BaseException as err:
            if self._thread_error is None:
                self._thread_error = err
            self.stop()
        finally:
            if conn is not None:
                conn.close()


class PostgresTrackingRecorder(PostgresRecorder, TrackingRecorder):
    """How far each downstream application has processed (one row each)."""

    def __init__(self, datastore: PostgresDatastore, *,
                 tracking_table_name: str = "notification_tracking", **kwargs: Any):
        super().__init__(datastore, **kwargs)
        self.tracking_table_name = tracking_table_name
        self.tracking_table = datastore.qualified(tracking_table_name)

    def tables(self) -> list[str]:
        return super().tables() + [self.tracking_table_name]

    def create_statements(self) -> list[str]:
        return super().create_statements() + [
            f"CREATE TABLE IF NOT EXISTS {self.tracking_table} (application_name text, "
            f"notification_id bigint, PRIMARY KEY (application_name)) {_AUTOVACUUM}"]

    def _insert_tracking(self, curs: Any, tracking: Tracking) -> None:
        curs.execute(
            f"INSERT INTO {self.tracking_table} AS t VALUES (%(name)s, %(id)s) "
            "ON CONFLICT (application_name) DO UPDATE SET notification_id = %(id)s "
            "WHERE t.notification_id < %(id)s RETURNING notification_id",
            {"name": tracking.application_name, "id": tracking.notification_id})
        if curs.fetchone() is None:
            raise IntegrityError(f"Failed to record tracking for "
                                 f"{tracking.application_name} {tracking.notification_id}")

    def insert_tracking(self, tracking: Tracking) -> None:
        with self.datastore.transaction(commit=True) as curs:
            self._insert_tracking(curs, tracking)

    def max_tracking_id(self, application_name: str) -> int | None:
        with self.datastore.cursor() as curs:
            curs.execute(f"SELECT MAX(notification_id) FROM {self.tracking_table} "
                         "WHERE application_name = %s", (application_name,))
            return curs.fetchone()[0]


class PostgresProcessRecorder(PostgresTrackingRecorder, PostgresApplicationRecorder,
                              ProcessRecorder):
    """An application's events and its tracking of another's, in one transaction."""

    def __init__(self, datastore: PostgresDatastore, *,
                 events_table_name: str = "stored_events",
                 tracking_table_name: str = "notification_tracking"):
        super().__init__(datastore, tracking_table_name=tracking_table_name,
                         events_table_name=events_table_name)

    def _insert_events(self, curs: Any, stored_events: Sequence[StoredEvent],
                       **kwargs: Any) -> None:
        tracking: Tracking | None = kwargs.get("tracking")
        if tracking is not None:
            self._insert_tracking(curs, tracking)


class PostgresFactory(InfrastructureFactory[PostgresTrackingRecorder]):
    """Recorders for an application, from eventsourcing's POSTGRES_* settings."""

    POSTGRES_DBNAME = "POSTGRES_DBNAME"
    POSTGRES_HOST = "POSTGRES_HOST"
    POSTGRES_PORT = "POSTGRES_PORT"
    POSTGRES_USER = "POSTGRES_USER"
    POSTGRES_PASSWORD = "POSTGRES_PASSWORD"
    POSTGRES_SCHEMA = "POSTGRES_SCHEMA"
    POSTGRES_CONNECT_TIMEOUT = "POSTGRES_CONNECT_TIMEOUT"
    POSTGRES_LOCK_TIMEOUT = "POSTGRES_LOCK_TIMEOUT"
    CREATE_TABLE = "CREATE_TABLE"

    def __init__(self, env: Any):
        super().__init__(env)
        get = self.env.get
        dbname = get(self.POSTGRES_DBNAME)
        if not dbname:
            raise OSError(f"PostgreSQL database name not found in the environment "
                          f"({self.POSTGRES_DBNAME})")
        try:
            connect_timeout = int(get(self.POSTGRES_CONNECT_TIMEOUT) or 5)
            lock_timeout = int(get(self.POSTGRES_LOCK_TIMEOUT) or 0)
        except ValueError as err:
            raise OSError(f"PostgreSQL timeout is not a whole number: {err}") from None
        self.datastore = PostgresDatastore(
            dbname=dbname, host=get(self.POSTGRES_HOST) or "127.0.0.1",
            port=get(self.POSTGRES_PORT) or "5432",
            user=get(self.POSTGRES_USER) or "postgres",
            password=get(self.POSTGRES_PASSWORD) or "",
            schema=get(self.POSTGRES_SCHEMA) or "",
            connect_timeout=connect_timeout, lock_timeout=lock_timeout)

    def _prefix(self, default: str) -> str:
        return self.env.name.lower() or default

    def _made(self, recorder: PostgresRecorder) -> Any:
        if self.env_create_table():
            recorder.create_table()
        return recorder

    def _class(self, setting: str, given: type | None, default: type) -> type:
        """The recorder class: given, named by an environment topic, or ours."""
        if given is not None:
            return given
        topic = self.env.get(setting)
        return resolve_topic(topic) if topic else default

    def aggregate_recorder(self, purpose: str = "events") -> AggregateRecorder:
        return self._made(PostgresAggregateRecorder(
            self.datastore, events_table_name=f"{self._prefix('stored')}_{purpose}"))

    def application_recorder(self) -> ApplicationRecorder:
        cls = self._class(self.APPLICATION_RECORDER_TOPIC, None,
                          PostgresApplicationRecorder)
        return self._made(cls(self.datastore,
                              events_table_name=f"{self._prefix('stored')}_events"))

    def tracking_recorder(self, tracking_recorder_class: type | None = None
                          ) -> PostgresTrackingRecorder:
        cls = self._class(self.TRACKING_RECORDER_TOPIC, tracking_recorder_class,
                          PostgresTrackingRecorder)
        return self._made(cls(self.datastore, tracking_table_name=(
            f"{self._prefix('notification')}_tracking")))

    def process_recorder(self) -> ProcessRecorder:
        cls = self._class(self.PROCESS_RECORDER_TOPIC, None, PostgresProcessRecorder)
        return self._made(cls(
            self.datastore, events_table_name=f"{self._prefix('stored')}_events",
            tracking_table_name=f"{self._prefix('notification')}_tracking"))

    def env_create_table(self) -> bool:
        return bool(strtobool(self.env.get(self.CREATE_TABLE) or "yes"))

    def close(self) -> None:
        self.datastore.close()


Factory = PostgresFactory
