"""What every command shares: the store, the user, the encounter, output helpers."""

from __future__ import annotations

from typing import Any


class Context:
    """The store, the user and the output settings of one command line (or script)."""

    def __init__(self, store: str | None = None, encounter: str | None = None,
                 user: str | None = None, lang: str = "en", debug: bool = False,
                 quiet: bool = False, command_line: str = "", capture: Any = None,
                 force: str | None = None, bt: Any = None):
        self.store, self.encounter, self.user = store, encounter, user
        self.force = force  # the GM's reason under --force REASON
        self.lang, self.debug, self.quiet = lang, debug, quiet
        self.command_line = command_line
        self.capture = capture  # a Capture: decide against a given state, save nothing
        self._bt: Any = bt  # given: an application already open (the library's)
        self._owns_bt = bt is None
        self.battle: str | None = None  # the battle a campaign command follows

    @property
    def bt(self):
        if self._bt is None:
            from battletape.application import Battletape

            self._bt = Battletape(self.store, self.user)
        return self._bt

    def record(self, decide, needs_history: bool = False):
        from battletape.domain.errors import AlreadyHolds

        decide = self.forcing(decide)
        try:
            if self.capture is not None:
                return self.capture.decide(decide, needs_history)
            return self.bt.record(decide, self.encounter, needs_history,
                                  command=self.command_line)
        except AlreadyHolds as holds:  # nothing to record: say so, succeed
            out(self, f"nothing recorded: {holds}")
            return []

    def forcing(self, decide, campaign: str | None = None):
        """``decide`` as given, or under ``--force`` as a GM of the campaign forces
        it (DESIGN.md principle 8)."""
        if self.force is None:
            return decide
        if self.capture is None:  # deciding again (amend, ripple): forced when recorded
            self.require_gm(campaign or self.bt.registration(self.encounter).campaign,
                            "--force a rule")
        from battletape.domain import gm

        return gm.forced(decide, self.force)

    def require_gm(self, campaign: str, what: str) -> None:
        """Only a GM of ``campaign`` may ``what``."""
        from battletape.domain.errors import RuleViolation

        gms = self.bt.gms(campaign)
        if self.bt.user.casefold() not in {g.casefold() for g in gms}:
            raise RuleViolation(f"{self.bt.user} is not a GM of campaign {campaign!r} "
                                f"(GMs: {', '.join(gms)}): only a GM may {what}")

    def system_id(self) -> str:
        """The rule system of the encounter this command acts on."""
        if self.capture is not None:
            return self.capture.state.system
        return self.bt.registration(self.encounter).system

    def pc_state(self, campaign: str, name: str) -> dict | None:
        """A PC as the campaign knows it now (between battles)."""
        from battletape.projections.campaign import pc_state

        return pc_state(self.bt, campaign, name)

    def battle_pcs(self) -> list[str]:
        """The PCs of the battle a campaign command follows."""
        from battletape.projections.campaign import pcs_of

        return pcs_of(self.bt, self.battle) if self.battle else []

    def carried(self, name: str) -> dict | None:
        """A PC's HP, recoveries and penalties carried from the campaign's last battle."""
        from battletape.projections import campaign

        return campaign.carried_for(self.bt, self.encounter, name)

    def stat_block(self, state, key: str):
        """The stat block ``add --from KEY`` takes: deciding a recorded command again,
        the copy that command recorded; else the campaign's bestiary now."""
        from battletape.domain import events as ev, stat_blocks

        if self.capture is not None:
            recorded: dict = {}
            for e in self.capture.events:
                if isinstance(e, ev.StatBlockUsed) and e.originator_version > state.position:
                    recorded.setdefault(e.key, e)
            if recorded:
                return stat_blocks.find(recorded, key)
        return stat_blocks.find(
            stat_blocks.bestiary(self.bt.campaign_events(state.campaign)), key)

    def close(self) -> None:
        if self._bt is not None and self._owns_bt:
            self._bt.close()


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
