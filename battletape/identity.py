"""Who records: the real identity behind a command, never the name typed.

On SQLite it is the operating-system account running battletape; on PostgreSQL the
database role the connection logged in as (``current_user``). ``--as`` is only a
display name. A caller that authenticates people itself (a server, the test suite's
in-process driver) may ``assume`` an identity for the commands it runs; nothing on
the command line or in the environment can.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

_assumed: ContextVar[str | None] = ContextVar("battletape_identity", default=None)


@contextmanager
def assume(identity: str | None) -> Iterator[None]:
    """Run the commands inside as ``identity`` (None: the real one)."""
    token = _assumed.set(identity)
    try:
        yield
    finally:
        _assumed.reset(token)


def os_account() -> str:
    """The account of the effective user id (not $USER, which anyone may set)."""
    try:
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError, AttributeError):
        import getpass

        try:
            return getpass.getuser()
        except Exception:
            return "unknown"


def database_role(app: Any) -> str | None:
    """``current_user`` of a PostgreSQL store; None for SQLite."""
    from battletape.stores.store import is_postgres

    recorder = app.recorder
    if not is_postgres(recorder):
        return None
    with recorder.datastore.transaction(commit=False) as curs:
        curs.execute("SELECT current_user AS who")
        row = curs.fetchone()
    return row["who"] if isinstance(row, dict) else row[0]


def of_store(app: Any) -> str:
    """The real identity of whoever runs this process against the store."""
    assumed = _assumed.get()
    if assumed:
        return assumed
    return database_role(app) or os_account()


def matches(identity: str, name: str, bound: str | None) -> bool:
    """Is ``identity`` the GM listed as ``name`` (bound to ``bound``, if bound)? An
    unbound GM (a campaign older than identities, or added without --user) is the
    identity of that name."""
    return identity.casefold() == (bound or name).casefold()
