"""Analytics on the command line: `sql`, `stats` and the Parquet export.

DuckDB is imported inside the commands only: recording a move never loads it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from battletape.cli import app
from battletape.stores.locations import resolve_url, sqlite_file
from battletape.session import Context, get, out
from battletape.domain.words import N_
from battletape.domain.errors import BadInput

ANALYTICS_HELP = ("The DuckDB analytics file (default: beside the store, "
                  "battletape.db -> battletape.duckdb; or BATTLETAPE_ANALYTICS).")
LONG = 20_000  # events to catch up before a progress bar is worth showing


def caught_up(c: Context, analytics: Optional[str]) -> Path:
    """The analytics file, brought up to date with the store first."""
    from battletape.projections import analytics as projection

    path = Path(analytics) if analytics else projection.default_path(resolve_url(c.store))
    bar = _ProgressBar()
    try:
        projection.catch_up(c.bt.app, path, progress=bar.update)
    finally:
        bar.close()
    return path


def reading(c: Context, analytics: Optional[str], before_work=None):
    """A read-only connection to the analytics file, up to date with the store: the
    file is opened for writing only when there is something to catch up
    (``before_work()`` is called first, e.g. to refuse a query before the catch-up)."""
    from battletape.projections import analytics as projection
    from battletape.projections.analytics import query as analytics_query

    path = Path(analytics) if analytics else projection.default_path(resolve_url(c.store))

    store_file = sqlite_file(c.store)
    con = analytics_query.current_sqlite(store_file, path) if store_file else None
    if con is not None:  # up to date: the store itself is never opened
        return con
    if before_work is not None:
        before_work()
    con = analytics_query.current(c.bt.app, path)
    if con is None:
        caught_up(c, analytics)
        con = analytics_query.open_read_only(path)
    return con


class _ProgressBar:
    """A rich progress bar on stderr, for long catch-ups on a terminal only."""

    def __init__(self) -> None:
        self.progress = None
        self.task = None

    def update(self, done: int, total: int) -> None:
        if self.progress is None:
            if total < LONG:
                return
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress,
                                       TextColumn, TimeRemainingColumn)

            console = Console(stderr=True)
            if not console.is_terminal:
                return
            self.progress = Progress(TextColumn("analytics: catching up"), BarColumn(),
                                     MofNCompleteColumn(), TimeRemainingColumn(),
                                     console=console, transient=True)
            self.progress.start()
            self.task = self.progress.add_task("catch-up", total=total)
        self.progress.update(self.task, completed=done)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


@app.command()
def sql(ctx: typer.Context,
        query: Optional[str] = typer.Argument(None, help="One read-only SQL query."),
        format_: str = typer.Option("table", "--format", "-f", help="table, csv or json."),
        schema: bool = typer.Option(False, "--schema", help="Print the tables and their columns."),
        analytics: Optional[str] = typer.Option(None, "--analytics", help=ANALYTICS_HELP),
        include_branches: bool = typer.Option(False, "--include-branches", "--branches", help="Rows of what-if branches too (left out: they repeat their trunk's past).")):
    """Query the campaign in SQL (DuckDB, read-only).  Example: battletape sql "SELECT escalation_die, avg(hit::INT) FROM attacks GROUP BY 1 ORDER BY 1" """
    from battletape.projections.analytics import query as analytics_query, schema as analytics_schema

    c = get(ctx)
    if format_ not in ("table", "csv", "json"):
        raise BadInput("--format", format_, N_("table, csv or json"))
    if schema:
        from battletape.domain.words import tr

        out(c, analytics_schema.describe(c.lang))
        out(c, "\n" + tr(c.lang, "What-if branches are left out of every table unless "
                                 "--include-branches (encounters.branch is true for a "
                                 "branch)."))
        return
    if query is None:
        raise BadInput("query", None, N_('an SQL query, e.g. "SELECT * FROM encounters" '
                       "(or --schema)"))
    # refused before any work: checked by the open file's connection when the file is
    # current (run checks it), before opening the store and catching up otherwise
    con = reading(c, analytics, before_work=lambda: analytics_query.check(query))
    analytics_query.without_branches(con, include_branches, query)
    columns, rows = analytics_query.run(None, query, con=con)
    _render(columns, rows, format_)


def _render(columns: list[str], rows: list[tuple], format_: str) -> None:
    if format_ == "json":
        import msgspec

        data = [dict(zip(columns, r)) for r in rows]
        sys.stdout.write(msgspec.json.encode(data, enc_hook=str).decode() + "\n")
    elif format_ == "csv":
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows([_plain(v) for v in r] for r in rows)
    else:
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        console = Console(soft_wrap=False)
        cells = [[_cell(v) for v in r] for r in rows]
        least = [max([len(c)] + [len(w) for r in cells for w in r[i].split()])
                 for i, c in enumerate(columns)]
        if sum(least) + 3 * len(columns) + 1 > console.width:
            print(_expanded(columns, cells))  # a record a block, as psql's \x
        else:
            table = Table(show_lines=False)
            for c, w in zip(columns, least):
                table.add_column(c, min_width=w, overflow="fold")
            for r in cells:
                table.add_row(*[Text(v) for v in r])
            console.print(table)
        print(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")


def _expanded(columns: list[str], cells: list[list[str]]) -> str:
    """Rows too wide for the terminal: each a block of ``column | value`` lines
    (psql's expanded display), the column names whole."""
    pad = max((len(c) for c in columns), default=0)
    blocks = []
    for n, r in enumerate(cells, 1):
        blocks.append(f"-[ row {n} ]" + "-" * max(0, pad - 8))
        blocks += [f"{c.ljust(pad)} | {v}" for c, v in zip(columns, r)]
    return "\n".join(blocks)


def _plain(v):
    if isinstance(v, (list, dict)):
        import msgspec

        return msgspec.json.encode(v, enc_hook=str).decode()
    return v


def _cell(v) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(_plain(v))


@app.command()
def stats(ctx: typer.Context,
          campaign: Optional[str] = typer.Option(None, "--campaign", help="Only this campaign."),
          encounter: Optional[str] = typer.Option(None, "--encounter", "-e", help="Only this encounter."),
          branches: bool = typer.Option(False, "--include-branches", "--branches", help="Count what-if branches too (left out unless named with --encounter)."),
          json_: bool = typer.Option(False, "--json", help="One JSON object of sections."),
          analytics: Optional[str] = typer.Option(None, "--analytics", help=ANALYTICS_HELP)):
    """Campaign dashboard: damage, hit rates, crits, kills, rounds, recoveries, death saves, disputes, dice fairness; what-if branches left out.  Example: battletape stats --campaign Emberfall"""
    from battletape.projections.analytics import stats as analytics_stats

    c = get(ctx)
    encounter = encounter or c.encounter  # `battletape -e NAME stats` works too
    con = reading(c, analytics)
    try:
        sections = analytics_stats.dashboard(con, campaign, encounter, branches)
    finally:
        con.close()
    if json_:
        import msgspec

        data = {s.key: s.records() for s in sections}
        data["filter"] = {"campaign": campaign, "encounter": encounter,
                          "branches": branches}
        sys.stdout.write(msgspec.json.encode(data, enc_hook=str).decode() + "\n")
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from battletape.domain import systems
    from battletape.domain.words import words

    _ = words(c.lang, *(s.package for s in systems.all_systems().values()))
    console = Console(soft_wrap=False)
    scope = " · ".join(x for x in (campaign and _("campaign {name}", name=campaign),
                                   encounter and _("encounter {name}", name=encounter),
                                   branches and _("branches included")) if x)
    console.print(f"[bold]battletape stats[/bold]{' — ' + escape(scope) if scope else ''}")
    for s in sections:
        if s.applies:  # (a system's own section where none of its battles is: none)
            console.print(_section_table(s, _, console.width))


def _label(col: str, _) -> str:
    """A column's name in full, in words that wrap (``dealt before temp hp``)."""
    said = _.ctx("column", col)
    return said.replace("_", " ") if said == col else said


def _section_table(s, _, width: int = 80):
    """A section of the dashboard as a table whose headers and names wrap between
    words, never inside one (each column at least as wide as its longest word), and
    whose yes/no and missing values read as words; too wide for ``width`` even so,
    each row stacked as ``label: value`` items."""
    from rich.table import Table
    from rich.text import Text

    verdict = s.columns.index("verdict") if "verdict" in s.columns else None
    rows = [[((_.ctx("value", "yes") if v else _.ctx("value", "no"))
              if isinstance(v, bool) else "—" if v is None
              else _cell(_short(_verdict(v, _) if i == verdict else v)))
             for i, v in enumerate(r)] for r in s.rows]
    labels = [_label(col, _) for col in s.columns]
    table = Table(title=_(s.title), title_justify="left",
                  caption=_(s.note) if s.note else None, caption_justify="left")
    least = [max((len(w) for w in label.split() + [w for r in rows
                                                   for w in str(r[i]).split()]),
                 default=1) for i, label in enumerate(labels)]
    if sum(least) + 3 * len(labels) + 1 > width:
        return _stacked(_(s.title), labels, rows, width)
    for label, w in zip(labels, least):
        table.add_column(label, min_width=w, overflow="fold")
    for r in rows:
        table.add_row(*[Text(v) for v in r])
    if not s.rows:
        table.add_row(*(["—"] + [""] * (len(s.columns) - 1)))
    return table


def _stacked(title: str, labels: list[str], rows: list[list[str]], width: int):
    """A section too wide for a column each: a paragraph a row, its first value
    first, then ``label: value`` items wrapped between them."""
    from rich.text import Text

    lines = [title]
    if not rows:
        return Text(f"{title}\n  —")
    for r in rows:
        items = [f"{label}: {v}" for label, v in zip(labels[1:], r[1:])]
        line = f"  {r[0]} —"
        for item in items:
            if len(line) + len(item) + 3 > width:
                lines.append(line)
                line = "    "
            line += f" {item} ·" if line.strip() else item + " ·"
        lines.append(line.rstrip(" ·"))
    return Text("\n".join(lines))


def _verdict(text, _) -> str:
    """A die's verdict in the reader's words (``too few rolls … (N more needed)``)."""
    import re

    few = re.fullmatch(r"too few rolls to judge \((\d+) more needed\)", str(text))
    if few:
        return _("too few rolls to judge ({n} more needed)", n=few[1])
    return _.ctx("verdict", text)


def _short(v):
    if isinstance(v, float) and v < 0.001 and v > 0:
        return float(f"{v:.2e}")
    if isinstance(v, list):
        return " ".join(str(x) for x in v)
    return v


def export_parquet(c: Context, output: str, analytics: Optional[str] = None) -> None:
    """`export --format parquet -o DIR`: every analytics table as Parquet files,
    partitioned by campaign (DIR/TABLE/campaign=NAME/*.parquet)."""
    from battletape.projections.analytics.export import to_parquet

    analytics = analytics or getattr(c, "analytics", None)
    target = Path(output)
    if target.exists() and not target.is_dir():
        raise BadInput("-o", output, N_("a folder (it is created if missing)"))
    if not target.parent.exists():
        raise BadInput("-o", output, N_("a folder inside an existing one"))
    path = caught_up(c, analytics)
    written = to_parquet(path, target)
    out(c, f"wrote {sum(1 for n in written.values() if n)} tables "
           f"({sum(written.values())} rows) to {target}/ from {path}")
