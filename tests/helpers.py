"""Drive the real CLI in-process, as a user would, and read --json output."""

from __future__ import annotations

import io
import json
import shlex
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)

    def json_lines(self) -> list:
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]


def cli(store: str, *args: str, user: str | None = None) -> Result:
    """Run `battletape --store STORE ARGS...` in this process, as ``user``: the
    display name (--as) and the identity, as if that person ran it from their own
    account (battletape.identity.assume)."""
    from battletape import identity
    from battletape.cli import app
    from battletape.context import boundary

    argv = ["--store", store] + (["--as", user] if user else [])
    if len(args) == 1 and " " in args[0]:
        argv += shlex.split(args[0])
    else:
        argv += list(args)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), identity.assume(user):
        code = boundary(app, argv)
    return Result(code, out.getvalue(), err.getvalue())


def ok(store: str, *args: str, user: str | None = None) -> Result:
    r = cli(store, *args, user=user)
    assert r.code == 0, f"{args}: exit {r.code}: {r.err}"
    return r


def state(store: str, *extra: str) -> dict:
    return ok(store, "state", "--json", *extra).json()


def run_script(store: str, text: str) -> Result:
    import tempfile, os

    with tempfile.NamedTemporaryFile("w", suffix=".bt", delete=False) as fh:
        fh.write(text)
    try:
        return cli(store, "run", fh.name)
    finally:
        os.unlink(fh.name)


def snapshot_of(store: str) -> list:
    """Every row of every table of a SQLite store: "the store is unchanged" compares two."""
    import sqlite3

    with sqlite3.connect(store) as db:
        tables = [r[0] for r in db.execute(
            "select name from sqlite_master where type='table' order by name")]
        return [(t, db.execute(f'select * from "{t}"').fetchall()) for t in tables]


def nothing_recorded(store: str, command: str, message: str,
                     user: str | None = None) -> None:
    """A command whose effect already holds (DESIGN.md principle 8): it says so on
    stdout naming ``message``, exits 0, and the store is as it was."""
    before = snapshot_of(store)
    r = cli(store, command, user=user)
    assert r.code == 0, r.err
    assert r.out.startswith("nothing recorded: ") and message in r.out, r.out
    assert r.err == ""
    assert snapshot_of(store) == before


def refused_whole(store: str, command: str, message: str, user: str | None = None) -> None:
    """Bad input or a refusal: one line on stderr naming ``message``, a non-zero exit,
    no traceback, and the store as it was."""
    before = snapshot_of(store)
    r = cli(store, command, user=user)
    assert r.code != 0
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.err
    assert message in lines[0], lines[0]
    assert "Traceback" not in r.err + r.out
    assert snapshot_of(store) == before


def start_fort(store: str) -> str:
    """A 13th Age fight of the short-name tests: two Hobgoblin Warriors, Bruna and
    Brother Kael, before initiative."""
    ok(store, "new Fort --seed 1")
    ok(store, "add 'Hobgoblin Warrior' --hp 20 --ac 16 --count 2")
    ok(store, "add Bruna --pc --hp 30 --ac 17")
    ok(store, "add 'Brother Kael' --pc --hp 25 --ac 15")
    return store


def readme_commands(heading: str) -> list[str]:
    """The `battletape` commands of the first ```sh block under ``heading`` in the
    README, without the program name (the tours run as written)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    block = text.split(heading, 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    out = []
    for line in block.strip().splitlines():
        words = shlex.split(line, comments=True)
        assert words[0] == "battletape", line
        out.append(shlex.join(words[1:]))
    return out


# --- an event of any type, its fields filled with plausible values ----------------------

SAMPLE_NAMES = {"name": "Bruna", "attacker": "Bruna", "target": "Goblin", "helper": "Kael",
                "ally": "Kael", "a": "Bruna", "b": "Goblin", "by": "Kael", "roller": "Kael",
                "rider": "Bruna", "mount": "Warhorse", "aider": "Kael", "feinter": "Bruna",
                "after": "Goblin", "before": "Goblin", "player": "Kael"}


def _sample(tp, field: str):
    import types
    import typing
    import uuid

    import msgspec

    from battletape.domain import events as ev

    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return _sample(next(a for a in args if a is not type(None)), field)
    if tp is bool:
        return True
    if tp in (int, float):
        return tp(3) if tp is int else 1.5
    if tp is str:
        return SAMPLE_NAMES.get(field, "fire")
    if origin is list:
        return [_sample(args[0], field)] if args else []
    if origin is dict:
        return {}
    if tp is ev.Roll:
        return ev.Roll(expr="1d20", faces=[14], sides=[20], total=14)
    if tp is uuid.UUID:
        return uuid.UUID(int=1)
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return sample_event(tp)
    return "fire"


def sample_event(cls):
    """An instance of ``cls`` (an event, or a Struct inside one) with its required
    fields filled: names where a name goes, 3 for a number, a d20 of 14 for a roll."""
    import msgspec

    return cls(**{f.name: _sample(f.type, f.name) for f in msgspec.structs.fields(cls)
                  if f.required})
