"""`battletape play`: an interactive session on one encounter.

Each line is a command of the command line without the program name (the parser of
``run``, :mod:`battletape.api.lines`), saved atomically as it is typed; the store stays
open between lines. After each command the state panel is drawn again; what the rules
make due (end-of-turn saves, a dying PC's death save) is asked for.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Callable, Iterable

from battletape.domain.words import N_, words as say
from battletape import script_lines as lines
from battletape.completion import quoted, saved_attacks, verb_options
from battletape.session import Context, all_words, click_module
from battletape.domain import systems
from battletape.domain.errors import BattletapeError
from battletape.domain.state import EncounterState

QUIT = ("q", "quit", "exit")
HELP = ("?", "help")
SHORT_HELP = N_("a attack · n next · u undo · s state · l log · d damage · h heal · "
                 "r roll · c cond · ds death-save · ? help · q quit")


def toolbar(help_line: str, width: int) -> str:
    """The keys' help in ``width`` columns: its last two (``? help · q quit``) always,
    then as many of the others as fit, in order."""
    items = help_line.split(" · ")
    kept, last = items[:-2], items[-2:]
    while kept and len(" · ".join(kept + last)) > width - 1:
        kept.pop()
    return " · ".join(kept + last)


def _columns() -> int:
    """The terminal's width, as the prompt sees it."""
    try:
        from prompt_toolkit.application import get_app

        return get_app().output.get_size().columns
    except Exception:  # no application running: the environment's or 80
        import shutil

        return shutil.get_terminal_size((80, 24)).columns


def history_path(store: str | None) -> Path:
    """Beside a SQLite store (battletape.db -> battletape.db.history); for a
    PostgreSQL store, in the user's data directory."""
    from battletape.stores.locations import resolve_url

    url = resolve_url(store)
    if "://" not in url:
        return Path(url + ".history")
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    from battletape.stores.store import environment

    env = environment(store)
    parts = [env.get("POSTGRES_HOST", "localhost"), env.get("POSTGRES_DBNAME", "db"),
             env.get("POSTGRES_SCHEMA", "")]
    import re

    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", "-".join(p for p in parts if p))
    return base / "battletape" / f"{name}.history"


# --- what the rules make due ------------------------------------------------------


def end_of_turn_saves(state: EncounterState, next_verb) -> list[str]:
    """The saves the creature whose turn ends will roll, in the order `next --save`
    takes its naturals (ongoing damage first, then conditions), for a system whose
    `next` takes them; empty otherwise."""
    if next_verb is None or next_verb.roll_option != "--save" or not state.turn:
        return []
    c = state.combatants.get(state.turn)
    if c is None or c.status in ("dead", "fled"):
        return []
    due = [f"ongoing {o.amount}{' ' + o.type if o.type else ''} ({o.save})"
           for o in c.ongoing]
    due += [f"{cond} ({info.save})" for cond, info in c.conditions.items() if info.save]
    return due


# --- completion ----------------------------------------------------------------------


class Words:
    """What the completer offers: command words, and per verb its options and the
    combatants (and saved attacks) of the encounter."""

    def __init__(self, session: "Session"):
        self.session = session

    def commands(self) -> list[str]:
        from battletape.cli import CORE_COMMANDS
        from battletape import dispatch

        words = (set(CORE_COMMANDS) | set(dispatch.words(self.session.system_id()))
                 | set(lines.ALIASES))
        return sorted((words - set(lines.REFUSED)) | set(QUIT))

    def options(self, word: str, sub: str | None) -> list[str]:
        system = systems.get(self.session.system_id())
        verb = system.verb(f"{word} {sub}") if sub else None
        if verb is not None:
            return sorted(verb.options)
        if any(n == word or n.startswith(word + " ") for n in system.verbs):
            return verb_options(word, system.id)
        from battletape.cli import app

        for cmd in app.registered_commands:
            name = cmd.name or cmd.callback.__name__.replace("_", "-")
            if name == word:
                import inspect

                flags = []
                for p in inspect.signature(cmd.callback).parameters.values():
                    default = p.default
                    decls = getattr(default, "param_decls", None) or ()
                    flags += [d for d in decls if d.startswith("--")]
                return sorted(flags)
        return []

    def names(self) -> list[str]:
        state = self.session.state()
        out = list(state.order) + [n for n in state.combatants if n not in state.order]
        groups = {c.group for c in state.combatants.values() if c.group}
        return out + sorted(g for g in groups if g not in state.combatants)

    def attacks(self, attacker: str | None = None) -> list[str]:
        """The saved attacks (stat blocks) of ``attacker``, or of everyone."""
        return saved_attacks(self.session.state(), attacker)


def completer(words: Words):
    from prompt_toolkit.completion import Completer, Completion

    class BattleCompleter(Completer):
        def get_completions(self, document, complete_event):
            text = document.text_before_cursor
            try:
                done = shlex.split(text)
            except ValueError:  # an open quote: complete the name inside it
                head, _, part = text.rpartition('"' if text.count('"') % 2 else "'")
                done, current = shlex.split(head or ""), part
                yield from _matching(words.names(), current, -len(current) - 1)
                return
            current = "" if text.endswith(" ") or not text else done.pop()
            start = -len(document.get_word_before_cursor(WORD=True)) if current else 0
            if not done:
                yield from _matching(words.commands(), current, start)
                return
            word = lines.ALIASES.get(done[0], done[0])
            if current.startswith("-"):
                sub = done[1] if len(done) > 1 else None
                yield from _matching(words.options(word, sub), current, start)
                return
            candidates = words.names()
            if word == "cond" and len(done) >= 3:
                candidates = sorted(words.session.system().conditions)
            elif word == "attack" and len(done) >= 3:
                candidates = words.attacks(done[1]) + candidates
            yield from _matching(candidates, current, start)

    def _matching(candidates: Iterable[str], current: str, start: int):
        low = current.casefold()
        for c in candidates:
            if c.casefold().startswith(low):
                yield Completion(quoted(c), start_position=start, display=c)

    return BattleCompleter()


# --- the session ---------------------------------------------------------------------


class Session:
    """One open store, one encounter, lines run one at a time (each one save)."""

    def __init__(self, c: Context, out=None):
        self.c = c
        self.out = out or sys.stdout
        self.run = lines.runner(c)
        from battletape import grammar_cache

        grammar_cache.install()
        self.click = click_module()
        from battletape.session import exit_errors

        self.exits, self.aborts = exit_errors()
        self._state: EncounterState | None = None

    def state(self) -> EncounterState:
        if self._state is None:
            self._state = self.c.bt.state(self.c.encounter)
        return self._state

    def system(self):
        from battletape.domain import systems

        return systems.get(self.state().system)

    def system_id(self) -> str:
        """The encounter's system, the primary one before an encounter exists."""
        try:
            return self.state().system
        except BattletapeError:
            return systems.get(systems.DEFAULT_SYSTEM).id

    def execute(self, args: list[str]) -> bool:
        """Run one command; an error is one line and the session goes on. True when
        the command succeeded."""
        self._state = None
        try:
            self.run(args)
            if args and args[0] == "new":  # the encounter just started is the one
                self.c.encounter = self.c.bt.registrations(fresh=True)[-1].name
            return True
        except BattletapeError as err:
            self._error(err.say(self.c.lang, all_words(self.c.lang)))
        except self.exits as err:
            return not getattr(err, "exit_code", 0)
        except self.click.ClickException as err:
            self._error(err.format_message())
        except self.aborts:
            self._error("aborted")
        except Exception as err:  # one line; the session goes on
            if self.c.debug:
                import traceback

                traceback.print_exc()
            self._error(f"unexpected {type(err).__name__}: {err} (play --debug for "
                        "details)")
        finally:
            self._state = None
        return False

    def _error(self, message: str) -> None:
        line = message.splitlines()[0] if message else "failed"
        _ = say(self.c.lang)
        print(_("Error: {message}", message=line), file=sys.stderr, flush=True)

    def line(self, text: str, ask: Callable[[str], str] | None = None) -> bool | None:
        """Run one typed line: None to quit, else whether it succeeded."""
        try:
            args = lines.split(text)
        except BattletapeError as err:
            self._error(str(err))
            return False
        if not args:
            return True
        if args[0] in QUIT:
            return None
        if args[0] in HELP:
            if len(args) > 1:  # `? attack`: that command's options
                return self.execute([lines.ALIASES.get(args[1], args[1]), "--help"])
            print(self.help_text())
            return True
        if args[0] == "next" and ask is not None and not any(
                a.startswith("--save") for a in args):
            args += self.ask_saves(ask)
        return self.execute(args)

    def ask_saves(self, ask: Callable[[str], str]) -> list[str]:
        """End-of-turn saves: the naturals rolled at the table, or none (virtual)."""
        try:
            state = self.state()
            due = end_of_turn_saves(state, self.system().verb("next"))
        except BattletapeError:
            return []
        if not due:
            return []
        answer = ask(f"{state.turn} saves at the end of its turn: {', '.join(due)}. "
                     f"Naturals (comma-separated, Enter rolls them): ").strip()
        return ["--save", f"{state.turn}={answer}"] if answer else []

    def due_line(self) -> str:
        """A command the rules make due now, prefilled at the prompt."""
        try:
            state = self.state()
        except BattletapeError:
            return ""
        name = systems.get(state.system).death_save_due(state)  # the rules say when
        return f"death-save {quoted(name)} --roll " if name else ""

    def help_text(self) -> str:
        """The commands a line may start with, one line each, and the short words."""
        from battletape.registry import whole_command

        group = whole_command(self.system_id())  # the encounter's verbs, in its words
        ctx = group.make_context("battletape", [], resilient_parsing=True)
        rows = []
        for name in sorted(group.list_commands(ctx)):
            if name in lines.REFUSED:
                continue
            command = group.get_command(ctx, name)
            if command.hidden:  # another system's verb
                continue
            rows.append(f"  {name:<14} {command.get_short_help_str(62)}")
        _ = say(self.c.lang)
        return "\n".join([_("Commands (`? COMMAND` for its options):"), *rows, "",
                          _(SHORT_HELP)])

    def prompt_text(self) -> str:
        """The prompt: the encounter the next line records into, and its system."""
        try:
            state = self.state()
        except BattletapeError:
            return say(self.c.lang)("no encounter") + "> "
        return f"{state.name}> "

    def panel(self, file=None) -> None:
        """The state panel of the encounter (nothing before one exists)."""
        try:
            state = self.state()
        except BattletapeError:
            return
        from rich.console import Console

        from battletape.render import state_table

        Console(file=file or self.out).print(state_table(state, self.c.lang))


def interact(c: Context) -> None:
    """The prompt loop, until `q`, `quit`, `exit` or Ctrl-D."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory
    from prompt_toolkit.shortcuts import prompt as ask

    _ = say(c.lang)
    session = Session(c)
    path = history_path(c.store)
    path.parent.mkdir(parents=True, exist_ok=True)
    prompt = PromptSession(history=FileHistory(str(path)),
                           completer=completer(Words(session)),
                           complete_while_typing=False,
                           bottom_toolbar=lambda: toolbar(_(SHORT_HELP), _columns()))
    session.panel()
    announced: tuple | None = None
    while True:
        default = session.due_line()
        if default:
            state = session.state()
            key = (state.position, state.turn)
            if key != announced:
                print(_("{name} is dying: a death save is due at the start of its turn "
                        "(type the natural, or clear the line).", name=state.turn),
                      flush=True)
                announced = key
        try:
            text = prompt.prompt(session.prompt_text(), default=default)
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        result = session.line(text, ask=ask)
        if result is None:
            break
        first = text.split()[0] if text.split() else ""
        if result and first not in ("s", "state", *HELP):  # (state prints its own)
            session.panel()
