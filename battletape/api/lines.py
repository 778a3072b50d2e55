"""Splitting a recorded command line into words, and the global options before its
verb (``--force REASON``, ``--store``, ...): the tokenizer, and nothing more.

What the words mean is their verb's: the parser made from its declaration reads them
(:func:`battletape.api.line_reader.read`, the one line reader of the command line,
``run``, ``play``, ``amend --command`` and the library); a verb writes its own line
back (:meth:`battletape.domain.verbs.Verb.words`).
"""

from __future__ import annotations

import shlex
from battletape.domain.words import N_
from typing import Callable


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
    quick = _whole_quoted(parts)
    if quick is not None:
        return quick
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


def _whole_quoted(parts: list[str]) -> list[str] | None:
    """The words of a line whose every quote wraps a whole word (``shlex.join``'s
    ``attack 'Orc #1 2' Bruna``: ``parts`` is the line split at its quotes), or None
    for a quote inside a word (``a'b c'``), read by :func:`split`'s loop."""
    last = len(parts) - 1
    words: list[str] = []
    for i in range(0, last, 2):
        before, quoted, after = parts[i], parts[i + 1], parts[i + 2]
        if (before and before[-1] != " ") or (after and after[0] != " ") or (
                not after and i + 2 != last):
            return None  # (two quoted parts back to back make one word)
        words += before.split()  # (printable: the only blank is the space)
        words.append(quoted)
    words += parts[last].split()
    return words


#: the options before a command, with the number of values each takes
GLOBAL_OPTIONS = {"--store": 1, "--encounter": 1, "-e": 1, "--as": 1, "--lang": 1,
                  "--debug": 0, "--force": 1}


def split_globals(args: list[str]) -> list[str]:
    """The arguments after the global options that precede the command."""
    rest = list(args)
    while rest and rest[0].split("=")[0] in GLOBAL_OPTIONS:
        head = rest.pop(0)
        if "=" not in head:
            del rest[:GLOBAL_OPTIONS[head]]
    return rest


def lift_globals(args: list[str], own: "Callable[[str], set[str]]") -> list[str]:
    """``args`` with the global options written after the command (``damage Bram 5
    --force "a ruling"``) moved before it, as if typed there; an option the command
    declares itself (``own(command)``: its option names, asked only when a global
    option's name follows the command) stays its own."""
    at = len(args) - len(split_globals(args))
    if at >= len(args) or not any(a.split("=")[0] in GLOBAL_OPTIONS
                                  for a in args[at + 1:]):
        return list(args)
    declared = own(args[at])
    head, rest, i = list(args[:at]), [args[at]], at + 1
    while i < len(args):
        word = args[i]
        key = word.split("=")[0]
        if word == "--":  # what follows is the command's, word for word
            rest += args[i:]
            break
        if key in GLOBAL_OPTIONS and key not in declared:
            takes = 0 if "=" in word else GLOBAL_OPTIONS[key]
            values = args[i + 1:i + 1 + takes]
            if len(values) < takes or any(v.startswith("--") for v in values):
                from battletape.domain.errors import BadInput

                raise BadInput(key, " ".join([word, *values]).strip(),
                               N_("its value, before or after the command (a global "
                               "option)"))
            head += [word, *values]
            i += 1 + takes
            continue
        rest.append(word)
        i += 1
    return head + rest


def global_value(args: list[str], *names: str) -> str | None:
    """The value of a global option (``--store X``, ``-e NAME``) before the command."""
    rest = list(args)
    while rest and rest[0].split("=")[0] in GLOBAL_OPTIONS:
        head = rest.pop(0)
        key, eq, value = head.partition("=")
        if key in names:
            return value if eq else (rest[0] if rest else None)
        if not eq:
            del rest[:GLOBAL_OPTIONS[head]]
    return None


def forced_reason(args: list[str]) -> str | None:
    """The REASON of a ``--force REASON`` among the global options of ``args``."""
    rest = list(args)
    while rest and rest[0].split("=")[0] in GLOBAL_OPTIONS:
        head = rest.pop(0)
        if head.startswith("--force="):
            return head.partition("=")[2]
        if head == "--force" and rest:
            return rest[0]
        if "=" not in head:
            del rest[:GLOBAL_OPTIONS[head]]
    return None


def click_module():
    """click itself, or the copy that newer typer releases carry inside (the parser
    of the verbs' lines, and of the command line)."""
    try:
        from typer import _click as vendored

        return vendored
    except ImportError:
        import click

        return click
