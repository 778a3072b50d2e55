"""Identity: who records is the OS user (SQLite) or the database role (PostgreSQL);
`--as` is a display name, and corrections check the real identity."""

from __future__ import annotations

import uuid

import pytest

from battletape import identity
from tests.conftest import pg_sql
from tests.helpers import cli, ok

START = "new Bridge --campaign arc --seed 3"
SETUP = ("add Bruna --hp 30 --ac 17 --pc", "add Orc --hp 20 --ac 13", "init Bruna=15 Orc=9",
         "attack Bruna Orc --bonus 6 --vs ac --roll 15 --dmg 7")


def _as(store: str, who: str, command: str, display: str | None = None):
    """``command`` run from ``who``'s own account, typing ``--as display``."""
    from battletape.cli import app
    from battletape.context import boundary
    import io, shlex
    from contextlib import redirect_stderr, redirect_stdout

    argv = ["--store", store] + (["--as", display] if display else []) + shlex.split(command)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), identity.assume(who):
        code = boundary(app, argv)
    return code, err.getvalue()


@pytest.fixture
def bridge(sqlite_store):
    ok(sqlite_store, START, user="marta")
    for line in SETUP:
        ok(sqlite_store, line, user="marta")
    return sqlite_store


def test_the_os_account_is_the_identity_not_the_environment(monkeypatch):
    import pwd, os

    monkeypatch.setenv("USER", "someone-else")
    monkeypatch.setenv("LOGNAME", "someone-else")
    assert identity.os_account() == pwd.getpwuid(os.geteuid()).pw_name != "someone-else"


def test_as_a_gms_name_does_not_make_a_gm(bridge):
    """Anna types `--as marta`: the name is bound to marta's identity, so it is refused,
    and without `--as` her own identity is no GM."""
    for display in ("marta", None):
        code, err = _as(bridge, "anna", "undo", display=display)
        assert code == 2 and "anna is not a GM of campaign 'arc'" in err
    code, err = _as(bridge, "anna", "roll 1d20",
                    display="Marta")
    assert code == 2 and "bound to marta" in err
    code, err = _as(bridge, "anna", "roll 1d20",
                    display="Anna")
    assert code == 0, err  # a display name of her own records, as Anna


def test_gm_add_binds_a_name_to_an_identity(bridge):
    ok(bridge, "gm add Bo --user bo-account", user="marta")
    assert _as(bridge, "bo", "undo")[0] == 2          # the name alone is not Bo
    code, err = _as(bridge, "bo-account", "undo", display="Bo")
    assert code == 0, err
    assert _as(bridge, "anna", "gm add Anna --user anna")[0] == 2  # a non-GM adds no GM
    # rebinding a listed GM is a GM's act, and only to a new identity
    assert cli(bridge, "gm add Bo --user bo-account", user="marta").code == 2
    ok(bridge, "gm add Bo --user bo2", user="marta")
    assert _as(bridge, "bo-account", "undo", display="Bo")[0] == 2


def test_a_store_role_is_the_identity_on_postgresql(pg_store):
    """On PostgreSQL the role the connection logs in as is who records: a second role
    is refused a correction until a GM binds a name to it."""
    role = "bt_player_" + uuid.uuid4().hex[:8]
    base, _, query = pg_store.partition("?")
    schema = query.split("=", 1)[1]
    ok(pg_store, START)
    for line in SETUP:
        ok(pg_store, line)
    pg_sql(f'CREATE ROLE "{role}" LOGIN',
           f'GRANT USAGE ON SCHEMA "{schema}" TO "{role}"',
           f'GRANT ALL ON ALL TABLES IN SCHEMA "{schema}" TO "{role}"',
           f'GRANT ALL ON ALL SEQUENCES IN SCHEMA "{schema}" TO "{role}"',
           f'GRANT ALL ON ALL FUNCTIONS IN SCHEMA "{schema}" TO "{role}"', url=base)
    try:
        as_role = pg_store.replace("postgres@", f"{role}@", 1)
        r = cli(as_role, "undo")
        assert r.code == 2 and f"{role} is not a GM" in r.err, r.err
        ok(pg_store, f"gm add Pat --user {role}")
        r = cli(as_role, "undo")
        assert r.code == 0, r.err
    finally:
        pg_sql(f'DROP OWNED BY "{role}" CASCADE', f'DROP ROLE "{role}"', url=base)
