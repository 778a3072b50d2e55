"""Splitting a recorded command line into words: the tokenizer, and nothing more.

What the words mean is their verb's: the click command built from its declaration
reads them (:func:`battletape.line_reader.read`, the one line reader of the command
line, ``run``, ``play`` and ``amend --command``); a verb writes its own line back
(:meth:`battletape.domain.verbs.Verb.words`).
"""

from __future__ import annotations

import shlex


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
