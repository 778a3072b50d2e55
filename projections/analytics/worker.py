"""The analytics fold in a process of its own, so that it and DuckDB use two cores.

A long catch-up is two jobs of about the same size: reading, decoding and folding
the events in Python (one core, under the GIL) and DuckDB inserting, compressing and
committing the rows (on its own threads). In one process they take turns at the GIL;
here the fold runs in a worker process started for the catch-up, which reads the
store itself and sends each batch, folded into Arrow tables, through a socket pair
(a thread sends while the fold goes on). The events' JSON does not travel: the
process that owns the DuckDB file reads the same batches from the store, and writes
them in order, each in one transaction with the position read, exactly as when it
folds them itself.

A batch with a correction is folded again by the writer, which reads the rows back
from the file; the worker waits for the `_streams` rows of those encounters before
it goes on, so the fold never runs ahead of a correction.
"""

from __future__ import annotations

import os
import subprocess
import sys
from multiprocessing.connection import Connection
from typing import Iterator

from battletape.domain.errors import StoreError
from battletape.domain.words import N_
from battletape.projections.analytics.batch import Batch, Known, Streams


def can_share(app) -> bool:
    """Whether another process can open the same store (not an in-memory one), and
    be handed its end of a socket pair (POSIX)."""
    if os.name != "posix":
        return False
    env = dict(getattr(app, "env", {}) or {})
    module = env.get("PERSISTENCE_MODULE", "")
    if module.endswith(".postgres"):  # battletape's, or eventsourcing's
        return True
    name = env.get("SQLITE_DBNAME", "")
    return module == "eventsourcing.sqlite" and bool(name) and "memory" not in name


class Failed:
    """What the worker sends when it cannot go on: one line for the user."""

    def __init__(self, message: str):
        self.message = message


class Done:
    """What the worker sends after its last batch: its peak memory."""

    def __init__(self, peak_rss_kb: int):
        self.peak_rss_kb = peak_rss_kb


def _peak_rss_kb() -> int:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def fold(conn, env: tuple[str, dict], start: int, stop: int, limit: int,
         known: Known) -> None:
    """The worker: fold notifications ``start``..``stop`` in batches of ``limit``
    from the store of ``env`` (the application's name and environment); send each
    :class:`Batch`, then :class:`Done`."""
    import gc

    from eventsourcing.persistence import InfrastructureFactory
    from eventsourcing.utils import Environment

    from battletape.projections.analytics.read import Reader

    gc.disable()  # as in the writer: millions of objects, no cycles
    factory = reader = None
    outbox = Outbox(conn)
    try:
        # the store's recorder, as the application that owns it configured it (its
        # name and environment, sent by the writer); it only reads
        name, settings = env
        factory = InfrastructureFactory.construct(
            Environment(name, {**settings, "CREATE_TABLE": "n"}))
        reader = Reader(factory.application_recorder())
        streams = Streams(known, docs=False)  # the writer reads the JSON itself
        for notes in reader.batches(start, stop, limit):
            batch = streams.prepare(notes)
            outbox.send(batch)
            if batch.refold:
                streams.refolded(conn.recv())
        outbox.send(Done(_peak_rss_kb()))
        outbox.close()
    except (BrokenPipeError, ConnectionError, EOFError, KeyboardInterrupt):
        pass  # the writer is gone: nothing to tell
    except BaseException as err:  # noqa: BLE001 - told to the writer, which raises
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        try:
            outbox.send(Failed(f"analytics fold failed: {first}"))
            outbox.close()
        except (BrokenPipeError, ConnectionError, OSError):
            pass
    finally:
        if reader is not None:
            reader.close()
        if factory is not None:
            factory.close()
        conn.close()


class Outbox:
    """Sends from a thread of its own, a few batches ahead: while the writer is busy
    with a batch the fold goes on with the next ones (the thread waits on the pipe
    without the GIL)."""

    def __init__(self, conn, ahead: int = 2):
        import queue
        import threading

        self.conn = conn
        self.queue: queue.Queue = queue.Queue(ahead)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="analytics-outbox",
                                       daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            item = self.queue.get()
            if item is None:
                return
            try:
                self.conn.send(item)
            except BaseException as err:  # noqa: BLE001 - raised in the fold's thread
                self.error = err
                return

    def send(self, item) -> None:
        if self.error is not None:
            raise self.error
        while self.thread.is_alive():
            try:
                self.queue.put(item, timeout=0.5)
                return
            except Exception:  # queue.Full: the writer is slow, or gone
                if self.error is not None:
                    raise self.error
        raise self.error or BrokenPipeError("the analytics writer is gone")

    def close(self) -> None:
        """Wait until everything is sent."""
        if self.thread.is_alive():
            self.queue.put(None)
            self.thread.join()
        if self.error is not None:
            raise self.error


class Worker:
    """A worker process folding one catch-up; ``with`` ends it whatever happens.

    A fresh interpreter (``python -m projections.analytics.worker``), not a fork of
    this process (DuckDB's threads) nor multiprocessing's spawn (it would import the
    caller's main script again); its orders come pickled through a pipe."""

    def __init__(self, app, start: int, stop: int, limit: int, known: Known):
        import tempfile

        ours, theirs = (Connection(fd) for fd in _socketpair())
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        self.stderr = tempfile.TemporaryFile()  # what it might say goes into the
        self.process = subprocess.Popen(        # error, never onto the user's screen
            [sys.executable, "-m", __name__, str(theirs.fileno())],
            pass_fds=[theirs.fileno()], env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=self.stderr)
        theirs.close()
        self.conn = ours
        self.peak_rss_kb = 0  # the worker's, once it is done
        try:
            self.conn.send(((app.name, dict(app.env)), start, stop, limit, known))
        except (BrokenPipeError, ConnectionError):
            pass  # it died at once: batches() says why

    def batches(self) -> Iterator[Batch]:
        """The folded batches, in order."""
        while True:
            try:
                got = self.conn.recv()
            except (EOFError, ConnectionError):
                try:
                    code = self.process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    code = None
                raise StoreError.said(N_("the analytics fold stopped before the end "
                                         "(exit code {code}){last_words}"), code=code,
                                      last_words=self._last_words()) from None
            if isinstance(got, Done):
                self.peak_rss_kb = got.peak_rss_kb
                return
            if isinstance(got, Failed):
                raise StoreError(got.message)
            yield got

    def _last_words(self) -> str:
        """The last line the worker wrote on its stderr, if any."""
        self.stderr.seek(0)
        lines = self.stderr.read().decode(errors="replace").strip().splitlines()
        return f": {lines[-1]}" if lines else ""

    def refolded(self, saved: list[tuple]) -> None:
        """Tell the worker how the encounters folded again stand."""
        self.conn.send(saved)

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc) -> None:
        self.conn.close()
        try:
            self.process.wait(timeout=5 if exc[0] is None else 0.5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.stderr.close()


def _socketpair() -> tuple[int, int]:
    import socket

    a, b = socket.socketpair()
    return a.detach(), b.detach()


def main(argv: list[str]) -> int:
    from battletape.projections.analytics import worker  # by name, not as __main__: what it
    #                                           sends must unpickle in the writer
    conn = Connection(int(argv[0]))
    try:
        env, start, stop, limit, known = conn.recv()
    except EOFError:
        return 1
    worker.fold(conn, env, start, stop, limit, known)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
