"""Deciding recorded commands again, in-process: the verb tables read a line as the
whole command line does, and one walk through the history finds what the old
per-command rebuild found (its algorithm is kept here as the reference).

Every bundled battle (13th Age, 5e, 3.5e) is played from fixtures/battles/*.bt."""

from __future__ import annotations

import shlex
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.domain.history import EffectiveHistory
from battletape.api import lines, redeciding as amending
from battletape.session import Context
from battletape.domain import dice, events as ev
from battletape.domain.errors import BattletapeError
from battletape.domain.state import EncounterState, copy
from battletape.projections.encounter_state import apply
from battletape.replay import history, ripple
from tests.helpers import cli, ok
from tests.integration.battles import command, setup_commands

BATTLES = sorted((Path(__file__).parents[2] / "fixtures" / "battles").glob("*.bt"))
NEUTRAL = dict(originator_id=ev._NIL, timestamp=ev._EPOCH, by="", command="")


def played(store: str, battle: Path) -> tuple[Context, list[ev.Event]]:
    ok(store, "run", str(battle))
    c = Context(store=store)
    return c, c.bt.events()


def same(a: list[ev.Event], b: list[ev.Event]) -> bool:
    encode = ev.encoder.encode
    return [encode(msgspec.structs.replace(x, **NEUTRAL)) for x in a] == \
        [encode(msgspec.structs.replace(y, **NEUTRAL)) for y in b]


def old_report(events, since, redecide, known=None) -> list[ripple.Ripple]:
    """The ripple report as it was: groups by command, a linear search for each
    command's line, a fresh copy of the state and of the log for every decision."""
    from battletape.domain import fair_dice

    known = known or {}
    corr = EffectiveHistory(events)
    state = EncounterState()
    out: list[ripple.Ripple] = []
    groups: dict[int, list] = {}
    order: list[int] = []
    for e in corr.events():
        if e.cmd not in groups:
            groups[e.cmd] = []
            order.append(e.cmd)
        groups[e.cmd].append(e)
    for cmd in order:
        group = groups[cmd]
        first = next((e for e in events if e.originator_version == cmd), None)
        line = first.command if first is not None else ""
        if cmd in corr.amended:
            line = corr.amended[cmd].changes.get("as_decided", line)
        if cmd > since and line and not isinstance(group[0], (ev.EncounterStarted,
                                                              *fair_dice.FACTS)):
            rng = (fair_dice.source(state, cmd, line, known)
                   or dice.source(state.seed, cmd))
            try:
                again = redecide(line, copy(state), rng, list(events))
            except BattletapeError as err:
                out.append(ripple.Ripple(cmd, line, err.message))
            else:
                comparable = (state.seed is not None or not ripple._virtual(group)
                              or fair_dice.secret_of(state, known) is not None)
                if comparable and ripple._decisions(again) != ripple._decisions(group):
                    out.append(ripple.Ripple(cmd, line, ripple._difference(group, again)))
        for e in group:
            apply(state, e)
    return out


@pytest.mark.parametrize("battle", BATTLES, ids=lambda p: p.stem)
def test_every_command_read_from_its_table_decides_as_the_command_line_does(
        sqlite_store, battle):
    c, events = played(sqlite_store, battle)
    fast = amending.Redecider(c)
    state = EncounterState()
    compared = 0
    for command in ripple.commands(events):
        if command.line and not isinstance(command.events[0], ev.EncounterStarted):
            rng_a, rng_b = (dice.source(state.seed, command.cmd) for _ in range(2))
            by_table = fast(command.line, copy(state), rng_a, events)
            by_parser = c.redecide_unread(command.line, copy(state), rng_b, events)
            assert same(by_table, by_parser), command.line
            compared += 1
        for e in command.events:
            apply(state, e)
    assert compared > 20
    # the verbs' lines never build a parser; only core commands (roll, ruling) do
    assert fast.by_table >= compared - sum(
        1 for x in ripple.commands(events)
        if x.line.split()[0] in ("roll", "ruling", "gm"))
    c.close()


@pytest.mark.parametrize("battle", BATTLES, ids=lambda p: p.stem)
def test_the_table_reader_gives_the_values_click_gives(sqlite_store, battle):
    from battletape import dispatch
    from battletape.api import line_reader

    c, events = played(sqlite_store, battle)
    system = events[0].system
    read = 0
    for e in events:
        args = shlex.split(e.command) if e.command else []
        found = line_reader.verb_name(system, args)
        if found is None:
            continue
        name, rest = found
        with dispatch.build(system, name).make_context(name, list(rest)) as ctx:
            # a line without a stat block reads as the verb's own values alone
            params = {k: v for k, v in ctx.params.items()
                      if name not in line_reader.STAT_BLOCK_VERBS
                      or k not in line_reader.STAT_BLOCK_PARAMS
                      or v not in (None, False)}
            assert line_reader.read(system, args).values == params, e.command
        read += 1
    assert read > 20
    c.close()


@pytest.mark.parametrize("battle", BATTLES, ids=lambda p: p.stem)
def test_one_walk_finds_the_ripples_the_old_report_found(sqlite_store, battle):
    c, events = played(sqlite_store, battle)
    # the first attack that takes one natural, amended to a 1 (a miss): later
    # commands may ripple
    first = next(e for e in events if e.command.startswith("attack ") and cli(
        sqlite_store, "amend", str(e.originator_version), "--roll", "1", "--reason",
        "it was a 1").code == 0)
    events = c.bt.events()
    old = old_report(events, first.cmd, lambda line, s, r, evs:
                     c.redecide_unread(line, s, r, evs))
    new = ripple.report(events, first.cmd, amending.Redecider(c))
    assert new == old
    # from a snapshot's window, the same
    start, window = c.bt.window(None, first.cmd)
    assert ripple.report(window, first.cmd, amending.Redecider(c), start=start) == old
    c.close()


@pytest.mark.parametrize("battle", BATTLES, ids=lambda p: p.stem)
def test_an_amendment_records_what_the_old_amend_recorded(sqlite_store, battle):
    c, events = played(sqlite_store, battle)
    # the last attack that takes one natural, amended to a 20
    attack = next(e for e in reversed(events) if e.command.startswith("attack ") and cli(
        sqlite_store, "amend", str(e.cmd), "--roll", "20", "--reason",
        "a natural 20").code == 0)
    cmd = attack.cmd
    before = history.state_at(events, cmd - 1)
    line = amending.overridden(attack.command, {"roll": "20"}, before.turn,
                               events[0].system)
    expected = c.redecide_unread(line, copy(before),
                                           dice.source(before.seed, cmd), events)
    amendment = c.bt.events()[-1]
    assert isinstance(amendment, ev.CommandAmended) and amendment.target == cmd
    assert same(amendment.replacement, expected)
    assert amendment.changes["as_decided"] == line
    c.close()


@pytest.mark.parametrize("battle", BATTLES, ids=lambda p: p.stem)
def test_the_walk_ends_in_the_state_a_fold_gives(sqlite_store, battle):
    # deciding again never changes the state it is given: the walk's state is the fold's
    c, events = played(sqlite_store, battle)
    walked = ripple.walk(events, 0, amending.Redecider(c))
    assert not walked.ripples
    final = history.state_at(events)
    walked.state.position = final.position
    assert ev.encoder.encode(walked.state) == ev.encoder.encode(final)
    c.close()


def test_an_amendment_with_a_forgotten_command_verifies(sqlite_store):
    battle = Path(__file__).parents[2] / "fixtures" / "battles" / "demo.bt"
    ok(sqlite_store, "run", str(battle))
    ok(sqlite_store, "amend", "13", "--roll", "3", "--also",
       "cond add 'Goblin 2' dazed --save normal", "--reason", "forgot the daze")
    r = cli(sqlite_store, "verify")
    # the amended command decides again as amended, the forgotten one with it; what
    # the daze changes later (the goblin's next attack, its save) is listed
    assert "command at 13" not in r.out
    assert "command at 24" in r.out and "dazed -4" in r.out  # as a person reads it


def old_last_effective_command(events) -> int | None:
    """What undo retracts, found from the whole log's corrections (the reference)."""
    void = history.voided(events)
    for e in reversed(events):
        if e.originator_version in void or isinstance(
                e, (ev.CommandRetracted, ev.CommandRestored, ev.DisputeRaised,
                    ev.DisputeResolved)):
            continue
        if isinstance(e, ev.CORRECTIONS) and not isinstance(e, (ev.CommandAmended,
                                                                ev.Rewound)):
            continue
        if isinstance(e, ev.EncounterStarted):
            return None
        return e.cmd
    return None


@pytest.fixture
def frequent_snapshots(monkeypatch):
    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "5")


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.one_of(command(), command(), st.sampled_from(["undo", "redo", "rewind"])),
                min_size=5, max_size=40), st.data())
def test_corrections_fold_from_the_snapshots_they_leave_valid(tmp_path_factory,
                                                              frequent_snapshots, steps,
                                                              data):
    """After every correction, the state the application keeps (a snapshot and the
    events after it) is the fold of the whole log, and undo reads backwards only as
    far as it must to find the command the whole history names."""
    from battletape.application import Battletape
    from battletape.domain.corrections import rewind

    bt = Battletape(str(tmp_path_factory.mktemp("w") / "b.db"), "gm")
    bt.new("Walk", seed=5)
    for decide in setup_commands():
        bt.record(decide)
    for step in steps:
        events = bt.events()
        try:
            if step == "undo":
                expected = old_last_effective_command(events)
                bt.record(lambda s, r, evs: [ev.CommandRetracted(
                    target=history.last_effective_command(evs), reason="t")],
                    needs_history=True)
                assert bt.events()[-1].target == expected
            elif step == "redo":
                bt.record(lambda s, r, evs: [ev.CommandRestored(
                    retraction=history.last_undo(evs).originator_version)],
                    needs_history=True)
            elif step == "rewind":
                p = data.draw(st.integers(1, len(events) - 1))
                bt.record(lambda s, r, evs: rewind(evs, p, "t", "rules-error"),
                          needs_history=True)
            else:
                bt.record(step)
        except BattletapeError:
            assert len(bt.events()) == len(events)
        assert ev.encoder.encode(bt.state()) == ev.encoder.encode(
            history.state_at(bt.events()))
    bt.close()
