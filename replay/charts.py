"""The replay's pictures, drawn from checkpoints, never from every event: hit points
(and temporary hit points) of every combatant at each round's start, the damage each
dealt and took there, the system's own numbers beside the round (13th Age declares the
escalation die), and hits and misses by round. The page draws them with its script;
``hp_svg`` draws the hit points as one SVG file for the Markdown report."""

from __future__ import annotations

import html
from typing import Sequence

from battletape.domain import events as ev
from battletape.domain.history import EffectiveHistory

#: the most sampled positions a chart holds: past it, every other round start is kept
MOST_SAMPLES = 400


def round_starts(events: Sequence[ev.Event], history: EffectiveHistory) -> list[list[int]]:
    """``[round, index]`` of each round's start that counts (`state --round R`)."""
    return [[e.round, i] for i, e in enumerate(events)
            if isinstance(e, ev.RoundStarted) and not history.is_void(e)
            and e.cmd not in history.amended]


def sampled(starts: list[list[int]], count: int) -> list[int]:
    """The indices the charts are drawn at: every round's start (every k-th past
    ``MOST_SAMPLES``), evenly spaced positions between them (every position of a short
    battle) and the last position."""
    stride = 1
    while len(starts) // stride > MOST_SAMPLES:
        stride *= 2
    out = {i for k, (_, i) in enumerate(starts) if k % stride == 0}
    spacing = max(1, count // MOST_SAMPLES)
    out.update(range(0, count, spacing))
    if count:
        out.add(count - 1)
    return sorted(out)


class Charts:
    """Fed each step of the page (``see``), it keeps the samples the charts draw."""

    def __init__(self, samples: list[int], header: Sequence[str],
                 hidden=lambda c: False):
        """``header``: the system's own keys beside the round (``header_keys``);
        ``hidden(combatant)``: whose hit points the reader may not see."""
        self.samples = samples
        self.wanted = set(samples)
        self.header = {k: [] for k in header}
        self.series: dict[str, list] = {}
        self.attacks: dict[int, list[int]] = {}
        self._hidden = hidden
        self._taken = 0  # the samples taken so far

    def see(self, index: int, counted: Sequence[ev.Event], state, head: dict) -> None:
        """The step at ``index``: the events it counts, the state after it, the
        encounter's keys of its view."""
        for e in counted:
            if isinstance(e, ev.AttackResolved):
                tally = self.attacks.setdefault(state.round, [0, 0])
                tally[0 if e.hit else 1] += 1
        if index not in self.wanted:
            return
        k = self._taken
        self._taken += 1
        for key, values in self.header.items():
            values.append(head.get(key, 0))
        for name, c in state.combatants.items():
            if self._hidden(c):
                continue
            points = self.series.setdefault(name, [c.pc, []])[1]
            points.append([k, c.hp, c.temp_hp, c.max_hp, c.damage_dealt, c.damage_taken])

    def data(self) -> dict:
        return {"samples": self.samples, "header": self.header,
                "series": [[n, pc, points] for n, (pc, points) in self.series.items()],
                "attacks": [[r, h, m] for r, (h, m) in sorted(self.attacks.items())]}


def collect(events: Sequence[ev.Event], history: EffectiveHistory,
            header: Sequence[str]) -> dict:
    """The charts' data of a whole log, folded once (the Markdown report's)."""
    from battletape.domain import systems
    from battletape.domain.state import EncounterState
    from battletape.replay.frames import Frames

    starts = round_starts(events, history)
    charts = Charts(sampled(starts, len(events)), header)
    walk = Frames(events, history=history)
    state = EncounterState()
    for i, e in enumerate(events):
        walk.step(state, i)
        head = systems.of(state).state_keys(state) if i in charts.wanted else {}
        charts.see(i, history.counted(e), state, head)
    return charts.data()


PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
           "#e377c2", "#17becf", "#bcbd22", "#7f7f7f")


def hp_svg(data: dict, starts: list[list[int]], count: int, title: str,
           round_word: str) -> str:
    """The hit points of every combatant over the battle as one SVG picture: a line
    each (its temporary hit points dashed above), the rounds marked."""
    w, h, left, top, bottom = 800, 320, 40, 24, 30
    legend = 16 * ((len(data["series"]) + 3) // 4)
    samples = data["samples"]
    most = max([p[3] + p[2] for _, _, pts in data["series"] for p in pts] or [1]) or 1
    x = lambda i: left + (w - left - 10) * (i / max(1, count - 1))  # noqa: E731
    y = lambda v: top + (h - top - bottom) * (1 - v / most)  # noqa: E731
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + legend}" '
           f'viewBox="0 0 {w} {h + legend}" font-family="sans-serif" font-size="11">',
           f'<rect width="{w}" height="{h + legend}" fill="#fff"/>',
           f'<text x="{left}" y="14" font-size="13">{html.escape(title)}</text>',
           f'<line x1="{left}" y1="{y(0):.1f}" x2="{w - 10}" y2="{y(0):.1f}" stroke="#999"/>',
           f'<text x="{left - 4}" y="{y(most) + 4:.1f}" text-anchor="end">{most}</text>',
           f'<text x="{left - 4}" y="{y(0) + 4:.1f}" text-anchor="end">0</text>']
    step = max(1, len(starts) // 20)
    for k, (rnd, i) in enumerate(starts):
        out.append(f'<line x1="{x(i):.1f}" y1="{top}" x2="{x(i):.1f}" y2="{y(0):.1f}" '
                   'stroke="#ddd"/>')
        if k % step == 0:
            out.append(f'<text x="{x(i):.1f}" y="{h - 12}" text-anchor="middle">{rnd}</text>')
    out.append(f'<text x="{w - 10}" y="{h - 1}" text-anchor="end">'
               f'{html.escape(round_word)}</text>')
    for n, (name, _pc, points) in enumerate(data["series"]):
        colour = PALETTE[n % len(PALETTE)]
        line = " ".join(f"{x(samples[p[0]]):.1f},{y(max(0, p[1])):.1f}" for p in points)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" '
                   f'points="{line}"><title>{html.escape(name)}</title></polyline>')
        if any(p[2] for p in points):
            temp = " ".join(f"{x(samples[p[0]]):.1f},{y(max(0, p[1]) + p[2]):.1f}"
                            for p in points)
            out.append(f'<polyline fill="none" stroke="{colour}" stroke-dasharray="3 3" '
                       f'points="{temp}"/>')
        lx, ly = left + 190 * (n % 4), h + 12 + 16 * (n // 4)
        out.append(f'<rect x="{lx}" y="{ly - 8}" width="10" height="10" fill="{colour}"/>'
                   f'<text x="{lx + 14}" y="{ly + 1}">{html.escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
