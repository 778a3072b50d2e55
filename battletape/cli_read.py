"""Reading, corrections, scripts and the demo: the rest of the command line."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Optional

import typer

from battletape.domain.words import N_, tr, words
from battletape.cli import app
from battletape.session import Context, all_words, get, out
from battletape.domain.errors import AlreadyHolds, BadInput, BattletapeError
from battletape.domain.systems import DEFAULT_SYSTEM, listing


@app.command()
def state(ctx: typer.Context,
          at: Optional[int] = typer.Option(None, "--at", help="A stream position."),
          round_: Optional[int] = typer.Option(None, "--round", help="The start of a round."),
          json_: bool = typer.Option(False, "--json")):
    """The state now or at any point.  Example: battletape state --round 2 --json"""
    c = get(ctx)
    if at is not None and round_ is not None:
        raise BadInput("--at/--round", f"{at}/{round_}", N_("one of them, not both"))
    s = c.bt.state(c.encounter, at=at, round_=round_)
    if json_:
        import msgspec
        from battletape.projections.views import state_view

        print(msgspec.json.encode(state_view(s)).decode())
        return
    from rich.console import Console
    from battletape.render import state_table

    Console().print(state_table(s, c.lang))


@app.command()
def log(ctx: typer.Context, json_: bool = typer.Option(False, "--json"),
        all_: bool = typer.Option(False, "--all", help="Every event, voided ones marked.")):
    """The effective history, one event per line.  Example: battletape log --json"""
    from battletape.replay.entries import CORRECTION, entries

    c = get(ctx)
    if json_:
        _log_json(c, all_)
        return
    events = c.bt.events(c.encounter)
    shown = entries(events, c.lang, c.system_id(), everything=all_)
    for entry in shown:  # a correction reads as one by its own words: no mark
        text = entry.text if entry.status == CORRECTION else entry.line(c.lang)
        print(f"{entry.position:>5}  {entry.by:<8} {text}")


def _log_json(c: Context, all_: bool) -> None:
    """``log --json``: one object a line, written as the events are read, a page at a
    time, never the whole battle at once. Which events are void and which commands
    amended is known from the corrections alone (they only reach backwards)."""
    import msgspec

    from battletape.domain.history import NEVER_COUNTED, EffectiveHistory
    from battletape.projections.views import event_view

    history = EffectiveHistory((e for page in c.bt.pages(c.encounter) for e in page),
                               corrections=c.bt.corrections(c.encounter))
    encode = msgspec.json.Encoder().encode
    write = sys.stdout.write
    if all_:  # the stored log itself, each event marked as it counts now
        for e in history.log:
            is_void = history.is_void(e)
            data = event_view(e, is_void)
            if history.replaced(e) and type(e) not in NEVER_COUNTED:
                data["replaced_by"] = history.amended[e.cmd].originator_version
            write(encode(data).decode() + "\n")
        return
    for _, e, amended_at in history.shown():
        data = event_view(e)
        if amended_at is not None:
            data["amended_at"] = amended_at
        write(encode(data).decode() + "\n")


@app.command()
def why(ctx: typer.Context,
        name: str = typer.Argument(..., metavar="NAME", help="The combatant (a prefix or its initials will do)."),
        field: str = typer.Argument("hp", metavar="[FIELD]", help="hp (the default), temp_hp, status, init, or a condition (dazed, prone, ...)."),
        at: Optional[int] = typer.Option(None, "--at", help="At this stream position (default: now)."),
        json_: bool = typer.Option(False, "--json", help="One JSON object: name, field, position, value, steps (each: position, recorded_by, at, sentence, value_before, value_after, correction).")):
    """How a value came to be: the events that made it, who recorded them and the corrections they came from.  Example: battletape why Orc hp --at 40"""
    from battletape.replay.why import why as blame

    c = get(ctx)
    answer = blame(c.bt.events(c.encounter), name, field, at, c.lang)
    if json_:
        import msgspec

        print(msgspec.json.encode(answer.view()).decode())
        return
    from battletape.replay.why import lines

    for line in lines(answer, c.system_id(), c.lang):
        print(line)


@app.command()
def encounters(ctx: typer.Context):
    """List the encounters of the store in the order they started, one a line (name, campaign, system, start, tab-separated), the current one marked and a what-if with the encounter it branched from.  Example: battletape encounters"""
    c = get(ctx)
    regs = c.bt.registrations()
    current = c.bt.registration().name if regs else None
    for r in regs:
        notes = [tr(c.lang, "what-if of {name}", name=r.branched_from)] \
            if r.branched_from else []
        if r.name == current:
            notes.append(tr(c.lang, "current"))
        print("\t".join([r.name, r.campaign, r.system, f"{r.timestamp:%Y-%m-%d %H:%M}",
                         *notes]))


@app.command("run")
def run_script(ctx: typer.Context, file: str = typer.Argument(..., help="A script file, or - for stdin.")):
    """Run a battle script, one command a line, all or nothing.  Example: battletape run fixtures/battles/bridge.bt"""
    c = get(ctx)
    if c.force is not None:
        raise BadInput("--force", c.force, N_("a line of the script: `--force REASON "
                       "COMMAND`, forcing that command alone"))
    if file == "-":
        text = sys.stdin.read()
    else:
        path = Path(file)
        if not path.is_file():
            raise BadInput("script", file, N_("an existing file"))
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise BadInput("script", file,
                           N_("a readable UTF-8 text file ({err})"), err=err) from None
    run_lines(c, text.splitlines())


def run_lines(c: Context, lines: list[str]) -> None:
    """Run the lines in one batch; what they print is shown only once all of them
    are saved (nothing is said of events that were not). A race with another writer
    runs the whole script again against the new state."""
    import io
    from contextlib import redirect_stdout

    def attempt() -> str:
        said = io.StringIO()
        with redirect_stdout(said):
            _run_batch(c, lines)
        return said.getvalue()

    sys.stdout.write(c.retrying(attempt))


def _run_batch(c: Context, lines: list[str]) -> None:
    from battletape import script_lines as script
    from battletape.session import click_module

    click = click_module()
    run = script.runner(c)
    with c.bt.batch():
        for number, line in enumerate(lines, 1):
            args = script.split(line, f"line {number}")
            if not args:
                continue
            try:
                run(args)
            except AlreadyHolds as holds:  # nothing to do: the script goes on
                out(c, tr(c.lang, "nothing recorded: line {number}: {holds}",
                                     number=number, holds=holds.say(c.lang, all_words(c.lang))))
            except BattletapeError as err:
                raise BattletapeError.said(N_("line {number}: {error}"), number=number,
                                           error=err) from None
            except click.ClickException as err:
                from battletape.click_words import usage_error

                raise BattletapeError.said(N_("line {number}: {error}"), number=number,
                                           error=usage_error(err.format_message(), c.lang,
                                                             c.system_id())) from None


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
         system: str = typer.Option(DEFAULT_SYSTEM, help="The rule system of the battle: " + listing() + ".")):
    """Play a bundled battle into the store and show it round by round.  Example: battletape demo --system 5e"""
    import time
    from importlib import resources

    from rich.console import Console

    from battletape.render import state_table
    from battletape.domain import systems

    c = get(ctx)
    chosen = systems.get(system)
    try:  # the system's own bundled demo: (package, path), a resource
        if not chosen.demo:
            raise FileNotFoundError(system)
        package, path = chosen.demo
        script = resources.files(package).joinpath(path).read_text("utf-8")
    except FileNotFoundError:
        raise BadInput("--system", system, N_("a system with a bundled demo")) from None
    first = next(line for line in script.splitlines() if line.startswith("new "))
    title = shlex.split(first)[1]
    name = title
    existing = [r.name for r in c.bt.registrations()]
    suffix = 1
    while name in existing:
        suffix += 1
        name = f"{title} ({suffix})"
    # a campaign of its own each time: the PCs must not carry wounds from the last demo
    base = chosen.demo_campaign
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
    from battletape.domain.events import RoundStarted

    rounds = [e.round for e in events if isinstance(e, RoundStarted)]
    from battletape.projections.describe import describe
    from battletape.replay.drops import drops, narrate

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
            text = describe(e, c.lang, system)
            console.print(f"{e.originator_version:>5}  {text}"
                          + narrate(fallen.get(e.originator_version, []), c.lang, system,
                                    text),
                          highlight=False,
                          markup=False, soft_wrap=True)
        shown = end
        console.print(state_table(c.bt.state(name, at=end), c.lang))
        if delay:
            time.sleep(delay)
    out(c, tr(c.lang, "recorded {count} events into encounter {name}; try "
                         "`battletape state --round 2` or `battletape log`",
                         count=len(events), name=repr(name)))


@app.command()
def verify(ctx: typer.Context,
           encounter: Optional[str] = typer.Argument(None, help="Only this encounter (default: all).")):
    """Check the store: positions, commands, corrections, and that every command decided
    again (dice from the recorded seed) gives what was recorded.  Example: battletape verify"""
    from battletape.api import redeciding as amending
    from battletape.replay.verify import verify as run_verify

    c = get(ctx)
    names = [encounter] if encounter else [r.name for r in c.bt.registrations()]

    from battletape import integrity
    from battletape.stores import store
    from battletape.replay.verify import check_campaign_dice

    stored: dict = {}  # each stream's event bytes, read once for the chain and the rest
    tampered, notes = integrity.check(c.bt, stored)

    def events_of(name: str):
        rows = stored.pop(c.bt.registration(name).encounter_id, None)
        return c.bt.events(name) if rows is None or tampered else store.decode_events(rows)
    for note in notes:
        print(f"note: {note}")
    chain_holds = integrity.PREDATES not in notes
    accepted: list[str] = []
    notes = []
    try:
        verified = run_verify(names, events_of,
                              lambda name: amending.Redecider(c, encounter=name), accepted,
                              c.bt.verification_secrets, notes)
    except Exception as err:  # a tampered store may not even decode: say so
        if not tampered:
            raise
        for p in tampered:
            print(p)
        raise BattletapeError.said(N_("verify found {problems} problem(s); the tampered "
                                      "store cannot be decided again ({reason})"),
                                   problems=len(tampered), reason=type(err).__name__)
    problems = tampered + verified.problems
    campaigns = dict.fromkeys(c.bt.registration(n).campaign for n in names)
    for camp in campaigns:
        found, said = check_campaign_dice(c.bt.campaign_events(camp), camp,
                                          c.bt.dice_secrets(store.campaign_id(camp)))
        problems += found
        notes += said
    for p in problems:
        print(p)
    if problems:
        raise BattletapeError.said(N_("verify found {problems} problem(s) in "
                                      "{encounters} encounter(s)"),
                                   problems=len(problems), encounters=len(names))
    _ = words(c.lang)
    for line in accepted:
        out(c, line)
    out(c, verified_line(len(names), verified, _)
        + (_(", but for {n} ripple(s) the GM reviewed and accepted or recorded under "
             "an earlier edition of the rules", n=len(accepted)) if accepted else ""))
    if chain_holds:
        out(c, "  " + _("every hash chain holds: no event, head or snapshot was "
                        "altered, removed or reordered"))
    for n in notes:
        out(c, "  " + n)


@app.command()
def snapshot(ctx: typer.Context,
             encounter: Optional[str] = typer.Argument(None, help="Only this encounter (default: all).")):
    """Give a store's encounters the snapshots single commands save (one every 250
    events), where a script, an import or an older battletape saved fewer: long
    battles load quickly again. No event is written or changed.
    Example: battletape snapshot"""
    c = get(ctx)
    names = [encounter] if encounter else [r.name for r in c.bt.registrations()]
    for name in names:
        saved = c.bt.snapshot(name)
        out(c, tr(c.lang, "{name}: {saved} snapshot(s) saved", name=name, saved=saved))


def verified_line(encounters: int, found, _=None) -> str:
    """What ``verify`` says when all is well: how much it decided again, and plainly
    what it could not (commands recorded by a program keep no command line)."""
    _ = _ or words("en")
    text = _("ok: {encounters} encounter(s), {events} events; {decided} command(s) "
             "decided again as recorded", encounters=encounters, events=found.events,
             decided=found.decided)
    if found.unlined:
        text += _("; {n} command(s) have no recorded command line (recorded by a "
                  "program, such as the generator, not typed), so they could not be "
                  "decided again: only their positions and corrections were checked",
                  n=found.unlined)
    return text
