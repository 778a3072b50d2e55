"""The one line reader: a command line read by its verb's click command.

The command line, ``run`` and ``play`` parse a verb's words with the click command
built from its declaration (:func:`battletape.dispatch.build`); deciding a recorded
line again (``verify``, ``ripple``, ``amend --command``) reads it with that same
command's parser, types and defaults, without running it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from battletape.dispatch import STAT_BLOCK_PARAMS, STAT_BLOCK_VERBS, build
from battletape.domain import systems

if TYPE_CHECKING:
    from battletape.domain.verbs import Verb


@cache
def _grouped(system_id: str) -> frozenset[str]:
    """The first words of the system's two-word verbs (``cond`` of ``cond add``)."""
    return frozenset(n.split()[0] for n in systems.get(system_id).verbs if " " in n)


class Read(NamedTuple):
    """A verb and the values its ``run`` takes, as its click command reads them."""

    verb: "Verb"
    values: dict[str, Any]


def verb_name(system_id: str, args: list[str]) -> tuple[str, list[str]] | None:
    """The verb a command line names in ``system_id`` and the words after it
    (``cond add NAME …``), or ``None`` (a core command, a global option first)."""
    if not args or args[0].startswith("-"):
        return None
    system = systems.get(system_id)
    word, rest = args[0], args[1:]
    if word in _grouped(system_id):
        if not rest or rest[0].startswith("-"):
            return None
        word, rest = f"{word} {rest[0]}", rest[1:]
    verb = system.verb(word)
    if verb is None or verb.scope != "encounter":
        return None
    return word, rest


def read(system_id: str, args: list[str]) -> Read | None:
    """The verb and values of ``args`` (a command line split into words), read by the
    verb's click command (the one the command line, ``run`` and ``play`` use: its
    parser, its parameters' types and defaults), without running it; ``None`` for a
    line the whole command line must take (a core command, a stat block or saved
    attack to fill from, a line click refuses: it then says what is wrong, in its
    words)."""
    from battletape.session import click_module

    found = verb_name(system_id, args)
    if found is None:
        return None
    name, rest = found
    reader = _reader(system_id, name)
    click = click_module()
    try:
        given, extra, _ = reader.parser.parse_args(list(rest))
        if extra:
            return None
        values = dict(reader.defaults)
        for key, raw in given.items():
            values[key] = reader.params[key].type_cast_value(reader.ctx, raw)
    except click.exceptions.ClickException:
        return None
    if any(given.get(key) in (None, ()) for key in reader.required):
        return None
    if name in STAT_BLOCK_VERBS:
        filled = [values.pop(k, None) for k in STAT_BLOCK_PARAMS]
        if any(v is not None for v in filled):
            return None
    return Read(reader.verb, values)


class _Reader(NamedTuple):
    verb: "Verb"
    ctx: Any                  # a context of the verb's command, for its types
    parser: Any               # the command's own click parser, built once
    params: dict[str, Any]    # the command's parameters by name
    defaults: dict[str, Any]  # the values of a line that gives none
    required: tuple[str, ...]


@cache
def _reader(system_id: str, name: str) -> _Reader:
    """The click command of a verb, made ready to read many lines: its parser and its
    defaults built once (a line reads in microseconds, as verify needs)."""
    command = build(system_id, name)
    ctx = command.make_context(name, [], resilient_parsing=True)
    verb = systems.get(system_id).verbs[name]
    required = tuple(p.name for p in verb.params if p.required)  # (a stat block's too)
    return _Reader(verb, ctx, command.make_parser(ctx),
                   {p.name: p for p in command.params}, dict(ctx.params), required)
