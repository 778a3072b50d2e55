"""The GM's corrections, one function each, for the library and the command line:
undo, redo, rewind, amend, dispute and resolve. Each is recorded (DESIGN.md
principle 2) and only a GM of the encounter's campaign may correct it (the real
identity, battletape/identity.py, not a display name).

``c`` is the command's services (:class:`battletape.session.Context`): the open
store, the encounter, who records and the GM's ``--force`` reason.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from battletape.domain import events as ev
from battletape.domain.errors import BadInput, violation
from battletape.domain.words import N_
from battletape.domain.history import EffectiveHistory


class Amended(NamedTuple):
    """What an amendment recorded, and the history a ripple check reads after it."""

    recorded: list
    cmd: int          # the first position of the command amended
    window: tuple     # the state of the nearest valid snapshot before it, the events
    ripples: list | None = None  # with ``ripples=True``: the later commands that no
    #                              longer hold (replay/ripple.py), found while saving


def require_gm(c) -> None:
    """Roles: only a GM of the encounter's campaign may correct it."""
    c.bt.require_gm(c.bt.registration(c.encounter).campaign)


def policy(c):
    """The encounter's system's correction policy (None: the core's plain ones)."""
    from battletape.domain import systems

    return systems.get(c.system_id()).correction_policy


def kind_of(c, kind: str) -> str:
    from battletape.domain.corrections import check_kind

    return check_kind(kind, policy(c))


def undo(c, reason: str = "", kind: str = "table-error") -> list:
    """Retract the whole last effective command."""
    from battletape.replay import history

    require_gm(c)
    k = kind_of(c, kind)
    return c.record(lambda s, r, events: [ev.CommandRetracted(
        target=history.last_effective_command(events), reason=reason, kind=k)],
        needs_history=True)


def redo(c, reason: str = "") -> list:
    """Restore the last undone command."""
    from battletape.replay import history

    require_gm(c)
    return c.record(lambda s, r, events: [ev.CommandRestored(
        retraction=history.last_undo(events).originator_version, reason=reason)],
        needs_history=True)


def rewind(c, position: int, reason: str, kind: str = "rules-error",
           dispute: int | None = None) -> tuple[list, str | None]:
    """Void every event after ``position``; the events and the system's warning
    about a wide rewind, if any (a warning, never a refusal)."""
    from battletape.domain import corrections

    require_gm(c)
    rules = policy(c)
    warning: list[str | None] = [None]

    def decide(s, r, events):
        new = corrections.rewind(events, position, reason, kind, dispute, rules)
        if rules is not None and rules.warn_wide_rewinds:
            warning[0] = corrections.wide_rewind_warning(events, position, dispute)
        return new
    return c.record(decide, needs_history=True), warning[0]


def dispute(c, position: int, reason: str, by: str | None = None,
            quote: str | None = None) -> tuple[list, str | None]:
    """A player flags the event at ``position``; the events, and the system's hint
    when the dispute came in time to be settled by an amendment."""
    from battletape.replay import history

    if not reason.strip():
        raise BadInput("reason", reason, N_("what is contested"))

    def decide(s, r, events):
        history.command_of(events, position)
        return [ev.DisputeRaised(target=position, reason=reason, player=by or c.bt.user,
                                 quote=quote)]
    recorded = c.record(decide, needs_history=True)
    rules = policy(c)
    hint = None
    if rules is not None and rules.in_time_hint and recorded:
        from battletape.domain import corrections

        raised = recorded[0]
        if corrections.in_time(c.bt.events(c.encounter), raised):
            q = raised.originator_version
            hint = (f"in time: the GM applies the right rule by amending the command "
                    f"(`amend {position} … --dispute {q}`), then `resolve {q} "
                    f"overturned` — no rewind ({rules.source})")
    return recorded, hint


def open_disputes(events: Sequence) -> list:
    resolved = {e.dispute for e in events if isinstance(e, ev.DisputeResolved)}
    return [e for e in events if isinstance(e, ev.DisputeRaised)
            and e.originator_version not in resolved]


def resolve(c, position: int, outcome: str, note: str = "") -> list:
    """Resolve a dispute: upheld (nothing changes) or overturned (corrected first)."""
    require_gm(c)
    if outcome not in ("upheld", "overturned"):
        raise BadInput("outcome", outcome, N_("upheld or overturned"))

    def decide(s, r, events):
        pending = open_disputes(events)
        found = [d for d in pending if d.originator_version == position] or \
                [d for d in pending if d.target == position]
        if not found:
            raise violation(N_("no open dispute at or about position {position}"),
                            position=position)
        d = found[0]
        if outcome == "overturned":
            fixed = any(isinstance(e, (ev.CommandAmended, ev.Rewound, ev.CommandRetracted))
                        and e.originator_version > d.originator_version for e in events)
            if not fixed:
                raise violation(N_("an overturned ruling needs its correction first: "
                                   "`amend {target} ...`, `rewind` or `undo`"),
                                target=d.target)
        return [ev.DisputeResolved(dispute=d.originator_version, outcome=outcome,
                                   note=note)]
    return c.record(decide, needs_history=True)


def command_words(text: str) -> list[str]:
    """A command line given to `amend` (--command, --also), split as a shell would."""
    import shlex

    try:
        words = shlex.split(text)
    except ValueError as err:
        raise BadInput("command", text,
                       N_("a command line with valid quoting ({err})"), err=err) from None
    if not words:
        raise BadInput("command", text, N_("a command line"))
    return words


def _plan(c, cmd_events: list, position: int, original: str, roll: str | None,
          dmg: int | None, sets: dict[str, str]):
    """How the amended line types its rolls and which recorded dice it keeps
    (:mod:`battletape.api.amend_rolls`); ``roll`` and ``sets`` left for the plain
    rewrite when the verb types them another way (a save per name, a repeated
    option)."""
    from battletape.api import amend_rolls as ar
    from battletape.api.lines import split_globals
    from battletape.domain import systems

    system = systems.get(c.system_id())
    plan = ar.Plan()
    left: dict[str, str] = {}
    at = next((e for e in cmd_events if e.originator_version == position), None)
    with_roll = [e for e in cmd_events if ar._roll(e) is not None]
    if at is None and len(with_roll) > 1 and (roll is not None or sets):
        raise BadInput("position", position, N_("the position of one of the command's rolls as it counts "
                          "now: {positions}"), positions=", ".join(
                           str(e.originator_version) for e in with_roll))
    if at is None or ar._roll(at) is None:  # the command's first roll stands for it:
        own = [e for e in with_roll if system.roll_option_of(e) is None]  # its verb's own
        at = (own or with_roll)[0] if with_roll else at   # (3.5: not the confirmation)
    args = split_globals(shlex_split(original)) if original else []
    spec = (system.verb(" ".join(args[:2])) or system.verb(args[0])) if args else None

    def param(option: str):
        return next((p for p in (spec.params if spec else ()) if option in p.flags), None)

    if roll is not None:
        option = (system.roll_option_of(at) if at is not None else None) or \
            (spec.roll_option if spec is not None else "--roll")
        p = param(option)
        if at is not None and ar._roll(at) is not None and option and p is not None \
                and not p.multiple and not (spec.roll_per_name and option == spec.roll_option):
            plan.merge(ar.plan_roll(cmd_events, at, option, roll, system.roll_option_of))
        else:
            left["roll"] = roll
            if at is not None and ar._roll(at) is not None:
                plan.replaced.add(id(ar._roll(at)))
    for name, value in sets.items():
        option = "--" + name.lstrip("-")
        p = param(option)
        if p is None:
            verb = " ".join(args[:1]) or "the command"
            raise BadInput(option, value,
                           N_("an option of `{verb}` ({n})"),
                           verb=verb,
                           n=', '.join(sorted(spec.options)) if spec else 'none')
        if at is not None and any(system.roll_option_of(e) == option for e in cmd_events):
            plan.merge(ar.plan_other(cmd_events, at, option, value, system.roll_option_of))
        else:
            left[name.lstrip("-")] = value
    if dmg is not None:
        hit = at if at is not None and getattr(at, "damage_roll", None) is not None \
            else next((e for e in cmd_events if getattr(e, "damage_roll", None)), None)
        if hit is not None:
            plan.replaced.add(id(hit.damage_roll))
    return plan, left


def shlex_split(text: str) -> list[str]:
    import shlex

    return shlex.split(text)


def amend(c, position: int, reason: str, roll: str | None = None,
          dmg: int | None = None, target: str | None = None, type_: str | None = None,
          also: Sequence[str] = (), command: str | None = None,
          kind: str = "rules-error", dispute: int | None = None,
          sets: dict[str, str] | None = None, ripples: bool = False) -> Amended:
    """Correct a recorded value of the command at ``position``: the rules decide the
    command again with it (and with the forgotten commands ``also``), keeping every
    recorded die it does not change. ``sets``: another option of the command's line
    (``{"confirm": "15"}``: 3.5's confirmation roll of the attack at ``position``).
    ``ripples``: find the ripple report too, in the one walk through the later
    commands that folds the state the amendment is saved with (each later event
    decoded and folded once)."""
    from battletape.api import redeciding as amending
    from battletape.domain import dice, fair_dice
    from battletape.domain.state import copy
    from battletape.projections.encounter_state import fold_all
    from battletape.replay import history

    require_gm(c)
    k = kind_of(c, kind)
    if not reason.strip():
        raise BadInput("reason", reason, N_("why the value is corrected"))
    for text in ([command] if command is not None else []) + list(also):
        command_words(text)
    cmd = c.bt.command_of(c.encounter, position)
    # the history from the nearest valid snapshot before the command: its state
    # before the command, and everything after, without reading the whole battle
    start, events = c.bt.window(c.encounter, cmd - 1)
    if dispute is not None:
        from battletape.domain.corrections import check_dispute

        check_dispute(c.bt.events(c.encounter), dispute, cmd)
    corr = EffectiveHistory(events)
    target_event = next(e for e in events if e.originator_version == cmd)
    if corr.is_void(target_event) or isinstance(target_event, ev.CORRECTIONS):
        raise violation(N_("position {position} is not part of the effective history"),
                        position=position)
    if isinstance(target_event, ev.EncounterStarted):
        raise violation(N_("the start of the encounter can't be amended"))
    original = corr.line(cmd)
    if not original and command is None:
        raise violation(N_("the command at {position} kept no command line: give "
                           "--command"), position=cmd)
    sets = {k.lstrip("-"): str(v) for k, v in (sets or {}).items()}
    changes = {key: str(v) for key, v in (("roll", roll), ("dmg", dmg),
                                          ("target", target), ("type", type_))
               if v is not None}
    # (a copy: the window's own state is where the ripple walk starts again)
    before = history.state_at(events, cmd - 1,
                              start=None if start is None else copy(start))
    cmd_events = [e for e in corr.events() if e.cmd == cmd]
    turn = next((e.name for e in cmd_events if isinstance(e, ev.TurnEnded)), before.turn)
    if not changes and not sets and command is None and not also:
        raise BadInput("amend", position, N_("a corrected value: --roll, --dmg, --target, "
                       "--type, --confirm, --set, --also or --command"))
    if command is not None:
        plan, line = None, command
    else:
        plan, left = _plan(c, cmd_events, position, original, roll, dmg, sets)
        plain = {k: v for k, v in changes.items() if k != "roll"}
        plain.update(left)
        line = amending.overridden(original, plain, turn, c.system_id(), plan=plan)
    changes.update(sets)
    kept = (plan or _keep_all()).kept(cmd_events)
    reg = c.bt.registration(c.encounter)
    rng = (fair_dice.source(before, cmd, line, c.bt.dice_secrets(reg.encounter_id),
                            recording=True) or dice.source(before.seed, cmd))
    if kept:  # every recorded die the amendment does not change falls as it fell
        rng = dice.Kept(kept, rng)
        changes["kept"] = dice.kept_text(kept)
    redecide = amending.Redecider(c)
    replacement = redecide(line, before, rng, events)
    for extra in also:
        replacement += redecide(extra, fold_all(before, replacement), rng, events)
        line += " ; " + extra
    if command is not None:
        changes["command"] = command
    if also:
        changes["also"] = " ; ".join(also)
    amendment = ev.CommandAmended(target=cmd, replacement=replacement,
                                  changes={**changes, "as_decided": line},
                                  reason=reason, kind=k, replaced=original,
                                  command="", dispute=dispute)
    found: dict = {}

    def walked(stamped: list):
        """The state after the amendment, folded by the ripple walk (the window
        still holds: the amendment reaches back to the command, not before)."""
        from battletape.replay import ripple

        found.pop("ripples", None)
        if stamped[0].originator_version != events[-1].originator_version + 1:
            return None  # another writer saved first: Battletape folds it all again
        walk = ripple.walk([*events, *stamped], cmd, redecide, start=start,
                           sequence=redecide.sequence)
        found["ripples"] = walk.ripples
        walk.state.position = max(walk.state.position, stamped[-1].originator_version)
        return walk.state

    recorded = c.record(lambda s, r, evs: [amendment], needs_history=True,
                        after=walked if ripples else None)
    return Amended(recorded, cmd, (start, [*events, *recorded]), found.get("ripples"))


def option_values(sets: Sequence[str] = (), confirm: str | None = None) -> dict[str, str]:
    """``--set OPTION=VALUE`` (repeatable) and ``--confirm N`` as {option: value}."""
    out: dict[str, str] = {}
    for text in sets:
        name, eq, value = text.partition("=")
        if not eq or not name.strip("- ") or not value:
            raise BadInput("--set", text, N_("OPTION=VALUE, e.g. confirm=15"))
        out[name.strip().lstrip("-")] = value.strip()
    if confirm is not None:
        out["confirm"] = str(confirm)
    return out


def _keep_all():
    from battletape.api.amend_rolls import Plan

    return Plan()


def after_correction(c) -> list[str]:
    """Which later battles of the campaign started from changed PCs (fixed: their
    starting PC state is recomputed), one line each."""
    from battletape.api import redeciding as amending

    return amending.propagate(c)
