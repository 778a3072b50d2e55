"""At the table: the interactive session (`play`) and the players' live page (`serve`).

prompt_toolkit, starlette and uvicorn are imported inside these commands only: a
recording command never loads them.
"""

from __future__ import annotations

from typing import Optional

import typer

from battletape.cli import _encounters, app
from battletape.session import get
from battletape.domain.words import N_
from battletape.domain.errors import BadInput


@app.command()
def play(ctx: typer.Context,
         encounter: Optional[str] = typer.Argument(None, help="The encounter (default: the current one).", autocompletion=_encounters)):
    """An interactive session: commands without the program name, completed with Tab,
    each saved as typed.  Example: battletape play"""
    import sys

    from battletape import play as session

    c = get(ctx)
    if encounter:
        c.encounter = c.bt.registration(encounter).name
    if not sys.stdin.isatty():
        raise BadInput("play", "stdin",
                       N_("a terminal (for a script: battletape run FILE)"))
    session.interact(c)


@app.command()
def serve(ctx: typer.Context,
          host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only)."),
          port: int = typer.Option(8013, "--port", help="TCP port."),
          reveal: bool = typer.Option(False, "--reveal", help="Show the monsters' hit points to the players."),
          encounter: Optional[str] = typer.Argument(None, help="Follow this encounter (default: the current one, whichever it is).", autocompletion=_encounters)):
    """A live page for the players: initiative, whose turn, HP as the group knows it.
    Read-only.  Example: battletape serve --port 8013"""
    from battletape import serve as server

    c = get(ctx)
    if not 0 < port < 65536:
        raise BadInput("--port", port, "1..65535")
    if encounter:
        c.encounter = c.bt.registration(encounter).name
    server.run(c, host, port, reveal)
