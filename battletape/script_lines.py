"""One command line of a script or of `play`: split, aliases expanded, run through the
same click parser as the command line (without the program name)."""

from __future__ import annotations

import shlex
from typing import Callable

from battletape.domain.words import N_
from battletape.domain.errors import BadInput

# the short words of `play` (scripts accept them too: one grammar)
ALIASES = {"a": "attack", "n": "next", "u": "undo", "s": "state", "l": "log",
           "d": "damage", "h": "heal", "r": "roll", "c": "cond", "ds": "death-save"}
# words a line may not use: they start a session or a server of their own
REFUSED = ("run", "demo", "play", "serve")


def split(line: str, where: str = "line") -> list[str]:
    """The words of ``line`` (``#`` comments dropped), the first alias expanded."""
    try:
        args = shlex.split(line, comments=True)
    except ValueError as err:
        raise BadInput(where, line.strip(),
                       N_("valid quoting ({err})"), err=err) from None
    from battletape.api.lines import lift_globals
    from battletape.registry import declared_options
    from battletape.session import split_globals

    args = lift_globals(args, declared_options)  # `damage Bram 5 --force WHY` too
    at = len(args) - len(split_globals(args))  # the command after `--force REASON` &c.
    if at < len(args) and args[at] in ALIASES:
        args[at] = ALIASES[args[at]]
    if (at < len(args) and args[at] in REFUSED) or "--store" in args:
        raise BadInput(where, line.strip(), N_("a battle command"))
    return args


def runner(c) -> Callable[[list[str]], None]:
    """A function running one split line against ``c`` (its store stays open): the
    app's click command is built once, every command registered."""
    from battletape.registry import whole_command
    from battletape.session import command_line

    command = whole_command()

    def run(args: list[str]) -> None:
        c.command_line = command_line(args)  # `--force REASON` kept, as typed alone
        command.main(args=args, prog_name="battletape", standalone_mode=False, obj=c)

    return run
