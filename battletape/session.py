"""What every command shares: the store, the user, the encounter, output helpers."""

from __future__ import annotations

from typing import Any

from battletape.api.services import Services


class Context(Services):
    """One command line (or script): the library's services, and the output settings
    of the command line."""

    def __init__(self, store: str | None = None, encounter: str | None = None,
                 user: str | None = None, lang: str = "en", debug: bool = False,
                 quiet: bool = False, command_line: str = "", capture: Any = None,
                 force: str | None = None, bt: Any = None):
        super().__init__(store, encounter, user, command_line, capture, force, bt)
        self.lang, self.debug, self.quiet = lang, debug, quiet

    def record(self, decide, needs_history: bool = False):
        from battletape.domain.errors import AlreadyHolds

        try:
            return super().record(decide, needs_history)
        except AlreadyHolds as holds:  # nothing to record: say so, succeed
            out(self, f"nothing recorded: {holds}")
            return []


GLOBAL_OPTIONS = {"--store": 1, "--encounter": 1, "-e": 1, "--as": 1, "--lang": 1,
                  "--debug": 0, "--force": 1}


def split_globals(args: list[str]) -> list[str]:
    """The arguments after the global options that precede the command."""
    rest = list(args)
    while rest and rest[0].split("=")[0] in GLOBAL_OPTIONS:
        head = rest.pop(0)
        if "=" not in head:
            del rest[:GLOBAL_OPTIONS[head]]
    return rest


def global_value(args: list[str], *names: str) -> str | None:
    """The value of a global option (``--store X``, ``-e NAME``) before the command."""
    rest = list(args)
    while rest and rest[0].split("=")[0] in GLOBAL_OPTIONS:
        head = rest.pop(0)
        key, eq, value = head.partition("=")
        if key in names:
            return value if eq else (rest[0] if rest else None)
        if not eq:
            del rest[:GLOBAL_OPTIONS[head]]
    return None


def forced_reason(args: list[str]) -> str | None:
    """The REASON of a ``--force REASON`` among the global options of ``args``."""
    rest = list(args)
    while rest and rest[0].split("=")[0] in GLOBAL_OPTIONS:
        head = rest.pop(0)
        if head.startswith("--force="):
            return head.partition("=")[2]
        if head == "--force" and rest:
            return rest[0]
        if "=" not in head:
            del rest[:GLOBAL_OPTIONS[head]]
    return None


def command_line(args: list[str]) -> str:
    """The command as typed, without the global options that precede it but
    ``--force REASON`` (deciding a forced command again forces it again)."""
    import shlex

    reason = forced_reason(args)
    forced = ["--force", reason] if reason is not None else []
    return shlex.join(forced + split_globals(args))


class Capture:
    """Decide a command against a given state without saving (amend, ripple checks)."""

    def __init__(self, state, rng, events=None):
        self.state, self.rng, self.events = state, rng, events or []
        self.decided: list = []

    def decide(self, decide, needs_history: bool = False):
        import msgspec
        from battletape.domain.state import copy

        work = copy(self.state)
        self.state = copy(self.state)
        new = (decide(work, self.rng, self.events) if needs_history
               else decide(work, self.rng))
        from battletape.projections.encounter_state import apply

        start = self.state.position + 1
        stamped = [msgspec.structs.replace(e, originator_version=start + i, cmd=start)
                   for i, e in enumerate(new)]
        self.decided += stamped
        for e in stamped:
            apply(self.state, e)
        return stamped


def get(ctx) -> Context:
    obj = ctx.find_root().obj
    if not isinstance(obj, Context):
        obj = Context()
        ctx.find_root().obj = obj
    return obj


def out(c: Context, text: str) -> None:
    if not c.quiet:
        print(text)


def echo_events(c: Context, events) -> None:
    if c.quiet:
        return
    from battletape.projections.describe import describe

    system = c.system_id()
    for e in events:
        print(f"{e.originator_version:>5}  {describe(e, c.lang, system)}")


def exit_errors() -> tuple[tuple, tuple]:
    """(click's and typer's Exit classes, their Abort classes): what a command raises
    to end, and to give up."""
    import typer

    click = click_module()
    exits = tuple({getattr(click.exceptions, "Exit", typer.Exit), typer.Exit})
    aborts = tuple({getattr(click.exceptions, "Abort", typer.Abort), typer.Abort})
    return exits, aborts


def click_module():
    """click itself, or the copy that newer typer releases carry inside."""
    try:
        from typer import _click as vendored

        return vendored
    except ImportError:
        import click

        return click
