"""Rich rendering of states for people (JSON goes elsewhere). The plain tables of a
pipe (:class:`TextTables`) need no rich: it is imported only for the rich ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from domain import systems
from domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text


def _filled(hp: int, max_hp: int, width: int) -> int:
    return max(0, min(width, round(width * max(hp, 0) / max_hp))) if max_hp else 0


def _hp_label(hp: int, max_hp: int, temp: int) -> str:
    return f" {hp}/{max_hp}" + (f" +{temp} temp" if temp else "")


def hp_bar(hp: int, max_hp: int, temp: int, width: int = 10) -> "Text":
    from rich.text import Text

    filled = _filled(hp, max_hp, width)
    color = "green" if hp * 2 > max_hp else "yellow" if hp > 0 else "red"
    bar = Text("█" * filled, style=color) + Text("░" * (width - filled), style="dim")
    return bar + Text(_hp_label(hp, max_hp, temp))


def hp_bar_plain(hp: int, max_hp: int, temp: int, width: int = 10) -> str:
    """:func:`hp_bar`'s text without its colours."""
    filled = _filled(hp, max_hp, width)
    return "█" * filled + "░" * (width - filled) + _hp_label(hp, max_hp, temp)


def _title(state: EncounterState, lang: str) -> str:
    system = systems.of(state)
    term = system.term
    return (f"{state.name} — {term('round', lang)} {state.round}"
            + system.title_line(state, lang)
            + (f", {term('turn', lang)}: {state.turn}" if state.turn else "")
            + (f" — ended: {state.ended}" if state.ended else "")
            + f"  (position {state.position})")


def _columns(state: EncounterState, lang: str) -> list[str]:
    system = systems.of(state)
    return [system.term(col, lang) if col not in ("init", "HP") else col
            for col in ("", "name", "init", "HP", "status", "conditions",
                        *system.table_columns())]


def _cells(state: EncounterState, c: Combatant, lang: str, bar=hp_bar) -> list:
    """A combatant's row but the turn marker: name, init, HP bar (``bar``: rich's, or
    :func:`hp_bar_plain`), status, conditions, then the system's own cells."""
    system = systems.of(state)
    term = system.term
    status = term(c.status, lang)
    if c.hp > 0 and system.staggered(c):
        status += f" ({term(system.words_staggered, lang)})"
    conds = [term(k, lang) for k in sorted(c.conditions)]
    return [c.name + (" (PC)" if c.pc else ""), "" if c.initiative is None else str(c.initiative),
            bar(c.hp, c.max_hp, c.temp_hp), status, ", ".join(conds),
            *system.table_cells(c)]


def _order(state: EncounterState) -> list[str]:
    return state.order + [n for n in state.combatants if n not in state.order]


def state_table(state: EncounterState, lang: str = "en") -> "Table":
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(_title(state, lang)), expand=False)
    for col in _columns(state, lang):
        table.add_column(col)
    for name in _order(state):
        table.add_row(*plain("▶" if name == state.turn else "",
                             *_cells(state, state.combatants[name], lang)))
    return table


def plain(*cells) -> list:
    """Cells as text shown as it is: a name like ``[red]Orc[/]`` is a name, not rich
    markup."""
    from rich.text import Text

    return [Text(x) if isinstance(x, str) else x for x in cells]


class TextTables:
    """The state table as plain text, one line a combatant (for a pipe or a file). A
    combatant's line is made again only when it changed since the last table, or when
    a column's width did."""

    def __init__(self, lang: str = "en"):
        self.lang = lang
        self._encode = msgspec.json.Encoder().encode
        # name -> (its state encoded, its cells, their lengths, its line, for widths)
        self._rows: dict[str, tuple[bytes, list[str], tuple[int, ...], str, tuple]] = {}
        self._columns: dict[str, list[str]] = {}  # system -> its columns' headings
        self._head: tuple = (None, "")  # (headings, mark, widths) -> the heading line

    def _row(self, state: EncounterState, c: Combatant, key: bytes) -> tuple:
        cells = [x if isinstance(x, str) else x.plain  # a system's cell may be rich
                 for x in _cells(state, c, self.lang, hp_bar_plain)]
        row = (key, cells, tuple(map(len, cells)), "", ())
        self._rows[c.name] = row
        return row

    def render(self, state: EncounterState) -> str:
        names = _order(state)
        encode, known, combatants = self._encode, self._rows.get, state.combatants
        rows = []
        for name in names:
            c = combatants[name]
            key = encode(c)
            row = known(c.name)
            rows.append(row if row is not None and row[0] == key
                        else self._row(state, c, key))
        head = self._columns.get(state.system)
        if head is None:
            head = self._columns[state.system] = _columns(state, self.lang)
        widths = tuple(map(max, zip(*(r[2] for r in rows), map(len, head[1:]))))
        mark = max(len(head[0]), 1 if state.turn in combatants else 0)
        if self._head[0] != (head, mark, widths):
            self._head = ((head, mark, widths), "  ".join(
                x.ljust(w) for x, w in zip(head, (mark, *widths))).rstrip())
        lines = [_title(state, self.lang), self._head[1]]
        plain, turn = " " * mark + "  ", "▶".ljust(mark) + "  "
        for name, row in zip(names, rows):
            if row[4] != widths:
                line = "  ".join(x.ljust(w) for x, w in zip(row[1], widths)).rstrip()
                row = row[:3] + (line, widths)
                self._rows[name] = row
            lines.append((turn if name == state.turn else plain) + row[3])
        return "\n".join(lines)
