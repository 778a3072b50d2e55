"""A recorded command line read against its verb's table, without building a parser.

The command line parses a verb with a click command built from the system's table
(``battletape.dispatch.build``); deciding a recorded command again (``verify``,
``ripple``, ``amend``) reads the same table here, in a few microseconds, and gives the
verb the values click would give it. Anything this reader is not sure of (an unknown
option, a missing value, a word that is no verb of the system) is left to click:
:func:`read` returns ``None`` and the caller parses the line the slow, exact way.
"""

from __future__ import annotations

import shlex
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from battletape.domain import systems

if TYPE_CHECKING:
    from battletape.domain.verbs import Param, Verb

_CONVERT = {int: int, float: float, str: str}


class Read(NamedTuple):
    """A verb and the values its ``run`` takes, as click would give them."""

    verb: "Verb"
    values: dict[str, Any]


class _Table(NamedTuple):
    verb: "Verb"
    options: dict[str, "Param"]
    positionals: tuple["Param", ...]
    defaults: dict[str, Any]
    required: tuple[str, ...]   # the options that must be given


@cache
def _table(system_id: str, name: str) -> _Table:
    verb = systems.get(system_id).verbs[name]
    options = {f: p for p in verb.params if not p.positional for f in p.flags}
    defaults: dict[str, Any] = {}
    for p in verb.params:
        if p.multiple:
            defaults[p.name] = tuple(p.default or ())
        elif p.type is bool:
            defaults[p.name] = bool(p.default)
        elif p.default is None:
            defaults[p.name] = None
        else:
            defaults[p.name] = _CONVERT[p.type](p.default)
    return _Table(verb, options, tuple(p for p in verb.params if p.positional), defaults,
                  tuple(p.name for p in verb.params if p.required and not p.positional))


@cache
def _grouped(system_id: str) -> frozenset[str]:
    """The first words of the system's two-word verbs (``cond`` of ``cond add``)."""
    return frozenset(n.split()[0] for n in systems.get(system_id).verbs if " " in n)


def verb_name(system_id: str, args: list[str]) -> tuple[str, list[str]] | None:
    """The verb a command line names in ``system_id`` and the words after it, as the
    dispatcher reads them (``cond add NAME …``), or ``None``."""
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
    """The verb and values of ``args`` (a command line split into words), or ``None``
    when click should read it (it will then say what is wrong, in its words)."""
    found = verb_name(system_id, args)
    if found is None:
        return None
    name, words = found
    table = _table(system_id, name)
    verb = table.verb
    values = dict(table.defaults)
    given: set[str] = set()
    loose: list[str] = []
    i, n = 0, len(words)
    while i < n:
        word = words[i]
        i += 1
        if word == "--":
            loose += words[i:]
            break
        if len(word) < 2 or word[0] != "-":
            loose.append(word)
            continue
        flag, eq, inline = word.partition("=")
        p = table.options.get(flag)
        if p is None:
            if verb.negative_numbers and _number(word):
                loose.append(word)  # "-3" reaches the verb's own check
                continue
            return None
        if p.type is bool:
            if eq:
                return None
            values[p.name] = True
            given.add(p.name)
            continue
        if eq:
            text = inline
        elif i < n:
            text = words[i]
            i += 1
        else:
            return None
        try:
            value = _CONVERT[p.type](text)
        except ValueError:
            return None
        if p.multiple:
            values[p.name] = (*(values[p.name] if p.name in given else ()), value)
        else:
            values[p.name] = value
        given.add(p.name)
    for required in table.required:
        if required not in given:
            return None
    for p in table.positionals:
        if p.multiple:
            taken, loose = loose, []
        elif loose:
            taken, loose = loose[:1], loose[1:]
        else:
            taken = []
        if not taken:
            if p.required:
                return None
            continue
        try:
            converted = tuple(_CONVERT[p.type](t) for t in taken)
        except ValueError:
            return None
        values[p.name] = converted if p.multiple else converted[0]
    if loose:
        return None
    return Read(verb, values)


def split(line: str) -> list[str]:
    """``shlex.split(line)``, quicker for the lines battletape records (written by
    ``shlex.join``: bare words and single quotes); anything else goes to shlex."""
    if '"' in line or "\\" in line or not line.isprintable():
        return shlex.split(line)  # (printable: the only blank is the space)
    if "'" not in line:
        return line.split()
    parts = line.split("'")
    if len(parts) % 2 == 0:
        return shlex.split(line)  # an unbalanced quote: shlex says so
    words: list[str] = []
    word: str | None = None  # the word being read, if one has begun
    for i, part in enumerate(parts):
        if i % 2:  # inside quotes: part of the word, even when empty
            word = (word or "") + part
            continue
        if not part:
            continue
        first, *rest = part.split(" ")
        if first:
            word = (word or "") + first
        if rest:
            if word is not None:
                words.append(word)
            words += [p for p in rest[:-1] if p]
            word = rest[-1] or None
    if word is not None:
        words.append(word)
    return words


def _number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True


def words(verb: "Verb", values: dict[str, Any]) -> list[str]:
    """The command line (as words) that :func:`read` reads back as ``values``: the
    verb, its positional values in order, then each option given a value other than
    its default (for scripts and generated battles that record command lines)."""
    out = verb.name.split()
    for p in verb.params:
        if p.positional and p.name in values and values[p.name] is not None:
            value = values[p.name]
            out += [str(v) for v in value] if p.multiple else [str(value)]
    for p in verb.params:
        if p.positional or p.name not in values:
            continue
        value = values[p.name]
        if p.type is bool:
            if value:
                out.append(p.flags[0])
        elif p.multiple:
            for v in value or ():
                out += [p.flags[0], str(v)]
        elif value is not None:
            out += [p.flags[0], str(value)]
    return out
