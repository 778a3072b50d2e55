"""Rich rendering of states for people (JSON goes elsewhere)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from domain import systems
from domain.state import EncounterState


def hp_bar(hp: int, max_hp: int, temp: int, width: int = 10) -> Text:
    filled = max(0, min(width, round(width * max(hp, 0) / max_hp))) if max_hp else 0
    color = "green" if hp * 2 > max_hp else "yellow" if hp > 0 else "red"
    bar = Text("█" * filled, style=color) + Text("░" * (width - filled), style="dim")
    label = f" {hp}/{max_hp}" + (f" +{temp} temp" if temp else "")
    return bar + Text(label)


def state_table(state: EncounterState, lang: str = "en") -> Table:
    system = systems.of(state)
    term = system.term
    title = (f"{state.name} — {term('round', lang)} {state.round}"
             + system.title_line(state, lang)
             + (f", {term('turn', lang)}: {state.turn}" if state.turn else "")
             + (f" — ended: {state.ended}" if state.ended else "")
             + f"  (position {state.position})")
    table = Table(title=Text(title), expand=False)
    for col in ("", "name", "init", "HP", "status", "conditions",
                *system.table_columns()):
        table.add_column(term(col, lang) if col not in ("init", "HP") else col)
    order = state.order + [n for n in state.combatants if n not in state.order]
    for name in order:
        c = state.combatants[name]
        status = term(c.status, lang)
        if c.hp > 0 and system.staggered(c):
            status += f" ({term(system.words_staggered, lang)})"
        conds = [term(k, lang) for k in sorted(c.conditions)]
        table.add_row(*plain("▶" if name == state.turn else "",
                             name + (" (PC)" if c.pc else ""),
                             "" if c.initiative is None else str(c.initiative),
                             hp_bar(c.hp, c.max_hp, c.temp_hp), status, ", ".join(conds),
                             *system.table_cells(c)))
    return table



def plain(*cells) -> list:
    """Cells as text shown as it is: a name like ``[red]Orc[/]`` is a name, not rich
    markup."""
    return [Text(x) if isinstance(x, str) else x for x in cells]
