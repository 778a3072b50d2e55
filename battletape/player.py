"""The terminal replay: a state panel beside the log line being replayed."""

from __future__ import annotations

import sys
import time
from typing import Sequence

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from battletape.render import state_table
from domain import events as ev
from replay.entries import Entry, at_positions, entries, step_line
from replay.frames import Frame, frames


def _label(f: Frame, lines: dict[int, list[Entry]], lang: str = "en") -> str:
    """The position's line as every view tells it (replay/entries.py)."""
    return f"{f.position:>5}  {f.event.by}: {step_line(lines.get(f.position, []), lang)}"


def _stops(all_frames: list[Frame], by: str) -> list[int]:
    if by == "event":
        return list(range(len(all_frames)))
    stops = [i for i, f in enumerate(all_frames)
             if isinstance(f.event, (ev.TurnEnded, ev.EncounterEnded, ev.Delayed))
             and not f.voided]
    if not stops or stops[-1] != len(all_frames) - 1:
        stops.append(len(all_frames) - 1)  # the end, corrections after the last turn
    return stops


HELP = "n/p step · N/P turn · r/R round · space play · g/G start/end · q quit"


def render(f: Frame, lang: str, lines: list[str], width: int | None = None,
           height: int | None = None, help_line: str | None = None):
    """The state table above the log panel. Given the terminal's size, the log shows
    as many of its last lines as fit under the table (at least 3), and the key help
    rides on the panel's border, so both stay on screen at 80x24."""
    table = state_table(f.state, lang, width)

    def view(shown: int) -> Group:
        log = "\n".join(line if width is None or len(line) <= width - 4
                        else line[:width - 5] + "…" for line in lines[-shown:])
        return Group(table, Panel(Text(log), title="log", subtitle=help_line,
                                  expand=True))

    if not (width and height):
        return view(8)
    from rich.console import Console

    probe = Console(width=width, height=height, file=_Null(), color_system=None)
    shown = max(3, height)
    while shown > 3 and len(probe.render_lines(view(shown), probe.options,
                                               pad=False)) > height - 1:
        shown -= 1
    return view(shown)


class _Null:
    def write(self, _text: str) -> int:
        return 0

    def flush(self) -> None:
        pass


def play(events: Sequence[ev.Event], by: str = "event", start_round: int | None = None,
         speed: float = 0.0, lang: str = "en", interactive: bool = False) -> None:
    all_frames = list(frames(events))
    lines = at_positions(entries(events, lang, everything=True))
    stops = _stops(all_frames, by)
    index = 0
    if start_round is not None:
        index = next((k for k, i in enumerate(stops)
                      if all_frames[i].state.round >= start_round), 0)
    console = Console()
    if not interactive:
        shown = stops[index - 1] + 1 if index > 0 else 0
        for i in stops[index:]:
            for f in all_frames[shown:i + 1]:
                console.print(_label(f, lines, lang), highlight=False, markup=False, soft_wrap=True)
            shown = i + 1
            console.print(state_table(all_frames[i].state, lang))
            if speed:
                time.sleep(speed)
        return
    _interactive(console, all_frames, lines, stops, index, speed, lang)


def _read_key() -> str:
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setraw(fd)
        return sys.stdin.read(1)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


def _interactive(console: Console, all_frames: list[Frame],
                 lines: dict[int, list[Entry]], stops: list[int], index: int,
                 speed: float, lang: str) -> None:
    from rich.live import Live

    turns = _stops(all_frames, "turn")
    rounds = [i for i, f in enumerate(all_frames) if isinstance(f.event, ev.RoundStarted)]
    position = stops[index]
    def view():
        shown = [_label(f, lines, lang) for f in all_frames[:position + 1]]
        return render(all_frames[position], lang, shown, console.width, console.height,
                      HELP)

    with Live(view(), console=console, auto_refresh=False, screen=False) as live:
        while True:
            key = _read_key()
            if key in ("q", "\x03", "\x1b"):
                break
            if key == "n":
                position = min(len(all_frames) - 1, position + 1)
            elif key == "p":
                position = max(0, position - 1)
            elif key == "N":
                position = next((i for i in turns if i > position), position)
            elif key == "P":
                position = max([i for i in turns if i < position], default=0)
            elif key == "r":
                position = next((i for i in rounds if i > position), position)
            elif key == "R":
                position = max([i for i in rounds if i < position], default=0)
            elif key == "g":
                position = 0
            elif key == "G":
                position = len(all_frames) - 1
            elif key == " ":
                while position < len(all_frames) - 1:
                    position += 1
                    live.update(view(), refresh=True)
                    time.sleep(speed or 0.3)
            live.update(view(), refresh=True)
