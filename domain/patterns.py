"""Regular expressions compiled on first use.

Compiling one takes a tenth of a millisecond or more (``re`` parses it in Python), and
a command imports dozens of modules that declare some: one declared with
:func:`pattern` costs nothing until the command matches with it, then as much as
``re.compile``'s own."""

from __future__ import annotations

import re
from typing import Any


class _Lazy:
    """A compiled pattern's methods (``match``, ``fullmatch``, ``sub``, …), the pattern
    compiled the first time one of them is asked for."""

    def __init__(self, source: str | bytes, flags: int) -> None:
        self._source, self._flags = source, flags
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if self._compiled is None:  # the methods are read directly from now on
            self._compiled = re.compile(self._source, self._flags)
            for method in ("match", "fullmatch", "search", "findall", "finditer",
                           "sub", "subn", "split"):
                setattr(self, method, getattr(self._compiled, method))
        return getattr(self._compiled, name)


def pattern(source: str | bytes, flags: int = 0) -> Any:
    """``re.compile(source, flags)``, compiled on first use."""
    return _Lazy(source, flags)
