"""Rich rendering of states for people (JSON goes elsewhere).

The state table reads at 80 columns: a name is never cut (its column does not wrap),
the turn marker and the PC mark ride on the name, the HP bar narrows on a narrow
terminal, and a column nobody has anything in (no conditions yet, no ongoing damage)
is left out. The plain tables of a pipe (:class:`TextTables`) need no rich: it is
imported only for the rich ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from battletape.domain import systems
from battletape.domain.state import Combatant, EncounterState
from battletape.domain.words import words

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

NARROW = 100  # below this many columns the HP bar is 5 cells, not 10
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


def _term(state: EncounterState, word: str, lang: str, gender: str = "") -> str:
    """The system's word, then the table's own (the catalogue's, context "table")."""
    said = systems.of(state).term(word, lang, gender)
    return words(lang).ctx("table", word) if said == word else said


def _pc(name: str, lang: str) -> str:
    return words(lang)("{name} (PC)", name=name)


def _title(state: EncounterState, lang: str) -> str:
    system = systems.of(state)
    return (f"{state.name} — {_term(state, 'round', lang)} {state.round}"
            + system.title_line(state, lang)
            + (f", {_term(state, 'turn', lang)}: {state.turn}" if state.turn else "")
            + (f" — {_term(state, 'ended', lang)}: {_term(state, state.ended, lang)}"
               if state.ended else "")
            + f"  ({_term(state, 'position', lang)} {state.position})")


def _columns(state: EncounterState, lang: str) -> list[str]:
    system = systems.of(state)
    return [_term(state, col, lang)
            for col in ("", "name", "init", "HP", "status", "conditions",
                        *system.table_columns())]


def _cells(state: EncounterState, c: Combatant, lang: str, bar=hp_bar) -> list:
    """A combatant's row but the turn marker: name, init, HP bar, status, conditions,
    then the system's own cells."""
    system = systems.of(state)
    term = system.term
    status = term(c.status, lang, c.gender)
    if c.hp > 0 and system.staggered(c):
        status += f" ({term(system.words_staggered, lang, c.gender)})"
    conds = [term(k, lang, c.gender) + (" (" + ", ".join(f"{t} {v:+d}" for t, v in mods.items())
                              + ")" if (mods := getattr(c.conditions[k], "mods", None))
                              else "")
             for k in system.shown_conditions(c)]
    return [_pc(c.name, lang) if c.pc else c.name, "" if c.initiative is None else str(c.initiative),
            bar(c.hp, c.max_hp, c.temp_hp), status, ", ".join(conds),
            *system.table_cells(c)]


def _order(state: EncounterState) -> list[str]:
    return state.order + [n for n in state.combatants if n not in state.order]


def _width() -> int:
    from rich.console import Console

    return Console().width


def state_table(state: EncounterState, lang: str = "en", width: int | None = None) -> "Table":
    """The combatants in initiative order; ``width`` the terminal's (default: the
    console's)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    system = systems.of(state)

    def term(word: str, lang: str, gender: str = "") -> str:
        return _term(state, word, lang, gender)

    width = width or _width()
    title = _title(state, lang)
    order = _order(state)
    narrow = width < NARROW
    rows = []
    for name in order:
        c = state.combatants[name]
        status = term(c.status, lang, c.gender)
        if c.hp > 0 and system.staggered(c):
            status += f" ({term(system.words_staggered, lang, c.gender)})"
        conds = ", ".join(term(k, lang, c.gender) for k in system.shown_conditions(c))
        if narrow and conds:  # one column for both on a narrow terminal
            status, conds = f"{status}, {conds}", ""
        marker = "▶ " if name == state.turn else "  "
        rows.append([Text(marker + (_pc(name, lang) if c.pc else name),
                          style="bold" if name == state.turn else ""),
                     "" if c.initiative is None else str(c.initiative),
                     hp_bar(c.hp, c.max_hp, c.temp_hp, 5 if narrow else 10), status,
                     conds, *system.table_cells(c)])
    headers = ["name", "init", "HP", "status", "conditions", *system.table_columns()]
    labels = [term(h, lang) for h in headers]
    # the name, init, HP and status always; any other column only when someone has it
    keep = [i for i, _ in enumerate(headers)
            if i < 4 or any(str(r[i]).strip() for r in rows)]
    names = list(state.combatants)
    minimum = [_min_width(labels[i], [str(r[i]) for r in rows], i in (0, 2), names)
               for i in keep]
    natural = [max([len(labels[i])] + [len(str(r[i])) for r in rows]) for i in keep]
    table = Table(title=Text(title), expand=False, box=box.SIMPLE_HEAD, pad_edge=False,
                  show_edge=False, min_width=min(len(title), width),
                  padding=(0, 1), title_justify="left")
    # between the columns: a cell of padding each side and the rule's divider (the
    # outer edges have neither): 3 cells a column but for the first
    gaps = 3 * len(keep) - 3
    if sum(minimum) + gaps <= width or len(keep) <= 4:
        widths = _share(minimum, natural, width - gaps - 1)
        for i, w in zip(keep, widths):
            if i in (0, 2):  # a name or an HP bar is never cut
                table.add_column(labels[i], no_wrap=True)
            else:  # cells wrap between words, never inside a word or a name
                table.add_column(labels[i], width=w, overflow="fold")
        for r in rows:
            table.add_row(*plain(*(r[i] for i in keep)))
        return table
    # too narrow for a column each: the rest in one column, a line per item, a name
    # never split (the label goes on a line of its own when the item is too long)
    fixed = keep[:4]
    for i, least in zip(fixed, minimum):
        if i in (0, 2):
            table.add_column(labels[i], no_wrap=True)
        else:  # as narrow as it can be, so the last column gets the room
            table.add_column(labels[i], width=least, overflow="fold")
    room = max(16, width - sum(minimum[:4]) - 11)  # the paddings between columns
    table.add_column("", width=room, overflow="fold")
    for r in rows:
        lines: list[str] = []
        for i in keep[4:]:
            value = str(r[i]).strip()
            if not value:
                continue
            item = f"{labels[i]}: {value}"
            if len(item) <= room:
                lines.append(item)
            else:
                lines.append(f"{labels[i]}:")
                lines += [f" {v}" for v in value.split(", ")]
        table.add_row(*plain(*(r[i] for i in fixed), "\n".join(lines)))
    return table


def _min_width(label: str, cells: list[str], whole: bool, names: list[str]) -> int:
    """The narrowest a column can be without cutting a word or a combatant's name
    (``whole``: without wrapping at all)."""
    if whole:
        return max([len(label)] + [len(c) for c in cells])
    longest = max((len(w) for cell in cells for w in cell.split()), default=1)
    named = max((len(n) for cell in cells for n in names if n in cell), default=0)
    return max(longest, named, max((len(w) for w in label.split()), default=1))


def _share(minimum: list[int], natural: list[int], room: int) -> list[int]:
    """Column widths: each its minimum, then the room left to the columns that would
    wrap, the most cramped first, up to their natural width."""
    widths = list(minimum)
    left = room - sum(widths)
    for i in range(len(widths)):  # first every column one cell of slack
        if left > 0 and widths[i] < natural[i]:
            widths[i] += 1
            left -= 1
    while left > 0:
        short = [i for i, w in enumerate(widths) if w < natural[i]]
        if not short:
            break
        i = max(short, key=lambda k: natural[k] - widths[k])
        widths[i] += 1
        left -= 1
    return widths


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
