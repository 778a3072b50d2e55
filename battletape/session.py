"""What every command shares: the store, the user, the encounter, output helpers."""

from __future__ import annotations

from typing import Any

from battletape.api.services import Services


_whole_app = None  # the whole command line, built once (Context.redecide_unread)


class Context(Services):
    """One command line (or script): the library's services, and the output settings
    of the command line."""

    #: the click group of every command, which decides again a recorded line no
    #: verb's parser takes: battletape.registry, which builds the app, sets it (nothing
    #: here imports the app)
    whole_command: Any = None

    def __init__(self, store: str | None = None, encounter: str | None = None,
                 user: str | None = None, lang: str = "en", debug: bool = False,
                 quiet: bool = False, command_line: str = "", capture: Any = None,
                 force: str | None = None, bt: Any = None):
        super().__init__(store, encounter, user, command_line, capture, force, bt)
        self.lang, self.debug, self.quiet = lang, debug, quiet

    def deciding(self, encounter: str | None, capture: Any) -> "Context":
        ctx = Context(store=self.store, encounter=encounter or self.encounter,
                      user=self.user, lang=self.lang, quiet=True, capture=capture,
                      bt=self.bt)
        return ctx

    def redecide_unread(self, line: str, state, rng, events,
                        encounter: str | None = None) -> list:
        """``line`` through the whole command line (built once per process), against
        ``state``: a core command, or a line the verbs' parsers refuse (click's own
        words for what is wrong with it)."""
        global _whole_app
        import shlex

        from battletape.api.redeciding import Capture
        from battletape.domain.errors import BadInput, BattletapeError

        if Context.whole_command is None:  # the app is not built in this process
            return super().redecide_unread(line, state, rng, events, encounter)
        click = click_module()
        if _whole_app is None:
            _whole_app = Context.whole_command()
        capture = Capture(state, rng, events)
        ctx = Context(store=self.store, encounter=encounter or self.encounter,
                      user=self.user, lang=self.lang, quiet=True, command_line=line,
                      capture=capture, bt=self.bt)
        try:
            _whole_app.main(args=shlex.split(line), prog_name="battletape",
                            standalone_mode=False, obj=ctx)
        except click.ClickException as err:
            raise BattletapeError(err.format_message()) from None
        except ValueError as err:  # unbalanced quotes in a line typed by hand
            raise BadInput("command", line,
                           N_("valid quoting ({err})"), err=err) from None
        return capture.decided

    def record(self, decide, needs_history: bool = False, after=None):
        from battletape.domain.errors import AlreadyHolds, BattletapeError

        try:
            return super().record(decide, needs_history, after)
        except AlreadyHolds as holds:  # nothing to record: say so, succeed
            from battletape.domain.words import tr

            first = None
            if self.lang != "en":
                try:
                    first = self.system_id()  # its words first (5e's "immobilizzato")
                except BattletapeError:
                    pass
            out(self, tr(self.lang, "nothing recorded: {holds}",
                         holds=holds.say(self.lang, all_words(self.lang, first))))
            return []


# the global options are the library's reading of a line (api/lines.py), shared
from battletape.domain.words import N_
from battletape.api.lines import (  # noqa: F401
    GLOBAL_OPTIONS, click_module, forced_reason, global_value, split_globals)


def command_line(args: list[str]) -> str:
    """The command as typed, without the global options that precede it but
    ``--force REASON`` (deciding a forced command again forces it again)."""
    import shlex

    reason = forced_reason(args)
    forced = ["--force", reason] if reason is not None else []
    return shlex.join(forced + split_globals(args))


def all_words(lang: str, first: str | None = None):
    """The messages of every catalogue, the core's and every system's: what an error
    or a line of the command line may say; those of the system ``first`` (an id) come
    first, where two systems word one id apart (3.5's "fermato sul posto", 5e's
    "immobilizzato")."""
    from battletape.domain import systems
    from battletape.domain.words import words

    packages = [s.package for s in systems.all_systems().values()]
    if first is not None:
        own = systems.get(first).package
        packages = [own, *(p for p in packages if p != own)]
    return words(lang, *packages)


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
    from battletape.replay.drops import recorded_line

    system = c.system_id()
    named = where(c, events)
    if named:
        print(named)
    told = getattr(c.bt, "consequences", {})
    for e in events:
        print(recorded_line(e, told.get((e.originator_id, e.originator_version), []),
                            c.lang, system))
    if getattr(c, "force", None) is not None and events and not any(
            type(e).__name__ == "RulingRecorded" for e in events):
        import sys

        print("note: no rule refused this command: --force recorded no ruling "
              "(the command is recorded as it is)", file=sys.stderr)


def where(c: Context, events) -> str | None:
    """The line naming the encounter a command recorded into, when the store's
    previous command acted on another one (no silent change of encounter)."""
    if not events or c.capture is not None:
        return None
    from battletape.domain.streams import INDEX_ID

    stream = events[0].originator_id
    regs = {r.encounter_id: r for r in c.bt.registrations()}
    if stream == INDEX_ID or stream not in regs:
        return None
    previous = c.bt.previous_encounter(skip=len(events))
    name = regs[stream].name
    if previous is None or previous == name:
        return None
    return f"in encounter {name!r} (the previous command was in {previous!r}):"


def exit_errors() -> tuple[tuple, tuple]:
    """(click's and typer's Exit classes, their Abort classes): what a command raises
    to end, and to give up."""
    import typer

    click = click_module()
    exits = tuple({getattr(click.exceptions, "Exit", typer.Exit), typer.Exit})
    aborts = tuple({getattr(click.exceptions, "Abort", typer.Abort), typer.Abort})
    return exits, aborts
