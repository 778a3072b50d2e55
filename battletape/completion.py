"""Shell completion (bash, zsh, fish): command words, a verb's options, and the names
of the store's encounters and combatants.

The shell calls ``battletape`` with ``_BATTLETAPE_COMPLETE`` set (typer's scripts,
``battletape --install-completion``); :func:`complete` answers it. Reading the store
never creates one: without a store there is nothing to offer but words.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from typer.core import TyperCommand

COMPLETE_VAR = "_BATTLETAPE_COMPLETE"


def _root_params(ctx) -> dict:
    return ctx.find_root().params if ctx is not None else {}


def _open(ctx):
    """The store named on the line (or by the environment), if it exists."""
    from battletape.application import Battletape
    from battletape.stores.locations import resolve_url

    store = _root_params(ctx).get("store")
    url = resolve_url(store)
    if "://" not in url and not Path(url).is_file():
        return None
    try:
        return Battletape(store, "completion")
    except Exception:
        return None


def _matching(names, incomplete: str) -> list[str]:
    low = incomplete.casefold()
    return [n for n in names if n.casefold().startswith(low)]


def encounter_names(ctx, incomplete: str) -> list[str]:
    """The store's encounters, the current one last."""
    bt = _open(ctx)
    if bt is None:
        return []
    try:
        return _matching([r.name for r in bt.registrations()], incomplete)
    except Exception:
        return []
    finally:
        bt.close()


def combatant_names(ctx, incomplete: str, attacker: str | None = None) -> list[str]:
    """The combatants (and monster groups) of the encounter the line acts on; with
    ``attacker``, that creature's saved attacks first."""
    bt = _open(ctx)
    if bt is None:
        return []
    try:
        state = bt.state(_root_params(ctx).get("encounter"))
    except Exception:
        return []
    finally:
        bt.close()
    from battletape.play import saved_attacks

    names = saved_attacks(state, attacker) if attacker else []
    names += list(state.order) + [n for n in state.combatants if n not in state.order]
    names += sorted({c.group for c in state.combatants.values()
                     if c.group and c.group not in state.combatants})
    return _matching(names, incomplete)


def _verb_options(ctx, word: str) -> list[str]:
    """The options of verb ``word`` in every system (the encounter's is unknown
    without opening the store; a foreign option is refused when run)."""
    from battletape.domain import systems

    found: set[str] = set()
    for system in systems.all_systems().values():
        for name, verb in system.verbs.items():
            if name == word or name.startswith(word + " "):
                found |= verb.options
    return sorted(found)


class VerbCommand(TyperCommand):
    """A verb parsed by the encounter's system: completes its options and the
    encounter's combatants."""

    def shell_complete(self, ctx, incomplete: str):
        from battletape.session import click_module

        CompletionItem = click_module().shell_completion.CompletionItem

        if incomplete.startswith("-"):
            return [CompletionItem(o) for o in _verb_options(ctx, self.name or "")
                    if o.startswith(incomplete)]
        done = [a for a in ctx.args if not a.startswith("-")]
        attacker = done[0] if self.name == "attack" and len(done) >= 2 else None
        return [CompletionItem(n) for n in combatant_names(ctx, incomplete, attacker)]


def complete() -> int:
    """Answer the shell: every command registered, typer's completion classes."""
    from typer.main import get_command

    from battletape.cli import app, load_commands

    load_commands()
    command = get_command(app)
    try:
        command.main(prog_name="battletape", complete_var=COMPLETE_VAR)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 0
    return 0


def requested() -> bool:
    return bool(os.environ.get(COMPLETE_VAR))


def answer_and_exit() -> None:
    sys.stdout.flush()
    sys.exit(complete())
