"""Every view reads one effective history (domain/history.py), driven through the real
CLI on generated battles with undo, redo, rewind and amend: `state --at P`, the replay
frames' state at each step and `log --json`'s effective entries all agree with folding
``EffectiveHistory(events).events(up_to=P)``."""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.application import Battletape
from battletape.domain import events as ev
from battletape.domain.history import EffectiveHistory, last_command, last_retraction
from battletape.domain.state import EncounterState
from battletape.projections.encounter_state import apply
from battletape.projections.views import state_view
from battletape.replay.frames import Frames
from tests.helpers import cli, ok

GM = "marta"
NAMES = ["Bruna", "Kael", "Orc"]
SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
VOLATILE = ("originator_id", "originator_version", "timestamp", "by", "cmd", "command")


@st.composite
def step(draw):
    kind = draw(st.sampled_from(["attack", "attack", "attack", "attack", "next", "damage",
                                 "undo", "redo", "rewind", "amend", "amend", "amend"]))
    n = draw(st.integers(1, 20))
    target = draw(st.sampled_from(NAMES))
    if kind == "attack":
        return f"attack TURN '{target}' --bonus 5 --vs ac --roll {n} --dmg {n // 2} --kind ranged"
    if kind == "damage":
        return f"damage '{target}' {n // 3}"
    if kind in ("rewind", "amend"):
        return (kind, n, draw(st.integers(0, 10_000)))
    return kind


def play(store: str, steps: list) -> None:
    for line in ("new Gen --seed 3", "add Bruna --pc --hp 40 --ac 16 --init 2",
                 "add Kael --pc --hp 30 --ac 14 --init 4", "add Orc --hp 60 --ac 15 --init 1",
                 "init Bruna=10 Kael=12 Orc=8"):
        ok(store, line, user=GM)
    for s in steps:
        if isinstance(s, tuple):
            kind, n, pick = s
            log = ok(store, "log --json").json_lines()
            if kind == "rewind":
                last = log[-1]["position"] if log else 1
                line = f"rewind {max(5, last - 1 - pick % 6)} --reason x"
            else:
                attacks = [e["position"] for e in log if e["type"] == "AttackResolved"]
                if not attacks:
                    continue
                line = f"amend {attacks[pick % len(attacks)]} --roll {n} --reason x"
        else:
            turn = ok(store, "state --json").json()["turn"] or "Bruna"
            line = s.replace("TURN", f"'{turn}'")
        cli(store, line, user=GM)  # refusals (nothing to undo, a dead attacker) are fine


def folded(events, position: int) -> dict:
    state = EncounterState()
    for e in events:
        apply(state, e)
    state.position = position
    return plain(state_view(state))


def plain(data) -> dict:
    return msgspec.json.decode(msgspec.json.encode(data))


def facts(items) -> list[dict]:
    return [{k: v for k, v in msgspec.to_builtins(e).items() if k not in VOLATILE}
            for e in items]


@SETTINGS
@given(st.lists(step(), min_size=6, max_size=20), st.integers(1, 20),
       st.integers(0, 10_000))
def test_every_view_folds_the_one_effective_history(tmp_path_factory, steps, roll, pick):
    store = str(tmp_path_factory.mktemp("eh") / "b.db")
    play(store, [*steps, ("amend", roll, pick)])  # the last word: an amendment
    bt = Battletape(store, GM)
    try:
        events = bt.events()
    finally:
        bt.close()
    history = EffectiveHistory(events)
    shown = [ev.decoder.decode(msgspec.json.encode(line))
             for line in ok(store, "log --json").json_lines()]
    # `log --json` tells the effective history, an amended command by its replacement
    assert facts(shown) == facts(history.events())
    marked = ok(store, "log --json --all").json_lines()
    assert [bool(x.get("voided")) for x in marked] == [history.is_void(e) for e in events]
    # undo and redo read back from the newest event only: the same voids, the same
    # command to retract and the same retraction to restore
    assert [void for _, void in EffectiveHistory.backwards(events)] == \
        [history.is_void(e) for e in reversed(events)]
    assert last_command(events) == history.last_command()
    assert last_retraction(events) == history.last_retraction()
    # before the last position of an amended command, `log` shows its replacement
    # slot by slot (the effective history has it whole at the command's position)
    ends: dict[int, int] = {}
    for e in events:
        if e.cmd in history.amended and not isinstance(e, ev.CORRECTIONS):
            ends[e.cmd] = e.originator_version
    inside = {p for cmd, end in ends.items() for p in range(cmd, end)}
    frames = Frames(events, every=4)
    for i, e in enumerate(events):
        p = e.originator_version
        expected = folded(history.events(up_to=p), p)
        assert ok(store, "state", "--at", str(p), "--json").json() == expected, p
        assert plain(state_view(frames.state(i))) == expected, p
        if p not in inside:
            assert folded([x for x in shown if x.originator_version <= p], p) == expected, p
