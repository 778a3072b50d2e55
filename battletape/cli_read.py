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
    from domain.events import CORRECTIONS
    from replay import history
    from replay.entries import CORRECTION, entries

    c = get(ctx)
    events = c.bt.events(c.encounter)
    if json_ and all_:  # the stored log itself, each event marked as it counts now
        import msgspec
        from projections.views import event_view

        corr = history.Corrections(events)
        enc = msgspec.json.Encoder()
        for e in events:
            data = event_view(e, corr.is_void(e))
            if corr.replaced(e) and not isinstance(e, CORRECTIONS):
                data["replaced_by"] = corr.amended[e.cmd].originator_version
            sys.stdout.write(enc.encode(data).decode() + "\n")
        return
    shown = entries(events, c.lang, c.system_id(), everything=all_)
    if json_:
        import msgspec
        from projections.views import event_view

        enc = msgspec.json.Encoder()
        for entry in shown:
            data = event_view(entry.event)
            if entry.amended_at is not None:
                data["amended_at"] = entry.amended_at
            sys.stdout.write(enc.encode(data).decode() + "\n")
        return
    for entry in shown:  # a correction reads as one by its own words: no mark
        text = entry.text if entry.status == CORRECTION else entry.line(c.lang)
        print(f"{entry.position:>5}  {entry.by:<8} {text}")


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


DEMO_PACE = 1.5  # seconds between rounds of the demo at a terminal


def demo_pace(delay: float | None, terminal: bool) -> float:
    """The pause between rounds: as asked, else paced for a reader at a terminal and
    none when the output goes to a pipe or a file."""
    if delay is not None:
        return max(0.0, delay)
    return DEMO_PACE if terminal else 0.0


@app.command()
def demo(ctx: typer.Context,
         delay: Optional[float] = typer.Option(None, help="Seconds between rounds (default: 1.5 on a terminal, none when the output is piped)."),
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
    from replay.drops import drops, narrate

    delay = demo_pace(delay, sys.stdout.isatty())
    fallen = drops(events)

    system = c.system_id()
    shown = 0
    for rnd in rounds + [None]:
        end = (next(e.originator_version for e in events
                    if isinstance(e, RoundStarted) and e.round == rnd) - 1
               if rnd is not None else len(events))
        if rnd is not None and rnd == rounds[0]:
            continue
        for e in events[shown:end]:
            console.print(f"{e.originator_version:>5}  {describe(e, c.lang, system)}"
                          + narrate(fallen.get(e.originator_version, []), c.lang, system),
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
    from battletape import store
    from replay.verify import check_campaign_dice

    accepted: list[str] = []
    notes: list[str] = []
    total, problems = run_verify(names, c.bt.events, redecide_for, accepted,
                                 c.bt.verification_secrets, notes)
    campaigns = dict.fromkeys(c.bt.registration(n).campaign for n in names)
    for camp in campaigns:
        found, said = check_campaign_dice(c.bt.campaign_events(camp), camp,
                                          c.bt.dice_secrets(store.campaign_id(camp)))
        problems += found
        notes += said
    for p in problems:
        print(p)
    if problems:
        raise BattletapeError(f"verify found {len(problems)} problem(s) in "
                              f"{len(names)} encounter(s)")
    for line in accepted:
        out(c, line)
    out(c, f"ok: {len(names)} encounter(s), {total} events; every command decides "
           "again as recorded" + (f", but for {len(accepted)} ripple(s) the GM "
                                  "reviewed and accepted" if accepted else ""))
    for n in notes:
        out(c, "  " + n)
