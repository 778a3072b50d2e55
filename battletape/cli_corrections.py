"""Corrections on the command line: undo, redo, rewind, amend, ripple, disputes,
branches and diffs. Every correction is an event, a GM's, with who, when and why."""

from __future__ import annotations

import shlex

from typing import List, Optional

import typer

from battletape.cli import app
from battletape.session import Context, echo_events, get, out
from battletape.domain.errors import BadInput
from battletape.domain import systems
from battletape.domain.words import tr, words, N_

KIND_HELP = "rules-error, table-error or tactical (tactical choices are never rewound)."


def _events():
    from battletape.domain import events

    return events


def _gm(c: Context) -> None:
    """Roles: only a GM of the encounter's campaign may correct it."""
    from battletape.api import corrections

    corrections.require_gm(c)


def _after_correction(c: Context) -> None:
    """Say (and fix) which later battles of the campaign started from changed PCs."""
    from battletape.api import corrections

    affected = corrections.after_correction(c)
    if affected:
        out(c, tr(c.lang, "later battles affected (their starting PC state was "
                             "recomputed):"))
        for line in affected:
            out(c, "  " + line)


def _policy(c: Context):
    """The encounter's system's correction policy (None: the core's plain corrections)."""
    return systems.get(c.system_id()).correction_policy


def _warn(text: str | None) -> None:
    """A warning, never a refusal: one line on stderr, the command recorded."""
    if text:
        import sys

        print(text, file=sys.stderr)


@app.command()
def undo(ctx: typer.Context, reason: str = typer.Option("", help="Why."),
         kind: str = typer.Option("table-error", help=KIND_HELP)):
    """Retract the whole last command.  Example: battletape undo --reason "wrong target" """
    from battletape.api import corrections

    c = get(ctx)
    echo_events(c, corrections.undo(c, reason, kind))
    _after_correction(c)


@app.command()
def redo(ctx: typer.Context, reason: str = typer.Option("", help="Why.")):
    """Restore the last undone command.  Example: battletape redo"""
    from battletape.api import corrections

    c = get(ctx)
    echo_events(c, corrections.redo(c, reason))
    _after_correction(c)


@app.command()
def rewind(ctx: typer.Context,
           position: int = typer.Argument(..., help="The last position kept: every event after it is voided."),
           reason: str = typer.Option(..., help="Why (required)."),
           kind: str = typer.Option("rules-error", help=KIND_HELP),
           dispute: Optional[int] = typer.Option(None, "--dispute", help="The position of the dispute this rewind settles (then `resolve Q overturned`).")):
    """Void every event after POSITION.  Example: battletape rewind 12 --reason "he was dead" """
    from battletape.api import corrections

    c = get(ctx)
    recorded, warning = corrections.rewind(c, position, reason, kind, dispute)
    echo_events(c, recorded)
    _warn(warning)
    _after_correction(c)


@app.command(context_settings={"ignore_unknown_options": False})
def amend(ctx: typer.Context,
          position: int = typer.Argument(..., help="The command to correct: the position of any of its events in `log`."),
          roll_: Optional[str] = typer.Option(None, "--roll", help="The natural d20 (or a save's natural) as it should have been; A/B for two faces (advantage, disadvantage)."),
          dmg: Optional[int] = typer.Option(None, help="The damage total as it should have been."),
          target: Optional[str] = typer.Option(None, help="The right target."),
          type_: Optional[str] = typer.Option(None, "--type", help="The damage type (a missed resistance)."),
          also: List[str] = typer.Option([], "--also", help='A forgotten command of the same moment, e.g. "cond add Bruna dazed --save normal".'),
          command: Optional[str] = typer.Option(None, help="Replace the whole command line."),
          reason: str = typer.Option(..., help="Why (required)."),
          kind: str = typer.Option("rules-error", help=KIND_HELP),
          dispute: Optional[int] = typer.Option(None, "--dispute", help="The position of the dispute this amendment settles (then `resolve Q overturned`)."),
          confirm: Optional[str] = typer.Option(None, "--confirm", help="3.5: the confirmation natural of the threat at POSITION (or given to a new threat)."),
          set_: List[str] = typer.Option([], "--set", help="OPTION=VALUE: another option of the command's line, e.g. miss-roll=40 (a roll of that option at POSITION).")):
    """Correct a recorded value; the rules decide the command again, keeping every recorded die the correction does not change.  Example: battletape amend 14 --roll 9 --reason "it was a 9" """
    from battletape.api import corrections

    c = get(ctx)
    done = corrections.amend(c, position, reason, roll_, dmg, target, type_, also,
                             command, kind, dispute,
                             corrections.option_values(set_, confirm), ripples=True)
    echo_events(c, done.recorded)
    _print_ripples(c, done.cmd, done.window, done.ripples)
    _after_correction(c)


def ripples_since(c: Context, since: int, window=None) -> list:
    """The ripples after position ``since``: one walk from the nearest valid snapshot
    before it (``window``: that snapshot's state and the events after it, when the
    caller has read them), each later command decided again once."""
    from battletape.api import redeciding as amending
    from battletape.replay import ripple

    start, events = window if window is not None else c.bt.window(c.encounter, since)
    redecide = amending.Redecider(c)
    return ripple.report(events, since, redecide, start=start,
                         sequence=redecide.sequence)


def _print_ripples(c: Context, since: int, window=None, found=None) -> None:
    """``found``: the ripples already found (amend finds them as it saves)."""
    ripples = found if found is not None else ripples_since(c, since, window)
    _ = words(c.lang)
    if not ripples:
        out(c, _("ripple: nothing later is affected"))
        return
    out(c, _.plural("ripple: {n} later command no longer holds — rewind there or "
                    "accept:", "ripple: {n} later commands no longer hold — rewind "
                    "there or accept:", len(ripples)))
    for r in ripples:
        out(c, f"  {r.position:>5}  {r.command}  — {r.why}")


@app.command("ripple")
def ripple_cmd(ctx: typer.Context,
               since: int = typer.Option(0, help="Only commands after this position (default: the last amendment)."),
               json_: bool = typer.Option(False, "--json"),
               accept: bool = typer.Option(False, "--accept", help="GM: record that you reviewed these ripples and let them stand (verify then reports them as accepted)."),
               note: str = typer.Option("", help="With --accept: the GM's word.")):
    """List later events whose premises no longer hold after a correction.  Example: battletape ripple --accept --note "the orc fled anyway" """
    c = get(ctx)
    if accept:
        _gm(c)
    if not since:
        since = _unreviewed_since(c)
    ripples = ripples_since(c, since)
    if accept:
        _accept(c, ripples, note)
        return
    if json_:
        import msgspec
        print(msgspec.json.encode([r._asdict() for r in ripples]).decode())
        return
    if not ripples:
        out(c, tr(c.lang, "ripple: nothing is affected"))
    for r in ripples:
        out(c, f"{r.position:>5}  {r.command}  — {r.why}")


def _unreviewed_since(c: Context) -> int:
    """Where the ripples to review start: the earliest command amended since the GM
    last accepted a ripple report (two amendments, the later one at a later command,
    leave the earlier one's ripples to review too), else the last amendment's."""
    last = c.bt.last_amendment(c.encounter)
    if last is None:
        return 0
    ev = _events()
    targets: list[int] = []
    for e in c.bt.events(c.encounter):
        if isinstance(e, ev.RippleAccepted):
            targets = []
        elif isinstance(e, ev.CommandAmended):
            targets.append(e.target)
    return min(targets, default=last.target)


def _accept(c: Context, ripples, note: str) -> None:
    """Record the GM's review of the ripples just found (nothing found: nothing to
    record, and the command says so)."""
    from battletape.replay.verify import accepted_ripples

    ev = _events()
    reviewed = accepted_ripples(c.bt.events(c.encounter))
    new = [r for r in ripples if (r.position, r.command, r.why) not in reviewed]
    _ = words(c.lang)
    if not new:
        out(c, _("ripple: nothing to accept (every ripple already accepted)") if ripples
            else _("ripple: nothing to accept"))
        return
    accepted = [ev.AcceptedRipple(position=r.position, command=r.command, why=r.why)
                for r in new]
    echo_events(c, c.record(lambda s, r: [ev.RippleAccepted(ripples=accepted,
                                                           note=note)]))
    for r in new:
        out(c, "  " + _("accepted {position}", position=f"{r.position:>5}")
            + f"  {r.command}  — {r.why}")


@app.command()
def dispute(ctx: typer.Context,
            position: int = typer.Argument(..., help="The event contested: its position in `log`."),
            reason: str = typer.Option(..., help="What is contested."),
            by: Optional[str] = typer.Option(None, "--by", help="The player (default: who records)."),
            quote: Optional[str] = typer.Option(None, help='The rule quoted, e.g. "13th Age SRD: Disengaging".')):
    """A player flags an event.  Example: battletape dispute 14 --reason "I had +2 from cover" --by Anna"""
    from battletape.api import corrections

    c = get(ctx)
    recorded, hint = corrections.dispute(c, position, reason, by, quote)
    echo_events(c, recorded)
    if hint:
        out(c, hint)


@app.command()
def disputes(ctx: typer.Context, all_: bool = typer.Option(False, "--all", help="Resolved ones too."),
             json_: bool = typer.Option(False, "--json")):
    """List the open disputes.  Example: battletape disputes"""
    from battletape.domain import corrections

    ev = _events()
    c = get(ctx)
    events = c.bt.events(c.encounter)
    outcome = {e.dispute: e for e in events if isinstance(e, ev.DisputeResolved)}
    settled = corrections.settled_by(events)
    shown = [e for e in events if isinstance(e, ev.DisputeRaised)
             and (all_ or e.originator_version not in outcome)]

    def settling(q: int):
        f = settled.get(q)
        if f is None:
            return None
        return {"position": f.originator_version, "type": type(f).__name__,
                "kind": f.kind, "by": f.by,
                "target": f.to if isinstance(f, ev.Rewound) else f.target}
    rows = [{"position": e.originator_version, "target": e.target, "player": e.player,
             "reason": e.reason, "quote": e.quote,
             "outcome": outcome[e.originator_version].outcome
             if e.originator_version in outcome else "open",
             "note": outcome[e.originator_version].note
             if e.originator_version in outcome else "",
             "settled_by": settling(e.originator_version)} for e in shown]
    if json_:
        import msgspec
        print(msgspec.json.encode(rows).decode())
        return
    policy = _policy(c)
    if policy is not None:
        for line in policy.say(c.lang):
            out(c, line)
        out(c, "")
    _ = words(c.lang, systems.get(c.system_id()).package)
    if not rows:
        out(c, _("no open disputes") if not all_ else _("no disputes"))
    for r in rows:
        quote = f" [{r['quote']}]" if r["quote"] else ""
        extra = ""
        if policy is not None:
            if r["note"]:
                extra += f" ({r['note']})"
            f = r["settled_by"]
            if f is not None:
                fields = dict(target=f["target"], position=f["position"], by=f["by"],
                              kind=policy.kind(f["kind"], c.lang))
                extra += (_("; settled by the rewind to {target} at {position} ({kind}, "
                            "by {by})", **fields) if f["type"] == "Rewound" else
                          _("; settled by the amendment of {target} at {position} "
                            "({kind}, by {by})", **fields))
        out(c, f"{r['position']:>5}  " + _("on {target} by {player}: {reason}",
                                           target=r["target"], player=r["player"],
                                           reason=r["reason"])
            + f"{quote} — {_.ctx('dispute', r['outcome'])}{extra}")


@app.command()
def resolve(ctx: typer.Context,
            position: int = typer.Argument(..., help="The dispute's position (`disputes` lists them)."),
            outcome: str = typer.Argument(..., help="upheld (nothing changes) or overturned."),
            note: str = typer.Option("", "--note", "--reason", help="The GM's word.")):
    """Resolve a dispute: upheld (nothing changes) or overturned.  Example: battletape resolve 15 overturned"""
    from battletape.api import corrections

    c = get(ctx)
    echo_events(c, corrections.resolve(c, position, outcome, note))


@app.command()
def branch(ctx: typer.Context,
           position: int = typer.Argument(..., help="The last position the what-if keeps of this encounter."),
           name: str = typer.Argument(..., help="The what-if's name."),
           switch: bool = typer.Option(False, "--switch", "--use", help="Make the what-if the current encounter (without it the current one stays).")):
    """Fork the encounter at POSITION into a new what-if encounter: the same positions,
    whole commands, the recorded dice. The current encounter stays, unless --switch.  Example: battletape branch 20 "what if Bruna fled" """
    from battletape.replay import branches

    c = get(ctx)
    reg = c.bt.registration(c.encounter)
    events = c.bt.events(reg.name)
    end = branches.fork_end(events, position)
    start = events[0]
    copied = branches.copied(events, end)
    c.bt.new(name, system=start.system, campaign=start.campaign, seed=start.seed,
             options=dict(start.options), command=c.command_line,
             branched=(reg.name, end), copied=copied)
    _ = words(c.lang)
    whole = (_(" (position {position} is inside the command at {first}..{end}: the "
               "branch keeps it whole)", position=position,
               first=events[position - 1].cmd, end=end) if end != position else "")
    out(c, _("encounter {name} branched from {trunk} at position {end} ({count} "
             "events){whole}", name=repr(name), trunk=repr(reg.name), end=end,
             count=len(copied) + 1, whole=whole))
    if switch:
        c.bt.select(name)
        c.encounter = name
        out(c, _("the current encounter is now {name}", name=repr(name)))
    else:
        current = c.bt.registration().name
        out(c, _("the current encounter stays {current} (`use {quoted}` or `--encounter "
                 "{quoted}` to record in the what-if)", current=repr(current),
                 quoted=shlex.quote(name)))


@app.command()
def diff(ctx: typer.Context,
         a: str = typer.Argument(..., metavar="A", help="An encounter, or a position of the current one (`diff 8 13`)."),
         b: Optional[str] = typer.Argument(None, metavar="[B]", help="The other encounter, or a position (default: A itself, at another position)."),
         at_a: Optional[int] = typer.Option(None, "--at-a", help="A position of A (default: now)."),
         at_b: Optional[int] = typer.Option(None, "--at-b", help="A position of B (default: now)."),
         json_: bool = typer.Option(False, "--json")):
    """Compare two states: two encounters, or one at two positions, now or at any
    position (a branch keeps its trunk's positions up to the fork).  Example: battletape diff Bridge "what if" --at-a 40 --at-b 40"""
    from battletape.projections.views import state_view

    c = get(ctx)
    a, at_a = _encounter_or_position(c, a, at_a, "--at-a")
    if b is None:
        b = a
    else:
        b, at_b = _encounter_or_position(c, b, at_b, "--at-b")
    va = state_view(c.bt.state(a, at=at_a))
    vb = state_view(c.bt.state(b, at=at_b))
    from battletape.replay.compare import changes as compared

    header = [*systems.get(va["system"]).header_keys,  # the systems' own (13th Age: the
              *systems.get(vb["system"]).header_keys]  # die), of two systems maybe
    changes = compared(va, vb, header)
    if json_:
        import msgspec
        print(msgspec.json.encode(changes).decode())
        return
    if not changes:
        out(c, tr(c.lang, "no differences"))
    rules = systems.get(va["system"])
    for ch in changes:
        present = "." not in ch["what"] and ch["what"] in set(va["combatants"]) | set(vb["combatants"])
        out(c, f"{ch['what']}: {_said(ch['a'], c.lang, rules, present)} | "
               f"{_said(ch['b'], c.lang, rules, present)}")


def _encounter_or_position(c, given: str, at: int | None,
                           option: str) -> tuple[str | None, int | None]:
    """``diff``'s A or B: an encounter (and its ``--at``), or, a number that names no
    encounter, a position of the current one (``diff 8 13``)."""
    from battletape.domain.errors import UnknownEncounter

    if not given.isdigit():
        return given, at
    try:
        return c.bt.registration(given).name, at
    except UnknownEncounter:
        if at is not None:
            raise BadInput(option, at, N_("no --at beside a position ({position}): "
                                          "`diff {position} N`"), position=given) from None
        return c.encounter, int(given)


def _said(value, lang: str, rules, present: bool = False) -> str:
    """A value of a state as the log says it (never Python's repr): a word in the
    reader's language, a list joined, nothing as a dash; a combatant that is there or
    not (``present``)."""
    if present:
        return tr(lang, "in the encounter") if value else tr(lang, "not in the encounter")
    if value is None or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return tr(lang, "yes") if value else tr(lang, "no")
    if isinstance(value, list):
        return ", ".join(_said(v, lang, rules) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{rules.term(str(k), lang)} {_said(v, lang, rules)}"
                         for k, v in value.items())
    if isinstance(value, str):
        return rules.term(value, lang)
    return str(value)


gm_app = typer.Typer(help="The campaign's GMs.", no_args_is_help=True)
app.add_typer(gm_app, name="gm")


@gm_app.command("add")
def gm_add(ctx: typer.Context, name: str,
           campaign: Optional[str] = typer.Option(None),
           user: Optional[str] = typer.Option(None, "--user", help="The identity NAME is: an OS user (SQLite) or a database role (PostgreSQL).")):
    """A GM adds another GM to the campaign, or binds a GM's name to an identity.  Example: battletape gm add Marta --user marta"""
    ev = _events()
    c = get(ctx)
    camp = campaign or c.bt.registration(c.encounter).campaign
    c.bt.require_gm(camp, "add a GM")
    roster = {n.casefold(): b for n, b in c.bt.gm_roster(camp).items()}
    if user is not None and not user.strip():
        raise BadInput("--user", user, N_("an OS user or a database role"))
    if name.casefold() in roster and (user is None or roster[name.casefold()] == user):
        raise BadInput("GM", name, N_("someone not already a GM (or a new --user)"))
    echo_events(c, c.bt.record_campaign(camp, [ev.GmAdded(name=name, user=user)]))


@gm_app.command("list")
def gm_list(ctx: typer.Context, campaign: Optional[str] = typer.Option(None)):
    """The campaign's GMs.  Example: battletape gm list"""
    ev = _events()
    c = get(ctx)
    camp = campaign or c.bt.registration(c.encounter).campaign
    for g in c.bt.gms(camp):
        print(g)
