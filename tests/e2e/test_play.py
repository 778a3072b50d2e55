"""`battletape play` driven through a real pseudo-terminal: the script grammar with short
aliases, Tab completion, the state panel after each command, one-line errors that
leave the session open, the end-of-turn saves and the dying PC's death save asked
for (13th Age SRD, "Make Saves Last" and "Death Saves"), history, quitting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.terminal import Terminal
from tests.helpers import cli, ok, state


@pytest.fixture
def bridge(tmp_path):
    store = str(tmp_path / "battletape.db")
    ok(store, "new Bridge --seed 3")
    ok(store, "add Vex --pc --hp 30 --ac 16 --pd 14 --md 12 --init 3")
    ok(store, "add Bruna --pc --hp 20 --ac 15 --pd 13 --md 12 --init 2")
    ok(store, "add 'Hobgoblin Warrior' --hp 20 --ac 17 --pd 14 --md 11 --count 2 --init 1")
    ok(store, "init Vex=15 Bruna=12 'Hobgoblin Warrior'=10")
    ok(store, "ongoing Vex 5 --type fire")
    ok(store, "damage Bruna 20")  # Bruna drops: unconscious, dying
    return store


def saved(term: Terminal, store: str, before: int) -> int:
    """Wait until the command is saved and the panel drawn again at its position."""
    import time

    end = time.monotonic() + 15
    while (now := state(store)["position"]) == before and time.monotonic() < end:
        time.sleep(0.05)
    assert now > before, "nothing was saved"
    term.expect(f"(position {now})")
    term.expect("Bridge>")  # the panel read through to the next prompt
    return now


def events(store: str) -> list[dict]:
    return [json.loads(line) for line in cli(store, "log", "--json").out.splitlines()]


def test_a_session_records_each_command_as_typed(bridge, tmp_path):
    term = Terminal(["--store", bridge, "play"], cwd=str(tmp_path))
    try:
        start = state(bridge)["position"]
        term.expect(f"(position {start})")      # the state panel at the start
        term.expect("Bridge>")
        term.send("att\t")                       # the command word completed
        term.expect("attack")
        term.line(' Vex "Hobgoblin Warrior 1" --bonus 5 --vs ac --roll 15 --dmg 4')
        p = saved(term, bridge, start)           # saved, the panel drawn again
        assert state(bridge)["combatants"]["Hobgoblin Warrior 1"]["hp"] == 16

        term.send("d Ve\t")                      # a combatant's name completed
        term.expect("Vex")
        term.line(" 3")
        p = saved(term, bridge, p)
        assert state(bridge)["combatants"]["Vex"]["hp"] == 27

        term.line("attack Nobody Vex --bonus 1 --vs ac --roll 3")
        term.expect("Error: ")
        error = term.expect("Bridge>")          # one line, and the session goes on
        assert "Nobody" in error.strip().splitlines()[0]
        assert len(error.strip().splitlines()) == 1 and "Traceback" not in error
        assert state(bridge)["position"] == p    # nothing saved

        term.line("n")                           # Vex's ongoing fire asks for a save
        term.expect("Vex saves at the end of its turn: ongoing 5 fire (normal)")
        term.line("15")
        p = saved(term, bridge, p)
        saves = [e for e in events(bridge) if e["type"] == "SaveRolled"]
        assert [s["roll"]["faces"] for s in saves] == [[15]]
        assert saves[0]["success"] is True       # normal save: 11+

        # Bruna is dying and her turn starts: the death save is offered, prefilled
        assert "Bruna is dying: a death save is due" in term.text
        term.expect("death-save Bruna --roll")
        term.line("17")                          # the prompt reads "death-save Bruna --roll 17"
        p = saved(term, bridge, p)
        deaths = [e for e in events(bridge) if e["type"] == "DeathSaveRolled"]
        assert [d["roll"]["faces"] for d in deaths] == [[17]]

        term.line("u")                           # undo: the alias
        p = saved(term, bridge, p)
        assert "retracted" in term.text
        assert not [e for e in events(bridge) if e["type"] == "DeathSaveRolled"]
        term.expect("death-save Bruna --roll")   # due again: offered again
        term.send("\x15")                        # Ctrl-U clears the line
        term.line("q")
        assert term.close() == 0
    finally:
        term.kill()
    history = Path(bridge + ".history").read_text()
    assert "+n\n" in history and "+u\n" in history  # kept beside the store


def test_the_history_is_offered_again_in_the_next_session(bridge, tmp_path):
    Path(bridge + ".history").write_text("\n# 2026-01-01\n+damage Vex 2\n")
    term = Terminal(["--store", bridge, "play"], cwd=str(tmp_path))
    try:
        term.expect("Bridge>")
        term.send("\x1b[A")                      # up arrow: the last line typed
        term.expect("damage Vex 2")
        before = state(bridge)["position"]
        term.send("\r")
        saved(term, bridge, before)
        term.line("quit")
        assert term.close() == 0
    finally:
        term.kill()
    assert state(bridge)["combatants"]["Vex"]["hp"] == 28


def test_play_refuses_a_pipe(bridge):
    from tests.helpers import cli as run

    r = run(bridge, "play")  # stdin is not a terminal under pytest
    assert r.code == 2 and r.err.startswith("Error: ") and "battletape run" in r.err
