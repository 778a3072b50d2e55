"""What every command shares: the store, the user, output, and the error boundary."""

from __future__ import annotations

import sys
from typing import Any

from domain.errors import BadInput, BattletapeError


class Context:
    """The store, the user and the output settings of one command line (or script)."""

    def __init__(self, store: str | None = None, encounter: str | None = None,
                 user: str | None = None, lang: str = "en", debug: bool = False,
                 quiet: bool = False, command_line: str = "", capture: Any = None):
        self.store, self.encounter, self.user = store, encounter, user
        self.lang, self.debug, self.quiet = lang, debug, quiet
        self.command_line = command_line
        self.capture = capture  # a Capture: decide against a given state, save nothing
        self._bt: Any = None

    @property
    def bt(self):
        if self._bt is None:
            from battletape.application import Battletape

            self._bt = Battletape(self.store, self.user)
        return self._bt

    def record(self, decide, needs_history: bool = False):
        if self.capture is not None:
            return self.capture.decide(decide, needs_history)
        return self.bt.record(decide, self.encounter, needs_history,
                              command=self.command_line)

    def system_id(self) -> str:
        """The rule system of the encounter this command acts on."""
        if self.capture is not None:
            return self.capture.state.system
        return self.bt.registration(self.encounter).system

    def carried(self, name: str) -> dict | None:
        """A PC's HP, recoveries and penalties carried from the campaign's last battle."""
        from projections import campaign

        return campaign.carried_for(self.bt, self.encounter, name)

    def close(self) -> None:
        if self._bt is not None:
            self._bt.close()


GLOBAL_OPTIONS = {"--store": 1, "--encounter": 1, "-e": 1, "--as": 1, "--lang": 1,
                  "--debug": 0}


def split_globals(args: list[str]) -> list[str]:
    """The arguments after the global options that precede the command."""
    rest = list(args)
    while rest and rest[0].split("=")[0] in GLOBAL_OPTIONS:
        head = rest.pop(0)
        if "=" not in head:
            del rest[:GLOBAL_OPTIONS[head]]
    return rest


def command_line(args: list[str]) -> str:
    """The command as typed, without the global options that precede it."""
    import shlex

    return shlex.join(split_globals(args))


class Capture:
    """Decide a command against a given state without saving (amend, ripple checks)."""

    def __init__(self, state, rng, events=None):
        self.state, self.rng, self.events = state, rng, events or []
        self.decided: list = []

    def decide(self, decide, needs_history: bool = False):
        import msgspec
        from domain.state import copy

        work = copy(self.state)
        self.state = copy(self.state)
        new = (decide(work, self.rng, self.events) if needs_history
               else decide(work, self.rng))
        from projections.encounter_state import apply

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
    from projections.describe import describe

    system = c.system_id()
    for e in events:
        print(f"{e.originator_version:>5}  {describe(e, 'en', system)}")


def parse_pairs(items: list[str], what: str) -> dict[str, list[int]]:
    """``NAME=N[,N...]`` items into {NAME: [N, ...]}."""
    out_: dict[str, list[int]] = {}
    for item in items:
        name, sep, values = item.rpartition("=")
        try:
            numbers = [int(v) for v in values.split(",")] if sep and name else None
        except ValueError:
            numbers = None
        if not numbers:
            raise BadInput(what, item, "NAME=NATURAL, e.g. Bruna=14")
        out_.setdefault(name, []).extend(numbers)
    return out_


def click_module():
    """click itself, or the copy that newer typer releases carry inside."""
    try:
        from typer import _click as vendored

        return vendored
    except ImportError:
        import click

        return click


def _cli_app():
    from battletape.cli import app

    return app


def _exits(click, typer) -> tuple:
    return tuple({getattr(click.exceptions, "Exit", typer.Exit), typer.Exit})


def _aborts(click, typer) -> tuple:
    return tuple({getattr(click.exceptions, "Abort", typer.Abort), typer.Abort})


def boundary(app, args: list[str], obj: Context | None = None) -> int:
    """Run the typer app; every error becomes one line on stderr and exit code 2."""
    import typer

    from battletape.cli import command_name, load_commands, only

    click = click_module()
    name = command_name(list(args))
    if name is None and not {"--help", "-h"} & set(args):
        args = list(args) + ["--help"]  # no command: the help, not a usage error
    load_commands(name)
    command = typer.main.get_command(only(name) if app is _cli_app() else app)
    debug = "--debug" in args
    try:
        with command.make_context("battletape", list(args), obj=obj) as ctx:
            ctx.meta["argv"] = list(args)
            command.invoke(ctx)
        return 0
    except BattletapeError as err:
        print(f"Error: {err}", file=sys.stderr)
        return 2
    except _exits(click, typer) as err:
        return getattr(err, 'exit_code', 0)
    except _aborts(click, typer):
        print("Error: aborted", file=sys.stderr)
        return 1
    except click.ClickException as err:
        if type(err).__name__ == "NoArgsIsHelpError" and getattr(err, "ctx", None):
            print(err.ctx.get_help())  # a group given no command: its help
            return 0
        print(f"Error: {err.format_message()}".splitlines()[0], file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("Error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as err:
        if debug:
            import traceback

            traceback.print_exc()
        line = str(err).splitlines()[0] if str(err) else ""
        print(f"Error: unexpected {type(err).__name__}: {line} (run with --debug for "
              "details)", file=sys.stderr)
        return 1
