"""Corrections on the command line: undo, redo, rewind, amend, ripple, disputes,
branches and diffs. Every correction is an event, a GM's, with who, when and why."""

from __future__ import annotations

from typing import List, Optional

import typer

from battletape.cli import app
from battletape.session import Context, echo_events, get, out
from domain.errors import BadInput, RuleViolation

KIND_HELP = "rules-error, table-error or tactical (tactical choices are never rewound)."


def _events():
    from domain import events

    return events


def _gm(c: Context) -> None:
    """Roles: only a GM of the encounter's campaign may correct it (the real
    identity, battletape/identity.py, not the --as name)."""
    c.bt.require_gm(c.bt.registration(c.encounter).campaign)


def _after_correction(c: Context) -> None:
    """Say (and fix) which later battles of the campaign started from changed PCs."""
    from battletape import amending

    affected = amending.propagate(c)
    if affected:
        out(c, "later battles affected (their starting PC state was recomputed):")
        for line in affected:
            out(c, "  " + line)


def _policy(c: Context):
    """The encounter's system's correction policy (None: the core's plain corrections)."""
    from domain import systems

    return systems.get(c.system_id()).correction_policy


def _kind(kind: str, c: Context | None = None) -> str:
    from domain.corrections import check_kind

    return check_kind(kind, _policy(c) if c is not None else None)


def _warn(text: str | None) -> None:
    """A warning, never a refusal: one line on stderr, the command recorded."""
    if text:
        import sys

        print(text, file=sys.stderr)


@app.command()
def undo(ctx: typer.Context, reason: str = typer.Option("", help="Why."),
         kind: str = typer.Option("table-error", help=KIND_HELP)):
    """Retract the whole last command.  Example: battletape undo --reason "wrong target" """
    from replay import history

    ev = _events()
    c = get(ctx)
    _gm(c)
    k = _kind(kind, c)
    echo_events(c, c.record(lambda s, r, events: [ev.CommandRetracted(
        target=history.last_effective_command(events), reason=reason, kind=k)],
        needs_history=True))
    _after_correction(c)


@app.command()
def redo(ctx: typer.Context, reason: str = typer.Option("", help="Why.")):
    """Restore the last undone command.  Example: battletape redo"""
    from replay import history

    ev = _events()
    c = get(ctx)
    _gm(c)
    echo_events(c, c.record(lambda s, r, events: [ev.CommandRestored(
        retraction=history.last_undo(events).originator_version, reason=reason)],
        needs_history=True))
    _after_correction(c)


@app.command()
def rewind(ctx: typer.Context, position: int,
           reason: str = typer.Option(..., help="Why (required)."),
           kind: str = typer.Option("rules-error", help=KIND_HELP),
           dispute: Optional[int] = typer.Option(None, "--dispute", help="The position of the dispute this rewind settles (then `resolve Q overturned`).")):
    """Void every event after POSITION.  Example: battletape rewind 12 --reason "he was dead" """
    from domain import corrections

    c = get(ctx)
    _gm(c)
    policy = _policy(c)
    warning: list[str | None] = [None]

    def decide(s, r, events):
        new = corrections.rewind(events, position, reason, kind, dispute, policy)
        if policy is not None and policy.warn_wide_rewinds:
            warning[0] = corrections.wide_rewind_warning(events, position, dispute)
        return new
    echo_events(c, c.record(decide, needs_history=True))
    _warn(warning[0])
    _after_correction(c)


@app.command(context_settings={"ignore_unknown_options": False})
def amend(ctx: typer.Context, position: int,
          roll_: Optional[str] = typer.Option(None, "--roll", help="The natural d20 (or a save's natural) as it should have been; 5e: A/B for two faces."),
          dmg: Optional[int] = typer.Option(None, help="The damage total as it should have been."),
          target: Optional[str] = typer.Option(None, help="The right target."),
          type_: Optional[str] = typer.Option(None, "--type", help="The damage type (a missed resistance)."),
          also: List[str] = typer.Option([], "--also", help='A forgotten command of the same moment, e.g. "cond add Bruna dazed --save normal".'),
          command: Optional[str] = typer.Option(None, help="Replace the whole command line."),
          reason: str = typer.Option(..., help="Why (required)."),
          kind: str = typer.Option("rules-error", help=KIND_HELP),
          dispute: Optional[int] = typer.Option(None, "--dispute", help="The position of the dispute this amendment settles (then `resolve Q overturned`).")):
    """Correct a recorded value; the rules decide the command again.  Example: battletape amend 14 --roll 9 --reason "it was a 9" """
    from battletape import amending
    from domain import dice
    from replay import history

    ev = _events()
    c = get(ctx)
    _gm(c)
    k = _kind(kind, c)
    if not reason.strip():
        raise BadInput("reason", reason, "why the value is corrected")
    events = c.bt.events(c.encounter)
    cmd = history.command_of(events, position)
    if dispute is not None:
        from domain.corrections import check_dispute

        check_dispute(events, dispute, cmd)
    corr = history.Corrections(events)
    target_event = next(e for e in events if e.originator_version == cmd)
    if corr.is_void(target_event) or isinstance(target_event, ev.CORRECTIONS):
        raise RuleViolation(f"position {position} is not part of the effective history")
    if isinstance(target_event, ev.EncounterStarted):
        raise RuleViolation("the start of the encounter can't be amended")
    original = (corr.amended[cmd].changes.get("as_decided", "") if cmd in corr.amended
                else "") or history.command_line(events, cmd)
    if not original and command is None:
        raise RuleViolation(f"the command at {cmd} kept no command line: give --command")
    changes = {key: str(v) for key, v in (("roll", roll_), ("dmg", dmg),
                                          ("target", target), ("type", type_))
               if v is not None}
    before = history.state_at(events, cmd - 1)
    turn = next((e.name for e in corr.effective(events)
                 if e.cmd == cmd and isinstance(e, ev.TurnEnded)), before.turn)
    line = command if command is not None else amending.overridden(
        original, changes, turn, c.system_id())
    if not changes and command is None and not also:
        raise BadInput("amend", position, "a corrected value: --roll, --dmg, --target, "
                       "--type, --also or --command")
    rng = dice.source(before.seed, cmd)
    replacement = amending.redecide(c, line, before, rng, events)
    for extra in also:
        from projections.encounter_state import fold_all

        replacement += amending.redecide(c, extra, fold_all(before, replacement), rng,
                                         events)
        line += " ; " + extra
    if command is not None:
        changes["command"] = command
    if also:
        changes["also"] = " ; ".join(also)
    amendment = ev.CommandAmended(target=cmd, replacement=replacement, changes=changes,
                                  reason=reason, kind=k, replaced=original,
                                  command="", dispute=dispute)
    recorded = c.record(lambda s, r, evs: [msgspec_replace(amendment, line)],
                        needs_history=True)
    echo_events(c, recorded)
    _print_ripples(c, cmd)
    _after_correction(c)


def msgspec_replace(amendment, line: str):
    import msgspec

    return msgspec.structs.replace(amendment, changes={**amendment.changes,
                                                       "as_decided": line})


def _print_ripples(c: Context, since: int) -> None:
    from battletape import amending
    from replay import ripple

    events = c.bt.events(c.encounter)
    ripples = ripple.report(events, since,
                            lambda line, state, rng, evs: amending.redecide(
                                c, line, state, rng, evs))
    if not ripples:
        out(c, "ripple: nothing later is affected")
        return
    out(c, f"ripple: {len(ripples)} later command(s) no longer hold — rewind there or "
           "accept:")
    for r in ripples:
        out(c, f"  {r.position:>5}  {r.command}  — {r.why}")


@app.command("ripple")
def ripple_cmd(ctx: typer.Context,
               since: int = typer.Option(0, help="Only commands after this position (default: the last amendment)."),
               json_: bool = typer.Option(False, "--json")):
    """List later events whose premises no longer hold after a correction.  Example: battletape ripple"""
    from battletape import amending
    from replay import ripple

    ev = _events()
    c = get(ctx)
    events = c.bt.events(c.encounter)
    if not since:
        amendments = [e for e in events if isinstance(e, ev.CommandAmended)]
        since = amendments[-1].target if amendments else 0
    ripples = ripple.report(events, since, lambda line, state, rng, evs:
                            amending.redecide(c, line, state, rng, evs))
    if json_:
        import msgspec
        print(msgspec.json.encode([r._asdict() for r in ripples]).decode())
        return
    if not ripples:
        out(c, "ripple: nothing is affected")
    for r in ripples:
        out(c, f"{r.position:>5}  {r.command}  — {r.why}")


@app.command()
def dispute(ctx: typer.Context, position: int,
            reason: str = typer.Option(..., help="What is contested."),
            by: Optional[str] = typer.Option(None, "--by", help="The player (default: who records)."),
            quote: Optional[str] = typer.Option(None, help='The rule quoted, e.g. "13th Age SRD: Disengaging".')):
    """A player flags an event.  Example: battletape dispute 14 --reason "I had +2 from cover" --by Anna"""
    from replay import history

    ev = _events()
    c = get(ctx)
    if not reason.strip():
        raise BadInput("reason", reason, "what is contested")

    def decide(s, r, events):
        history.command_of(events, position)
        return [ev.DisputeRaised(target=position, reason=reason, player=by or c.bt.user,
                                 quote=quote)]
    recorded = c.record(decide, needs_history=True)
    echo_events(c, recorded)
    policy = _policy(c)
    if policy is not None and policy.in_time_hint and recorded:
        from domain import corrections

        raised = recorded[0]
        if corrections.in_time(c.bt.events(c.encounter), raised):
            q = raised.originator_version
            out(c, f"in time: the GM applies the right rule by amending the command "
                   f"(`amend {position} … --dispute {q}`), then `resolve {q} overturned`"
                   f" — no rewind ({policy.source})")


def open_disputes(events) -> list:
    ev = _events()
    resolved = {e.dispute for e in events if isinstance(e, ev.DisputeResolved)}
    return [e for e in events if isinstance(e, ev.DisputeRaised)
            and e.originator_version not in resolved]


@app.command()
def disputes(ctx: typer.Context, all_: bool = typer.Option(False, "--all", help="Resolved ones too."),
             json_: bool = typer.Option(False, "--json")):
    """List the open disputes.  Example: battletape disputes"""
    from domain import corrections

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
    if not rows:
        out(c, "no open disputes" if not all_ else "no disputes")
    for r in rows:
        quote = f" [{r['quote']}]" if r["quote"] else ""
        extra = ""
        if policy is not None:
            if r["note"]:
                extra += f" ({r['note']})"
            f = r["settled_by"]
            if f is not None and c.lang == "it":
                what = (f"il riavvolgimento a {f['target']}" if f["type"] == "Rewound"
                        else f"la correzione del comando a {f['target']}")
                extra += (f"; risolta con {what}, in {f['position']} "
                          f"({policy.kind(f['kind'], c.lang)}, da {f['by']})")
            elif f is not None:
                what = (f"rewind to {f['target']}" if f["type"] == "Rewound"
                        else f"amendment of {f['target']}")
                extra += (f"; settled by the {what} at {f['position']} "
                          f"({policy.kind(f['kind'], c.lang)}, by {f['by']})")
        out(c, f"{r['position']:>5}  on {r['target']} by {r['player']}: {r['reason']}"
               f"{quote} — {r['outcome']}{extra}")


@app.command()
def resolve(ctx: typer.Context, position: int, outcome: str,
            note: str = typer.Option("", help="The GM's word.")):
    """Resolve a dispute: upheld (nothing changes) or overturned.  Example: battletape resolve 15 overturned"""
    ev = _events()
    c = get(ctx)
    _gm(c)
    if outcome not in ("upheld", "overturned"):
        raise BadInput("outcome", outcome, "upheld or overturned")

    def decide(s, r, events):
        pending = open_disputes(events)
        found = [d for d in pending if d.originator_version == position] or \
                [d for d in pending if d.target == position]
        if not found:
            raise RuleViolation(f"no open dispute at or about position {position}")
        d = found[0]
        if outcome == "overturned":
            fixed = any(isinstance(e, (ev.CommandAmended, ev.Rewound, ev.CommandRetracted))
                        and e.originator_version > d.originator_version for e in events)
            if not fixed:
                raise RuleViolation("an overturned ruling needs its correction first: "
                                    f"`amend {d.target} ...`, `rewind` or `undo`")
        return [ev.DisputeResolved(dispute=d.originator_version, outcome=outcome,
                                   note=note)]
    echo_events(c, c.record(decide, needs_history=True))


@app.command()
def branch(ctx: typer.Context, position: int, name: str):
    """Fork the encounter at POSITION into a new what-if encounter.  Example: battletape branch 20 "what if Bruna fled" """
    from replay import history

    ev = _events()
    c = get(ctx)
    reg = c.bt.registration(c.encounter)
    events = c.bt.events(reg.name)
    if not 1 <= position <= len(events):
        raise BadInput("position", position, f"1..{len(events)}")
    import msgspec

    start = events[0]
    corr = history.Corrections(events)
    copied = []
    for e in corr.effective(events, position):
        if isinstance(e, ev.EncounterStarted):
            continue
        amendment = corr.amended.get(e.cmd)
        if amendment is not None and e is amendment.replacement[0]:
            e = msgspec.structs.replace(e, command=amendment.changes.get("as_decided", ""))
        copied.append(e)
    c.bt.new(name, system=start.system, campaign=start.campaign, seed=start.seed,
             options=dict(start.options), command=c.command_line,
             branched=(reg.name, position), copied=copied)
    c.encounter = name
    out(c, f"encounter {name!r} branched from {reg.name!r} at position {position} "
           f"({len(copied) + 1} events)")


@app.command()
def diff(ctx: typer.Context, a: str, b: str,
         at_a: Optional[int] = typer.Option(None, "--at-a"),
         at_b: Optional[int] = typer.Option(None, "--at-b"),
         json_: bool = typer.Option(False, "--json")):
    """Compare two encounters' states, now or at positions.  Example: battletape diff Bridge "what if" """
    from projections.views import state_view

    ev = _events()
    c = get(ctx)
    va = state_view(c.bt.state(a, at=at_a))
    vb = state_view(c.bt.state(b, at=at_b))
    changes = []
    for key in ("round", "turn", "escalation_die", "order", "ended"):
        if va[key] != vb[key]:
            changes.append({"what": key, "a": va[key], "b": vb[key]})
    for name in sorted(set(va["combatants"]) | set(vb["combatants"])):
        ca, cb = va["combatants"].get(name), vb["combatants"].get(name)
        if ca is None or cb is None:
            changes.append({"what": name, "a": ca is not None, "b": cb is not None})
            continue
        for key in ca:
            if ca[key] != cb[key]:
                changes.append({"what": f"{name}.{key}", "a": ca[key], "b": cb[key]})
    if json_:
        import msgspec
        print(msgspec.json.encode(changes).decode())
        return
    if not changes:
        out(c, "no differences")
    for ch in changes:
        out(c, f"{ch['what']}: {ch['a']!r} | {ch['b']!r}")


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
        raise BadInput("--user", user, "an OS user or a database role")
    if name.casefold() in roster and (user is None or roster[name.casefold()] == user):
        raise BadInput("GM", name, "someone not already a GM (or a new --user)")
    echo_events(c, c.bt.record_campaign(camp, [ev.GmAdded(name=name, user=user)]))


@gm_app.command("list")
def gm_list(ctx: typer.Context, campaign: Optional[str] = typer.Option(None)):
    """The campaign's GMs.  Example: battletape gm list"""
    ev = _events()
    c = get(ctx)
    camp = campaign or c.bt.registration(c.encounter).campaign
    for g in c.bt.gms(camp):
        print(g)
