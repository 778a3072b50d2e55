"""Shell completion (bash, zsh, fish): command words, a verb's options, and the names
of the store's encounters and combatants.

The shell calls ``battletape`` with ``_BATTLETAPE_COMPLETE`` set (typer's scripts,
``battletape --install-completion``); the entry (battletape.context) answers it with
the whole app, whose verbs complete here. Below the app: nothing here imports it. Reading the store
never creates one: without a store there is nothing to offer but words.
"""

from __future__ import annotations

import os
from pathlib import Path

from typer.core import TyperCommand

COMPLETE_VAR = "_BATTLETAPE_COMPLETE"


def _root_params(ctx) -> dict:
    return ctx.find_root().params if ctx is not None else {}


def _open(ctx):
    """The store named on the line (or by the environment), if it exists."""
    from battletape.api.services import Services
    from battletape.stores.locations import resolve_url

    store = _root_params(ctx).get("store")
    url = resolve_url(store)
    if "://" not in url and not Path(url).is_file():
        return None
    try:
        return Services(store, user="completion").bt
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


def quoted(name: str) -> str:
    """A name as a shell (or a `play` line) reads it back as one word."""
    import shlex

    return shlex.quote(name) if any(ch.isspace() or ch in "'\"" for ch in name) else name


def saved_attacks(state, attacker: str | None = None) -> list[str]:
    """The names of the saved attacks the encounter's stat blocks give ``attacker``
    (every combatant's when it is not one of them)."""
    found = state.find(attacker) if attacker else None
    holders = [found] if found is not None else list(state.combatants.values())
    names: set[str] = set()
    for c in holders:
        value = c.extra.get("saved_attacks") if isinstance(c.extra, dict) else None
        if isinstance(value, dict):
            names |= {str(k) for k in value}
    return sorted(names)


def _state(ctx):
    """The state of the encounter the line acts on, if the store exists."""
    bt = _open(ctx)
    if bt is None:
        return None
    try:
        return bt.state(_root_params(ctx).get("encounter"))
    except Exception:
        return None
    finally:
        bt.close()


def combatant_names(ctx, incomplete: str, attacker: str | None = None) -> list[str]:
    """The combatants (and monster groups) of the encounter the line acts on; with
    ``attacker``, that creature's saved attacks first."""
    state = _state(ctx)
    if state is None:
        return []
    names = saved_attacks(state, attacker) if attacker else []
    names += list(state.order) + [n for n in state.combatants if n not in state.order]
    names += sorted({c.group for c in state.combatants.values()
                     if c.group and c.group not in state.combatants})
    return _matching(names, incomplete)


def verb_options(word: str, system_id: str | None = None) -> list[str]:
    """The options of verb ``word`` (every ``word SUB`` too) in ``system_id``, or in
    every system when there is no encounter to ask."""
    from battletape.domain import systems

    chosen = ([systems.get(system_id)] if system_id is not None
              else systems.all_systems().values())
    found: set[str] = set()
    for system in chosen:
        for name, verb in system.verbs.items():
            if name == word or name.startswith(word + " "):
                found |= verb.options
    return sorted(found)


def _verb_options(ctx, word: str) -> list[str]:
    """The options of verb ``word`` in the system of the encounter the line acts on."""
    state = _state(ctx)
    return verb_options(word, state.system if state is not None else None)


class VerbCommand(TyperCommand):
    """A verb parsed by the encounter's system: completes its options and the
    encounter's combatants."""

    def shell_complete(self, ctx, incomplete: str):
        from battletape.api.lines import click_module

        CompletionItem = click_module().shell_completion.CompletionItem

        if incomplete.startswith("-"):
            return [CompletionItem(o) for o in _verb_options(ctx, self.name or "")
                    if o.startswith(incomplete)]
        done = [a for a in ctx.args if not a.startswith("-")]
        attacker = done[0] if self.name == "attack" and len(done) >= 2 else None
        # bash inserts a completion as it is given: a name with a space is quoted
        # (zsh and fish quote what they insert themselves)
        bash = os.environ.get(COMPLETE_VAR, "").endswith("bash")
        return [CompletionItem(quoted(n) if bash else n)
                for n in combatant_names(ctx, incomplete, attacker)]


def requested() -> bool:
    return bool(os.environ.get(COMPLETE_VAR))
