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
    """Run `battletape --store STORE ARGS...` in this process."""
    from battletape.cli import app
    from battletape.context import boundary

    argv = ["--store", store] + (["--as", user] if user else [])
    if len(args) == 1 and " " in args[0]:
        argv += shlex.split(args[0])
    else:
        argv += list(args)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
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
