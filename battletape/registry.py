"""Building the app: which module registers which command, loaded as a line needs.

Below the entry (battletape.context) and above every command module: a recording
command loads its one module; help, scripts, `play` and shell completion load every
command (:func:`whole_command`). The command modules import only battletape.cli (the
app they register on), never this module's callers.
"""

from __future__ import annotations

from importlib import import_module

import typer

from battletape.cli import COMMAND_MODULES, MODULES, VERBS_MODULE, app
from battletape.session import Context


def command_name(args: list[str]) -> str | None:
    """The command word of an argument list (after the global options)."""
    from battletape.session import split_globals

    rest = split_globals(args)
    return rest[0] if rest and not rest[0].startswith("-") else None


def load_commands(name: str | None = None) -> None:
    """Register the module of command ``name``, or every command (help, scripts).
    Any other word is a verb of a rule system: registered alone, so a recording
    command reads no other system's option tables."""
    module = COMMAND_MODULES.get(name or "")
    if module is not None:
        import_module(f"battletape.{module}")
        return
    if name:
        import_module(f"battletape.{VERBS_MODULE}").register(name)
        return
    for m in MODULES:
        import_module(f"battletape.{m}")
    import_module(f"battletape.{VERBS_MODULE}").register()


#: the words that read the completion options typer adds to the app (its help lists
#: them)
_COMPLETION_WORDS = frozenset(("--install-completion", "--show-completion", "--help",
                               "-h"))


def only(name: str | None, args: list[str] | tuple[str, ...] = ()) -> typer.Typer:
    """The app with just command ``name`` registered: typer builds every registered
    command's parser before dispatching, ~1 ms each; a recording command needs one.
    Without the completion options unless ``args`` (the line, whose words before
    ``name`` are global options) give one or ask for help: no other line reads
    them."""
    import copy

    if name not in COMMAND_MODULES:
        return app
    lite = copy.copy(app)
    if not _COMPLETION_WORDS & {a.split("=")[0] for a in args}:
        lite._add_completion = False
    lite.registered_commands = [
        c for c in app.registered_commands
        if (c.name or typer.main.get_command_name(c.callback.__name__)) == name]
    lite.registered_groups = [g for g in app.registered_groups if g.name == name]
    return lite


def whole_command(system_id: str | None = None):
    """The click group of every command (a script's lines, `play`, completion, an
    amendment's line), its verbs worded for ``system_id`` when one is given."""
    from typer.main import get_command

    load_commands()
    if system_id is not None:
        scope(system_id)
    return get_command(app)


def scope(system_id: str) -> None:
    """Word the verbs' commands for an encounter of ``system_id`` (help, `?`)."""
    import_module(f"battletape.{VERBS_MODULE}").scope(system_id)


Context.whole_command = staticmethod(whole_command)  # an amendment's line, read whole


def declared_options(word: str) -> set[str]:
    """The option names command ``word`` declares: a core command's, or every rule
    system's for a verb (a global option after the command is lifted before it only
    where the command has no option of that name, api/lines.lift_globals)."""
    from battletape.domain import systems

    names: set[str] = set()
    load_commands(word)
    group = typer.main.get_command(only(word))
    sub = getattr(group, "commands", {}).get(word)
    for param in getattr(sub, "params", ()):
        names.update(getattr(param, "opts", ()))
    for system in systems.all_systems().values():
        for name, verb in system.verbs.items():
            if name == word or name.startswith(word + " "):
                names.update(verb.options)
    return names
