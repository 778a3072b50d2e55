"""The terminal replay: a state panel beside the log line being replayed. Into a pipe
the frames are plain text, and rich is not imported."""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from typing import Sequence

from battletape.render import TextTables, state_table
from battletape.domain import events as ev
from battletape.replay.frames import Frames
from battletape.replay.step_lines import StepLines


def _label(e: ev.Event, lines: StepLines) -> str:
    """The position's line as every view tells it (replay/entries.py)."""
    return f"{e.originator_version:>5}  {e.by}: {lines(e.originator_version)}"


def _stops(frames: Frames, by: str) -> list[int]:
    """The indexes a step of the player lands on: every event, or each turn's end."""
    if by == "event":
        return list(range(len(frames)))
    stops = [i for i, e in enumerate(frames.events)
             if isinstance(e, (ev.TurnEnded, ev.EncounterEnded, ev.Delayed))
             and not frames.voided(i)]
    if not stops or stops[-1] != len(frames) - 1:
        stops.append(len(frames) - 1)  # the end, corrections after the last turn
    return stops


HELP = "n/p: step  N/P: turn  r/R: round  space: play  g/G: start/end  q: quit"


def render(frames: Frames, lines: StepLines, index: int, lang: str,
           width: int | None = None, height: int | None = None,
           help_line: str | None = None):
    """What the screen shows at ``index``: the state table and the last lines of log.
    Given the terminal's size, the log shows as many lines as fit under the table (at
    least 3), cut to the width, and the key help rides on the panel's border, so
    both stay on screen at 80x24."""
    from rich.console import Console, Group
    from rich.panel import Panel
    from rich.text import Text

    table = state_table(frames.state(index), lang, width)
    log = [_label(frames.events[i], lines)
           for i in range(max(0, index - max(7, (height or 0) - 4)), index + 1)]

    def view(shown: int) -> "Group":
        text = "\n".join(line if width is None else fit(line, width - 4)
                         for line in log[-shown:])
        return Group(table, Panel(Text(text), title="log", subtitle=help_line,
                                  expand=True))

    if not (width and height):
        return view(8)
    probe = Console(width=width, height=height, file=_Null(), color_system=None)
    shown = len(log)
    while shown > 3 and len(probe.render_lines(view(shown), probe.options,
                                               pad=False)) > height - 1:
        shown -= 1
    return view(shown)


def fit(line: str, room: int) -> str:
    """``line`` in ``room`` characters, cut in its middle: its start (position, who,
    the sentence's subject) and its end (the result, what it did, ``[voided]``) kept,
    the words between them left out (``…``)."""
    if len(line) <= room:
        return line
    # the end from the sentence's last clause (": hit for 30 — Bram drops [voided]"),
    # at most two thirds of the room
    clause = line.rfind(": ")
    tail = line[clause + 2:] if clause > 0 else ""
    most = room * 2 // 3
    if not tail or len(tail) > most:
        tail = line[-most:]
        space = tail.find(" ")
        if 0 <= space < len(tail) // 3:  # start it at a word
            tail = tail[space + 1:]
    head = line[:room - len(tail) - 2].rstrip()
    return f"{head}… {tail}"


class _Null:
    """Where the measuring console writes: nowhere."""

    def write(self, _text: str) -> int:
        return 0

    def flush(self) -> None:
        pass


def play(events: Sequence[ev.Event], by: str = "event", start_round: int | None = None,
         speed: float = 0.0, lang: str = "en", interactive: bool = False,
         corrections: Sequence[ev.Event] | None = None) -> None:
    """Print the frames, or step through them on a terminal. ``corrections``: the log's
    corrections, when ``events`` is read lazily (battletape/stores/stored_log.py)."""
    frames = Frames(events, corrections=corrections)
    lines = StepLines(events, lang, corrections=frames.corrections, keep=interactive)
    stops = _stops(frames, by)
    index = 0
    if start_round is not None:
        index = next((k for k, i in enumerate(stops)
                      if frames.state(i).round >= start_round), 0)
    if not interactive:
        _print(frames, lines, stops, index, speed, lang)
        return
    from rich.console import Console

    _interactive(Console(), frames, lines, stops, index, speed, lang)


def _print(frames: Frames, lines: StepLines, stops: list[int], index: int, speed: float,
           lang: str) -> None:
    """Every frame from the stop at ``index`` as plain text: the log lines up to the
    stop, then the state table there."""
    tables = TextTables(lang)
    write = sys.stdout.write
    shown = stops[index - 1] + 1 if index > 0 else 0
    chunk: list[str] = []
    for i in stops[index:]:
        for k in range(shown, i + 1):
            chunk.append(_label(frames.events[k], lines))
        shown = i + 1
        chunk.append(tables.render(frames.state(i)))
        if speed or len(chunk) > 256:
            write("\n".join(chunk) + "\n")
            chunk = []
        if speed:
            sys.stdout.flush()
            time.sleep(speed)
    if chunk:
        write("\n".join(chunk) + "\n")
    sys.stdout.flush()


@contextmanager
def _keys():
    """The terminal reading single keys, unechoed (Ctrl-C too), for the whole session:
    set once, so a key typed while a frame is drawn waits instead of being flushed."""
    import termios

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    keys = termios.tcgetattr(fd)
    keys[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG | termios.IEXTEN)
    keys[6][termios.VMIN], keys[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, keys)
    try:
        yield lambda: os.read(fd, 1).decode("latin-1")
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


def _interactive(console, frames: Frames, lines: StepLines, stops: list[int],
                 index: int, speed: float, lang: str) -> None:
    from rich.live import Live

    marks: dict[str, list[int]] = {}

    def turns() -> list[int]:  # read the whole log only when a key asks for it
        if "turns" not in marks:
            marks["turns"] = _stops(frames, "turn")
        return marks["turns"]

    def rounds() -> list[int]:
        if "rounds" not in marks:
            marks["rounds"] = [i for i, e in enumerate(frames.events)
                               if isinstance(e, ev.RoundStarted)]
        return marks["rounds"]

    last = len(frames) - 1
    position = stops[index]
    def view():
        return render(frames, lines, position, lang, console.width, console.height, HELP)

    with _keys() as read_key, Live(view(), console=console, auto_refresh=False,
                                   screen=False) as live:
        while True:
            key = read_key()
            if key in ("q", "\x03", "\x1b"):
                break
            if key == "n":
                position = min(last, position + 1)
            elif key == "p":
                position = max(0, position - 1)
            elif key == "N":
                position = next((i for i in turns() if i > position), position)
            elif key == "P":
                position = max([i for i in turns() if i < position], default=0)
            elif key == "r":
                position = next((i for i in rounds() if i > position), position)
            elif key == "R":
                position = max([i for i in rounds() if i < position], default=0)
            elif key == "g":
                position = 0
            elif key == "G":
                position = last
            elif key == " ":
                while position < last:
                    position += 1
                    live.update(view(), refresh=True)
                    time.sleep(speed or 0.3)
            live.update(view(), refresh=True)
