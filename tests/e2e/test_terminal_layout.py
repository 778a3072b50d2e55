"""The terminal reads at 80 columns: the state table never cuts a name, the replay's
log panel and key help stay on an 80x24 screen, the demo is paced by round only at
a terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from rich.console import Console

from battletape.cli_read import DEMO_PACE, demo_pace
from battletape.player import HELP, render
from battletape.render import state_table
from battletape.replay.frames import Frames
from battletape.replay.step_lines import StepLines
from tests.helpers import ok, start_fort

NAMES = ["Hobgoblin Warrior 1", "Hobgoblin Warrior 2", "Brother Kael", "Bruna"]


@pytest.fixture
def fort(sqlite_store):
    s = start_fort(sqlite_store)
    ok(s, "init bru=12 hw=8 bk=10")
    ok(s, "attack bru hw1 --bonus 5 --vs ac --roll 15 --dmg 6 --kind melee")
    ok(s, "next")
    ok(s, "cond add hw2 dazed --save normal")
    ok(s, "ongoing hw2 5 --type fire")
    ok(s, "engage bk hw2")
    return s


def _printed(renderable, width: int = 80, height: int = 24) -> list[str]:
    console = Console(width=width, height=height, color_system=None, record=True,
                      file=open(os.devnull, "w"))
    console.print(renderable)
    return console.export_text().splitlines()


def _state(store):
    from battletape.application import Battletape

    bt = Battletape(store)
    try:
        return bt.state(), bt.events()
    finally:
        bt.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_at_80_columns_every_name_is_whole_on_one_line(fort, lang):
    state, _ = _state(fort)
    lines = _printed(state_table(state, lang, 80))
    assert max(len(line) for line in lines) <= 80
    text = "\n".join(lines)
    for name in NAMES:  # in the name column and in "engaged with" alike
        assert name in text, text
    assert "…" not in text
    # an engaged name is never cut: each name appears on a line of its own count
    assert text.count("Hobgoblin Warrior 2") >= 2 and text.count("Brother Kael") >= 2


def test_a_wide_terminal_keeps_a_column_each(fort):
    state, _ = _state(fort)
    header = next(line for line in _printed(state_table(state, "en", 140), 140)
                  if line.startswith("name"))
    assert re.search(r"status\s+conditions\s+ongoing damage\s+engaged with\s+recoveries",
                     header)


def test_the_replay_shows_the_log_panel_and_the_key_help_at_80_by_24(fort):
    _, events = _state(fort)
    frames = Frames(events)
    last = len(frames) - 1
    shown = _printed(render(frames, StepLines(events), last, "en", 80, 24, HELP))
    assert len(shown) <= 24
    text = "\n".join(shown)
    assert any(line.startswith("╭") and " log " in line for line in shown)
    assert "q: quit" in text
    assert "Brother Kael engages Hobgoblin Warrior 2" in text   # the last line of log


def test_the_demo_is_paced_by_round_only_at_a_terminal():
    assert demo_pace(None, terminal=True) == DEMO_PACE > 0
    assert demo_pace(None, terminal=False) == 0.0
    assert demo_pace(0.0, terminal=True) == 0.0 and demo_pace(2.0, terminal=False) == 2.0


def test_a_piped_demo_prints_rounds_with_drops_narrated(tmp_path):
    store = str(tmp_path / "demo.db")
    program = os.path.join(os.path.dirname(sys.executable), "battletape")
    r = subprocess.run([program, "--store", store, "demo"],
                       capture_output=True, text=True, timeout=120,
                       env={**os.environ, "COLUMNS": "80"})
    assert r.returncode == 0, r.stderr
    assert "Goblin 2 dies" in r.stdout


def _in_a_terminal(args: list[str], keys: bytes, columns: int = 80, rows: int = 24) -> str:
    """Run battletape in a pseudo-terminal of the given size, type ``keys``, and
    return what it drew (escape sequences removed)."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    program = os.path.join(os.path.dirname(sys.executable), "battletape")
    pid, fd = pty.fork()
    if pid == 0:  # the child: battletape on the terminal
        os.environ.update(COLUMNS=str(columns), LINES=str(rows), TERM="xterm")
        os.execv(program, [program, *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    out = b""
    deadline = time.monotonic() + 60
    sent = False
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        elif not sent and out:
            for key in keys:  # one key at a time, as a person types
                os.write(fd, bytes([key]))
                time.sleep(0.2)
            sent = True
    os.waitpid(pid, 0)
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", out.decode("utf-8", "replace"))


def test_the_interactive_replay_at_80_by_24_shows_log_and_keys(fort):
    drawn = _in_a_terminal(["--store", fort, "replay"], b"Gq")
    assert "q: quit" in drawn and " log " in drawn
    assert "Hobgoblin Warrior 2 will take 5 fire" in drawn \
        or "Brother Kael engages Hobgoblin Warrior 2" in drawn
    assert "Hobgoblin Warrior 1" in drawn and "…" not in drawn.split(" log ")[0]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_battletape_state_at_80_columns(fort, monkeypatch, lang):
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(fort, f"--lang {lang} state").out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    rows = [line for line in lines if line[:2] in ("  ", "▶ ")]
    pc = "PG" if lang == "it" else "PC"  # the seed's Italian: personaggio giocante
    assert [r[2:].split("  ")[0] for r in rows if r[2:3].strip()] == [
        f"Bruna ({pc})", f"Brother Kael ({pc})", "Hobgoblin Warrior 1",
        "Hobgoblin Warrior 2"]
    assert "Hobgoblin Warrior 1" in out.split(f"Brother Kael ({pc})")[0]  # Bruna engages it


@pytest.mark.parametrize("lang", ["en", "it"])
def test_at_80_columns_no_header_or_word_is_cut_when_a_column_each_fits(sqlite_store,
                                                                        lang):
    """A 13th Age table with a column each at 80 columns: Italian's longer words
    ("in piedi, frastornato", "impegnato con") once left the last header cut inside a
    word ("recuper" / "i"), the columns' dividers not counted in the room shared out."""
    s = sqlite_store
    ok(s, "new Ponte --seed 7")
    ok(s, "add Bruna --pc --hp 40 --ac 18 --pd 14 --md 12 --init 3 --level 3 "
          "--recovery-die d10 --con-mod 2")
    ok(s, "add Goblin --hp 12 --ac 16 --pd 14 --md 10 --init 4 --count 3")
    ok(s, "init Bruna=14 Goblin=9")
    ok(s, "attack Bruna 'Goblin 1' --bonus 6 --vs ac --roll 17 --damage 1d8+3 "
          "--kind melee")
    ok(s, "cond add Bruna dazed --save normal")
    state, _ = _state(s)
    lines = _printed(state_table(state, lang, 80))
    assert max(len(line) for line in lines) <= 80
    header = "\n".join(lines[1:lines.index(next(x for x in lines if x.startswith("─")))])
    words = {"en": ["name", "init", "HP", "status", "engaged", "with", "recoveries"],
             "it": ["nome", "iniz.", "PF", "stato", "impegnato", "con", "recuperi"]}[lang]
    for word in words:
        assert word in header.split(), (word, header)
