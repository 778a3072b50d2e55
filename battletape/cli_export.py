"""Exports, import and the terminal replay."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from battletape.domain.words import tr, N_
from battletape.cli import app
from battletape.session import get, out
from battletape.domain.errors import BadInput

FORMATS = ("jsonl", "md", "html", "parquet")
#: other names a GM types for them, and the file extensions that name them
ALIASES = {"markdown": "md", "json": "jsonl", "jsonlines": "jsonl", "htm": "html"}


def format_of(given: str | None, output: str | None) -> str:
    """The export's format: as given (any case, or a name of it: ``markdown``), else
    the one ``-o``'s extension names (``report.md``), else JSON Lines."""
    if given is None:
        suffix = Path(output).suffix.lower().lstrip(".") if output not in (None, "-") \
            else ""
        found = ALIASES.get(suffix, suffix)
        return found if found in FORMATS and found != "parquet" else "jsonl"
    found = ALIASES.get(given.lower(), given.lower())
    if found not in FORMATS:
        raise BadInput("format", given, ", ".join(FORMATS))
    return found


@app.command()
def export(ctx: typer.Context,
           format_: Optional[str] = typer.Option(None, "--format", "-f", help="jsonl, md, html or parquet (default: as -o's extension names it, else jsonl)."),
           output: Optional[str] = typer.Option(None, "-o", "--output", help="File (a folder for parquet); default stdout."),
           analytics: Optional[str] = typer.Option(None, "--analytics", help="For parquet: the DuckDB analytics file (default beside the store).")):
    """Export the encounter: lossless JSON Lines, a Markdown report, an HTML replay page.  Example: battletape export --format html -o bridge.html"""
    c = get(ctx)
    format_ = format_of(format_, output)
    if format_ == "parquet":
        from battletape.cli_analytics import export_parquet

        if not output:
            raise BadInput("-o", None, N_("a folder for the Parquet files"))
        export_parquet(c, output, analytics)
        return
    events = c.bt.events(c.encounter)
    if format_ == "jsonl":
        from battletape import keys
        from battletape.replay.export import to_jsonl

        key = keys.key_for(events[0].campaign) if keys.configured() else None
        data = b"\n".join(to_jsonl(events, key)) + b"\n"
    elif format_ == "md":
        from battletape.replay.report import markdown

        chart = _chart_beside(output)
        data = markdown(events, c.lang, chart.name if chart else None).encode()
        if chart is not None:
            from battletape.replay.html import hp_chart

            chart.write_text(hp_chart(events, c.lang), encoding="utf-8")
    else:
        from battletape.replay.html import page

        data = page(events, c.lang, branches=_branches(c, events[0].name)).encode()
    if output in (None, "-"):
        sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()
        return
    path = Path(output)
    if not path.parent.exists():
        raise BadInput("-o", output, N_("a file in an existing folder"))
    path.write_bytes(data)
    out(c, tr(c.lang, "wrote {path} ({size} bytes)", path=path, size=len(data)))


def _branches(c, name: str) -> list:
    """The what-ifs branched from the encounter ``name``, each its events."""
    return [c.bt.events(r.name) for r in c.bt.registrations()
            if r.branched_from == name]


def _chart_beside(output: str | None) -> Path | None:
    """Where a report written to ``output`` keeps its HP chart: ``NAME.hp.svg`` beside
    ``NAME.md`` (none for a report on stdout)."""
    if output in (None, "-"):
        return None
    path = Path(output)
    if not path.parent.exists():
        raise BadInput("-o", output, N_("a file in an existing folder"))
    stem = path.name[:-3] if path.name.endswith(".md") else path.name
    return path.with_name(stem + ".hp.svg")


@app.command("import")
def import_(ctx: typer.Context, file: str = typer.Argument(..., help="A battletape JSON Lines export, or - for stdin.")):
    """Import an exported encounter (all or nothing; importing twice adds nothing).  Example: battletape import bridge.jsonl"""
    from battletape.replay.export import from_jsonl

    c = get(ctx)
    if file == "-":
        lines = sys.stdin.buffer.read().splitlines()
    else:
        path = Path(file)
        if not path.is_file():
            raise BadInput("file", file, N_("an existing export file"))
        lines = path.read_bytes().splitlines()
    from battletape import keys

    header, events = from_jsonl(
        lines, lambda campaign: keys.key_for(campaign) if keys.configured() else None)
    if header.signed and not (keys.configured() and keys.key_for(header.campaign)):
        print(tr(c.lang, "note: signed with campaign {campaign}'s secret, which is "
                            "not configured here: only its unsigned chain was checked",
                            campaign=repr(header.campaign)), file=sys.stderr)
    added = c.bt.import_encounter(events)
    out(c, tr(c.lang, "imported {name}: {added} new events ({here} already here)",
                         name=repr(header.encounter), added=added,
                         here=len(events) - added))


@app.command()
def replay(ctx: typer.Context, encounter: Optional[str] = typer.Argument(None, help="The encounter (default: the current one)."),
           by: str = typer.Option("event", help="event or turn: the size of a step."),
           round_: Optional[int] = typer.Option(None, "--round", help="Start at this round."),
           speed: float = typer.Option(0.0, help="Play automatically: seconds per step."),
           plain: bool = typer.Option(False, "--plain", help="Print every frame as text (the default without a terminal).")):
    """Step through a battle: n/p step, N/P turn, r round, space play, q quit.  Example: battletape replay "Bridge" --by turn"""
    from battletape.player import play
    from battletape.stores.stored_log import StoredLog

    c = get(ctx)
    if by not in ("event", "turn"):
        raise BadInput("--by", by, N_("event or turn"))
    name = encounter or c.encounter
    events = StoredLog(c.bt, name)  # read a page at a time, as the player gets there
    interactive = sys.stdin.isatty() and sys.stdout.isatty() and not plain
    play(events, by=by, start_round=round_, speed=speed, lang=c.lang,
         interactive=interactive, corrections=events.corrections())
