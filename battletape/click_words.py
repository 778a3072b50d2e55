"""Click's own words (the help's "Usage:", "Options", "[required]"; a usage error's
"Missing argument 'TARGET'.") in the reader's language.

typer's vendored click writes them in English, without gettext: the help's section
titles go through typer's ``gettext`` call (rebound here to the catalogue), the usage
line and the help option through a formatter and a help option of our own, and a
usage error's message is read back by the patterns below (click's own wording) and
said again from the catalogue. English is left as click writes it.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any, Iterator

from battletape.domain.words import N_, Words

#: a command word click does not know, as it says it
NO_SUCH_COMMAND = r"No such command '(?P<name>.*)'\."

#: click's usage errors, as it words them: (pattern, message of the catalogue)
ERRORS: tuple[tuple[str, str], ...] = (
    (r"Missing argument '(?P<name>[^']+)'\.", N_("Missing argument '{name}'.")),
    (r"Missing option '(?P<name>[^']+)'\.", N_("Missing option '{name}'.")),
    (r"Missing command\.", N_("Missing command.")),
    (NO_SUCH_COMMAND, N_("No such command '{name}'.")),
    (r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
     N_("No such option: {name} (did you mean {options}?)")),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)",
     N_("Got unexpected extra argument(s) ({args})")),
    (r"Option '(?P<name>[^']+)' requires an argument\.",
     N_("Option '{name}' requires an argument.")),
    (r"Option '(?P<name>[^']+)' does not take a value\.",
     N_("Option '{name}' does not take a value.")),
    (r"Invalid value for (?P<hint>.+?): (?P<message>.+)",
     N_("Invalid value for {hint}: {message}")),
    (r"'(?P<value>.*)' is not a valid int(?:eger)?\.", N_("'{value}' is not a valid integer.")),
    (r"'(?P<value>.*)' is not a valid float(?:ing point value)?\.", N_("'{value}' is not a valid number.")),
    (r"'(?P<value>.*)' is not a valid boolean\..*",
     N_("'{value}' is not a valid boolean (true or false).")),
    (r"'(?P<value>.*)' is not one of (?P<choices>.+)\.",
     N_("'{value}' is not one of {choices}.")),
    (r"(?P<value>.+) is not in the range (?P<range>.+)\.",
     N_("{value} is not in the range {range}.")),
)
_COMPILED = tuple((re.compile(p), m) for p, m in ERRORS)

#: typer's help words, which it passes to gettext
HELP = (N_("Arguments"), N_("Options"), N_("Commands"), N_("required"),
        N_("default: {default}"), N_("env var: {var}"), N_("(dynamic)"))
USAGE = N_("Usage:")
HELP_OPTION = N_("Show this message and exit.")


def error(message: str, _: Words) -> str:
    """A click usage error's message in the words of ``_``."""
    for pattern, said in _COMPILED:
        found = pattern.fullmatch(message)
        if found:
            fields = found.groupdict()
            if "message" in fields:  # an invalid value's own reason
                fields["message"] = error(fields["message"], _)
            return _(said, **fields)
    return message


def usage_error(message: str, lang: str, system_id: str | None = None) -> str:
    """A click usage error said in ``lang``; a command typed wrong followed by the
    commands and the verbs of ``system_id`` spelt closest ("No such command 'stat'.
    Did you mean stats or state?")."""
    from battletape.session import all_words

    said = message if lang == "en" else error(message, all_words(lang))
    typed = re.fullmatch(NO_SUCH_COMMAND, message)
    if typed is None or system_id is None:
        return said
    import difflib

    from battletape import dispatch
    from battletape.cli import CORE_COMMANDS
    from battletape.domain.errors import Either

    known = sorted(set(CORE_COMMANDS) | set(dispatch.words(system_id)))
    close = difflib.get_close_matches(typed["name"], known, n=3, cutoff=0.6)
    if not close:
        return said
    say = all_words(lang)
    return said + " " + say(DID_YOU_MEAN, commands=Either(close).said(say))


#: after a command typed wrong, the closest
DID_YOU_MEAN = N_("Did you mean {commands}?")


@contextmanager
def spoken(_: Words) -> Iterator[None]:
    """typer and click write their help in the words of ``_`` while this lasts (the
    words they read are module-wide: put back as they were at its end)."""
    import typer.core
    from typer._click import core as click_core, decorators, formatting

    saved = (typer.core._, click_core.Context.formatter_class,  # type: ignore[attr-defined]
             decorators.option)

    class Formatter(formatting.HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, prefix if prefix is not None
                                else _.text(USAGE) + " ")

    def option(*args: Any, **kwargs: Any):
        if kwargs.get("help") == HELP_OPTION:
            kwargs["help"] = _.text(HELP_OPTION)
        return saved[2](*args, **kwargs)

    typer.core._ = _.text  # type: ignore[attr-defined]
    click_core.Context.formatter_class = Formatter
    decorators.option = option  # help_option() calls it by this name
    try:
        yield
    finally:
        (typer.core._, click_core.Context.formatter_class,  # type: ignore[attr-defined]
         decorators.option) = saved
