"""The command line: each command parses, makes one call, renders. One error boundary."""

from __future__ import annotations

from typing import Optional

import typer

from battletape.session import Context
from battletape.domain.errors import BadInput, Either

NEGATIVE_NUMBERS = {"ignore_unknown_options": True}  # so "-3" reaches our check

app = typer.Typer(add_completion=True, no_args_is_help=True,
                  help="Record, correct, replay and analyse tabletop RPG battles.",
                  pretty_exceptions_enable=False, rich_markup_mode=None,
                  suggest_commands=False)  # the boundary suggests, in the reader's words


def _encounters(ctx: typer.Context, incomplete: str) -> list[str]:
    from battletape.completion import encounter_names

    return encounter_names(ctx, incomplete)


@app.callback()
def main(ctx: typer.Context,
         store: Optional[str] = typer.Option(None, "--store", help="SQLite file or postgresql:// URL (default ./battletape.db, or BATTLETAPE_STORE)."),
         encounter: Optional[str] = typer.Option(None, "--encounter", "-e", help="Act on this encounter instead of the current one (the last started, or the one `use` chose); a prefix or the initials will do.", autocompletion=_encounters),
         as_: Optional[str] = typer.Option(None, "--as", help="The name shown as who records (default BATTLETAPE_USER, else your identity: the OS user or the database role, which corrections check)."),
         lang: Optional[str] = typer.Option(None, "--lang", help="en or it: what battletape says, in English or Italian (default: BATTLETAPE_LANG, else the locale's language, else en)."),
         debug: bool = typer.Option(False, "--debug", help="Show tracebacks of unexpected errors."),
         force: Optional[str] = typer.Option(None, "--force", metavar="REASON", help="A GM records the command although a rule refuses it; a ruling event keeps who, why and the rule overridden.")):
    """battletape: every roll, move and save of a battle as an immutable event."""
    if isinstance(ctx.obj, Context):  # a line of a script: the script's store and user
        if encounter:
            ctx.obj.encounter = encounter
        ctx.obj.force = force  # this line's own, never the line before's
        return
    from battletape.domain.words import LANGUAGES, default_language

    lang = default_language() if lang is None else lang
    if lang not in LANGUAGES:
        raise BadInput("--lang", lang, Either(LANGUAGES))
    import sys as _sys
    from battletape.session import command_line

    ctx.obj = Context(store=store, encounter=encounter, user=as_, lang=lang, debug=debug,
                      command_line=command_line(ctx.meta.get("argv", _sys.argv[1:])),
                      force=force)
    ctx.call_on_close(ctx.obj.close)


# --- which module registers which command (battletape.registry loads them lazily: a
# recording command imports only what it needs) ----------------------------------------

MODULES = ("cli_record", "cli_read", "cli_corrections", "cli_export", "cli_analytics",
           "cli_bestiary", "cli_dice", "cli_table", "cli_party")
COMMAND_MODULES = {
    **dict.fromkeys(["new", "use", "roll", "ruling"], "cli_record"),
    **dict.fromkeys(["state", "log", "encounters", "run", "demo", "verify",
                     "snapshot", "why"], "cli_read"),
    **dict.fromkeys(["undo", "redo", "rewind", "amend", "ripple", "dispute", "disputes",
                     "resolve", "branch", "diff", "gm"], "cli_corrections"),
    **dict.fromkeys(["export", "import", "replay"], "cli_export"),
    **dict.fromkeys(["sql", "stats"], "cli_analytics"),
    "bestiary": "cli_bestiary",
    "party": "cli_party",
    "dice": "cli_dice",
    **dict.fromkeys(["play", "serve"], "cli_table"),
}
CORE_COMMANDS = frozenset(COMMAND_MODULES)
# every other word is a verb of a rule system, registered by cli_record (which adds
# the words of every system's verbs here when it loads)
VERBS_MODULE = "cli_record"
