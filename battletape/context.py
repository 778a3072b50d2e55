"""The process entry: the console script, the shell's completion requests and the one
error boundary, where every error a command raises becomes one line on stderr.

The top of battletape's imports: it builds the app (battletape.registry) and nothing
below imports it."""

from __future__ import annotations

import gc
import sys
from contextlib import nullcontext
from typing import Any, Callable

from battletape.session import Context, all_words, click_module, exit_errors
from battletape.domain.errors import AlreadyHolds, BattletapeError

__all__ = ["Context", "boundary"]


def _cli_app():
    from battletape.cli import app

    return app


def boundary(app, args: list[str], obj: Context | None = None,
             working: Callable[[], None] | None = None) -> int:
    """Run the typer app; every error becomes one line on stderr and exit code 2.
    ``working`` is called once the command's parser is built, as its work begins (the
    console script's, :func:`run`)."""
    import typer

    from battletape.api.lines import lift_globals
    from battletape.registry import (command_name, declared_options, load_commands, only,
                                     scope)

    click = click_module()
    exits, aborts = exit_errors()
    try:  # `damage Bram 5 --force "a ruling"`: --force goes before the command
        args = lift_globals(list(args), declared_options) if app is _cli_app() else args
    except BattletapeError as err:
        lang = _language(args)
        said = one_line(err.say(lang, all_words(lang)))
        from battletape.domain.words import tr

        print(f"Error: {said}" if lang == "en" else tr(lang, "Error: {message}",
                                                       message=said), file=sys.stderr)
        return 2
    name = command_name(list(args))
    if name is None and not {"--help", "-h", "--show-completion",
                             "--install-completion"} & {a.split("=")[0] for a in args}:
        args = list(args) + ["--help"]  # no command: the help, not a usage error
    load_commands(name)
    see_also = None
    if name is None and app is _cli_app():  # the list of commands: the encounter's
        from battletape import dispatch

        system_id = dispatch.system_of_line(list(args)).id
        scope(system_id)
        see_also = sorted(set(dispatch.words()) - set(dispatch.words(system_id)))
    command = typer.main.get_command(only(name, args) if app is _cli_app() else app)
    speaking: Any = nullcontext()
    if see_also:  # the other systems' verbs: one line at the end
        from battletape.domain.words import tr

        command.epilog = tr(_language(args), "See also, in other rule systems: {verbs}.",
                            verbs=", ".join(see_also))
    if {"--help", "-h"} & set(args):
        lang = _language(args)
        if lang != "en":  # the help in the reader's language (this call's own tree)
            from battletape import click_words

            said_in(command, all_words(lang))
            speaking = click_words.spoken(all_words(lang))
    debug = "--debug" in args
    try:
        with speaking, command.make_context("battletape", list(args), obj=obj) as ctx:
            ctx.meta["argv"] = list(args)
            if working is not None:
                working()
            command.invoke(ctx)
        return 0
    except AlreadyHolds as holds:  # what was asked is already so: nothing to do
        from battletape.domain.words import tr

        lang = _language(args)
        print(tr(lang, "nothing recorded: {holds}",
                 holds=holds.say(lang, _words_of(args, lang))))
        return 0
    except BattletapeError as err:
        from battletape.domain.words import tr

        lang = _language(args)
        said = one_line(err.say(lang, _words_of(args, lang)))
        print(f"Error: {said}" if lang == "en" else tr(lang, 
            "Error: {message}", message=said), file=sys.stderr)
        return 2
    except exits as err:
        return getattr(err, 'exit_code', 0)
    except aborts:
        from battletape.domain.words import tr

        print(tr(_language(args), "Error: aborted"), file=sys.stderr)
        return 1
    except click.ClickException as err:
        if type(err).__name__ == "NoArgsIsHelpError" and getattr(err, "ctx", None):
            print(err.ctx.get_help())  # a group given no command: its help
            return 0
        from battletape import click_words

        lang = _language(args)
        system_id = None
        if app is _cli_app():  # a command typed wrong: the closest of the encounter's
            from battletape import dispatch

            system_id = dispatch.system_of_line(list(args)).id
        said = click_words.usage_error(one_line(err.format_message()), lang, system_id)
        if lang != "en":
            from battletape.domain.words import tr

            said = tr(lang, "Error: {message}", message=said)
        else:
            said = f"Error: {said}"
        print(said, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        from battletape.domain.words import tr

        print(tr(_language(args), "Error: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as err:
        if debug:
            import traceback

            traceback.print_exc()
        print(f"Error: unexpected {type(err).__name__}: {one_line(str(err))} (run with "
              "--debug for details)", file=sys.stderr)
        return 1


def said_in(command, words) -> None:
    """``command``'s help, its subcommands' and their parameters' in the language of
    ``words`` (the catalogues hold each help as written, in English)."""
    for attr in ("help", "short_help"):
        text = getattr(command, attr, None)
        if text:
            setattr(command, attr, _said(text, words))
    for param in getattr(command, "params", ()):
        if getattr(param, "help", None):
            param.help = _said(param.help, words)
    for sub in (getattr(command, "commands", None) or {}).values():
        said_in(sub, words)


#: how a rule system verb's summary ends in the list of commands (cli_record)
_VERB_NOTE = "(Options depend on the encounter's system: battletape WORD --help.)"


def _said(text: str, words) -> str:
    """A help in the reader's language; a verb's summary and its note apart."""
    summary, sep, note = text.partition("  " + _VERB_NOTE)
    if sep:
        from battletape.dispatch import verb_summaries

        said = verb_summaries(words.lang).get(summary) or words.text(summary)
        return said + "  " + words.text(_VERB_NOTE) + note
    return words.text(text)


def _words_of(args: list[str], lang: str):
    """The words an error is said in: every catalogue, the encounter's system's first
    (in English, none is read)."""
    if lang == "en":
        return all_words(lang)
    from battletape import dispatch

    return all_words(lang, dispatch.system_of_line(list(args)).id)


def _language(args: list[str]) -> str:
    """The language a command line asks for (``--lang``), else the default one."""
    from battletape.domain.words import LANGUAGES, default_language
    from battletape.session import global_value

    lang = global_value(list(args), "--lang")
    return lang if lang in LANGUAGES else default_language()


def answer_shell() -> int:
    """Answer the shell's completion request: every command registered, typer's
    completion classes, the verbs' options and names (battletape.completion); the
    command words those of the encounter's system (another system's verbs hidden, as
    in the help)."""
    import os
    import shlex

    from battletape.completion import COMPLETE_VAR
    from battletape.dispatch import system_of_line
    from battletape.registry import whole_command

    line = os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS", "")
    try:
        words = shlex.split(line)[1:]
    except ValueError:  # an open quote: the words typed so far
        words = line.split()[1:]
    try:
        whole_command(system_of_line(words).id).main(prog_name="battletape",
                                                     complete_var=COMPLETE_VAR)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 0
    return 0


def one_line(text: str) -> str:
    """``text`` as one line a terminal prints as it is: control characters (a
    newline, ESC) shown as escapes, never sent raw."""
    return "".join(ch if ch.isprintable() or ch == " " else
                   ch.encode("unicode_escape").decode("ascii") for ch in text)


def run() -> None:
    """The console script: one error boundary around everything.

    Starting a command imports some 250 modules and makes the classes, tables and
    parsers they declare, objects that live as long as the process: the cyclic
    collector would walk them again and again while they are made (several
    milliseconds of a recording command, freeing nothing). It waits until the command
    starts its work (:func:`_working`)."""
    gc.disable()
    import os

    from battletape import completion
    from battletape.cli import app

    if completion.requested():  # the shell asks for completions (bash, zsh, fish)
        sys.stdout.flush()
        sys.exit(answer_shell())
    from battletape import grammar_cache

    grammar_cache.install()  # d20's parser compiled once, if a command needs d20
    try:
        code = boundary(app, sys.argv[1:], working=_working)
        sys.stdout.flush()
    except BrokenPipeError:  # `battletape log | head`: the reader left, not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    sys.exit(code)


def _working() -> None:
    """The command starts its work: what start-up made is set aside for good (later
    collections look only at what the command makes: a long ``run``, ``play`` or
    ``serve`` collects as before) and the collector resumes."""
    gc.freeze()
    gc.enable()
