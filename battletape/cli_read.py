"""Reading, corrections, scripts and the demo: the rest of the command line."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Optional

import typer

from battletape.cli import app
from battletape.session import Context, get, out
from domain.errors import BadInput, BattletapeError


@app.command()
def state(ctx: typer.Context,
          at: Optional[int] = typer.Option(None, "--at", help="A stream position."),
          round_: Optional[int] = typer.Option(None, "--round", help="The start of a round."),
          json_: bool = typer.Option(False, "--json")):
    """The state now or at any point.  Example: battletape state --round 2 --json"""
    c = get(ctx)
    if at is not None and round_ is not None:
        raise BadInput("--at/--round", f"{at}/{round_}", "one of them, not both")
    s = c.bt.state(c.encounter, at=at, round_=round_)
    if json_:
        import msgspec
        from projections.views import state_view

        print(msgspec.json.encode(state_view(s)).decode())
        return
    from rich.console import Console
    from battletape.render import state_table

    Console().print(state_table(s, c.lang))


@app.command()
def log(ctx: typer.Context, json_: bool = typer.Option(False, "--json"),
        all_: bool = typer.Option(False, "--all", help="Every event, voided ones marked.")):
    """The effective history, one event per line.  Example: battletape log --json"""
    from replay import history

    c = get(ctx)
    events = c.bt.events(c.encounter)
    void = history.voided(events)
    from domain.events import CORRECTIONS

    shown = events if all_ else [e for e in events if e.originator_version not in void
                                 and not isinstance(e, CORRECTIONS)]
    if json_:
        import msgspec
        from projections.views import event_view

        enc = msgspec.json.Encoder()
        lines = [enc.encode(event_view(e, e.originator_version in void)).decode()
                 for e in shown]
        sys.stdout.write("\n".join(lines) + ("\n" if lines else ""))
        return
    from projections.describe import describe

    system = c.system_id()
    for e in shown:
        mark = " [voided]" if e.originator_version in void else ""
        print(f"{e.originator_version:>5}  {e.by:<8} {describe(e, c.lang, system)}{mark}")


@app.command()
def encounters(ctx: typer.Context):
    """List the encounters of the store, the current one last.  Example: battletape encounters"""
    c = get(ctx)
    for r in c.bt.registrations():
        print(f"{r.name}\t{r.campaign}\t{r.system}\t{r.timestamp:%Y-%m-%d %H:%M}")


@app.command("run")
def run_script(ctx: typer.Context, file: str = typer.Argument(..., help="A script file, or - for stdin.")):
    """Run a battle script, one command a line, all or nothing.  Example: battletape run fixtures/battles/bridge.bt"""
    c = get(ctx)
    if file == "-":
        text = sys.stdin.read()
    else:
        path = Path(file)
        if not path.is_file():
            raise BadInput("script", file, "an existing file")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise BadInput("script", file, f"a readable UTF-8 text file ({err})") from None
    run_lines(c, text.splitlines())


def run_lines(c: Context, lines: list[str]) -> None:
    """Run the lines in one batch; what they print is shown only once all of them
    are saved (nothing is said of events that were not). A race with another writer
    runs the whole script again against the new state."""
    import io
    import random
    import time
    from contextlib import redirect_stdout

    from battletape.application import RETRIES, RaceLost

    for tried in range(RETRIES + 1):
        said = io.StringIO()
        try:
            with redirect_stdout(said):
                _run_batch(c, lines)
        except RaceLost:
            if tried == RETRIES:
                raise
            time.sleep(random.uniform(0, min(0.25, 0.005 * 2 ** tried)))
            continue
        sys.stdout.write(said.getvalue())
        return


def _run_batch(c: Context, lines: list[str]) -> None:
    from battletape.session import click_module

    click = click_module()
    from typer.main import get_command

    from battletape.cli import load_commands

    load_commands()
    command = get_command(app)
    with c.bt.batch():
        for number, line in enumerate(lines, 1):
            try:
                args = shlex.split(line, comments=True)
            except ValueError as err:
                raise BadInput(f"line {number}", line.strip(), f"valid quoting ({err})")
            if not args:
                continue
            if args[0] in ("run", "demo") or "--store" in args:
                raise BadInput(f"line {number}", line.strip(), "a battle command")
            c.command_line = shlex.join(args)
            try:
                command.main(args=args, prog_name="battletape", standalone_mode=False,
                             obj=c)
            except BattletapeError as err:
                raise BattletapeError(f"line {number}: {err.message}") from None
            except click.ClickException as err:
                raise BattletapeError(f"line {number}: {err.format_message()}") from None


@app.command()
def demo(ctx: typer.Context,
         delay: float = typer.Option(0.0, help="Seconds between rounds."),
         system: str = typer.Option("13a", help="The rule system of the battle: 13a, 5e or 3.5e.")):
    """Play a bundled battle into the store and show it round by round.  Example: battletape demo --system 5e"""
    import time
    from importlib import resources

    from rich.console import Console

    from battletape.render import state_table
    from domain import systems

    c = get(ctx)
    chosen = systems.get(system)
    battle = "demo.bt" if chosen.id == "13a" else f"demo-{chosen.id}.bt"
    try:
        script = resources.files("fixtures").joinpath(f"battles/{battle}").read_text(
            "utf-8")
    except FileNotFoundError:
        raise BadInput("--system", system, "a system with a bundled demo") from None
    first = next(line for line in script.splitlines() if line.startswith("new "))
    title = shlex.split(first)[1]
    name = title
    existing = [r.name for r in c.bt.registrations()]
    suffix = 1
    while name in existing:
        suffix += 1
        name = f"{title} ({suffix})"
    # a campaign of its own each time: the PCs must not carry wounds from the last demo
    base = "demo" if chosen.id == "13a" else f"demo {chosen.id}"
    campaign = base if suffix == 1 else f"{base} ({suffix})"
    lines = [shlex.join(["new", name, "--campaign", campaign, "--seed", "13",
                         "--system", chosen.id]) if line.startswith("new ")
             else line for line in script.splitlines()]
    c.quiet = True
    run_lines(c, lines)
    c.quiet = False
    c.encounter = name
    console = Console()
    events = c.bt.events(name)
    from domain.events import RoundStarted

    rounds = [e.round for e in events if isinstance(e, RoundStarted)]
    from projections.describe import describe

    system = c.system_id()
    shown = 0
    for rnd in rounds + [None]:
        end = (next(e.originator_version for e in events
                    if isinstance(e, RoundStarted) and e.round == rnd) - 1
               if rnd is not None else len(events))
        if rnd is not None and rnd == rounds[0]:
            continue
        for e in events[shown:end]:
            console.print(f"{e.originator_version:>5}  {describe(e, system=system)}",
                          highlight=False,
                          markup=False, soft_wrap=True)
        shown = end
        console.print(state_table(c.bt.state(name, at=end), c.lang))
        if delay:
            time.sleep(delay)
    out(c, f"recorded {len(events)} events into encounter {name!r}; try "
           f"`battletape state --round 2` or `battletape log`")


@app.command()
def verify(ctx: typer.Context,
           encounter: Optional[str] = typer.Argument(None, help="Only this encounter (default: all).")):
    """Check the store: positions, commands, corrections, and that every command decided
    again (dice from the recorded seed) gives what was recorded.  Example: battletape verify"""
    from battletape import amending
    from replay.verify import verify as run_verify

    c = get(ctx)
    names = [encounter] if encounter else [r.name for r in c.bt.registrations()]

    def redecide_for(name):
        return lambda line, state, rng, evs: amending.redecide(c, line, state, rng, evs,
                                                               encounter=name)
    from battletape import integrity

    tampered, notes = integrity.check(c.bt)
    for note in notes:
        print(f"note: {note}")
    try:
        total, problems = run_verify(names, c.bt.events, redecide_for)
    except Exception as err:  # a tampered store may not even decode: say so
        if not tampered:
            raise
        total, problems = 0, [f"the tampered store cannot be decided again "
                              f"({type(err).__name__})"]
    problems = tampered + problems
    for p in problems:
        print(p)
    if problems:
        raise BattletapeError(f"verify found {len(problems)} problem(s) in "
                              f"{len(names)} encounter(s)")
    out(c, f"ok: {len(names)} encounter(s), {total} events; every command decides "
           "again as recorded" + ("" if integrity.PREDATES in notes
                                                else "; every hash chain holds"))
